"""Modal spells with several modes chosen (700.2a, 700.2d) and entwine
(702.42): the format, and the model on small made-up boards."""

from __future__ import annotations

import pytest

from helpers import assert_error_names, game_after, load_test_ruling, placeholder_probe, ruling_head
from mtgjudge.errors import IllegalCastError, RulingFormatError

HEAD = ruling_head(
    "modes",
    "700.2a",
    "modal_spells",
    players='[{ name = "Alice", mana = "{R}{R}{R}" }, "Bob"]',
    wolf=False,
)

CHARM = """
[setup.hand.charm]
owner = "Alice"
types = ["instant"]
mana_cost = "{R}"
%s
modes = [
  { resolve = [{ gain_life = { Alice = 1 } }] },
  { resolve = [{ lose_life = { Bob = 1 } }] },
  { resolve = [{ pump = { bear = "+1/+1" } }] },
]
"""


def _ruling(tmp_path, extra: str, actions: str = "[]"):
    probe = placeholder_probe(actions)
    return load_test_ruling(tmp_path, HEAD + CHARM % extra + "\n" + probe)


def _game(tmp_path, extra: str, cast: str):
    return game_after(_ruling(tmp_path, extra, f"[{{ cast = {cast} }}, {{ resolve = 1 }}]"))


@pytest.mark.parametrize(
    ("extra", "cast", "where", "message"),
    [
        ('entwine = "{1}"', '{ card = "charm", entwine = true, mode = 1 }', "cast.mode", "give no"),
        ("", '{ card = "charm", mode = [1, 4] }', "cast.mode", "1 to 3, found 4"),
    ],
)
def test_the_loader_rejects_what_doesnt_make_sense(tmp_path, extra, cast, where, message):
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, extra, f"[{{ cast = {cast} }}]")
    assert_error_names(raised.value, where, message)


def test_choose_modes_and_entwine_need_modes(tmp_path):
    body = '[setup.hand.bolt]\nowner = "Alice"\ntypes = ["instant"]\nentwine = "{1}"\n'
    probe = '[[probe]]\nid = "p"\nexpect.life = { Bob = 1 }\n'
    with pytest.raises(RulingFormatError) as raised:
        load_test_ruling(tmp_path, HEAD + body + probe)
    assert_error_names(raised.value, "setup.hand.bolt.entwine", "is for a modal spell")


def test_choose_two_follows_both_in_the_order_written(tmp_path):
    game = _game(tmp_path, "choose_modes = 2", '{ card = "charm", mode = [3, 1] }')
    assert (game.players["Alice"].life, game.characteristics(game.obj("bear")).power) == (21, 3)
    assert game.obj("charm").zone == "graveyard"


@pytest.mark.parametrize(
    ("extra", "mode", "fault"),
    [
        ("choose_modes = 2", "1", "wrong_number_of_modes"),
        ("choose_modes = 2", "[1, 2, 3]", "wrong_number_of_modes"),
        ("", "[1, 2]", "wrong_number_of_modes"),
        ("choose_modes = { min = 1 }", "[2, 2]", "same_mode_twice"),
    ],
)
def test_how_many_modes(tmp_path, extra, mode, fault):
    with pytest.raises(IllegalCastError) as raised:
        _game(tmp_path, extra, f'{{ card = "charm", mode = {mode} }}')
    assert raised.value.fault == fault


def test_one_or_more_takes_every_mode(tmp_path):
    game = _game(tmp_path, "choose_modes = { min = 1 }", '{ card = "charm", mode = [1, 2, 3] }')
    assert (game.players["Alice"].life, game.players["Bob"].life) == (21, 19)


def test_entwine_chooses_every_mode_and_costs_more(tmp_path):
    game = _game(tmp_path, 'entwine = "{1}{R}"', '{ card = "charm", entwine = true }')
    assert (game.players["Alice"].life, game.players["Bob"].life) == (21, 19)
    assert game.history.total_costs["charm"] == "{1}{R}{R}"
    assert game.players["Alice"].mana_pool["R"] == 0
    with pytest.raises(IllegalCastError) as raised:
        _game(tmp_path, "", '{ card = "charm", entwine = true }')
    assert (raised.value.rule, raised.value.fault) == ("702.42a", "no_entwine")


def test_a_copy_keeps_the_modes(tmp_path):
    ruling = _ruling(
        tmp_path,
        "choose_modes = 2",
        '[{ cast = { card = "charm", mode = [1, 2] } }, { copy_spell = { charm = "Alice" } }, '
        "{ resolve = 2 }]",
    )
    game = game_after(ruling)
    # 700.2g: both the copy and the spell have modes 1 and 2.
    assert (game.players["Alice"].life, game.players["Bob"].life) == (22, 18)
