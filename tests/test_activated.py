"""Activated abilities (602), loyalty abilities (606) and divisions among
targets (601.2d): the format, and the model on small made-up boards."""

from __future__ import annotations

import pytest

from helpers import assert_error_names, game_after, load_test_ruling, placeholder_probe, ruling_head
from mtgjudge.errors import IllegalActionError, RulingFormatError

HEAD = ruling_head(
    "activated",
    "602.2",
    "activated_abilities",
    players='[{ name = "Alice", mana = "{G}{G}" }, "Bob"]',
    bear='counters = { "+1/+1" = 1 }\n',
    libraries=True,
)

ELDER = """
[setup.battlefield.elder]
controller = "Alice"
power = 1
toughness = 1
abilities = [%s]
"""


def _ruling(tmp_path, abilities: str, actions: str = "[]"):
    probe = placeholder_probe(actions)
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


def test_x_in_an_activation_cost_is_announced_paid_and_used(tmp_path):
    # 602.2b, 107.3a: X is announced as it is activated, is part of the total
    # cost (601.2f), and is the same as the ability resolves (608.2h).
    ability = '{ cost = "{X}", do = [{ deal_damage = { to = "Bob", amount = "x" } }] }'
    game = _game(tmp_path, ability, '[{ activate = { card = "elder", x = 2 } }, { resolve = 1 }]')
    assert game.history.total_costs["elder"] == "{2}"
    assert game.players["Alice"].mana_pool["G"] == 0
    assert game.players["Bob"].life == 18
    # X defaults to 0.
    game = _game(tmp_path, ability, '[{ activate = { card = "elder" } }, { resolve = 1 }]')
    assert game.players["Bob"].life == 20


def test_x_too_large_to_pay_is_refused(tmp_path):
    ability = '{ cost = "{X}", do = [{ deal_damage = { to = "Bob", amount = "x" } }] }'
    category, rule, _ = _refused(tmp_path, ability, '[{ activate = { card = "elder", x = 3 } }]')
    assert rule == "601.2h"
    assert category == "payment"


def test_x_for_an_ability_without_x_is_bad_input(tmp_path):
    from mtgjudge.errors import InvalidInputError

    with pytest.raises(InvalidInputError, match="no X in its cost"):
        _game(tmp_path, '{ cost = "{G}", do = [] }', '[{ activate = { card = "elder", x = 1 } }]')


FLINGER = (
    '{ cost = "{G}", sacrifice_as_cost = { types = ["creature"], other = true }, '
    'do = [{ deal_damage = { to = "Bob", amount = "sacrificed_power" } }] }'
)


def test_a_sacrificed_creatures_power_as_it_last_existed(tmp_path):
    # 608.2h: the bear, 3/3 with its +1/+1 counter, as it was sacrificed.
    game = _game(
        tmp_path,
        FLINGER,
        '[{ activate = { card = "elder", sacrifice = "bear" } }, { resolve = 1 }]',
    )
    assert game.obj("bear").zone == "graveyard"
    assert game.players["Bob"].life == 17


@pytest.mark.parametrize("victim", ["elder", "wolf"])
def test_the_sacrifice_must_fit_and_be_yours(tmp_path, victim):
    # "Other than" the source (elder); a permanent its controller controls (wolf).
    category, rule, fault = _refused(
        tmp_path, FLINGER, f'[{{ activate = {{ card = "elder", sacrifice = "{victim}" }} }}]'
    )
    assert (category, rule, fault) == ("payment", "701.21a", "cant_pay")


def test_the_sacrifice_must_be_named(tmp_path):
    category, rule, _ = _refused(tmp_path, FLINGER, '[{ activate = { card = "elder" } }]')
    assert (category, rule) == ("payment", "118.3")


def test_sacrificed_power_only_with_a_sacrifice_cost(tmp_path):
    ability = (
        '{ cost = "{G}", do = [{ deal_damage = { to = "Bob", amount = "sacrificed_power" } }] }'
    )
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, ability)
    assert_error_names(raised.value, "setup.battlefield.elder", "sacrifice_as_cost")


def test_remove_all_counters_counts_what_it_removed(tmp_path):
    # The bear has one +1/+1 counter; the elder is given two by a first action.
    ability = (
        '{ remove_all_counters = "+1/+1", targeting = [{ role = "victim", permanent = {} }], '
        'do = [{ effect = { to = "targets", pump = "-X/-X", x = "counters_removed" } }] }'
    )
    game = _game(
        tmp_path,
        ability,
        '[{ counters = { elder = { "+1/+1" = 2 } } }, '
        '{ activate = { card = "elder", targets = ["wolf"] } }, { resolve = 1 }]',
    )
    assert game.obj("elder").counters.get("+1/+1", 0) == 0
    wolf = game.characteristics(game.obj("wolf"))
    assert (wolf.power, wolf.toughness) == (1, 1)
    # None to remove: X is 0.
    game = _game(
        tmp_path,
        ability,
        '[{ activate = { card = "elder", targets = ["wolf"] } }, { resolve = 1 }]',
    )
    assert game.characteristics(game.obj("wolf")).power == 3


def test_counters_removed_only_with_a_remove_all_cost(tmp_path):
    ability = (
        '{ targeting = [{ role = "victim", permanent = {} }], '
        'do = [{ effect = { to = "targets", pump = "-X/-X", x = "counters_removed" } }] }'
    )
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, ability)
    assert_error_names(raised.value, "setup.battlefield.elder", "remove_all_counters")
