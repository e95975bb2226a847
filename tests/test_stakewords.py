"""The stakes of every choice in words (issue 10, item 3): ``engine.stakewords`` says them once, from the View; the
terminal game styles them and the web table sends them in its ``state`` (``stakes_lines``)."""

from __future__ import annotations

from pathlib import Path

from lanterloo import PASS, STAND, Deal, Phase, rules_with
from lanterloo.actions import DefendMiss
from lanterloo.bots.declare import paying_chance
from lanterloo.bots.payoff import payoff_for
from lanterloo.cards import parse_card
from lanterloo.engine.scoring import louse_card_values
from lanterloo.engine.stakewords import JOIN, Stake, lou_warning, queen_note, stakes_lines, stakes_of
from lanterloo.tui.table import share_line
from lanterloo.web.protocol import stakes_json
from lanterloo.web.room import Room
from positions import set_ante
from webtools import Msg, Player, client, protocols, table


def first_to_act(deal: Deal) -> int:
    return deal.seats_to_act()[0]


def test_LOO_POOL_1_LOO_POOL_3_the_declaration_names_the_share_and_the_loo() -> None:
    rules = rules_with("three-card")  # everyone antes 3; a fixed loo of loo_amount (3)
    deal = Deal(rules, [100] * 5, seed=1)
    seat = first_to_act(deal)
    assert deal.phase is Phase.DECLARE and deal.pool == 15
    items = stakes_of(deal.view(seat))
    # a third of the pool per trick (LOO-POOL-1); a looed player pays the fixed loo (LOO-POOL-3)
    assert str(items[0]) == "Play: each trick wins 5 of the 15 chips; no trick: looed, pay 3"
    assert [i.label for i in items] == ["Play", "Take the Miss", "Pass"]
    assert str(items[-1]) == "Pass: lose nothing more"


def test_LOO_POOL_3_a_pool_loo_costs_the_whole_pool() -> None:
    deal = Deal(rules_with("three-card", {"loo_penalty": "pool"}), [100] * 5, seed=1)
    (line,) = stakes_lines(deal.view(first_to_act(deal)))
    assert line.startswith("Play: each trick wins 5 of the 15 chips; no trick: looed, pay the whole pool (15)" + JOIN)


def test_LOO_DECL_6_defending_the_miss_is_said_in_words_without_its_rule_id() -> None:
    deal = Deal(rules_with("three-card"), [100] * 5, seed=1)
    items = stakes_of(deal.view(first_to_act(deal)), legal=(STAND, DefendMiss(), PASS))
    defend = next(i for i in items if i.label == "Defend the Miss")
    # the player reads what defending does; the rule ID is for the rules page, not the table
    assert defend.text == "play the Miss for the pool: you neither win nor pay, and its tricks' shares stay in the pool"


def test_LOU_PAY_1_going_in_names_the_pile_and_the_match() -> None:
    deal = set_ante(Deal(rules_with("lou"), [100] * 4, seed=1))
    assert deal.phase is Phase.COMMIT and deal.pool == 12
    view = deal.view(0)
    # format A: a pile of a third of the pot per trick; a trickless In player matches the pot (LOU-PAY-1)
    assert stakes_lines(view) == [
        "In: each trick wins a pile of 4; no trick and you match the pot: pay 12" + JOIN + "Out: lose nothing more"
    ]
    assert lou_warning(view) == "Going In and taking no trick costs the whole pot: you match it (12)."
    capped = set_ante(Deal(rules_with("lou", {"lou_match_cap": 5}), [100] * 4, seed=1))
    assert "you match the pot, capped: pay 5" in stakes_lines(capped.view(0))[0]


def test_LOO_POOL_1_during_the_play_a_trick_wins_a_share_and_none_is_a_loo() -> None:
    deal = Deal(rules_with("three-card"), [100] * 5, seed=1)
    while deal.phase is Phase.DECLARE:
        deal.apply(STAND, first_to_act(deal))
    assert deal.phase is Phase.PLAY
    seat = first_to_act(deal)
    items = stakes_of(deal.view(seat))
    assert items == (
        Stake("Each trick", "wins 5 of the 15 chips"),
        Stake("No trick yet", "looed if none, pay 3", "cost"),
    )
    # the same words whether or not it is the seat's turn (the terminal game shows them while bots play)
    other = next(s for s in range(5) if s != seat and deal.view(s).in_play[s])
    assert stakes_of(deal.view(other)) == items


def test_LOUSE_SCORE_2_the_queen_bonuses_and_the_match_total() -> None:
    rules = rules_with("louse")
    values = louse_card_values(rules.louse_queen_points)
    deal = Deal(rules, [0] * 4, seed=2)
    view = deal.view(first_to_act(deal))
    me = view.seat
    assert me is not None
    totals = [40, 40, 40, 40]
    assert stakes_of(view, totals=totals) == (Stake("You took", "0 this deal"), Stake("Match total", "40 (1500 loses)"))
    note = queen_note(view)
    assert note is not None
    bonus = [values[parse_card(q)] for q in ("Qc", "Qs", "Qh")]
    assert bonus == [302, 202, 102]  # 2 for a queen, plus its bonus (LOUSE-SCORE-2)
    assert note == Stake("Queens", "Q♣ costs 302, Q♠ costs 202, Q♥ costs 102", "cost", note.more)
    assert note.more == " · the Q♦ cancels the queens' points of whoever takes it"  # LOUSE-SCORE-3
    assert stakes_lines(view, totals=totals)[1] == str(note)


def test_nothing_is_at_stake_for_a_spectator_or_after_the_settlement() -> None:
    deal = Deal(rules_with("three-card"), [100] * 5, seed=1)
    assert stakes_of(deal.view(None)) == () and stakes_lines(deal.view(None)) == []
    while not deal.is_over:
        deal.apply(PASS if deal.phase is Phase.DECLARE else deal.legal_actions()[0], first_to_act(deal))
    assert stakes_lines(deal.view(0)) == []


# --- the web table sends the same words -----------------------------------------------------------------------


def turn_of_0(p: Player) -> Msg:
    return p.until(lambda m: m["type"] == "state" and 0 in m["view"]["seats_to_act"])


def _room(c: object, tid: str) -> Room:
    room: Room = c.app.state.hub.rooms[tid]  # type: ignore[attr-defined]
    return room


def test_the_web_state_carries_the_engines_stakes_for_the_seat_to_act(tmp_path: Path) -> None:
    for preset, players in (("three-card", 3), ("lou", 4), ("louse", 4)):
        with client(tmp_path / f"{preset}.db") as c:
            tid, _host, tokens = table(c, preset=preset, players=players)
            with (
                c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as w0,
                c.websocket_connect(f"/ws/tables/{tid}") as ws,
            ):
                me, watcher = Player(w0, 0), Player(ws, None)
                # past Lou's ante, where the dealer names an amount and nothing is yet at stake
                st = me.play_until(
                    lambda m: m["type"] == "state" and m["view"]["phase"] in ("declare", "commit", "play")
                )
                st = st if 0 in st["view"]["seats_to_act"] else turn_of_0(me)
                room = _room(c, tid)
                assert room.deal is not None and room.session is not None
                view = room.deal.view(0)  # the table waits for seat 0: this is the view the state was made from
                totals = room.session.totals if view.points else None
                assert st["stakes_lines"] == stakes_lines(view, totals=totals) != []
                assert st["stakes_lines"] == stakes_json(view, room.session.totals)
                # a spectator has no choice, so no stakes
                assert watcher.until(lambda m: m["type"] == "state")["stakes_lines"] is None


def test_only_the_seat_to_act_is_sent_its_stakes(tmp_path: Path) -> None:
    with client(tmp_path / "t.db") as c:
        tid, _host, tokens = table(c, players=3, humans=(0, 1))
        with (
            c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[0])) as w0,
            c.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(tokens[1])) as w1,
        ):
            players = [Player(w0, 0), Player(w1, 1)]
            # three-card Loo: one seat acts at a time, so at each human turn the other human has no choice
            st = players[0].until(lambda m: m["type"] == "state" and m["view"]["to_act"] in (0, 1))
            actor, other = players[st["view"]["to_act"]], players[1 - st["view"]["to_act"]]
            mine = (
                st if actor is players[0] else actor.until(lambda m: m["type"] == "state" and m["step"] == st["step"])
            )
            theirs = (
                st if other is players[0] else other.until(lambda m: m["type"] == "state" and m["step"] == st["step"])
            )
            assert mine["stakes_lines"] and all(isinstance(x, str) for x in mine["stakes_lines"])
            assert theirs["stakes_lines"] is None


def _lou_in(options: dict[str, str]) -> Deal:
    """A Lou deal at the coin declaration, every seat yet to choose In or Out."""
    deal = set_ante(Deal(rules_with("lou", options), [100] * 4, seed=1))
    assert deal.phase is Phase.COMMIT
    return deal


def _lou_after_one_trick(options: dict[str, str]) -> tuple[Deal, int]:
    """A Lou deal where everybody went In and the first trick is won: the deal and the seat that won it."""
    deal = _lou_in(options)
    for seat in range(4):
        deal.apply(STAND, seat)
    while not any(deal.view(None).tricks_won):
        deal.apply(deal.legal_actions()[0])
    winner = next(s for s, t in enumerate(deal.view(None).tricks_won) if t)
    return deal, winner


def test_LOU_PAY_2_LOU_PAY_4_format_B_says_one_trick_matches_too() -> None:
    (line,) = stakes_lines(_lou_in({"lou_payout": "B"}).view(0))
    assert line.startswith(
        "In: two tricks win the pot (12); if nobody takes two, the pot stays for the next deal; "
        "one trick or none and you match the pot: pay 12"
    )
    split = stakes_lines(_lou_in({"lou_payout": "B", "lou_no_winner": "split_by_tricks"}).view(0))[0]
    assert "if nobody takes two, each trick wins a pile of 4" in split
    assert "no trick, or one when another player takes two, and you match the pot" in split
    deal, winner = _lou_after_one_trick({"lou_payout": "B"})
    items = {i.label: str(i) for i in stakes_of(deal.view(winner), legal=())}
    assert items["One trick"] == "One trick: unless you take another, you match the pot: pay 12"


def test_LOU_PAY_3_format_C_says_one_trick_costs_nothing() -> None:
    (line,) = stakes_lines(_lou_in({"lou_payout": "C", "lou_no_winner": "split_equally"}).view(0))
    assert line.startswith(
        "In: two tricks win the pot (12); if nobody takes two, the players with a trick share the pot; "
        "one trick costs nothing; no trick and you match the pot: pay 12"
    )
    deal, winner = _lou_after_one_trick({"lou_payout": "C"})
    items = {i.label: i for i in stakes_of(deal.view(winner), legal=())}
    assert str(items["One trick"]) == "One trick: you will not pay; a second wins the pot"
    assert items["One trick"].tone == "gain"
    loser = next(s for s in range(4) if s != winner)
    assert "No trick yet" in {i.label for i in stakes_of(deal.view(loser), legal=())}


def test_LOU_PAY_2_the_bot_counts_one_trick_as_a_match_under_format_B() -> None:
    """The balanced bot's reason quotes the chance of paying: under format B it includes taking one trick."""
    deal = _lou_in({"lou_payout": "B"})
    pays = payoff_for(deal.view(0), 0)
    dist = [0.2, 0.5, 0.2, 0.1]  # P(0), P(1), P(2), P(3 tricks)
    assert paying_chance(dist, pays) == 0.7
    c = payoff_for(_lou_in({"lou_payout": "C"}).view(0), 0)
    assert paying_chance(dist, c) == 0.2


def test_LOU_ANTE_2_the_dealer_setting_the_ante_sees_the_pot_it_makes() -> None:
    deal = Deal(rules_with("lou"), [100] * 4, seed=1)
    assert deal.phase is Phase.ANTE
    dealer = first_to_act(deal)
    assert stakes_lines(deal.view(dealer)) == [
        "Ante: 3 to 15 chips" + JOIN + "The pot: 12 to 60 chips" + JOIN + "A match: an In player who takes no trick "
        "pays the whole pot: a bigger ante, a dearer match"
    ]
    other = (dealer + 1) % 4
    assert [str(i) for i in stakes_of(deal.view(other))] == [
        "The dealer sets the ante: it makes this game's pot, which a match costs"
    ]


def test_LOU_ANTE_2_the_board_does_not_say_pot_0_before_the_ante() -> None:
    deal = Deal(rules_with("lou"), [100] * 4, seed=1)
    line = share_line(deal.view(0)).plain
    assert line == "Pot: made by the ante the dealer sets" and "0" not in line
