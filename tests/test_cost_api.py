"""The cost API of ``mtgjudge._core`` on examples from the Comprehensive
Rules and official rulings, and how its errors reach Python."""

from __future__ import annotations

import pickle

import pytest

from mtgjudge import _core
from mtgjudge.errors import IllegalPaymentError, InvalidInputError, ManaCostSyntaxError


def test_mana_cost_basics() -> None:
    cost = _core.ManaCost("{R}{X}{1}{X}")
    assert str(cost) == "{X}{X}{1}{R}"
    assert repr(cost) == "ManaCost('{X}{X}{1}{R}')"
    assert cost == _core.parse_mana_cost("{X}{X}{1}{R}")
    assert cost.symbols == [("{X}", 2), ("{1}", 1), ("{R}", 1)]
    assert cost.count("{X}") == 2
    assert cost.generic == 1
    assert cost.colors == "R"
    assert str(cost + "{G}") == "{X}{X}{1}{R}{G}"
    # 202.1b: no mana cost is not {0}.
    assert _core.ManaCost("").is_none
    assert not _core.ManaCost("{0}").is_none
    assert _core.ManaCost("") != _core.ManaCost("{0}")
    assert pickle.loads(pickle.dumps(_core.ManaCost(""))).is_none


def test_mana_value_examples() -> None:
    # 202.3e: X is 0 off the stack.
    assert _core.ManaCost("{X}{X}{R}").mana_value() == 1
    assert _core.ManaCost("{X}{X}{R}").mana_value(on_stack=True, x=3) == 7
    # 202.3f, 202.3g
    assert _core.ManaCost("{2/W}{2/W}{2/W}").mana_value() == 6
    assert _core.ManaCost("{1}{B/P}{B/P}").mana_value() == 3
    # Rd9bc4e52: Assault // Battery has mana value 5 in the library ...
    assert _core.mana_value_of_split("{R}", "{3}{G}") == 5
    # R7a9df48b: ... and on the stack only the half being cast counts.
    assert _core.mana_value_of_split("{R}", "{3}{G}", cast="left") == 1
    assert _core.mana_value_of_split("{R}", "{3}{G}", cast="right") == 4
    # R50ddb36b: a fused split spell has both.
    assert _core.mana_value_of_split("{R}", "{3}{G}", cast="fused") == 5


def test_mana_value_of_faces() -> None:
    # The game model's entry point: the faces an object has where it is.
    assert _core.mana_value(["{R}", "{3}{G}"]) == 5  # 709.4b
    assert _core.mana_value(["{R}"], on_stack=True) == 1  # 709.3b
    assert _core.mana_value(["{R}", "{3}{G}"], on_stack=True) == 5  # 702.102b
    assert _core.mana_value(["{X}{R}"], on_stack=True, x=2) == 3
    assert _core.mana_value(["{X}{R}"], x=2) == 1
    assert _core.mana_value([None]) == _core.mana_value([""]) == 0  # 202.3a
    with pytest.raises(InvalidInputError):
        _core.mana_value([])


def test_mana_pool() -> None:
    pool = _core.ManaPool.parse("{R}{W}{R}")
    assert str(pool) == "{W}{R}{R}"
    assert pool.mana == {"W": 1, "R": 2} and pool.snow == {}
    assert pool == _core.ManaPool("WRR")
    assert _core.can_pay("{1}{R}", pool=pool)
    assert not _core.can_pay("{S}", pool=pool)
    assert _core.can_pay("{S}", pool=_core.ManaPool({"G": 1}, snow={"G": 1}))
    with pytest.raises(InvalidInputError):
        _core.ManaPool.parse("{W/U}")
    with pytest.raises(InvalidInputError):
        _core.ManaPool("G", snow="GG")


def test_total_cost_examples() -> None:
    # R4cd6bf23, 702.41b: each instance of affinity applies.
    assert str(_core.total_cost("{6}{U}", affinity=[2, 2])) == "{2}{U}"
    # R5ed85825: affinity can't reduce coloured mana.
    assert str(_core.total_cost("{2}{U}{U}", affinity=[5])) == "{U}{U}"
    # Re3a2c2a9: increases before reductions.
    assert str(_core.total_cost("{R}", increases=["{1}"], reductions=[2])) == "{R}"
    # 601.2f: never below {0}; every reduction applies.
    assert str(_core.total_cost("{2}", reductions=[5])) == "{0}"
    assert str(_core.total_cost("{5}{G}", reductions=[1, "{2}"])) == "{2}{G}"
    # 107.3a: X is fixed first.
    assert str(_core.total_cost("{X}{R}", x=3, reductions=[1])) == "{2}{R}"
    # 118.7b/c
    assert str(_core.total_cost("{1}{U}", reductions=["{W}"])) == "{U}"
    assert str(_core.total_cost("{2}{W}", reductions=["{W}{W}"])) == "{1}"
    # The alternative cost replaces the mana cost; additional costs add.
    total = _core.total_cost("{5}{R}", alternative="{R}", additional=["{1}{G}"])
    assert str(total) == "{1}{R}{G}"
    assert total.settled and total.pending is None
    # 118.6
    assert _core.total_cost("").unpayable
    assert str(_core.total_cost("", alternative="{0}")) == "{0}"
    # Pending: which of two hybrid symbols a {W} reduction takes is the
    # player's choice (601.2b), made by the payment search.
    pending = _core.total_cost("{W/U}{W/B}", reductions=["{W}"])
    assert not pending.settled
    assert pending.pending == "{W}"
    assert str(pending) == "{W/U}{W/B} less {W}"
    assert _core.can_pay(pending, pool="U") and _core.can_pay(pending, pool="B")


def test_payment_examples() -> None:
    # 107.4e: {W/U}{W/U} with one white and one blue mana.
    result = _core.find_payment("{W/U}{W/U}", pool="WU")
    assert result and result.payment.mana == {"W": 1, "U": 1}
    # {2/W} paid as two generic mana.
    result = _core.find_payment("{2/W}", pool="BB")
    assert result.payment.parts == [("mana:B", "{2/W}", "generic", 2)]
    # 107.4f: Phyrexian mana with life (119.4: not more than the life total).
    assert _core.find_payment("{W/P}{W/P}", life=4).payment.life == 4
    assert not _core.can_pay("{W/P}{W/P}", life=3)
    # R6efb9172: a multicoloured creature pays one mana of one of its colours.
    result = _core.find_payment("{1}{G}{W}", pool="G", convokers=["GW", "GW"], convoke=True)
    assert result.payment.creatures == {"WG": 2}
    assert ("creature:WG", "{W}", "W", 1) in result.payment.parts
    # R240b390f: no more creatures than the cost needs.
    result = _core.find_payment("{4}{W}", convokers=["W"] * 8, convoke=True)
    assert result.payment.creatures == {"W": 5}
    # 702.126a, 702.66a: generic mana only.
    assert (
        _core.find_payment("{2}{U}", pool="U", artifacts=2, improvise=True).payment.artifacts == 2
    )
    assert not _core.can_pay("{U}", artifacts=3, improvise=True)
    assert _core.find_payment("{2/U}", graveyard=2, delve=True).payment.graveyard == 2
    # 107.4h: snow mana for {S}; the pool may be a dict or six counts.
    assert not _core.can_pay("{S}", pool={"G": 1})
    assert _core.can_pay("{S}", pool=[0, 0, 0, 0, 1, 0], snow={"G": 1})
    # A structured shortfall.
    result = _core.find_payment("{1}{G}", pool="WW")
    assert not result
    assert result.shortfall.unpaid == [("{G}", 1)]
    assert result.shortfall.missing == 1
    assert str(result.shortfall) == "1 {G} unpaid"
    assert result.shortfall.rule == "601.2h"
    unpayable = _core.find_payment("", pool="WUBRG")
    assert unpayable.shortfall.unpayable and unpayable.shortfall.rule == "118.6"


def test_enumerate_payments() -> None:
    payments = _core.enumerate_payments("{2/W}", pool="WWB")
    assert [p.parts for p in payments] == [
        [("mana:W", "{2/W}", "W", 1)],
        [("mana:W", "{2/W}", "generic", 2)],
        [("mana:W", "{2/W}", "generic", 1), ("mana:B", "{2/W}", "generic", 1)],
    ]
    assert len(_core.enumerate_payments("{3}", pool="WUBRGC", limit=7)) == 7


def test_syntax_errors() -> None:
    with pytest.raises(ManaCostSyntaxError) as raised:
        _core.ManaCost("{2}{U/W}")
    error = raised.value
    assert isinstance(error, InvalidInputError) and isinstance(error, ValueError)
    assert error.offset == 6
    assert error.expected == "'B', 'R' or 'P'"
    assert "character 6" in str(error)
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.offset, copy.expected) == (6, error.expected)
    with pytest.raises(TypeError):
        _core.total_cost(3)


def test_check_payment_faults() -> None:
    _core.check_payment(
        "{1}{G}", [("mana:G", "{G}", "G", 1), ("mana:R", "{1}", "generic", 1)], pool="GR"
    )
    cases = [
        (
            [("mana:R", "{G}", "R", 1), ("mana:G", "{1}", "generic", 1)],
            {},
            "cant_pay_symbol",
            "202.1a",
        ),
        ([("mana:G", "{G}", "G", 1)], {}, "wrong_amount", "601.2h"),
        (
            [("mana:G", "{G}", "G", 1), ("mana:G", "{1}", "generic", 1)],
            {},
            "not_enough_mana",
            "118.3",
        ),
        (
            [("mana:G", "{G}", "G", 1), ("creature", "{1}", "generic", 1)],
            {"convokers": [""]},
            "no_convoke",
            "702.51a",
        ),
        (
            [("mana:G", "{G}", "G", 1), ("artifact", "{1}", "generic", 1)],
            {"artifacts": 1},
            "no_improvise",
            "702.126a",
        ),
    ]
    for parts, extra, fault, rule in cases:
        with pytest.raises(IllegalPaymentError) as raised:
            _core.check_payment("{1}{G}", parts, pool="GR", **extra)
        assert (raised.value.fault, raised.value.rule) == (fault, rule), parts
    with pytest.raises(IllegalPaymentError) as raised:
        _core.check_payment("{W/P}", [("life", "{W/P}", "life", 1)], life=1)
    assert (raised.value.fault, raised.value.rule) == ("not_enough_life", "119.4")
    with pytest.raises(IllegalPaymentError) as raised:
        _core.check_payment("", [])
    assert (raised.value.fault, raised.value.rule) == ("unpayable", "118.6")
    pending = _core.total_cost("{1}{W/U}{W/B}", reductions=["{W}"])
    out_of_order = [
        ("mana:W", "{W/B}", "W", 1),
        ("mana:W", "{W/U}", "W", 1),
        ("reduction:W", "{1}", "generic", 1),
    ]
    with pytest.raises(IllegalPaymentError) as raised:
        _core.check_payment(pending, out_of_order, pool="WW")
    assert (raised.value.fault, raised.value.rule) == ("reduction_order", "118.7c")
