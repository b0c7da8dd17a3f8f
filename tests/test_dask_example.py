"""The Dask example (``examples/dask_combats.py``) gives the same results as
one call, on Dask's local schedulers."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from mtgjudge import batch

pytest.importorskip("dask")

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "dask_combats.py"


def load_example():
    spec = importlib.util.spec_from_file_location("dask_combats", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("scheduler", ["threads", "synchronous"])
def test_the_dask_example_matches_one_call(scheduler: str) -> None:
    example = load_example()
    columns = batch.sample_combats(30_000, seed=3)
    expected = batch.resolve_combats(columns)
    results = example.resolve_with_dask(columns, pieces=5, scheduler=scheduler)
    for name, array in expected.items():
        np.testing.assert_array_equal(results[name], array)


def test_the_example_runs_as_a_script(capsys: pytest.CaptureFixture[str]) -> None:
    example = load_example()
    results = example.main(["--combats", "5000", "--pieces", "3"])
    assert results["status"].shape == (5000,)
    assert "5,000 combats on Dask (threads, 3 pieces)" in capsys.readouterr().out


def test_split_combats_keeps_every_combat_whole() -> None:
    columns = batch.combat_columns(
        [
            {"creatures": [{"controller": 0, "power": 1, "toughness": 1}] * n}
            for n in (3, 0, 5, 1, 0)
        ]
    )
    for parts in (1, 2, 3, 10):
        pieces = batch.split_combats(columns, parts)
        assert sum(len(p["offsets"]) - 1 for p in pieces) == 5
        assert all(p["offsets"][0] == 0 for p in pieces)
        assert np.concatenate([p["power"] for p in pieces]).tolist() == columns["power"].tolist()
    assert len(batch.split_combats(batch.combat_columns([]), 4)) == 1
