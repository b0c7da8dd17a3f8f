"""``mtgjudge bench``: one JSON object with the measurements, progress on
stderr. Run here on tiny inputs; the real measurements are in the README."""

from __future__ import annotations

import json

import pytest

from mtgjudge import bench, cli

TINY = {
    "combats": 3_000,
    "queries": 3_000,
    "parties": 5_000,
    "single": 200,
    "reference": 20,
    "seconds": 0.01,
}


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bench.SIZES, "quick", TINY)


def test_bench_json(tiny: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", "--quick", "--json"]) == 0
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    for kernel in ("combat", "cost", "party"):
        entry = report[kernel]
        for key in ("rust_per_s", "rust_parallel_per_s", "reference_per_s", "ratio"):
            assert entry[key] > 0, (kernel, key)
        assert entry["ratio"] == pytest.approx(entry["rust_per_s"] / entry["reference_per_s"])
    assert report["combat"]["single_us"] > 0
    assert report["machine"]["cores"] >= 1
    assert set(report["targets"]) and all(isinstance(v, bool) for v in report["targets"].values())
    # Progress goes to stderr, and only there.
    assert "bench: combat: batch on 1 thread" in captured.err
    assert "bench:" not in captured.out


def test_bench_table(tiny: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", "--quick"]) == 0
    out = capsys.readouterr().out
    assert "batch, 1 thread" in out and "reference" in out
    assert "one combat through _core.Combat" in out
    assert ("met " in out) or ("MISS" in out)
