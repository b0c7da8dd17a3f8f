"""Targets with requirements (115.1): roles, counts, cards in graveyards and
players, checked as they are chosen (601.2c, 603.3d) and as the spell or
ability resolves (608.2b); and the filters that look back over the turn."""

from __future__ import annotations

import pytest

from helpers import assert_error_names, game_after, load_test_ruling, placeholder_probe, ruling_head
from mtgjudge.errors import IllegalCastError, RulingFormatError

HEAD = (
    ruling_head("target-requirements", "601.2c", "targeting")
    + """\

[setup.battlefield.ogre]
controller = "Bob"
power = 3
toughness = 3

[setup.graveyard.elf]
owner = "Alice"
types = ["creature"]
power = 1
toughness = 1

[setup.graveyard.goblin]
owner = "Bob"
types = ["creature"]
power = 1
toughness = 1

[setup.graveyard.bolt]
owner = "Alice"
types = ["instant"]
"""
)

FIGHT = """
[setup.hand.spell]
owner = "Alice"
types = ["sorcery"]
targeting = [
  { role = "yours", permanent = { types = ["creature"], controller = "you" } },
  { role = "theirs", permanent = { types = ["creature"], controller = "opponents" } },
]
resolve = [{ fight = { yours = "theirs" } }]
"""

RAISE = """
[setup.hand.spell]
owner = "Alice"
types = ["sorcery"]
targeting = [{ role = "card", card = { owner = "you", filter = { types = ["creature"] } }, count = 2, up_to = true }]
resolve = [{ move = { card = "hand" } }]
"""

SHRINK = """
[setup.hand.spell]
owner = "Alice"
types = ["instant"]
targeting = [{ role = "it", permanent = { types = ["creature"], with_counters = ["+1/+1"] } }]
resolve = [{ effect = { to = "targets", grant = ["flying"] } }]
"""

DRAIN = """
[setup.hand.spell]
owner = "Alice"
types = ["sorcery"]
targeting = [{ role = "player", player = "opponents" }]
resolve = [{ lose_life = { Bob = 2 } }]
"""


def _ruling(tmp_path, body: str, actions: str = "[]"):
    probe = placeholder_probe(actions)
    return load_test_ruling(tmp_path, HEAD + body + "\n" + probe)


def _game(tmp_path, body: str, actions: str):
    return game_after(_ruling(tmp_path, body, actions))


def _refused(tmp_path, body: str, actions: str) -> tuple[str | None, str | None]:
    with pytest.raises(IllegalCastError) as raised:
        _game(tmp_path, body, actions)
    return raised.value.rule, raised.value.fault


# ----- the format -----


@pytest.mark.parametrize(
    ("body", "actions", "where", "message"),
    [
        (
            FIGHT,
            '[{ cast = { card = "spell", targets = ["bear", "wolf"] } }]',
            "probe[0].actions[0].cast.targets",
            "has several targets (yours, theirs): give them by role",
        ),
        (
            FIGHT,
            '[{ cast = { card = "spell", targets = { mine = ["bear"] } } }]',
            "probe[0].actions[0].cast.targets.mine",
            "expected a role of 'spell''s targets: yours, theirs",
        ),
        (
            FIGHT.replace('role = "theirs"', 'role = "yours"'),
            "[]",
            "setup.hand.spell.targeting[1].role",
            "the role 'yours' is used twice",
        ),
        (
            FIGHT.replace('role = "theirs"', 'role = "wolf"'),
            "[]",
            "setup.hand.spell.targeting[1].role",
            "already the name of an object",
        ),
        (
            DRAIN.replace('player = "opponents"', "count = 1"),
            "[]",
            "setup.hand.spell.targeting[0]",
            "expected what the target may be",
        ),
    ],
)
def test_the_loader_rejects_what_doesnt_make_sense(tmp_path, body, actions, where, message):
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, body, actions)
    assert_error_names(raised.value, where, message)


# ----- choosing targets (601.2c) -----


def test_each_role_gets_a_target_that_fits_it(tmp_path):
    game = _game(
        tmp_path,
        FIGHT,
        '[{ cast = { card = "spell", targets = { yours = ["bear"], theirs = ["wolf"] } } }, '
        "{ resolve = 1 }]",
    )
    # The role names stand for the targets in the spell's instructions.
    assert (game.obj("bear").zone, game.obj("wolf").damage) == ("graveyard", 2)


@pytest.mark.parametrize(
    ("targets", "fault"),
    [
        ('{ yours = ["wolf"], theirs = ["ogre"] }', "illegal_target"),
        ('{ yours = ["bear"], theirs = ["bear"] }', "illegal_target"),
        ('{ yours = ["bear"] }', "wrong_number_of_targets"),
        ('{ yours = ["bear"], theirs = ["wolf", "ogre"] }', "wrong_number_of_targets"),
    ],
)
def test_a_target_that_doesnt_fit_its_role_is_refused(tmp_path, targets, fault):
    actions = f'[{{ cast = {{ card = "spell", targets = {targets} }} }}]'
    assert _refused(tmp_path, FIGHT, actions) == ("601.2c", fault)


def test_up_to_takes_fewer_and_no_more(tmp_path):
    game = _game(
        tmp_path, RAISE, '[{ cast = { card = "spell", targets = ["elf"] } }, { resolve = 1 }]'
    )
    assert game.obj("elf").zone == "hand"
    none = _game(tmp_path, RAISE, '[{ cast = { card = "spell", targets = [] } }, { resolve = 1 }]')
    assert none.obj("elf").zone == "graveyard"


@pytest.mark.parametrize(
    ("targets", "fault"),
    [
        ('["elf", "elf"]', "target_chosen_twice"),
        ('["goblin"]', "illegal_target"),  # not in Alice's graveyard
        ('["bolt"]', "illegal_target"),  # not a creature card
        ('["bear"]', "illegal_target"),  # a permanent, not a card in a graveyard
    ],
)
def test_a_card_target_is_a_card_in_the_zone(tmp_path, targets, fault):
    actions = f'[{{ cast = {{ card = "spell", targets = {targets} }} }}]'
    assert _refused(tmp_path, RAISE, actions) == ("601.2c", fault)


def test_a_player_target(tmp_path):
    game = _game(
        tmp_path, DRAIN, '[{ cast = { card = "spell", targets = ["Bob"] } }, { resolve = 1 }]'
    )
    assert game.players["Bob"].life == 18
    assert _refused(tmp_path, DRAIN, '[{ cast = { card = "spell", targets = ["Alice"] } }]') == (
        "601.2c",
        "illegal_target",
    )


# ----- resolving (608.2b) -----


def test_a_card_that_left_its_zone_is_an_illegal_target(tmp_path):
    game = _game(
        tmp_path,
        RAISE,
        '[{ cast = { card = "spell", targets = ["elf"] } }, { move = { elf = "exile" } }, '
        "{ resolve = 1 }]",
    )
    # Its only target is illegal: it doesn't resolve (the card stays exiled).
    assert (game.obj("elf").zone, game.obj("spell").zone) == ("exile", "graveyard")


def test_a_target_that_no_longer_fits_is_illegal(tmp_path):
    body = SHRINK.replace('controller = "Alice"\npower = 2', 'controller = "Alice"\npower = 2')
    setup = HEAD.replace(
        '[setup.battlefield.bear]\ncontroller = "Alice"',
        '[setup.battlefield.bear]\ncontroller = "Alice"\ncounters = { "+1/+1" = 1 }',
    )
    cast = '{ cast = { card = "spell", targets = ["bear"] } }'
    kept = game_after(
        load_test_ruling(
            tmp_path,
            setup
            + body
            + f'[[probe]]\nid = "p"\nactions = [{cast}, {{ resolve = 1 }}]\n'
            + "expect.life = { Bob = 1 }\n",
        )
    )
    assert "flying" in kept.characteristics(kept.obj("bear")).all_keywords
    # The same object, still on the battlefield, but without the counter it
    # was chosen for: an illegal target (608.2b).
    lost = game_after(
        load_test_ruling(
            tmp_path,
            setup
            + body
            + f'[[probe]]\nid = "p"\nactions = [{cast}, '
            + '{ counters = { bear = { "+1/+1" = -1 } } }, { resolve = 1 }]\n'
            + "expect.life = { Bob = 1 }\n",
        )
    )
    assert "flying" not in lost.characteristics(lost.obj("bear")).all_keywords
    assert _refused(tmp_path, SHRINK, f"[{cast}]") == ("601.2c", "illegal_target")


def test_an_illegal_role_does_nothing_and_the_other_still_resolves(tmp_path):
    game = _game(
        tmp_path,
        FIGHT.replace('[{ fight = { yours = "theirs" } }]', '[{ tap = ["yours", "theirs"] }]'),
        '[{ cast = { card = "spell", targets = { yours = ["bear"], theirs = ["wolf"] } } }, '
        '{ gain_control = { wolf = "Alice" } }, { resolve = 1 }]',
    )
    # The Wolf is Alice's now, not a creature an opponent controls.
    assert (game.obj("bear").tapped, game.obj("wolf").tapped) == (True, False)


# ----- looking back over the turn -----


SWING = """
[setup.hand.spell]
owner = "Bob"
types = ["instant"]
targeting = [{ role = "it", permanent = { types = ["creature"], dealt_damage_this_turn = true } }]
resolve = [{ effect = { to = "targets", pump = "-1/-1" } }]
"""


def test_a_creature_that_dealt_damage_this_turn(tmp_path):
    cast = '{ cast = { card = "spell", player = "Bob", targets = ["bear"] } }'
    assert _refused(tmp_path, SWING, f"[{cast}]") == ("601.2c", "illegal_target")
    game = _game(
        tmp_path,
        SWING,
        f'[{{ deal_damage = {{ source = "bear", to = "Bob", amount = 1 }} }}, {cast}, '
        "{ resolve = 1 }]",
    )
    assert game.characteristics(game.obj("bear")).power == 1
    # A new object (400.7) hasn't dealt the damage the old one dealt.
    actions = (
        '[{ deal_damage = { source = "bear", to = "Bob", amount = 1 } }, '
        '{ move = { bear = "exile" } }, { move = { bear = "battlefield" } }, '
        f"{cast}]"
    )
    assert _refused(tmp_path, SWING, actions) == ("601.2c", "illegal_target")
