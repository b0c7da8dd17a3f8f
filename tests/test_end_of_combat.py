"""Abilities that trigger "at end of combat" (511.2): as the end of combat
step begins, of each combat, whether or not creatures attacked."""

from __future__ import annotations

from mtgjudge.adapters.model import ModelEngine

WATCHER = {
    "controller": "Alice",
    "types": ["enchantment"],
    "triggers": [{"event": "end_of_combat", "do": [{"gain_life": {"Alice": 1}}]}],
}


def run(actions, observe):
    answer = ModelEngine().run(
        {
            "type": "probe",
            "id": "T/p",
            "setup": {
                "players": ["Alice", "Bob"],
                "active_player": "Alice",
                "step": "precombat_main",
                "battlefield": {
                    "watcher": WATCHER,
                    "bear": {"controller": "Alice", "power": 2, "toughness": 2},
                },
            },
            "actions": actions,
            "observe": observe,
        }
    )
    assert answer["type"] == "result" and answer["refused"] is None, answer
    return answer["final"]


def test_it_triggers_as_the_end_of_combat_step_begins():
    final = run(
        [{"attack": {"bear": "Bob"}}, {"block": {}}, {"damage": {}}, {"advance": "end_of_combat"}],
        {"triggered": ["watcher"], "stack": True, "life": ["Alice"]},
    )
    assert final == {
        "triggered": {"watcher": 1},
        "stack": ["trigger:watcher"],
        "life": {"Alice": 20},
    }


def test_it_resolves_before_the_combat_phase_ends():
    final = run(
        [{"attack": {}}, {"advance": "postcombat_main"}],
        {"triggered": ["watcher"], "life": ["Alice"], "attacking": True},
    )
    assert final == {"triggered": {"watcher": 1}, "life": {"Alice": 21}, "attacking": []}


def test_it_triggers_in_each_combat():
    final = run(
        [
            {"add_phases": {"after": "this_main_phase", "phases": ["combat", "main"]}},
            {"advance": "end"},
        ],
        {"triggered": ["watcher"], "life": ["Alice"]},
    )
    assert final == {"triggered": {"watcher": 2}, "life": {"Alice": 22}}
