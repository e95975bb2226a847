"""Playthroughs: a deterministic, readable transcript of one seeded deal played by seeded random legal moves.

In the spirit of OpenSpiel's playthrough files: the rules, the deck, then every step (the seat to act, its hand,
its legal actions, the action chosen, what happened and the public state), then the settlement and what each seat's
view holds at the end. A transcript is omniscient (it shows every hand); the views section shows what the engine
lets each seat see.

One transcript per preset is kept in ``tests/golden/``, and ``tests/test_golden.py`` diffs a fresh transcript
against each, so any change in legality, dealing, the order of events or settlement shows up as a readable diff.
After an intended change, regenerate them and review the diff::

    python -m lanterloo.playthrough --regen          # rewrite tests/golden/<preset>.txt
    python -m lanterloo.playthrough --check          # exit 1 if any golden differs
    python -m lanterloo.playthrough five-card --players 6 --seed 3 --option blaze=true
"""

from __future__ import annotations

import argparse
import difflib
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from lanterloo.cards import Card, cards_of, fmt_cards
from lanterloo.engine import Deal, Phase
from lanterloo.engine.events import Event
from lanterloo.engine.narrate import Narrator
from lanterloo.errors import LooError
from lanterloo.ruleids import RULES as RULE_INFO
from lanterloo.rules import PRESET_INFO, PRESETS, Rules, golden_variants, parse_options, rules_with

#: The golden deal of each variant that keeps one: (players, seed), from the registry (``Preset.golden``, where
#: ``rules/presets.py`` says why each seed was chosen).
GOLDEN: dict[str, tuple[int, int]] = golden_variants()
STACK = 100
REGEN = "python -m lanterloo.playthrough --regen"


def golden_dir() -> Path:
    """tests/golden of the source checkout this module belongs to."""
    return Path(__file__).resolve().parents[2] / "tests" / "golden"


def golden_path(preset: str, directory: Path | None = None) -> Path:
    return (directory or golden_dir()) / f"{preset}.txt"


def _cards(mask_or_cards: int | Sequence[Card]) -> str:
    cards = cards_of(mask_or_cards) if isinstance(mask_or_cards, int) else mask_or_cards
    return fmt_cards(cards) if cards else "-"


def _row(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in values)


def _options(rules: Rules) -> str:
    diff = rules.differences()
    if not diff:
        return "the preset's defaults"
    return " ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in sorted(diff.items()))


def _events(narrator: Narrator, events: Sequence[Event]) -> list[str]:
    """The events as a spectator sees them (private data removed), in the narrator's words."""
    out = []
    for e in events:
        said = narrator.event(e.censored(None))
        if said is not None:
            out.append(f"  > {said}")
    return out


def _public(deal: Deal) -> str:
    v = deal.view(None, with_events=False)
    trick = " ".join(f"{s}:{c}" for s, c in v.trick) or "-"
    if deal.shape.scores_points:  # no chips: penalty points are counted at the end
        return f"Trick: {trick} | Tricks won: {_row(v.tricks_won)} | Trumps: jacks"
    trump = v.trump.symbol if v.trump is not None else "not yet"
    return (
        f"Trick: {trick} | Tricks won: {_row(v.tricks_won)} | Trumps: {trump} | Pool: {v.pool} | "
        f"Stacks: {_row(v.stacks)}"
    )


def _settlement(deal: Deal) -> list[str]:
    st = deal.settlement
    if st is None:
        return ["The deal did not finish."]
    out = [
        f"Result: {st.kind.value}, {st.rule} ({RULE_INFO[st.rule].title})"
        if st.rule in RULE_INFO
        else f"Result: {st.kind.value}, {st.rule}"
    ]
    if st.points:  # Louse
        out += [f"  seat {s}: tricks {st.tricks[s]}  penalty points {st.points[s]}" for s in range(deal.players)]
        return out
    out.append(f"  Pool at settlement: {st.pool_before}   Share per trick: {st.share}   Pool after: {st.pool_after}")
    if st.winners:
        out.append(f"  Winners: seats {_row(st.winners)}")
    if st.looed:
        out.append(f"  Looed (or matching): seats {_row(st.looed)}")
    for s in range(deal.players):
        line = (
            f"  seat {s}: tricks {st.tricks[s]}  won {st.won[s]}  paid {st.paid[s]}"
            f"{f' of {st.owed[s]} owed' if st.owed[s] != st.paid[s] else ''}  stack {deal.stacks[s]}"
        )
        out.append(line)
    for s, cards in deal.view(None, with_events=False).flushes:
        out.append(f"  flush shown by seat {s}: {_cards(cards)}")
    return out


def _views(deal: Deal, when: str) -> list[str]:
    """Each seat's view in one line: its own hand, the public facts, and which events it sees censored."""
    out = [f"Views {when} (what each seat may know):"]
    for seat in [*range(deal.players), None]:
        v = deal.view(seat)
        censored = [
            f"{mine.kind}" + (f" by {mine.seat}" if mine.seat is not None else "")
            for mine, full in zip(v.events, deal.events, strict=True)
            if mine is not full
        ]
        name = f"seat {seat}" if seat is not None else "spectator"
        decl = " ".join(f"{s}:{d or '-'}" for s, d in enumerate(v.declarations)) if deal.shape.declares else ""
        out.append(
            f"  {name}: hand {_cards(v.hand)}; hand sizes {_row(v.hand_sizes)}"
            + (f"; declarations {decl}" if decl else "")
            + (f"; Miss taken by {v.miss_taker}" if v.miss_taker is not None else "")
            + f"; {len(v.events)} events, censored: {', '.join(censored) or 'none'}"
        )
    return out


def playthrough(rules: Rules, players: int, seed: int) -> str:
    """The transcript of one deal: shuffled by ``seed``, played by random legal moves drawn from ``seed``."""
    dealer = 0
    deal = Deal(rules, [STACK] * players, dealer, seed=seed)
    rng = random.Random(f"lanterloo-playthrough-{seed}")
    info = PRESET_INFO.get(rules.preset)
    lines = [
        "lanterloo playthrough",
        f"Regenerate the goldens with: {REGEN}",
        "",
        f"Game: {rules.preset}" + (f" ({info.summary})" if info else ""),
        f"Options: {_options(rules)}",
        f"Players: {players}   Dealer: seat {dealer}   Eldest hand: seat {deal.eldest}   Seed: {seed}",
    ]
    chose: list[str] = []
    if deal.phase is Phase.ANTE:  # Lou's dealer sets the ante before the cards are dealt (LOU-ANTE-2)
        # drawn from a stream of its own, so that the choice leaves the rest of the playthrough as it was
        legal = deal.legal_actions(dealer)
        action = legal[int(random.Random(f"lanterloo-playthrough-ante-{seed}").random() * len(legal))]
        chose = [f"The dealer, seat {dealer}, sets the ante", f"  Legal: {', '.join(a.notation() for a in legal)}"]
        chose += [f"  Chose: {action.notation()}", ""]
        deal.apply(action, dealer)
    start, hidden, view = deal.started, deal.hidden(), deal.view(None, with_events=False)
    chips = not deal.shape.scores_points
    if chips:
        lines.append(f"Stacks before the antes: {_row(start.stacks)}   Pool carried in: {start.pool}")
    lines += [f"Deck, top card first ({len(start.deck)} cards): {_cards(start.deck)}", "", *chose]
    lines.append(f"Antes: {_row(start.antes)}   Pool: {deal.pool}" if chips else "Hands:")
    lines += [f"  seat {s} hand: {_cards(hidden.hands[s])}" for s in range(players)]
    if rules.miss:
        lines.append(f"  Miss: {_cards(hidden.miss)}")
    if hidden.widow:
        lines.append(f"  Widow: {_cards(hidden.widow)}")
    if view.turnup is not None:
        lines.append(f"  Turn-up: {view.turnup}")
    if view.pam is not None:
        lines.append(f"  Pam: {view.pam}")
    if hidden.stock:
        lines.append(f"  Stock ({len(hidden.stock)}): {_cards(hidden.stock)}")
    shown = len(deal.events)
    narrator = Narrator(rules)
    lines += _events(narrator, deal.events[1:])

    step = 0
    at_play: list[str] = []  # the views when play begins, when hands are still full
    while not deal.is_over:
        if deal.phase is Phase.PLAY and not at_play:
            at_play = ["", *_views(deal, "when play begins")]
        step += 1
        seats = deal.seats_to_act()
        seat = seats[int(rng.random() * len(seats))]
        legal = deal.legal_actions(seat)
        action = legal[int(rng.random() * len(legal))]
        phase = deal.phase
        lines += [
            "",
            f"Step {step}: {phase.value}, seat {seat} to act"
            + (f" (seats {_row(seats)} may commit)" if phase is Phase.COMMIT else ""),
            f"  Hand: {_cards(deal.hand(seat))}",
            f"  Legal: {', '.join(a.notation() for a in legal)}",
            f"  Chose: {action.notation()}",
        ]
        deal.apply(action, seat)
        lines += _events(narrator, deal.events[shown:])
        shown = len(deal.events)
        lines.append(f"  {_public(deal)}")
    lines += [*at_play, "", *_settlement(deal), "", *_views(deal, "at the end")]
    return "\n".join(lines) + "\n"


def golden(preset: str) -> str:
    players, seed = GOLDEN[preset]
    return playthrough(PRESETS[preset], players, seed)


def check(directory: Path | None = None) -> list[str]:
    """The presets whose golden file is missing or differs from a fresh transcript."""
    bad = []
    for preset in GOLDEN:
        path = golden_path(preset, directory)
        if not path.exists() or path.read_text(encoding="utf-8") != golden(preset):
            bad.append(preset)
    return bad


def diff(preset: str, directory: Path | None = None, context: int = 2) -> str:
    path = golden_path(preset, directory)
    old = path.read_text(encoding="utf-8").splitlines(keepends=True) if path.exists() else []
    return "".join(
        difflib.unified_diff(old, golden(preset).splitlines(keepends=True), str(path), "regenerated", n=context)
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m lanterloo.playthrough", description=__doc__.split("\n")[0])
    p.add_argument("preset", nargs="?", help="print the transcript of one deal of this preset")
    p.add_argument("--players", type=int, help="number of players (default: the golden's)")
    p.add_argument("--seed", type=int, default=0, help="seed of the shuffle and of the moves (default 0)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a rules option")
    p.add_argument("--regen", action="store_true", help="rewrite the golden transcripts")
    p.add_argument("--check", action="store_true", help="exit 1 if a golden transcript differs")
    p.add_argument("--dir", type=Path, help="the golden directory (default: tests/golden of this checkout)")
    args = p.parse_args(argv)
    try:
        if args.regen:
            directory = args.dir or golden_dir()
            directory.mkdir(parents=True, exist_ok=True)
            for preset in GOLDEN:
                path = golden_path(preset, directory)
                text = golden(preset)
                changed = not path.exists() or path.read_text(encoding="utf-8") != text
                path.write_text(text, encoding="utf-8")
                print(f"{'wrote' if changed else 'unchanged'} {path}")
            return 0
        if args.check:
            bad = check(args.dir)
            for preset in bad:
                print(diff(preset, args.dir), end="")
            print(f"{len(bad)} golden transcript(s) differ" + (f"; regenerate with: {REGEN}" if bad else ""))
            return 1 if bad else 0
        if args.preset is None:
            p.error("give a preset, --regen or --check")
        rules = rules_with(args.preset, parse_options(args.option))
        players = args.players or GOLDEN.get(rules.preset, (rules.player_range()[0], 0))[0]
        rules.check_players(players)
        sys.stdout.write(playthrough(rules, players, args.seed))
        return 0
    except LooError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
