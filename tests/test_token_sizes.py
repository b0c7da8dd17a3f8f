"""Tokens whose size is a trigger event's amount: "create an X/X token,
where X is the amount of damage" (111.2, 608.2h)."""

from __future__ import annotations

import pytest

from helpers import assert_error_names, game_after, load_test_ruling
from mtgjudge.errors import RulingFormatError

HEAD = """\
id = "TEST-token-size"
text = "A test ruling."
rules = ["111.2"]
features = ["triggered_abilities", "tokens"]
source = { rule = "111.2" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.maker]
controller = "Alice"
types = ["enchantment"]
triggers = [{ event = "a_creature_is_dealt_damage", do = [{ create_token = { ooze = { subtypes = ["Ooze"], power = "that_much", toughness = 2 } } }] }]

[setup.battlefield.bear]
controller = "Bob"
power = 2
toughness = 5
"""


def test_the_token_has_the_damage_as_its_power(tmp_path):
    probe = (
        '[[probe]]\nid = "p"\nactions = [{ deal_damage = { source = "maker", to = "bear", '
        "amount = 3 } }, { resolve = 1 }]\nexpect.life = { Bob = 1 }\n"
    )
    game = game_after(load_test_ruling(tmp_path, HEAD + probe))
    ooze = game.characteristics(game.obj("ooze"))
    assert (ooze.power, ooze.toughness) == (3, 2)
    assert game.obj("ooze").token


def test_that_much_is_not_for_a_probe_action(tmp_path):
    probe = (
        '[[probe]]\nid = "p"\nactions = [{ create_token = { ooze = { power = "that_much", '
        "toughness = 1 } } }]\nexpect.life = { Bob = 1 }\n"
    )
    with pytest.raises(RulingFormatError) as raised:
        load_test_ruling(tmp_path, HEAD + probe)
    assert_error_names(raised.value, "probe[0]", "triggered ability")
