"""The end of the game during combat (104.1-104.5, 704.3, 704.5a) and
players leaving a multiplayer game (800.4a, 800.4e), on the kernel's object
API (``_core.Combat``), the reference model and the batch. Every expected
value comes from the rules cited beside it."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from mtgjudge import _core, batch
from mtgjudge.errors import IllegalActionError, IllegalAttackError, InvalidInputError
from mtgjudge.keywords import mask
from mtgjudge.reference.combat import Combat as Reference

ALICE, BOB, CAROL = 0, 1, 2


class Kernel:
    """``_core.Combat`` with keyword names, as the reference takes them."""

    def __init__(self, life: list[int]) -> None:
        self.combat = _core.Combat(life)

    def add_creature(self, controller: int, power: int, toughness: int, *, keywords=()) -> int:
        return self.combat.add_creature(controller, power, toughness, keywords=mask(keywords))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.combat, name)


ENGINES = [pytest.param(Kernel, id="kernel"), pytest.param(Reference, id="reference")]


def dealt(events: Any, source: int, recipient: tuple[str, int]) -> int:
    return sum(n for s, r, n, _ in events.damage if s == source and tuple(r) == recipient)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_two_player_game_is_over_at_the_check_that_makes_a_player_lose(engine) -> None:
    # An unblocked 3/3 with double strike and lifelink attacks a player at
    # 3 life. The first-strike step takes them to 0 (510.4, 702.4b) and
    # Alice gains 3 (702.15b). At the state-based check that follows, Bob
    # loses (704.5a, 104.3b) and leaves the game (104.5); Alice, the only
    # player left, wins (104.2a), and the game ends at once (104.1).
    combat = engine([20, 3])
    combat.add_creature(ALICE, 3, 3, keywords=["double strike", "lifelink"])
    combat.declare_attackers(ALICE, [(0, ("player", BOB))])
    combat.declare_blockers([])
    events = combat.resolve_damage_step()
    assert events.step == "first_strike"
    assert list(events.losers) == [BOB]
    assert (combat.life(ALICE), combat.life(BOB)) == (23, 0)
    assert combat.has_lost(BOB) and not combat.has_lost(ALICE)
    assert combat.game_over
    assert combat.winner == ALICE
    # No regular combat damage step, nor anything else (104.1).
    assert combat.next_damage_step() is None
    with pytest.raises(IllegalActionError) as raised:
        combat.resolve_damage_step()
    assert (raised.value.rule, raised.value.fault) == ("104.1", "game_over")
    with pytest.raises(IllegalActionError, match="game is over"):
        combat.deal_damage(0, ("player", ALICE), 1)
    assert list(combat.check_state_based_actions().losers) == []
    assert (combat.life(ALICE), combat.life(BOB)) == (23, 0)


def test_fight_stops_when_the_game_ends() -> None:
    combat = _core.Combat([20, 3], [(ALICE, 3, 3, 0, mask(["double strike", "lifelink"]))])
    assert combat.fight(ALICE, [(0, BOB)], []) == 1
    assert combat.summary() == ([0], [True], [23, 0])
    assert (combat.game_over, combat.winner) == (True, ALICE)
    # 104.1: a new declaration is refused too.
    with pytest.raises(IllegalActionError, match="game is over"):
        combat.fight(ALICE, [(0, BOB)], [])


def test_a_game_that_goes_on_has_no_winner() -> None:
    combat = _core.Combat([20, 20], [(ALICE, 3, 3, 0, 0)])
    combat.fight(ALICE, [(0, BOB)], [])
    assert (combat.game_over, combat.winner) == (False, None)


def three_player_combat(engine) -> Any:
    """Alice attacks Bob (at 3 life) and Carol:
    0: Alice's 3/3 double strike, lifelink, unblocked, attacking Bob;
    1: Alice's 2/2 trample attacking Bob, blocked by 3;
    2: Alice's 2/2 attacking Carol, blocked by 5;
    3: Bob's 1/4 blocking 1; 4: Bob's 1/1, not in combat;
    5: Carol's 1/3 blocking 2; planeswalker 0: Bob's, loyalty 3."""
    combat = engine([20, 3, 20])
    combat.add_creature(ALICE, 3, 3, keywords=["double strike", "lifelink"])
    combat.add_creature(ALICE, 2, 2, keywords=["trample"])
    combat.add_creature(ALICE, 2, 2)
    combat.add_creature(BOB, 1, 4)
    combat.add_creature(BOB, 1, 1)
    combat.add_creature(CAROL, 1, 3)
    combat.add_planeswalker(BOB, 3)
    combat.declare_attackers(
        ALICE, [(0, ("player", BOB)), (1, ("player", BOB)), (2, ("player", CAROL))]
    )
    combat.declare_blockers([(3, 1), (5, 2)])
    return combat


@pytest.mark.parametrize("engine", ENGINES)
def test_in_a_multiplayer_game_the_loser_leaves_and_combat_goes_on(engine) -> None:
    combat = three_player_combat(engine)
    events = combat.resolve_damage_step()
    # 704.5a, 104.5: Bob loses and leaves the game; 800.4: it goes on.
    assert list(events.losers) == [BOB]
    assert not combat.game_over and combat.winner is None
    # 800.4a: his objects leave the game with him. They aren't put into a
    # graveyard (no deaths), and they leave combat (506.4).
    assert events.deaths == []
    assert not combat.creature(3).on_battlefield
    assert not combat.creature(4).on_battlefield
    assert not combat.in_combat(3)
    # 506.4 doesn't remove a creature from combat when the player it
    # attacks leaves the game: the attackers of Bob still attack.
    assert combat.in_combat(0) and combat.in_combat(1)
    assert combat.next_damage_step() == "regular"
    events = combat.resolve_damage_step()
    # 800.4e: combat damage isn't assigned to a player who left the game.
    assert dealt(events, 0, ("player", BOB)) == 0
    assert dealt(events, 1, ("player", BOB)) == 0
    assert combat.life(BOB) == 0 and combat.life(ALICE) == 23
    # Carol's part of the combat goes on as usual (510.1c, 510.1d).
    assert dealt(events, 2, ("creature", 5)) == 2
    assert dealt(events, 5, ("creature", 2)) == 1
    # 508.1b: Bob is no longer an opponent who can be attacked.
    fresh = engine([20, 0, 20])
    fresh.add_creature(ALICE, 2, 2)
    fresh.add_creature(ALICE, 1, 1)
    fresh.player_loses(BOB)
    with pytest.raises(IllegalAttackError) as raised:
        fresh.declare_attackers(ALICE, [(0, ("player", BOB))])
    assert raised.value.fault == "not_an_opponent"
    # 800.4e, as an explicit assignment to the player who left. (The
    # reference lists every fault it finds; this is among them.)
    combat = three_player_combat(engine)
    combat.resolve_damage_step()
    with pytest.raises(IllegalActionError) as raised:
        combat.resolve_damage_step([(0, ("player", BOB), 3)])
    error = raised.value
    found = getattr(error, "faults", [(type(error).__name__, error.rule, error.fault)])
    assert ("IllegalDamageAssignmentError", "800.4e", "player_left_game") in found


@pytest.mark.parametrize("engine", ENGINES)
def test_the_game_ends_when_one_player_remains(engine) -> None:
    # 104.3a: Carol concedes, leaves the game and loses; 800.4a: her
    # blocker leaves with her, and the creature it blocked stays blocked
    # (509.1h). Then Bob loses: Alice is the only player left (104.2a).
    combat = three_player_combat(engine)
    combat.player_loses(CAROL)
    assert not combat.creature(5).on_battlefield and not combat.in_combat(5)
    assert not combat.game_over
    with pytest.raises(InvalidInputError, match="left the game"):
        combat.player_loses(CAROL)
    with pytest.raises(InvalidInputError, match="left the game"):
        combat.deal_damage(0, ("player", CAROL), 1)
    combat.resolve_damage_step()
    assert (combat.game_over, combat.winner) == (True, ALICE)
    assert combat.next_damage_step() is None


@pytest.mark.parametrize("engine", ENGINES)
def test_players_who_all_lose_at_once_draw(engine) -> None:
    # 104.4a: a creature deals 2 damage to each player, all at 2 life.
    combat = engine([2, 2, 2])
    combat.add_creature(BOB, 1, 1)
    for player in (ALICE, BOB, CAROL):
        combat.deal_damage(0, ("player", player), 2)
    events = combat.check_state_based_actions()
    assert sorted(events.losers) == [ALICE, BOB, CAROL]
    assert combat.game_over and combat.winner is None
    with pytest.raises(IllegalActionError, match="game is over"):
        combat.player_loses(ALICE)


def test_step_events_losers_is_a_list() -> None:
    combat = _core.Combat([20, 1], [(ALICE, 1, 1, 0, 0)])
    combat.declare_attackers(ALICE, [(0, BOB)])
    combat.declare_blockers([])
    events = combat.resolve_damage_step()
    assert events.losers == [BOB]
    assert isinstance(events.losers, list)


# ----- the batch -----


def test_the_batch_ends_the_game_at_that_check() -> None:
    double_lifelink = ["double strike", "lifelink"]
    attacker = {"controller": 0, "power": 3, "toughness": 3, "attack": True}
    columns = batch.combat_columns(
        [
            # The case: over after the first-strike step (104.2a).
            {"life": (20, 3), "creatures": [{**attacker, "keywords": double_lifelink}]},
            # 7 life: nobody loses, the game goes on.
            {"life": (20, 7), "creatures": [{**attacker, "keywords": double_lifelink}]},
            # A blocker dies at the same check that ends the game (704.3);
            # the creature without first strike never deals damage (104.1).
            {
                "life": (20, 2),
                "creatures": [
                    {**attacker, "keywords": ["double strike", "trample"]},
                    {"controller": 0, "power": 2, "toughness": 2, "attack": True},
                    {"controller": 1, "power": 1, "toughness": 1, "blocks": 0},
                ],
            },
        ]
    )
    results = batch.resolve_combats(columns)
    assert results["life"].tolist() == [[23, 0], [26, 1], [20, 0]]
    assert results["life_gained"].tolist() == [[3, 0], [6, 0], [0, 0]]
    assert results["damage"].tolist() == [0, 0, 0, 0, 1]
    assert results["died"].tolist() == [False, False, False, False, True]
    assert results["game_over"].tolist() == [True, False, True]
    assert results["winner"].tolist() == [0, -1, 0]
    assert results["game_over"].dtype == np.bool_ and results["winner"].dtype == np.int8
