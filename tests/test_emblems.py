"""Emblems and the command zone (114): the format, and the model."""

from __future__ import annotations

import pytest

from helpers import assert_error_names, game_after, load_test_ruling
from mtgjudge.errors import RulingFormatError

HEAD = """\
id = "TEST-emblems"
text = "A test ruling."
rules = ["114.4"]
features = ["emblems"]
source = { rule = "114.4" }

[setup]
players = [{ name = "Alice", dungeons_completed = ["A", "B", "A"] }, "Bob"]

[setup.battlefield.bear]
controller = "Alice"
power = 2
toughness = 2
"""

PROBE = '[[probe]]\nid = "p"\nactions = %s\nexpect.life = { Bob = 1 }\n'


def _ruling(tmp_path, body: str, actions: str = "[]"):
    return load_test_ruling(tmp_path, HEAD + body + "\n" + PROBE % actions)


@pytest.mark.parametrize(
    ("body", "where", "message"),
    [
        ('[setup.command.e]\nowner = "Alice"\n', "setup.command.e.emblem", "holds emblems"),
        (
            '[setup.hand.e]\nowner = "Alice"\nemblem = true\n',
            "setup.hand.e.emblem",
            "in the command zone",
        ),
        (
            '[setup.command.e]\nowner = "Alice"\nemblem = true\ntypes = ["enchantment"]\n',
            "setup.command.e.types",
            "no characteristics other than its abilities",
        ),
    ],
)
def test_the_loader_rejects_what_doesnt_make_sense(tmp_path, body, where, message):
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, body)
    assert_error_names(raised.value, where, message)


def test_an_emblem_created_by_a_spell(tmp_path):
    body = (
        '[setup.hand.spell]\nowner = "Bob"\ntypes = ["instant"]\n'
        'resolve = [{ create_emblem = { mark = { statics = [{ affects = { types = ["creature"] }, '
        'pump = "+1/+1", pump_for_each = "dungeons_completed" }] } } }]\n'
    )
    game = game_after(
        _ruling(tmp_path, body, '[{ cast = { card = "spell", player = "Bob" } }, { resolve = 1 }]')
    )
    emblem = game.obj("mark")
    assert (emblem.zone, emblem.owner, game.controller(emblem)) == ("command", "Bob", "Bob")
    # Bob has completed no dungeon: +1/+1 no times; the count is Bob's (the
    # emblem's controller), not the creature's controller's.
    assert game.characteristics(game.obj("bear")).power == 2


def test_differently_named_dungeons(tmp_path):
    body = (
        '[setup.command.mark]\nowner = "Alice"\nemblem = true\n'
        'statics = [{ affects = { types = ["creature"] }, pump = "+1/+1", '
        'pump_for_each = "dungeons_completed" }]\n'
    )
    game = game_after(_ruling(tmp_path, body))
    assert game.characteristics(game.obj("bear")).power == 4
    # Leaving the command zone (not something emblems do, but an effect could
    # move it): its ability no longer functions.
    game = game_after(_ruling(tmp_path, body, '[{ move = { mark = "exile" } }]'))
    assert game.characteristics(game.obj("bear")).power == 2
