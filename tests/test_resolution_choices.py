"""Choices a triggered ability's effect offers as it resolves (608.2d,
608.2e, 603.5): `choose` and `may` in its actions, given in advance by a
probe's `choose_on_resolution`. The corpus rulings check the official texts;
these tests check the machinery and the loader on small made-up boards."""

from __future__ import annotations

import pytest

from helpers import assert_error_names, game_after, load_test_ruling, placeholder_probe
from mtgjudge.errors import IllegalActionError, InvalidInputError, RulingFormatError

HEAD = """\
id = "TEST-choices"
text = "A test ruling."
rules = ["608.2d"]
features = ["triggered_abilities", "resolution_choices"]
source = { rule = "608.2d" }

[setup]
players = ["Alice", "Bob"]
active_player = "Alice"
step = "precombat_main"

[setup.battlefield.bear]
controller = "Alice"
power = 2
toughness = 2

[setup.battlefield.cub]
controller = "Alice"
power = 1
toughness = 1

[setup.battlefield.giant]
controller = "Bob"
power = 3
toughness = 3
"""

#: "At the beginning of combat on your turn, you may sacrifice another
#: creature. If you do, this creature gets +2/+2."
SACRIFICER = """
[setup.battlefield.src]
controller = "Alice"
power = 3
toughness = 3
triggers = [{ event = "beginning_of_combat_on_your_turn", do = [{ choose = { name = "sac", among = { types = ["creature"], controller = "you", other = true }, count = "up_to_one", do = [{ sacrifice = ["chosen"] }, { pump = { src = "+2/+2" } }] } }] }]
"""

#: "At the beginning of combat on your turn, you may put a +1/+1 counter on
#: this creature, and you may have it gain trample."
MAYBE = """
[setup.battlefield.src]
controller = "Alice"
power = 3
toughness = 3
triggers = [{ event = "beginning_of_combat_on_your_turn", do = [{ may = { name = "counter", do = [{ counters = { src = { "+1/+1" = 1 } } }] } }, { may = { name = "trample", do = [{ grant = { src = ["trample"] } }] } }] }]
"""

#: "At the beginning of combat on your turn, target opponent chooses a
#: creature they control. It loses all abilities" (here: gets -1/-1).
OPPONENT_CHOOSES = """
[setup.battlefield.src]
controller = "Alice"
power = 3
toughness = 3
triggers = [{ event = "beginning_of_combat_on_your_turn", targets = ["Bob"], do = [{ choose = { name = "victim", chooser = "target", among = { types = ["creature"], controller = "you" }, do = [{ pump = { chosen = "-1/-1" } }] } }] }]
"""

ADVANCE = '{ advance = "beginning_of_combat" }'
TAP = '{ tap = ["bear"] }'


def _ruling(tmp_path, setup: str, actions: str):
    probe = placeholder_probe(f"[{actions}]")
    return load_test_ruling(tmp_path, HEAD + setup + "\n" + probe)


def _game(tmp_path, setup: str, actions: str):
    return game_after(_ruling(tmp_path, setup, actions))


def _choose(choices: str) -> str:
    return f"{{ choose_on_resolution = {{ src = {{ {choices} }} }} }}"


def _resolving(choices: str) -> str:
    """Advance to the beginning of combat, then resolve the ability with these choices."""
    return f"{ADVANCE}, {_choose(choices)}, {{ resolve = 1 }}"


def _pt(game, ref: str) -> tuple[int | None, int | None]:
    current = game.characteristics(game.obj(ref))
    return current.power, current.toughness


# ----- choose -----


def test_a_choice_given_before_the_ability_resolves_is_used(tmp_path):
    game = _game(tmp_path, SACRIFICER, _resolving('sac = ["bear"]'))
    assert game.obj("bear").zone == "graveyard"
    assert game.obj("cub").zone == "battlefield"
    assert _pt(game, "src") == (5, 5)
    assert any(entry.rule == "608.2d" for entry in game.trace)


def test_choices_given_before_advance_are_used_as_it_resolves_during_it(tmp_path):
    game = _game(
        tmp_path, SACRIFICER, _choose('sac = ["cub"]') + ', { advance = "declare_attackers" }'
    )
    assert game.obj("cub").zone == "graveyard"
    assert _pt(game, "src") == (5, 5)


def test_no_choice_given_chooses_nothing_for_up_to_one(tmp_path):
    game = _game(tmp_path, SACRIFICER, f"{ADVANCE}, {{ resolve = 1 }}")
    assert game.obj("bear").zone == game.obj("cub").zone == "battlefield"
    assert _pt(game, "src") == (3, 3)


def test_an_empty_choice_declines(tmp_path):
    game = _game(tmp_path, SACRIFICER, _resolving("sac = []"))
    assert game.obj("bear").zone == "battlefield"
    assert _pt(game, "src") == (3, 3)


@pytest.mark.parametrize(
    ("chosen", "fault"),
    [
        ('["giant"]', "not_a_candidate"),  # not a creature Alice controls
        ('["src"]', "not_a_candidate"),  # "another"
        ('["bear", "cub"]', "too_many_chosen"),  # up to one
    ],
)
def test_illegal_choices_are_refused(tmp_path, chosen, fault):
    with pytest.raises(IllegalActionError) as raised:
        _game(tmp_path, SACRIFICER, _resolving(f"sac = {chosen}"))
    assert raised.value.rule == "608.2d"
    assert raised.value.fault == fault


def test_a_target_player_chooses_among_their_own(tmp_path):
    game = _game(tmp_path, OPPONENT_CHOOSES, _resolving('victim = ["giant"]'))
    assert _pt(game, "giant") == (2, 2)
    with pytest.raises(IllegalActionError) as raised:
        _game(tmp_path, OPPONENT_CHOOSES, _resolving('victim = ["bear"]'))
    assert raised.value.fault == "not_a_candidate"


def test_exactly_one_takes_the_only_candidate_without_a_choice(tmp_path):
    game = _game(tmp_path, OPPONENT_CHOOSES, f"{ADVANCE}, {{ resolve = 1 }}")
    assert _pt(game, "giant") == (2, 2)
    with pytest.raises(IllegalActionError) as raised:
        _game(tmp_path, OPPONENT_CHOOSES, _resolving("victim = []"))
    assert raised.value.fault == "nothing_chosen"


def test_exactly_one_among_several_needs_a_choice(tmp_path):
    setup = OPPONENT_CHOOSES.replace('targets = ["Bob"]', 'targets = ["Alice"]')
    with pytest.raises(InvalidInputError, match="choose_on_resolution"):
        _game(tmp_path, setup, f"{ADVANCE}, {{ resolve = 1 }}")


def test_different_powers(tmp_path):
    setup = """
[setup.battlefield.cub2]
controller = "Alice"
power = 1
toughness = 1

[setup.battlefield.src]
controller = "Alice"
power = 3
toughness = 3
triggers = [{ event = "you_attack", do = [{ choose = { name = "ds", among = { attacking = true, controller = "you" }, count = "any_number", different_powers = true, do = [{ grant = { chosen = ["double strike"] } }] } }] }]
"""
    attack = '{ attack = { bear = "Bob", cub = "Bob", cub2 = "Bob" } }'
    ok = '{ choose_on_resolution = { src = { ds = ["bear", "cub"] } } }'
    game = _game(tmp_path, setup, f"{attack}, {ok}, {{ resolve = 1 }}")
    assert "double strike" in game.characteristics(game.obj("bear")).keywords
    assert "double strike" in game.characteristics(game.obj("cub")).keywords
    assert "double strike" not in game.characteristics(game.obj("cub2")).keywords
    same = '{ choose_on_resolution = { src = { ds = ["cub", "cub2"] } } }'
    with pytest.raises(IllegalActionError) as raised:
        _game(tmp_path, setup, f"{attack}, {same}, {{ resolve = 1 }}")
    assert raised.value.fault == "same_power"


# ----- may -----


@pytest.mark.parametrize(
    ("counter", "trample", "pt", "has_trample"),
    [
        ("true", "true", (4, 4), True),
        ("false", "true", (3, 3), True),
        ("true", "false", (4, 4), False),
        ("false", "false", (3, 3), False),
    ],
)
def test_each_may_is_its_own_choice(tmp_path, counter, trample, pt, has_trample):
    game = _game(tmp_path, MAYBE, _resolving(f"counter = {counter}, trample = {trample}"))
    assert _pt(game, "src") == pt
    assert ("trample" in game.characteristics(game.obj("src")).keywords) is has_trample


def test_a_may_without_a_choice_isnt_taken(tmp_path):
    game = _game(tmp_path, MAYBE, f"{ADVANCE}, {{ resolve = 1 }}")
    assert _pt(game, "src") == (3, 3)
    assert "trample" not in game.characteristics(game.obj("src")).keywords


# ----- unused choices -----


def test_a_choice_for_an_ability_that_doesnt_resolve_next_is_an_error(tmp_path):
    # The ability is on the stack, but the next action doesn't resolve it.
    with pytest.raises(InvalidInputError, match="never used"):
        _game(tmp_path, MAYBE, f"{ADVANCE}, {_choose('counter = true')}, {TAP}")


def test_a_choice_the_ability_doesnt_reach_is_an_error(tmp_path):
    # 603.4: its intervening "if" clause is false as it resolves, so it does
    # nothing, and nothing uses the choice.
    setup = MAYBE.replace(
        "triggers = [{ ", "triggers = [{ condition = { source_untapped = true }, "
    )
    actions = f'{ADVANCE}, {{ tap = ["src"] }}, {_choose("counter = true")}, {{ resolve = 1 }}'
    with pytest.raises(InvalidInputError, match="never used"):
        _game(tmp_path, setup, actions)


def test_a_triggered_ability_takes_no_resolve_choose(tmp_path):
    with pytest.raises(InvalidInputError, match="choose_on_resolution"):
        _game(tmp_path, MAYBE, f'{ADVANCE}, {{ resolve = {{ choose = {{ Alice = ["bear"] }} }} }}')


# ----- the loader -----


@pytest.mark.parametrize(
    ("choices", "where", "message"),
    [
        ("nope = true", "probe[0].actions[1].choose_on_resolution.src.nope", "counter, trample"),
        (
            'counter = ["bear"]',
            "probe[0].actions[1].choose_on_resolution.src.counter",
            "true or false",
        ),
        ("counter = 1", "probe[0].actions[1].choose_on_resolution.src.counter", "found an integer"),
    ],
)
def test_bad_choices_name_the_key(tmp_path, choices, where, message):
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, MAYBE, _resolving(choices))
    assert_error_names(raised.value, where, message)


def test_a_choose_takes_a_list(tmp_path):
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, SACRIFICER, _resolving("sac = true"))
    assert_error_names(raised.value, "choose_on_resolution.src.sac", "list")


def test_choices_for_an_object_without_any(tmp_path):
    choices = "{ choose_on_resolution = { bear = { sac = [] } } }"
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, SACRIFICER, f"{ADVANCE}, {choices}, {{ resolve = 1 }}")
    assert_error_names(raised.value, "probe[0].actions[1].choose_on_resolution.bear")


def test_choose_on_resolution_cant_be_last(tmp_path):
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, MAYBE, f"{ADVANCE}, {_choose('counter = true')}")
    assert_error_names(raised.value, "probe[0].actions[1]", "next action")


@pytest.mark.parametrize(
    ("setup", "where", "message"),
    [
        # `chosen` outside a choose's actions.
        (
            SACRIFICER.replace("do = [{ choose", 'do = [{ tap = ["chosen"] }, { choose'),
            "setup.battlefield.src.triggers[0].do[0]",
            "chosen",
        ),
        # A target player chooses, but the ability targets none.
        (
            OPPONENT_CHOOSES.replace('targets = ["Bob"], ', ""),
            "setup.battlefield.src.triggers[0].do[0].choose.chooser",
            "target a player",
        ),
        # Two choices with one name.
        (
            MAYBE.replace('name = "trample"', 'name = "counter"'),
            "setup.battlefield.src.triggers[0].do[1].may.name",
            "used twice",
        ),
        (
            SACRIFICER.replace('count = "up_to_one"', 'count = "two"'),
            "setup.battlefield.src.triggers[0].do[0].choose.count",
            "up_to_one",
        ),
        (
            SACRIFICER.replace('name = "sac"', 'name = "Sac"'),
            "setup.battlefield.src.triggers[0].do[0].choose.name",
            "lower case",
        ),
    ],
)
def test_bad_choice_actions_name_the_key(tmp_path, setup, where, message):
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, setup, TAP)
    assert_error_names(raised.value, where, message)


def test_a_spell_offers_no_choose_action(tmp_path):
    setup = """
[setup.hand.spell]
owner = "Alice"
types = ["sorcery"]
resolve = [{ may = { name = "x", do = [{ tap = ["bear"] }] } }]
"""
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, setup, TAP)
    assert_error_names(raised.value, "setup.hand.spell.resolve[0].may", "triggered ability")
