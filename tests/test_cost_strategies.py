"""Hypothesis strategies for the cost tests (mana costs with every kind of
symbol, reductions, pools with snow mana, convoking creatures of random
colours ...), and a few checks that they generate what they should.

The sizes are kept small so that the brute-force reference
(``mtgjudge.reference.cost``) stays fast under the ``slow`` profile too.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from mtgjudge.reference import cost as ref

COLORS = ref.COLORS
MANA_TYPES = ref.MANA_TYPES

#: Every non-numerical symbol of 107.4, as written between the braces.
SYMBOL_BODIES = ref.SYMBOLS
#: The same without {X}.
FIXED_BODIES = [s for s in SYMBOL_BODIES if s != "X"]
#: The reductions the kernel accepts (118.7: no hybrid symbols).
REDUCTION_BODIES = ["1", "2", "C", "S", *COLORS, *(f"{c}/P" for c in COLORS)]


@st.composite
def cost_texts(
    draw: Any,
    max_symbols: int = 5,
    max_generic: int = 3,
    bodies: list | None = None,
    allow_none: bool = True,
) -> str:
    """A mana cost as text, symbols in a random order (not the printing
    order), possibly several numerical symbols; sometimes no mana cost."""
    if allow_none and draw(st.integers(0, 30)) == 0:
        return ""
    symbols = draw(st.lists(st.sampled_from(bodies or SYMBOL_BODIES), max_size=max_symbols))
    numbers = draw(st.lists(st.integers(0, max_generic), max_size=2))
    pieces = [*symbols, *(str(n) for n in numbers)]
    pieces = draw(st.permutations(pieces)) if pieces else ["0"]
    return "".join("{" + p + "}" for p in pieces)


@st.composite
def reduction_texts(draw: Any) -> str:
    pieces = draw(st.lists(st.sampled_from(REDUCTION_BODIES), min_size=1, max_size=2))
    return "".join("{" + p + "}" for p in pieces)


@st.composite
def modifiers(draw: Any, small: bool = True) -> dict:
    """Keyword arguments of ``total_cost`` (and of the reference's
    ``total_costs``, once the texts are parsed)."""
    fixed = st.sampled_from(FIXED_BODIES)
    extra = cost_texts(max_symbols=1 if small else 2, max_generic=2, bodies=None, allow_none=False)
    return {
        "x": draw(st.integers(0, 2)),
        "alternative": draw(st.none() | cost_texts(max_symbols=2, max_generic=2)),
        "additional": draw(st.lists(extra, max_size=1)),
        "increases": draw(
            st.lists(
                st.sampled_from(["{1}", "{2}", "{W}", "{G}", "{C}"])
                | fixed.map(lambda b: "{" + b + "}"),
                max_size=1,
            )
        ),
        "reductions": draw(st.lists(reduction_texts(), max_size=2)),
        "affinity": draw(st.lists(st.integers(0, 3), max_size=2)),
    }


def reference_modifiers(kwargs: dict) -> dict:
    """The same modifiers for the reference (costs parsed)."""
    return {
        "x": kwargs["x"],
        "alternative": None if kwargs["alternative"] is None else ref.parse(kwargs["alternative"]),
        "additional": tuple(ref.parse(t) for t in kwargs["additional"]),
        "increases": tuple(ref.parse(t) for t in kwargs["increases"]),
        "reductions": tuple(ref.parse(t) for t in kwargs["reductions"]),
        "affinity": tuple(kwargs["affinity"]),
    }


@st.composite
def resources(draw: Any, max_mana: int = 3, max_creatures: int = 4) -> dict:
    """Keyword arguments of the payment functions: a pool with a random snow
    part, life, convoking creatures of random colours (colourless too),
    artifacts, graveyard cards, and which of convoke, improvise and delve."""
    pool = {t: draw(st.integers(0, max_mana)) for t in MANA_TYPES}
    snow = {t: draw(st.integers(0, pool[t])) for t in MANA_TYPES}
    subsets = st.sets(st.sampled_from(COLORS)).map(lambda s: "".join(sorted(s)))
    return {
        "pool": pool,
        "snow": snow,
        "life": draw(st.integers(-1, 7)),
        "convokers": draw(st.lists(subsets, max_size=max_creatures)),
        "artifacts": draw(st.integers(0, 3)),
        "graveyard": draw(st.integers(0, 3)),
        "convoke": draw(st.booleans()),
        "improvise": draw(st.booleans()),
        "delve": draw(st.booleans()),
    }


def reference_resources(kwargs: dict) -> ref.Resources:
    return ref.Resources(
        pool=dict(kwargs["pool"]),
        snow=dict(kwargs["snow"]),
        life=kwargs["life"],
        creatures=tuple(kwargs["convokers"]),
        artifacts=kwargs["artifacts"],
        graveyard=kwargs["graveyard"],
        convoke=kwargs["convoke"],
        improvise=kwargs["improvise"],
        delve=kwargs["delve"],
    )


def pending_amounts(total: Any) -> tuple:
    """A kernel TotalCost's pending reductions as (generic, six per-type)."""
    if total.pending is None:
        return (0, (0,) * 6)
    return ref.reduction_amounts(ref.parse(total.pending))


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
