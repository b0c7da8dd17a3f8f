"""Refusals of our model as the protocol names them: the fault of a
declaration when its step doesn't exist, and the steps observed when an
assignment is refused. (Found by the Rust example engine, written from
docs/protocol.md alone.)"""

from __future__ import annotations

from mtgjudge.adapters.model import ModelEngine

SETUP = {
    "players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
    "active_player": "Alice",
    "step": "precombat_main",
    "battlefield": {
        "knight": {"controller": "Alice", "power": 3, "toughness": 3, "keywords": ["first strike"]},
        "wall": {"controller": "Bob", "power": 0, "toughness": 4},
        "wall2": {"controller": "Bob", "power": 0, "toughness": 4},
    },
}


def run(actions, observe=None):
    probe = {
        "type": "probe",
        "id": "T/p",
        "setup": SETUP,
        "actions": actions,
        "observe": observe or {"life": ["Bob"]},
    }
    return ModelEngine().run(probe)


def test_blocking_when_nothing_attacked_is_no_blockers_step():
    # 508.8: with no attackers the declare blockers step is skipped.
    answer = run([{"attack": {}}, {"block": {"wall": "knight"}}])
    assert answer["refused"]["fault"] == "action:no_blockers_step"
    assert answer["refused"]["rule"] == "508.8"


def test_damage_when_nothing_attacked_is_no_damage_step():
    answer = run([{"attack": {}}, {"damage": {}}])
    assert answer["refused"]["fault"] == "action:no_damage_step"


def test_a_refused_first_strike_assignment_still_began_a_first_strike_step():
    # 510.4: the step is a first-strike combat damage step as it begins; an
    # illegal division of the knight's 3 (510.1a) doesn't make it another.
    answer = run(
        [
            {"attack": {"knight": "Bob"}},
            {"block": {"wall": "knight", "wall2": "knight"}},
            {"damage": {"knight": {"wall": 1}}},
        ],
        {"steps": True},
    )
    assert answer["refused"]["fault"] == "assignment:wrong_total"
    assert answer["final"]["steps"][-1] == "first_strike_damage"
