"""Filters on supertypes (205.4) and static abilities whose affected set is
filtered by keyword (613.1f, 613.8). Expected values come from the rules
cited beside them."""

from __future__ import annotations

from typing import Any

import pytest

from helpers import assert_error_names, load_test_ruling, model_final
from mtgjudge.errors import RulingFormatError


def creature(controller: str, power: int = 2, toughness: int = 2, **more: Any) -> dict[str, Any]:
    return {"controller": controller, "power": power, "toughness": toughness, **more}


def run(board: dict[str, Any], actions: list, observe: dict[str, Any]) -> dict[str, Any]:
    return model_final({"battlefield": board}, actions, observe)


SUPERTYPED = {
    "legend": creature("Alice", supertypes=["Legendary"]),
    "snowy": creature("Alice", supertypes=["Snow", "Legendary"]),
    "bear": creature("Bob"),
}


def first_strikers(to: dict[str, Any]) -> list[str]:
    final = run(
        SUPERTYPED,
        [{"effect": {"to": to, "grant": ["first strike"], "you": "Alice"}}],
        {"keywords": list(SUPERTYPED)},
    )
    return sorted(ref for ref, words in final["keywords"].items() if "first strike" in words)


def test_supertypes_each_must_be_there():
    # 205.4a: "legendary creatures" — the supertype as objects write it, case aside.
    assert first_strikers({"supertypes": ["Legendary"]}) == ["legend", "snowy"]
    assert first_strikers({"supertypes": ["legendary", "snow"]}) == ["snowy"]


def test_not_supertypes_is_nonlegendary():
    assert first_strikers({"types": ["creature"], "not_supertypes": ["Legendary"]}) == ["bear"]
    assert first_strikers({"not_supertypes": ["Snow"]}) == ["bear", "legend"]


KWENDE = {
    "controller": "Alice",
    "power": 2,
    "toughness": 2,
    "statics": [
        {
            "affects": {"controller": "you", "keywords": ["first strike"]},
            "grant": ["double strike"],
        }
    ],
}


def keywords_of(board: dict[str, Any], actions: list, ref: str) -> list[str]:
    return sorted(run(board, actions, {"keywords": [ref]})["keywords"][ref])


def test_a_keyword_filtered_static_sees_a_later_grant():
    # 613.8a, 613.8b: Kwende's effect depends on the first strike given
    # later, and applies after it.
    board = {"kwende": KWENDE, "bear": creature("Alice")}
    assert keywords_of(board, [], "bear") == []
    grant = [{"grant": {"bear": ["first strike"]}}]
    assert keywords_of(board, grant, "bear") == ["double strike", "first strike"]


def test_dependency_overrides_timestamps_but_not_between_independent_effects():
    board = {"kwende": KWENDE, "archer": creature("Alice", keywords=["first strike"])}
    # Losing first strike changes what Kwende's effect applies to (613.8a).
    assert keywords_of(board, [{"lose": {"archer": ["first strike"]}}], "archer") == []
    # Losing double strike doesn't: timestamp order, the later loss wins (613.7).
    lose = [{"lose": {"archer": ["double strike"]}}]
    assert keywords_of(board, lose, "archer") == ["first strike"]


def test_a_chain_of_keyword_filtered_statics():
    # "Creatures you control with flying have first strike" and Kwende: the
    # flying given later reaches both, in dependency order (613.8b, 613.8c).
    hawk_lord = {
        "controller": "Alice",
        "power": 1,
        "toughness": 1,
        "statics": [
            {"affects": {"controller": "you", "keywords": ["flying"]}, "grant": ["first strike"]}
        ],
    }
    board = {"kwende": KWENDE, "lord": hawk_lord, "bear": creature("Alice")}
    grant = [{"grant": {"bear": ["flying"]}}]
    assert keywords_of(board, grant, "bear") == ["double strike", "first strike", "flying"]


def test_a_pump_filtered_by_keyword_sees_layer_6_done():
    # 613.1f before 613.4c: "creatures with flying get +1/+1" sees flying
    # given by an effect of any timestamp.
    anthem = {
        "controller": "Alice",
        "power": 1,
        "toughness": 1,
        "statics": [{"affects": {"keywords": ["flying"]}, "pump": "+1/+1"}],
    }
    board = {"anthem": anthem, "bear": creature("Bob")}
    final = run(board, [{"grant": {"bear": ["flying"]}}], {"power_toughness": ["bear"]})
    assert final["power_toughness"]["bear"] == "3/3"
    assert run(board, [], {"power_toughness": ["bear"]})["power_toughness"]["bear"] == "2/2"


HEAD = """\
id = "TEST-keyword-filter"
text = "A test ruling."
rules = ["613.8a"]
features = ["static_abilities"]
source = { rule = "613.8a" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.lord]
controller = "Alice"
power = 1
toughness = 1
statics = [%s]

[[probe]]
id = "p"
actions = []
expect.life = { Bob = 1 }
"""


@pytest.mark.parametrize(
    "static",
    [
        # Several filters, one by keyword.
        '{ affects = [{ keywords = ["flying"] }, { subtypes = ["Bear"] }], grant = ["reach"] }',
        # A type change is applied before abilities (613.1d).
        '{ affects = { keywords = ["flying"] }, add_subtypes = ["Zombie"] }',
        # A condition on keywords.
        '{ affects = { controller = "you" }, grant = ["reach"], condition = { source_has = ["flying"] } }',
        # Power is layer 7.
        '{ affects = { keywords = ["flying"], power_at_least = 2 }, grant = ["reach"] }',
    ],
)
def test_other_keyword_looks_are_refused(tmp_path, static):
    with pytest.raises(RulingFormatError) as raised:
        load_test_ruling(tmp_path, HEAD % static)
    assert_error_names(raised.value, "setup.battlefield.lord.statics[0]", "depends on other")


def test_a_single_keyword_filter_is_accepted(tmp_path):
    load_test_ruling(tmp_path, HEAD % '{ affects = { keywords = ["flying"] }, grant = ["reach"] }')


ARCHETYPE = {
    "controller": "Alice",
    "power": 2,
    "toughness": 2,
    "statics": [{"affects": {"controller": "opponents"}, "cant_have": ["first strike"]}],
}


def test_cant_have_beats_a_later_static_grant():
    # Bob's anthem entered after the Archetype: his creatures still can't have it.
    anthem = {
        "controller": "Bob",
        "types": ["enchantment"],
        "statics": [{"affects": {"controller": "you"}, "grant": ["first strike", "flying"]}],
    }
    board = {"archetype": ARCHETYPE, "anthem": anthem, "bear": creature("Bob")}
    assert keywords_of(board, [], "bear") == ["flying"]


def test_a_grant_withheld_stays_withheld():
    # The effect isn't created for the bear; it is for the rest (flying).
    board = {"archetype": ARCHETYPE, "bear": creature("Bob")}
    actions = [
        {"grant": {"bear": ["first strike", "flying"]}},
        {"destroy": ["archetype"]},
    ]
    assert keywords_of(board, actions, "bear") == ["flying"]


def test_a_keyword_filtered_static_sees_what_cant_be_had():
    # Bob's Kwende: his archer has lost first strike, so no double strike (613.8a).
    kwende = {**KWENDE, "controller": "Bob"}
    archer = creature("Bob", keywords=["first strike"])
    board = {"archetype": ARCHETYPE, "kwende": kwende, "archer": archer}
    assert keywords_of(board, [], "archer") == []
