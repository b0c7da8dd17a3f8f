"""Spells as they resolve: targets by half for a fused split spell (601.2c,
702.102d), targets checked again (608.2b), amounts counted by earlier
instructions (608.2c), tokens (111.2), abilities a spell creates (603.7) and
choices made on resolution (608.2d). What the format accepts, and the model
on small made-up boards; the corpus rulings check the rules on official texts."""

from __future__ import annotations

import pytest

from helpers import assert_error_names, make_corpus, placeholder_probe
from mtgjudge.errors import InvalidInputError, RulingFormatError
from mtgjudge.format.ruling import load_ruling, read_features
from mtgjudge.model.actions import take_action
from mtgjudge.model.setup import build_game

HEAD = """\
id = "TEST-spell"
text = "A test ruling."
rules = ["608.2b"]
features = ["split_cards"]
source = { rule = "608.2b" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.bear]
controller = "Alice"
power = 2
toughness = 2

[setup.battlefield.wolf]
controller = "Bob"
power = 2
toughness = 2
"""

GIVE_TAKE = """
[setup.hand.gt]
owner = "Alice"
keywords = ["fuse"]
faces = [
  { name = "Give", types = ["sorcery"], resolve = [{ counters = { bear = { "+1/+1" = 3 } } }] },
  { name = "Take", types = ["sorcery"], resolve = [%s] },
]
"""
TAKE = '{ remove_counters = { bear = ["+1/+1"] } }, { draw = { Alice = "that_much" } }'

RELEASE = """
[setup.hand.release]
owner = "Alice"
types = ["sorcery"]
resolve = [{ each_player_sacrifices = [{ types = ["creature"] }] }]
"""


def _ruling(tmp_path, body: str, actions: str = "[]"):
    probe = placeholder_probe(actions)
    tmp_path = tmp_path / f"r{len(list(tmp_path.iterdir()))}"
    tmp_path.mkdir()
    root = make_corpus(tmp_path, {"t.toml": HEAD + body + "\n" + probe})
    return load_ruling(root / "t.toml", read_features(root / "features.toml"))


def _game(tmp_path, body: str, actions: str):
    ruling = _ruling(tmp_path, body, actions)
    game = build_game(ruling.setup)
    for action in ruling.probes[0].actions:
        take_action(game, action.kind, action.args)
    return game


# ----- the format -----


@pytest.mark.parametrize(
    ("body", "actions", "where", "message"),
    [
        (
            GIVE_TAKE % TAKE,
            '[{ cast = { card = "gt", half = "Give", targets = { Give = ["bear"] } } }]',
            "probe[0].actions[0].cast.targets",
            "targets by half are for a fused split spell",
        ),
        (
            GIVE_TAKE % TAKE,
            '[{ cast = { card = "gt", fuse = true, targets = { Gift = ["bear"] } } }]',
            "probe[0].actions[0].cast.targets.Gift",
            "expected a half of 'gt': Give or Take",
        ),
        (
            GIVE_TAKE % TAKE,
            '[{ cast = { card = "gt", fuse = true, targets = ["bear"] } }]',
            "probe[0].actions[0].cast.targets",
            "a fused split spell's targets are given by half",
        ),
        (
            GIVE_TAKE % '{ draw = { Alice = "that_much" } }',
            "[]",
            "setup.hand.gt.faces[1].resolve[0]",
            "an earlier `remove_counters`",
        ),
        (
            GIVE_TAKE
            % '{ create_trigger = { event = "attacks", do = [], until = "end_of_turn" } }',
            "[]",
            "setup.hand.gt.faces[1].resolve[0].create_trigger.event",
            "expected one of 'a_creature_enters'",
        ),
        (
            GIVE_TAKE
            % '{ create_trigger = { event = "a_creature_enters", do = [{ draw = { Alice = "that_much" } }], until = "end_of_turn" } }',
            "[]",
            "setup.hand.gt.faces[1].resolve[0].create_trigger.do",
            "has no 'that_much'",
        ),
        (
            GIVE_TAKE % "{ create_token = { wolf = { power = 1, toughness = 1 } } }",
            "[]",
            "setup.hand.gt.faces[1].resolve[0].create_token.wolf",
            "already the name of an object in the setup",
        ),
        (
            RELEASE,
            '[{ resolve = { choose = { Carol = ["bear"] } } }]',
            "probe[0].actions[0].resolve.choose.Carol",
            "no player named 'Carol'",
        ),
        (
            RELEASE,
            '[{ resolve = { choose = { Alice = "bear" } } }]',
            "probe[0].actions[0].resolve.choose.Alice",
            "expected an array",
        ),
    ],
)
def test_the_loader_rejects_spells_that_dont_make_sense(tmp_path, body, actions, where, message):
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, body, actions)
    assert_error_names(raised.value, where, message)


def test_a_created_ability_is_for_a_spell_or_an_ability(tmp_path):
    # 603.7e: an ability may create one too; a probe's own action may not.
    body = (
        '[setup.battlefield.lord]\ncontroller = "Alice"\npower = 2\ntoughness = 2\n'
        'triggers = [{ event = "enters", do = [{ create_trigger = { event = "a_creature_enters", '
        'do = [], until = "end_of_turn" } }] }]\n'
    )
    _ruling(tmp_path, body)
    with pytest.raises(RulingFormatError) as raised:
        _ruling(
            tmp_path,
            "",
            '[{ create_trigger = { event = "a_creature_enters", do = [], until = "end_of_turn" } }]',
        )
    assert_error_names(raised.value, "probe[0].actions[0].create_trigger", "unknown key")


# ----- the game model -----


def test_a_spell_whose_only_target_is_gone_does_not_resolve(tmp_path):
    body = (
        '[setup.hand.boost]\nowner = "Alice"\ntypes = ["sorcery"]\n'
        'resolve = [{ effect = { to = "targets", pump = "+2/+2" } }, { gain_life = { Alice = 3 } }]\n'
    )
    game = _game(
        tmp_path,
        body,
        '[{ cast = { card = "boost", targets = ["bear"] } }, { destroy = ["bear"] }, { resolve = 1 }]',
    )
    # 608.2b: none of its effects happen, not even the untargeted life gain.
    assert game.players["Alice"].life == 20
    assert game.obj("boost").zone == "graveyard"
    assert any(entry.rule == "608.2b" for entry in game.trace)


def test_that_many_from_an_illegal_target_is_not_determined(tmp_path):
    game = _game(
        tmp_path,
        GIVE_TAKE % TAKE.replace("bear", "wolf")
        + '\n[setup.library.card]\nowner = "Alice"\ntypes = ["land"]\n',
        '[{ cast = { card = "gt", fuse = true, targets = { Give = ["bear"], Take = ["wolf"] } } },'
        ' { move = { wolf = "exile" } }, { resolve = 1 }]',
    )
    # Give still happens; Take's removal and the draw that depends on it don't.
    assert game.obj("bear").counters["+1/+1"] == 3
    assert game.obj("card").zone == "library"


def test_a_sacrifice_with_several_candidates_needs_a_choice(tmp_path):
    body = RELEASE + '\n[setup.battlefield.cub]\ncontroller = "Alice"\npower = 1\ntoughness = 1\n'
    with pytest.raises(InvalidInputError, match="chooses one of bear, cub"):
        _game(tmp_path, body, '[{ cast = { card = "release" } }, { resolve = 1 }]')
    game = _game(
        tmp_path,
        body,
        '[{ cast = { card = "release" } }, { resolve = { choose = { Alice = ["cub"] } } }]',
    )
    assert [game.obj(ref).zone for ref in ("bear", "cub", "wolf")] == [
        "battlefield",
        "graveyard",
        "graveyard",
    ]


def test_a_created_ability_ends_with_the_turn(tmp_path):
    body = (
        '[setup.hand.beck]\nowner = "Alice"\ntypes = ["sorcery"]\n'
        'resolve = [{ create_trigger = { event = "a_creature_enters", filter = { controller = "opponents" }, '
        'do = [{ gain_life = { Alice = 1 } }], until = "end_of_turn" } }, '
        '{ create_token = { cat = { subtypes = ["Cat"], power = 1, toughness = 1 } } }]\n'
    )
    game = _game(tmp_path, body, '[{ cast = { card = "beck" } }, { resolve = 1 }]')
    # Alice's own Cat Token doesn't fit "a creature an opponent controls".
    assert game.obj("cat").name == "Cat Token"
    assert not game.stack_items()
    assert len(game.delayed_triggers) == 1
    game.advance_to("cleanup")
    assert game.delayed_triggers == []
