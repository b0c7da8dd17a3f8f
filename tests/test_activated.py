"""Activated abilities (602), loyalty abilities (606) and divisions among
targets (601.2d): the format, and the model on small made-up boards."""

from __future__ import annotations

import pytest

from helpers import assert_error_names, game_after, load_test_ruling
from mtgjudge.errors import IllegalActionError, RulingFormatError

HEAD = """\
id = "TEST-activated"
text = "A test ruling."
rules = ["602.2"]
features = ["activated_abilities"]
source = { rule = "602.2" }

[setup]
players = [{ name = "Alice", mana = "{G}{G}" }, "Bob"]

# 504.1: each player has cards to draw in the draw steps the tests pass through.
[setup.library.alice_card_1]
owner = "Alice"
types = ["land"]

[setup.library.alice_card_2]
owner = "Alice"
types = ["land"]

[setup.library.bob_card_1]
owner = "Bob"
types = ["land"]

[setup.library.bob_card_2]
owner = "Bob"
types = ["land"]

[setup.battlefield.bear]
controller = "Alice"
power = 2
toughness = 2
counters = { "+1/+1" = 1 }

[setup.battlefield.wolf]
controller = "Bob"
power = 3
toughness = 3
"""

ELDER = """
[setup.battlefield.elder]
controller = "Alice"
power = 1
toughness = 1
abilities = [%s]
"""


def _ruling(tmp_path, abilities: str, actions: str = "[]"):
    probe = f'[[probe]]\nid = "p"\nactions = {actions}\nexpect.life = {{ Bob = 1 }}\n'
    return load_test_ruling(tmp_path, HEAD + ELDER % abilities + "\n" + probe)


def _game(tmp_path, abilities: str, actions: str):
    return game_after(_ruling(tmp_path, abilities, actions))


def _refused(tmp_path, abilities: str, actions: str) -> tuple[str, str | None, str | None]:
    with pytest.raises(IllegalActionError) as raised:
        _game(tmp_path, abilities, actions)
    return raised.value.category, raised.value.rule, raised.value.fault


@pytest.mark.parametrize(
    ("abilities", "where", "message"),
    [
        ("{ do = [{ distribute = {} }] }", "abilities[0].do", "give `divides`"),
        (
            '{ divides = { counter = "+1/+1", amount = 2 }, do = [] }',
            "abilities[0].divides",
            "among its targets",
        ),
        ('{ do = [{ pump = { that_creature = "+1/+1" } }] }', "abilities[0].do", "no trigger"),
        ('{ do = [{ sacrifice = ["chosen"] }] }', "abilities[0].do[0]", "only its `do`"),
    ],
)
def test_the_loader_rejects_what_doesnt_make_sense(tmp_path, abilities, where, message):
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, abilities)
    assert_error_names(raised.value, where, message)


def test_choose_one_and_distribute_belong_to_abilities(tmp_path):
    body = (
        '[setup.hand.spell]\nowner = "Alice"\ntypes = ["sorcery"]\n'
        'resolve = [{ choose_one = { name = "x", options = { a = [] } } }]\n'
    )
    probe = '[[probe]]\nid = "p"\nexpect.life = { Bob = 1 }\n'
    with pytest.raises(RulingFormatError) as raised:
        load_test_ruling(tmp_path, HEAD + body + probe)
    assert_error_names(raised.value, "setup.hand.spell.resolve[0].choose_one", "`abilities`")


def test_an_ability_goes_on_the_stack_and_resolves(tmp_path):
    ability = '{ cost = "{G}", do = [{ pump = { elder = "+2/+2" } }] }'
    game = _game(tmp_path, ability, '[{ activate = { card = "elder" } }]')
    assert [item.ref for item in game.stack_items()] == ["ability:elder"]
    assert game.players["Alice"].mana_pool["G"] == 1
    assert game.characteristics(game.obj("elder")).power == 1
    game = _game(tmp_path, ability, '[{ activate = { card = "elder" } }, { resolve = 1 }]')
    assert game.characteristics(game.obj("elder")).power == 3


@pytest.mark.parametrize(
    ("ability", "expected"),
    [
        ('{ cost = "{G}{G}{G}", do = [] }', ("payment", "601.2h", "cant_pay")),
        ('{ remove_counters = { "+1/+1" = 1 }, do = [] }', ("payment", "118.3", "cant_pay")),
        ("{ pay_life = 21, do = [] }", ("payment", "119.4", "cant_pay")),
        ('{ timing = "sorcery", do = [] }', ("activate", "602.5d", "not_your_turn")),
        ("{ loyalty = -1, do = [] }", ("activate", "606.6", "not_enough_loyalty")),
    ],
)
def test_costs_and_timing(tmp_path, ability, expected):
    actions = '[{ next_turn = "precombat_main" }, { activate = { card = "elder" } }]'
    if "sorcery" not in ability:
        actions = '[{ activate = { card = "elder" } }]'
    assert _refused(tmp_path, ability, actions) == expected


def test_costs_are_paid(tmp_path):
    game = _game(
        tmp_path,
        "{ pay_life = 2, sacrifice_self = true, do = [{ gain_life = { Bob = 5 } }] }",
        '[{ activate = { card = "elder" } }, { resolve = 1 }]',
    )
    assert (game.players["Alice"].life, game.players["Bob"].life) == (18, 25)
    assert game.obj("elder").zone == "graveyard"


DIVIDE = (
    '{ targeting = [{ role = "them", permanent = { types = ["creature"] }, count = 2, '
    'up_to = true }], divides = { counter = "+1/+1", amount = 3 }, do = [{ distribute = {} }] }'
)


def test_a_division_among_targets(tmp_path):
    game = _game(
        tmp_path,
        DIVIDE,
        '[{ activate = { card = "elder", targets = ["bear", "wolf"], '
        "divide = { bear = 2, wolf = 1 } } }, { resolve = 1 }]",
    )
    assert (game.obj("bear").counters["+1/+1"], game.obj("wolf").counters["+1/+1"]) == (3, 1)


@pytest.mark.parametrize(
    "divide",
    ["{ bear = 3 }", "{ bear = 2, wolf = 2 }", "{ bear = 3, wolf = 0 }", "{ elder = 3 }"],
)
def test_a_wrong_division_is_refused(tmp_path, divide):
    actions = (
        f'[{{ activate = {{ card = "elder", targets = ["bear", "wolf"], divide = {divide} }} }}]'
    )
    assert _refused(tmp_path, DIVIDE, actions) == ("cast", "601.2d", "wrong_division")


CHOICE = (
    '{ do = [{ choose_one = { name = "kw", options = { flying = [{ grant = { elder = ["flying"] } '
    '}], reach = [{ grant = { elder = ["reach"] } }] } } }] }'
)


def test_a_choice_as_it_resolves(tmp_path):
    game = _game(
        tmp_path,
        CHOICE,
        '[{ activate = { card = "elder" } }, { choose_on_resolution = { elder = { kw = "reach" } } }, '
        "{ resolve = 1 }]",
    )
    assert game.characteristics(game.obj("elder")).all_keywords == {"reach"}


def test_a_choice_must_be_given_when_there_are_several(tmp_path):
    from mtgjudge.errors import InvalidInputError

    with pytest.raises(InvalidInputError, match="chooses one of flying, reach"):
        _game(tmp_path, CHOICE, '[{ activate = { card = "elder" } }, { resolve = 1 }]')


def test_a_choice_given_is_a_string(tmp_path):
    with pytest.raises(RulingFormatError) as raised:
        _ruling(
            tmp_path,
            CHOICE,
            '[{ activate = { card = "elder" } }, { choose_on_resolution = { elder = { kw = true } } }, '
            "{ resolve = 1 }]",
        )
    assert_error_names(raised.value, "choose_on_resolution.elder.kw", "the name of the option")


def test_a_static_ability_grants_an_activated_ability(tmp_path):
    body = (
        '[setup.battlefield.aura]\ncontroller = "Alice"\ntypes = ["enchantment"]\n'
        'subtypes = ["Aura"]\nattached_to = "wolf"\n'
        "statics = [{ affects = { attached_by_source = true }, grant_abilities = [{ do = [{ pump = "
        '{ this_object = "+1/+1" } }] }] }]\n'
    )
    probe = '[[probe]]\nid = "p"\nactions = %s\nexpect.life = { Bob = 1 }\n'
    ruling = load_test_ruling(
        tmp_path,
        HEAD + body + probe % '[{ activate = { card = "wolf", player = "Bob" } }, { resolve = 1 }]',
    )
    game = game_after(ruling)
    assert game.characteristics(game.obj("wolf")).power == 4
    # The Aura's controller isn't the creature's.
    ruling = load_test_ruling(
        tmp_path, HEAD + body + probe % '[{ activate = { card = "wolf", player = "Alice" } }]'
    )
    with pytest.raises(IllegalActionError) as raised:
        game_after(ruling)
    assert raised.value.fault == "not_controller"
