"""Properties of the cost kernel that hold for every input, checked on
inputs larger than the brute-force reference can handle.

- A cost prints to text that parses back to the same cost.
- Mana value: X counts only on the stack; affinity and convoke change the
  total cost or the payment, never the mana cost or its mana value.
- Total cost: the order and grouping of reductions doesn't matter, X is
  just generic mana once fixed, and a reduction never makes a cost harder.
- Payment: a payment returned really pays the cost (checked by the
  reference's independent checker and by the kernel's own); more resources
  never make a payable cost unpayable; a shortfall of n units is made up by
  n mana of every type from snow sources; every enumerated payment is
  legal and distinct, and the returned payment is among them.
"""

from __future__ import annotations

import pickle

import pytest
from hypothesis import assume, given, note
from hypothesis import strategies as st

from mtgjudge import _core
from mtgjudge.errors import InvalidInputError
from mtgjudge.reference import cost as ref
from test_cost_strategies import (
    FIXED_BODIES,
    cost_texts,
    modifiers,
    pending_amounts,
    reference_resources,
    resources,
)

big_costs = cost_texts(max_symbols=12, max_generic=40)
big_resources = resources(max_mana=6, max_creatures=8)


def _reference_check(total: _core.TotalCost, payment: _core.Payment, res: dict) -> str | None:
    generic, per_type = pending_amounts(total)
    return ref.check_payment(
        ref.parse(str(total.cost)), (generic, *per_type), reference_resources(res), payment.parts
    )


@given(big_costs)
def test_print_then_parse_is_the_same_cost(text: str) -> None:
    cost = _core.ManaCost(text)
    again = _core.ManaCost(str(cost))
    assert again == cost
    assert hash(again) == hash(cost)
    assert str(again) == str(cost)
    assert pickle.loads(pickle.dumps(cost)) == cost


@given(st.lists(st.sampled_from(FIXED_BODIES), max_size=8), st.randoms())
def test_symbol_order_doesnt_matter(bodies: list, random) -> None:
    text = "".join("{" + b + "}" for b in bodies)
    shuffled = bodies[:]
    random.shuffle(shuffled)
    other = "".join("{" + b + "}" for b in shuffled)
    assert _core.ManaCost(text or "{0}") == _core.ManaCost(other or "{0}")


@given(big_costs, st.integers(0, 1000))
def test_x_counts_only_on_the_stack(text: str, x: int) -> None:
    # 202.3e
    cost = _core.ManaCost(text)
    assert cost.mana_value(on_stack=True, x=x) == cost.mana_value() + x * cost.count("{X}")


@given(cost_texts(), st.lists(st.integers(0, 5), max_size=3), big_resources)
def test_affinity_and_convoke_leave_the_mana_value_alone(
    text: str, affinity: list, res: dict
) -> None:
    # 702.41a reduces the total cost only; R eff70b01: convoke doesn't change
    # a spell's mana cost or mana value.
    cost = _core.ManaCost(text)
    before = cost.mana_value()
    total = _core.total_cost(cost, affinity=affinity)
    _core.find_payment(total, **{**res, "convoke": True})
    assert cost.mana_value() == before == ref.mana_value(ref.parse(text))
    if not total.unpayable:
        # Affinity reduces generic mana only (R5ed85825).
        plain = _core.total_cost(cost)
        reduced_symbols = dict(total.cost.symbols)
        for symbol, count in plain.cost.symbols:
            if symbol not in ("{1}",) and not symbol.startswith("{2/"):
                assert reduced_symbols.get(symbol) == count


@given(cost_texts(), modifiers(small=False), st.randoms())
def test_reductions_all_apply_in_any_order(text: str, kwargs: dict, random) -> None:
    # 601.2f: all reductions apply, in any order.
    total = _core.total_cost(text, **kwargs)
    shuffled = dict(kwargs, reductions=kwargs["reductions"][:], affinity=kwargs["affinity"][:])
    random.shuffle(shuffled["reductions"])
    random.shuffle(shuffled["affinity"])
    assert _core.total_cost(text, **shuffled) == total
    # Affinity is a generic reduction; several instances add up (702.41b).
    merged = dict(kwargs, affinity=[], reductions=[*kwargs["reductions"], sum(kwargs["affinity"])])
    assert _core.total_cost(text, **merged) == total


@given(cost_texts(), st.integers(0, 30))
def test_x_is_generic_mana_once_fixed(text: str, x: int) -> None:
    # 107.3a, 107.4b
    cost = _core.ManaCost(text)
    assume(not cost.is_none)
    fixed = text.replace("{X}", "{" + str(x) + "}")
    assert _core.total_cost(cost, x=x) == _core.total_cost(fixed)


@given(cost_texts(), modifiers(), big_resources, st.sampled_from(["reductions", "affinity"]))
def test_a_reduction_never_hurts(text: str, kwargs: dict, res: dict, kind: str) -> None:
    before = _core.can_pay(_core.total_cost(text, **kwargs), **res)
    more = dict(kwargs)
    more[kind] = [*kwargs[kind], "{W}" if kind == "reductions" else 1]
    after = _core.can_pay(_core.total_cost(text, **more), **res)
    assert after or not before


@given(big_costs, modifiers(), big_resources)
def test_a_returned_payment_pays_the_cost(text: str, kwargs: dict, res: dict) -> None:
    total = _core.total_cost(text, **kwargs)
    result = _core.find_payment(total, **res)
    assert bool(result) == _core.can_pay(total, **res)
    if not result:
        assert result.payment is None
        return
    note(f"{total}: {result.payment}")
    assert _reference_check(total, result.payment, res) is None
    _core.check_payment(total, result.payment, **res)
    # Nothing is paid twice: the parts add up to the resources spent.
    spent = sum(result.payment.mana.values())
    assert spent == sum(
        n for s, _, _, n in result.payment.parts if s.startswith(("mana:", "snow:"))
    )
    assert result.payment.life == 2 * sum(n for s, *_, n in result.payment.parts if s == "life")


@given(big_costs, modifiers(), big_resources, st.sampled_from(list("WUBRGC")), st.booleans())
def test_more_resources_never_hurt(
    text: str, kwargs: dict, res: dict, mana: str, snow: bool
) -> None:
    total = _core.total_cost(text, **kwargs)
    before = _core.can_pay(total, **res)
    richer = dict(res, pool=dict(res["pool"]), snow=dict(res["snow"]))
    richer["pool"][mana] += 1
    if snow:
        richer["snow"][mana] += 1
    richer["convokers"] = [*res["convokers"], "WG"]
    richer["life"] = res["life"] + 2
    assert _core.can_pay(total, **richer) or not before


@given(big_costs, modifiers(), big_resources)
def test_a_shortfall_is_made_up_by_that_much_mana(text: str, kwargs: dict, res: dict) -> None:
    total = _core.total_cost(text, **kwargs)
    result = _core.find_payment(total, **res)
    if result:
        assert result.shortfall is None
        return
    shortfall = result.shortfall
    if shortfall.unpayable:
        assert total.unpayable
        assert shortfall.rule == "118.6"
        return
    assert shortfall.missing == sum(n for _, n in shortfall.unpaid) > 0
    # Each unpaid unit can be paid by one more mana of the right type from a
    # snow source, and no fewer units could do (the shortfall is a minimum).
    extra = shortfall.missing
    richer = dict(res)
    richer["pool"] = {t: n + extra for t, n in res["pool"].items()}
    richer["snow"] = {t: n + extra for t, n in res["snow"].items()}
    assert _core.can_pay(total, **richer)
    if extra > 0:
        note(f"{total}: {shortfall}")


@given(cost_texts(max_symbols=4, max_generic=3), modifiers(), resources(max_mana=2))
def test_enumerated_payments_are_legal_and_distinct(text: str, kwargs: dict, res: dict) -> None:
    total = _core.total_cost(text, **kwargs)
    limit = 60
    payments = _core.enumerate_payments(total, limit=limit, **res)
    assert len(payments) <= limit
    assert bool(payments) == _core.can_pay(total, **res)
    keys = [tuple(p.parts) for p in payments]
    assert len(set(keys)) == len(keys)
    for payment in payments:
        _core.check_payment(total, payment, **res)
        assert _reference_check(total, payment, res) is None
    found = _core.find_payment(total, **res)
    if found and len(payments) < limit:
        assert tuple(found.payment.parts) in set(keys)


@pytest.mark.parametrize(
    "call",
    [
        lambda: _core.ManaCost("{X}").mana_value(on_stack=True, x=-1),
        lambda: _core.total_cost("{X}", x=-1),
        lambda: _core.find_payment("{1}", pool="WQ"),
        lambda: _core.find_payment("{1}", pool="W", snow="WW"),
        lambda: _core.find_payment("{1}", convokers=["WW"], convoke=True),
        lambda: _core.find_payment("{1}", pool=[1, 2]),
        lambda: _core.total_cost("{1}", reductions=["{W/U}"]),
        lambda: _core.total_cost("{1}", reductions=[-1]),
        lambda: _core.mana_value_of_split("{R}", "{G}", cast="both"),
        lambda: _core.check_payment("{1}", [("mana:Q", "{1}", "generic", 1)], pool="W"),
        lambda: _core.check_payment("{1}", [("mana:W", "{2}", "generic", 1)], pool="W"),
        lambda: _core.find_payment("{2/W}{2/U}{2/B}{2/R}{2/G}" * 5),
    ],
)
def test_bad_input_raises_invalid_input(call) -> None:
    with pytest.raises(InvalidInputError):
        call()
