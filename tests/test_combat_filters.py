"""Filters on combat status: tapped or untapped (110.5), blocking (509.1g),
blocked or unblocked (509.1h), and blocking a creature of some quality.
Expected values come from the rules cited beside them."""

from __future__ import annotations

from typing import Any

import pytest

from helpers import LIBRARY_CARDS, assert_error_names, load_test_ruling, model_final
from mtgjudge.adapters.model import ModelEngine
from mtgjudge.errors import RulingFormatError


def creature(controller: str, power: int = 2, toughness: int = 2, **more: Any) -> dict[str, Any]:
    return {"controller": controller, "power": power, "toughness": toughness, **more}


BOARD = {
    "bear": creature("Alice"),
    "drake": creature("Alice", keywords=["flying"]),
    "wall": creature("Bob", 0, 4),
    "spider": creature("Bob", 1, 4, keywords=["reach"]),
    "idle": creature("Bob", 1, 1, tapped=True),
}


def run(actions, observe):
    return model_final({"battlefield": BOARD}, actions, observe)


def keywords_after(actions, to):
    final = run(
        [*actions, {"effect": {"to": to, "grant": ["first strike"], "you": "Bob"}}],
        {"keywords": list(BOARD)},
    )
    return sorted(ref for ref, keywords in final["keywords"].items() if "first strike" in keywords)


def test_tapped_and_untapped():
    assert keywords_after([], {"tapped": True}) == ["idle"]
    assert keywords_after([], {"tapped": False}) == ["bear", "drake", "spider", "wall"]


def test_blocking():
    blocks = [{"attack": {"bear": "Bob", "drake": "Bob"}}, {"block": {"wall": "bear"}}]
    assert keywords_after(blocks, {"blocking": True}) == ["wall"]
    assert keywords_after(blocks, {"blocking": False, "controller": "you"}) == ["idle", "spider"]


def test_blocked_and_unblocked():
    # 509.1h: before blockers are declared an attacker is neither.
    attack = [{"attack": {"bear": "Bob", "drake": "Bob"}}]
    assert keywords_after(attack, {"blocked": False}) == []
    assert keywords_after(attack, {"blocked": True}) == []
    blocks = [*attack, {"block": {"wall": "bear"}}]
    assert keywords_after(blocks, {"blocked": True}) == ["bear"]
    assert keywords_after(blocks, {"blocked": False}) == ["drake"]


def test_blocking_a_creature_of_some_quality():
    blocks = [
        {"attack": {"bear": "Bob", "drake": "Bob"}},
        {"block": {"wall": "bear", "spider": "drake"}},
    ]
    without = {"controller": "you", "blocking_creature": {"without_keywords": ["flying"]}}
    assert keywords_after(blocks, without) == ["wall"]
    assert keywords_after(blocks, {"blocking_creature": {"keywords": ["flying"]}}) == ["spider"]


def test_a_trigger_filter_on_status():
    # 508.3a: "whenever an untapped creature you control attacks": its status
    # as it is declared (tapped by attacking, unless it has vigilance).
    watcher = {
        "controller": "Alice",
        "types": ["enchantment"],
        "triggers": [{"event": "a_creature_attacks", "filter": {"tapped": False}, "do": []}],
    }
    board = {**BOARD, "watcher": watcher, "knight": creature("Alice", keywords=["vigilance"])}
    answer = ModelEngine().run(
        {
            "type": "probe",
            "id": "T/p",
            "setup": {
                "players": ["Alice", "Bob"],
                "active_player": "Alice",
                "step": "precombat_main",
                "battlefield": board,
            },
            "actions": [{"attack": {"bear": "Bob", "knight": "Bob"}}],
            "observe": {"triggered": ["watcher"]},
        }
    )
    assert answer["final"] == {"triggered": {"watcher": 1}}


HEAD = (
    """\
id = "TEST-filters"
text = "A test ruling."
rules = ["509.1g"]
features = ["block_legality"]
source = { rule = "509.1g" }

[setup]
players = ["Alice", "Bob"]

"""
    + LIBRARY_CARDS
    + """\
[setup.battlefield.bear]
controller = "Alice"
power = 2
toughness = 2
"""
)


def test_blocking_creature_isnt_for_trigger_filters(tmp_path):
    with pytest.raises(RulingFormatError) as error:
        load_test_ruling(
            tmp_path,
            HEAD
            + 'triggers = [{ event = "a_creature_attacks", filter = { blocking_creature = { types = ["creature"] } }, do = [] }]\n'
            + '[[probe]]\nid = "p"\nactions = [{ attack = { bear = "Bob" } }]\nexpect.life = { Bob = 20 }\n',
        )
    assert_error_names(error.value, "triggers[0].filter.blocking_creature")


def test_controlled_by_a_player_who_cast_a_spell_this_turn():
    # "Each opponent who cast a spell this turn can't attack with creatures."
    arbiter = {
        "controller": "Bob",
        "power": 5,
        "toughness": 6,
        "statics": [
            {
                "affects": {"controller": "opponents", "controller_cast_a_spell_this_turn": True},
                "cant": ["attack"],
            }
        ],
    }
    setup = {
        "players": ["Alice", "Bob"],
        "active_player": "Alice",
        "step": "precombat_main",
        "battlefield": {"bear": creature("Alice"), "arbiter": arbiter},
        "hand": {"spell": {"owner": "Alice", "types": ["sorcery"], "resolve": []}},
        # 504.1: cards to draw in the draw steps the probe passes through.
        "library": {
            "alice_card": {"owner": "Alice", "types": ["land"]},
            "bob_card": {"owner": "Bob", "types": ["land"]},
        },
    }

    def attack(actions):
        return ModelEngine().run(
            {
                "type": "probe",
                "id": "T/p",
                "setup": setup,
                "actions": [*actions, {"attack": {"bear": "Bob"}}],
                "observe": {"attacking": True},
            }
        )["refused"]

    assert attack([]) is None
    cast = [{"cast": {"card": "spell"}}, {"resolve": 1}]
    assert attack(cast)["fault"] == "attack:cant_attack"
    later = [*cast, {"next_turn": "precombat_main"}, {"next_turn": "precombat_main"}]
    assert attack(later) is None
