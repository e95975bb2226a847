"""bench/ladder.py: each row of a preset's ladder is the tournament its command names, read the right way round."""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/ sits beside src/, not inside it

from bench import ladder

from lanterloo.rules import rules_with
from lanterloo.tournament import Plan, run

ROW = re.compile(r"^\| (\w+) \| ([+-]\d+\.\d) \[([+-]\d+\.\d), ([+-]\d+\.\d)\] \| (.+) \|$")


def _rows(variant: str) -> dict[str, tuple[float, float, float, str]]:
    lines = ladder.ladder(variant, styles=6, search=2, hard=0, seed=5, workers=1)
    assert lines[1] == "|---|---|---|"
    out = {}
    for line in lines[2:]:
        m = ROW.match(line)
        assert m, line
        out[m[1]] = (float(m[2]), float(m[3]), float(m[4]), m[5])
    return out


def test_the_styles_rows_are_balanced_leads_turned_round() -> None:
    rows = _rows("three-card")
    assert set(rows) == {"cautious", "bold", "random", "easy", "medium"}  # --hard 0 leaves hard out
    res = run(Plan(rules_with("three-card"), 5, ladder.STYLES, 6, 5))
    for lead in res.versus:
        mean, low, high, _ = rows[lead.label]
        assert mean == round(-lead.per_100, 1)
        assert (low, high) == (round(-lead.high, 1), round(-lead.low, 1))
    assert "-b balanced,cautious,bold,random -d 6 -s 5" in "".join(r[3] for r in rows.values())


def test_a_search_row_is_its_lead_over_balanced_and_louse_reads_fewer_points_as_better() -> None:
    rows = _rows("louse")
    res = run(Plan(rules_with("louse"), 4, ("easy", "balanced"), 2, 5))
    mean, _, _, cmd = rows["easy"]
    assert mean == round(res.versus[0].per_100, 1)  # the tournament's lead already counts fewer points as better
    assert cmd == "`loo tournament -v louse -b easy,balanced -d 2 -s 5`"
