"""Abilities that trigger when damage is prevented (615.13): once for each
application of a prevention effect, however many simultaneous events it
changed. The corpus ruling CR-615.13 checks the rule's text."""

from __future__ import annotations

from helpers import game_after, load_test_ruling

HEAD = """\
id = "TEST-prevention-triggers"
text = "A test ruling."
rules = ["615.13"]
features = ["damage_prevention"]
source = { rule = "615.13" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.ward]
controller = "Alice"
types = ["enchantment"]
prevents = [{ to_players = "you" }, { to = { types = ["creature"], controller = "you" } }]
triggers = [{ event = "damage_is_prevented", TO do = [{ gain_life = { Alice = "that_much" } }] }]

[setup.battlefield.bear]
controller = "Alice"
power = 2
toughness = 2

[setup.battlefield.giant]
controller = "Bob"
power = 3
toughness = 3
"""


def _life(tmp_path, to: str, recipients: str) -> int:
    text = HEAD.replace("TO ", to)
    probe = (
        f'\n[[probe]]\nid = "p"\nactions = [{{ deal_damage = {{ source = "giant", to = {recipients}, '
        "amount = 3 } }, { resolve = 1 }]\nexpect.life = { Alice = 1 }\n"
    )
    return game_after(load_test_ruling(tmp_path, text + probe)).players["Alice"].life


def test_that_much_is_what_the_application_prevented(tmp_path):
    assert _life(tmp_path, "", '"Alice"') == 23


def test_to_narrows_the_recipients(tmp_path):
    assert _life(tmp_path, 'to = "creature", ', '"bear"') == 23


NEXT_TIME = """\
id = "TEST-next-time"
text = "A test ruling."
rules = ["615.8"]
features = ["damage_prevention"]
source = { rule = "615.8" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.giant]
controller = "Bob"
power = 3
toughness = 3

[setup.hand.veil]
owner = "Alice"
types = ["instant"]
resolve = [{ prevent = { PREVENT } }]

[[probe]]
id = "p"
actions = [{ cast = { card = "veil" } }, { resolve = 1 }, ACTIONS]
expect.life = { Alice = 1 }
"""


def _after(tmp_path, actions: str, prevent: str = 'from_objects = ["giant"], amount = "next_time"'):
    text = NEXT_TIME.replace("ACTIONS", actions).replace("PREVENT", prevent)
    return game_after(load_test_ruling(tmp_path, text))


def test_next_time_prevents_one_instance_whatever_its_size(tmp_path):
    hit = '{ deal_damage = { source = "giant", to = "Alice", amount = 7 } }'
    game = _after(tmp_path, hit)
    assert game.players["Alice"].life == 20
    assert game.damage_effects == []
    game = _after(tmp_path, f"{hit}, {hit}")
    assert game.players["Alice"].life == 13


def test_next_time_needs_a_source(tmp_path):
    import pytest

    from mtgjudge.errors import InvalidInputError

    with pytest.raises(InvalidInputError, match="from_objects"):
        _after(tmp_path, "{ draw = { Alice = 0 } }", prevent='amount = "next_time"')
