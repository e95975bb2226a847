"""How a game is played, in a few plain sentences generated from the rules values (``loo rules`` prints them before
the options), so a house rule changes the text: declaring, the duties when leading and following, the shares,
what being looed costs, and how the game ends. Each sentence ends with the rule it states."""

from __future__ import annotations

from lanterloo.rules.options import Rules


def _cost(r: Rules) -> str:
    if r.loo_penalty == "pool":
        return "as much as the pool held (Unlimited Loo)"
    if r.loo_penalty == "capped":
        return f"as much as the pool held, but at most {r.loo_amount} chips"
    return f"a fixed {r.loo_amount} chips"


def _antes(r: Rules, when: str) -> str:
    if r.dealer_sets_ante:
        who = {"everyone": "everyone antes", "dealer": "the dealer antes", "everyone_dealer_double": "everyone antes"}
        double = " (the dealer twice that)" if r.ante_mode == "everyone_dealer_double" else ""
        return (
            f"{when}, the dealer first sets the ante, a multiple of 3 from {r.lou_ante_min} to {r.lou_ante_max} "
            f"chips and no more than the poorest player can pay, and {who[r.ante_mode]} that{double} (LOU-ANTE-2)."
        )
    if r.ante == 0:
        return "Nobody antes."
    if r.ante_mode == "dealer":
        return f"{when}, the dealer antes {r.ante} chips."
    if r.ante_mode == "everyone_dealer_double":
        return f"{when}, everyone antes {r.ante} chips and the dealer {2 * r.ante}."
    return f"{when}, everyone antes {r.ante} chips."


def _loo(r: Rules) -> list[str]:
    out: list[str] = []
    deal = f"{_antes(r, 'Before each deal')} Each player is dealt {r.hand_size} cards"
    if r.miss:
        deal += ", and a spare hand, the Miss, is dealt face down"
    out.append(deal + " (LOO-ANTE-1, LOO-DEAL-1).")
    if r.has_turnup:
        out.append("The next card is turned up: its suit is trumps (LOO-TRUMP-1).")
    else:
        out.append("Nothing is turned up: the suit of the first card led is trumps (IRISH-TRUMP-1).")
    if r.pam != "none":
        which = "the jack of clubs" if r.pam == "jack_of_clubs" else "the jack of the trump suit"
        out.append(f"Pam, {which}, is the highest trump (PAM-1).")

    declare = "In turn from the dealer's left, each player passes (and is out of the deal) or plays"
    if r.miss:
        declare += ", or takes the Miss unseen in place of his hand and must then play"
    out.append(declare + "; a decision is final (LOO-DECL-1, LOO-DECL-9).")
    if r.exchange != "none":
        when = "at his turn" if r.exchange == "own_turn" else "once everyone has declared"
        out.append(f"A player who plays may exchange cards from the stock {when} (PAM-EXCH-1).")
    forced = []
    if r.club_law and r.has_turnup:
        forced.append("when clubs are trumps everyone must play (Club Law, LOO-DECL-7)")
    if r.bold_stand != "off":
        who = "nobody" if r.bold_stand == "everyone" else "neither the dealer nor the player before him"
        forced.append(f"when the pool holds only this deal's antes, {who} may pass (Bold Stand, LOO-DECL-8)")
    if forced:
        text = " and ".join(forced)
        out.append(text[0].upper() + text[1:] + ".")
    dealer = []
    if r.dealer_takes_all_pass:
        dealer.append("if all before the dealer pass, he takes the pool without play (LOO-DECL-3)")
    if r.lone_player == "dealer_must_play":
        dealer.append("if exactly one player before him plays, the dealer may not pass (LOO-DECL-5)")
    dealer.append("a player left alone in the deal takes the pool without play (LOO-DECL-4)")
    if r.miss and r.defend_miss != "never":
        dealer.append("the dealer may defend the Miss, playing it for the pool without winning or losing (LOO-DECL-6)")
    out.append("Declaring ends: " + "; ".join(dealer) + ".")

    lead = []
    if r.has_turnup and r.first_lead_forced:
        lead.append(
            "the first leader must lead the ace of trumps if he holds it (the king if the ace is turned up; LOO-LEAD-2)"
        )
    if r.has_turnup and r.first_trump_lead != "none":
        duty = {
            "two_trumps": "if he holds two or more",
            "any_trump": "if he holds any",
            "heads_up_only": "if he holds any and only two hands are in play",
        }[r.first_trump_lead]
        highest = {
            "never": "",
            "heads_up": ", the highest when only two hands are in play",
            "always": ", always the highest",
        }[r.trump_lead_highest]
        who = "otherwise he" if lead else "the first leader"
        lead.append(f"{who} must lead a trump {duty}{highest} (LOO-LEAD-3, LOO-LEAD-4)")
    if r.later_trump_lead != "off":
        lead.append("the winner of a trick must lead a trump to the next if he can (LOO-LEAD-5)")
    if lead:
        out.append("Leading: " + "; ".join(lead) + ".")
    else:
        out.append("The leader may lead any card (LOO-LEAD-1).")
    void = "even when he cannot beat it" if r.void_trump_duty == "always" else "only when that heads the trick"
    out.append(
        "Following: follow suit if you can, and head the trick (beat the best card) if you can; void in the suit "
        f"led, a player must trump, {void} (LOO-PLAY-1 to LOO-PLAY-5)."
    )
    if r.pam != "none":
        out.append("'Pam, be civil': an ace of trumps led with the call may not be taken by Pam (PAM-2).")

    share = f"Each trick takes {'a third' if r.tricks == 3 else 'a fifth'} of the pool"
    rest = {
        "carry": "what does not divide stays for the next pool",
        "first_trick_winner": "what does not divide goes to the first trick's winner",
        "last_trick_winner": "what does not divide goes to the last trick's winner",
        "most_tricks": "what does not divide goes to the player with the most tricks",
    }[r.remainder]
    out.append(f"{share}; {rest} (LOO-POOL-1, LOO-POOL-2).")
    if r.hand_size == 5:
        out.append("A flush (five of a suit, or four and Pam) takes the whole pool before play (PAM-FLUSH-1).")
    out.append(
        f"Looed: a player who played and took no trick pays {_cost(r)} into the next pool (LOO-POOL-3, LOO-POOL-4)."
    )
    out.append(
        "The game ends after the agreed number of deals or when a player cannot pay; the most chips wins (SESSION-2)."
    )
    return out


def _lou(r: Rules) -> list[str]:
    out = [
        f"{_antes(r, 'When a game starts')} The pot is split into three piles, one per trick; no antes are taken "
        f"again until the game ends (LOU-ANTE-1).",
        "Each player is dealt 3 cards and the next card is turned up: its suit is trumps.",
    ]
    if r.declare == "coin":
        out.append(
            "Everyone declares In or Out at once, in secret (the coin declare); Out players sit the deal out "
            "(LOU-DECL-1)."
        )
    else:
        out.append("In turn from the dealer's left, each player declares In or Out (LOU-DECL-1).")
    if r.lou_draw:
        out.append(f"In players may discard and draw up to {r.lou_draw} cards from the stock (LOU-DRAW-1).")
    if r.lou_follow_suit:
        out.append("Play follows the Loo duties: follow suit, head the trick, trump when void (LOU-PLAY-1).")
    else:
        out.append(
            "There is no duty to follow suit: beat the best card on the table if you can (a higher card of its "
            "suit, or a trump), otherwise throw any card (LOU-PLAY-1)."
        )
    match = "the whole pot" if r.lou_match_cap == 0 else f"the pot, up to {r.lou_match_cap} chips"
    payout = {
        "A": f"Each trick takes a pile; an In player who takes no trick matches the pot (pays {match} into the "
        "next pot) (LOU-PAY-1).",
        "B": f"A player who takes two or three tricks takes the pot; every other In player matches it ({match}) "
        "(LOU-PAY-2).",
        "C": f"A player who takes two or three tricks takes the pot; In players without a trick match it ({match}) "
        "(LOU-PAY-3).",
    }[r.lou_payout]
    out.append(payout)
    out.append(
        "A game ends when every In player took a trick (nobody matched); then everyone antes again for the next "
        "game (LOU-GAME-1)."
    )
    return out


def _louse(r: Rules) -> list[str]:
    rank = "7 8 9 10 Q K A" if r.louse_rank == "french" else "7 8 9 Q K 10 A"
    return [
        "32 cards, 7 to ace; each player is dealt 8 cards (3-2-3); there are no antes and nobody declares: "
        "everyone plays every deal (LOUSE-DECK-1, LOUSE-DEAL-1).",
        f"The four jacks are a trump suit of their own; plain suits rank {rank} (LOUSE-PLAY-1, LOUSE-PLAY-2).",
        "Follow the suit led if you can (a jack led calls for a jack), otherwise play anything (LOUSE-PLAY-1).",
        f"Cards taken in tricks are penalty points: A 11, 10 10, K 4, Q {r.louse_queen_points}, J 2, and the queens "
        "of clubs, spades and hearts carry bonuses (LOUSE-SCORE-1, LOUSE-SCORE-2).",
        f"The first player to reach {r.louse_target} penalty points loses the match (LOUSE-MATCH-1).",
    ]


def _session_end(r: Rules) -> str:
    if r.session_end == "exact":
        return "A session of an agreed number of deals stops after the last one, chips in the pool or not (SESSION-4)."
    until = "a game ends with an empty pot" if r.game == "lou" else "a deal leaves the pool empty"
    return f"A session of an agreed number of deals plays on after the last one until {until} (SESSION-4)."


def how_it_is_played(rules: Rules) -> list[str]:
    """A few plain sentences on how a game under ``rules`` is played."""
    if rules.game == "louse":
        return _louse(rules)
    if rules.game == "lou":
        return [*_lou(rules), _session_end(rules)]
    return [*_loo(rules), _session_end(rules)]
