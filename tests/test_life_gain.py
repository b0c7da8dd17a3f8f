"""Replacements of life gain (614.1a, 119.10) in the game model, for gains
from the model's actions and from lifelink damage the kernel deals."""

from __future__ import annotations

from helpers import game_after, load_test_ruling

HEAD = """\
id = "TEST-life-gain"
text = "A test ruling."
rules = ["614.1a"]
features = ["life_totals"]
source = { rule = "614.1a" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.cleric]
controller = "Alice"
power = 2
toughness = 2
keywords = ["lifelink"]

[setup.battlefield.reflection]
controller = "Alice"
types = ["enchantment"]
replaces_life_gain = [REPLACEMENT]
"""


def _game(tmp_path, replacement: str, actions: str):
    text = HEAD.replace("REPLACEMENT", replacement)
    text += f'\n[[probe]]\nid = "p"\nactions = [{actions}]\nexpect.life = {{ Bob = 1 }}\n'
    return game_after(load_test_ruling(tmp_path, text))


NONCOMBAT = '{ deal_damage = { source = "cleric", to = "Bob", amount = 2 } }'
COMBAT = '{ attack = { cleric = "Bob" } }, { block = {} }, { damage = {} }'


def test_lifelink_gain_is_replaced(tmp_path):
    game = _game(tmp_path, "{ times = 2 }", NONCOMBAT)
    assert game.players["Alice"].life == 24
    assert [g.amount for g in game.history.life_gains] == [4]


def test_combat_lifelink_is_no_spells_or_abilitys(tmp_path):
    game = _game(tmp_path, "{ by_own_spell_or_ability = true, lose_instead = true }", COMBAT)
    assert game.players["Alice"].life == 22


def test_noncombat_lifelink_is_caused_by_an_effect(tmp_path):
    game = _game(tmp_path, "{ by_own_spell_or_ability = true, lose_instead = true }", NONCOMBAT)
    assert game.players["Alice"].life == 18
    assert game.history.life_gains == []


def test_an_opponents_replacement_leaves_you_alone(tmp_path):
    game = _game(tmp_path, '{ players = "opponents", times = 2 }', COMBAT)
    assert game.players["Alice"].life == 22
