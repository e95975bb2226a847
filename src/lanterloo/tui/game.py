"""The terminal game's model: one human seat and bots around a ``Session``, with undo, save, resume and export.

Nothing here knows about Textual, so the whole game can be driven (and tested) without a screen. The app asks
what to show (``deal``, ``view()``, ``last_record``) and tells the game what the human chose (``act``); bots move
one at a time through ``step_bot`` so the app can pace them.

Determinism: the session is seeded, and every bot decision is made by a bot seeded from (seed, deal number,
action number, seat). So a seed replays the same game, undo followed by the same move brings back the same bot
replies, and a resumed game continues exactly as the uninterrupted one would have.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lanterloo import history
from lanterloo.actions import Action
from lanterloo.bots import Bot, Decision, RandomBot, make_bot
from lanterloo.bots.base import bot_names
from lanterloo.engine import Deal, View, shape_of
from lanterloo.errors import IllegalActionError, LooError, RulesError
from lanterloo.rules import Rules, rules_with
from lanterloo.session import DealRecord, Session
from lanterloo.tui import save, savefiles
from lanterloo.tui.save import SaveError

__all__ = ["Game", "Moved", "SaveError", "Settings", "new_settings"]

HINT_BOT = "balanced"
SEED_BITS = 128
DEFAULT_BOT = "balanced"

# Opponents' names: short, distinct initials, enough for the largest table (rams-loo seats 16).
BOT_NAMES = (
    "Ada",
    "Basil",
    "Cora",
    "Dexter",
    "Edith",
    "Felix",
    "Greta",
    "Hugo",
    "Iris",
    "Jasper",
    "Kit",
    "Lena",
    "Milo",
    "Nell",
    "Otto",
    "Pip",
    "Quill",
    "Rosa",
)


@dataclass
class Settings:
    """Everything that defines a game before any card is dealt. Seat ``human`` is the player; the rest are bots."""

    rules: Rules
    names: list[str]
    bots: list[str | None]  # one entry per seat; None for the human seat
    seed: int
    stack: int = 100
    human: int = 0
    options: dict[str, str] = field(default_factory=dict)  # as typed on the command line (shown, and saved)
    first_dealer: int | None = None  # None: by lot from the seed (COMMON-3)
    max_deals: int | None = None
    session_id: str = ""
    pool: int = 0  # chips in the pool before the first deal: a tutorial's position may start with some (not saved)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def variant(self) -> str:
        return self.rules.preset


def check_name(name: str) -> None:
    """Raise LooError unless ``name`` (stripped) is a name the table can seat."""
    if not name.strip():
        raise LooError("Your name cannot be empty.")
    if len(name) > 16:
        raise LooError(f"Your name can have at most 16 characters, not {len(name)}.")


def default_bot() -> str:
    """The default opponents: balanced heuristic bots, or random ones where the heuristic bots are missing."""
    return DEFAULT_BOT if DEFAULT_BOT in bot_names() else "random"


def opponent_names(human_name: str, count: int) -> list[str]:
    """``count`` opponent names, none equal to the human's."""
    names = [n for n in BOT_NAMES if n.lower() != human_name.strip().lower()]
    out = names[:count]
    k = 1
    while len(out) < count:  # only reachable if BOT_NAMES ever shrinks below the largest table
        out.append(f"Bot {k}")
        k += 1
    return out


def new_settings(
    variant: str = "three-card",
    *,
    players: int | None = None,
    name: str = "You",
    bots: Sequence[str] | None = None,
    seed: int | None = None,
    options: Mapping[str, str] | None = None,
    stack: int = 100,
    first_dealer: int | None = None,
    max_deals: int | None = None,
) -> Settings:
    """Validated settings; raises LooError with one sentence naming the first problem."""
    opts = dict(options or {})
    rules = rules_with(variant, opts, own_game=True)
    lo, hi = rules.player_range()
    if bots is not None and not any(b.strip() for b in bots):
        raise RulesError("--bots needs at least one bot style, such as balanced.")
    bot_list = [b.strip().lower() for b in (bots or ()) if b.strip()] or [default_bot()]
    if players is None:
        players = len(bot_list) + 1 if len(bot_list) > 1 else min(max(5, lo), hi)
    if lo == hi and players != lo:
        raise RulesError(f"{rules.preset} is played by exactly {lo} players, not {players}.")
    rules.check_players(players)
    if len(bot_list) == 1:
        bot_list = bot_list * (players - 1)
    elif len(bot_list) != players - 1:
        raise RulesError(
            f"Give one bot style for everyone, or one per opponent: {players} players have "
            f"{players - 1} opponents, not {len(bot_list)}."
        )
    for spec in sorted(set(bot_list)):
        make_bot(spec, 0)  # raises "Unknown bot ..." naming the choices
    name = name.strip()
    check_name(name)
    if stack <= 0:
        raise LooError(f"The starting stack must be a positive number of chips, not {stack}.")
    owed = max(rules.ante_owed(s, 0) for s in range(players))
    if owed > stack:  # the session would end before its first deal (SESSION-2)
        raise LooError(
            f"Every seat starts with {stack:,} chips (--stack), less than the ante of {owed:,} it would owe."
        )
    if first_dealer is not None and not 0 <= first_dealer < players:
        raise LooError(f"The first dealer must be a seat from 0 to {players - 1}.")
    if seed is None:
        # 128 bits: with a short seed, a player's own first hand and the turn-up find it by brute force, and with
        # it every hidden card of the session. It is shown once the session is over, and in exports.
        seed = secrets.randbits(SEED_BITS)
    return Settings(
        rules=rules,
        names=[name, *opponent_names(name, players - 1)],
        bots=[None, *bot_list],
        seed=seed,
        stack=stack,
        options=opts,
        first_dealer=first_dealer,
        max_deals=max_deals,
        session_id=f"loo-play-{secrets.token_hex(4)}",
    )


@dataclass(frozen=True)
class Moved:
    """One action that was applied, for the app to announce."""

    seat: int
    action: Action


class Game:
    """A session at one table: the human at ``settings.human`` and a bot in every other seat."""

    def __init__(
        self,
        settings: Settings,
        *,
        bots: Mapping[int, Bot] | None = None,
        decks: Sequence[Sequence[int]] = (),
        start: bool = True,
    ) -> None:
        """``bots`` replaces the named bots of some seats and ``decks`` stacks the first deals: both for tests."""
        self.settings = settings
        self.rules = settings.rules
        self.human = settings.human
        self.names = list(settings.names)
        self.session = Session(
            settings.rules,
            self.names,
            stack=settings.stack,
            seed=settings.seed,
            dealer=settings.first_dealer,
            max_deals=settings.max_deals,
            pool=settings.pool,
        )
        self._bot_overrides = dict(bots or {})
        self._decks = [list(d) for d in decks]
        self._fresh: Deal | None = None  # the current deal as dealt, before any action: undo replays from it
        # (seat, action) of every move in the deal shown, in order: undo, the bots' seeds and the quit question
        # read it here rather than from the deal
        self.moves: list[tuple[int, Action]] = []
        self._ends: dict[int, View] = {}  # number -> the spectator's view of a finished deal (they never change)
        self.last_record: DealRecord | None = None
        self.dirty = False  # something happened since the last save
        # (finished deals, moves of the deal in progress) when last saved or resumed: what quitting would lose
        self.saved_mark: tuple[int, tuple[tuple[int, Action], ...]] | None = None
        if start:
            self.start_deal()

    # --- state -------------------------------------------------------------------------------------------

    @property
    def deal(self) -> Deal | None:
        """The deal in progress, or None between deals (after ``finish``) and when the session is over."""
        return self.session.current

    @property
    def shown(self) -> Deal | None:
        """The deal to draw: the one in progress, else the one just finished."""
        if self.session.current is not None:
            return self.session.current
        return self.last_record.deal if self.last_record is not None else None

    @property
    def over(self) -> bool:
        return self.session.over

    @property
    def deal_number(self) -> int:
        return len(self.session.records) + (1 if self.session.current is not None else 0)

    def view(self) -> View | None:
        d = self.shown
        return d.view(self.human) if d is not None else None

    def end_view(self, record: DealRecord) -> View:
        """What everyone may see of a finished deal: the summary and the session table draw from it. Kept, since a
        finished deal never changes and the session table is redrawn after every move."""
        view = self._ends.get(record.number)
        if view is None:
            view = self._ends[record.number] = record.deal.view(None)
        return view

    def is_bot(self, seat: int) -> bool:
        return seat != self.human

    def start_deal(self, deck: Sequence[int] | None = None) -> Deal | None:
        """Deal the next hand; None when the session is over (or cannot go on: someone cannot pay the ante)."""
        if self.session.over:
            return None
        if deck is None and self._decks:
            deck = self._decks.pop(0)
        try:
            deal = self.session.new_deal(deck)
        except LooError:
            if self.session.over:
                return None
            raise
        self._fresh = deal.copy()
        self.moves = []
        return deal

    def human_to_act(self) -> bool:
        d = self.deal
        return d is not None and self.human in d.seats_to_act()

    def bot_to_act(self) -> int | None:
        """The bot seat that moves next, if any. In Lou's coin declare bots commit in seat order from eldest."""
        d = self.deal
        if d is None:
            return None
        for s in d.seats_to_act():
            if self.is_bot(s):
                return s
        return None

    # --- acting ------------------------------------------------------------------------------------------

    def check(self, action: Action) -> None:
        """Raise IllegalActionError with the reason and rule ID if the human may not take ``action`` now."""
        d = self.deal
        if d is None:
            raise IllegalActionError("The deal is over; no more actions can be taken", "COMMON-4")
        if self.human not in d.seats_to_act():
            who = d.current_player()
            raise IllegalActionError(f"It is {self.names[who]}'s turn, not yours", "COMMON-4")
        d.check(action, self.human)

    def act(self, action: Action) -> Moved:
        """Apply the human's action; raises IllegalActionError (and changes nothing) if it is not legal."""
        self.check(action)
        d = self.deal
        assert d is not None
        d.apply(action, self.human)
        self.moves.append((self.human, action))
        self.dirty = True
        return Moved(self.human, action)

    def _bot(self, seat: int, d: Deal) -> Bot:
        override = self._bot_overrides.get(seat)
        if override is not None:
            return override
        spec = self.settings.bots[seat] or default_bot()
        seed = random.Random(f"{self.settings.seed}/{self.deal_number}/{len(self.moves)}/{seat}").getrandbits(63)
        return make_bot(spec, seed)

    def step_bot(self) -> tuple[Moved, str] | None:
        """Let the next bot move. Returns the move and the bot's reason, or None if no bot is to act."""
        d = self.deal
        seat = self.bot_to_act()
        if d is None or seat is None:
            return None
        view = d.view(seat)
        try:
            decision = self._bot(seat, d).decide(view)
        except Exception as e:  # a crashing bot must not take the game down with it
            decision = Decision(view.legal[0], f"(bot error: {e})")
        action = decision.action
        if not d.is_legal(action, seat):
            # A bot that breaks the rules must not stop the game: fall back to a random legal move.
            fallback = RandomBot(len(self.moves)).decide(view)
            action, decision = fallback.action, Decision(fallback.action, f"(bot error) {decision.reason}")
        d.apply(action, seat)
        self.moves.append((seat, action))
        self.dirty = True
        return Moved(seat, action), decision.reason

    def run_bots(self) -> list[Moved]:
        """Let the bots move until the human is to act or the deal is over."""
        moved: list[Moved] = []
        while True:
            step = self.step_bot()
            if step is None:
                return moved
            moved.append(step[0])

    def finish(self) -> DealRecord:
        """Book the finished deal (stacks, pool, dealer rotation) and keep it for the summary."""
        rec = self.session.finish_deal()
        self.last_record = rec
        self._fresh = None
        self.dirty = True
        return rec

    # --- hints and undo ----------------------------------------------------------------------------------

    def hint(self) -> tuple[str, Decision]:
        """What the recommended bot would do in the human's place: (bot name, decision)."""
        d = self.deal
        if d is None or not self.human_to_act():
            raise IllegalActionError("It is not your turn, so there is nothing to advise", "COMMON-4")
        try:
            bot, name = make_bot(HINT_BOT, 0), HINT_BOT
        except LooError:
            bot, name = make_bot("random", 0), "random"
        return name, bot.decide(d.view(self.human))

    def undo_available(self) -> bool:
        d = self.deal
        return (
            d is not None
            and self._fresh is not None
            and all(self.is_bot(s) for s in range(len(self.names)) if s != self.human)
            and any(seat == self.human for seat, _ in self.moves)
        )

    def undo(self) -> Deal:
        """Take back the human's last action and every bot move after it, by replaying the deal without them."""
        d = self.deal
        if d is None or self._fresh is None:
            raise LooError("There is no deal in progress to undo in.")
        if not self.undo_available():
            raise LooError("You have not acted yet in this deal, so there is nothing to undo.")
        last = max(i for i, (seat, _) in enumerate(self.moves) if seat == self.human)
        rebuilt = self.replay(self.moves[:last])
        self.dirty = True
        return rebuilt

    def replay(self, actions: Sequence[tuple[int, Action]]) -> Deal:
        """Make the deal in progress the deal as dealt with ``actions`` applied (undo, and resuming a save).
        Raises LooError, and changes nothing, if one of them is illegal."""
        if self._fresh is None:
            raise LooError("There is no deal in progress to replay.")
        deal = self._fresh.copy()  # the copy carries the deal's random state, so reshuffles come out the same
        for seat, action in actions:
            deal.apply(action, seat)
        self.session.current = deal
        self.moves = list(actions)
        return deal

    # --- save, resume, export ----------------------------------------------------------------------------

    def history_records(self) -> list[dict[str, Any]]:
        """The finished deals in the hand-history format (docs/hand-history.md)."""
        louse = shape_of(self.rules).scores_points  # Louse records its match totals
        return [
            history.deal_to_record(
                rec.deal,
                number=rec.number,
                names=self.names,
                seed=rec.seed,
                session=self.settings.session_id,
                totals_after=rec.totals_after if louse else None,
            )
            for rec in self.session.records
        ]

    def export_history(self, path: str | Path) -> int:
        """Write the finished deals as JSON Lines; returns how many."""
        records = self.history_records()
        Path(path).parent.mkdir(parents=True, exist_ok=True)  # the data folder's histories/, on the first export
        with Path(path).open("w", encoding="utf-8") as fp:
            return history.write(records, fp)

    def current_record(self) -> dict[str, Any] | None:
        """The deal in progress as a hand-history record (its result null), or None between deals."""
        d = self.deal
        if d is None:
            return None
        number = len(self.session.records) + 1
        return history.deal_to_record(d, number=number, names=self.names, session=self.settings.session_id)

    def to_save(self) -> dict[str, Any]:
        return save.to_save(self)

    def save(self, path: str | Path) -> None:
        savefiles.write(self, Path(path))

    @classmethod
    def from_save(cls, data: Any, *, bots: Mapping[int, Bot] | None = None) -> Game:
        """Rebuild a saved game by replaying every deal; raises SaveError naming the first problem."""
        return save.from_save(data, bots=bots)

    @classmethod
    def load(cls, path: str | Path, *, bots: Mapping[int, Bot] | None = None) -> Game:
        return save.load(path, bots=bots)
