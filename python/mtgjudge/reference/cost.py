"""A plain pure-Python model of mana costs and paying them, written from the
Comprehensive Rules (effective 2026-01-16): 107.3, 107.4, 118.3, 118.6, 118.7,
119.4, 202, 601.2b, 601.2f–h, 702.41, 702.51, 702.66, 702.126 and 709.

It exists to be compared with the Rust kernel (``mtgjudge._core``), so it
follows the same conventions where the rules leave room (the printing order,
the error offsets, the counters' limit), but it computes everything the
straightforward way:

- The total cost is worked out literally: the player announces a half for
  every hybrid and Phyrexian symbol (601.2b), then every reduction is
  applied to that announced cost as 118.7 says. :func:`total_costs` returns
  the set of every total cost some announcement gives.
- A total cost is payable if some announced total cost can be paid; that is
  decided by trying every assignment of resources to colored, colorless and
  snow requirements, one mana at a time (generic mana can then be paid by
  any resource that is left).
- Payments are enumerated by trying every way to pay every symbol.

It is slow, and meant for small inputs.

Conventions shared with the kernel:

- A cost is printed with its symbols in this order: ``{X}``, the generic
  number, ``{C}``, ``{S}``, ``{W}{U}{B}{R}{G}``, the ten hybrid symbols in the
  order 107.4 lists them, ``{2/W}``..``{2/G}``, ``{C/W}``..``{C/G}``,
  ``{W/P}``..``{G/P}``, then the hybrid Phyrexian symbols in the order of the
  pairs. ``{0}`` is printed for a cost without symbols, nothing for no mana
  cost (202.1b).
- A malformed cost is reported at the first character that can't continue a
  symbol of 107.4 (the text is read symbol by symbol). A number above
  4294967295 is reported at its first digit, and a cost whose generic mana
  (or count of one kind of symbol) would pass 4294967295 at the ``{`` of the
  symbol that makes it do so.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass, field

from mtgjudge.errors import InvalidInputError, ManaCostSyntaxError

COLORS = "WUBRG"
MANA_TYPES = "WUBRGC"
#: The hybrid pairs, as 107.4 writes them.
HYBRID_PAIRS = ("WU", "WB", "UB", "UR", "BR", "BG", "RG", "RW", "GW", "GU")
#: The largest count the kernel keeps (2^32 - 1).
LIMIT = 2**32 - 1

#: Every symbol of 107.4 except the numerical ones, as written between the
#: braces, in printing order.
SYMBOLS = (
    ["X", "C", "S"]
    + list(COLORS)
    + [f"{a}/{b}" for a, b in HYBRID_PAIRS]
    + [f"2/{c}" for c in COLORS]
    + [f"C/{c}" for c in COLORS]
    + [f"{c}/P" for c in COLORS]
    + [f"{a}/{b}/P" for a, b in HYBRID_PAIRS]
)
#: Generic mana is printed between {X} and {C}.
_ORDER = {symbol: index for index, symbol in enumerate(SYMBOLS)}

_NUMBER_PREFIX = re.compile(r"(0\}?|[1-9][0-9]*\}?)")


@dataclass
class Cost:
    """A mana cost: the amount of generic mana, and how many of each other
    symbol (written as between the braces: ``"W"``, ``"2/W"``, ``"X"`` ...).
    ``none`` means no mana cost at all (202.1b)."""

    generic: int = 0
    symbols: Counter = field(default_factory=Counter)
    none: bool = False

    def count(self, symbol: str) -> int:
        return self.symbols[symbol]


NO_MANA_COST = Cost(none=True)


# Parsing and printing (107.4).


def _is_symbol_prefix(text: str) -> bool:
    """Whether ``text`` can begin ``body}`` for some symbol of 107.4."""
    if _NUMBER_PREFIX.fullmatch(text):
        return True
    return any((body + "}").startswith(text) for body in SYMBOLS)


def parse(text: str) -> Cost:
    """Reads a cost as printed. The empty string is no mana cost."""
    if text == "":
        return NO_MANA_COST
    cost = Cost()
    i = 0
    while i < len(text):
        if text[i] != "{":
            raise ManaCostSyntaxError(f"expected '{{' at character {i}", i, "'{'")
        start = i
        # The longest piece after "{" that could still become "body}".
        end = i + 1
        while end < len(text) and _is_symbol_prefix(text[i + 1 : end + 1]):
            end += 1
            if text[end - 1] == "}":
                break
        body_and_brace = text[i + 1 : end]
        if not body_and_brace.endswith("}"):
            raise ManaCostSyntaxError(
                f"not a mana symbol of 107.4 at character {end}", end, "a mana symbol"
            )
        body = body_and_brace[:-1]
        i = end
        if body[0].isdigit() and "/" not in body:
            value = int(body)
            if value > LIMIT:
                raise ManaCostSyntaxError("number too large", start + 1, "a smaller number")
            cost.generic += value
            if cost.generic > LIMIT:
                raise ManaCostSyntaxError("too much generic mana", start, "less mana")
        else:
            cost.symbols[body] += 1
            if cost.symbols[body] > LIMIT:
                raise ManaCostSyntaxError("too many symbols", start, "fewer symbols")
    return cost


def format_cost(cost: Cost) -> str:
    """The cost as printed, in the canonical order."""
    if cost.none:
        return ""
    pieces = ["{X}"] * cost.symbols["X"]
    if cost.generic:
        pieces.append("{" + str(cost.generic) + "}")
    for symbol in sorted(cost.symbols, key=lambda s: _ORDER[s]):
        if symbol != "X":
            pieces += ["{" + symbol + "}"] * cost.symbols[symbol]
    return "".join(pieces) or "{0}"


def add_costs(*costs: Cost) -> Cost:
    """Every symbol of every cost (709.4b, 601.2f)."""
    total = Cost(none=all(c.none for c in costs))
    for c in costs:
        total.generic += c.generic
        total.symbols.update(c.symbols)
    return total


# Mana value (202.3) and colours (202.2).


def mana_value(cost: Cost, on_stack: bool = False, x: int = 0) -> int:
    """202.3: the total amount of mana in the mana cost."""
    if x < 0:
        raise InvalidInputError("X can't be negative (107.1b)")
    value = cost.generic  # no mana cost counts 0 (202.3a)
    for symbol, n in cost.symbols.items():
        if symbol == "X":
            value += n * (x if on_stack else 0)  # 202.3e
        elif symbol.startswith("2/"):
            value += 2 * n  # 202.3f: the largest component
        else:
            value += n  # colored, colorless, snow, hybrid, Phyrexian (202.3g)
    return value


def split_mana_value(left: Cost, right: Cost, cast: str | None = None, x: int = 0) -> int:
    """202.3d, 709.4b: both halves off the stack; on the stack the half cast
    (``"left"`` or ``"right"``), or both if fused (702.102b)."""
    if x < 0:
        raise InvalidInputError("X can't be negative (107.1b)")
    if cast is None:
        return mana_value(left) + mana_value(right)
    if cast == "left":
        return mana_value(left, True, x)
    if cast == "right":
        return mana_value(right, True, x)
    return mana_value(left, True, x) + mana_value(right, True, x)


def colors(cost: Cost) -> str:
    """202.2: the colours of the mana symbols."""
    found = {c for symbol in cost.symbols for c in symbol if c in COLORS}
    return "".join(c for c in COLORS if c in found)


# The total cost (601.2f, 118.7).


@dataclass(frozen=True)
class Announced:
    """A total cost once every hybrid and Phyrexian choice is announced:
    generic mana, mana of each type (W, U, B, R, G, C), snow mana, and how
    many Phyrexian symbols are paid with 2 life."""

    generic: int
    mana: tuple  # six counts, W U B R G C
    snow: int
    life_symbols: int

    def total_mana(self) -> int:
        return self.generic + sum(self.mana) + self.snow

    def at_most(self, other: Announced) -> bool:
        """Whether every payment of ``other`` also pays this (a sufficient
        test): no more of any type, snow or life, and no more mana in all."""
        return (
            all(a <= b for a, b in zip(self.mana, other.mana))
            and self.snow <= other.snow
            and self.life_symbols <= other.life_symbols
            and self.total_mana() <= other.total_mana()
        )


def reduction_amounts(cost: Cost) -> tuple:
    """A reduction written as mana symbols, as (generic, six per-type
    amounts) (118.7a–g)."""
    generic = cost.generic
    mana = dict.fromkeys(MANA_TYPES, 0)
    for symbol, n in cost.symbols.items():
        if symbol == "S":
            generic += n  # 118.7g
        elif symbol in MANA_TYPES:
            mana[symbol] += n
        elif len(symbol) == 3 and symbol.endswith("/P"):
            mana[symbol[0]] += n  # 118.7f
        else:
            raise InvalidInputError(f"a reduction by {{{symbol}}} needs a chosen half (118.7e)")
    return generic, tuple(mana[t] for t in MANA_TYPES)


def _halves(symbol: str) -> list:
    """How a symbol can be announced (601.2b, 107.4e, 107.4f)."""
    if symbol in COLORS or symbol == "C":
        return [symbol]
    if symbol == "S":
        return ["S"]
    parts = symbol.split("/")
    if parts[0] == "2":
        return [parts[1], "2"]
    if parts[-1] == "P":
        return [*parts[:-1], "life"]
    return parts  # a hybrid pair, or C/c


def announce(cost: Cost, generic_reduction: int = 0, reduction: tuple = (0,) * 6) -> set:
    """Every announced cost of ``cost`` (which has no X), reduced as 118.7
    says by ``generic_reduction`` and the per-type ``reduction``."""
    choices = []
    for symbol, n in sorted(cost.symbols.items()):
        if symbol == "X":
            raise InvalidInputError("X must be fixed first")
        halves = _halves(symbol)
        # Only how many symbols get each half matters.
        choices.append(list(itertools.combinations_with_replacement(halves, n)))
    results = set()
    for announcement in itertools.product(*choices):
        generic = cost.generic
        mana = dict.fromkeys(MANA_TYPES, 0)
        snow = life = 0
        for half in itertools.chain.from_iterable(announcement):
            if half == "2":
                generic += 2
            elif half == "life":
                life += 1
            elif half == "S":
                snow += 1
            else:
                mana[half] += 1
        generic_off = generic_reduction
        for t, amount in zip(MANA_TYPES, reduction):
            used = min(amount, mana[t])  # 118.7c, 118.7d: its own type first
            mana[t] -= used
            generic_off += amount - used  # 118.7b-d: the rest from generic
        generic = max(0, generic - generic_off)  # 118.7a; never below {0}
        results.add(Announced(generic, tuple(mana[t] for t in MANA_TYPES), snow, life))
    return results


def total_costs(
    mana_cost: Cost,
    x: int = 0,
    alternative: Cost | None = None,
    additional: tuple = (),
    increases: tuple = (),
    reductions: tuple = (),
    affinity: tuple = (),
) -> set | None:
    """601.2f: every total cost the player can end up with (one per
    announcement), or ``None`` if the cost is unpayable (118.6)."""
    if x < 0:
        raise InvalidInputError("X can't be negative (107.1b)")
    base = alternative if alternative is not None else mana_cost
    if base.none:
        return None  # 118.6, 118.6a
    cost = add_costs(base, *additional, *increases)
    cost.none = False
    # 107.3a: X is the announced value.
    cost.generic += x * cost.symbols.pop("X", 0)
    generic_reduction = sum(affinity)  # 702.41a, 702.41b
    per_type = [0] * 6
    for r in reductions:
        g, mana = reduction_amounts(r)
        generic_reduction += g
        per_type = [a + b for a, b in zip(per_type, mana)]
    return announce(cost, generic_reduction, tuple(per_type))


# Paying (601.2g-h).


@dataclass
class Resources:
    """What the caster can pay with. ``pool`` and ``snow`` map mana types
    ("W" ... "C") to counts; ``snow`` is the part of the pool a snow source
    produced. ``creatures`` lists the colours of each untapped creature."""

    pool: dict = field(default_factory=dict)
    snow: dict = field(default_factory=dict)
    life: int = 0
    creatures: tuple = ()
    artifacts: int = 0
    graveyard: int = 0
    convoke: bool = False
    improvise: bool = False
    delve: bool = False

    def units(self) -> Counter:
        """The resources, each a tuple naming its kind."""
        units = Counter()
        for t in MANA_TYPES:
            snow = self.snow.get(t, 0)
            units[f"mana:{t}"] += self.pool.get(t, 0) - snow
            units[f"snow:{t}"] += snow
        if self.convoke:  # 702.51a
            for creature in self.creatures:
                units[_creature(creature)] += 1
        if self.improvise:  # 702.126a
            units["artifact"] += self.artifacts
        if self.delve:  # 702.66a
            units["card"] += self.graveyard
        return +units


def _creature(colors_of_it: str) -> str:
    ordered = "".join(c for c in COLORS if c in colors_of_it)
    return f"creature:{ordered}" if ordered else "creature"


def can_pay_as(unit: str, need: str) -> bool:
    """Whether one resource can pay one mana of a kind: a color letter, "C"
    (colorless mana only, 107.4c), "S" (snow mana, 107.4h) or "generic"."""
    kind, _, detail = unit.partition(":")
    if kind == "life":
        return False  # life pays only Phyrexian symbols (107.4f)
    if need == "generic":
        return True  # 107.4b, 702.51a, 702.126a, 702.66a
    if kind in ("mana", "snow"):
        if need == "S":
            return kind == "snow"
        return detail == need  # 107.4a, 107.4c
    if kind == "creature":
        return need in COLORS and need in detail  # 702.51a
    return False


def payable(announced: Announced, resources: Resources) -> bool:
    """Whether an announced total cost can be paid, by trying every
    assignment of resources to its colored, colorless and snow mana."""
    if announced.life_symbols and 2 * announced.life_symbols > resources.life:
        return False  # 119.4
    needs = ["S"] * announced.snow
    for t, n in zip(MANA_TYPES, announced.mana):
        needs += [t] * n
    units = resources.units()
    seen = set()

    def assign(k: int) -> bool:
        if k == len(needs):
            return sum(units.values()) >= announced.generic
        key = (k, tuple(sorted(units.items())))
        if key in seen:
            return False
        seen.add(key)
        for unit in list(units):
            if units[unit] and can_pay_as(unit, needs[k]):
                units[unit] -= 1
                ok = assign(k + 1)
                units[unit] += 1
                if ok:
                    return True
        return False

    return assign(0)


def can_pay(mana_cost: Cost, resources: Resources, **modifiers) -> bool:
    """601.2h: some announcement gives a total cost the resources pay."""
    totals = total_costs(mana_cost, **modifiers)
    if totals is None:
        return False
    return any(payable(a, resources) for a in totals)


# Distinct payments of a total cost without reductions.


def _ways(symbol: str, units: Counter) -> list:
    """The ways to pay one symbol: tuples of (resource, mode) entries."""
    if symbol == "1":
        return [((u, ""),) for u in units if can_pay_as(u, "generic")]
    if symbol.startswith("2/"):
        color = symbol[2]
        ways = [((u, "color"),) for u in units if can_pay_as(u, color)]
        generic = [u for u in units if can_pay_as(u, "generic")]
        ways += [
            ((a, "generic"), (b, "generic"))
            for a, b in itertools.combinations_with_replacement(generic, 2)
        ]
        return ways
    ways = []
    for half in _halves(symbol):
        if half == "life":
            ways.append((("life", ""),))
        else:
            ways += [((u, ""),) for u in units if can_pay_as(u, half)]
    return list(dict.fromkeys(ways))  # a creature of both colours once


def payments(cost: Cost, resources: Resources) -> set:
    """Every distinct payment of a total cost (no X, no reductions): each is
    a frozenset of ((resource, symbol, mode), count) items, where the
    resource is written like ``mana:W``, ``snow:W``, ``creature:GW``,
    ``artifact``, ``card`` or ``life``, the symbol like ``{W/U}`` (``{1}`` for
    one generic mana), and the mode tells a ``{2/C}`` paid with its colour
    (``color``) from one paid as ``{2}`` (``generic``, one entry per mana)."""
    if cost.none:
        return set()
    units = resources.units()
    if resources.life >= 2:
        units["life"] = resources.life // 2  # 119.4: 2 life per symbol
    instances = ["1"] * cost.generic
    for symbol in sorted(cost.symbols):
        instances += [symbol] * cost.symbols[symbol]
    found = set()

    def pay(k: int, previous: int, chosen: list) -> None:
        if k == len(instances):
            found.add(frozenset(Counter(chosen).items()))
            return
        symbol = instances[k]
        ways = _ways(symbol, units)
        # Identical symbols take their ways in order, so each multiset once.
        start = previous if k > 0 and instances[k - 1] == symbol else 0
        for index in range(start, len(ways)):
            way = ways[index]
            needed = Counter(unit for unit, _ in way)
            if any(units[u] < n for u, n in needed.items()):
                continue
            units.subtract(needed)
            label = "{" + symbol + "}"
            pay(k + 1, index, chosen + [(u, label, mode) for u, mode in way])
            units.update(needed)

    pay(0, 0, [])
    return found


# Checking a payment.


def check_payment(
    cost: Cost,
    pending: tuple,
    resources: Resources,
    parts: list,
) -> str | None:
    """Checks a payment of a total cost whose reductions ``pending``
    (generic, six per-type amounts) are still to apply. ``parts`` are
    ``(resource, symbol, paid_as, count)`` tuples as the kernel writes them,
    with resources ``reduction:T`` / ``reduction:generic`` for the pending
    reductions. Returns ``None`` if it is a legal payment, else the reason.

    The announcement is read from the parts (601.2b); the reductions are
    applied to the announced cost as 118.7 says; what is left must be paid
    exactly by the resources, each of which can pay what it pays."""
    if cost.none:
        return "unpayable (118.6)"
    announced = Counter()  # per paid_as: W, U, B, R, G, C, generic, snow, life
    by_resources = Counter()
    symbols_paid = Counter()
    two_generic = Counter()
    used = Counter()
    for unit, symbol, paid_as, n in parts:
        body = symbol[1:-1]
        if body == "1":
            allowed = ["generic"]
        elif body.startswith("2/"):
            allowed = [body[2], "generic"]
        else:
            allowed = ["generic" if h == "2" else h for h in _halves(body)]
            allowed = ["snow" if h == "S" else h for h in allowed]
        if paid_as not in allowed:
            return f"{symbol} can't be paid as {paid_as}"
        announced[paid_as] += n
        used[unit] += n
        if body.startswith("2/") and paid_as == "generic":
            two_generic[body] += n
        else:
            symbols_paid[body] += n
        if unit.startswith("reduction:"):
            if paid_as not in ("generic", *MANA_TYPES):
                return f"{unit} can't pay {symbol}"
            kind = unit.partition(":")[2]
            if kind != "generic" and paid_as not in (kind, "generic"):
                return f"{unit} can't pay {symbol} as {paid_as}"
            if kind == "generic" and paid_as != "generic":
                return f"{unit} can't pay {symbol} as {paid_as}"
            continue
        by_resources[paid_as] += n
        need = {"snow": "S", "life": None}.get(paid_as, paid_as)
        if unit == "life":
            if paid_as != "life":
                return "life pays only Phyrexian mana"
        elif need is None or not can_pay_as(unit, need):
            return f"{unit} can't pay {symbol} as {paid_as}"
    # Every symbol exactly once.
    expected = Counter({"1": cost.generic, **cost.symbols})
    for body, n in two_generic.items():
        if n % 2:
            return f"{{{body}}} paid as {{2}} needs two mana"
        symbols_paid[body] += n // 2
    if +symbols_paid != +expected:
        return f"symbols paid {dict(symbols_paid)} != {dict(expected)}"
    # Resources available (118.3, 119.4).
    available = resources.units()
    for unit, n in used.items():
        if unit == "life":
            if 2 * n > resources.life:
                return "not enough life (119.4)"
        elif unit.startswith("reduction:"):
            kind = unit.partition(":")[2]
            have = pending[0] if kind == "generic" else pending[1 + MANA_TYPES.index(kind)]
            if n > have:
                return f"more {unit} than pending"
        elif n > available[unit]:
            return f"not enough {unit}"
    # 118.7: the pending reductions applied to the announced cost.
    generic_off = pending[0]
    for t, amount in zip(MANA_TYPES, pending[1:]):
        left = max(0, announced[t] - amount)
        generic_off += amount - (announced[t] - left)
        if by_resources[t] != left:
            return f"{t} paid by resources: {by_resources[t]}, 118.7 leaves {left}"
    left = max(0, announced["generic"] - generic_off)
    if by_resources["generic"] != left:
        return f"generic paid by resources: {by_resources['generic']}, 118.7 leaves {left}"
    return None
