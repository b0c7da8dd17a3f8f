"""Creatures that enter combat without being declared: put onto the
battlefield attacking or blocking (506.3, 508.4, 509.4), and ninjutsu
(702.49). Expected values come from the rules cited beside them."""

from __future__ import annotations

from typing import Any

import pytest

from helpers import assert_error_names, load_test_ruling
from mtgjudge.adapters.model import ModelEngine
from mtgjudge.errors import RulingFormatError

ATTACKS_TRIGGER = {"event": "attacks", "do": [{"gain_life": {"Alice": 1}}]}


def creature(controller: str, power: int = 2, toughness: int = 2, **more: Any) -> dict[str, Any]:
    return {"controller": controller, "power": power, "toughness": toughness, **more}


def run(actions, observe=None, battlefield=None, hand=None, players=("Alice", "Bob")):
    setup: dict[str, Any] = {
        "players": [{"name": name, "life": 20} for name in players],
        "active_player": players[0],
        "step": "precombat_main",
        "battlefield": battlefield if battlefield is not None else BOARD,
    }
    if hand is not None:
        setup["hand"] = hand
    answer = ModelEngine().run(
        {
            "type": "probe",
            "id": "T/p",
            "setup": setup,
            "actions": actions,
            "observe": observe or {"attacking": True},
        }
    )
    assert answer["type"] == "result", answer
    return answer


def refusal(answer) -> tuple[str, str] | None:
    refused = answer["refused"]
    return None if refused is None else (refused["fault"], refused["rule"])


BOARD = {
    "bear": creature("Alice"),
    "watcher": {
        "controller": "Alice",
        "types": ["enchantment"],
        "triggers": [{"event": "a_creature_attacks", "do": [{"gain_life": {"Alice": 1}}]}],
    },
    "wall": creature("Bob", 0, 4),
}

SOLDIER = {"soldier": {"power": 1, "toughness": 1, "subtypes": ["Soldier"]}}


def token(**more: Any) -> dict[str, Any]:
    return {"create_token": {"soldier": {**SOLDIER["soldier"], **more}}}


# ----- put onto the battlefield attacking (508.4) -----


def test_a_token_enters_attacking_and_deals_damage():
    answer = run(
        [
            {"attack": {"bear": "Bob"}},
            token(tapped=True, attacking="Bob"),
            {"block": {}},
            {"damage": {}},
        ],
        {"attacking": True, "life": ["Bob"], "tapped": ["soldier"]},
    )
    assert refusal(answer) is None
    assert answer["final"] == {
        "attacking": ["bear", "soldier"],
        "life": {"Bob": 17},
        "tapped": {"soldier": True},
    }


def test_it_never_attacked():
    # 508.3a, 508.4: "whenever a creature attacks" doesn't trigger for it.
    answer = run(
        [{"attack": {"bear": "Bob"}}, token(attacking="Bob")],
        {"triggered": ["watcher"], "attacking": True},
    )
    assert answer["final"] == {"triggered": {"watcher": 1}, "attacking": ["bear", "soldier"]}


def test_it_may_be_blocked():
    answer = run(
        [{"attack": {"bear": "Bob"}}, token(attacking="Bob"), {"block": {"wall": "soldier"}}],
        {"blocking": True},
    )
    assert refusal(answer) is None
    assert answer["final"]["blocking"] == ["wall"]


def test_after_blockers_it_is_unblocked():
    answer = run(
        [
            {"attack": {"bear": "Bob"}},
            {"block": {"wall": "bear"}},
            token(attacking="Bob"),
            {"damage": {}},
        ],
        {"life": ["Bob"]},
    )
    assert answer["final"]["life"] == {"Bob": 19}


def test_its_not_affected_by_restrictions():
    # 508.4c: a creature put onto the battlefield attacking isn't affected
    # by restrictions on declaring attackers.
    answer = run(
        [
            {"attack": {"bear": "Bob"}},
            {"restrict": {"to": {"types": ["creature"]}, "cant": ["attack"]}},
            token(attacking="Bob"),
        ],
    )
    assert answer["final"]["attacking"] == ["bear", "soldier"]


def test_the_combat_happens_if_only_an_entering_creature_attacks():
    # 508.8: the declare blockers and combat damage steps happen if a
    # creature was put onto the battlefield attacking.
    answer = run(
        [{"attack": {}}, token(attacking="Bob"), {"advance": "end_of_combat"}],
        {"steps": True, "life": ["Bob"]},
    )
    assert answer["final"]["life"] == {"Bob": 19}
    assert "combat_damage" in answer["final"]["steps"]


@pytest.mark.parametrize(
    "actions",
    [
        # 506.3b: under the control of a player who isn't attacking.
        [{"attack": {"bear": "Bob"}}, {"create_token": {"soldier": {"power": 1, "toughness": 1}}}],
        # outside combat, nothing can be attacked.
        [token(attacking="Bob")],
    ],
)
def test_when_it_enters_without_attacking(actions):
    answer = run(actions, {"attacking": True, "zone": ["soldier"]})
    assert answer["final"]["zone"] == {"soldier": "battlefield"}
    assert "soldier" not in answer["final"]["attacking"]


def test_a_creature_of_the_defending_player_never_attacks():
    # 506.3b
    answer = run(
        [
            {"attack": {"bear": "Bob"}},
            {"put_onto_battlefield": {"player": "Bob", "attacking": "Alice"}},
        ],
        {"attacking": True, "zone": ["rat"]},
        hand={"rat": {"owner": "Bob", "power": 1, "toughness": 1}},
    )
    assert answer["final"] == {"attacking": ["bear"], "zone": {"rat": "battlefield"}}


def test_attacking_a_player_who_left_the_game():
    # 508.4a: that player isn't in the game: it enters, never attacking.
    answer = run(
        [
            {"attack": {"bear": "Bob"}},
            {"lose_life": {"Carol": 20}},
            token(attacking="Carol"),
        ],
        {"attacking": True, "zone": ["soldier"]},
        players=("Alice", "Bob", "Carol"),
    )
    assert answer["final"] == {"attacking": ["bear"], "zone": {"soldier": "battlefield"}}


def test_put_onto_the_battlefield_attacking_from_a_hand():
    answer = run(
        [
            {"attack": {"bear": "Bob"}},
            {"put_onto_battlefield": {"player": "Alice", "tapped": True, "attacking": "Bob"}},
        ],
        {"attacking": True, "tapped": ["rat"]},
        hand={"rat": {"owner": "Alice", "power": 1, "toughness": 1}},
    )
    assert answer["final"] == {"attacking": ["bear", "rat"], "tapped": {"rat": True}}


# ----- put onto the battlefield blocking (509.4) -----


def test_a_creature_enters_blocking():
    triggers = [
        {"event": "becomes_blocked", "do": [{"gain_life": {"Alice": 1}}]},
        {"event": "blocks_or_becomes_blocked_by", "do": [{"gain_life": {"Alice": 1}}]},
    ]
    board = {**BOARD, "bear": creature("Alice", triggers=triggers)}
    answer = run(
        [
            {"attack": {"bear": "Bob"}},
            {"block": {}},
            {"put_onto_battlefield": {"player": "Bob", "blocking": "bear"}},
            {"damage": {}},
        ],
        {"blocking": True, "life": ["Alice", "Bob"], "triggered": ["bear"], "dealt": True},
        battlefield=board,
        hand={"rat": {"owner": "Bob", "power": 1, "toughness": 3}},
    )
    final = answer["final"]
    assert final["blocking"] == ["rat"]
    # 509.3c, 509.3d: the attacker was unblocked, so both trigger (and the
    # watcher once, as the Bears attacked).
    assert final["triggered"] == {"bear": 2}
    assert final["life"] == {"Alice": 23, "Bob": 20}
    assert {(d["source"], d["to"]) for d in final["dealt"]} == {("bear", "rat"), ("rat", "bear")}


def test_its_blocks_abilities_dont_trigger():
    # 509.3a, 509.3b, 509.4: a creature put onto the battlefield blocking
    # never blocked.
    rat = {
        "owner": "Bob",
        "power": 1,
        "toughness": 3,
        "triggers": [{"event": "blocks_or_becomes_blocked_by", "do": []}],
    }
    answer = run(
        [
            {"attack": {"bear": "Bob"}},
            {"block": {}},
            {"put_onto_battlefield": {"player": "Bob", "blocking": "bear"}},
        ],
        {"blocking": True, "triggered": ["rat"]},
        hand={"rat": rat},
    )
    assert answer["final"] == {"blocking": ["rat"], "triggered": {"rat": 0}}


def test_a_blocked_attacker_doesnt_become_blocked_again():
    # 509.3c: "becomes blocked" triggers only if the attacker was unblocked.
    board = {**BOARD, "bear": creature("Alice", triggers=[{"event": "becomes_blocked", "do": []}])}
    answer = run(
        [
            {"attack": {"bear": "Bob"}},
            {"block": {"wall": "bear"}},
            {"put_onto_battlefield": {"player": "Bob", "blocking": "bear"}},
        ],
        {"blocking": True, "triggered": ["bear"]},
        battlefield=board,
        hand={"rat": {"owner": "Bob", "power": 1, "toughness": 3}},
    )
    assert answer["final"] == {"blocking": ["rat", "wall"], "triggered": {"bear": 1}}


def test_blocking_a_creature_that_doesnt_attack_its_controller():
    # 509.4a: the entering creature's controller isn't a defending player
    # for that attacker: it never blocks.
    answer = run(
        [{"attack": {"bear": "Bob"}}, {"block": {}}, token(blocking="bear")],
        {"blocking": True, "zone": ["soldier"]},
    )
    assert answer["final"] == {"blocking": [], "zone": {"soldier": "battlefield"}}


def test_blocking_for_another_defending_player():
    # 509.4a: Carol isn't a defending player for a creature attacking Bob.
    answer = run(
        [
            {"attack": {"bear": "Bob"}},
            {"block": {}},
            {"put_onto_battlefield": {"player": "Carol", "blocking": "bear"}},
        ],
        {"blocking": True, "zone": ["rat"]},
        hand={"rat": {"owner": "Carol", "power": 1, "toughness": 3}},
        players=("Alice", "Bob", "Carol"),
    )
    assert answer["final"] == {"blocking": [], "zone": {"rat": "battlefield"}}


def test_put_onto_the_battlefield_blocking():
    answer = run(
        [
            {"attack": {"bear": "Bob"}},
            {"block": {}},
            {"put_onto_battlefield": {"player": "Bob", "blocking": "bear"}},
            {"damage": {}},
        ],
        {"blocking": True, "life": ["Bob"]},
        hand={"rat": {"owner": "Bob", "power": 1, "toughness": 3}},
    )
    assert answer["final"] == {"blocking": ["rat"], "life": {"Bob": 20}}


# ----- ninjutsu (702.49) -----

HAND = {
    "ninja": {
        "owner": "Alice",
        "power": 2,
        "toughness": 2,
        "subtypes": ["Human", "Ninja"],
        "ninjutsu": "{1}{U}",
        "triggers": [ATTACKS_TRIGGER],
    }
}


def test_ninjutsu():
    answer = run(
        [
            {"attack": {"bear": "Bob"}},
            {"block": {}},
            {"ninjutsu": {"ninja": "bear"}},
            {"damage": {}},
        ],
        {
            "attacking": True,
            "zone": ["bear", "ninja"],
            "tapped": ["ninja"],
            "life": ["Alice", "Bob"],
        },
        hand=HAND,
    )
    assert refusal(answer) is None
    final = answer["final"]
    assert final["attacking"] == ["ninja"]
    assert final["zone"] == {"bear": "hand", "ninja": "battlefield"}
    assert final["tapped"] == {"ninja": True}
    # 702.49c, 508.3a: unblocked, dealing damage; "whenever ~ attacks"
    # doesn't trigger (the watcher triggered once, for the Bears).
    assert final["life"] == {"Alice": 21, "Bob": 18}


def test_ninjutsu_in_the_first_strike_step():
    # 702.49c, 510.4: it wasn't in combat as the first step began, so it
    # deals damage in the second step, first strike or not.
    hand = {"ninja": {**HAND["ninja"], "keywords": ["first strike"]}}
    board = {**BOARD, "knight": creature("Alice", 2, 2, keywords=["first strike"])}
    answer = run(
        [
            {"attack": {"bear": "Bob", "knight": "Bob"}},
            {"block": {}},
            {"damage": {}},
            {"ninjutsu": {"ninja": "bear"}},
            {"damage": {}},
        ],
        {"dealt": True, "life": ["Bob"]},
        battlefield=board,
        hand=hand,
    )
    assert refusal(answer) is None
    assert sorted((d["source"], d["step"]) for d in answer["final"]["dealt"]) == [
        ("knight", "first_strike"),
        ("ninja", "regular"),
    ]
    assert answer["final"]["life"] == {"Bob": 16}


@pytest.mark.parametrize(
    "actions",
    [
        # 509.1h: before blockers are declared, no creature is unblocked.
        [{"attack": {"bear": "Bob"}}, {"ninjutsu": {"ninja": "bear"}}],
        # a blocked creature.
        [{"attack": {"bear": "Bob"}}, {"block": {"wall": "bear"}}, {"ninjutsu": {"ninja": "bear"}}],
        # a creature that isn't attacking.
        [{"attack": {}}, {"ninjutsu": {"ninja": "bear"}}],
    ],
)
def test_ninjutsu_needs_an_unblocked_attacker(actions):
    answer = run(actions, {"zone": ["ninja", "bear"]}, hand=HAND)
    assert refusal(answer) == ("action:not_unblocked_attacker", "702.49c")
    assert answer["final"]["zone"] == {"ninja": "hand", "bear": "battlefield"}


def test_ninjutsu_only_from_a_hand():
    # 702.49a: it functions only while the card is in a hand.
    answer = run(
        [{"attack": {"bear": "Bob"}}, {"block": {}}, {"ninjutsu": {"ninja": "bear"}}],
        {"zone": ["ninja"]},
        hand={},
        battlefield={**BOARD, "ninja": {**HAND["ninja"], "controller": "Alice"}},
    )
    assert refusal(answer) == ("action:not_in_hand", "702.49a")


def test_ninjutsu_attacks_what_the_returned_creature_attacked():
    walker = {"controller": "Carol", "types": ["planeswalker"], "loyalty": 5}
    answer = run(
        [
            {"attack": {"bear": "jace"}},
            {"block": {}},
            {"ninjutsu": {"ninja": "bear"}},
            {"damage": {}},
        ],
        {"loyalty": ["jace"], "life": ["Bob", "Carol"]},
        battlefield={**BOARD, "jace": walker},
        hand=HAND,
        players=("Alice", "Bob", "Carol"),
    )
    assert answer["final"] == {"loyalty": {"jace": 3}, "life": {"Bob": 20, "Carol": 20}}


# ----- the format -----

HEAD = """\
id = "TEST-into-combat"
text = "A test ruling."
rules = ["508.4"]
features = ["into_combat"]
source = { rule = "508.4" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.bear]
controller = "Alice"
power = 2
toughness = 2
"""


def test_the_format_takes_tokens_attacking_and_ninjutsu(tmp_path):
    ruling = load_test_ruling(
        tmp_path,
        HEAD
        + '[setup.hand.ninja]\nowner = "Alice"\npower = 1\ntoughness = 1\nninjutsu = "{U}"\n'
        + '[[probe]]\nid = "p"\nactions = [{ attack = { bear = "Bob" } }, '
        + '{ create_token = { soldier = { power = 1, toughness = 1, tapped = true, attacking = "Bob" } } }, '
        + '{ block = {} }, { ninjutsu = { ninja = "bear" } }, { damage = {} }]\n'
        + "expect.life = { Bob = 18 }\n",
    )
    assert [action.kind for action in ruling.probes[0].actions][-2] == "ninjutsu"


def test_the_format_refuses_ninjutsu_for_a_card_without_it(tmp_path):
    with pytest.raises(RulingFormatError) as error:
        load_test_ruling(
            tmp_path,
            HEAD
            + '[setup.hand.ninja]\nowner = "Alice"\npower = 1\ntoughness = 1\n'
            + '[[probe]]\nid = "p"\nactions = [{ attack = { bear = "Bob" } }, { block = {} }, '
            + '{ ninjutsu = { ninja = "bear" } }]\nexpect.life = { Bob = 18 }\n',
        )
    assert_error_names(error.value, "probe[0].actions[2].ninjutsu.ninja", "ninjutsu")


def test_the_format_refuses_attacking_and_blocking_at_once(tmp_path):
    with pytest.raises(RulingFormatError) as error:
        load_test_ruling(
            tmp_path,
            HEAD
            + '[[probe]]\nid = "p"\nactions = [{ attack = { bear = "Bob" } }, '
            + '{ create_token = { soldier = { power = 1, toughness = 1, attacking = "Bob", blocking = "bear" } } }]\n'
            + "expect.life = { Bob = 18 }\n",
        )
    assert_error_names(error.value, "create_token.soldier")


# ----- "the creatures it blocked this combat" (509.1g, 509.4) -----

RIDE_DOWN = {
    "owner": "Alice",
    "types": ["instant"],
    "resolve": [
        {"destroy": ["wall"]},
        {"effect": {"to": "blocked_by_targets", "grant": ["trample"]}},
    ],
}


def test_the_creatures_a_target_was_declared_blocking():
    answer = run(
        [
            {"attack": {"bear": "Bob"}},
            {"block": {"wall": "bear"}},
            {"cast": {"card": "ride", "targets": ["wall"]}},
            {"resolve": 1},
            {"damage": {}},
        ],
        {"keywords": ["bear"], "life": ["Bob"], "zone": ["wall"]},
        hand={"ride": RIDE_DOWN},
    )
    # 702.19d: blocked, no creature blocking it, trample: its damage goes on.
    assert answer["final"] == {
        "keywords": {"bear": ["trample"]},
        "life": {"Bob": 18},
        "zone": {"wall": "graveyard"},
    }


def test_a_creature_put_onto_the_battlefield_blocking_blocked_nothing():
    hand = {
        "ride": {**RIDE_DOWN, "resolve": [{"destroy": ["rat"]}, RIDE_DOWN["resolve"][1]]},
        "rat": {"owner": "Bob", "power": 1, "toughness": 1},
    }
    answer = run(
        [
            {"attack": {"bear": "Bob"}},
            {"block": {}},
            {"put_onto_battlefield": {"player": "Bob", "blocking": "bear"}},
            {"cast": {"card": "ride", "targets": ["rat"]}},
            {"resolve": 1},
            {"damage": {}},
        ],
        {"keywords": ["bear"], "life": ["Bob"], "zone": ["rat"]},
        hand=hand,
    )
    # 509.1h: still blocked, without trample: no damage.
    assert answer["final"] == {
        "keywords": {"bear": []},
        "life": {"Bob": 20},
        "zone": {"rat": "graveyard"},
    }


def test_blocked_by_targets_is_for_a_spell(tmp_path):
    with pytest.raises(RulingFormatError) as error:
        load_test_ruling(
            tmp_path,
            HEAD
            + '[[probe]]\nid = "p"\nactions = [{ attack = { bear = "Bob" } }, '
            + '{ effect = { to = "blocked_by_targets", grant = ["trample"] } }]\n'
            + "expect.life = { Bob = 18 }\n",
        )
    assert_error_names(error.value, "probe[0].actions[1].effect.to")
