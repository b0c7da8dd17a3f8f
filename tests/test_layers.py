"""Type- and color-changing effects (layers 4 and 5, 613.1d–e) and static
abilities with several filters, on small made-up boards. The corpus
rulings check the official texts."""

from __future__ import annotations

import pytest

from helpers import assert_error_names, game_after, load_test_ruling, placeholder_probe
from mtgjudge.errors import RulingFormatError

HEAD = """\
id = "TEST-layers"
text = "A test ruling."
rules = ["613.1d"]
features = ["types_and_colors"]
source = { rule = "613.1d" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.lord]
controller = "Alice"
subtypes = ["Zombie"]
power = 2
toughness = 2
statics = [{ affects = [{ controller = "you", subtypes = ["Skeleton"] }, { controller = "you", subtypes = ["Zombie"], other = true }], pump = "+1/+1" }]

[setup.battlefield.both]
controller = "Alice"
subtypes = ["Zombie", "Skeleton"]
power = 1
toughness = 1

[setup.battlefield.relic]
controller = "Alice"
types = ["artifact"]
colors = ["blue"]
"""


def _game(tmp_path, actions: str):
    probe = placeholder_probe(f"[{actions}]")
    return game_after(load_test_ruling(tmp_path, HEAD + probe))


def test_a_static_with_several_filters_affects_each_permanent_once(tmp_path):
    game = _game(tmp_path, "")
    # A Zombie Skeleton fits both filters: +1/+1 once.
    assert game.characteristics(game.obj("both")).power == 2


def test_an_artifact_becomes_a_creature_with_base_power_and_toughness(tmp_path):
    game = _game(
        tmp_path, '{ effect = { to = ["relic"], add_types = ["creature"], set_base = "3/3" } }'
    )
    relic = game.characteristics(game.obj("relic"))
    assert relic.types == {"artifact", "creature"}
    assert (relic.power, relic.toughness) == (3, 3)


def test_the_effect_ends_in_the_cleanup_step(tmp_path):
    game = _game(
        tmp_path,
        '{ effect = { to = ["relic"], add_types = ["creature"], set_base = "3/3" } }, '
        '{ next_turn = "precombat_main" }',
    )
    relic = game.characteristics(game.obj("relic"))
    assert relic.types == {"artifact"}
    assert relic.power is None


def test_later_effects_win_in_timestamp_order(tmp_path):
    # 613.7: within a layer, effects apply in timestamp order.
    game = _game(
        tmp_path,
        '{ effect = { to = ["lord"], set_subtypes = ["Dragon"] } }, '
        '{ effect = { to = ["lord"], add_subtypes = ["Angel"] } }, '
        '{ effect = { to = ["relic"], set_colors = ["red"] } }, '
        '{ effect = { to = ["relic"], set_colors = [] } }',
    )
    assert game.characteristics(game.obj("lord")).subtypes == {"Dragon", "Angel"}
    assert game.characteristics(game.obj("relic")).colors == frozenset()


def test_a_type_change_changes_what_statics_see(tmp_path):
    # "Other Zombies" excludes the lord itself; once it is a Skeleton too,
    # the Skeleton part of its own ability applies to it.
    game = _game(tmp_path, '{ effect = { to = ["lord"], add_subtypes = ["Skeleton"] } }')
    assert game.characteristics(game.obj("lord")).power == 3


def test_only_narrows_named_objects_and_not_a_filter(tmp_path):
    game = _game(
        tmp_path,
        '{ effect = { to = ["lord", "both"], only = { subtypes = ["Skeleton"] }, '
        'grant = ["flying"] } }',
    )
    assert "flying" in game.characteristics(game.obj("both")).keywords
    assert "flying" not in game.characteristics(game.obj("lord")).keywords


@pytest.mark.parametrize(
    ("effect", "where", "message"),
    [
        (
            '{ to = { types = ["creature"] }, only = { subtypes = ["Skeleton"] }, grant = ["flying"] }',
            "effect.only",
            "with a filter",
        ),
        ('{ to = ["relic"], add_types = ["creature"] }', "effect.add_types", "set_base"),
        (
            '{ to = ["lord"], grant = ["flying"], condition = { source_untapped = true } }',
            "effect.condition.source_untapped",
            "no source",
        ),
    ],
)
def test_bad_effects_name_the_key(tmp_path, effect, where, message):
    with pytest.raises(RulingFormatError) as raised:
        _game(tmp_path, f"{{ effect = {effect} }}")
    assert_error_names(raised.value, f"probe[0].actions[0].{where}", message)


def test_becoming_a_dragon_keeps_other_subtypes(tmp_path):
    # 205.1b: creature types are replaced; an artifact type isn't one.
    game = _game(
        tmp_path,
        '{ effect = { to = ["relic"], add_types = ["creature"], add_subtypes = ["Equipment", '
        '"Golem"], set_base = "1/1" } }, { effect = { to = ["relic"], set_subtypes = ["Dragon"] } }',
    )
    assert game.characteristics(game.obj("relic")).subtypes == {"Dragon", "Equipment"}


@pytest.mark.parametrize(
    ("actions", "power_toughness"),
    [
        # 613.4d: `both` is a 1/1 with the lord's +1/+1; with +3/+0 it is a
        # 5/2 in 7c, switched in 7d whatever the timestamps: 2/5.
        ('{ switch = ["relic"] }', None),
        ('{ switch = ["both"] }, { pump = { both = "+3/+0" } }', (2, 5)),
        ('{ pump = { both = "+3/+0" } }, { switch = ["both"] }', (2, 5)),
        ('{ switch = ["both"] }, { switch = ["both"] }, { pump = { both = "+3/+0" } }', (5, 2)),
    ],
)
def test_a_switch_applies_after_every_modification(tmp_path, actions, power_toughness):
    game = _game(tmp_path, actions)
    if power_toughness is None:
        # A noncreature artifact has no power and toughness to switch.
        relic = game.characteristics(game.obj("relic"))
        assert (relic.power, relic.toughness) == (None, None)
        return
    both = game.characteristics(game.obj("both"))
    assert (both.power, both.toughness) == power_toughness
