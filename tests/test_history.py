"""What happened this turn: conditions, filters, amounts and cards that
look back over it (608.2c, 608.2h, 603.4, 603.10a, 700.4)."""

from __future__ import annotations

import pytest

from helpers import assert_error_names, game_after, load_test_ruling, placeholder_probe, ruling_head
from mtgjudge.errors import RulingFormatError

HEAD = (
    ruling_head("history", "603.4", "triggered_abilities", libraries=True)
    + """\

[setup.hand.elf]
owner = "Alice"
power = 1
toughness = 1

[setup.graveyard.old]
owner = "Alice"
power = 1
toughness = 1
"""
)


def _game(tmp_path, body: str, actions: str):
    probe = placeholder_probe(actions)
    return game_after(load_test_ruling(tmp_path, HEAD + body + "\n" + probe))


WATCHER = """
[setup.battlefield.watcher]
controller = "Alice"
types = ["enchantment"]
triggers = [{ event = "beginning_of_your_end_step", condition = %s, do = [{ gain_life = { Alice = 1 } }] }]
"""


@pytest.mark.parametrize(
    ("condition", "actions", "life"),
    [
        ("{ a_creature_died_this_turn = true }", '{ destroy = ["bear"] }', 21),
        ("{ a_creature_died_this_turn = true }", '{ destroy = ["wolf"] }', 21),
        ("{ a_creature_died_this_turn = true }", '{ move = { bear = "exile" } }', 20),
        ("{ a_creature_died_this_turn = true }", '{ destroy = ["watcher"] }', 20),
        (
            '{ entered_this_turn = { types = ["creature"] } }',
            '{ cast = { card = "elf" } }, { resolve = 1 }',
            21,
        ),
        ('{ entered_this_turn = { types = ["creature"] } }', '{ tap = ["bear"] }', 20),
    ],
)
def test_conditions_over_the_turn(tmp_path, condition, actions, life):
    game = _game(
        tmp_path,
        WATCHER % condition,
        f'[{actions}, {{ advance = "end" }}, {{ advance = "cleanup" }}]',
    )
    assert game.players["Alice"].life == life


def test_not_last_turn(tmp_path):
    game = _game(
        tmp_path,
        WATCHER % "{ a_creature_died_this_turn = true }",
        '[{ destroy = ["wolf"] }, { next_turn = "upkeep" }, { next_turn = "end" }, '
        '{ advance = "cleanup" }]',
    )
    # It triggered at the end of the turn the Wolf died, not two turns later.
    assert game.players["Alice"].life == 21
    assert [record.source for record in game.history.triggers] == ["watcher"]


SHEPHERD = """
[setup.hand.spell]
owner = "Alice"
types = ["sorcery"]
resolve = [{ move_cards = { filter = { types = ["creature"] }, put_there_from_battlefield_this_turn = true, to = "hand" } }]
"""


def test_cards_put_into_the_graveyard_from_the_battlefield_this_turn(tmp_path):
    game = _game(
        tmp_path,
        SHEPHERD,
        '[{ destroy = ["bear", "wolf"] }, { cast = { card = "spell" } }, { resolve = 1 }]',
    )
    # Alice's own card returns; Bob's stays in his graveyard; the card that
    # was in the graveyard from the start stays.
    assert [game.obj(ref).zone for ref in ("bear", "wolf", "old")] == [
        "hand",
        "graveyard",
        "graveyard",
    ]


LKI = """
[setup.battlefield.ghoul]
controller = "Alice"
power = 1
toughness = 1
triggers = [{ event = "a_creature_dies", filter = { dealt_damage_by_source = true }, do = [{ gain_life = { Alice = "that_toughness" } }] }]
"""


def test_that_toughness_is_as_it_last_existed(tmp_path):
    game = _game(
        tmp_path,
        LKI,
        '[{ deal_damage = { source = "ghoul", to = "wolf", amount = 1 } }, '
        '{ pump = { wolf = "+0/+2" } }, { destroy = ["wolf"] }, { resolve = 1 }]',
    )
    assert game.players["Alice"].life == 25
    # Damage dealt by another source doesn't count.
    game = _game(
        tmp_path,
        LKI,
        '[{ deal_damage = { source = "bear", to = "wolf", amount = 1 } }, { destroy = ["wolf"] }]',
    )
    assert not game.history.triggers


def test_that_toughness_needs_that_creature(tmp_path):
    body = (
        WATCHER.replace(
            "{ gain_life = { Alice = 1 } }", '{ gain_life = { Alice = "that_toughness" } }'
        )
        % "{ a_creature_died_this_turn = true }"
    )
    with pytest.raises(RulingFormatError) as raised:
        _game(tmp_path, body, "[]")
    assert_error_names(
        raised.value, "setup.battlefield.watcher.triggers[0].do", "has no 'that_creature'"
    )


def test_a_static_that_adds_subtypes_may_not_look_at_subtypes(tmp_path):
    body = (
        '[setup.battlefield.lord]\ncontroller = "Alice"\ntypes = ["enchantment"]\n'
        'statics = [{ affects = { subtypes = ["Bear"] }, add_subtypes = ["Zombie"] }]\n'
    )
    with pytest.raises(RulingFormatError) as raised:
        _game(tmp_path, body, "[]")
    assert_error_names(raised.value, "setup.battlefield.lord.statics[0]", "depends on other")
    game = _game(
        tmp_path,
        body.replace('subtypes = ["Bear"]', 'types = ["creature"]'),
        '[{ move = { elf = "battlefield" } }]',
    )
    assert "Zombie" in game.characteristics(game.obj("elf")).subtypes


def test_different_sources_that_dealt_combat_damage(tmp_path):
    from mtgjudge.model import history
    from mtgjudge.model.setup import object_filter

    body = (
        '[setup.battlefield.orc]\ncontroller = "Alice"\nsubtypes = ["Orc"]\npower = 1\ntoughness = 1\n'
        'keywords = ["double strike"]\n'
    )
    game = _game(
        tmp_path,
        body,
        '[{ attack = { orc = "Bob", bear = "Bob" } }, { block = {} }, { damage = {} }, { damage = {} }]',
    )
    orcs = history.sources_that_dealt_combat_damage(
        game, "Bob", object_filter({"subtypes": ["Orc"]})
    )
    anything = history.sources_that_dealt_combat_damage(game, "Bob", object_filter({}))
    # The Orc dealt combat damage twice: one source.
    assert (len(orcs), len(anything)) == (1, 2)


def test_exactly_that_many_must_be_chosen(tmp_path):
    from mtgjudge.errors import IllegalActionError

    body = (
        '[setup.battlefield.looter]\ncontroller = "Alice"\npower = 1\ntoughness = 1\n'
        'triggers = [{ event = "deals_damage", to = "player", do = [{ choose = { name = "toss", '
        'cards = { zone = "graveyard" }, count = "that_much", do = [{ move = { chosen = "exile" } }] } }] }]\n'
    )
    with pytest.raises(IllegalActionError):
        _game(
            tmp_path,
            body,
            '[{ deal_damage = { source = "looter", to = "Bob", amount = 1 } }, '
            "{ choose_on_resolution = { looter = { toss = [] } } }, { resolve = 1 }]",
        )
    game = _game(
        tmp_path,
        body,
        '[{ deal_damage = { source = "looter", to = "Bob", amount = 1 } }, { resolve = 1 }]',
    )
    assert game.obj("old").zone == "exile"
