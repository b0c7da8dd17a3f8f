"""Compares what an engine observed with what a probe expects.

One comparison serves every engine, ours included: lists of events are
matched as multisets, sets compared as sets, costs as costs, and an expected
refusal against the engine's refusal by fault and rule.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from mtgjudge.format.schema import (
    EVENT_EXPECTATIONS,
    SET_VALUED_EXPECTATIONS,
    UNORDERED_EXPECTATIONS,
)
from mtgjudge.protocol.faults import fits

#: Expectations written as mana symbols, compared as costs: the order of
#: the symbols doesn't matter, and generic mana is one number (107.4).
MANA_EXPECTATIONS = frozenset({"total_cost", "mana_pool"})

_SYMBOL = re.compile(r"\{([^{}]*)\}")


def mana_key(text: Any) -> Any:
    """A mana cost or amount of mana as a value that compares as a cost:
    ``{4}{G}{U}`` and ``{U}{2}{G}{2}`` are the same. Anything that isn't
    written in symbols compares as itself."""
    if not isinstance(text, str) or _SYMBOL.sub("", text).strip():
        return text
    generic = 0
    others: Counter[str] = Counter()
    for symbol in _SYMBOL.findall(text):
        if symbol.isdigit():
            generic += int(symbol)
        else:
            others[symbol.upper()] += 1
    return (generic, sorted(others.items()))


def _fits(want: dict[str, Any], have: Any) -> bool:
    return isinstance(have, dict) and all(have.get(key) == value for key, value in want.items())


def events_match(
    expected: list[dict[str, Any]],
    actual: list[dict[str, Any]],
    fits: Callable[[dict[str, Any], Any], bool] | None = None,
) -> bool:
    """Each expected event matches a distinct actual event on the fields it
    gives, and no actual event is left over: a perfect matching of the
    bipartite graph "expected fits actual", found by augmenting paths
    (Kuhn's algorithm, at most len(expected) * len(expected) * len(actual) steps).
    ``fits(want, have)`` says whether an expected event fits an actual one
    (default: on every field ``want`` gives)."""
    if len(expected) != len(actual):
        return False
    fits = fits or _fits
    candidates = [[j for j, have in enumerate(actual) if fits(want, have)] for want in expected]
    if any(not options for options in candidates):
        return False
    owner: list[int | None] = [None] * len(actual)

    def augment(start: int) -> bool:
        # Iterative depth-first search for an augmenting path from `start`.
        seen = [False] * len(actual)
        stack: list[tuple[int, int]] = [(start, 0)]
        path: list[tuple[int, int]] = []
        while stack:
            row, position = stack.pop()
            options = candidates[row]
            while position < len(options) and seen[options[position]]:
                position += 1
            if position == len(options):
                if path:
                    path.pop()
                continue
            column = options[position]
            seen[column] = True
            stack.append((row, position + 1))
            path.append((row, column))
            holder = owner[column]
            if holder is None:
                for matched_row, matched_column in path:
                    owner[matched_column] = matched_row
                return True
            stack.append((holder, 0))
        return False

    return all(augment(row) for row in range(len(expected)))


def _normalize(key: str, value: Any) -> Any:
    if key in UNORDERED_EXPECTATIONS:
        return None if value is None else sorted(value)
    if key in SET_VALUED_EXPECTATIONS:
        return {
            ref: None if items is None else sorted(items) for ref, items in (value or {}).items()
        }
    if key in MANA_EXPECTATIONS:
        return {name: mana_key(text) for name, text in (value or {}).items()}
    if key == "paid":
        return {
            ref: None
            if parts is None
            else {**parts, "mana": mana_key(parts.get("mana"))}
            if "mana" in parts
            else parts
            for ref, parts in (value or {}).items()
        }
    if key == "stack_names":
        return [sorted(names) for names in value]
    return value


def _refusal_mismatch(expected: dict[str, Any], refused: dict[str, Any] | None) -> str | None:
    wanted = expected["fault"]
    rule = expected.get("rule")
    if refused is None:
        return f"error: expected the last action to be refused ({wanted}, {rule}), but it succeeded"
    fault = refused.get("fault")
    if not fits(wanted, fault):
        given = fault or "no fault given"
        return (
            f"error: expected {wanted} ({rule}), got {given} ({refused.get('rule')}): "
            f"{refused.get('message') or ''}".rstrip(": ")
        )
    # The rule is compared when the engine states it.
    if rule is not None and refused.get("rule") not in (None, rule):
        return f"error: expected the rule {rule}, got {refused.get('rule')} ({fault})"
    return None


def mismatches(
    expect: dict[str, Any], observed: dict[str, Any], refused: dict[str, Any] | None
) -> list[str]:
    """The expectations that don't hold, as readable lines."""
    found = []
    for key, expected in expect.items():
        if key == "error":
            problem = _refusal_mismatch(expected, refused)
            if problem:
                found.append(problem)
            continue
        actual = observed[key]
        if key in EVENT_EXPECTATIONS:
            if not events_match(expected, actual):
                found.append(f"{key}: expected {expected}, got {actual}")
            continue
        want, have = _normalize(key, expected), _normalize(key, actual)
        if isinstance(want, dict):
            for name in want:
                if want[name] != have.get(name):
                    shown = (
                        (expected[name], actual.get(name))
                        if key in MANA_EXPECTATIONS
                        else (
                            want[name],
                            have.get(name),
                        )
                    )
                    found.append(f"{key}.{name}: expected {shown[0]!r}, got {shown[1]!r}")
        elif want != have:
            found.append(f"{key}: expected {want!r}, got {have!r}")
    return found
