"""One vocabulary for every client: the terminal game and the web table take their words from ``engine/words`` and
their deal summaries' numbers from ``engine/dealrows``, so for every preset they say the same thing, and a row's
net change is its stack after minus before."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from lanterloo import Action, Card, Session, rules_with
from lanterloo.actions import DEFEND_MISS, PASS, STAND, TAKE_MISS, Ante, Discard, Play
from lanterloo.engine import Decl
from lanterloo.engine.dealrows import deal_rows
from lanterloo.engine.narrate import Narrator
from lanterloo.engine.words import Words, hint_sentence
from lanterloo.rules import PRESETS, Rules
from lanterloo.tui import summary, text
from lanterloo.web.protocol import view_json
from test_session import random_policy

NAMES = ["Ada", "Basil", "Cleo", "Dora", "Emil"]


def seats(rules: Rules) -> int:
    """Four players where the game allows them (Rams Loo wants five)."""
    lo, hi = rules.player_range()
    return min(max(4, lo), hi)


#: one action of every kind a client names: declarations, the Miss, an exchange (and keeping all), cards (and
#: Pam's civil lead), and Lou's ante
ACTIONS: list[Action] = [
    STAND,
    PASS,
    TAKE_MISS,
    DEFEND_MISS,
    Discard(0),
    Discard(Card.parse("2c").bit | Card.parse("8h").bit),
    Play(Card.parse("8h")),
    Play(Card.parse("Jc"), civil=True),
    Ante(6),
]


def plain(renderable: object, width: int = 120) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_terminal_and_the_web_say_the_same_words(preset: str) -> None:
    rules = PRESETS[preset]
    words = Words(rules)
    vocabulary = words.vocabulary()  # what the web table's client labels its panels with
    for d in Decl:
        assert text.declaration_word(d, rules) == words.declaration(d) == vocabulary["declared"][d.name.lower()]
    assert text.declaration_word(None, rules) == words.declaration(None) == ""
    assert text.pool_word(rules) == words.pot == vocabulary["pot"]
    namer = text.Namer(NAMES, 0)
    reason = "Play: seat 1 leads, so I must throw my lowest heart"
    for a in ACTIONS:
        assert text.action_phrase(a, rules) == words.action(a) == words.action_json(a)["label"], a
        do, why = hint_sentence(words, a, reason, NAMES, 0)  # what the web table's hint says
        hint = plain(text.hint_text(a, reason, rules, namer, "balanced")).strip()
        assert hint == f"Hint: {do} — {why} (balanced bot)"
    assert text.second_person(reason, namer) == "Play: Basil leads, so you must throw your lowest heart"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_real_views_legal_actions_are_labelled_alike(preset: str) -> None:
    """The web table's ``legal`` labels for a live view are the terminal's phrases for the same actions."""
    rules = PRESETS[preset]
    n = seats(rules)
    s = Session(rules, n, seed=3)
    deal = s.new_deal()
    seat = next(k for k in range(n) if deal.legal_actions(k))
    view = deal.view(seat)
    sent = view_json(view, Words(rules))
    assert [a["label"] for a in sent["legal"]] == [text.action_phrase(a, rules) for a in view.legal]
    assert sent["declared"] == [text.declaration_word(d, rules) for d in view.declarations]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_deal_rows_net_is_stack_after_minus_before(preset: str) -> None:
    """A few simulated deals of every preset: each row's stack before → after is the session's, its net their
    difference; Louse's match totals move by the deal's points. The terminal's summary shows the same numbers."""
    rules = rules_with(preset, {"session_end": "exact"})
    for seed in range(3):
        n = seats(rules)
        s = Session(rules, n, stack=500, seed=seed, max_deals=4)
        while not s.over:
            stacks_before, totals_before = list(s.stacks), list(s.totals)
            rec = s.play_deal(random_policy(seed))
            end = rec.deal.view(None)
            names = NAMES[:n]
            data = deal_rows(end, names, you=0, totals_before=totals_before, totals_after=rec.totals_after or None)
            shown = plain(summary.deal_summary(rec, end, names, 0, totals_before), 160)
            for row in data["rows"]:
                k = row["seat"]
                if rules.game == "louse":
                    assert row["match_before"] == totals_before[k] and row["match_after"] == rec.totals_after[k]
                    assert row["match_after"] - row["match_before"] == row["points"]
                    assert f"{row['match_before']} → {row['match_after']}" in shown
                else:
                    assert row["stack_before"] == stacks_before[k] and row["stack_after"] == rec.stacks_after[k]
                    assert row["net"] == row["stack_after"] - row["stack_before"]
                    assert row["net"] == row["won"] - row["paid"] - row["ante"]
                    assert f"{row['stack_before']} → {row['stack_after']} ({row['net']:+d})" in shown


RULE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z]+)*-\d+\b")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_COMMON_1_a_players_sentences_carry_no_rule_ids(preset: str) -> None:
    """The table's sentences (events, outcome, settlement lines, the summary's notes) say what happened in words;
    rule IDs are for records and the rules page. The same narrator still cites them for a record."""
    rules = rules_with(preset)
    n = seats(rules)
    cited = 0
    for seed in range(4):
        s = Session(rules, n, stack=200, seed=seed, max_deals=2)
        while not s.over:
            rec = s.play_deal(random_policy(seed))
            end = rec.deal.view(None)
            player = Narrator(rules, NAMES[:n], you=0, cite=False)
            record = Narrator(rules, NAMES[:n])
            st = end.settlement
            assert st is not None
            said = [player.event(ev) or "" for ev in rec.deal.events]
            said += [player.outcome(st), *player.settlement(st, end)]
            data = deal_rows(end, NAMES[:n], you=0)
            said += [data["outcome"], *data["notes"]]
            assert [t for t in said if RULE_ID.search(t)] == []
            cited += bool(RULE_ID.search(record.outcome(st)))
    assert cited  # the record's narrator cites the settlement's rule


def test_LOUSE_SCORE_1_the_most_points_sentence_cites_the_points_rule_not_the_diamond_queens() -> None:
    """Louse's settlement carries LOUSE-SCORE-3 once the Q♦ is taken (every deal, with all 32 cards dealt); the
    sentence about who took the most points states LOUSE-SCORE-1's points, and only the Q♦'s note cites SCORE-3."""
    rules = rules_with("louse")
    s = Session(rules, 4, seed=5, max_deals=1)
    rec = s.play_deal(random_policy(5))
    end = rec.deal.view(None)
    st = end.settlement
    assert st is not None and st.rule == "LOUSE-SCORE-3"
    record = Narrator(rules, NAMES[:4])
    assert record.outcome(st).endswith("(LOUSE-SCORE-1).")
    assert all("LOUSE-SCORE-3" not in line for line in record.settlement(st, end))
    assert any(n.endswith("(LOUSE-SCORE-3).") for n in record.louse_notes(end) if "Q♦" in n)


@pytest.mark.parametrize(
    "mode", ["cancel_own_queens", "cancel_own_bonuses", "cancel_all_queens", "collect_all_queens", "none"]
)
def test_louse_score_3_penalty_cards_say_what_the_queen_of_diamonds_cancelled(mode: str) -> None:
    """LOUSE-SCORE-3: each Louse penalty card carries whether the ♦Q cancelled (or moved) its points and what it still
    counts, so a client strikes it through without recomputing: the cards' counts add up to the settlement's points
    (the ♦Q's taker under ``collect_all_queens`` is charged the others' queens too), only queens are ever cancelled,
    and a card is cancelled exactly when it counts less than it scores."""
    rules = rules_with("louse", {"diamond_queen": mode})
    struck = 0
    for seed in range(6):
        s = Session(rules, 4, seed=seed, max_deals=1)
        rec = s.play_deal(random_policy(seed))
        end = rec.deal.view(None)
        assert end.settlement is not None
        dq_taker = next(tr.winner for tr in end.tricks for _, c in tr.cards if c == Card.parse("Qd"))
        data = deal_rows(end, NAMES[:4])
        for row in data["rows"]:
            cards = row["penalty_cards"]
            for card, points, cancelled, counts in cards:
                assert cancelled == (counts < points) and 0 <= counts <= points
                assert not cancelled or Card.parse(card).rank == Card.parse("Qd").rank, card
                struck += cancelled
            if mode != "collect_all_queens" or row["seat"] != dq_taker:
                assert sum(c[3] for c in cards) == end.settlement.points[row["seat"]] == row["points"]
            if mode == "cancel_own_queens" and row["seat"] == dq_taker:
                assert [c[0] for c in cards if c[2]] == [c[0] for c in cards if c[0].startswith("Q")]
    assert struck or mode == "none"  # the Q♦ is always taken by someone in four-handed Louse
    if mode == "none":
        assert struck == 0
