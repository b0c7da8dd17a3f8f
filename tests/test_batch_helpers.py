"""The batch helpers of ``mtgjudge.batch`` (issue 11, section 4): plain
combats to columns with located errors, results as data frames (pandas or
polars) with keyword masks decoded, and random combats."""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
import pytest

from mtgjudge import _core, batch
from mtgjudge.errors import InvalidInputError

BEAR = {"controller": 0, "power": 2, "toughness": 2, "attack": True}


def combat_with(**changes: Any) -> list[dict]:
    creature = {**BEAR, **changes}
    return [{"creatures": [BEAR]}, {"life": (20, 5), "creatures": [BEAR, creature]}]


# ----- combat_columns: every error says where -----


@pytest.mark.parametrize(
    ("combats", "message"),
    [
        ([{"life": (20, 20)}], "combat 0: missing key 'creatures'"),
        (
            [{"creatures": [BEAR]}, {"creatures": [{"controller": 0}]}],
            "combat 1, creature 0: missing key 'power'",
        ),
        (
            combat_with(power=40_000),
            "combat 1, creature 1, key 'power': 40000 is out of range (-32768 to 32767)",
        ),
        (combat_with(toughness="3"), "combat 1, creature 1, key 'toughness': an integer, not str"),
        (combat_with(damage=1.5), "combat 1, creature 1, key 'damage': an integer, not float"),
        (
            combat_with(keywords=["flyng"]),
            "combat 1, creature 1, key 'keywords': unknown keyword 'flyng'",
        ),
        (
            combat_with(keywords=2**40),
            "combat 1, creature 1, key 'keywords': 1099511627776 is out of range (0 to 4294967295)",
        ),
        (combat_with(blocks=2**15), "combat 1, creature 1, key 'blocks': 32768 is out of range"),
        (
            combat_with(controller=-1),
            "combat 1, creature 1, key 'controller': -1 is out of range (0 to 255)",
        ),
        (combat_with(attack="yes"), "combat 1, creature 1, key 'attack': True or False, not str"),
        (combat_with(attacks=True), "combat 1, creature 1: unknown key 'attacks'"),
        ([{"life": (20,), "creatures": []}], "combat 0, key 'life': two life totals"),
        (
            [{"life": (20, 2**31), "creatures": []}],
            "combat 0, key 'life': 2147483648 is out of range",
        ),
        ([{"creatures": [], "lives": (1, 2)}], "combat 0: unknown key 'lives'"),
        ([{"creatures": [5]}], "combat 0, creature 0: a creature is a dict"),
        ([[]], "combat 0: a combat is a dict"),
    ],
)
def test_combat_columns_errors_name_the_combat_the_creature_and_the_key(
    combats: list, message: str
) -> None:
    with pytest.raises(InvalidInputError) as raised:
        batch.combat_columns(combats)
    assert message in str(raised.value)


def test_combat_columns_still_builds_columns() -> None:
    columns = batch.combat_columns(combat_with(keywords=["flying", "lifelink"], blocks=-1))
    assert columns["offsets"].tolist() == [0, 1, 3]
    assert columns["life"].tolist() == [[20, 20], [20, 5]]
    assert columns["keywords"][2] == batch.keyword_mask(["flying", "lifelink"])
    assert {name: array.dtype for name, array in columns.items()} == batch.COMBAT_COLUMNS
    assert batch.combat_columns(combat_with(keywords=3))["keywords"][2] == 3


# ----- tables -----


def small_batch() -> tuple[dict, dict]:
    columns = batch.combat_columns(
        [
            {
                "life": (20, 3),
                "creatures": [
                    {**BEAR, "power": 3, "toughness": 3, "keywords": ["double strike", "lifelink"]}
                ],
            },
            {
                "creatures": [
                    {**BEAR, "keywords": ["flying"]},
                    {"controller": 1, "power": 1, "toughness": 1, "blocks": 0},
                ]
            },
        ]
    )
    return columns, batch.resolve_combats(columns)


def test_keyword_masks_decode_to_names() -> None:
    masks = np.array([0, batch.keyword_mask(["flying", "trample"]), 0], np.uint32)
    assert batch.keyword_names(masks) == [(), ("flying", "trample"), ()]
    assert batch.keyword_names(batch.keyword_mask(["reach"])) == ("reach",)
    with pytest.raises(InvalidInputError, match="unknown keyword bits"):
        batch.keyword_names(np.array([1 << 30], np.uint32))


@pytest.mark.parametrize("library", ["pandas", "polars"])
def test_results_as_tables(library: str) -> None:
    pytest.importorskip(library)
    columns, results = small_batch()
    combats, creatures = batch.combat_tables(columns, results, library=library)
    if library == "polars":
        combats, creatures = combats.to_dict(as_series=False), creatures.to_dict(as_series=False)
        creatures["keywords"] = [tuple(names) for names in creatures["keywords"]]
    else:
        combats, creatures = combats.to_dict("list"), creatures.to_dict("list")
        # pandas keeps a missing string as NaN.
        combats["status_rule"] = [r if isinstance(r, str) else None for r in combats["status_rule"]]
    assert combats == {
        "combat": [0, 1],
        "life_0": [20, 20],
        "life_1": [3, 20],
        "life_after_0": [23, 20],
        "life_after_1": [0, 20],
        "life_gained_0": [3, 0],
        "life_gained_1": [0, 0],
        "status": ["resolved", "block:flying"],
        "status_rule": [None, "702.9b"],
        "game_over": [True, False],
        "winner": [0, -1],
    }
    assert creatures == {
        "combat": [0, 1, 1],
        "creature": [0, 0, 1],
        "controller": [0, 0, 1],
        "power": [3, 2, 1],
        "toughness": [3, 2, 1],
        "damage": [0, 0, 0],
        "keywords": [("double strike", "lifelink"), ("flying",), ()],
        "attack": [True, True, False],
        "blocks": [-1, -1, 0],
        "damage_after": [0, 0, 0],
        "died": [False, False, False],
    }


def test_tables_need_their_library(monkeypatch: pytest.MonkeyPatch) -> None:
    columns, results = small_batch()
    for library in ("pandas", "polars"):
        monkeypatch.setitem(sys.modules, library, None)
        with pytest.raises(ImportError, match=f"needs {library}: pip install {library}"):
            batch.combat_tables(columns, results, library=library)
    with pytest.raises(InvalidInputError, match="library must be 'pandas' or 'polars'"):
        batch.combat_tables(columns, results, library="numpy")
    other = batch.resolve_combats(batch.sample_combats(3))
    with pytest.raises(InvalidInputError, match="results of another batch"):
        batch.combat_tables(columns, other)


# ----- sample_combats -----


def test_sampled_combats_are_legal_and_mixed() -> None:
    columns = batch.sample_combats(50_000, seed=4)
    assert {name: array.dtype for name, array in columns.items()} == batch.COMBAT_COLUMNS
    assert all(array.flags.c_contiguous for array in columns.values())
    assert len(columns["offsets"]) == 50_001 and len(columns["keywords"]) == 200_000
    results = batch.resolve_combats(columns)
    # The blocks are made legal (flying, menace): every combat resolves.
    assert (results["status"] == 0).all()
    keywords = columns["keywords"].reshape(-1, 4)
    bit = {name: 1 << i for i, name in enumerate(_core.KEYWORDS)}
    # About the chances of the docstring: 15% of attackers fly, 20% of
    # blockers have reach, no blocker has trample.
    assert 0.13 < np.mean(keywords[:, :2] & bit["flying"] != 0) < 0.17
    assert 0.18 < np.mean(keywords[:, 2:] & bit["reach"] != 0) < 0.22
    assert not np.any(keywords[:, 2:] & bit["trample"])
    power = columns["power"]
    assert power.min() == 1 and power.max() == 6
    blocks = columns["blocks"].reshape(-1, 4)
    assert (blocks[:, :2] == -1).all() and 0.6 < np.mean(blocks[:, 2:] >= 0) < 0.75
    # The same seed, the same combats; another seed, others.
    again = batch.sample_combats(50_000, seed=4)
    assert all(np.array_equal(columns[name], again[name]) for name in columns)
    assert not np.array_equal(batch.sample_combats(50_000, seed=5)["keywords"], columns["keywords"])
