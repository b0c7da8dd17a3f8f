"""A card's own replacement of its being put into a graveyard from anywhere
(614.1a, 113.6b): the replaced event never happens (614.6)."""

from __future__ import annotations

from typing import Any

import pytest

from helpers import model_final

COLOSSUS = {
    "controller": "Alice",
    "power": 11,
    "toughness": 11,
    "types": ["artifact", "creature"],
    "instead_of_graveyard": "library",
}


def run(setup: dict[str, Any], actions: list, observe: dict[str, Any]) -> dict[str, Any]:
    return model_final(setup, actions, observe)


@pytest.mark.parametrize("instead", ["library", "exile"])
@pytest.mark.parametrize("action", [{"destroy": ["it"]}, {"sacrifice": ["it"]}])
def test_from_the_battlefield(instead, action):
    setup = {"battlefield": {"it": {**COLOSSUS, "instead_of_graveyard": instead}}}
    final = run(setup, [action], {"zone": ["it"], "died": True})
    assert final["zone"]["it"] == instead
    # 614.6: it never went to the graveyard, so it didn't die (700.4).
    assert final["died"] == []


def test_from_a_library_when_milled():
    # 113.6b: "from anywhere".
    card = {**COLOSSUS, "owner": "Alice", "instead_of_graveyard": "exile"}
    del card["controller"]
    final = run({"library": {"it": card}}, [{"mill": {"Alice": 1}}], {"zone": ["it"]})
    assert final["zone"]["it"] == "exile"


def test_without_it_the_card_dies():
    card = {k: v for k, v in COLOSSUS.items() if k != "instead_of_graveyard"}
    final = run({"battlefield": {"it": card}}, [{"sacrifice": ["it"]}], {"zone": ["it"]})
    assert final["zone"]["it"] == "graveyard"


def test_a_card_that_cant_enter_the_battlefield_stays_where_it_is(tmp_path):
    # 614.17d: an effect that would put it onto the battlefield moves nothing.
    from helpers import game_after, load_test_ruling, placeholder_probe, ruling_head

    text = (
        ruling_head("cant-enter", "614.17d", "static_abilities")
        + """
[setup.battlefield.field]
controller = "Alice"
types = ["enchantment"]
cant_enter = [{ types = ["creature"], controller = "opponents" }]

[setup.graveyard.elf]
owner = "Bob"
power = 1
toughness = 1

[setup.graveyard.own]
owner = "Alice"
power = 1
toughness = 1
"""
    )
    game = game_after(
        load_test_ruling(
            tmp_path,
            text + placeholder_probe('[{ move = { elf = "battlefield", own = "battlefield" } }]'),
        )
    )
    assert game.obj("elf").zone == "graveyard"
    assert game.obj("own").zone == "battlefield"
