"""Excess damage (120.4a) in the game model: what is lethal to a creature
(marked damage, deathtouch) and to a planeswalker (its loyalty), worked
out before the effects that change the damage."""

from __future__ import annotations

from helpers import game_after, load_test_ruling

HEAD = """\
id = "TEST-excess"
text = "A test ruling."
rules = ["120.4a"]
features = ["excess_damage"]
source = { rule = "120.4a" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.giant]
controller = "Alice"
power = 7
toughness = 7

[setup.battlefield.victim]
controller = "Bob"
VICTIM
"""


def _game(tmp_path, victim: str, extra: str = ""):
    action = (
        '{ deal_damage = { source = "giant", to = "victim", amount = 7, '
        f"excess_to_controller = true{extra} }} }}"
    )
    text = HEAD.replace("VICTIM", victim)
    text += f'\n[[probe]]\nid = "p"\nactions = [{action}]\nexpect.life = {{ Bob = 1 }}\n'
    return game_after(load_test_ruling(tmp_path, text))


def test_beyond_lethal_counting_marked_damage(tmp_path):
    game = _game(tmp_path, "power = 2\ntoughness = 5\ndamage = 2")
    assert game.players["Bob"].life == 16


def test_beyond_a_planeswalkers_loyalty(tmp_path):
    game = _game(tmp_path, 'types = ["planeswalker"]\nloyalty = 3')
    assert game.players["Bob"].life == 16


def test_with_deathtouch_anything_beyond_one(tmp_path):
    game = _game(tmp_path, "power = 2\ntoughness = 5")
    assert game.players["Bob"].life == 18
    text = HEAD.replace("toughness = 7\n", 'toughness = 7\nkeywords = ["deathtouch"]\n', 1)
    text = text.replace("VICTIM", "power = 2\ntoughness = 5")
    action = (
        '{ deal_damage = { source = "giant", to = "victim", amount = 7, '
        "excess_to_controller = true } }"
    )
    text += f'\n[[probe]]\nid = "p"\nactions = [{action}]\nexpect.life = {{ Bob = 1 }}\n'
    (tmp_path / "second").mkdir()
    game = game_after(load_test_ruling(tmp_path / "second", text))
    assert game.players["Bob"].life == 14


def test_only_if_the_source_has_the_keyword(tmp_path):
    game = _game(tmp_path, "power = 2\ntoughness = 5", ', excess_if_source_has = ["trample"]')
    assert game.players["Bob"].life == 20


def test_damage_needs_a_recipient_and_a_probe_names_its_source(tmp_path):
    import pytest

    from mtgjudge.errors import RulingFormatError

    text = HEAD.replace("VICTIM", "power = 1\ntoughness = 1")
    nowhere = '{ deal_damage = { source = "giant", amount = 2 } }'
    with pytest.raises(RulingFormatError, match=r"probe\[0\]\.actions\[0\]\.deal_damage"):
        load_test_ruling(
            tmp_path,
            text + f'\n[[probe]]\nid = "p"\nactions = [{nowhere}]\nexpect.life = {{ Bob = 1 }}\n',
        )
    sourceless = '{ deal_damage = { to = "Bob", amount = 2 } }'
    (tmp_path / "b").mkdir()
    with pytest.raises(RulingFormatError, match=r"deal_damage\.source"):
        load_test_ruling(
            tmp_path / "b",
            text
            + f'\n[[probe]]\nid = "p"\nactions = [{sourceless}]\nexpect.life = {{ Bob = 1 }}\n',
        )
