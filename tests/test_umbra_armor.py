"""Umbra armor (702.89a): "If enchanted permanent would be destroyed,
instead remove all damage marked on it and destroy this Aura." A
replacement effect (614) of the Aura, for destruction by state-based
actions (704.5g, 704.5h) and by effects (701.8a). Expected values come from
the rules cited beside them."""

from __future__ import annotations

from typing import Any

from helpers import model_final


def creature(controller: str, power: int = 2, toughness: int = 2, **more: Any) -> dict[str, Any]:
    return {"controller": controller, "power": power, "toughness": toughness, **more}


def umbra(attached_to: str = "bear", **more: Any) -> dict[str, Any]:
    return {
        "name": "Bear Umbra",
        "controller": "Alice",
        "types": ["enchantment"],
        "subtypes": ["Aura"],
        "keywords": ["umbra armor"],
        "attached_to": attached_to,
        **more,
    }


BOARD = {
    "bear": creature("Alice"),
    "umbra": umbra(),
    "giant": creature("Bob", 3, 3),
    "snake": creature("Bob", 1, 1, keywords=["deathtouch"]),
}

OBSERVE = {"zone": ["bear", "umbra"], "damage": ["bear"], "attacking": True, "tapped": ["bear"]}


def run(actions, observe=None, battlefield=None):
    return model_final(
        {"battlefield": battlefield or BOARD}, actions, observe or OBSERVE, players=["Alice", "Bob"]
    )


def test_lethal_damage():
    final = run([{"attack": {"bear": "Bob"}}, {"block": {"giant": "bear"}}, {"damage": {}}])
    # The Aura is destroyed instead; the Bears keep attacking (unlike regeneration).
    assert final == {
        "zone": {"bear": "battlefield", "umbra": "graveyard"},
        "damage": {"bear": 0},
        "attacking": ["bear"],
        "tapped": {"bear": True},
    }


def test_lethal_and_deathtouch_damage_at_once_is_one_destruction():
    final = run(
        [
            {"attack": {"bear": "Bob"}},
            {"block": {"giant": "bear", "snake": "bear"}},
            {"damage": {"bear": {"giant": 2}}},
        ],
        {"zone": ["bear", "umbra"], "died": True},
    )
    assert final == {
        "zone": {"bear": "battlefield", "umbra": "graveyard"},
        "died": ["umbra"],
    }


def test_a_destroy_effect():
    final = run([{"destroy": ["bear"]}], {"zone": ["bear", "umbra"]})
    assert final == {"zone": {"bear": "battlefield", "umbra": "graveyard"}}


def test_not_indestructible():
    # 702.12b: it isn't destroyed, so nothing is replaced.
    final = run(
        [{"grant": {"bear": ["indestructible"]}}, {"destroy": ["bear"]}],
        {"zone": ["bear", "umbra"]},
    )
    assert final == {"zone": {"bear": "battlefield", "umbra": "battlefield"}}


def test_not_toughness_zero_or_sacrifice():
    # 704.5f and 701.21a aren't destruction; the Aura then goes by 704.5m.
    for action in ({"pump": {"bear": "-2/-2"}}, {"sacrifice": ["bear"]}):
        final = run([action], {"zone": ["bear", "umbra"]})
        assert final == {"zone": {"bear": "graveyard", "umbra": "graveyard"}}, action


def test_two_umbras_one_destroyed():
    board = {**BOARD, "umbra2": umbra(name="Snake Umbra")}
    final = run([{"destroy": ["bear"]}], {"zone": ["bear", "umbra", "umbra2"]}, board)
    assert sorted(final["zone"].values()) == ["battlefield", "battlefield", "graveyard"]
    assert final["zone"]["bear"] == "battlefield"


def test_an_aura_without_it():
    board = {**BOARD, "umbra": {**umbra(), "keywords": []}}
    final = run([{"destroy": ["bear"]}], {"zone": ["bear", "umbra"]}, board)
    assert final == {"zone": {"bear": "graveyard", "umbra": "graveyard"}}


def test_another_permanent():
    # "enchanted permanent": any permanent, here an artifact.
    board = {
        **BOARD,
        "relic": {"controller": "Alice", "types": ["artifact"]},
        "umbra": umbra("relic"),
    }
    final = run([{"destroy": ["relic"]}], {"zone": ["relic", "umbra"]}, board)
    assert final == {"zone": {"relic": "battlefield", "umbra": "graveyard"}}


def test_before_a_regeneration_shield():
    # 616.1 lets the controller choose; the model applies umbra armor first.
    final = run(
        [{"regenerate": ["bear"]}, {"destroy": ["bear"]}],
        {"zone": ["bear", "umbra"], "regeneration_shields": ["bear"], "tapped": ["bear"]},
    )
    assert final == {
        "zone": {"bear": "battlefield", "umbra": "graveyard"},
        "regeneration_shields": {"bear": 1},
        "tapped": {"bear": False},
    }
