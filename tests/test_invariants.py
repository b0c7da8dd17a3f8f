"""The invariants of the model, the kernel against the reference models, and
the consistency of the corpus, as hypothesis properties over the public
strategies of ``mtgjudge.testing.strategies``.

The checks are the ones ``mtgjudge fuzz`` runs (``mtgjudge.fuzz``); here the
engine is the Rust kernel and the budget is the hypothesis profile's.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgjudge import _core
from mtgjudge.format.corpus import load_corpus
from mtgjudge.fuzz import combat, consistency, cost, party
from mtgjudge.fuzz import rulings as ruling_targets
from mtgjudge.testing import strategies as mst

CORPUS = load_corpus()
PARAMETRIC = [r for r in CORPUS.rulings if r.is_parametric]

# ----- combat -----


@given(mst.combats())
def test_combat_kernel_and_reference_agree_on_every_event(scenario):
    combat.check_differential(scenario, _core)


@given(combat.reordered_combats())
def test_the_order_in_which_creatures_are_listed_never_changes_a_result(example):
    combat.check_order(example, _core)


@given(combat.combats_with_a_bystander())
def test_adding_a_creature_that_takes_no_part_changes_nothing(example):
    combat.check_bystander(example, _core)


@given(mst.combats())
def test_damage_dealt_equals_damage_received_plus_damage_to_players_and_planeswalkers(scenario):
    combat.check_conservation(scenario, _core)


@given(mst.combats())
def test_lifelink_gain_equals_the_damage_its_source_dealt(scenario):
    combat.check_lifelink(scenario, _core)


@given(mst.combats())
def test_without_first_or_double_strike_there_is_exactly_one_damage_step(scenario):
    combat.check_one_step(scenario, _core)


@given(mst.combats())
def test_a_creature_without_either_keyword_deals_no_damage_in_the_first_step(scenario):
    combat.check_first_step(scenario, _core)


@given(mst.combats())
def test_a_trampler_never_assigns_to_a_player_while_a_blocker_lacks_lethal_damage(scenario):
    combat.check_trample(scenario, _core)


# ----- costs -----


@given(cost.cost_examples())
def test_cost_kernel_and_reference_agree(example):
    cost.check_differential(example, _core)


@given(cost.small_cost_examples())
def test_cost_kernel_lists_the_references_payments(example):
    cost.check_payments(example, _core)


@given(cost.cost_examples())
def test_a_payment_returned_always_pays_exactly_the_total_cost(example):
    cost.check_payment_pays(example, _core)


@given(cost.cost_examples())
def test_convoke_and_affinity_never_change_mana_value(example):
    cost.check_mana_value(example, _core)


# ----- party -----


@given(mst.party_creatures())
def test_party_kernel_and_reference_agree(creatures):
    party.check_differential(creatures, _core)


@given(party.growing_parties())
def test_party_size_is_between_0_and_4_and_never_drops_when_a_creature_is_added(example):
    party.check_invariants(example, _core)


# ----- parametric rulings, everywhere in their domains -----


def test_there_are_parametric_rulings():
    assert len(PARAMETRIC) >= 30


@pytest.mark.parametrize("ruling", PARAMETRIC, ids=lambda r: r.id)
def test_a_parametric_ruling_holds_for_every_value(ruling):
    target = ruling_targets.parametric_target(ruling)
    # A tenth of the profile's examples for each ruling: 20 in CI, 200 with
    # HYPOTHESIS_PROFILE=slow.
    examples = max(10, settings.default.max_examples // 10)

    @settings(max_examples=examples)
    @given(target.strategy)
    def holds(values):
        target.check(values, _core)

    holds()


# ----- the corpus doesn't contradict itself -----


def test_probes_whose_setups_coincide_expect_the_same_results():
    index = consistency.Index(CORPUS.rulings)
    assert index.coinciding() > 100, "normalization should find probes that coincide"
    conflicts = [(a.label, b.label, problems) for a, b, problems in index.conflicts()]
    assert conflicts == []


CORPUS_TARGET = ruling_targets.corpus_target(CORPUS.rulings)


@given(
    st.sampled_from(PARAMETRIC).flatmap(
        lambda r: st.tuples(st.just(r), ruling_targets.parameter_values(r.parameters))
    )
)
def test_instances_of_parametric_rulings_agree_with_the_rest_of_the_corpus(example):
    ruling, values = example
    CORPUS_TARGET.check((ruling.id, values), _core)


PRINCIPLES = ruling_targets.principles(CORPUS.rulings)


def test_the_first_strike_texts_state_one_principle():
    members = {r.id for group in PRINCIPLES.values() for r in group}
    assert {"CR-510.4", "CR-702.4b", "CR-702.7b"} <= members


@pytest.mark.parametrize("name", sorted(PRINCIPLES))
def test_rulings_stating_the_same_principle_can_be_compared(name):
    members = PRINCIPLES[name]
    shared = ruling_targets.shared_parameters(members)
    assert shared, f"{name}: the rulings share no parameter"
    values = {k: p.example for k, p in shared.items()}
    keys = [
        {
            item.key
            for item in consistency.situations(
                m.with_values({k: v for k, v in values.items() if k in m.parameters})
            )
        }
        for m in members
    ]
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            assert a & b, f"{name}: two rulings have no probe in the same situation"


@pytest.mark.parametrize("name", sorted(PRINCIPLES))
def test_rulings_stating_the_same_principle_agree_on_random_scenarios(name):
    target = ruling_targets.principle_target(name, PRINCIPLES[name])

    @given(target.strategy)
    def agree(values):
        target.check(values, _core)

    agree()
