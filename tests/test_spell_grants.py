"""Static abilities that give spells abilities ("Artifact spells you cast
have convoke", "... have affinity for artifacts"): whose spells, where, and
when. The corpus rulings check the official texts; these tests check the
edges on small made-up boards."""

from __future__ import annotations

import pytest

from helpers import assert_error_names, game_after, load_test_ruling, placeholder_probe
from mtgjudge.errors import RulingFormatError
from mtgjudge.model import casting

HEAD = """\
id = "TEST-grant"
text = "A test ruling."
rules = ["702.41a"]
features = ["affinity"]
source = { rule = "702.41a" }

[setup]
players = [{ name = "Alice", mana = "{C}{C}{C}" }, { name = "Bob", mana = "{C}{C}{C}" }]

[setup.battlefield.engine]
name = "Granting Engine"
controller = "Alice"
types = ["artifact"]
spells_you_cast_have = [{ spells = { all_types = ["artifact", "creature"] }, affinity = [{ types = ["artifact"] }], keywords = ["convoke"] }]

[setup.battlefield.bauble]
controller = "Alice"
types = ["artifact"]

[setup.hand.golem]
owner = "Alice"
types = ["artifact", "creature"]
mana_cost = "{3}"
power = 3
toughness = 3

[setup.hand.bobs_golem]
owner = "Bob"
types = ["artifact", "creature"]
mana_cost = "{3}"
keywords = ["flash"]
power = 3
toughness = 3

[setup.hand.wall]
owner = "Alice"
types = ["artifact"]
mana_cost = "{3}"
"""


def _game(tmp_path, actions: str):
    probe = placeholder_probe(actions)
    return game_after(load_test_ruling(tmp_path, HEAD + probe))


def test_a_spell_gains_the_abilities_on_the_stack(tmp_path):
    game = _game(tmp_path, '[{ cast = { card = "golem" } }]')
    golem = game.characteristics(game.obj("golem"))
    assert len(golem.affinity) == 1
    assert "convoke" in golem.keywords
    # Two artifacts: {3} becomes {1}.
    assert game.history.total_costs["golem"] == "{1}"


def test_a_card_in_hand_has_none_of_them(tmp_path):
    game = _game(tmp_path, "[]")
    golem = game.characteristics(game.obj("golem"))
    assert golem.affinity == ()
    assert "convoke" not in golem.keywords


def test_only_spells_of_the_permanents_controller(tmp_path):
    game = _game(tmp_path, '[{ cast = { card = "bobs_golem", player = "Bob" } }]')
    assert game.characteristics(game.obj("bobs_golem")).affinity == ()
    assert game.history.total_costs["bobs_golem"] == "{3}"


def test_all_types_needs_every_type(tmp_path):
    game = _game(tmp_path, '[{ cast = { card = "wall" } }]')
    assert game.characteristics(game.obj("wall")).affinity == ()
    assert game.history.total_costs["wall"] == "{3}"


def test_the_grant_ends_when_its_source_leaves(tmp_path):
    game = _game(tmp_path, '[{ cast = { card = "golem" } }, { destroy = ["engine"] }]')
    golem = game.characteristics(game.obj("golem"))
    assert golem.affinity == ()
    assert "convoke" not in golem.keywords


def test_a_copy_isnt_cast_and_gains_nothing(tmp_path):
    game = _game(tmp_path, '[{ cast = { card = "golem" } }]')
    copy = casting.copy_spell(game, game.obj("golem"), "Alice")
    assert game.characteristics(copy).affinity == ()


@pytest.mark.parametrize(
    ("grant", "where", "message"),
    [
        ('{ keywords = ["convoke"] }', "spells", "missing"),
        ('{ spells = {}, keywords = ["convoke", "convoke"] }', "keywords", "duplicate item"),
        ('{ spells = { all_types = ["wizard"] } }', "all_types", "expected one of"),
    ],
)
def test_bad_grants_name_the_key(tmp_path, grant, where, message):
    text = HEAD.replace(
        'spells_you_cast_have = [{ spells = { all_types = ["artifact", "creature"] }, affinity = [{ types = ["artifact"] }], keywords = ["convoke"] }]',
        f"spells_you_cast_have = [{grant}]",
    )
    probe = '[[probe]]\nid = "p"\nactions = []\nexpect.life = { Bob = 1 }\n'
    with pytest.raises(RulingFormatError) as raised:
        load_test_ruling(tmp_path, text + probe)
    assert_error_names(
        raised.value, "setup.battlefield.engine.spells_you_cast_have[0]", where, message
    )
