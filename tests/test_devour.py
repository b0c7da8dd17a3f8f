"""Devour (702.82): as the permanent enters, its controller may sacrifice
creatures (or permanents of a quality, 702.82c); it enters with N +1/+1
counters for each, and "it devoured" (702.82b) counts them."""

from __future__ import annotations

from typing import Any

import pytest

from helpers import assert_error_names, load_test_ruling
from mtgjudge.adapters.model import ModelEngine
from mtgjudge.errors import RulingFormatError

HATCHLING = {
    "owner": "Alice",
    "power": 0,
    "toughness": 1,
    "devour": 2,
    "statics": [
        {"affects": {"itself": True}, "grant": ["flying"], "condition": {"source_devoured": True}}
    ],
}
BOARD = {
    "bear": {"controller": "Alice", "power": 2, "toughness": 2},
    "elf": {"controller": "Alice", "power": 1, "toughness": 1, "subtypes": ["Elf"]},
    "relic": {"controller": "Alice", "types": ["artifact"]},
    "wolf": {"controller": "Bob", "power": 2, "toughness": 2},
}


def run(actions, observe, hand: dict[str, Any] | None = None):
    return ModelEngine().run(
        {
            "type": "probe",
            "id": "T/p",
            "setup": {
                "players": ["Alice", "Bob"],
                "active_player": "Alice",
                "step": "precombat_main",
                "battlefield": BOARD,
                "hand": hand or {"hatchling": HATCHLING},
            },
            "actions": actions,
            "observe": observe,
        }
    )


OBSERVE = {"counters": {"hatchling": ["+1/+1"]}, "keywords": ["hatchling"], "died": True}


def cast_and_resolve(choose=None):
    resolve: Any = {"choose": {"Alice": choose}} if choose is not None else 1
    return [{"cast": {"card": "hatchling"}}, {"resolve": resolve}]


def test_it_devours():
    final = run(cast_and_resolve(["bear", "elf"]), OBSERVE)["final"]
    assert final == {
        "counters": {"hatchling": {"+1/+1": 4}},
        "keywords": {"hatchling": ["flying"]},
        "died": ["bear", "elf"],
    }


def test_devouring_nothing():
    final = run(cast_and_resolve(), {**OBSERVE, "zone": ["hatchling"]})["final"]
    assert final == {
        "counters": {"hatchling": {"+1/+1": 0}},
        "keywords": {"hatchling": []},
        "died": [],
        "zone": {"hatchling": "battlefield"},
    }


def test_it_still_devoured_once_the_counters_are_gone():
    # 702.82b: "it devoured" is what it sacrificed as it entered.
    final = run(
        [*cast_and_resolve(["elf"]), {"remove_counters": {"hatchling": ["+1/+1"]}}],
        {"keywords": ["hatchling"], "power_toughness": ["hatchling"]},
    )["final"]
    assert final == {"keywords": {"hatchling": ["flying"]}, "power_toughness": {"hatchling": "0/1"}}


@pytest.mark.parametrize("choice", [["wolf"], ["relic"]])
def test_only_creatures_it_controls(choice):
    answer = run(cast_and_resolve(choice), OBSERVE)
    assert answer["refused"]["fault"] == "action:not_a_candidate"
    assert answer["refused"]["rule"] == "702.82a"


def test_devour_a_quality():
    # 702.82c: "Devour Elf 1": only Elves.
    hand = {"hatchling": {**HATCHLING, "devour": 1, "devour_quality": {"subtypes": ["Elf"]}}}
    assert (
        run(cast_and_resolve(["bear"]), OBSERVE, hand)["refused"]["fault"]
        == "action:not_a_candidate"
    )
    final = run(cast_and_resolve(["elf"]), OBSERVE, hand)["final"]
    assert final["counters"] == {"hatchling": {"+1/+1": 1}}


HEAD = """\
id = "TEST-devour"
text = "A test ruling."
rules = ["702.82a"]
features = ["devour"]
source = { rule = "702.82a" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.bear]
controller = "Alice"
power = 2
toughness = 2

[setup.hand.hatchling]
owner = "Alice"
power = 0
toughness = 1
"""


def test_the_format_takes_devour(tmp_path):
    ruling = load_test_ruling(
        tmp_path,
        HEAD
        + "devour = 1\n"
        + 'statics = [{ affects = { itself = true }, grant = ["flying"], condition = { source_devoured = true } }]\n'
        + '[[probe]]\nid = "p"\nactions = [{ cast = { card = "hatchling" } }, { resolve = { choose = { Alice = ["bear"] } } }]\n'
        + 'expect.died = ["bear"]\n',
    )
    assert ruling.setup["hand"]["hatchling"]["devour"] == 1


def test_the_format_refuses_a_quality_without_devour(tmp_path):
    with pytest.raises(RulingFormatError) as error:
        load_test_ruling(
            tmp_path,
            HEAD
            + 'devour_quality = { subtypes = ["Elf"] }\n'
            + '[[probe]]\nid = "p"\nactions = [{ cast = { card = "hatchling" } }]\nexpect.zone = { hatchling = "stack" }\n',
        )
    assert_error_names(error.value, "setup.hand.hatchling.devour_quality")
