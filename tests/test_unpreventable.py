"""Damage that can't be prevented (615.12): prevention effects prevent none
of it, shields aren't reduced, and other damage is prevented as usual."""

from __future__ import annotations

from typing import Any

from mtgjudge.adapters.model import ModelEngine

FOG = {"owner": "Alice", "types": ["instant"], "mana_cost": "{G}"}


def run(battlefield: dict[str, Any], resolve: list, actions: list) -> dict[str, Any]:
    answer = ModelEngine().run(
        {
            "type": "probe",
            "id": "T/p",
            "setup": {
                "players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
                "active_player": "Bob",
                "step": "precombat_main",
                "battlefield": battlefield,
                "hand": {"fog": {**FOG, "resolve": resolve}},
            },
            "actions": [{"cast": {"card": "fog", "player": "Alice"}}, {"resolve": 1}, *actions],
            "observe": {"life": ["Alice", "Bob"], "prevented": True},
        }
    )
    assert answer["type"] == "result" and answer["refused"] is None, answer
    return answer["final"]


BEAST = {
    "controller": "Bob",
    "types": ["enchantment"],
    "unpreventable": [{"by": {"controller": "you", "types": ["creature"]}, "combat": True}],
}
BEARS = {"controller": "Bob", "power": 2, "toughness": 2}
ALL = [{"prevent": {"to_players": "you"}}]
ATTACK = [{"attack": {"bears": "Alice"}}, {"block": {}}, {"damage": {}}]


def test_combat_damage_that_cant_be_prevented_is_dealt():
    final = run({"beast": BEAST, "bears": BEARS}, ALL, ATTACK)
    assert final["life"]["Alice"] == 18
    assert final["prevented"] == []


def test_noncombat_damage_is_still_prevented():
    # The ability covers combat damage only.
    hit = [{"deal_damage": {"source": "bears", "to": "Alice", "amount": 2}}]
    final = run({"beast": BEAST, "bears": BEARS}, ALL, hit)
    assert final["life"]["Alice"] == 20


def test_without_it_the_damage_is_prevented():
    final = run({"bears": BEARS}, ALL, ATTACK)
    assert final["life"]["Alice"] == 20


def test_a_shield_isnt_reduced():
    shield = [{"prevent": {"to_players": "you", "amount": {"shield": 2}}}]
    hit = [{"deal_damage": {"source": "bears", "to": "Alice", "amount": 2}}]
    final = run({"beast": BEAST, "bears": BEARS}, shield, ATTACK + hit)
    assert final["life"]["Alice"] == 18
