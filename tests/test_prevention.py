"""Replacement and prevention effects on damage (614.1a, 615) in the game
model: what the format accepts, and how effects apply, divide, use up and
end. The corpus rulings check the official texts; these tests check the
machinery on small made-up boards."""

from __future__ import annotations

import pytest

from helpers import assert_error_names, game_after, load_test_ruling, placeholder_probe
from mtgjudge.errors import IllegalActionError, RulingFormatError

HEAD = """\
id = "TEST-prevention"
text = "A test ruling."
rules = ["615.1"]
features = ["damage_prevention"]
source = { rule = "615.1" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.wurm]
controller = "Alice"
power = 6
toughness = 6
keywords = ["trample", "lifelink"]

[setup.battlefield.wall]
controller = "Bob"
power = 0
toughness = 2

[setup.battlefield.ward]
controller = "Bob"
types = ["enchantment"]
"""

ATTACK = '{ attack = { wurm = "Bob" } }, { block = { wall = "wurm" } }'
BOB_AND_HIS = 'to_players = "you", to = { controller = "you" }'


def _ruling(tmp_path, setup: str, actions: str):
    probe = placeholder_probe(f"[{actions}]")
    return load_test_ruling(tmp_path, HEAD + setup + "\n" + probe)


def _game(tmp_path, setup: str, actions: str):
    return game_after(_ruling(tmp_path, setup, actions))


def _ward(effect: str) -> str:
    return f"prevents = [{effect}]"


SALVE = """
[setup.hand.salve]
owner = "Bob"
types = ["instant"]
resolve = [{ prevent = PREVENT }]
"""


def _salve(effect: str) -> str:
    return SALVE.replace("PREVENT", effect)


CAST_SALVE = '{ cast = { card = "salve", player = "Bob" } }, { resolve = 1 }'


def _hit(amount: int, to: str = "Bob") -> str:
    return f'{{ deal_damage = {{ source = "wurm", to = "{to}", amount = {amount} }} }}'


def test_a_divided_effect_without_a_choice_goes_in_assignment_order(tmp_path):
    # Lethal 2 to the wall, 4 to Bob; 3 prevented: 2 to the wall, then 1 to Bob.
    game = _game(
        tmp_path,
        _ward(f"{{ {BOB_AND_HIS}, amount = {{ per_source = 3 }} }}"),
        ATTACK + ", { damage = {} }",
    )
    assert game.history.prevented == [("wurm", "wall", 2), ("wurm", "Bob", 1)]
    assert game.players["Bob"].life == 17
    # 702.15b: lifelink gains the damage dealt, not the damage assigned.
    assert game.players["Alice"].life == 23


def test_a_choice_must_name_damage_the_effect_applies_to(tmp_path):
    with pytest.raises(IllegalActionError) as raised:
        _game(
            tmp_path,
            _ward('{ to_players = "you", amount = { per_source = 3 } }'),
            ATTACK
            + ', { choose_prevention = { ward = [{ source = "wurm", to = "wall", amount = 3 }] } }'
            + ", { damage = {} }",
        )
    assert raised.value.fault == "prevention_choice"


def test_a_choice_nothing_uses_is_an_error(tmp_path):
    # "all" divides nothing: a choice for it is a mistake, not silently ignored.
    with pytest.raises(IllegalActionError) as raised:
        _game(
            tmp_path,
            _ward('{ to_players = "you" }'),
            ATTACK
            + ', { choose_prevention = { ward = [{ source = "wurm", to = "Bob", amount = 1 }] } }'
            + ", { damage = {} }",
        )
    assert raised.value.fault == "prevention_choice"


def test_a_choice_is_used_once(tmp_path):
    # The choice is for the next damage; damage after it is divided by default.
    game = _game(
        tmp_path,
        _ward(f"{{ {BOB_AND_HIS}, amount = {{ per_source = 1 }} }}"),
        ATTACK
        + ', { choose_prevention = { ward = [{ source = "wurm", to = "Bob", amount = 1 }] } }'
        + ", { damage = {} }, "
        + _hit(2),
    )
    assert game.history.prevented == [("wurm", "Bob", 1), ("wurm", "Bob", 1)]
    assert game.players["Bob"].life == 20 - 3 - 1


def test_prevent_n_applies_to_each_event(tmp_path):
    # 615.10: a static "prevent 1 of that damage" applies to each event.
    game = _game(tmp_path, _ward('{ to_players = "you", amount = 1 }'), _hit(2) + ", " + _hit(2))
    assert game.players["Bob"].life == 18


def test_half_rounded_up(tmp_path):
    game = _game(tmp_path, _ward('{ to_players = "you", amount = "half_rounded_up" }'), _hit(5))
    assert game.history.prevented == [("wurm", "Bob", 3)]


def test_a_shield_is_used_up_across_events(tmp_path):
    game = _game(
        tmp_path,
        _salve('{ to_players = "you", amount = { shield = 3 } }'),
        CAST_SALVE + ", " + _hit(2) + ", " + _hit(2) + ", " + _hit(2),
    )
    # 615.7: 2 then 1 prevented; the third event is dealt in full.
    assert game.history.prevented == [("wurm", "Bob", 2), ("wurm", "Bob", 1)]
    assert game.players["Bob"].life == 20 - 0 - 1 - 2
    assert game.damage_effects == []


def test_each_object_a_shield_names_has_its_own(tmp_path):
    # 615.11: "the next 2 damage to each of ..." is a shield for each.
    game = _game(
        tmp_path,
        _salve('{ to_players = "you", to_objects = ["wall"], amount = { shield = 2 } }'),
        CAST_SALVE + ", " + _hit(2) + ", " + _hit(2, "wall"),
    )
    assert game.history.prevented == [("wurm", "Bob", 2), ("wurm", "wall", 2)]


def test_an_object_protected_by_name_is_the_object_it_was(tmp_path):
    # 400.7: once the wall has left and come back it is a new object.
    game = _game(
        tmp_path,
        _salve('{ to_objects = ["wall"] }'),
        CAST_SALVE
        + ', { move = { wall = "exile" } }, { move = { wall = "battlefield" } }, '
        + _hit(1, "wall"),
    )
    assert game.history.prevented == []
    assert game.obj("wall").damage == 1


def test_an_effect_for_this_turn_ends_in_the_cleanup_step(tmp_path):
    game = _game(
        tmp_path,
        _salve("{ combat = true }"),
        CAST_SALVE + ', { next_turn = "precombat_main" }',
    )
    assert game.damage_effects == []


def test_combat_only_leaves_noncombat_damage_alone(tmp_path):
    game = _game(tmp_path, _ward('{ to_players = "you", combat = true }'), _hit(3))
    assert game.history.prevented == []
    assert game.players["Bob"].life == 17


def test_replacement_and_prevention_apply_in_timestamp_order(tmp_path):
    # 616.1: one at a time. The ward (earlier) prevents 1, then the doubler
    # doubles what is left: (3 - 1) * 2 = 4.
    setup = (
        _ward('{ to_players = "you", amount = 1 }')
        + """

[setup.battlefield.doubler]
controller = "Alice"
types = ["enchantment"]
modifies_damage = [{ by = { controller = "you" }, times = 2 }]
"""
    )
    game = _game(tmp_path, setup, _hit(3))
    assert game.players["Bob"].life == 16
    assert game.history.prevented == [("wurm", "Bob", 1)]


@pytest.mark.parametrize(
    ("effect", "where", "message"),
    [
        ("prevents = [{ amount = 0 }]", "prevents[0].amount", "an integer >= 1"),
        (
            "prevents = [{ amount = { all_but = 1, per_source = 2 } }]",
            "prevents[0].amount",
            "exactly one",
        ),
        ('prevents = [{ amount = "most" }]', "prevents[0].amount", "all"),
        # 615.7: shields come from resolving spells and abilities.
        ("prevents = [{ amount = { shield = 2 } }]", "prevents[0].amount", "shield"),
        ('prevents = [{ to_objects = ["wall"] }]', "prevents[0]", "to_objects"),
        ('prevents = [{ by = { keywords = ["tramples"] } }]', "prevents[0].by.keywords", "one of"),
        ("modifies_damage = [{ combat = true }]", "modifies_damage[0]", "`times` or `plus`"),
        ("modifies_damage = [{ times = 1 }]", "modifies_damage[0].times", ">= 2"),
    ],
)
def test_bad_damage_effects_name_the_key(tmp_path, effect, where, message):
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, effect, "")
    assert_error_names(raised.value, f"setup.battlefield.ward.{where}", message)


def test_a_probe_cant_prevent_without_a_source(tmp_path):
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, "", '{ prevent = { to_players = "you" } }')
    assert_error_names(raised.value, "probe[0].actions[0]")


def test_a_shield_with_a_continuous_filter_is_refused(tmp_path):
    # A shield is for what fits as it resolves: `to_objects`, not `to`.
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, _salve('{ to = { types = ["creature"] }, amount = { shield = 1 } }'), "")
    assert_error_names(raised.value, "setup.hand.salve.resolve[0].prevent.to", "`to_objects`")


def test_a_filter_gives_each_permanent_that_fits_now_a_shield(tmp_path):
    # 615.11: the wall and the ward fit as the spell resolves; the wurm doesn't.
    game = _game(
        tmp_path,
        _salve('{ to_objects = { controller = "you" }, amount = { shield = 1 } }'),
        CAST_SALVE + ", " + _hit(2, "wall") + ", " + _hit(1, "wurm"),
    )
    assert game.history.prevented == [("wurm", "wall", 1)]
    shielded = sorted(e.effect.damage.to_objects[0][0] for e in game.damage_effects)
    assert shielded == ["ward"]
