"""Attaching Equipment (701.3, 301.5c) and static abilities that set base
power and toughness (613.4b), on a small made-up board."""

from __future__ import annotations

import pytest

from helpers import game_after, load_test_ruling, placeholder_probe, ruling_head

HEAD = (
    ruling_head("attach", "701.3a", "static_abilities")
    + """
[setup.battlefield.sword]
controller = "Alice"
types = ["artifact"]
subtypes = ["Equipment"]
statics = [{ affects = { attached_by_source = true }, set_base = "5/5" }]

[setup.battlefield.relic]
controller = "Alice"
types = ["artifact"]

[setup.battlefield.shrine]
controller = "Alice"
types = ["enchantment"]
"""
)


def _game(tmp_path, actions: str):
    return game_after(load_test_ruling(tmp_path, HEAD + placeholder_probe(f"[{actions}]")))


def _attached(game, ref: str) -> str | None:
    serial = game.obj(ref).attached_to
    return None if serial is None else game.by_serial(serial).ref


def test_an_equipment_equips_a_creature_and_sets_its_base(tmp_path):
    game = _game(tmp_path, '{ attach = { sword = "wolf" } }')
    assert _attached(game, "sword") == "wolf"
    wolf = game.characteristics(game.obj("wolf"))
    assert (wolf.power, wolf.toughness) == (5, 5)


@pytest.mark.parametrize(
    "actions",
    [
        # 701.3b: an Equipment can't be attached to a noncreature: it doesn't move.
        '{ attach = { sword = "bear" } }, { attach = { sword = "shrine" } }',
        # 301.5c: an Equipment can't equip itself.
        '{ attach = { sword = "bear" } }, { attach = { sword = "sword" } }',
        # 301.5c: an Equipment that's also a creature can't equip.
        '{ attach = { sword = "bear" } }, { effect = { to = ["sword"], add_types = ["creature"], '
        'set_base = "1/1" } }, { attach = { sword = "wolf" } }',
    ],
)
def test_an_illegal_attachment_doesnt_move_it(tmp_path, actions):
    game = _game(tmp_path, actions)
    if "add_types" in actions:
        # 704.5p: as a creature it became unattached, and it didn't move to the wolf.
        assert _attached(game, "sword") is None
    else:
        assert _attached(game, "sword") == "bear"


def test_what_isnt_an_equipment_doesnt_move(tmp_path):
    game = _game(tmp_path, '{ attach = { relic = "bear" } }')
    assert _attached(game, "relic") is None


def test_attaching_gives_a_new_timestamp_only_when_it_moves(tmp_path):
    game = _game(tmp_path, '{ attach = { sword = "bear" } }')
    first = game.obj("sword").timestamp
    # 701.3b: to what it's already attached to: nothing happens.
    from mtgjudge.model.actions import take_action

    take_action(game, "attach", {"sword": "bear"})
    assert game.obj("sword").timestamp == first
    take_action(game, "attach", {"sword": "wolf"})
    assert game.obj("sword").timestamp > first
