"""Infect, wither, poison and the life rules, on the kernel and the
reference alike: each expected value comes from the rule it cites."""

from __future__ import annotations

from typing import Any

import pytest

from mtgjudge import _core
from mtgjudge.errors import InvalidInputError
from mtgjudge.keywords import mask
from mtgjudge.reference import combat as reference

ENGINES = [
    pytest.param((_core.Combat, _core.DamageSource, mask), id="kernel"),
    pytest.param((reference.Combat, reference.DamageSource, lambda k: k), id="reference"),
]


@pytest.fixture(params=ENGINES)
def engine(request: Any) -> Any:
    return request.param


def test_wither_damage_is_minus_one_counters(engine: Any) -> None:
    # 702.80b, 120.3d: -1/-1 counters instead of marked damage; 613.4c.
    combat_class, source_class, _keywords = engine
    combat = combat_class([20, 20])
    bear = combat.add_creature(1, 2, 4)
    events = combat.deal_damage(source_class(0, ["wither"]), ("creature", bear), 3)
    assert events.damage == [(None, ("creature", bear), 3, None)]
    state = combat.creature(bear)
    assert (state.damage, state.minus_one_counters) == (0, 3)
    assert combat.check_state_based_actions().deaths == []
    combat.deal_damage(source_class(0, ["wither"]), ("creature", bear), 1)
    # 704.5f: toughness 4 - 4 counters.
    assert combat.check_state_based_actions().deaths == [(bear, "704.5f")]


def test_infect_to_a_player_gives_poison_and_ten_lose(engine: Any) -> None:
    # 702.90b, 120.3b, 704.5c; 702.15b: lifelink still gains.
    combat_class, source_class, _keywords = engine
    combat = combat_class([20, 20])
    combat.set_poison(1, 8)
    events = combat.deal_damage(source_class(0, ["infect", "lifelink"]), ("player", 1), 2)
    assert (combat.life(1), combat.poison(1), combat.life(0)) == (20, 10, 22)
    assert events.life_gains == [(0, 2, None, None)]
    assert combat.check_state_based_actions().losers == [1]
    assert combat.winner == 0


def test_infect_in_combat_and_deathtouch(engine: Any) -> None:
    # 702.90b, 702.2b: deathtouch damage dealt as counters still destroys.
    combat_class, _source_class, keywords = engine
    combat = combat_class([20, 20])
    attacker = combat.add_creature(0, 1, 1, keywords=keywords(["infect", "deathtouch"]))
    blocker = combat.add_creature(1, 0, 6)
    combat.declare_attackers(0, [(attacker, ("player", 1))])
    combat.declare_blockers([(blocker, attacker)])
    events = combat.resolve_damage_step()
    assert events.deaths == [(blocker, "704.5h")]


def test_trample_counts_minus_one_counters_for_lethal_damage(engine: Any) -> None:
    # 702.19b with 613.4c: a 3/3 with two -1/-1 counters needs 1 more.
    combat_class, _source_class, keywords = engine
    combat = combat_class([20, 20])
    attacker = combat.add_creature(0, 4, 4, keywords=keywords(["trample"]))
    blocker = combat.add_creature(1, 3, 3, minus_one_counters=2)
    combat.declare_attackers(0, [(attacker, ("player", 1))])
    combat.declare_blockers([(blocker, attacker)])
    combat.resolve_damage_step()
    assert combat.life(1) == 17


def test_cant_lose_and_cant_gain_life(engine: Any) -> None:
    # 119.8: the damage is dealt, no life is lost; 119.7: no life gained.
    combat_class, source_class, _keywords = engine
    combat = combat_class([20, 20])
    combat.set_life_rules(0, can_gain_life=False)
    combat.set_life_rules(1, can_lose_life=False)
    events = combat.deal_damage(source_class(0, ["lifelink"]), ("player", 1), 4)
    assert events.damage == [(None, ("player", 1), 4, None)]
    assert events.life_gains == []
    assert (combat.life(0), combat.life(1)) == (20, 20)


def test_no_poison_and_no_minus_one_counters_when_they_cant_be_put(engine: Any) -> None:
    # "You can't get poison counters", "can't have -1/-1 counters put on it":
    # the damage is still dealt (122.1f, 614.1a).
    combat_class, source_class, _keywords = engine
    combat = combat_class([20, 20])
    combat.set_counter_rules(1, can_get_poison=False)
    bear = combat.add_creature(1, 2, 2, can_get_minus_one_counters=False)
    infect = source_class(0, ["infect"])
    assert len(combat.deal_damage(infect, ("player", 1), 3).damage) == 1
    assert len(combat.deal_damage(infect, ("creature", bear), 3).damage) == 1
    assert (combat.poison(1), combat.life(1)) == (0, 20)
    assert combat.creature(bear).minus_one_counters == 0


def test_a_damage_source_takes_only_keywords_it_knows(engine: Any) -> None:
    _combat_class, source_class, _keywords = engine
    with pytest.raises(InvalidInputError):
        source_class(0, ["banding"])
