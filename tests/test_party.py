"""Party size (700.8): the kernel against the reference, and its properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtgjudge import _core
from mtgjudge.errors import InvalidInputError
from mtgjudge.reference.party import ROLES
from mtgjudge.reference.party import party_size as reference_party_size

OTHER_TYPES = ("Human", "Elf", "Goblin")
creature_types = st.sets(st.sampled_from(ROLES + OTHER_TYPES), max_size=5)
creatures = st.lists(creature_types, max_size=7)


def kernel_party_size(creatures: list[set[str]]) -> int:
    return _core.party_size([_core.party_types(sorted(types)) for types in creatures])


@given(creatures)
def test_kernel_agrees_with_the_reference(creatures):
    assert kernel_party_size(creatures) == reference_party_size(creatures)


@given(creatures, creature_types)
def test_between_zero_and_four_and_never_drops_when_a_creature_is_added(creatures, extra):
    before = kernel_party_size(creatures)
    assert 0 <= before <= 4
    assert kernel_party_size([*creatures, extra]) >= before


@given(st.permutations([{"Cleric"}, {"Cleric", "Wizard"}, {"Rogue", "Warrior"}, {"Rogue"}]))
def test_order_never_matters(creatures):
    assert kernel_party_size(creatures) == 4


@pytest.mark.parametrize(
    ("creatures", "expected"),
    [
        ([], 0),
        ([{"Cleric"}, {"Cleric", "Wizard"}], 2),  # the seed ruling's example
        ([{"Cleric", "Wizard"}], 1),  # a creature counts once (700.8b)
        ([{"Warrior"}, {"Warrior"}], 1),
        ([{"Cleric", "Rogue", "Warrior", "Wizard"}] * 4, 4),
    ],
)
def test_examples_from_the_rules(creatures, expected):
    assert kernel_party_size(creatures) == expected
    assert reference_party_size(creatures) == expected


def test_bad_masks_are_rejected():
    with pytest.raises(InvalidInputError):
        _core.party_size([16])
