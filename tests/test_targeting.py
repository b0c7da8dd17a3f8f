"""Targets of spells that become illegal (608.2b), with what the rulings on
them needed: modal spells (700.2), fight (701.14), "its controller" as last
known (608.2h) and an additional cost that sacrifices a permanent (118.8,
601.2h). What the format accepts, and the model on small made-up boards; the
corpus rulings check the rules on official texts."""

from __future__ import annotations

import pytest

from helpers import assert_error_names, game_after, load_test_ruling, placeholder_probe
from mtgjudge.errors import IllegalCastError, RulingFormatError

HEAD = """\
id = "TEST-targeting"
text = "A test ruling."
rules = ["608.2b"]
features = ["targeting"]
source = { rule = "608.2b" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.bear]
controller = "Alice"
power = 2
toughness = 2

[setup.battlefield.elves]
controller = "Alice"
power = 1
toughness = 1

[setup.battlefield.wolf]
controller = "Bob"
power = 3
toughness = 3
"""

RAMPAGE = """
[setup.hand.rampage]
owner = "Alice"
types = ["instant"]
modes = [
  { targets = 1, resolve = [{ effect = { to = "targets", pump = "+4/+0" } }] },
  { targets = 2, resolve = [{ effect = { to = "targets", pump = "+2/+0" } }] },
]
"""

FIGHT = """
[setup.hand.brawl]
owner = "Alice"
types = ["sorcery"]
resolve = [{ gain_life = { Alice = 1 } }, { fight = { bear = "wolf" } }]
"""

LAUNCH = """
[setup.hand.launch]
owner = "Alice"
types = ["instant"]
sacrifice_as_cost = { types = ["creature"] }
resolve = [{ destroy = ["%s"] }, { controller_loses_life = { %s = 2 } }]
"""


def _ruling(tmp_path, body: str, actions: str = "[]"):
    probe = placeholder_probe(actions)
    return load_test_ruling(tmp_path, HEAD + body + "\n" + probe)


def _game(tmp_path, body: str, actions: str):
    return game_after(_ruling(tmp_path, body, actions))


# ----- the format -----


@pytest.mark.parametrize(
    ("body", "actions", "where", "message"),
    [
        (
            FIGHT,
            '[{ cast = { card = "brawl", mode = 1 } }]',
            "probe[0].actions[0].cast.mode",
            "'brawl' is not a modal spell",
        ),
        (
            RAMPAGE,
            '[{ cast = { card = "rampage", mode = 3, targets = ["bear"] } }]',
            "probe[0].actions[0].cast.mode",
            "expected a mode of 'rampage': 1 to 2, found 3",
        ),
        (
            RAMPAGE,
            '[{ cast = { card = "rampage", mode = 0, targets = ["bear"] } }]',
            "probe[0].actions[0].cast.mode",
            "expected an integer >= 1, found 0",
        ),
        (
            RAMPAGE.replace('types = ["instant"]', 'types = ["instant"]\nresolve = []'),
            "[]",
            "setup.hand.rampage.resolve",
            "a modal spell does what its chosen mode says",
        ),
        (
            RAMPAGE.replace(
                '  { targets = 2, resolve = [{ effect = { to = "targets", pump = "+2/+0" } }] },\n',
                "",
            ),
            "[]",
            "setup.hand.rampage.modes",
            "expected at least 2 item(s)",
        ),
        (
            RAMPAGE.replace(
                '{ effect = { to = "targets", pump = "+4/+0" } }',
                '{ lose_life = { Bob = "that_much" } }',
            ),
            "[]",
            "setup.hand.rampage.modes[0].resolve[0]",
            "an earlier `remove_counters`",
        ),
        (
            FIGHT,
            '[{ cast = { card = "brawl", sacrifice = "elves" } }]',
            "probe[0].actions[0].cast.sacrifice",
            "'brawl' has no additional cost to sacrifice a permanent",
        ),
        (
            FIGHT.replace('{ bear = "wolf" }', '{ bear = "ogre" }'),
            "[]",
            "setup.hand.brawl.resolve[1].fight.bear",
            "no object named 'ogre' in the setup",
        ),
        (
            LAUNCH % ("wolf", "Bob"),
            "[]",
            "setup.hand.launch.resolve[1].controller_loses_life.Bob",
            "expected the key to be an object name from the setup",
        ),
    ],
)
def test_the_loader_rejects_what_doesnt_make_sense(tmp_path, body, actions, where, message):
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, body, actions)
    assert_error_names(raised.value, where, message)


# ----- modal spells (700.2) -----


def test_a_modal_spell_does_what_its_mode_says(tmp_path):
    first = _game(
        tmp_path,
        RAMPAGE,
        '[{ cast = { card = "rampage", mode = 1, targets = ["bear"] } }, { resolve = 1 }]',
    )
    assert first.characteristics(first.obj("bear")).power == 6
    second = _game(
        tmp_path,
        RAMPAGE,
        '[{ cast = { card = "rampage", mode = 2, targets = ["bear", "elves"] } }, '
        '{ move = { elves = "exile" } }, { resolve = 1 }]',
    )
    # 608.2b: the mode doesn't change when a target becomes illegal.
    assert second.characteristics(second.obj("bear")).power == 4


@pytest.mark.parametrize(
    ("cast", "rule", "fault"),
    [
        ('{ card = "rampage", targets = ["bear"] }', "700.2a", "no_mode"),
        ('{ card = "rampage", mode = 2, targets = ["bear"] }', "601.2c", "wrong_number_of_targets"),
        (
            '{ card = "rampage", mode = 1, targets = ["bear", "elves"] }',
            "601.2c",
            "wrong_number_of_targets",
        ),
    ],
)
def test_a_modal_spell_needs_a_mode_and_its_targets(tmp_path, cast, rule, fault):
    with pytest.raises(IllegalCastError) as raised:
        _game(tmp_path, RAMPAGE, f"[{{ cast = {cast} }}]")
    assert (raised.value.rule, raised.value.fault) == (rule, fault)


def test_a_copy_of_a_modal_spell_keeps_its_mode(tmp_path):
    game = _game(
        tmp_path,
        RAMPAGE,
        '[{ cast = { card = "rampage", mode = 1, targets = ["bear"] } }, '
        '{ copy_spell = { rampage = "Alice" } }, { resolve = 2 }]',
    )
    # 700.2g: the copy has the first mode too: +4/+0 twice.
    assert game.characteristics(game.obj("bear")).power == 10


# ----- fight (701.14) -----


def test_fighting_creatures_deal_damage_to_each_other(tmp_path):
    game = _game(
        tmp_path,
        FIGHT,
        '[{ cast = { card = "brawl", targets = ["bear", "wolf"] } }, { resolve = 1 }]',
    )
    dealt = {(d.source, d.recipient, d.amount, d.step) for d in game.history.damage}
    # 701.14a, 701.14d: each deals damage equal to its power; not combat damage.
    assert dealt == {("bear", "wolf", 2, None), ("wolf", "bear", 3, None)}
    assert game.obj("bear").zone == "graveyard"
    assert (game.obj("wolf").zone, game.obj("wolf").damage) == ("battlefield", 2)


def test_the_two_deal_their_damage_at_the_same_time(tmp_path):
    # The bear's deathtouch damage doesn't stop the wolf from dealing its
    # own: no state-based actions in between (701.14a).
    body = FIGHT.replace("resolve = [{ gain_life = { Alice = 1 } }, ", "resolve = [")
    ruling = _ruling(
        tmp_path,
        body,
        '[{ grant = { bear = ["deathtouch"] } }, { cast = { card = "brawl" } }, { resolve = 1 }]',
    )
    game = game_after(ruling)
    assert {(d.source, d.recipient, d.amount) for d in game.history.damage} == {
        ("bear", "wolf", 2),
        ("wolf", "bear", 3),
    }
    assert sorted(ref for ref, _ in game.history.deaths) == ["bear", "wolf"]


def test_a_fight_with_an_illegal_target_deals_no_damage(tmp_path):
    game = _game(
        tmp_path,
        FIGHT,
        '[{ cast = { card = "brawl", targets = ["bear", "wolf"] } }, '
        '{ move = { wolf = "exile" } }, { move = { wolf = "battlefield" } }, { resolve = 1 }]',
    )
    # 701.14b: neither fights; 608.2b: the rest of the spell still happens.
    assert game.history.damage == []
    assert game.players["Alice"].life == 21
    assert any(entry.rule == "701.14b" for entry in game.trace)


def test_a_creature_off_the_battlefield_doesnt_fight(tmp_path):
    game = _game(tmp_path, "", '[{ destroy = ["wolf"] }, { fight = { bear = "wolf" } }]')
    assert game.history.damage == []
    assert game.obj("bear").damage == 0


def test_a_creature_fighting_itself_deals_twice_its_power_to_itself(tmp_path):
    game = _game(tmp_path, "", '[{ fight = { wolf = "wolf" } }]')
    # 701.14c
    assert [(d.source, d.recipient, d.amount) for d in game.history.damage] == [("wolf", "wolf", 6)]


def test_a_creature_with_negative_power_deals_no_damage_when_it_fights(tmp_path):
    game = _game(tmp_path, "", '[{ pump = { bear = "-3/+0" } }, { fight = { bear = "wolf" } }]')
    # 107.1b: zero is used instead of a negative number.
    assert [(d.source, d.recipient, d.amount) for d in game.history.damage] == [("wolf", "bear", 3)]


# ----- "its controller" (608.2h) -----


def test_its_controller_is_the_controller_it_last_had_on_the_battlefield(tmp_path):
    game = _game(
        tmp_path,
        LAUNCH % ("wolf", "wolf"),
        '[{ gain_control = { wolf = "Alice" } }, '
        '{ cast = { card = "launch", targets = ["wolf"], sacrifice = "elves" } }, { resolve = 1 }]',
    )
    # The wolf is Bob's, but Alice controlled it as it was destroyed.
    assert game.obj("wolf").zone == "graveyard"
    assert (game.players["Alice"].life, game.players["Bob"].life) == (18, 20)


def test_its_controller_of_a_permanent_still_there_is_its_controller_now(tmp_path):
    body = (LAUNCH % ("wolf", "wolf")).replace('sacrifice_as_cost = { types = ["creature"] }\n', "")
    game = _game(
        tmp_path,
        body,
        '[{ grant = { wolf = ["indestructible"] } }, '
        '{ cast = { card = "launch", targets = ["wolf"] } }, { resolve = 1 }]',
    )
    assert game.obj("wolf").zone == "battlefield"
    assert game.players["Bob"].life == 18


# ----- an additional cost that sacrifices a permanent (118.8) -----


def test_the_sacrifice_is_paid_as_the_spell_is_cast(tmp_path):
    ruling = _ruling(
        tmp_path,
        LAUNCH % ("wolf", "wolf"),
        '[{ cast = { card = "launch", targets = ["wolf"], sacrifice = "elves" } }]',
    )
    game = game_after(ruling)
    assert game.obj("elves").zone == "graveyard"
    assert ("elves", "701.21a") in game.history.deaths
    assert game.obj("wolf").zone == "battlefield"


def test_a_target_sacrificed_for_the_cost_is_illegal(tmp_path):
    # 601.2c, 601.2h: the targets are chosen before the costs are paid.
    game = _game(
        tmp_path,
        LAUNCH % ("elves", "elves"),
        '[{ cast = { card = "launch", targets = ["elves"], sacrifice = "elves" } }, { resolve = 1 }]',
    )
    assert game.obj("launch").zone == "graveyard"
    assert game.players["Alice"].life == 20
    assert any(entry.rule == "608.2b" for entry in game.trace)


@pytest.mark.parametrize(
    ("cast", "rule", "fault"),
    [
        ('{ card = "launch", targets = ["wolf"] }', "118.8", "additional_cost_unpaid"),
        (
            '{ card = "launch", targets = ["wolf"], sacrifice = "wolf" }',
            "701.21a",
            "cant_sacrifice",
        ),
        (
            '{ card = "launch", targets = ["wolf"], sacrifice = "land" }',
            "701.21a",
            "cant_sacrifice",
        ),
    ],
)
def test_the_sacrifice_must_be_a_permanent_the_caster_controls_that_fits(
    tmp_path, cast, rule, fault
):
    body = (
        LAUNCH % ("wolf", "wolf")
        + '\n[setup.battlefield.land]\ncontroller = "Alice"\ntypes = ["land"]\n'
    )
    with pytest.raises(IllegalCastError) as raised:
        _game(tmp_path, body, f"[{{ cast = {cast} }}]")
    assert (raised.value.rule, raised.value.fault) == (rule, fault)
