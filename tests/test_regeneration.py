"""Regeneration (701.19, 614.8) in the kernel binding and the game model:
what the format accepts, what a shield replaces and what it doesn't, how a
shield is used and when it ends. The corpus rulings check the official
texts; these tests check the machinery on small made-up boards. Expected
values come from the rules cited beside them."""

from __future__ import annotations

import pytest

from helpers import game_after, load_test_ruling
from mtgjudge import _core
from mtgjudge.errors import RulingFormatError

HEAD = """\
id = "TEST-regeneration"
text = "A test ruling."
rules = ["701.19a"]
features = ["regeneration"]
source = { rule = "701.19a" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.troll]
controller = "Alice"
power = 4
toughness = 3

[setup.battlefield.giant]
controller = "Bob"
power = 3
toughness = 3

[setup.battlefield.striker]
controller = "Bob"
power = 3
toughness = 3
keywords = ["first strike"]
"""


def _ruling(tmp_path, actions: str, extra: str = "", expect: str = "expect.life = { Bob = 1 }"):
    probe = f'[[probe]]\nid = "p"\nactions = [{actions}]\n{expect}\n'
    return load_test_ruling(tmp_path, HEAD + extra + "\n" + probe)


def _game(tmp_path, actions: str, extra: str = ""):
    return game_after(_ruling(tmp_path, actions, extra))


# ----- the kernel, through the binding -----


def test_the_kernel_regenerates_instead_of_destroying():
    # 704.5g, 701.19a: lethal damage with a shield: the damage is removed,
    # the creature is tapped, and the shield used; the event is reported.
    combat = _core.Combat([20, 20])
    source = combat.add_creature(0, 3, 3)
    troll = combat.add_creature(1, 2, 2, regeneration_shields=1)
    combat.deal_damage(source, ("creature", troll), 3)
    events = combat.check_state_based_actions()
    assert events.regenerations == [troll]
    assert events.deaths == []
    state = combat.creature(troll)
    assert (state.on_battlefield, state.damage, state.tapped) == (True, 0, True)
    assert state.regeneration_shields == 0


def test_the_kernel_takes_shields_between_steps():
    # 701.19a: a regeneration ability resolving between steps; 704.5f isn't
    # replaced.
    combat = _core.Combat([20, 20])
    troll = combat.add_creature(1, 2, 2)
    combat.update_creature(troll, regeneration_shields=2)
    assert combat.creature(troll).regeneration_shields == 2
    combat.update_creature(troll, toughness=0)
    events = combat.check_state_based_actions()
    assert events.deaths == [(troll, "704.5f")]
    assert events.regenerations == []


def test_the_kernel_refuses_a_shield_count_out_of_range():
    combat = _core.Combat([20, 20])
    with pytest.raises(OverflowError):
        combat.add_creature(0, 1, 1, regeneration_shields=256)


# ----- the game model -----


def test_destroy_uses_a_shield(tmp_path):
    # 701.8a, 701.19a: the destruction is replaced; the troll is tapped.
    game = _game(tmp_path, '{ regenerate = ["troll"] }, { destroy = ["troll"] }')
    troll = game.obj("troll")
    assert troll.zone == "battlefield"
    assert troll.tapped
    assert troll.regeneration_shields == 0
    assert game.history.regenerated == ["troll"]
    assert any(entry.rule == "701.19a" and "instead" in entry.text for entry in game.trace)


def test_shields_add_up_and_each_replaces_one_destruction(tmp_path):
    game = _game(
        tmp_path,
        '{ regenerate = ["troll"] }, { regenerate = ["troll"] }, '
        '{ destroy = ["troll"] }, { destroy = ["troll"] }, { destroy = ["troll"] }',
    )
    assert game.obj("troll").zone == "graveyard"
    assert game.history.regenerated == ["troll", "troll"]


def test_an_indestructible_permanent_keeps_its_shield(tmp_path):
    # 702.12b: it isn't destroyed, so there is nothing to replace.
    game = _game(
        tmp_path,
        '{ grant = { troll = ["indestructible"] } }, { regenerate = ["troll"] }, '
        '{ destroy = ["troll"] }',
    )
    troll = game.obj("troll")
    assert troll.regeneration_shields == 1
    assert not troll.tapped
    assert game.history.regenerated == []


def test_sacrifice_and_zero_toughness_ignore_shields(tmp_path):
    # 701.21a, 704.5f.
    game = _game(tmp_path, '{ regenerate = ["troll", "giant"] }, { sacrifice = ["troll"] }')
    assert game.obj("troll").zone == "graveyard"
    game = _game(tmp_path, '{ regenerate = ["giant"] }, { pump = { giant = "-0/-3" } }')
    assert game.obj("giant").zone == "graveyard"
    assert game.history.regenerated == []


def test_shields_end_at_cleanup(tmp_path):
    # 514.2: "this turn" effects end in the cleanup step.
    game = _game(tmp_path, '{ regenerate = ["troll"] }, { advance = "cleanup" }')
    assert game.obj("troll").regeneration_shields == 0
    assert any(entry.rule == "514.2" and "regeneration" in entry.text for entry in game.trace)


def test_a_new_object_has_no_shield(tmp_path):
    # 400.7: the shield protects the object it was created for.
    game = _game(
        tmp_path,
        '{ regenerate = ["troll"] }, { move = { troll = "exile" } }, '
        '{ move = { troll = "battlefield" } }, { destroy = ["troll"] }',
    )
    assert game.obj("troll").zone == "graveyard"


def test_regenerating_off_the_battlefield_does_nothing(tmp_path):
    game = _game(tmp_path, '{ move = { troll = "graveyard" } }, { regenerate = ["troll"] }')
    assert game.obj("troll").regeneration_shields == 0


def test_a_regenerated_blocker_leaves_combat_and_the_attacker_stays_blocked(tmp_path):
    # 506.4, 509.1h: Bob's giant attacks, the troll blocks and regenerates.
    ruling = load_test_ruling(
        tmp_path,
        HEAD.replace(
            'players = ["Alice", "Bob"]', 'players = ["Alice", "Bob"]\nactive_player = "Bob"'
        )
        + '\n[[probe]]\nid = "p"\nactions = [{ attack = { giant = "Alice" } }, '
        '{ block = { troll = "giant" } }, { pump = { giant = "+0/+2" } }, '
        '{ regenerate = ["troll"] }, { pump = { giant = "+3/+0" } }, { damage = {} }]\n'
        "expect.life = { Alice = 1 }\n",
    )
    game = game_after(ruling)
    troll, giant = game.obj("troll"), game.obj("giant")
    assert troll.zone == "battlefield" and troll.damage == 0 and troll.tapped
    assert game.combat is not None
    assert not game.combat.is_blocking(troll.serial)
    assert giant.serial in game.combat.blocked
    assert game.players["Alice"].life == 20
    assert giant.damage == 4


def test_a_regenerated_attacker_deals_no_regular_damage(tmp_path):
    # 506.4, 510.4: the first striker's 3 is lethal to the troll (4/3); it
    # regenerates, leaves combat and assigns no damage in the regular step.
    game = _game(
        tmp_path,
        '{ attack = { troll = "Bob" } }, { block = { striker = "troll" } }, '
        '{ regenerate = ["troll"] }, { damage = {} }, { damage = {} }',
    )
    troll, striker = game.obj("troll"), game.obj("striker")
    assert troll.zone == "battlefield"
    assert game.history.regenerated == ["troll"]
    assert striker.damage == 0
    assert [(d.source, d.step) for d in game.history.damage] == [("striker", "first_strike")]


#: "Regenerate target creature", aimed at the giant.
REGENERATE_GIANT = """
[setup.hand.salve]
owner = "Alice"
types = ["instant"]
resolve = [{ regenerate = ["giant"] }]
"""


def test_a_spell_regenerates_its_target(tmp_path):
    # 701.19a: "Regenerate target creature."
    game = _game(
        tmp_path,
        '{ cast = { card = "salve", targets = ["giant"] } }, { resolve = 1 }, '
        '{ destroy = ["giant"] }',
        REGENERATE_GIANT,
    )
    assert game.obj("giant").zone == "battlefield"
    assert game.history.regenerated == ["giant"]


def test_an_illegal_target_isnt_regenerated(tmp_path):
    # 608.2b: the target left the battlefield before the spell resolved.
    game = _game(
        tmp_path,
        '{ cast = { card = "salve", targets = ["giant"] } }, '
        '{ move = { giant = "exile" } }, { move = { giant = "battlefield" } }, { resolve = 1 }',
        REGENERATE_GIANT,
    )
    assert game.obj("giant").regeneration_shields == 0


def test_a_triggered_destroy_uses_the_shield(tmp_path):
    # The one place that destroys: a triggered ability's destroy too.
    trap = """
[setup.battlefield.trap]
controller = "Bob"
types = ["enchantment"]
triggers = [{ event = "a_creature_attacks", do = [{ destroy = ["that_creature"] }] }]
"""
    game = _game(
        tmp_path,
        '{ regenerate = ["troll"] }, { attack = { troll = "Bob" } }, { resolve = 1 }',
        trap,
    )
    troll = game.obj("troll")
    assert troll.zone == "battlefield"
    assert game.history.regenerated == ["troll"]
    # 506.4: it is no longer attacking.
    assert game.combat is not None and not game.combat.is_attacking(troll.serial)


def test_shields_beyond_what_the_kernel_holds_are_kept(tmp_path):
    # The kernel holds at most 255 per creature; the model keeps the rest.
    game = _game(tmp_path, '{ deal_damage = { source = "giant", to = "troll", amount = 3 } }', "")
    assert game.obj("troll").zone == "graveyard"
    ruling = load_test_ruling(
        tmp_path,
        HEAD.replace("toughness = 3\n", "toughness = 3\nregeneration_shields = 300\n", 1)
        + '\n[[probe]]\nid = "p"\nactions = [{ deal_damage = { source = "giant", to = "troll", '
        "amount = 3 } }]\nexpect.life = { Bob = 1 }\n",
    )
    game = game_after(ruling)
    assert game.obj("troll").zone == "battlefield"
    assert game.obj("troll").regeneration_shields == 299


def test_the_regenerated_expectation_counts_each_time(tmp_path):
    from mtgjudge.check import check_probe
    from mtgjudge.judge.outcome import PASSED

    ruling = _ruling(
        tmp_path,
        '{ regenerate = ["troll"] }, { regenerate = ["troll"] }, '
        '{ destroy = ["troll"] }, { destroy = ["troll"] }',
        expect='expect.regenerated = ["troll", "troll"]\nexpect.zone = { troll = "battlefield" }',
    )
    assert check_probe(ruling, ruling.probes[0]).status == PASSED
    ruling = _ruling(
        tmp_path,
        '{ regenerate = ["troll"] }, { regenerate = ["troll"] }, '
        '{ destroy = ["troll"] }, { destroy = ["troll"] }',
        expect='expect.regenerated = ["troll"]',
    )
    outcome = check_probe(ruling, ruling.probes[0])
    assert outcome.status != PASSED
    assert "regenerated" in outcome.message


# ----- the format -----


@pytest.mark.parametrize(
    ("actions", "extra", "expect", "where", "message"),
    [
        ('{ regenerate = ["ogre"] }', "", "", "probe[0].actions[0].regenerate[0]", "ogre"),
        ('{ regenerate = "troll" }', "", "", "probe[0].actions[0].regenerate", "array"),
        (
            '{ regenerate = ["troll", "troll"] }',
            "",
            "",
            "probe[0].actions[0].regenerate[1]",
            "duplicate",
        ),
        (
            "",
            '\n[setup.battlefield.ogre]\ncontroller = "Bob"\npower = 1\ntoughness = 1\n'
            "regeneration_shields = -1\n",
            "",
            "setup.battlefield.ogre.regeneration_shields",
            ">= 0",
        ),
        (
            "",
            "",
            "expect.regeneration_shields = { ogre = 1 }",
            "expect.regeneration_shields",
            "ogre",
        ),
        ("", "", 'expect.regenerated = "troll"', "expect.regenerated", "array"),
    ],
)
def test_format_errors_name_the_file_key_and_expectation(
    tmp_path, actions, extra, expect, where, message
):
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, actions, extra, expect or "expect.life = { Bob = 1 }")
    error = raised.value
    assert error.path.endswith("t.toml")
    assert where in error.key_path
    assert message in error.expected


def test_permanents_destroyed_together_see_each_other_die(tmp_path):
    # 701.8a, 603.10a: one destroy effect puts them into the graveyard at
    # once, so the giant's "whenever another creature dies" sees the troll
    # die though the giant is named first.
    watching = HEAD.replace(
        '[setup.battlefield.giant]\ncontroller = "Bob"\npower = 3\ntoughness = 3\n',
        '[setup.battlefield.giant]\ncontroller = "Bob"\npower = 3\ntoughness = 3\n'
        'triggers = [{ event = "a_creature_dies", filter = { other = true }, do = [] }]\n',
    )
    assert watching != HEAD
    probe = (
        '[[probe]]\nid = "p"\nactions = [{ destroy = ["giant", "troll"] }]\n'
        "expect.life = { Bob = 1 }\n"
    )
    game = game_after(load_test_ruling(tmp_path, watching + probe))
    assert game.obj("troll").zone == "graveyard" and game.obj("giant").zone == "graveyard"
    assert [record.source for record in game.history.triggers] == ["giant"]
