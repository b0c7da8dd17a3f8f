"""The triggered-ability model (603): what the format accepts, and how the
game model triggers, orders, waits and resolves abilities. The corpus
rulings check the rules on official texts; these tests check the machinery
on small made-up boards."""

from __future__ import annotations

import pytest

from helpers import make_corpus
from mtgjudge.check import check_probe
from mtgjudge.errors import RulingFormatError
from mtgjudge.format.corpus import load_corpus
from mtgjudge.format.ruling import load_ruling, read_features
from mtgjudge.fuzz import consistency
from mtgjudge.judge.outcome import PASSED
from mtgjudge.model import casting
from mtgjudge.model.actions import take_action
from mtgjudge.model.setup import build_game

HEAD = """\
id = "TEST-trigger"
text = "A test ruling."
rules = ["603.2"]
features = ["triggered_abilities"]
source = { rule = "603.2" }

[setup]
players = ["Alice", "Bob"]
"""


def _ruling(tmp_path, body: str, probe: str = ""):
    probe = probe or '[[probe]]\nid = "p"\nactions = []\nexpect.life = { Bob = 1 }\n'
    tmp_path = tmp_path / f"r{len(list(tmp_path.iterdir()))}"
    tmp_path.mkdir()
    root = make_corpus(tmp_path, {"t.toml": HEAD + body + "\n" + probe})
    return load_ruling(root / "t.toml", read_features(root / "features.toml"))


def _game(tmp_path, body: str, actions: str):
    ruling = _ruling(
        tmp_path,
        body,
        f'[[probe]]\nid = "p"\nactions = {actions}\nexpect.life = {{ Bob = 1 }}\n',
    )
    game = build_game(ruling.setup)
    for action in ruling.probes[0].actions:
        take_action(game, action.kind, action.args)
    return game


PRIDEMATE = """
[setup.battlefield.pridemate]
controller = "Alice"
power = 2
toughness = 2
triggers = [{ event = "you_gain_life", do = [{ counters = { pridemate = { "+1/+1" = 1 } } }] }]
"""


# ----- the format -----


@pytest.mark.parametrize(
    ("trigger", "where", "message"),
    [
        ('{ event = "whenever", do = [] }', "event", "expected one of"),
        ('{ when = "attacks", do = [] }', "when", "a triggered ability's event is `event`"),
        (
            '{ event = "attacks", filter = { controller = "you" }, do = [] }',
            "filter",
            "takes no filter",
        ),
        ('{ event = "attacks", to = "player", do = [] }', "to", "takes no recipient"),
        ('{ event = "you_gain_life", combat = true, do = [] }', "combat", "isn't damage"),
        (
            '{ event = "you_gain_life", do = [{ destroy = ["that_creature"] }] }',
            "do",
            "has no 'that_creature'",
        ),
        (
            '{ event = "deals_damage", to = "player", do = [{ destroy = ["that_creature"] }] }',
            "do",
            "has no 'that_creature'",
        ),
        (
            '{ event = "attacks", do = [{ lose_life = { Bob = "that_much" } }] }',
            "do",
            "has no 'that_much'",
        ),
        ('{ event = "enters", targets = ["that_creature"], do = [] }', "targets", "not"),
        (
            '{ event = "attacks", do = [{ destroy = ["wolf"] }] }',
            "do[0].destroy[0]",
            "no object named 'wolf'",
        ),
    ],
)
def test_the_loader_rejects_triggers_that_dont_make_sense(tmp_path, trigger, where, message):
    body = f'[setup.battlefield.bear]\ncontroller = "Alice"\npower = 2\ntoughness = 2\ntriggers = [{trigger}]\n'
    with pytest.raises(RulingFormatError) as raised:
        _ruling(tmp_path, body)
    assert f"setup.battlefield.bear.triggers[0].{where}" in str(raised.value)
    assert message in str(raised.value)


def test_that_much_and_that_creature_are_for_triggered_abilities_only(tmp_path):
    body = '[setup.battlefield.bear]\ncontroller = "Alice"\npower = 2\ntoughness = 2\n'
    with pytest.raises(RulingFormatError, match="for a triggered ability's actions only"):
        _ruling(
            tmp_path,
            body,
            '[[probe]]\nid = "p"\nactions = [{ lose_life = { Bob = "that_much" } }]\n'
            "expect.life = { Bob = 1 }\n",
        )
    with pytest.raises(RulingFormatError, match="no object named 'that_creature'"):
        _ruling(
            tmp_path,
            body,
            '[[probe]]\nid = "p"\nactions = [{ destroy = ["that_creature"] }]\n'
            "expect.life = { Bob = 1 }\n",
        )


def test_a_static_ability_may_not_look_at_keywords(tmp_path):
    # A single `affects` may filter by keyword (ordered by dependency, 613.8);
    # a condition on keywords may not.
    body = (
        '[setup.battlefield.lord]\ncontroller = "Alice"\npower = 2\ntoughness = 2\n'
        'statics = [{ affects = { controller = "you" }, grant = ["double strike"], '
        'condition = { source_has = ["first strike"] } }]\n'
    )
    with pytest.raises(RulingFormatError, match=r"613\.8"):
        _ruling(tmp_path, body)


# ----- the game model -----


def test_each_life_gain_event_triggers_and_waits_for_priority(tmp_path):
    game = _game(
        tmp_path,
        PRIDEMATE,
        "[{ gain_life = { Alice = 3 } }, { gain_life = { Alice = 0 } }, { gain_life = { Alice = 2 } }]",
    )
    # 119.9: gaining 0 life isn't a life-gain event.
    assert [record.source for record in game.history.triggers] == ["pridemate", "pridemate"]
    assert [item.ref for item in game.stack_items()] == ["trigger:pridemate"] * 2
    assert game.obj("pridemate").counters["+1/+1"] == 0


def test_abilities_go_on_the_stack_in_apnap_order(tmp_path):
    body = """
[setup.battlefield.mine]
controller = "Alice"
types = ["enchantment"]
triggers = [{ event = "beginning_of_combat", do = [] }]

[setup.battlefield.theirs]
controller = "Bob"
types = ["enchantment"]
triggers = [{ event = "beginning_of_combat", do = [] }]
"""
    game = _game(tmp_path, body, '[{ advance = "beginning_of_combat" }]')
    # 603.3b: the active player's first, so the nonactive player's resolves first.
    assert [item.ref for item in game.stack_items()] == ["trigger:mine", "trigger:theirs"]


def test_state_based_actions_come_before_abilities_go_on_the_stack(tmp_path):
    body = (
        PRIDEMATE
        + """
[setup.battlefield.cleric]
controller = "Alice"
power = 1
toughness = 1
keywords = ["lifelink"]

[setup.battlefield.giant]
controller = "Bob"
power = 3
toughness = 3
"""
    )
    game = _game(
        tmp_path,
        body,
        '[{ deal_damage = { source = "cleric", to = "giant", amount = 1 } }, '
        '{ deal_damage = { source = "giant", to = "pridemate", amount = 3 } }]',
    )
    # The Pridemate triggered on the first action and is on the stack; the
    # second action kills it before anything resolves.
    assert game.obj("pridemate").zone == "graveyard"
    assert [item.ref for item in game.stack_items()] == ["trigger:pridemate"]
    casting.resolve_top(game)
    # 400.7: the card in the graveyard is a new object; it gets no counter.
    assert game.obj("pridemate").counters["+1/+1"] == 0


def test_a_step_ends_only_once_the_stack_is_empty(tmp_path):
    body = """
[setup.battlefield.herald]
controller = "Alice"
types = ["enchantment"]
triggers = [{ event = "beginning_of_combat", do = [{ lose_life = { Bob = 1 } }] }]
"""
    game = _game(tmp_path, body, '[{ advance = "end_of_combat" }]')
    assert game.players["Bob"].life == 19
    assert game.stack_items() == []
    assert game.history.abilities_resolved == 1


def test_leaves_the_battlefield_abilities_see_creatures_that_die_at_the_same_time(tmp_path):
    body = """
[setup.battlefield.seeker]
controller = "Alice"
power = 1
toughness = 1
triggers = [{ event = "a_creature_dies", filter = { controller = "opponents" }, do = [] }]

[setup.battlefield.giant]
controller = "Bob"
power = 1
toughness = 1
"""
    game = _game(
        tmp_path,
        body,
        '[{ attack = { seeker = "Bob" } }, { block = { giant = "seeker" } }, { damage = {} }]',
    )
    # 603.10a: both die at the same time, and the seeker sees the giant die.
    assert sorted(ref for ref, _ in game.history.deaths) == ["giant", "seeker"]
    assert [record.source for record in game.history.triggers] == ["seeker"]


def test_an_effect_that_blocks_an_attacker_makes_it_become_blocked(tmp_path):
    body = """
[setup.battlefield.khenra]
controller = "Alice"
power = 2
toughness = 2
triggers = [{ event = "becomes_blocked", do = [{ lose_life = { Bob = 1 } }] }]
"""
    game = _game(
        tmp_path,
        body,
        '[{ attack = { khenra = "Bob" } }, { become_blocked = ["khenra"] }, { resolve = 1 }]',
    )
    assert game.players["Bob"].life == 19


def test_the_source_s_last_known_information_answers_its_condition(tmp_path):
    body = """
[setup.battlefield.guardian]
controller = "Alice"
power = 7
toughness = 7
keywords = ["defender"]
triggers = [{ event = "a_creature_attacks_you", condition = { source_has = ["defender"] }, do = [{ lose_life = { Alice = 1 } }] }]

[setup.battlefield.bear]
controller = "Bob"
power = 2
toughness = 2

[setup.library.card]  # Bob draws it in his draw step (504.1)
owner = "Bob"
types = ["land"]
"""
    ruling = _ruling(
        tmp_path,
        body,
        '[[probe]]\nid = "p"\nactions = [{ next_turn = "precombat_main" }, { attack = { bear = "Alice" } }, '
        '{ destroy = ["guardian"] }, { resolve = 1 }]\nexpect.life = { Alice = 19 }\n',
    )
    # 608.2b: the source left; it had defender as it last existed.
    assert check_probe(ruling, ruling.probes[0]).status == PASSED


# ----- consistency -----


def test_triggers_that_stay_quiet_dont_split_situations(tmp_path):
    plain = HEAD.replace("TEST-trigger", "TEST-plain") + (
        '\n[setup.battlefield.cleric]\ncontroller = "Alice"\npower = 1\ntoughness = 1\n'
        'keywords = ["lifelink"]\n\n[[probe]]\nid = "p"\n'
        'actions = [{ attack = { cleric = "Bob" } }, { block = {} }, { damage = {} }]\n'
        "expect.life = { Alice = 21 }\n"
    )
    triggering = (
        plain.replace("TEST-plain", "TEST-quiet").replace("[[probe]]", PRIDEMATE + "\n[[probe]]")
        + "expect.triggered = { pridemate = 1 }\n"
    )
    resolving = (
        plain.replace("TEST-plain", "TEST-loud")
        .replace("[[probe]]", PRIDEMATE + "\n[[probe]]")
        .replace("{ damage = {} }]", "{ damage = {} }, { resolve = 1 }]")
    )
    root = make_corpus(
        tmp_path, {"plain.toml": plain, "quiet.toml": triggering, "loud.toml": resolving}
    )
    corpus = load_corpus([root])
    assert corpus.problems == []
    by_id = {ruling.id: consistency.situations(ruling)[0] for ruling in corpus.rulings}
    # The ability triggered on the last action and never resolved: the same situation.
    assert by_id["TEST-quiet"].key == by_id["TEST-plain"].key
    assert "triggered" not in by_id["TEST-quiet"].expect
    # Once it resolves, it could change what the probe sees.
    assert by_id["TEST-loud"].key != by_id["TEST-plain"].key


WATCHER = """
[setup.battlefield.trampler]
controller = "Alice"
power = 5
toughness = 5
keywords = ["trample"]

[setup.battlefield.wall]
controller = "Bob"
power = 0
toughness = 2

[setup.battlefield.watcher]
controller = "Alice"
types = ["enchantment"]
triggers = [{ event = "a_creature_deals_damage", filter = { controller = "you" }, combat = true, %s do = [{ gain_life = { Alice = "that_much" } }] }]
"""
TRAMPLE_OVER = (
    '[{ attack = { trampler = "Bob" } }, { block = { wall = "trampler" } }, { damage = {} }]'
)


def test_a_creature_dealing_combat_damage_triggers_once_whatever_its_recipients(tmp_path):
    # 603.2c, 510.2: the trampler's combat damage (2 to the wall, 3 to Bob) is
    # one occurrence of "a creature you control deals combat damage".
    game = _game(tmp_path, WATCHER % "", TRAMPLE_OVER)
    assert [r.source for r in game.history.triggers] == ["watcher"]
    take_action(game, "resolve", 1)
    assert game.players["Alice"].life == 25  # that much: all 5 of its damage


def test_with_a_recipient_it_triggers_for_each_recipient_that_fits(tmp_path):
    # "deals combat damage to a creature": the wall only; "... to you or a
    # permanent you control" counts each recipient of Bob's that was dealt damage.
    game = _game(tmp_path, WATCHER % 'to = "creature",', TRAMPLE_OVER)
    assert [r.source for r in game.history.triggers] == ["watcher"]
    take_action(game, "resolve", 1)
    assert game.players["Alice"].life == 22
    # Alice's watcher: the trampler dealt damage to Bob and his wall, nothing of Alice's.
    game = _game(tmp_path, WATCHER % 'to = "you_or_a_permanent_you_control",', TRAMPLE_OVER)
    assert [r.source for r in game.history.triggers] == []
    mine = WATCHER.replace('controller = "Alice"\ntypes', 'controller = "Bob"\ntypes')
    mine = mine.replace('controller = "you" }', 'controller = "opponents" }')
    game = _game(tmp_path, mine % 'to = "you_or_a_permanent_you_control",', TRAMPLE_OVER)
    # Bob's watcher: the trampler dealt damage to Bob and to Bob's wall: twice.
    assert [r.source for r in game.history.triggers] == ["watcher", "watcher"]
