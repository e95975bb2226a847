"""Linear Q-learning for three-card Loo on the Gymnasium environment: one learning seat against bots.

    python examples/qlearn_three_card.py --episodes 3000 --seed 1 --out qlearn.png

The agent keeps two small linear Q functions over features of its ``View`` (``info["view"]``):

* the declaration (pass, play, take the Miss, defend it): one weight vector per action over the hand's trumps, its
  top trump, its plain aces and kings, the seats already in and still to speak, the Miss still there, the deal;
* the card to play: one weight vector over (state, card) features: a trump, its rank, whether it heads the trick,
  leading, playing last, no trick won yet.

Each deal is one episode and pays only at its end, so every decision's target is the deal's result (Monte Carlo
Q-learning, discount 1). The weights are least-squares fits refitted after each deal; play is epsilon-greedy while
training, greedy when evaluated. At checkpoints the greedy policy plays the same held-out deals (seeds no training
deal uses) as a random player and the opponents' own style in the learning seat; the figures are chips per deal
with a 95% confidence interval. Needs numpy; matplotlib draws the plot when it is installed.
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from lanterloo.actions import DEFEND_MISS, PASS, STAND, TAKE_MISS, Action, Play
from lanterloo.adapters.gym import LooEnv
from lanterloo.bots import make_bots
from lanterloo.engine import View
from lanterloo.engine.phases import Decl

Vector = npt.NDArray[np.float64]
DECLARATIONS: tuple[Action, ...] = (PASS, STAND, TAKE_MISS, DEFEND_MISS)
DECL_FEATURES = ("bias", "trumps", "top trump", "two trumps", "plain aces", "plain kings", "seats in", "to speak",
                 "Miss there", "dealer")  # fmt: skip
CARD_FEATURES = ("bias", "trump", "rank", "trump rank", "heads", "leads", "last", "no trick yet", "heads, none yet")
EVAL_BASE = 2**40  # evaluation seeds start here; training seeds are drawn below it, so none is ever trained on
ACES, KINGS = 12, 11


def decl_features(v: View) -> Vector:
    """The hand and the table as the seat declares (ranks 0 for a two .. 12 for an ace)."""
    trumps = sorted((c.rank for c in v.hand if c.suit == v.trump), reverse=True)
    plain = [c.rank for c in v.hand if c.suit != v.trump]
    others = [d for s, d in enumerate(v.declarations) if s != v.seat]
    n = v.players - 1
    return np.array([
        1.0, len(trumps) / 3, (trumps[0] + 1) / 13 if trumps else 0.0, float(len(trumps) >= 2),
        plain.count(ACES) / 3, plain.count(KINGS) / 3,
        sum(d in (Decl.PLAY, Decl.MISS, Decl.DEFEND) for d in others) / n, others.count(None) / n,
        float(v.miss_taker is None and not v.miss_withdrawn), float(v.dealer == v.seat),
    ])  # fmt: skip


def card_features(v: View, card: int) -> Vector:
    """One card the seat may play, in the trick as it stands."""
    trump = float(v.tables.eff[card] == v.tables.trump)
    rank = (card % 13 + 1) / 13
    leads = not v.trick
    heads = leads or v.best_card is None or v.tables.beats(card, v.best_card)
    last = len(v.trick) == len(v.order) - 1
    assert v.seat is not None  # a seat's view, never a spectator's
    none_yet = v.tricks_won[v.seat] == 0
    return np.array([1.0, trump, rank, trump * rank, float(heads), float(leads), float(last), float(none_yet),
                     float(heads and none_yet)])  # fmt: skip


@dataclass
class LeastSquares:
    """A ridge-regularised least-squares fit of chips on features, refitted from running sums."""

    size: int
    ridge: float = 1.0
    a: Vector = field(init=False)
    b: Vector = field(init=False)
    w: Vector = field(init=False)

    def __post_init__(self) -> None:
        self.a, self.b, self.w = self.ridge * np.eye(self.size), np.zeros(self.size), np.zeros(self.size)

    def add(self, x: Vector, target: float) -> None:
        self.a += np.outer(x, x)
        self.b += target * x

    def fit(self) -> None:
        self.w = np.asarray(np.linalg.solve(self.a, self.b), dtype=np.float64)


@dataclass
class Agent:
    """The two Q functions: one fit per declaration, one shared fit for the cards."""

    decl: list[LeastSquares] = field(default_factory=lambda: [LeastSquares(len(DECL_FEATURES)) for _ in DECLARATIONS])
    card: LeastSquares = field(default_factory=lambda: LeastSquares(len(CARD_FEATURES)))

    def choices(self, v: View, legal: Sequence[Action]) -> list[tuple[Action, float, int, Vector]]:
        """Each legal action with its Q value, its fit (-1: the card fit) and its features."""
        out: list[tuple[Action, float, int, Vector]] = []
        for action in legal:
            if isinstance(action, Play):
                x = card_features(v, action.card)
                out.append((action, float(self.card.w @ x), -1, x))
            else:
                k = DECLARATIONS.index(action)
                x = decl_features(v)
                out.append((action, float(self.decl[k].w @ x), k, x))
        return out

    def learn(self, steps: list[tuple[int, Vector]], reward: float) -> None:
        for k, x in steps:
            (self.card if k < 0 else self.decl[k]).add(x, reward)
        for fit in (*self.decl, self.card):
            fit.fit()


Policy = Callable[[View, list[Action]], Action]


def play_deal(env: LooEnv, seed: int, policy: Policy) -> float:
    """One episode, the learning seat choosing among the masked legal actions by ``policy``: its chips won or lost
    (with those of any deal ``reset`` skipped because the seat had nothing to decide)."""
    _, info = env.reset(seed=seed)
    space, chips, done = env.table.space, float(info["skipped_reward"]), False
    while not done:
        v: View = info["view"]
        legal = [space.action(int(i), v) for i in np.flatnonzero(info["action_mask"])]
        _, reward, done, _, info = env.step(space.index(policy(v, legal), v.hand))
        chips += float(reward)
    return chips


def greedy(agent: Agent) -> Policy:
    return lambda v, legal: max(agent.choices(v, legal), key=lambda c: c[1])[0]


def explorer(agent: Agent, rng: np.random.Generator, epsilon: float, steps: list[tuple[int, Vector]]) -> Policy:
    """Epsilon-greedy, noting each choice's fit and features in ``steps`` for the update at the deal's end."""

    def choose(v: View, legal: list[Action]) -> Action:
        scored = agent.choices(v, legal)
        pick = scored[int(rng.integers(len(scored)))] if rng.random() < epsilon else max(scored, key=lambda c: c[1])
        steps.append((pick[2], pick[3]))
        return pick[0]

    return choose


def random_policy(seed: int) -> Policy:
    rng = np.random.default_rng(seed)
    return lambda v, legal: legal[int(rng.integers(len(legal)))]


def bot_policy(name: str) -> Policy:
    bot = make_bots([name], 0)[0]
    return lambda v, legal: bot.decide(v).action


def evaluate(env: LooEnv, policy: Policy, deals: int) -> Vector:
    """Chips per deal on the held-out seeds ``EVAL_BASE .. EVAL_BASE + deals - 1``."""
    return np.array([play_deal(env, EVAL_BASE + i, policy) for i in range(deals)])


def interval(chips: Vector) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    return float(chips.mean()), float(1.96 * chips.std(ddof=1) / np.sqrt(len(chips)))


def checkpoints(episodes: int, count: int = 8) -> list[int]:
    """0 (untrained), then ``count - 1`` points spaced evenly on a log scale from 10 deals to the last."""
    if episodes < 1:
        return [0]
    return sorted({0, *(round(e) for e in np.geomspace(min(10, episodes), episodes, count - 1))})


@dataclass
class Run:
    agent: Agent
    curve: list[tuple[int, float, float]]  # (episodes trained, mean chips per deal, 95% half-width)
    last: Vector  # the chips of each held-out deal at the last checkpoint


def progress(text: str, quiet: bool) -> None:
    if not quiet:
        print(f"\r{text:<60}", end="", file=sys.stderr, flush=True)


def train(
    env: LooEnv, episodes: int, seed: int, eval_deals: int, marks: Sequence[int] | None = None, quiet: bool = True
) -> Run:
    """Train for ``episodes`` deals, evaluating the greedy policy on ``eval_deals`` held-out deals after each number
    of deals in ``marks`` (default ``checkpoints(episodes)``)."""
    rng = np.random.default_rng(seed)
    agent, curve, last = Agent(), [], np.zeros(0)
    marks = checkpoints(episodes) if marks is None else marks
    for episode in range(episodes + 1):
        if episode in marks:
            progress(f"evaluating after {episode} deals", quiet)
            last = evaluate(env, greedy(agent), eval_deals)
            curve.append((episode, *interval(last)))
        if episode == episodes:
            break
        if episode % 50 == 0:
            progress(f"training: deal {episode}/{episodes}", quiet)
        # exploration falls from every choice random to 5% over the first half of the run
        epsilon = max(0.05, 1.0 - episode / max(1, episodes // 2))
        steps: list[tuple[int, Vector]] = []
        reward = play_deal(env, int(rng.integers(EVAL_BASE)), explorer(agent, rng, epsilon, steps))
        agent.learn(steps, reward)
    progress("", quiet)
    return Run(agent, curve, last)


def plot(run: Run, baselines: dict[str, tuple[float, float]], out: Path, title: str) -> bool:
    """The learning curve beside the baselines' bands, as a PNG; False when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    x = [max(e, 1) for e, _, _ in run.curve]  # the untrained agent sits at 1 on the log axis
    fig, ax = plt.subplots(figsize=(7, 4))
    for (name, (mean, half)), colour in zip(baselines.items(), ("tab:red", "tab:green"), strict=False):
        ax.axhline(mean, color=colour, lw=1, label=f"{name}: {mean:+.2f}")
        ax.axhspan(mean - half, mean + half, color=colour, alpha=0.15)
    means, halves = [m for _, m, _ in run.curve], [h for _, _, h in run.curve]
    ax.errorbar(x, means, yerr=halves, marker="o", capsize=3, color="tab:blue", label="linear Q agent (greedy)")
    ax.set_xscale("log")
    ax.set(xlabel="deals trained (log; the first point is untrained)", ylabel="chips per deal (95% CI)", title=title)
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return True


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--episodes", type=int, default=3000, help="training deals (default 3000)")
    p.add_argument("--seed", type=int, default=1, help="seed of the training deals and the exploration")
    p.add_argument("--out", type=Path, default=Path("qlearn_three_card.png"), help="the plot (a CSV goes beside it)")
    p.add_argument("--eval", type=int, default=1000, help="held-out deals per checkpoint (default 1000)")
    p.add_argument("--opponents", default="balanced", help="the bots in the other seats (default balanced)")
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--quiet", action="store_true", help="no progress line")
    args = p.parse_args(argv)
    args.out.parent.mkdir(parents=True, exist_ok=True)  # before training, so a bad --out costs no run
    env = LooEnv(variant="three-card", players=args.players, opponents=args.opponents, seat=0)
    run = train(env, args.episodes, args.seed, args.eval, quiet=args.quiet)
    baselines, paired = {}, {}
    others = {"random player": random_policy(args.seed), f"{args.opponents} bot": bot_policy(args.opponents)}
    for name, policy in others.items():
        progress(f"evaluating the {name}", args.quiet)
        chips = evaluate(env, policy, args.eval)
        baselines[name] = interval(chips)
        if len(run.last) == len(chips) > 1:  # the same deals: the paired difference has the narrower interval
            paired[name] = interval(run.last - chips)
    progress("", args.quiet)
    for episodes, mean, half in run.curve:
        print(f"after {episodes:>6} deals: {mean:+.2f} ± {half:.2f} chips per deal")
    for name, (mean, half) in baselines.items():
        print(f"{name:>22}: {mean:+.2f} ± {half:.2f} chips per deal")
    for name, (mean, half) in paired.items():
        print(f"the agent minus the {name}, deal by deal: {mean:+.2f} ± {half:.2f} chips")
    for k, action in enumerate(DECLARATIONS):
        weights = ", ".join(f"{f} {w:+.1f}" for f, w in zip(DECL_FEATURES, run.agent.decl[k].w, strict=True))
        print(f"Q({action.notation()}) = {weights}")
    print("Q(card) = " + ", ".join(f"{f} {w:+.1f}" for f, w in zip(CARD_FEATURES, run.agent.card.w, strict=True)))
    with args.out.with_suffix(".csv").open("w", newline="") as f:
        rows = csv.writer(f)
        rows.writerow(["deals trained", "chips per deal", "ci95"])
        rows.writerows([e, round(mean, 3), round(half, 3)] for e, mean, half in run.curve)
        rows.writerows([name, round(mean, 3), round(half, 3)] for name, (mean, half) in baselines.items())
    title = f"three-card Loo, {args.players} players, against {args.opponents} bots ({args.eval} held-out deals)"
    if plot(run, baselines, args.out, title):
        print(f"plot: {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
