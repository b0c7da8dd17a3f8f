"""Redirection of damage (614.1a) in the game model: the recipient
changes, the source doesn't; a shield is used up; a recipient that can't
be dealt damage gets none. The corpus rulings check the official texts."""

from __future__ import annotations

from helpers import game_after, load_test_ruling, placeholder_probe

HEAD = """\
id = "TEST-redirection"
text = "A test ruling."
rules = ["614.1a"]
features = ["damage_redirection"]
source = { rule = "614.1a" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.giant]
controller = "Alice"
power = 3
toughness = 3
keywords = ["lifelink"]

[setup.battlefield.guard]
controller = "Bob"
power = 1
toughness = 6
"""


def _game(tmp_path, setup: str, actions: str):
    probe = placeholder_probe(f"[{actions}]")
    return game_after(load_test_ruling(tmp_path, HEAD + setup + "\n" + probe))


def _hits_bob(amount: int) -> str:
    """A probe in which the giant deals Bob ``amount`` damage."""
    return placeholder_probe(
        f'[{{ deal_damage = {{ source = "giant", to = "Bob", amount = {amount} }} }}]'
    )


def _static(redirect: str) -> str:
    return HEAD.replace("toughness = 6\n", f"toughness = 6\nredirects = [{redirect}]\n")


def test_damage_to_a_player_goes_to_the_permanent(tmp_path):
    text = _static('{ to_players = "you" }')
    game = game_after(load_test_ruling(tmp_path, text + _hits_bob(3)))
    assert game.players["Bob"].life == 20
    assert game.obj("guard").damage == 3
    # The source is unchanged: its lifelink still applies.
    assert game.players["Alice"].life == 23


def test_a_shield_redirects_the_next_n_then_is_used_up(tmp_path):
    setup = """
[setup.hand.shift]
owner = "Bob"
types = ["instant"]
resolve = [{ redirect = { to_players = "you", amount = { shield = 2 }, instead_to = "guard" } }]
"""
    actions = (
        '{ cast = { card = "shift", player = "Bob" } }, { resolve = 1 },'
        ' { deal_damage = { source = "giant", to = "Bob", amount = 3 } },'
        ' { deal_damage = { source = "giant", to = "Bob", amount = 3 } }'
    )
    game = _game(tmp_path, setup, actions)
    assert game.obj("guard").damage == 2
    assert game.players["Bob"].life == 16


def test_a_permanent_that_left_gets_nothing(tmp_path):
    setup = """
[setup.hand.shift]
owner = "Bob"
types = ["instant"]
resolve = [{ redirect = { to_players = "you", instead_to = "guard" } }]
"""
    actions = (
        '{ cast = { card = "shift", player = "Bob" } }, { resolve = 1 },'
        ' { move = { guard = "exile" } },'
        ' { deal_damage = { source = "giant", to = "Bob", amount = 3 } }'
    )
    game = _game(tmp_path, setup, actions)
    assert game.players["Bob"].life == 17


def test_an_effect_applies_to_the_event_a_redirection_made(tmp_path):
    # 616.2: redirected to the guard, the damage is damage to a creature, and
    # the doubling that applies only to creatures then applies to it.
    setup = """
[setup.battlefield.bane]
controller = "Alice"
types = ["enchantment"]
modifies_damage = [{ to = { types = ["creature"] }, times = 2 }]

"""
    # The doubling has the earlier timestamp, so it comes first in the order.
    text = _static('{ to_players = "you" }').replace(
        "[setup.battlefield.guard]", setup + "[setup.battlefield.guard]"
    )
    game = game_after(load_test_ruling(tmp_path, text + _hits_bob(2)))
    assert game.obj("guard").damage == 4
    assert game.players["Bob"].life == 20


def test_two_redirections_into_each_other_end(tmp_path):
    # Bob's damage goes to the guard, the guard's to Bob: each applies to the
    # event once (614.5), so the damage ends up dealt to Bob.
    setup = """
[setup.battlefield.mirror]
controller = "Bob"
types = ["enchantment"]
redirects = [{ to = { controller = "you", types = ["creature"] }, instead_to = "Bob" }]
"""
    text = _static('{ to_players = "you" }') + setup
    game = game_after(load_test_ruling(tmp_path, text + _hits_bob(2)))
    assert game.obj("guard").damage == 0
    assert game.players["Bob"].life == 18
