"""Triggers on attacks and blocks (508.3b, 508.3e, 508.3f, 509.3e, 509.3g)
in the game model: "attacks and isn't blocked", "you're attacked", "you
attack a player", and blocking by a number of creatures. The corpus
rulings check the rules' texts."""

from __future__ import annotations

import pytest

from helpers import game_after, load_test_ruling
from mtgjudge.errors import RulingFormatError

GAIN = "do = [{ gain_life = { Alice = 1 } }]"

HEAD = """\
id = "TEST-combat-triggers"
text = "A test ruling."
rules = ["509.3g"]
features = ["triggered_abilities"]
source = { rule = "509.3g" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.a]
controller = "Alice"
power = 2
toughness = 2

[setup.battlefield.b]
controller = "Alice"
power = 2
toughness = 2

[setup.battlefield.wall]
controller = "Bob"
power = 0
toughness = 4
block_limit = 2
"""


def _game(tmp_path, extra: str, actions: str):
    text = (
        HEAD
        + extra
        + f'\n[[probe]]\nid = "p"\nactions = [{actions}]\nexpect.life = {{ Bob = 1 }}\n'
    )
    return game_after(load_test_ruling(tmp_path, text))


def _count(game, ref):
    return sum(1 for record in game.history.triggers if record.source == ref)


def test_a_creature_attacks_and_isnt_blocked_once_for_each(tmp_path):
    extra = f"""
[setup.battlefield.hub]
controller = "Alice"
types = ["enchantment"]
triggers = [{{ event = "a_creature_attacks_and_isnt_blocked", filter = {{ controller = "you" }}, {GAIN} }}]
"""
    game = _game(tmp_path, extra, '{ attack = { a = "Bob", b = "Bob" } }')
    assert _count(game, "hub") == 0
    game = _game(tmp_path, extra, '{ attack = { a = "Bob", b = "Bob" } }, { block = {} }')
    assert _count(game, "hub") == 2
    game = _game(
        tmp_path, extra, '{ attack = { a = "Bob", b = "Bob" } }, { block = { wall = "a" } }'
    )
    assert _count(game, "hub") == 1


@pytest.mark.parametrize(("blocks", "expected"), [('"a"', 0), ('["a", "b"]', 1)])
def test_blocks_at_least(tmp_path, blocks, expected):
    extra = f'triggers = [{{ event = "blocks_creatures", at_least = 2, {GAIN} }}]\n'
    text = HEAD.replace("block_limit = 2\n", "block_limit = 2\n" + extra)
    probe = (
        f'\n[[probe]]\nid = "p"\nactions = [{{ attack = {{ a = "Bob", b = "Bob" }} }}, '
        f"{{ block = {{ wall = {blocks} }} }}]\nexpect.life = {{ Bob = 1 }}\n"
    )
    game = game_after(load_test_ruling(tmp_path, text + probe))
    assert _count(game, "wall") == expected


def test_you_attack_a_player_and_you_are_attacked(tmp_path):
    extra = f"""
[setup.battlefield.banner]
controller = "Alice"
types = ["enchantment"]
triggers = [{{ event = "you_attack_a_player", {GAIN} }}]

[setup.battlefield.tower]
controller = "Bob"
types = ["enchantment"]
triggers = [{{ event = "you_are_attacked", {GAIN} }}, {{ event = "you_attack_a_player", {GAIN} }}]
"""
    game = _game(tmp_path, extra, '{ attack = { a = "Bob", b = "Bob" } }')
    assert (_count(game, "banner"), _count(game, "tower")) == (1, 1)


def test_at_least_is_for_counting_events(tmp_path):
    bad = HEAD.replace(
        "block_limit = 2\n",
        f'block_limit = 2\ntriggers = [{{ event = "becomes_blocked", at_least = 2, {GAIN} }}]\n',
    )
    with pytest.raises(RulingFormatError, match="at_least"):
        load_test_ruling(
            tmp_path, bad + '\n[[probe]]\nid = "p"\nactions = []\nexpect.life = { Bob = 1 }\n'
        )


def test_a_reflexive_ability_waits_for_the_may(tmp_path):
    extra = """
[setup.battlefield.raider]
controller = "Alice"
power = 3
toughness = 3
triggers = [{ event = "attacks", do = [{ may = { name = "pay", do = [{ lose_life = { Alice = 2 } }, { when_you_do = { do = [{ gain_life = { Bob = 5 } }] } }] } }] }]
"""
    for taken, count in ((True, 2), (False, 1)):
        choice = "true" if taken else "false"
        game = _game(
            tmp_path,
            extra,
            f'{{ attack = {{ raider = "Bob" }} }}, {{ choose_on_resolution = {{ raider = {{ pay = {choice} }} }} }}, {{ resolve = 1 }}',
        )
        assert _count(game, "raider") == count
        assert [r.event for r in game.history.triggers][1:] == (["reflexive"] if taken else [])


def test_a_spell_has_no_when_you_do(tmp_path):
    bad = HEAD + (
        '\n[setup.hand.bolt]\nowner = "Alice"\ntypes = ["instant"]\n'
        "resolve = [{ when_you_do = { do = [] } }]\n"
    )
    with pytest.raises(RulingFormatError, match="when_you_do"):
        load_test_ruling(
            tmp_path, bad + '\n[[probe]]\nid = "p"\nactions = []\nexpect.life = { Bob = 1 }\n'
        )


MODAL = """
[setup.hand.charm]
owner = "Alice"
power = 1
toughness = 1
triggers = [{ event = "enters", do = [{ gain_life = { Alice = 1 } }], modes = [{ do = [{ gain_life = { Alice = 2 } }] }, { targets = ["wall"], do = [{ gain_life = { Alice = 4 } }] }] }]
"""


@pytest.mark.parametrize(("mode", "life"), [("", 23), ("{ trigger_mode = { charm = 2 } }, ", 25)])
def test_a_modal_trigger_does_its_do_then_the_mode(tmp_path, mode, life):
    actions = mode + '{ move = { charm = "battlefield" } }, { resolve = 1 }'
    assert _game(tmp_path, MODAL, actions).players["Alice"].life == life


def test_a_mode_that_doesnt_exist_is_an_input_error(tmp_path):
    from mtgjudge.errors import InvalidInputError

    with pytest.raises(InvalidInputError, match="no mode 3"):
        _game(
            tmp_path,
            MODAL,
            '{ trigger_mode = { charm = 3 } }, { move = { charm = "battlefield" } }',
        )
