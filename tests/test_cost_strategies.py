"""The cost strategies (``mtgjudge.testing.strategies``: mana costs with
every kind of symbol, reductions, pools with snow mana, convoking creatures
of random colours ...) under the names the cost tests use, the adapters
that give the same inputs to the reference (``mtgjudge.fuzz.cost``), and a
few checks that the strategies generate what they should.

The sizes are kept small so that the brute-force reference
(``mtgjudge.reference.cost``) stays fast under the ``slow`` profile too.
"""

from __future__ import annotations

from hypothesis import given

from mtgjudge.fuzz.cost import pending_amounts, reference_modifiers, reference_resources
from mtgjudge.reference import cost as ref
from mtgjudge.testing.strategies import COLORS, MANA_TYPES, REDUCTION_BODIES, SYMBOL_BODIES
from mtgjudge.testing.strategies import FIXED_BODIES as FIXED
from mtgjudge.testing.strategies import cost_modifiers as modifiers
from mtgjudge.testing.strategies import costs as cost_texts
from mtgjudge.testing.strategies import payment_resources as resources

#: As a list, as the cost tests take it.
FIXED_BODIES = list(FIXED)

__all__ = [
    "COLORS",
    "FIXED_BODIES",
    "MANA_TYPES",
    "cost_texts",
    "modifiers",
    "pending_amounts",
    "reference_modifiers",
    "reference_resources",
    "resources",
]


def test_the_strategies_know_every_symbol_the_reference_knows() -> None:
    assert list(SYMBOL_BODIES) == list(ref.SYMBOLS)
    assert COLORS == ref.COLORS and MANA_TYPES == ref.MANA_TYPES
    for body in REDUCTION_BODIES:
        ref.reduction_amounts(ref.parse("{" + body + "}"))


@given(cost_texts(max_symbols=8, max_generic=20))
def test_generated_costs_are_well_formed(text: str) -> None:
    assert ref.format_cost(ref.parse(text)) == ref.format_cost(
        ref.parse(ref.format_cost(ref.parse(text)))
    )


@given(resources())
def test_generated_snow_is_part_of_the_pool(kwargs: dict) -> None:
    assert all(kwargs["snow"][t] <= kwargs["pool"][t] for t in MANA_TYPES)
    assert all(set(c) <= set(COLORS) for c in kwargs["convokers"])


@given(modifiers())
def test_generated_reductions_are_accepted(kwargs: dict) -> None:
    for text in kwargs["reductions"]:
        ref.reduction_amounts(ref.parse(text))
