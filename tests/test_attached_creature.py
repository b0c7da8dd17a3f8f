"""`attached_creature` in a triggered ability of an Aura or Equipment: the
permanent it is attached to, or the one it was last attached to (608.2h,
113.7a)."""

from __future__ import annotations

from helpers import game_after, load_test_ruling

HEAD = """\
id = "TEST-attached"
text = "A test ruling."
rules = ["608.2h"]
features = ["triggered_abilities"]
source = { rule = "608.2h" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.bears]
controller = "Alice"
power = 2
toughness = 2

[setup.battlefield.aura]
controller = "Alice"
types = ["enchantment"]
subtypes = ["Aura"]
attached_to = "bears"
triggers = [{ event = "beginning_of_end_step", do = [{ pump = { attached_creature = "+3/+3" } }] }]

[[probe]]
id = "p"
actions = [%s]
expect.life = { Bob = 1 }
"""


def _game(tmp_path, actions: str):
    return game_after(load_test_ruling(tmp_path, HEAD % actions))


def test_the_creature_it_is_attached_to(tmp_path):
    game = _game(tmp_path, '{ advance = "end" }, { resolve = 1 }')
    assert game.characteristics(game.obj("bears")).power == 5


def test_the_creature_it_was_last_attached_to(tmp_path):
    game = _game(tmp_path, '{ advance = "end" }, { destroy = ["aura"] }, { resolve = 1 }')
    assert game.obj("aura").zone == "graveyard"
    assert game.characteristics(game.obj("bears")).power == 5


def test_a_creature_that_left_isnt_affected(tmp_path):
    # 400.7: the Bears that come back are a new object; the Aura, attached
    # to nothing, went to the graveyard (704.5m).
    game = _game(
        tmp_path,
        '{ advance = "end" }, { move = { bears = "exile" } }, { move = { bears = "battlefield" } }, '
        "{ resolve = 1 }",
    )
    assert game.obj("aura").zone == "graveyard"
    assert game.characteristics(game.obj("bears")).power == 2
