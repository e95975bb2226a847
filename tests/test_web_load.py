"""The load tool (bench/load.py, ``make load``) runs whole deals through the public protocol and reports what
really happened: its count of actions is the number of actions in the tables' hand histories. No timing is
asserted; the figures themselves are measured by ``make load`` and recorded in docs/benchmarks.md."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/ sits beside src/, not inside it

from bench import load


@pytest.mark.parametrize(("procs", "ramp"), [(1, 0.0), (2, 0.5)])
def test_two_tables_play_their_deals_and_the_report_counts_the_actions_the_server_recorded(
    tmp_path: Path, procs: int, ramp: float
) -> None:
    with load.server(load.Options(deal_pause=0.0), tmp_path) as (base, pid):
        assert pid is not None
        out = io.StringIO()
        opts = load.Options(url=base, tables=2, think=0.0, deals=2, seconds=600.0, every=0.0, procs=procs, ramp=ramp)
        report = load.run(opts, out)
        tables = httpx.get(f"{base}/api/tables").json()["tables"]
        recorded = 0
        for t in tables:
            for line in httpx.get(f"{base}/api/tables/{t['table_id']}/history").text.splitlines():
                recorded += len(json.loads(line)["actions"])
    assert len(tables) == 2
    assert report.tables == 2 and report.clients == 10
    assert report.deals_finished == 4 and report.tables_done == 2
    assert report.errors == 0 and report.disconnects == 0, report.error_samples
    assert report.actions_all == recorded > 0
    assert 0 <= report.actions <= report.actions_all
    assert report.connect_s is not None
    if report.actions:
        assert report.p50_ms is not None and report.p99_ms is not None and report.max_ms is not None
        assert 0 <= report.p50_ms <= report.p99_ms <= report.max_ms
    text = out.getvalue() + "\n".join(report.lines())
    for heading in ("database", "tables", "actions", "latency", "errors", "deals finished", "cpu"):
        assert f"\n{heading} " in "\n" + text, heading
    assert "all 10 clients connected" in text


def test_a_url_that_is_not_loopback_is_refused() -> None:
    try:
        load.check_loopback("http://example.com:8000")
    except SystemExit as e:
        assert "loopback" in str(e)
    else:
        raise AssertionError("a remote URL was accepted")


def test_the_nearest_rank_percentile() -> None:
    values = [float(v) for v in range(1, 101)]
    assert load.percentile(values, 50) == 50.0
    assert load.percentile(values, 99) == 99.0
    assert load.percentile([3.0], 99) == 3.0
    assert load.percentile([], 50) is None
