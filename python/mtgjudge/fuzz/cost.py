"""Fuzz targets for costs (107, 118, 202.3, 601.2f-h, 702.41, 702.51 ...):
the engine against the reference model (``mtgjudge.reference.cost``), and
the invariants: a payment returned pays exactly the total cost, and convoke
and affinity never change a mana value."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from typing import Any

from hypothesis import strategies as st

from mtgjudge.format.writer import ruling_toml
from mtgjudge.fuzz.runner import Falsified, Target
from mtgjudge.reference import cost as ref
from mtgjudge.testing import strategies as mst

# ----- the same inputs for the reference -----


def reference_modifiers(kwargs: dict[str, Any]) -> dict[str, Any]:
    """``total_cost`` keyword arguments as the reference takes them (parsed)."""
    return {
        "x": kwargs["x"],
        "alternative": None if kwargs["alternative"] is None else ref.parse(kwargs["alternative"]),
        "additional": tuple(ref.parse(t) for t in kwargs["additional"]),
        "increases": tuple(ref.parse(t) for t in kwargs["increases"]),
        "reductions": tuple(ref.parse(t) for t in kwargs["reductions"]),
        "affinity": tuple(kwargs["affinity"]),
    }


def reference_resources(kwargs: dict[str, Any]) -> ref.Resources:
    """Payment resources as the reference takes them."""
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
    """A total cost's pending reductions as (generic, six per-type amounts)."""
    if total.pending is None:
        return (0, (0,) * 6)
    return ref.reduction_amounts(ref.parse(total.pending))


def _reference_check(total: Any, payment: Any, res: dict[str, Any]) -> str | None:
    generic, per_type = pending_amounts(total)
    return ref.check_payment(
        ref.parse(str(total.cost)), (generic, *per_type), reference_resources(res), payment.parts
    )


# ----- the examples -----


@st.composite
def cost_examples(draw: st.DrawFn) -> dict[str, Any]:
    """A mana cost, what changes its total cost, and what the caster has."""
    return {
        "cost": draw(mst.costs()),
        "modifiers": draw(mst.cost_modifiers()),
        "resources": draw(mst.payment_resources()),
    }


@st.composite
def small_cost_examples(draw: st.DrawFn) -> dict[str, Any]:
    """Small enough for the reference to list every payment."""
    return {
        "cost": draw(mst.costs(max_symbols=3, max_generic=2, bodies=mst.FIXED_BODIES)),
        "resources": draw(mst.payment_resources(max_mana=2, max_creatures=3)),
    }


# ----- the properties -----


def check_differential(example: dict[str, Any], engine: Any) -> None:
    """Parsing and printing, mana value, total cost, payability and the
    payment found agree with the reference."""
    text, kwargs, res = example["cost"], example["modifiers"], example["resources"]
    cost, parsed = engine.ManaCost(text), ref.parse(text)
    if str(cost) != ref.format_cost(parsed):
        raise Falsified(f"{text!r} prints as {str(cost)!r}; reference {ref.format_cost(parsed)!r}")
    x = kwargs["x"]
    values = (cost.mana_value(), cost.mana_value(on_stack=True, x=x))
    expected = (ref.mana_value(parsed), ref.mana_value(parsed, True, x))
    if values != expected:
        raise Falsified(
            f"mana value of {text} (off the stack, on it with X={x}): {values}; reference {expected}"
        )
    total = engine.total_cost(text, **kwargs)
    reference = ref.total_costs(parsed, **reference_modifiers(kwargs))
    if total.unpayable != (reference is None):
        raise Falsified(
            f"total cost of {text} with {kwargs}: unpayable {total.unpayable}; reference {reference is None}"
        )
    if reference is not None:
        generic, per_type = pending_amounts(total)
        announced = ref.announce(ref.parse(str(total.cost)), generic, per_type)
        if not announced <= reference or not all(
            any(k.at_most(c) for k in announced) for c in reference
        ):
            raise Falsified(
                f"total cost of {text} with {kwargs}: {total.cost} (pending {total.pending}) "
                f"doesn't give the announced total costs {sorted(map(str, reference))}"
            )
    payable = ref.can_pay(parsed, reference_resources(res), **reference_modifiers(kwargs))
    if engine.can_pay(total, **res) != payable:
        raise Falsified(f"{total.cost} with {res}: can_pay {not payable}; reference {payable}")
    result = engine.find_payment(total, **res)
    if bool(result.payable) != payable:
        raise Falsified(
            f"{total.cost} with {res}: find_payment payable {not payable}; reference {payable}"
        )
    if payable:
        problem = _reference_check(total, result.payment, res)
        if problem:
            raise Falsified(
                f"{total.cost} with {res}: the payment {result.payment.parts} is illegal: {problem}"
            )


def _identity(payment: Any) -> frozenset:
    items: Counter = Counter()
    for source, symbol, paid_as, count in payment.parts:
        mode = ""
        if symbol.startswith("{2/"):
            mode = "generic" if paid_as == "generic" else "color"
        items[(source, symbol, mode)] += count
    return frozenset(items.items())


def check_payments(example: dict[str, Any], engine: Any) -> None:
    """Without reductions, the engine lists exactly the reference's distinct payments."""
    text, res = example["cost"], example["resources"]
    limit = 300
    listed = engine.enumerate_payments(text, limit=limit, **res)
    reference = ref.payments(ref.parse(text), reference_resources(res))
    identities = [_identity(p) for p in listed]
    if len(set(identities)) != len(identities):
        raise Falsified(f"{text} with {res}: a payment is listed twice")
    if not set(identities) <= reference or len(listed) != min(limit, len(reference)):
        raise Falsified(
            f"{text} with {res}: {len(listed)} payments listed, the reference finds "
            f"{len(reference)} (extra: {len(set(identities) - reference)})"
        )


def check_payment_pays(example: dict[str, Any], engine: Any) -> None:
    """A payment returned always pays exactly the total cost (601.2h)."""
    text, kwargs, res = example["cost"], example["modifiers"], example["resources"]
    total = engine.total_cost(text, **kwargs)
    result = engine.find_payment(total, **res)
    if bool(result) != engine.can_pay(total, **res):
        raise Falsified(f"{total.cost} with {res}: find_payment and can_pay disagree")
    if not result:
        return
    payment = result.payment
    problem = _reference_check(total, payment, res)
    if problem:
        raise Falsified(
            f"{total.cost} with {res}: the payment {payment.parts} doesn't pay it: {problem}"
        )
    try:
        engine.check_payment(total, payment, **res)
    except Exception as error:
        raise Falsified(
            f"{total.cost}: the engine refuses its own payment {payment.parts}: {error}"
        ) from None
    spent = sum(payment.mana.values())
    parts = sum(n for s, _, _, n in payment.parts if s.startswith(("mana:", "snow:")))
    if spent != parts:
        raise Falsified(f"{total.cost}: {spent} mana spent, {parts} in the parts {payment.parts}")
    if payment.life != 2 * sum(n for s, *_, n in payment.parts if s == "life"):
        raise Falsified(f"{total.cost}: {payment.life} life paid for {payment.parts}")


def check_mana_value(example: dict[str, Any], engine: Any) -> None:
    """Convoke and affinity change what is paid, never the mana cost or
    the mana value (702.41a, 702.51b); affinity reduces generic mana only."""
    text, kwargs, res = example["cost"], example["modifiers"], example["resources"]
    cost = engine.ManaCost(text)
    before = cost.mana_value()
    total = engine.total_cost(cost, affinity=kwargs["affinity"])
    engine.find_payment(total, **{**res, "convoke": True})
    after = cost.mana_value()
    if before != after or after != ref.mana_value(ref.parse(text)):
        raise Falsified(f"{text}: mana value {before}, then {after} after affinity and convoke")
    if not total.unpayable:
        plain = dict(engine.total_cost(cost).cost.symbols)
        reduced = dict(total.cost.symbols)
        for symbol, count in plain.items():
            if symbol != "{1}" and not symbol.startswith("{2/") and reduced.get(symbol) != count:
                raise Falsified(
                    f"{text} with affinity {kwargs['affinity']}: {symbol} x{count} became "
                    f"x{reduced.get(symbol, 0)}; affinity reduces generic mana only"
                )


# ----- reproducers -----

_LETTERS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def cost_ruling(example: dict[str, Any], name: str) -> tuple[dict[str, Any], list[str]]:
    """Alice casts an instant with this cost. Returns the ruling and what the
    ruling can't say (snow mana, for one)."""
    text = example["cost"]
    kwargs = example.get("modifiers") or {
        "x": 0,
        "alternative": None,
        "additional": [],
        "increases": [],
        "reductions": [],
        "affinity": [],
    }
    res = example["resources"]
    lost: list[str] = []
    pool = "".join(f"{{{t}}}" * n for t, n in res["pool"].items())
    if any(res["snow"].values()):
        lost.append(f"snow mana {res['snow']} (a ruling's mana pool has no snow mana)")
    keywords = [k for k in ("convoke", "improvise", "delve") if res[k]]
    spell: dict[str, Any] = {"owner": "Alice", "types": ["instant"], "mana_cost": text}
    if keywords:
        spell["keywords"] = keywords
    battlefield: dict[str, Any] = {}
    for i, colors in enumerate(res["convokers"]):
        battlefield[f"convoker{i}"] = {
            "controller": "Alice",
            "power": 1,
            "toughness": 1,
            "colors": [_LETTERS[c] for c in colors],
        }
    for i in range(res["artifacts"]):
        battlefield[f"artifact{i}"] = {"controller": "Alice", "types": ["artifact"]}
    graveyard = {
        f"card{i}": {"owner": "Alice", "types": ["sorcery"]} for i in range(res["graveyard"])
    }
    modifiers = [{"increase": c} for c in kwargs["increases"]]
    modifiers += [{"reduce": c} for c in kwargs["reductions"]]
    if modifiers:
        battlefield["modifier"] = {
            "controller": "Alice",
            "types": ["enchantment"],
            "cost_modifiers": modifiers,
        }
    qualities = ["land", "battle"]
    if kwargs["affinity"]:
        spell["affinity"] = [{"types": [qualities[i]]} for i in range(len(kwargs["affinity"]))]
        for i, count in enumerate(kwargs["affinity"]):
            for j in range(count):
                battlefield[f"{qualities[i]}{j}"] = {"controller": "Alice", "types": [qualities[i]]}
    cast: dict[str, Any] = {"card": "spell", "player": "Alice"}
    if kwargs["x"]:
        cast["x"] = kwargs["x"]
    if kwargs["alternative"] is not None:
        cast["alternative_cost"] = kwargs["alternative"]
    if kwargs["additional"]:
        cast["additional_costs"] = list(kwargs["additional"])
    parsed = ref.parse(text)
    payable = ref.can_pay(parsed, reference_resources(res), **reference_modifiers(kwargs))
    if payable:
        expect: dict[str, Any] = {
            "zone": {"spell": "stack"},
            "mana_value": {"spell": ref.mana_value(parsed, True, kwargs["x"])},
        }
    else:
        unpayable = ref.total_costs(parsed, **reference_modifiers(kwargs)) is None
        expect = {"error": {"fault": "payment", "rule": "118.6" if unpayable else "601.2h"}}
    setup: dict[str, Any] = {
        "players": [{"name": "Alice", "life": res["life"], "mana": pool or "{0}"}, "Bob"],
        "hand": {"spell": spell},
    }
    if battlefield:
        setup["battlefield"] = battlefield
    if graveyard:
        setup["graveyard"] = graveyard
    digest = hashlib.sha256(json.dumps(example, sort_keys=True).encode()).hexdigest()[:8]
    features = ["total_cost", "payment", "mana_value", *keywords]
    if kwargs["affinity"]:
        features.append("affinity")
    if kwargs["alternative"] is not None:
        features.append("alternative_costs")
    data = {
        "id": f"FUZZ-cost-{name}-{digest}",
        "text": "The player determines the total cost of the spell (601.2f) and pays it (601.2h).",
        "rules": ["601.2f", "601.2h"],
        "features": features,
        "source": {"rule": "601.2h"},
        "notes": "Found by mtgjudge fuzz. Whether the spell can be paid for, and its mana value, "
        "are what the reference model (mtgjudge.reference.cost) says; check them against the "
        "rules before adding this to the corpus.",
        "setup": setup,
        "probe": [
            {
                "id": "reproducer",
                "description": "Alice casts the spell mtgjudge fuzz shrank.",
                "actions": [{"cast": cast}],
                "expect": expect,
            }
        ],
    }
    return data, lost


def _reproducer(name: str):
    def make(example: Any, engine: Any, error: BaseException) -> str:
        from mtgjudge.fuzz.combat import verdict

        data, lost = cost_ruling(example, name)
        header = [f"mtgjudge fuzz, cost/{name}: {error}"]
        header += [f"Not in this ruling: {what}" for what in lost]
        header.append(verdict(data, engine))
        header.append(f"The example as plain data: {json.dumps(example, sort_keys=True)}")
        return ruling_toml(data, "\n".join(header))

    return make


def targets() -> list[Target]:
    return [
        Target(
            "cost/differential",
            "Mana costs, mana values, total costs, payability and payments agree with the reference.",
            cost_examples(),
            check_differential,
            _reproducer("differential"),
            examples=40,
        ),
        Target(
            "cost/payments",
            "Without reductions, the engine lists exactly the reference's distinct payments.",
            small_cost_examples(),
            check_payments,
            _reproducer("payments"),
            examples=25,
        ),
        Target(
            "cost/payment-pays",
            "A payment returned always pays exactly the total cost.",
            cost_examples(),
            check_payment_pays,
            _reproducer("payment-pays"),
            examples=40,
        ),
        Target(
            "cost/mana-value",
            "Convoke and affinity never change the mana value.",
            cost_examples(),
            check_mana_value,
            _reproducer("mana-value"),
            examples=60,
        ),
    ]
