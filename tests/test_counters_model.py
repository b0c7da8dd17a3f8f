"""Counters in the game model (122): the kernel's infect and wither damage
carried into objects and players (702.80a, 702.90b, 702.90c), poison
(122.1f, 704.5c), the rules on counters (122.1, 614.1a), damage replaced
by counters (614.1a), and 704.5r. Each expected value comes from the rule
it cites; the corpus rulings check the official texts."""

from __future__ import annotations

import pytest

from helpers import game_after, load_test_ruling
from mtgjudge.errors import RulingFormatError

HEAD = """\
id = "TEST-counters"
text = "A test ruling."
rules = ["122.1"]
features = ["counters"]
source = { rule = "122.1" }

[setup]
players = [{ name = "Alice" }, { name = "Bob", poison = POISON }]
step = "precombat_main"

[setup.battlefield.rat]
controller = "Alice"
power = 2
toughness = 2
keywords = ["KEYWORD"]

[setup.battlefield.ogre]
controller = "Bob"
power = 3
toughness = 3
EXTRA
"""


def _game(tmp_path, actions: str, *, keyword="infect", poison=0, extra=""):
    text = HEAD.replace("KEYWORD", keyword).replace("POISON", str(poison)).replace("EXTRA", extra)
    probe = f'[[probe]]\nid = "p"\nactions = [{actions}]\nexpect.life = {{ Bob = 0 }}\n'
    return game_after(load_test_ruling(tmp_path, text + probe))


DEAL_TO_OGRE = '{ deal_damage = { source = "rat", to = "ogre", amount = 2 } }'
DEAL_TO_BOB = '{ deal_damage = { source = "rat", to = "Bob", amount = 2 } }'


@pytest.mark.parametrize("keyword", ["infect", "wither"])
def test_damage_to_a_creature_becomes_minus_one_counters(tmp_path, keyword):
    # 702.80a, 702.90c: no damage marked, that many -1/-1 counters; 613.4c.
    game = _game(tmp_path, DEAL_TO_OGRE, keyword=keyword)
    ogre = game.obj("ogre")
    assert (ogre.damage, ogre.counters["-1/-1"]) == (0, 2)
    current = game.characteristics(ogre)
    assert (current.power, current.toughness) == (1, 1)


def test_counters_from_two_events_add_up_and_kill(tmp_path):
    # The second event's counters add to the first's: 3/3 with 3 -1/-1 is 0/0 (704.5f).
    actions = DEAL_TO_OGRE + ", " + DEAL_TO_OGRE.replace("amount = 2", "amount = 1")
    game = _game(tmp_path, actions)
    assert game.obj("ogre").zone == "graveyard"


def test_infect_damage_to_a_player_is_poison(tmp_path):
    # 702.90b: no life lost, that many poison counters.
    game = _game(tmp_path, DEAL_TO_BOB)
    assert (game.players["Bob"].life, game.players["Bob"].poison) == (20, 2)
    assert not game.players["Bob"].has_lost


def test_wither_damage_to_a_player_is_life_loss(tmp_path):
    game = _game(tmp_path, DEAL_TO_BOB, keyword="wither")
    assert (game.players["Bob"].life, game.players["Bob"].poison) == (18, 0)


def test_ten_poison_counters_lose_the_game(tmp_path):
    # 704.5c: 8 + 2 = 10.
    game = _game(tmp_path, DEAL_TO_BOB, poison=8)
    assert game.players["Bob"].has_lost and game.winner == "Alice"
    assert any(entry.rule == "704.5c" for entry in game.trace)


def test_nine_poison_counters_do_not(tmp_path):
    game = _game(tmp_path, DEAL_TO_BOB.replace("amount = 2", "amount = 1"), poison=8)
    assert not game.players["Bob"].has_lost


def test_poison_given_by_an_effect(tmp_path):
    game = _game(tmp_path, "{ counters = { Bob = { poison = 3 } } }", poison=7)
    assert game.players["Bob"].has_lost


def test_creature_that_cant_have_counters_put_on_it(tmp_path):
    # 122.1: no counters; the damage is still dealt (no damage marked either).
    extra = "counter_rules = [{ itself = true, cant = true }]\n"
    game = _game(tmp_path, DEAL_TO_OGRE, extra=extra)
    ogre = game.obj("ogre")
    assert (ogre.damage, ogre.counters["-1/-1"]) == (0, 0)
    assert [(d.source, d.recipient, d.amount) for d in game.history.damage] == [("rat", "ogre", 2)]


def test_player_who_cant_get_poison_counters(tmp_path):
    extra = 'counter_rules = [{ players = "you", kinds = ["poison"], cant = true }]\n'
    game = _game(tmp_path, DEAL_TO_BOB, poison=9, extra=extra)
    assert game.players["Bob"].poison == 9
    assert game.players["Bob"].life == 20
    # The counters action too.
    game = _game(tmp_path, "{ counters = { Bob = { poison = 1 } } }", poison=9, extra=extra)
    assert not game.players["Bob"].has_lost


def test_one_fewer_minus_one_counter(tmp_path):
    # 614.1a: "that many -1/-1 counters minus one are put on it instead".
    extra = (
        'counter_rules = [{ objects = { types = ["creature"], controller = "you" }, '
        'kinds = ["-1/-1"], fewer = 1 }]\n'
    )
    game = _game(tmp_path, DEAL_TO_OGRE, extra=extra)
    assert game.obj("ogre").counters["-1/-1"] == 1
    # +1/+1 counters aren't -1/-1 counters: all of them are put.
    game = _game(tmp_path, '{ counters = { ogre = { "+1/+1" = 2 } } }', extra=extra)
    assert game.obj("ogre").counters["+1/+1"] == 2


def test_damage_replaced_by_counters(tmp_path):
    # 614.1a: no damage is dealt; that many +1/+1 counters instead.
    extra = 'modifies_damage = [{ to_itself = true, counters_instead = "+1/+1" }]\n'
    actions = DEAL_TO_OGRE.replace('source = "rat"', 'source = "rat"').replace(
        "amount = 2", "amount = 4"
    )
    game = _game(tmp_path, actions, keyword="trample", extra=extra)
    ogre = game.obj("ogre")
    assert (ogre.damage, ogre.counters["+1/+1"]) == (0, 4)
    assert game.history.damage == []


def test_plus_and_minus_counters_annihilate(tmp_path):
    # 704.5q, as the damage's counters meet the ones there.
    game = _game(tmp_path, '{ counters = { ogre = { "+1/+1" = 3 } } }, ' + DEAL_TO_OGRE)
    assert dict(game.obj("ogre").counters) == {"+1/+1": 1}


def test_cant_have_more_than_n_counters(tmp_path):
    # 704.5r.
    extra = 'max_counters = { "+1/+1" = 2 }\n'
    game = _game(tmp_path, '{ counters = { ogre = { "+1/+1" = 5 } } }', extra=extra)
    game.check_state_based_actions()
    assert game.obj("ogre").counters["+1/+1"] == 2


def test_counter_rules_action_lasts_while_its_source_remains(tmp_path):
    # 611.2b: "for as long as [the source] remains on the battlefield".
    from mtgjudge.model.actions import perform_raw

    extra = '\n[setup.battlefield.cleanser]\ncontroller = "Alice"\npower = 1\ntoughness = 1\n'
    game = _game(tmp_path, "{ counters = { ogre = { age = 1 } } }", extra=extra)
    assert game.obj("ogre").counters["age"] == 1
    cleanser = game.obj("cleanser")
    rules = {"rules": [{"to": ["ogre"], "cant": True}], "until": "source_leaves"}
    perform_raw(game, {"counter_rules": rules}, you="Alice", source=cleanser)
    game.deal_damage(game.obj("rat"), "ogre", 1)
    assert game.obj("ogre").counters["-1/-1"] == 0
    game.move(cleanser, "graveyard")
    game.deal_damage(game.obj("rat"), "ogre", 1)
    assert game.obj("ogre").counters["-1/-1"] == 1


def test_an_unknown_counter_rule_key_is_refused(tmp_path):
    extra = "counter_rules = [{ itself = true, never = true }]\n"
    with pytest.raises(RulingFormatError) as error:
        _game(tmp_path, DEAL_TO_OGRE, extra=extra)
    assert "counter_rules[0].never" in str(error.value)


def test_counters_instead_with_times_is_refused(tmp_path):
    extra = 'modifies_damage = [{ to_itself = true, counters_instead = "+1/+1", times = 2 }]\n'
    with pytest.raises(RulingFormatError) as error:
        _game(tmp_path, DEAL_TO_OGRE, extra=extra)
    assert "modifies_damage[0]" in str(error.value)
    assert "counters_instead" in str(error.value)


def test_defender_is_no_counter_kind(tmp_path):
    # 122.1b: a defender counter isn't a keyword counter, and no counter is named so.
    with pytest.raises(RulingFormatError) as error:
        _game(tmp_path, "{ counters = { ogre = { defender = 1 } } }")
    assert "counters.ogre.defender" in str(error.value)


def test_melira_like_lose_static_in_timestamp_order(tmp_path):
    # 613.1f, 613.7: a later grant wins over an earlier "lose infect".
    extra = (
        'statics = [{ affects = { controller = "opponents", types = ["creature"] }, '
        'lose = ["infect"] }]\n'
    )
    game = _game(tmp_path, DEAL_TO_BOB, extra=extra)
    assert "infect" not in game.characteristics(game.obj("rat")).all_keywords
    assert (game.players["Bob"].life, game.players["Bob"].poison) == (18, 0)
