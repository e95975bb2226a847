"""Verifying hand histories: replay each deal from its record, compare it with the rules, and check that the deals
of a session follow on from each other, in order (docs/hand-history.md, "Re-verifying").

``verify_record`` replays one deal and compares everything it recorded with what the rules give; ``Verifier``
(used by ``verify_file``) also checks each session's order, numbering and continuity: stacks and pool carried, the
deal passed to the left, Lou's antes, Louse's running totals, and no deal after the session has ended. Every
HistoryError names the line, and, when a game rule is broken, ends with that rule's ID in brackets.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from typing import Any

from lanterloo.actions import Action, Discard, parse_action
from lanterloo.cards import CARDS, Card, fmt_cards, parse_card, parse_cards
from lanterloo.engine import Deal, deck_for
from lanterloo.errors import HistoryError, IllegalActionError, LooError
from lanterloo.history import quick
from lanterloo.history.fair import FAIR_DOC, fair_problems
from lanterloo.history.reader import FORMAT_DOC, check_fields, shown
from lanterloo.history.writer import ADDED_IN_VERSION_2, deal_to_record, upgraded_rules
from lanterloo.rules import Rules

_RULE_FIELDS = tuple(f.name for f in dataclasses.fields(Rules))
#: The JSON type of each option, taken from a default Rules (so a new option needs no edit here).
_RULE_TYPES = {k: type(v) for k, v in Rules().to_dict().items()}


def record_rules(obj: dict[str, Any], line: int) -> Rules:
    """The complete rules a checked record (``check_fields``) was played under; raises HistoryError."""
    return _rules(obj, line)


#: The rules already built, by what a record says of them: its version, variant and options, each with its type
#: (1 and true are equal in Python, not in a hand history). A history repeats one options record on every line.
_RULES_CACHE: dict[tuple[Any, ...], Rules] = {}


#: The last options record built, and its value types: a history repeats one options record on every line, and
#: comparing two dicts is cheaper than hashing one.
_LAST: list[Any] = [None, None, None, None, None]


def _rules(obj: dict[str, Any], line: int) -> Rules:
    given = obj["rules"]
    last = _LAST
    if (
        type(given) is dict
        and given == last[0]
        and obj["version"] == last[1]
        and obj["variant"] == last[2]
        and type(obj["variant"]) is str
        and type(obj["version"]) is int
        and tuple(map(type, given.values())) == last[3]
    ):
        rules: Rules = last[4]
        return rules
    try:
        key = (obj["version"], obj["variant"], tuple(given.items()), tuple(map(type, given.values())))
        hit = _RULES_CACHE.get(key)
    except TypeError:  # an unhashable value: refused below
        key, hit = None, None
    if hit is None:
        hit = _build_rules(obj, line)
        if key is None:
            return hit
        if len(_RULES_CACHE) >= 1000:
            _RULES_CACHE.clear()
        _RULES_CACHE[key] = hit
    if type(given) is dict and all(type(v) in (str, int, bool) for v in given.values()):
        last[:] = [dict(given), obj["version"], obj["variant"], tuple(map(type, given.values())), hit]
    return hit


def _build_rules(obj: dict[str, Any], line: int) -> Rules:
    if obj["version"] == 1:
        # Version 1 had none of these options, so a line that names one is a later record with its version changed.
        added = [k for k in ADDED_IN_VERSION_2 if k in obj["rules"]]
        if added:
            raise HistoryError(
                f"it is a version-1 line, but its rules name the option {added[0]!r}, which version 2 added "
                f"(see {FORMAT_DOC}, Versioning)",
                line,
            )
    rules_d: dict[str, Any] = upgraded_rules(obj)  # a version-1 line gains the options added since
    # Every option must be written out: a default filled in here could differ from the one it was played under.
    missing = [k for k in _RULE_FIELDS if k not in rules_d]
    if missing:
        raise HistoryError(
            f"its rules lack the option {missing[0]!r}; a hand history lists every option (COMMON-1)", line, "COMMON-1"
        )
    for key, value in rules_d.items():
        want = _RULE_TYPES.get(key)
        if want is not None and type(value) is not want:
            kind = {bool: "true or false", int: "a whole number", str: "text"}.get(want, want.__name__)
            raise HistoryError(
                f"its rules option {key!r} must be {kind}, not {shown(value)} (COMMON-1)", line, "COMMON-1"
            )
    try:
        rules = Rules.from_dict(rules_d)
    except (LooError, TypeError) as e:
        raise HistoryError(f"its rules are not valid: {_clause(e)} (COMMON-1)", line, "COMMON-1") from None
    if obj["variant"] != rules.preset:
        raise HistoryError(
            f"its variant {shown(obj['variant'])} is not the preset {shown(rules.preset)} its rules name (COMMON-1)",
            line,
            "COMMON-1",
        )
    return rules


#: Each card as the format writes it ("Th"): the record is read in this notation only, not in the lenient forms a
#: person may type ("10h", "T♥"), so a history has one spelling and two verifiers cannot read it differently.
_CANON_CARDS = {str(c): c for c in CARDS}
_CARD_FORM = "a rank 2 to 9, T, J, Q, K or A, then a suit c, d, h or s, like Th"


def _clause(e: Exception) -> str:
    """An error's sentence without its full stop, to be carried on inside another sentence."""
    return str(e).rstrip().rstrip(".")


def _card(text: str, line: int, where: str = "the deck") -> Card:
    card = _CANON_CARDS.get(text)
    if card is not None:
        return card
    try:
        lenient = f", so write {str(parse_card(text))!r}"
    except LooError:
        lenient = ""
    raise HistoryError(
        f"{where} holds {shown(text)}, which is not a card as a hand history writes one ({_CARD_FORM}){lenient} "
        f"(see {FORMAT_DOC})",
        line,
    )


def _action(text: str, i: int, line: int) -> Action:
    """An action in the notation the writer emits, exactly (docs/hand-history.md, "Notation"): a person's
    shorthand that ``parse_action`` also reads (``fold``, ``in``, ``1h``, cards out of order) is refused here."""
    try:
        action = parse_action(text)
    except LooError as e:
        raise HistoryError(f"action {i}: {e}", line) from None
    canon = action.notation()
    if canon == text:
        quick.remember_action(text, action)
        return action
    if isinstance(action, Discard):
        named = Counter(parse_cards(text.split(None, 1)[1] if " " in text.strip() else ""))
        twice = sorted(c for c, k in named.items() if k > 1)
        if twice:
            raise HistoryError(
                f"action {i} ({shown(text)}) names {fmt_cards(twice, True)} more than once: a discard lists each "
                f"card once (see {FORMAT_DOC})",
                line,
            )
    raise HistoryError(
        f"action {i} is written {shown(text)}, but a hand history writes it {canon!r}: cards as {_CARD_FORM}, "
        f"a discard's cards in index order (see {FORMAT_DOC})",
        line,
    )


def who(names: list[str], seat: int) -> str:
    """A seat as a message names it: the player's name, cut short, and the seat."""
    return f"{_name(names, seat)} (seat {seat})"


def _name(names: list[str], seat: int) -> str:
    name = names[seat] if 0 <= seat < len(names) else f"seat {seat}"
    return name if len(name) <= 30 else name[:29] + "…"


def _deck(rules: Rules, players: int, raw: list[str], line: int) -> list[Card]:
    cards = [_card(c, line) for c in raw]
    pack = deck_for(rules, players)
    if sorted(cards) != sorted(pack):
        rid = "LOUSE-DECK-1" if rules.game == "louse" else "LOO-DEAL-1"
        counts = Counter(cards)
        twice = sorted(c for c, k in counts.items() if k > 1)
        foreign = sorted(c for c in counts if c not in set(pack))
        absent = sorted(set(pack) - set(cards))
        what = []
        if twice:
            what.append(f"{fmt_cards(twice, True)} appear{'s' if len(twice) == 1 else ''} more than once")
        if foreign:
            what.append(f"{fmt_cards(foreign, True)} {'is' if len(foreign) == 1 else 'are'} not in this pack")
        if absent:
            what.append(f"{fmt_cards(absent, True)} {'is' if len(absent) == 1 else 'are'} missing")
        raise HistoryError(
            f"the deck must hold each of the {len(pack)} cards of the pack once, but {' and '.join(what)} ({rid})",
            line,
            rid,
        )
    return cards


def rebuild(obj: dict[str, Any], line: int) -> tuple[Deal, list[tuple[int, Action]]]:
    """Replay a parsed record; raises HistoryError naming the action and rule on an illegal action."""
    check_fields(obj, line)
    return _rebuild(obj, _rules(obj, line), line)


def _rebuild(obj: dict[str, Any], rules: Rules, line: int) -> tuple[Deal, list[tuple[int, Action]]]:
    stacks = [s["stack"] for s in obj["seats"]]
    try:
        rules.check_players(len(stacks))
    except LooError as e:
        raise HistoryError(f"{_clause(e)} (COMMON-2)", line, "COMMON-2") from None
    actions = [(seat, _action(text, i, line)) for i, (seat, text) in enumerate(obj["actions"], 1)]
    names: list[str] = [s["name"] for s in obj["seats"]]
    short = [_name(names, s) for s in range(len(names))]
    deck = _deck(rules, len(stacks), obj["deck"], line)
    reshuffles = [[_card(c, line, "a reshuffle") for c in r] for r in obj["reshuffles"]]
    try:
        deal = Deal(rules, stacks, obj["dealer"], pool=obj["pool"], ante=obj["ante"], deck=deck, reshuffles=reshuffles)
    except LooError as e:
        raise HistoryError(f"the deal cannot start: {e}", line) from None
    for i, (seat, action) in enumerate(actions, 1):
        expected = deal.seats_to_act()
        what = f"action {i}, {action.notation()!r} by {who(names, seat)},"
        if seat not in expected:
            if not expected:
                why = "comes after the deal is over"
            elif len(expected) == 1:
                why = f"is out of turn: it is {short[expected[0]]}'s turn"
            else:  # Lou's secret commit: the seats that have not committed yet
                why = f"is out of turn: only {' and '.join(short[x] for x in expected)} may act now"
            raise HistoryError(f"{what} {why} (COMMON-4)", line, "COMMON-4")
        try:
            deal.apply(action, seat)
        except IllegalActionError as e:
            raise HistoryError(f"{what} is illegal: {e.describe(short)}", line, e.rule_id) from None
        except LooError as e:
            raise HistoryError(f"{what} failed: {e}", line) from None
    return deal, actions


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values: 1, 1.0 and true are three different things here."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return bool(a == b)


def _before_play(obj: dict[str, Any], rules: Rules, line: int) -> None:
    """The checks on how a deal starts that a bare Deal allows but a session never does."""
    game = rules.game
    if not obj["ante"] and game != "lou":
        rid = "LOO-ANTE-1" if game == "loo" else "LOUSE-DEAL-1"
        raise HistoryError(
            f"'ante' is false, but in {game} every deal is written with antes due (true) ({rid})", line, rid
        )
    if obj["ante"] and game != "louse":
        for s, seat in enumerate(obj["seats"]):
            owed = rules.ante_owed(s, obj["dealer"])
            if seat["stack"] < owed:
                raise HistoryError(
                    f"{who([t['name'] for t in obj['seats']], s)} has {seat['stack']} chips, less than the ante "
                    f"of {owed} owed, so this deal is never dealt: a player who cannot pay the ante ends the "
                    "session (SESSION-2)",
                    line,
                    "SESSION-2",
                )


def verify_record(obj: dict[str, Any], line: int) -> Deal:
    """Replay one record and check that everything it recorded is what the rules give."""
    core = quick.EXT is not None
    check_fields(obj, line, actions=not core)  # the core's replay checks the form of each action as it goes
    try:
        rules = _rules(obj, line)
    except HistoryError:
        if core:
            check_fields(obj, line)  # a malformed action comes first
        raise
    deal: Deal | None = quick.replay(obj, rules)
    if deal is not None:
        return deal  # everything the record carries checked out: the reference path below would accept it too
    if core:
        check_fields(obj, line)
    _before_play(obj, rules, line)
    lo, hi = rules.player_range()
    if "fair" in obj and lo <= len(obj["seats"]) <= hi:
        # a deal that claims a published seed must have been dealt from it (a wrong player count: the replay says)
        problems = fair_problems(obj["fair"], rules, len(obj["seats"]), obj["deck"])
        if problems:
            raise HistoryError(f"{problems[0]} (see {FAIR_DOC})", line)
    deal, _ = _rebuild(obj, rules, line)
    result = obj["result"]
    totals = result.get("totals") if isinstance(result, dict) else None
    # The canonical record of the replayed deal; only the engine's public record is read.
    canon = json.loads(
        json.dumps(
            deal_to_record(
                deal,
                number=obj["deal"],
                names=[s["name"] for s in obj["seats"]],
                seed=obj["seed"],
                session=obj["session"],
                totals_after=totals,
            )
        )
    )
    used = canon["reshuffles"]
    if len(obj["reshuffles"]) != len(used):
        raise HistoryError(
            f"the record lists {len(obj['reshuffles'])} reshuffle{'s' if len(obj['reshuffles']) != 1 else ''}, "
            f"but the deal needed {len(used)}: a reshuffle is recorded only when a player asks for more cards "
            "than the stock holds (PAM-EXCH-2)",
            line,
            "PAM-EXCH-2",
        )
    want = canon["result"]
    if want is None:
        if result is not None:
            raise HistoryError(
                f"the actions end before the deal is over, but a result is recorded (see {FORMAT_DOC})", line
            )
        return deal
    rule = want["settlement"]["rule"]
    if result is None:
        raise HistoryError(
            f"the actions finish the deal, but its result is null: a finished deal records its result ({rule})",
            line,
            rule,
        )
    if rules.game == "louse" and obj["session"] is not None and "totals" not in result:
        raise HistoryError(
            "the result lacks 'totals': a Louse deal of a session records the match totals (LOUSE-MATCH-1)",
            line,
            "LOUSE-MATCH-1",
        )
    if rules.game != "louse" and "totals" in result:
        raise HistoryError(f"the result has 'totals', which only Louse records (see {FORMAT_DOC})", line)
    recorded_st = result.get("settlement")
    if (
        isinstance(recorded_st, dict)
        and rules.game != "lou"
        and want["settlement"]["kind"] == "no_play"
        and recorded_st.get("game_over") is False
    ):
        # Writers before the fix recorded game_over false for a Loo deal nobody played; outside Lou the flag
        # means nothing (every deal is a game), so such a record still verifies.
        want["settlement"]["game_over"] = False
    for key in ("settlement", "antes", "stacks", "pool"):
        recorded, value = result[key], want[key]
        if _same(recorded, value):
            continue
        if key == "settlement" and isinstance(recorded, dict):
            # name the first field that differs rather than print two whole settlements
            for k in [*value, *(k for k in recorded if k not in value)]:
                if not _same(recorded.get(k), value.get(k)):
                    if k not in value:
                        raise HistoryError(
                            f"the recorded settlement has a field {k!r} the format does not define ({rule})", line, rule
                        )
                    raise HistoryError(
                        f"the recorded settlement's {k} {shown(recorded.get(k), 80)} does not match the replay's "
                        f"{shown(value[k], 80)} ({rule})",
                        line,
                        rule,
                    )
        plural = key in ("antes", "stacks")  # "the recorded antes do", "the recorded pool does"
        raise HistoryError(
            f"the recorded {key} {shown(recorded, 80)} {'do' if plural else 'does'} not match the replay's "
            f"{shown(value, 80)} ({rule})",
            line,
            rule,
        )
    return deal
