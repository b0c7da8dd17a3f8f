"""Leaves-the-battlefield triggers (603.6c) in the game model: any zone
but the battlefield, "dies" only for a graveyard, looked back at
(603.10a). The corpus ruling CR-603.6c checks the rule's text."""

from __future__ import annotations

import pytest

from mtgjudge.model.setup import build_game

GAIN = [{"gain_life": {"Alice": 1}}]


def _game(**battlefield):
    return build_game({"players": ["Alice", "Bob"], "battlefield": battlefield})


def _creature(controller, *triggers, **extra):
    return {
        "controller": controller,
        "power": 2,
        "toughness": 2,
        "triggers": list(triggers),
        **extra,
    }


def _events(game):
    return [(p.source.ref, p.event) for p in game.pending_triggers]


@pytest.mark.parametrize("zone", ["exile", "hand", "library", "graveyard"])
def test_leaves_the_battlefield_for_any_zone(zone):
    game = _game(wisp=_creature("Alice", {"event": "leaves_the_battlefield", "do": GAIN}))
    game.move(game.obj("wisp"), zone)
    assert _events(game) == [("wisp", "leaves_the_battlefield")]


def test_dies_only_for_a_graveyard():
    game = _game(hound=_creature("Alice", {"event": "dies", "do": GAIN}))
    game.move(game.obj("hound"), "exile")
    assert _events(game) == []


def test_a_creature_leaves_judged_as_it_last_existed():
    watcher = {
        "controller": "Alice",
        "types": ["enchantment"],
        "triggers": [
            {
                "event": "a_creature_leaves_the_battlefield",
                "filter": {"controller": "you"},
                "do": GAIN,
            }
        ],
    }
    game = _game(watcher=watcher, bear=_creature("Alice"), wolf=_creature("Bob"))
    game.move(game.obj("wolf"), "hand")
    assert _events(game) == []
    game.move(game.obj("bear"), "hand")
    assert _events(game) == [("watcher", "a_creature_leaves_the_battlefield")]
    # The watcher itself isn't a creature: its own leaving doesn't trigger it.
    game.pending_triggers.clear()
    game.move(game.obj("watcher"), "exile")
    assert _events(game) == []


def test_its_own_leaving_is_seen_looking_back():
    # 603.10a: the ability existed immediately before the event, though the
    # card in exile has it too only because the model keeps printed triggers.
    game = _game(
        wisp=_creature("Alice", {"event": "a_creature_leaves_the_battlefield", "do": GAIN})
    )
    game.move(game.obj("wisp"), "exile")
    assert _events(game) == [("wisp", "a_creature_leaves_the_battlefield")]


def test_losing_control_triggers_for_the_player_who_lost_it():
    from mtgjudge.model.actions import take_action

    hound = _creature("Alice", {"event": "you_lose_control", "do": GAIN})
    game = _game(hound=hound, bear=_creature("Alice"))
    take_action(game, "gain_control", {"bear": "Bob"})
    take_action(game, "gain_control", {"hound": "Alice"})
    assert game.history.triggers == []
    take_action(game, "gain_control", {"hound": "Bob"})
    assert [(r.source, r.controller) for r in game.history.triggers] == [("hound", "Alice")]


def test_becoming_unattached_looks_back_at_the_host():
    host = _creature(
        "Alice",
        {
            "event": "a_permanent_becomes_unattached_from_this",
            "filter": {"subtypes": ["Equipment"]},
            "do": GAIN,
        },
    )
    saw = {
        "controller": "Alice",
        "types": ["artifact"],
        "subtypes": ["Equipment"],
        "attached_to": "host",
        "triggers": [{"event": "becomes_unattached", "do": GAIN}],
    }
    game = _game(host=host, saw=saw)
    game.move(game.obj("host"), "graveyard")
    assert sorted(_events(game)) == [
        ("host", "a_permanent_becomes_unattached_from_this"),
        ("saw", "becomes_unattached"),
    ]
    assert game.obj("saw").attached_to is None


def test_an_auras_ability_on_its_host_leaving():
    aura = {
        "controller": "Alice",
        "types": ["enchantment"],
        "subtypes": ["Aura"],
        "attached_to": "host",
        "triggers": [{"event": "attached_permanent_leaves_the_battlefield", "do": GAIN}],
    }
    game = _game(host=_creature("Alice"), other=_creature("Alice"), aura=aura)
    game.move(game.obj("other"), "exile")
    assert _events(game) == []
    game.move(game.obj("host"), "exile")
    assert _events(game) == [("aura", "attached_permanent_leaves_the_battlefield")]
    # 704.5m: attached to nothing, it goes to the graveyard as state-based
    # actions are checked, not as the host leaves.
    assert game.obj("aura").zone == "battlefield"
    game.check_state_based_actions()
    assert game.obj("aura").zone == "graveyard"
