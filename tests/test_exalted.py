"""Exalted (702.83a): “Whenever a creature you control attacks alone, that
creature gets +1/+1 until end of turn”, the triggered ability the keyword
means, for each permanent with it."""

from __future__ import annotations

from typing import Any

from helpers import model_final


def creature(controller: str, power: int = 2, toughness: int = 2, **more: Any) -> dict[str, Any]:
    return {"controller": controller, "power": power, "toughness": toughness, **more}


BOARD = {
    "bear": creature("Alice"),
    "squire": creature("Alice", 1, 1, keywords=["exalted"]),
    "shrine": {"controller": "Alice", "types": ["enchantment"], "keywords": ["exalted"]},
    "theirs": creature("Bob", 1, 1, keywords=["exalted"]),
}


def run(actions, observe):
    return model_final({"battlefield": BOARD}, actions, observe, players=["Alice", "Bob"])


def test_each_instance_triggers_when_a_creature_attacks_alone():
    final = run(
        [{"attack": {"bear": "Bob"}}, {"block": {}}],
        {"triggered": ["squire", "shrine", "theirs"], "power_toughness": ["bear"]},
    )
    # The opponent's exalted is about creatures it controls.
    assert final == {
        "triggered": {"squire": 1, "shrine": 1, "theirs": 0},
        "power_toughness": {"bear": "4/4"},
    }


def test_not_when_two_attack():
    final = run(
        [{"attack": {"bear": "Bob", "squire": "Bob"}}, {"block": {}}],
        {"triggered": ["squire", "shrine"], "power_toughness": ["bear"]},
    )
    assert final == {"triggered": {"squire": 0, "shrine": 0}, "power_toughness": {"bear": "2/2"}}


def test_an_exalted_counter():
    # 122.1b: a keyword counter gives the keyword, and so the ability.
    final = run(
        [{"counters": {"bear": {"exalted": 1}}}, {"attack": {"squire": "Bob"}}, {"block": {}}],
        {"triggered": ["bear"], "power_toughness": ["squire"]},
    )
    assert final == {"triggered": {"bear": 1}, "power_toughness": {"squire": "4/4"}}
