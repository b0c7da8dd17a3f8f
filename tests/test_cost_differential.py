"""Differential tests: the Rust cost kernel (``mtgjudge._core``) against the
pure-Python reference (``mtgjudge.reference.cost``), written separately from
the Comprehensive Rules.

- Parsing and printing: the same costs accepted, printed the same way;
  malformed text rejected at the same character.
- Mana value, on and off the stack, and of split cards.
- Total cost: the reference lists every total cost an announcement of the
  hybrid and Phyrexian halves gives (601.2b, 118.7). The kernel's total
  cost, announced the same ways, must give only total costs from that list,
  and for each total cost in the list one that is at least as easy to pay.
- Payability: the kernel says "payable" exactly when the reference finds a
  payable announced total cost.
- Payments: every payment the kernel returns passes the reference's own
  check; the kernel and the reference agree on which altered payments are
  legal; and without reductions the kernel enumerates exactly the
  reference's distinct payments.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, event, given, note
from hypothesis import strategies as st

from mtgjudge import _core
from mtgjudge.errors import IllegalPaymentError, ManaCostSyntaxError
from mtgjudge.reference import cost as ref
from test_cost_strategies import (
    FIXED_BODIES,
    cost_texts,
    modifiers,
    pending_amounts,
    reference_modifiers,
    reference_resources,
    resources,
)

SYNTAX_ALPHABET = "{}/0123456789XWUBRGCSP é"


@given(cost_texts(max_symbols=8, max_generic=12))
def test_parse_and_print_agree(text: str) -> None:
    kernel = _core.ManaCost(text)
    reference = ref.parse(text)
    assert str(kernel) == ref.format_cost(reference)
    assert kernel.is_none == reference.none
    assert kernel.generic == reference.generic
    assert kernel.colors == ref.colors(reference)


@given(st.text(alphabet=SYNTAX_ALPHABET, max_size=14))
def test_malformed_costs_break_at_the_same_character(text: str) -> None:
    try:
        reference = ref.parse(text)
    except ManaCostSyntaxError as error:
        with pytest.raises(ManaCostSyntaxError) as raised:
            _core.ManaCost(text)
        assert raised.value.offset == error.offset, (text, raised.value.expected)
        assert 0 <= error.offset <= len(text)
    else:
        assert str(_core.ManaCost(text)) == ref.format_cost(reference)


@given(
    st.lists(st.sampled_from(["{4294967295}", "{1}", "{0}", "{99999999999}", "{R}"]), max_size=4)
)
def test_counter_limits_agree(pieces: list) -> None:
    text = "".join(pieces)
    try:
        reference = ref.parse(text)
    except ManaCostSyntaxError as error:
        with pytest.raises(ManaCostSyntaxError) as raised:
            _core.ManaCost(text)
        assert raised.value.offset == error.offset
    else:
        assert str(_core.ManaCost(text)) == ref.format_cost(reference)


@given(cost_texts(max_symbols=8, max_generic=12), st.integers(0, 50))
def test_mana_value_agrees(text: str, x: int) -> None:
    kernel = _core.ManaCost(text)
    reference = ref.parse(text)
    assert kernel.mana_value() == ref.mana_value(reference)
    assert kernel.mana_value(on_stack=True, x=x) == ref.mana_value(reference, True, x)


@given(
    cost_texts(max_symbols=4, allow_none=False),
    cost_texts(max_symbols=4, allow_none=False),
    st.sampled_from([None, "left", "right", "fused"]),
    st.integers(0, 9),
)
def test_split_mana_value_agrees(left: str, right: str, cast: str | None, x: int) -> None:
    expected = ref.split_mana_value(ref.parse(left), ref.parse(right), cast, x)
    assert _core.mana_value_of_split(left, right, cast=cast, x=x) == expected


def _kernel_total(text: str, kwargs: dict) -> _core.TotalCost:
    return _core.total_cost(text, **kwargs)


@given(cost_texts(), modifiers())
def test_total_cost_matches_the_announced_costs(text: str, kwargs: dict) -> None:
    total = _kernel_total(text, kwargs)
    reference = ref.total_costs(ref.parse(text), **reference_modifiers(kwargs))
    note(f"kernel total: {total}; reference: {reference}")
    assert total.unpayable == (reference is None)
    if reference is None:
        return
    generic, per_type = pending_amounts(total)
    kernel = ref.announce(ref.parse(str(total.cost)), generic, per_type)
    assert kernel <= reference
    for candidate in reference:
        assert any(k.at_most(candidate) for k in kernel), candidate


@given(cost_texts(bodies=["1", "C", "S", *ref.COLORS]), modifiers())
def test_total_cost_without_choices_is_the_one_total(text: str, kwargs: dict) -> None:
    # Without hybrid or Phyrexian symbols there is no announcement to make.
    plain = {"1", "C", "S", *ref.COLORS}
    assume(
        all(set(ref.parse(t).symbols) <= plain for t in kwargs["additional"] + kwargs["increases"])
    )
    if kwargs["alternative"] is not None:
        assume(set(ref.parse(kwargs["alternative"]).symbols) <= plain)
    total = _kernel_total(text, kwargs)
    reference = ref.total_costs(ref.parse(text), **reference_modifiers(kwargs))
    if reference is None:
        assert total.unpayable
        return
    assert total.settled
    (only,) = reference
    assert ref.announce(ref.parse(str(total.cost))) == {only}


@given(cost_texts(), modifiers(), resources())
def test_payability_agrees(text: str, kwargs: dict, res: dict) -> None:
    total = _kernel_total(text, kwargs)
    payable = ref.can_pay(ref.parse(text), reference_resources(res), **reference_modifiers(kwargs))
    note(f"total: {total}")
    event("payable" if payable else "not payable")
    event("settled" if total.settled else "pending reductions")
    assert _core.can_pay(total, **res) == payable
    result = _core.find_payment(total, **res)
    assert result.payable == payable
    if payable:
        payment = result.payment
        note(f"payment: {payment}")
        problem = ref.check_payment(
            ref.parse(str(total.cost)),
            (pending_amounts(total)[0], *pending_amounts(total)[1]),
            reference_resources(res),
            payment.parts,
        )
        assert problem is None, problem
        _core.check_payment(total, payment, **res)
    else:
        assert result.shortfall.missing > 0 or result.shortfall.unpayable


def _altered(parts: list, change: int, choice: int) -> list:
    """A payment with one part changed: its source, symbol, way or count."""
    parts = [list(p) for p in parts]
    part = parts[choice % len(parts)]
    sources = [
        "mana:W",
        "mana:C",
        "snow:G",
        "creature:WU",
        "creature",
        "artifact",
        "card",
        "life",
        "reduction:W",
        "reduction:generic",
    ]
    symbols = ["{1}", "{W}", "{W/U}", "{2/W}", "{C/W}", "{W/P}", "{S}", "{C}"]
    ways = ["W", "U", "C", "generic", "snow", "life"]
    if change % 4 == 0:
        part[0] = sources[choice % len(sources)]
    elif change % 4 == 1:
        part[1] = symbols[choice % len(symbols)]
    elif change % 4 == 2:
        part[2] = ways[choice % len(ways)]
    else:
        part[3] = max(0, part[3] + (1 if choice % 2 else -1))
    return [tuple(p) for p in parts]


@given(cost_texts(), modifiers(), resources(), st.integers(0, 3), st.integers(0, 1000))
def test_payment_checks_agree(text: str, kwargs: dict, res: dict, change: int, choice: int) -> None:
    total = _kernel_total(text, kwargs)
    result = _core.find_payment(total, **res)
    assume(result.payable and result.payment.parts)
    parts = _altered(result.payment.parts, change, choice)
    note(f"total {total}, altered payment {parts}")
    pending = pending_amounts(total)
    problem = ref.check_payment(
        ref.parse(str(total.cost)), (pending[0], *pending[1]), reference_resources(res), parts
    )
    event("reference accepts" if problem is None else "reference rejects")
    try:
        _core.check_payment(total, parts, **res)
    except IllegalPaymentError as error:
        assert problem is not None, f"kernel rejects ({error.fault}), reference accepts"
    else:
        assert problem is None, f"kernel accepts, reference rejects: {problem}"


def _identity(payment: _core.Payment) -> frozenset:
    """The payment as the reference writes it (see ``ref.payments``)."""
    items = Counter()
    for source, symbol, paid_as, count in payment.parts:
        mode = ""
        if symbol.startswith("{2/"):
            mode = "generic" if paid_as == "generic" else "color"
        items[(source, symbol, mode)] += count
    return frozenset(items.items())


@given(
    cost_texts(max_symbols=3, max_generic=2, bodies=FIXED_BODIES),
    resources(max_mana=2, max_creatures=3),
)
def test_distinct_payments_agree(text: str, res: dict) -> None:
    limit = 300
    kernel = _core.enumerate_payments(text, limit=limit, **res)
    reference = ref.payments(ref.parse(text), reference_resources(res))
    event(f"{min(len(reference), 10)} payments (10 means 10 or more)")
    identities = [_identity(p) for p in kernel]
    assert len(set(identities)) == len(identities), "the kernel listed a payment twice"
    assert set(identities) <= reference
    assert len(kernel) == min(limit, len(reference))
    assert _core.can_pay(text, **res) == bool(reference)
