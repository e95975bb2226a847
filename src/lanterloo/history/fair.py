"""A deal's fair seed in a hand history: the optional ``fair`` field, and the checks that prove it
(docs/fair-deals.md, docs/hand-history.md).

A deal dealt from a published seed records ``"fair": {"seed", "commitment", "procedure"}``. Two things are then
checked, by ``loo verify-deal`` and by every verifier of the file: the seed hashes to the commitment that was
published before the deal, and the seed's deck (``fairdeal.deck_from_seed``) is exactly the deck recorded, card
for card, so the hands, the Miss and the stock dealt from it are the seed's. Each failure is one plain sentence,
shared by both callers so that they word it alike.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from lanterloo import fairdeal
from lanterloo.rules import Rules

#: The fields of ``fair``, in the order the writer emits them; a reader refuses any other.
FAIR_FIELDS = ("seed", "commitment", "procedure")
#: Where the procedure is told in words, for every sentence that points a reader to it.
FAIR_DOC = "docs/fair-deals.md"
#: A seed or a commitment as a history writes it: 32 bytes as 64 lower-case hex digits, one spelling only.
HEX64 = re.compile(r"[0-9a-f]{64}")


def fair_record(seed: str) -> dict[str, str]:
    """The ``fair`` object of a deal dealt from ``seed`` (refused in one sentence unless 64 hex digits)."""
    seed = seed.lower() if isinstance(seed, str) else seed
    return {"seed": seed, "commitment": fairdeal.commitment(seed), "procedure": fairdeal.PROCEDURE}


def fair_form_error(fair: Any) -> str | None:
    """What is wrong with the form of a ``fair`` value, as a clause, or None when it has the documented form."""
    if not isinstance(fair, dict):
        return "must be an object"
    if sorted(fair) != sorted(FAIR_FIELDS):
        return 'must hold "seed", "commitment" and "procedure" and nothing else'
    for key in ("seed", "commitment"):
        if not (isinstance(fair[key], str) and HEX64.fullmatch(fair[key])):
            return f"has a {key} that is not 64 lower-case hexadecimal digits"
    if not (isinstance(fair["procedure"], str) and fair["procedure"]):
        return "has a procedure that is not a name"
    return None


def seed_mismatch(seed: str, commitment: str) -> str | None:
    """The sentence for a seed that does not hash to its commitment (case aside), or None when it does."""
    actual = hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    if actual == commitment.lower():
        return None
    return (
        f"the seed does not match the commitment published before the deal: SHA-256 of the seed is "
        f"{actual[:16]}…, the commitment is {commitment.lower()[:16]}…"
    )


def fair_problems(fair: dict[str, Any], rules: Rules, players: int, deck: list[str]) -> list[str]:
    """Every way the recorded seed fails to prove the recorded deck, one clause each; empty when it proves it.

    ``fair`` has its documented form already (``fair_form_error``); ``deck`` is the record's deck as written.
    """
    procedure = fair["procedure"]
    if procedure != fairdeal.PROCEDURE:
        return [
            f"the seed names the procedure {procedure[:40]!r}, which this version of lanterloo does not know (it "
            f"knows {fairdeal.PROCEDURE!r}), so it cannot be checked"
        ]
    problems = []
    mismatch = seed_mismatch(fair["seed"], fair["commitment"])
    if mismatch is not None:
        problems.append(mismatch)
    want = [str(c) for c in fairdeal.deck_from_seed(rules, players, fair["seed"])]
    if deck != want:
        if len(deck) != len(want):
            problems.append(
                f"the seed does not give the deck dealt: the seed's deck has {len(want)} cards, the recorded one "
                f"{len(deck)}"
            )
        else:
            at = next(i for i, (a, b) in enumerate(zip(deck, want, strict=True)) if a != b)
            problems.append(
                f"the seed does not give the deck dealt: card {at + 1} of the deck is {want[at]} by the seed but "
                f"{deck[at][:8]} in the history"
            )
    return problems
