"""Attaching (701.3) and Auras attached to nothing (704.5m): the
state-based action, not the moment the permanent leaves, puts the Aura into
the graveyard."""

from __future__ import annotations

from typing import Any

from helpers import model_final

BOARD = {
    "bear": {"controller": "Alice", "power": 2, "toughness": 2, "tapped": True},
    "giant": {"controller": "Alice", "power": 3, "toughness": 3, "tapped": True},
    "wolf": {"controller": "Bob", "power": 2, "toughness": 2, "tapped": True},
    "aura": {
        "controller": "Alice",
        "types": ["enchantment"],
        "subtypes": ["Aura"],
        "attached_to": "bear",
        "statics": [{"affects": {"attached_by_source": True}, "pump": "+1/+1"}],
    },
}


def run(actions: list, observe: dict[str, Any]) -> dict[str, Any]:
    return model_final({"battlefield": BOARD}, actions, observe)


def test_attach_moves_the_aura():
    final = run(
        [{"attach": {"aura": "giant"}}],
        {"attached_to": ["aura"], "power_toughness": ["bear", "giant"]},
    )
    assert final["attached_to"]["aura"] == "giant"
    assert final["power_toughness"] == {"bear": "2/2", "giant": "4/4"}


def test_attach_to_something_gone_leaves_it_where_it_is():
    # 701.3b: the giant has left; the Aura stays on the bear.
    final = run(
        [{"move": {"giant": "exile"}}, {"attach": {"aura": "giant"}}],
        {"attached_to": ["aura"]},
    )
    assert final["attached_to"]["aura"] == "bear"


def test_an_aura_attached_to_nothing_goes_by_state_based_action():
    final = run([{"destroy": ["bear"]}], {"zone": ["aura"], "died": True})
    assert final["zone"]["aura"] == "graveyard"
    assert sorted(final["died"]) == ["aura", "bear"]


def test_untap_all_untaps_what_fits():
    untap = {"untap_all": {"controller": "you", "types": ["creature"]}}
    final = run([untap], {"tapped": ["bear", "giant", "wolf"]})
    assert final["tapped"] == {"bear": False, "giant": False, "wolf": True}
