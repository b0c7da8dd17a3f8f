"""“[It] assigns no combat damage this turn”: it assigns none, as a
creature with 0 power doesn't (510.1a); its power is unchanged."""

from __future__ import annotations

from typing import Any

from helpers import model_final


def run(actions: list) -> dict[str, Any]:
    return model_final(
        {"battlefield": {"giant": {"controller": "Alice", "power": 3, "toughness": 3}}},
        actions,
        {"life": ["Bob"], "power_toughness": ["giant"]},
    )


ATTACK = [{"attack": {"giant": "Bob"}}, {"block": {}}, {"damage": {}}]


def test_it_assigns_none():
    quiet = {"effect": {"to": ["giant"], "you": "Alice", "assigns_no_combat_damage": True}}
    final = run([quiet, *ATTACK])
    assert final["life"]["Bob"] == 20
    assert final["power_toughness"]["giant"] == "3/3"


def test_without_it_it_assigns_its_power():
    assert run(ATTACK)["life"]["Bob"] == 17
