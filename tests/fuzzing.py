"""Shared by the fuzz tests: how many examples to run, and the counts a `make fuzz` run reports.

``LANTERLOO_FUZZ_SCALE`` multiplies every fuzz test's examples (1 in the ordinary suite, which takes seconds;
`make fuzz` sets it higher). ``LANTERLOO_FUZZ_REPORT`` names a JSON Lines file each fuzz test appends its counts to.
"""

from __future__ import annotations

import json
import os
from collections import Counter

SCALE = max(1, int(os.environ.get("LANTERLOO_FUZZ_SCALE", "1") or "1"))


def examples(base: int) -> int:
    return base * SCALE


def report(name: str, counts: Counter[str]) -> None:
    path = os.environ.get("LANTERLOO_FUZZ_REPORT")
    if path:
        with open(path, "a", encoding="utf-8") as fp:
            fp.write(json.dumps({"test": name, "scale": SCALE, **counts}) + "\n")
