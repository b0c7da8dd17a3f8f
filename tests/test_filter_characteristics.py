"""Filters on supertypes (205.4) and static abilities whose affected set is
filtered by keyword (613.1f, 613.8). Expected values come from the rules
cited beside them."""

from __future__ import annotations

from typing import Any

from mtgjudge.adapters.model import ModelEngine


def creature(controller: str, power: int = 2, toughness: int = 2, **more: Any) -> dict[str, Any]:
    return {"controller": controller, "power": power, "toughness": toughness, **more}


def run(board: dict[str, Any], actions: list, observe: dict[str, Any]) -> dict[str, Any]:
    answer = ModelEngine().run(
        {
            "type": "probe",
            "id": "T/p",
            "setup": {
                "players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
                "active_player": "Alice",
                "step": "precombat_main",
                "battlefield": board,
            },
            "actions": actions,
            "observe": observe,
        }
    )
    assert answer["type"] == "result" and answer["refused"] is None, answer
    return answer["final"]


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
