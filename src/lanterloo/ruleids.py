"""The catalogue of rule IDs: every rule the engine enforces, its title and where it comes from.

Rule IDs are stable. Errors, events and tests cite them; ``docs/rules/`` explains each one. Tests check that every
ID here has a section in the docs (tests/test_docs_rules.py) and a test named after it, and that neither the engine
(any string in any module under src/lanterloo/) nor the docs cite an ID missing from here
(tests/test_rule_catalogue.py). Write IDs out whole, "LOO-DECL-3/4" at most, so that the scan can find them.
"""

from __future__ import annotations

from typing import Final, NamedTuple


class RuleInfo(NamedTuple):
    title: str
    source: str


# The rules texts, by their keys in docs/sources.md: How to Play Loo (Lanterloo), Lou Card Game Rules, 3-Card Loo
# (a Rams card game, in Bulgarian; cited by the rows of the project's translation) and Louse. "reading A-nn" is the
# project's reading of what they leave open, listed there too.
S0 = "[LOU-RULES]"
S1 = "[LOO-RULES]"
S2 = "[RAMS-RULES]"
S4 = "[LOUSE-RULES]"

RULES: Final[dict[str, RuleInfo]] = {
    # common
    "COMMON-1": RuleInfo("A variant is a preset of rule options", "project"),
    "COMMON-2": RuleInfo("Player counts: the preset's fewest to the physical maximum", f"{S1} Players; {S2} row 2"),
    "COMMON-3": RuleInfo("Seats run clockwise; the deal passes to the left", f"{S1} Players; {S2} row 11; {S4}"),
    "COMMON-4": RuleInfo("Actions are taken in turn by the seat to act", "project"),
    "COMMON-5": RuleInfo(
        "The trick winner: highest trump, else highest card of the suit led",
        f"{S1} Gameplay 10; {S2} row 35; {S0} para 3; {S4}",
    ),
    "COMMON-6": RuleInfo("The winner of a trick leads to the next", f"{S1} Gameplay 10; {S2} row 36; {S4}"),
    "SESSION-1": RuleInfo("A session: many deals, the dealer rotating, the pool carried", f"{S1} Winning; {S2} 42-43"),
    "SESSION-2": RuleInfo(
        "A session ends after N deals, when the players stop, or when a player cannot pay",
        f"{S1} Session scoring",
    ),
    "SESSION-3": RuleInfo("Table stakes: nobody pays more than his stack", "project"),
    "SESSION-4": RuleInfo(
        "After the last agreed deal, play on until the pool is empty", f"{S1} Session scoring; reading A-26"
    ),
    # Loo: deal and stakes
    "LOO-ANTE-1": RuleInfo("Who antes, and how much", f"{S1} Setup 1; {S2} row 12"),
    "LOO-DEAL-1": RuleInfo("Each player is dealt 3 cards (5 in five-card Loo)", f"{S1} Setup 2; {S2} row 12"),
    "LOO-DEAL-2": RuleInfo("The Miss: an extra hand dealt face down", f"{S1} Setup 3; {S2} rows 12-13"),
    "LOO-TRUMP-1": RuleInfo("The card after the deal is turned up; its suit is trumps", f"{S1} Setup 3; {S2} row 14"),
    # Loo: declaration
    "LOO-DECL-1": RuleInfo(
        "Declare in turn from the dealer's left: pass, play, or take the Miss",
        f"{S1} Gameplay 1; {S2} rows 19-20",
    ),
    "LOO-DECL-2": RuleInfo(
        "Only one player may take the Miss, unseen; he must then play", f"{S1} Gameplay 1; {S2} rows 21-22"
    ),
    "LOO-DECL-3": RuleInfo("All pass before the dealer: the dealer takes the pool without play", f"{S2} row 23"),
    "LOO-DECL-4": RuleInfo("One player alone in the deal takes the pool without play", f"{S2} row 24"),
    "LOO-DECL-5": RuleInfo("One player stands on his own hand: the dealer may not pass", f"{S2} rows 25-26"),
    "LOO-DECL-6": RuleInfo(
        "The dealer defends the Miss: he plays it for the pool, winning and losing nothing",
        f"{S2} rows 26-27",
    ),
    "LOO-DECL-7": RuleInfo("Club Law: when clubs are trumps everyone must play", "rule books (reading A-25)"),
    "LOO-DECL-8": RuleInfo(
        "Bold Stand: nobody may pass a pool of nothing but this deal's antes",
        f"{S1} Gameplay 3, Variations, Glossary",
    ),
    "LOO-DECL-9": RuleInfo("A decision is final", f"{S1} Gameplay 1; {S2} row 22"),
    # Loo: leads
    "LOO-LEAD-1": RuleInfo("The eldest active player leads to the first trick", f"{S1} Gameplay 4; {S2} row 29"),
    "LOO-LEAD-2": RuleInfo(
        "The leader must lead the ace of trumps (the king if the ace is turned up)",
        f"{S1} Gameplay 4; {S2} row 30",
    ),
    "LOO-LEAD-3": RuleInfo("Trump-lead duty on the first trick", f"{S2} rows 30-31; rule books (reading A-14)"),
    "LOO-LEAD-4": RuleInfo("The trump led must be the highest when only two hands are in play", f"{S2} row 30"),
    "LOO-LEAD-5": RuleInfo("The winner of a trick must lead a trump to the next", f"{S2} row 36"),
    # Loo: play
    "LOO-PLAY-1": RuleInfo("Follow suit if able", f"{S1} Gameplay 5; {S2} row 33"),
    "LOO-PLAY-2": RuleInfo("Head the trick: beat the best card on the table if able", f"{S1} Gameplay 7; {S2} row 32"),
    "LOO-PLAY-3": RuleInfo("Void in the suit led: trump if able", f"{S1} Gameplay 6; {S2} row 33"),
    "LOO-PLAY-4": RuleInfo("A trick already trumped: overtrump if able", f"{S1} Gameplay 7; {S2} row 32"),
    "LOO-PLAY-5": RuleInfo("Void and unable to overtrump: still play a trump", f"{S1} Gameplay 6; {S2} row 33"),
    # Loo: pool
    "LOO-POOL-1": RuleInfo("Each trick takes an equal share of the pool", f"{S1} Scoring 1; {S2} row 39"),
    "LOO-POOL-2": RuleInfo("A pool that does not divide: the remainder", f"{S0} para 2; reading A-11"),
    "LOO-POOL-3": RuleInfo(
        "Looed: a player who played and took no trick pays the loo",
        f"{S1} Scoring 3, Variations; {S2} row 40",
    ),
    "LOO-POOL-4": RuleInfo("The next pool: what stays, the loos, and the next antes", f"{S1} Scoring 3; {S2} row 40"),
    # Irish
    "IRISH-TRUMP-1": RuleInfo("Irish Loo: no turn-up; the first card led sets trumps", f"{S1} Variations"),
    # five-card / Pam
    "PAM-1": RuleInfo("Pam (J♣) is a trump, the highest card in the pack", f"{S1} Card Deck"),
    "PAM-2": RuleInfo("Pam, be civil: Pam may not take an ace of trumps led with the call", f"{S1} Gameplay 8"),
    "PAM-3": RuleInfo("Forced first lead of Pam or the ace of trumps (option)", f"{S1} Gameplay 4"),
    "PAM-4": RuleInfo("Pam's privileges (option)", "rule books (reading A-06)"),
    "PAM-EXCH-1": RuleInfo("A player who plays may exchange once from the stock", f"{S1} Setup 4, Gameplay 2"),
    "PAM-EXCH-2": RuleInfo("The stock runs short", "reading A-05"),
    "PAM-FLUSH-1": RuleInfo("A flush: five of a suit, or four and Pam", f"{S1} Gameplay 9"),
    "PAM-FLUSH-2": RuleInfo("Flush ranking: Pam-flush, then trumps, then a plain flush", f"{S1} Scoring 5"),
    "PAM-FLUSH-3": RuleInfo("A flush sweeps the pool and loos the others who stayed in", f"{S1} Scoring 4"),
    "PAM-POOL-1": RuleInfo("Five shares, one per trick", f"{S1} Scoring 2"),
    # Lou
    "LOU-ANTE-1": RuleInfo("Everyone antes at the start of a game; the pot is split into three piles", f"{S0} para 2"),
    "LOU-ANTE-2": RuleInfo("The dealer sets the ante, a multiple of 3, within the table's limits", f"{S0} para 2"),
    "LOU-DECL-1": RuleInfo("In or Out: by coin declare, all at once in secret", f"{S0} paras 3, 5"),
    "LOU-DECL-2": RuleInfo("Nobody, or only one player, In", "reading A-18"),
    "LOU-LEAD-1": RuleInfo("The first In player leads, or the turn-up's value counts the leader", f"{S0} paras 3, 6"),
    "LOU-LEAD-2": RuleInfo("Who leads the later tricks", "reading A-17"),
    "LOU-PLAY-1": RuleInfo("Beat the best card if able, otherwise throw anything", f"{S0} para 3"),
    "LOU-PAY-1": RuleInfo("Format A: a pile per trick; trickless In players match the pot", f"{S0} para 4"),
    "LOU-PAY-2": RuleInfo("Format B: two tricks take the pot; every other In player matches", f"{S0} last para"),
    "LOU-PAY-3": RuleInfo("Format C: two tricks take the pot; trickless players match", f"{S0} last para"),
    "LOU-PAY-4": RuleInfo("Nobody takes two tricks (formats B and C)", "reading A-02"),
    "LOU-GAME-1": RuleInfo("A game ends when every In player took a trick; everyone antes again", f"{S0} para 4"),
    "LOU-DRAW-1": RuleInfo("The optional draw", f"{S0} para 1; reading A-16"),
    # Louse
    "LOUSE-DECK-1": RuleInfo("32 cards, 7 to ace; plain suits rank 7 8 9 10 Q K A", S4),
    "LOUSE-DEAL-1": RuleInfo("Eight cards each, dealt 3-2-3; the player left of the dealer leads", S4),
    "LOUSE-PLAY-1": RuleInfo("The jacks are a trump suit of their own; follow the suit led, else anything", S4),
    "LOUSE-PLAY-2": RuleInfo("Jacks rank ♣ < ♠ < ♥ < ♦; a jack takes any plain trick", S4),
    "LOUSE-SCORE-1": RuleInfo("Card points: A 11, 10 10, K 4, Q 2, J 2", S4),
    "LOUSE-SCORE-2": RuleInfo("Queen bonuses: ♣Q 300, ♠Q 200, ♥Q 100", S4),
    "LOUSE-SCORE-3": RuleInfo("The queen of diamonds cancels its taker's queen points", f"{S4}; reading A-09"),
    "LOUSE-MATCH-1": RuleInfo("The first to reach 1500 penalty points loses the match", S4),
    "LOUSE-MATCH-2": RuleInfo("Several players reach the target in the same deal", "reading A-28"),
    "LOUSE-3P-1": RuleInfo("Louse for three players (option)", f"{S4} Note; reading A-10"),
}


def title(rule_id: str) -> str:
    return RULES[rule_id].title
