"""Restrictions and requirements on attacking and blocking (508.1c, 508.1d,
509.1b, 509.1c), goad (701.15) and landwalk (702.14) in the game model:
static abilities and effects that say a creature can't attack or block,
can't be blocked (except by ...), or attacks or blocks if able. Expected
values come from the rules cited beside them."""

from __future__ import annotations

from typing import Any

import pytest

from helpers import LIBRARY_CARDS, assert_error_names, game_after, load_test_ruling
from mtgjudge.adapters.model import ModelEngine
from mtgjudge.errors import IllegalBlockError, RulingFormatError
from mtgjudge.model.cost import parse_pool


def creature(controller: str, power: int = 2, toughness: int = 2, **more: Any) -> dict[str, Any]:
    return {"controller": controller, "power": power, "toughness": toughness, **more}


def run(battlefield, actions, observe=None, players=("Alice", "Bob"), step="precombat_main"):
    probe = {
        "type": "probe",
        "id": "T/p",
        "setup": {
            "players": [{"name": name, "life": 20} for name in players],
            "active_player": players[0],
            "step": step,
            "battlefield": battlefield,
            # 504.1: a card for each player to draw in each draw step passed.
            "library": {
                f"{name.lower()}_card_{i}": {"owner": name, "types": ["land"]}
                for name in players
                for i in (1, 2)
            },
        },
        "actions": actions,
        "observe": observe or {"attacking": True},
    }
    answer = ModelEngine().run(probe)
    assert answer["type"] == "result", answer
    return answer


def refusal(answer) -> tuple[str, str] | None:
    refused = answer["refused"]
    return None if refused is None else (refused["fault"], refused["rule"])


CANT_ATTACK = {"affects": {"itself": True}, "cant": ["attack"]}


# ----- restrictions on attacking (508.1c) -----


def test_a_creature_that_cant_attack_is_refused():
    answer = run(
        {"ogre": creature("Alice", statics=[CANT_ATTACK]), "bear": creature("Alice")},
        [{"attack": {"ogre": "Bob", "bear": "Bob"}}],
    )
    assert refusal(answer) == ("attack:cant_attack", "508.1c")
    assert answer["final"]["attacking"] == []


def test_the_others_may_attack():
    answer = run(
        {"ogre": creature("Alice", statics=[CANT_ATTACK]), "bear": creature("Alice")},
        [{"attack": {"bear": "Bob"}}],
    )
    assert refusal(answer) is None
    assert answer["final"]["attacking"] == ["bear"]


def test_cant_attack_alone_is_obeyed_by_attacking_together():
    # 508.1c, its example: two creatures that can't attack alone may attack together.
    alone = {"affects": {"itself": True}, "cant": ["attack_alone"]}
    board = {"a": creature("Alice", statics=[alone]), "b": creature("Alice", statics=[alone])}
    assert refusal(run(board, [{"attack": {"a": "Bob"}}])) == ("attack:cant_attack", "508.1c")
    together = run(board, [{"attack": {"a": "Bob", "b": "Bob"}}])
    assert refusal(together) is None
    assert together["final"]["attacking"] == ["a", "b"]


def test_a_static_restriction_follows_its_filter():
    # "Creatures your opponents control can't attack": whatever fits, while
    # the source is on the battlefield (611.3).
    static = {"affects": {"controller": "opponents", "types": ["creature"]}, "cant": ["attack"]}
    board = {
        "bear": creature("Alice"),
        "moat": {"controller": "Bob", "types": ["enchantment"], "statics": [static]},
    }
    assert refusal(run(board, [{"attack": {"bear": "Bob"}}])) == ("attack:cant_attack", "508.1c")
    gone = run(board, [{"sacrifice": ["moat"]}, {"attack": {"bear": "Bob"}}])
    assert refusal(gone) is None


def test_a_restriction_from_an_effect_lasts_its_duration():
    # "Target creature can't attack or block this turn": gone by the next turn.
    board = {"bear": creature("Alice"), "wolf": creature("Bob")}
    restrict = {"restrict": {"to": ["bear"], "cant": ["attack", "block"]}}
    assert refusal(run(board, [restrict, {"attack": {"bear": "Bob"}}])) == (
        "attack:cant_attack",
        "508.1c",
    )
    later = run(
        board,
        [
            restrict,
            {"next_turn": "precombat_main"},
            {"next_turn": "precombat_main"},
            {"attack": {"bear": "Bob"}},
        ],
    )
    assert refusal(later) is None


def test_until_your_next_turn_ends_as_that_players_turn_begins():
    # 701.35a-style duration: through Bob's turn, over at Alice's next turn.
    board = {"bear": creature("Alice"), "wolf": creature("Bob")}
    restrict = {
        "restrict": {"to": ["wolf"], "cant": ["attack", "block"], "until": "your_next_turn"}
    }
    on_bobs_turn = run(
        board, [restrict, {"next_turn": "precombat_main"}, {"attack": {"wolf": "Alice"}}]
    )
    assert refusal(on_bobs_turn) == ("attack:cant_attack", "508.1c")
    back = run(
        board,
        [
            restrict,
            {"next_turn": "precombat_main"},
            {"next_turn": "precombat_main"},
            {"attack": {"bear": "Bob"}},
            {"block": {"wolf": "bear"}},
        ],
        {"blocking": True},
    )
    assert refusal(back) is None
    assert back["final"]["blocking"] == ["wolf"]


def test_a_filter_restriction_from_an_effect_isnt_locked_in():
    # 611.2c: an effect that doesn't change characteristics changes the rules,
    # so it applies to creatures that enter after it began.
    board = {"bear": creature("Alice")}
    answer = run(
        board,
        [
            {"restrict": {"to": {"types": ["creature"]}, "cant": ["attack"]}},
            {"create_token": {"knight": {"power": 2, "toughness": 2, "keywords": ["haste"]}}},
            {"attack": {"knight": "Bob"}},
        ],
    )
    assert refusal(answer) == ("attack:cant_attack", "508.1c")


def test_a_restriction_after_the_declaration_doesnt_remove_the_attacker():
    # 506.4a: once declared, it stays an attacking creature.
    answer = run(
        {"bear": creature("Alice")},
        [
            {"attack": {"bear": "Bob"}},
            {"restrict": {"to": ["bear"], "cant": ["attack", "block"]}},
            {"advance": "end_of_combat"},
        ],
        {"attacking": True, "life": ["Bob"]},
    )
    assert answer["final"] == {"attacking": ["bear"], "life": {"Bob": 18}}


def test_unless_a_condition_holds():
    # 508.1c: "can't attack unless an opponent has been dealt damage this turn".
    goblin = creature(
        "Alice",
        statics=[
            {
                "affects": {"itself": True},
                "cant": ["attack"],
                "unless": {"opponent_dealt_damage_this_turn": True},
            }
        ],
    )
    board = {"goblin": goblin, "shock": creature("Alice", 1, 1)}
    assert refusal(run(board, [{"attack": {"goblin": "Bob"}}])) == ("attack:cant_attack", "508.1c")
    to_self = run(
        board,
        [
            {"deal_damage": {"source": "shock", "to": "Alice", "amount": 1}},
            {"attack": {"goblin": "Bob"}},
        ],
    )
    assert refusal(to_self) == ("attack:cant_attack", "508.1c")
    dealt = run(
        board,
        [
            {"deal_damage": {"source": "shock", "to": "Bob", "amount": 1}},
            {"attack": {"goblin": "Bob"}},
        ],
    )
    assert refusal(dealt) is None
    last_turn = run(
        board,
        [
            {"deal_damage": {"source": "shock", "to": "Bob", "amount": 1}},
            {"next_turn": "precombat_main"},
            {"next_turn": "precombat_main"},
            {"attack": {"goblin": "Bob"}},
        ],
    )
    assert refusal(last_turn) == ("attack:cant_attack", "508.1c")


# ----- requirements on attacking (508.1d) and goad (701.15) -----

MUST_ATTACK = {"affects": {"itself": True}, "must": ["attack"]}


def test_a_creature_that_attacks_each_combat_if_able_must_attack():
    board = {"berserker": creature("Alice", statics=[MUST_ATTACK]), "bear": creature("Alice")}
    assert refusal(run(board, [{"attack": {}}])) == ("attack:requirement", "508.1d")
    assert refusal(run(board, [{"attack": {"bear": "Bob"}}])) == ("attack:requirement", "508.1d")
    assert refusal(run(board, [{"attack": {"berserker": "Bob"}}])) is None


def test_a_requirement_it_cant_obey_asks_nothing():
    # 508.1d: the maximum that could be obeyed without disobeying a
    # restriction: a tapped creature, or one that can't attack, isn't able.
    tapped = {"berserker": creature("Alice", statics=[MUST_ATTACK], tapped=True)}
    assert refusal(run(tapped, [{"attack": {}}])) is None
    both = {"berserker": creature("Alice", statics=[MUST_ATTACK, CANT_ATTACK])}
    assert refusal(run(both, [{"attack": {}}])) is None
    sick = {"berserker": creature("Alice", statics=[MUST_ATTACK], summoning_sick=True)}
    assert refusal(run(sick, [{"attack": {}}])) is None


def test_a_goaded_creature_attacks_each_combat_if_able():
    # 701.15b, two players: the goaded creature must attack, and it can
    # attack only its controller's opponent, the player who goaded it.
    board = {"ogre": creature("Bob", 3, 3), "bear": creature("Alice")}
    goad = {"goad": {"to": ["ogre"], "you": "Alice"}}
    turn = {"next_turn": "precombat_main"}
    assert refusal(run(board, [goad, turn, {"attack": {}}])) == ("attack:requirement", "508.1d")
    assert refusal(run(board, [goad, turn, {"attack": {"ogre": "Alice"}}])) is None


def test_goad_ends_at_the_goaders_next_turn():
    # 701.15a
    board = {"ogre": creature("Bob", 3, 3), "bear": creature("Alice")}
    goad = {"goad": {"to": ["ogre"], "you": "Alice"}}
    turn = {"next_turn": "precombat_main"}
    answer = run(board, [goad, turn, {"attack": {"ogre": "Alice"}}, turn, turn, {"attack": {}}])
    assert refusal(answer) is None


def test_a_goaded_creature_attacks_another_player_if_able():
    # 701.15b, three players: attacking the goader obeys one requirement of
    # two; attacking the third player obeys both.
    board = {"ogre": creature("Bob", 3, 3)}
    players = ("Alice", "Bob", "Carol")
    goad = {"goad": {"to": ["ogre"], "you": "Alice"}}
    turn = {"next_turn": "precombat_main"}
    at_alice = run(board, [goad, turn, {"attack": {"ogre": "Alice"}}], players=players)
    assert refusal(at_alice) == ("attack:requirement", "508.1d")
    at_carol = run(board, [goad, turn, {"attack": {"ogre": "Carol"}}], players=players)
    assert refusal(at_carol) is None


def test_goaded_by_two_players():
    # 701.15c: each goad adds requirements; the ogre can't obey both "attack a
    # player other than" requirements, so attacking either goader is legal.
    board = {"ogre": creature("Bob", 3, 3)}
    players = ("Alice", "Bob", "Carol")
    goads = [{"goad": {"to": ["ogre"], "you": "Alice"}}, {"goad": {"to": ["ogre"], "you": "Carol"}}]
    turn = {"next_turn": "precombat_main"}
    for target in ("Alice", "Carol"):
        answer = run(board, [*goads, turn, {"attack": {"ogre": target}}], players=players)
        assert refusal(answer) is None, target
    assert refusal(run(board, [*goads, turn, {"attack": {}}], players=players)) == (
        "attack:requirement",
        "508.1d",
    )


def test_goading_twice_adds_nothing():
    # 701.15d
    board = {"ogre": creature("Bob", 3, 3)}
    players = ("Alice", "Bob", "Carol")
    goads = [{"goad": {"to": ["ogre"], "you": "Alice"}}, {"goad": {"to": ["ogre"], "you": "Alice"}}]
    turn = {"next_turn": "precombat_main"}
    answer = run(board, [*goads, turn, {"attack": {"ogre": "Alice"}}], players=players)
    assert refusal(answer) == ("attack:requirement", "508.1d")


def test_a_goaded_creature_that_changes_zones_is_a_new_object():
    # 400.7: the goaded designation stays with the object it was given to.
    board = {"ogre": creature("Bob", 3, 3, keywords=["haste"])}
    answer = run(
        board,
        [
            {"goad": {"to": ["ogre"], "you": "Alice"}},
            {"move": {"ogre": "exile"}},
            {"move": {"ogre": "battlefield"}},
            {"next_turn": "precombat_main"},
            {"attack": {}},
        ],
    )
    assert refusal(answer) is None


# ----- restrictions on blocking (509.1b) and landwalk (702.14) -----


def block_run(battlefield, blocks, observe=None):
    return run(
        battlefield, [{"attack": {"bear": "Bob"}}, {"block": blocks}], observe or {"blocking": True}
    )


def test_a_creature_that_cant_block_is_refused():
    board = {
        "bear": creature("Alice"),
        "wolf": creature("Bob", statics=[{"affects": {"itself": True}, "cant": ["block"]}]),
    }
    assert refusal(block_run(board, {"wolf": "bear"})) == ("block:cant_block", "509.1b")


def test_a_creature_that_cant_be_blocked():
    board = {
        "bear": creature("Alice", statics=[{"affects": {"itself": True}, "cant": ["be_blocked"]}]),
        "wolf": creature("Bob"),
    }
    assert refusal(block_run(board, {"wolf": "bear"})) == ("block:cant_be_blocked", "509.1b")
    assert refusal(block_run(board, {})) is None


def test_cant_be_blocked_except_by():
    unless_walls = {
        "affects": {"itself": True},
        "cant_be_blocked_except_by": {"subtypes": ["Wall"]},
    }
    board = {
        "bear": creature("Alice", statics=[unless_walls]),
        "wolf": creature("Bob"),
        "wall": creature("Bob", 0, 4, subtypes=["Wall"]),
    }
    assert refusal(block_run(board, {"wolf": "bear"})) == ("block:cant_be_blocked", "509.1b")
    walled = block_run(board, {"wall": "bear"})
    assert refusal(walled) is None
    assert walled["final"]["blocking"] == ["wall"]


def test_landwalk():
    # 702.14c: unblockable while the defending player controls such a land.
    board = {"bear": creature("Alice", keywords=["swampwalk"]), "wolf": creature("Bob")}
    assert refusal(block_run(board, {"wolf": "bear"})) is None
    swamp = {"controller": "Bob", "types": ["land"], "subtypes": ["Swamp"], "supertypes": ["Basic"]}
    assert refusal(block_run({**board, "swamp": swamp}, {"wolf": "bear"})) == (
        "block:landwalk",
        "702.14c",
    )
    mine = {**swamp, "controller": "Alice"}
    assert refusal(block_run({**board, "swamp": mine}, {"wolf": "bear"})) is None
    island = {**swamp, "subtypes": ["Island"]}
    assert refusal(block_run({**board, "island": island}, {"wolf": "bear"})) is None


def test_landwalk_doesnt_cancel_landwalk():
    # 702.14d
    swamp = {"controller": "Bob", "types": ["land"], "subtypes": ["Swamp"]}
    board = {
        "bear": creature("Alice", keywords=["swampwalk"]),
        "wolf": creature("Bob", keywords=["swampwalk"]),
        "swamp": swamp,
    }
    assert refusal(block_run(board, {"wolf": "bear"})) == ("block:landwalk", "702.14c")


def test_nonbasic_landwalk():
    # 702.14c: "without the specified supertype".
    board = {"bear": creature("Alice", keywords=["nonbasic landwalk"]), "wolf": creature("Bob")}
    basic = {"controller": "Bob", "types": ["land"], "subtypes": ["Swamp"], "supertypes": ["Basic"]}
    assert refusal(block_run({**board, "swamp": basic}, {"wolf": "bear"})) is None
    other = {"controller": "Bob", "types": ["land"]}
    assert refusal(block_run({**board, "tower": other}, {"wolf": "bear"})) == (
        "block:landwalk",
        "702.14c",
    )


def test_landwalk_can_be_granted_and_lost():
    swamp = {"controller": "Bob", "types": ["land"], "subtypes": ["Swamp"]}
    board = {"bear": creature("Alice"), "wolf": creature("Bob"), "swamp": swamp}
    granted = run(
        board,
        [
            {"grant": {"bear": ["swampwalk"]}},
            {"attack": {"bear": "Bob"}},
            {"block": {"wolf": "bear"}},
        ],
    )
    assert refusal(granted) == ("block:landwalk", "702.14c")


# ----- requirements on blocking (509.1c) -----

MUST_BLOCK = {"affects": {"itself": True}, "must": ["block"]}


def test_a_creature_that_blocks_each_combat_if_able():
    board = {
        "bear": creature("Alice"),
        "wall": creature("Bob", 0, 4, statics=[MUST_BLOCK]),
        "wolf": creature("Bob"),
    }
    assert refusal(block_run(board, {})) == ("block:requirement", "509.1c")
    assert refusal(block_run(board, {"wolf": "bear"})) == ("block:requirement", "509.1c")
    assert refusal(block_run(board, {"wall": "bear"})) is None


def test_block_requirements_with_menace():
    # 509.1c, its example: with a menace attacker, both creatures must block.
    board = {
        "bear": creature("Alice", keywords=["menace"]),
        "wall": creature("Bob", 0, 4, statics=[MUST_BLOCK]),
        "wolf": creature("Bob"),
    }
    assert refusal(block_run(board, {})) == ("block:requirement", "509.1c")
    assert refusal(block_run(board, {"wall": "bear"}))[0] == "block:menace"
    both = block_run(board, {"wall": "bear", "wolf": "bear"})
    assert refusal(both) is None


def test_a_block_requirement_it_cant_obey():
    board = {
        "bear": creature("Alice", keywords=["flying"]),
        "wall": creature("Bob", 0, 4, statics=[MUST_BLOCK]),
    }
    assert refusal(block_run(board, {})) is None


# ----- the format -----

HEAD = (
    """\
id = "TEST-restrictions"
text = "A test ruling."
rules = ["508.1c"]
features = ["attack_legality"]
source = { rule = "508.1c" }

[setup]
players = ["Alice", "Bob"]

"""
    + LIBRARY_CARDS
    + """\
[setup.battlefield.bear]
controller = "Alice"
power = 2
toughness = 2
"""
)


def test_the_format_takes_restrictions(tmp_path):
    ruling = load_test_ruling(
        tmp_path,
        HEAD
        + 'statics = [{ affects = { itself = true }, cant = ["attack"] }]\n'
        + '[[probe]]\nid = "p"\nactions = [{ attack = { bear = "Bob" } }]\n'
        + 'expect.error = { fault = "attack:cant_attack", rule = "508.1c" }\n',
    )
    assert ruling.probes[0].expect["error"]["fault"] == "attack:cant_attack"


def test_the_format_refuses_an_unknown_restriction(tmp_path):
    with pytest.raises(RulingFormatError) as error:
        load_test_ruling(
            tmp_path,
            HEAD
            + 'statics = [{ affects = { itself = true }, cant = ["fly"] }]\n'
            + '[[probe]]\nid = "p"\nactions = [{ attack = { bear = "Bob" } }]\nexpect.life = { Bob = 18 }\n',
        )
    assert_error_names(error.value, "setup.battlefield.bear.statics[0].cant[0]")


def test_the_format_takes_goad_and_restrict_actions(tmp_path):
    ruling = load_test_ruling(
        tmp_path,
        HEAD
        + '[[probe]]\nid = "p"\nactions = [{ goad = { to = ["bear"], you = "Bob" } }, '
        + '{ restrict = { to = ["bear"], cant = ["block"], until = "your_next_turn" } }, '
        + '{ attack = { bear = "Bob" } }]\nexpect.life = { Bob = 18 }\n',
    )
    assert [action.kind for action in ruling.probes[0].actions] == ["goad", "restrict", "attack"]


def test_the_format_refuses_a_restrict_that_says_nothing(tmp_path):
    with pytest.raises(RulingFormatError) as error:
        load_test_ruling(
            tmp_path,
            HEAD
            + '[[probe]]\nid = "p"\nactions = [{ restrict = { to = ["bear"] } }, '
            + '{ attack = { bear = "Bob" } }]\nexpect.life = { Bob = 18 }\n',
        )
    assert_error_names(error.value, "probe[0].actions[0].restrict", "`cant`")


def test_the_format_refuses_unless_without_a_restriction(tmp_path):
    with pytest.raises(RulingFormatError) as error:
        load_test_ruling(
            tmp_path,
            HEAD
            + 'statics = [{ affects = { itself = true }, must = ["attack"], '
            + "unless = { full_party = true } }]\n"
            + '[[probe]]\nid = "p"\nactions = [{ attack = { bear = "Bob" } }]\n'
            + "expect.life = { Bob = 18 }\n",
        )
    assert_error_names(error.value, "statics[0].unless")


def test_a_restriction_may_look_at_keywords(tmp_path):
    # It changes no characteristic, so nothing depends on it (613.8).
    ruling = load_test_ruling(
        tmp_path,
        HEAD
        + 'statics = [{ affects = { keywords = ["flying"] }, cant = ["block"] }]\n'
        + '[[probe]]\nid = "p"\nactions = [{ attack = { bear = "Bob" } }]\n'
        + "expect.life = { Bob = 18 }\n",
    )
    assert ruling.setup["battlefield"]["bear"]["statics"][0]["cant"] == ["block"]


BLOCK_TOLL = """\
id = "TEST-block-cost"
text = "A test ruling."
rules = ["509.1d"]
features = ["block_legality"]
source = { rule = "509.1d" }

[setup]
players = ["Alice", "Bob"]
active_player = "Alice"
step = "declare_attackers"

[setup.battlefield.bear]
controller = "Alice"
power = 2
toughness = 2

[setup.battlefield.ogre]
controller = "Alice"
power = 3
toughness = 3

[setup.battlefield.wall]
controller = "Bob"
power = 0
toughness = 4
statics = [{ affects = { itself = true }, must = ["block"] }]

[setup.battlefield.toll]
controller = "Alice"
types = ["enchantment"]
statics = [{ affects = { types = ["creature"], controller = "opponents" }, pays_to_block = { cost = "{1}" } }]

[[probe]]
id = "p"
actions = [{ attack = { bear = "Bob", ogre = "Bob" } }]
expect.life = { Bob = 1 }
"""


def _blocks_with_pool(tmp_path, pool: str, blocks: dict[str, list[str]]):
    from mtgjudge.model.actions import take_action

    game = game_after(load_test_ruling(tmp_path, BLOCK_TOLL))
    take_action(game, "advance", "declare_blockers")
    game.players["Bob"].mana_pool = parse_pool(pool)
    take_action(game, "block", blocks)
    return game


def test_a_blocker_pays_its_cost_once_whatever_it_blocks(tmp_path):
    game = _blocks_with_pool(tmp_path, "{C}{C}", {"wall": ["bear"]})
    assert dict(+game.players["Bob"].mana_pool) == {"C": 1}


def test_a_cost_to_block_that_cant_be_paid_is_refused_and_takes_nothing(tmp_path):
    with pytest.raises(IllegalBlockError) as raised:
        _blocks_with_pool(tmp_path, "", {"wall": ["bear"]})
    assert (raised.value.fault, raised.value.rule) == ("cant_pay", "509.1f")


def test_a_must_block_creature_needn_t_pay_to_block(tmp_path):
    # 509.1c: the wall must block if able, but blocking would cost {1}.
    game = _blocks_with_pool(tmp_path, "{C}", {})
    assert game.combat.blocks == []
    assert dict(+game.players["Bob"].mana_pool) == {"C": 1}
