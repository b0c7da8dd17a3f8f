"""Day and night (730), daybound and nightbound (702.145)."""

from __future__ import annotations

import pytest

from helpers import assert_error_names, game_after, load_test_ruling, placeholder_probe
from mtgjudge.errors import RulingFormatError

HEAD = """\
id = "TEST-daynight"
text = "A test ruling."
rules = ["730.2a"]
features = ["day_and_night"]
source = { rule = "730.2a" }

[setup]
players = ["Alice", "Bob"]
day_night = "%s"

[setup.battlefield.wolf]
controller = "Alice"
power = 1
toughness = 1
keywords = ["daybound"]
back_face = { name = "Night Wolf", power = 3, toughness = 3, keywords = ["nightbound"] }

[setup.hand.opt]
owner = "Bob"
types = ["instant"]
"""


def _game(tmp_path, day: str, actions: str, extra: str = ""):
    probe = placeholder_probe(actions)
    return game_after(load_test_ruling(tmp_path, HEAD % day + extra + probe))


def test_transformed_needs_a_back_face(tmp_path):
    extra = '[setup.battlefield.bear]\ncontroller = "Alice"\npower = 2\ntoughness = 2\ntransformed = true\n'
    with pytest.raises(RulingFormatError) as raised:
        _game(tmp_path, "day", "[]", extra)
    assert_error_names(raised.value, "setup.battlefield.bear.transformed", "back_face")


def test_only_the_previous_active_players_spells_count(tmp_path):
    # Bob casts a spell during Alice's turn: Alice, the active player, cast
    # none, so it becomes night (730.2a).
    game = _game(
        tmp_path,
        "day",
        '[{ cast = { card = "opt", player = "Bob" } }, { resolve = 1 }, { next_turn = "upkeep" }]',
    )
    assert game.day_night == "night"
    assert game.characteristics(game.obj("wolf")).power == 3


def test_a_new_object_enters_front_face_up_by_day(tmp_path):
    game = _game(
        tmp_path, "night", '[{ move = { wolf = "exile" } }, { move = { wolf = "battlefield" } }]'
    )
    # 702.145b: it entered at night, so it entered transformed.
    assert game.obj("wolf").transformed
    game = _game(
        tmp_path, "day", '[{ move = { wolf = "exile" } }, { move = { wolf = "battlefield" } }]'
    )
    assert not game.obj("wolf").transformed
