"""Parametric rulings: their parameters' domains, and putting values in."""

from __future__ import annotations

import copy
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mtgjudge.format.formula import (
    RESERVED,
    Budget,
    FormulaError,
    is_formula,
    quoted,
    shown,
    substitute,
)
from mtgjudge.format.schema import PARAMETERS
from mtgjudge.format.spec import (
    OMITTED,
    FormatProblem,
    join,
)

if sys.version_info >= (3, 11):
    pass
else:  # pragma: no cover - exercised on Python < 3.11 only
    pass


@dataclass(frozen=True)
class Parameter:
    """A parameter's domain: ``min`` to ``max``, or ``values``."""

    name: str
    example: Any
    minimum: int | None = None
    maximum: int | None = None
    values: tuple[Any, ...] | None = None
    description: str = ""

    def contains(self, value: Any) -> bool:
        if self.values is not None:
            return value in self.values
        assert self.minimum is not None and self.maximum is not None
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and self.minimum <= value <= self.maximum
        )

    def describe(self) -> str:
        if self.values is not None:
            return "one of " + ", ".join(repr(v) for v in self.values)
        return f"an integer from {self.minimum} to {self.maximum}"


# ----- parameters and formulas -----


def read_parameters(data: Mapping[str, Any]) -> dict[str, Parameter]:
    """The `parameters` table of a ruling file, checked."""
    if not isinstance(data, Mapping) or "parameters" not in data:
        return {}
    table = PARAMETERS.check(data["parameters"], "parameters")
    result = {}
    for name, entry in table.items():
        path = join("parameters", name)
        if name in RESERVED:
            raise FormatProblem(path, f"{name!r} is reserved in formulas; choose another name")
        if "values" in entry:
            if "min" in entry or "max" in entry:
                raise FormatProblem(path, "expected `min` and `max`, or `values`, not both")
            parameter = Parameter(
                name,
                entry["example"],
                values=tuple(entry["values"]),
                description=entry.get("description", ""),
            )
        else:
            if "min" not in entry or "max" not in entry:
                raise FormatProblem(path, "expected `min` and `max` (integers), or `values`")
            if entry["min"] > entry["max"]:
                raise FormatProblem(join(path, "max"), f"expected at least min ({entry['min']})")
            parameter = Parameter(
                name,
                entry["example"],
                minimum=entry["min"],
                maximum=entry["max"],
                description=entry.get("description", ""),
            )
        if not parameter.contains(parameter.example):
            raise FormatProblem(
                join(path, "example"),
                f"expected {parameter.describe()}, found {parameter.example!r}",
            )
        result[name] = parameter
    return result


def checked_values(parameters: dict[str, Parameter], values: Mapping[str, Any]) -> dict[str, Any]:
    chosen = {}
    for name, value in values.items():
        if name not in parameters:
            raise FormatProblem("parameters", f"no parameter named {name!r}")
        if not parameters[name].contains(value):
            raise FormatProblem(
                join("parameters", name), f"expected {parameters[name].describe()}, found {value!r}"
            )
        chosen[name] = value
    missing = sorted(set(parameters) - set(chosen))
    if missing:
        raise FormatProblem("parameters", f"no value for {', '.join(missing)}")
    return chosen


#: The parts of a ruling file where formulas and `when` may appear.
TEMPLATED = ("setup", "probe")


def instantiate(data: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
    """The ruling with ``values`` put in: every formula in `setup` and
    `probe` replaced by its value, and every table in a list whose `when`
    doesn't hold replaced by OMITTED (so that key paths keep their indices)."""
    result = dict(data)
    budget = Budget()
    for key in TEMPLATED:
        if key in result:
            result[key] = _instantiate(result[key], key, values, budget)
    return result


def _instantiate(
    node: Any, path: str, values: Mapping[str, Any], budget: Budget, item: bool = False
) -> Any:
    if isinstance(node, str):
        if not is_formula(node):
            return node
        try:
            return substitute(node, values, budget)
        except FormulaError as error:
            raise FormatProblem(path, f"formula {quoted(node)}: {error}") from None
    if isinstance(node, list):
        return [
            _instantiate(child, join(path, i), values, budget, True) for i, child in enumerate(node)
        ]
    if isinstance(node, Mapping):
        if item and "when" in node:
            holds = _instantiate(node["when"], join(path, "when"), values, budget)
            if not isinstance(holds, bool):
                raise FormatProblem(
                    join(path, "when"),
                    f"expected true or false, found {shown(holds)} (`when` on a table in a list "
                    "is a parametric ruling's condition; a triggered ability's event is `event`)",
                    wrong_type=True,
                )
            if not holds:
                return OMITTED
        return {
            key: _instantiate(child, join(path, key), values, budget)
            for key, child in node.items()
            if not (item and key == "when")
        }
    return copy.deepcopy(node)


def without_omitted(node: Any) -> Any:
    if isinstance(node, list):
        return [without_omitted(child) for child in node if child is not OMITTED]
    if isinstance(node, dict):
        return {key: without_omitted(child) for key, child in node.items()}
    return node
