"""Delayed triggered abilities (603.7) created by spells and abilities, and
triggered abilities that effects grant (613.1f)."""

from __future__ import annotations

import pytest

from helpers import assert_error_names, game_after, load_test_ruling, placeholder_probe, ruling_head
from mtgjudge.errors import RulingFormatError

HEAD = (
    ruling_head("delayed", "603.7", "delayed_triggers", step="beginning_of_combat")
    + """\

[setup.hand.elf]
owner = "Alice"
power = 1
toughness = 1
"""
)

SPELL = """
[setup.hand.spell]
owner = "Alice"
types = ["instant"]
resolve = [{ create_trigger = %s }]
"""


def _ruling(tmp_path, created: str, actions: str = "[]", extra: str = ""):
    probe = placeholder_probe(actions)
    return load_test_ruling(tmp_path, HEAD + SPELL % created + extra + "\n" + probe)


def _game(tmp_path, created: str, actions: str, extra: str = ""):
    return game_after(_ruling(tmp_path, created, actions, extra))


@pytest.mark.parametrize(
    ("created", "message"),
    [
        ('{ event = "becomes_blocked", do = [] }', "expected the object"),
        ('{ event = "a_creature_enters", object = "bear", do = [] }', "isn't about one object"),
        (
            '{ event = "a_creature_enters", do = [{ create_trigger = { event = "a_creature_enters", '
            "do = [] } }] }",
            "can't create another",
        ),
        (
            '{ event = "becomes_blocked", object = "bear", do = [{ draw = { Alice = "that_much" } }] }',
            "has no 'that_much'",
        ),
    ],
)
def test_the_loader_rejects_what_doesnt_make_sense(tmp_path, created, message):
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, created)
    assert_error_names(raised.value, "setup.hand.spell.resolve[0].create_trigger", message)


def test_without_a_duration_it_triggers_once(tmp_path):
    created = '{ event = "a_creature_enters", do = [{ gain_life = { Alice = 1 } }] }'
    extra = (
        '\n[setup.hand.tokens]\nowner = "Alice"\ntypes = ["sorcery"]\n'
        "resolve = [{ create_token = { a = { power = 1, toughness = 1 }, "
        "b = { power = 1, toughness = 1 } } }]\n"
    )
    # In a main phase: the next creature to enter (a token) triggers it, once.
    ruling = load_test_ruling(
        tmp_path,
        (HEAD.replace('step = "beginning_of_combat"', 'step = "precombat_main"'))
        + SPELL % created
        + extra
        + '\n[[probe]]\nid = "p"\nactions = [{ cast = { card = "spell" } }, { resolve = 1 }, '
        '{ cast = { card = "tokens" } }, { resolve = 2 }, { cast = { card = "elf" } }, '
        "{ resolve = 1 }]\nexpect.life = { Bob = 1 }\n",
    )
    game = game_after(ruling)
    assert game.players["Alice"].life == 21
    assert not game.delayed_triggers


def test_it_refers_to_the_object_it_was(tmp_path):
    created = (
        '{ event = "becomes_blocked", object = "bear", until = "end_of_turn", '
        'do = [{ pump = { bear = "+2/+2" } }] }'
    )
    blocked = '{ attack = { bear = "Bob" } }, { block = { wolf = "bear" } }, { resolve = 1 }'
    game = _game(
        tmp_path, created, f'[{{ cast = {{ card = "spell" }} }}, {{ resolve = 1 }}, {blocked}]'
    )
    assert game.characteristics(game.obj("bear")).power == 4
    # Exiled and returned after the ability was created: a new object, which
    # it doesn't refer to (400.7, 603.7c): blocking it doesn't trigger it.
    game = _game(
        tmp_path,
        created,
        '[{ cast = { card = "spell" } }, { resolve = 1 }, { move = { bear = "exile" } }, '
        '{ move = { bear = "battlefield" } }, { grant = { bear = ["haste"] } }, '
        '{ attack = { bear = "Bob" } }, { block = { wolf = "bear" } }]',
    )
    assert not any(record.source == "spell" for record in game.history.triggers)


ABILITY = """
[setup.battlefield.herald]
controller = "Alice"
power = 1
toughness = 1
abilities = [{ do = [{ create_trigger = { event = "a_creature_is_dealt_damage", filter = { controller = "opponents" }, until = "end_of_turn", do = [{ destroy = ["that_creature"] }] } }] }]
"""


def test_an_ability_creates_one_with_its_source(tmp_path):
    ruling = load_test_ruling(
        tmp_path,
        HEAD
        + ABILITY
        + '\n[[probe]]\nid = "p"\nactions = [{ activate = { card = "herald" } }, { resolve = 1 }, '
        '{ deal_damage = { source = "wolf", to = "bear", amount = 1 } }, '
        '{ deal_damage = { source = "bear", to = "wolf", amount = 1 } }, { resolve = 1 }]\n'
        "expect.life = { Bob = 1 }\n",
    )
    game = game_after(ruling)
    # 603.7e: its source is the Herald, its controller Alice: Bob's Wolf dealt
    # damage is destroyed, Alice's Bears (not an opponent's) aren't.
    assert (game.obj("wolf").zone, game.obj("bear").zone) == ("graveyard", "battlefield")
    assert [r.source for r in game.history.triggers] == ["herald"]


GRANT = """
[setup.hand.spell]
owner = "Alice"
types = ["instant"]
resolve = [{ effect = { to = { types = ["creature"], controller = "you" }, grant_triggers = [{ event = "deals_damage", to = "player", do = [{ gain_life = { Alice = "that_much" } }] }] } }]
"""


def test_granted_triggers_go_to_the_set_locked_in(tmp_path):
    ruling = load_test_ruling(
        tmp_path,
        HEAD.replace('step = "beginning_of_combat"', 'step = "precombat_main"')
        + GRANT
        + '\n[[probe]]\nid = "p"\nactions = [{ cast = { card = "spell" } }, { resolve = 1 }, '
        '{ cast = { card = "elf" } }, { resolve = 1 }, '
        '{ deal_damage = { source = "bear", to = "Bob", amount = 2 } }, '
        '{ deal_damage = { source = "elf", to = "Bob", amount = 1 } }, { resolve = 1 }]\n'
        "expect.life = { Bob = 1 }\n",
    )
    game = game_after(ruling)
    # The Bears gained it (that much: 2); the Elves entered later (611.2c).
    assert game.players["Alice"].life == 22
    assert [r.source for r in game.history.triggers] == ["bear"]
