"""The reports' plots. The only module that imports matplotlib (the ``plots`` extra), and only when a report draws:
``loo`` starts without it, and ``make play``'s environment, which lacks it, still runs every other command.

Each function draws one PNG (the Agg backend, 100 dpi: small enough to commit under docs/analysis/) and returns
its file name.
"""

from __future__ import annotations

import os
from typing import Any

from lanterloo.analysis.base import Plan
from lanterloo.analysis.stats import Tally
from lanterloo.errors import LooError

DPI = 100


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise LooError("loo analyze draws its plots with matplotlib: pip install 'lanterloo[plots]'.") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _title(plan: Plan, what: str) -> str:
    bots = ", ".join(sorted(set(plan.bots)))
    return f"{what}\n{plan.rules.preset}, {plan.players} players, bots: {bots}, seed {plan.seed}"


def _save(fig: Any, folder: str, name: str) -> str:
    fig.tight_layout()
    # no date or software version in the file, so the same figures give the same bytes
    fig.savefig(os.path.join(folder, name), dpi=DPI, metadata={"Software": None})
    import matplotlib.pyplot as plt

    plt.close(fig)
    return name


def looed(
    plan: Plan,
    by: dict[tuple[int, int], tuple[Tally, int]],
    one: dict[tuple[int, int], tuple[int, int]],
    tops: tuple[str, ...],
    folder: str,
) -> str:
    plt = _pyplot()
    fig, axes = plt.subplots(1, 3, figsize=(14, 4.4))
    trumps = sorted({t for _a, t in by})
    for t in trumps:
        rows = sorted((a, tally, lo) for (a, tt), (tally, lo) in by.items() if tt == t and a >= 2 and tally.n >= 20)
        if not rows:
            continue
        xs = [a for a, _, _ in rows]
        p = [lo / tally.n for _, tally, lo in rows]
        err = [1.96 * (q * (1 - q) / tally.n) ** 0.5 for q, (_, tally, _) in zip(p, rows, strict=True)]
        label = f"{t} trump{'s' if t != 1 else ''}"
        axes[0].errorbar(xs, p, yerr=err, marker="o", capsize=3, label=label)
        axes[1].errorbar(
            xs, [tally.mean for _, tally, _ in rows], yerr=[tally.half_width for _, tally, _ in rows], marker="o",
            capsize=3, label=label,
        )  # fmt: skip
    for code in sorted({c for _a, c in one}):
        rows2 = sorted((a, n, lo) for (a, c), (n, lo) in one.items() if c == code and a >= 2 and n >= 20)
        if rows2:
            axes[2].plot([a for a, _, _ in rows2], [lo / n for _, n, lo in rows2], marker="o", label=tops[code])
    axes[0].set(title="P(looed), by trumps held", xlabel="hands in play", ylabel="probability", ylim=(0, 1))
    axes[1].set(title="Mean net chips of the deal", xlabel="hands in play", ylabel="chips (ante included)")
    axes[1].axhline(-plan.rules.ante, color="grey", linestyle=":", label="passing")
    axes[2].set(title="One trump: P(looed) by that trump", xlabel="hands in play", ylabel="probability", ylim=(0, 1))
    for ax in axes:
        if ax.get_legend_handles_labels()[0]:
            ax.legend(fontsize=8)
        ax.grid(alpha=0.3)
        ax.xaxis.get_major_locator().set_params(integer=True)
    fig.suptitle(_title(plan, "Hands that play: looed and net, by hand class"), fontsize=10)
    return _save(fig, folder, "looed.png")


def miss(
    plan: Plan,
    by_trumps: dict[int, tuple[list[Tally], list[Tally], list[int]]],
    by_place: dict[int, tuple[list[Tally], list[Tally], list[int]]],
    names: tuple[str, ...],
    folder: str,
) -> str:
    plt = _pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.4))
    for ax, groups, label in ((axes[0], by_trumps, "trumps in own hand"), (axes[1], by_place, "place (1: eldest)")):
        keys = sorted(k for k, (nets, _g, _c) in groups.items() if nets[0].n >= 20)
        for c, name in enumerate(names):
            xs = [k if label.startswith("trumps") else k + 1 for k in keys]
            ys = [groups[k][0][c].mean for k in keys]
            err = [groups[k][0][c].half_width for k in keys]
            ax.errorbar(xs, ys, yerr=err, marker="o", capsize=3, label=name)
        ax.set(xlabel=label, ylabel="mean net chips of the deal")
        ax.axhline(0, color="grey", linewidth=0.8)
        if keys:
            ax.legend(fontsize=8)
        ax.grid(alpha=0.3)
        ax.xaxis.get_major_locator().set_params(integer=True)
    axes[0].set_title("Each choice, by trumps held")
    axes[1].set_title("Each choice, by place at the table")
    fig.suptitle(_title(plan, "Pass, play or take the Miss, on the same cards"), fontsize=10)
    return _save(fig, folder, "miss.png")


def pool(plan: Plan, series: dict[str, list[tuple[int, float, int, int, int]]], folder: str) -> str:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 4.6))
    for name, rows in series.items():
        xs = [r[0] for r in rows]
        line = ax.plot(xs, [r[1] for r in rows], marker="o", markersize=3, label=f"{name}: mean")[0]
        ax.plot(xs, [r[3] for r in rows], linestyle="--", color=line.get_color(), label=f"{name}: median")
        ax.fill_between(xs, [r[2] for r in rows], [r[4] for r in rows], color=line.get_color(), alpha=0.15)
    top = max((r[4] for rows in series.values() for r in rows), default=1)
    if top > 50 * max(1, min((r[2] for rows in series.values() for r in rows), default=1)):
        ax.set_yscale("log")
    ax.set(xlabel="deal of the session", ylabel="pool at the start of play (chips)")
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_title("shaded: 10th to 90th percentile", fontsize=9)
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    fig.suptitle(_title(plan, "Pool growth: Unlimited against Limited Loo"), fontsize=10)
    return _save(fig, folder, "pool.png")


def lou_pots(
    plan: Plan,
    rows: list[tuple[int, float, int, int, int]],
    length: dict[int, int],
    biggest: dict[int, int],
    folder: str,
) -> str:
    plt = _pyplot()
    fig, axes = plt.subplots(1, 3, figsize=(14, 4.4))
    xs = [r[0] for r in rows]
    axes[0].plot(xs, [r[1] for r in rows], marker="o", markersize=3, label="mean")
    axes[0].plot(xs, [r[3] for r in rows], linestyle="--", label="median")
    axes[0].fill_between(xs, [r[2] for r in rows], [r[4] for r in rows], alpha=0.2, label="10th-90th percentile")
    axes[0].set(title="The pot at each deal of a game", xlabel="deal of the game", ylabel="pot (chips)")
    axes[0].legend(fontsize=8)
    total = sum(length.values()) or 1
    ks = sorted(length)
    axes[1].bar(ks, [length[k] / total for k in ks])
    axes[1].set(title="Game length", xlabel="deals in the game", ylabel="share of games")
    big = sorted(biggest)
    whole = sum(biggest.values()) or 1
    cum = []
    seen = 0
    for v in big:
        seen += biggest[v]
        cum.append(seen / whole)
    axes[2].step(big, cum, where="post")
    axes[2].set_xscale("symlog")
    axes[2].set(title="The biggest pot of a game", xlabel="chips", ylabel="share of games at or below")
    for ax in axes:
        ax.grid(alpha=0.3)
    for ax in axes[:2]:
        ax.xaxis.get_major_locator().set_params(integer=True)
    fig.suptitle(_title(plan, "Lou pots over a game"), fontsize=10)
    return _save(fig, folder, "lou_pots.png")


def louse(plan: Plan, places: list[tuple[str, float, float]], length: dict[int, int], folder: str) -> str:
    plt = _pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.4))
    axes[0].bar(range(len(places)), [m for _, m, _ in places], yerr=[h for _, _, h in places], capsize=4)
    axes[0].set_xticks(range(len(places)), [p for p, _, _ in places])
    axes[0].set(title="Penalty points per deal, by place", ylabel="points per deal (95% interval)")
    total = sum(length.values()) or 1
    ks = sorted(length)
    axes[1].bar(ks, [length[k] / total for k in ks])
    axes[1].set(title=f"Match length (to {plan.rules.louse_target} points)", xlabel="deals", ylabel="share of matches")
    for ax in axes:
        ax.grid(alpha=0.3, axis="y")
    fig.suptitle(_title(plan, "Louse: penalty points and match length"), fontsize=10)
    return _save(fig, folder, "louse.png")
