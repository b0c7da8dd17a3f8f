"""A small vocabulary for describing the shape of ruling files once, so that
the loader's checks and the published JSON Schema come from the same
definition."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


class FormatProblem(Exception):
    """Raised with the key path where the data broke and what was expected."""

    def __init__(self, key_path: str, expected: str, *, wrong_type: bool = False):
        super().__init__(f"{key_path}: {expected}")
        self.key_path = key_path
        self.expected = expected
        #: The value at key_path isn't even of the right kind.
        self.wrong_type = wrong_type


def join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key):
        return f"{path}.{key}" if path else key
    quoted = '"' + key.replace('"', '\\"') + '"'
    return f"{path}.{quoted}" if path else quoted


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return f"a non-integer number ({value})"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, Mapping):
        return "a table"
    return type(value).__name__


def _hashable(value: Any) -> Any:
    """A value as a key that is equal for equal values (``1 == True`` as in
    Python's own comparison), so that uniqueness is checked in linear time."""
    if isinstance(value, list):
        return ("list", tuple(_hashable(item) for item in value))
    if isinstance(value, Mapping):
        return ("table", frozenset((key, _hashable(item)) for key, item in value.items()))
    return value


def _shown(value: Any, limit: int = 80) -> str:
    """A value for an error message, cut short."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text):,} characters)"


class _Omitted:
    """An array item of a parametric ruling whose ``when`` doesn't hold."""

    def __repr__(self) -> str:
        return "OMITTED"


#: Stands in for a left-out array item, so that the items after it keep
#: their index in key paths. Arrays skip it.
OMITTED = _Omitted()


@dataclass(frozen=True)
class Names:
    """The players and objects a ruling's setup defines, for checking that
    everything the ruling names exists."""

    players: frozenset[str]
    objects: frozenset[str]

    def problem(self, kind: str, name: str) -> str | None:
        if kind == "player" and name not in self.players:
            return f"no player named {name!r} in the setup"
        if kind == "object" and name not in self.objects:
            return f"no object named {name!r} in the setup"
        if kind == "target" and name not in self.players and name not in self.objects:
            return f"no player or object named {name!r} in the setup"
        source = name.split(":", 1)[-1]
        if kind == "stack_item" and source not in self.objects:
            return f"no object named {source!r} in the setup"
        return None


class Spec:
    description: str = ""

    def check(
        self, value: Any, path: str, names: Names | None = None
    ) -> Any:  # pragma: no cover - interface
        raise NotImplementedError

    def schema(self) -> dict[str, Any]:  # pragma: no cover - interface
        raise NotImplementedError

    def expected(self) -> str:  # pragma: no cover - interface
        raise NotImplementedError

    def _with_description(self, schema: dict[str, Any]) -> dict[str, Any]:
        if self.description:
            schema = {"description": self.description, **schema}
        return schema


@dataclass
class Str(Spec):
    pattern: str | None = None
    enum: tuple[str, ...] | None = None
    description: str = ""
    pattern_hint: str = ""
    min_length: int = 0
    #: "player", "object" or "target" (either): the name must exist in the setup.
    refers_to: str | None = None

    def expected(self) -> str:
        if self.enum is not None:
            return "one of " + ", ".join(repr(e) for e in self.enum)
        if self.pattern_hint:
            return f"a string like {self.pattern_hint}"
        return "a string"

    def check(self, value: Any, path: str, names: Names | None = None) -> str:
        if not isinstance(value, str):
            raise FormatProblem(
                path, f"expected {self.expected()}, found {_describe(value)}", wrong_type=True
            )
        if self.enum is not None and value not in self.enum:
            raise FormatProblem(path, f"expected {self.expected()}, found {_shown(value)}")
        if self.pattern is not None and not re.fullmatch(self.pattern, value):
            raise FormatProblem(path, f"expected {self.expected()}, found {_shown(value)}")
        if len(value) < self.min_length:
            raise FormatProblem(path, "expected a non-empty string")
        if names is not None and self.refers_to is not None:
            problem = names.problem(self.refers_to, value)
            if problem:
                raise FormatProblem(path, problem)
        return value

    def schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": "string"}
        if self.enum is not None:
            schema["enum"] = list(self.enum)
        if self.pattern is not None:
            schema["pattern"] = f"^(?:{self.pattern})$"
        if self.min_length:
            schema["minLength"] = self.min_length
        return self._with_description(schema)


#: Every integer in a ruling file is within ±NUMBER_BOUND, unless its key
#: says less: far beyond any game's numbers, and far within the kernel's
#: 32-bit integers, so that sums of them (power with counters and effects,
#: life after damage) still fit.
NUMBER_BOUND = 1_000_000
NUMBER_BOUND_REASON = "every number in a ruling file is within ±1,000,000"
#: Counts of things done or held (`resolve`, `draw`, `times`, a damage
#: replacement's `times`, `block_limit`, a mode's `targets` and `mode`) are
#: at most COUNT_BOUND: the model's loop guard stops a stack that keeps
#: resolving after 200 resolutions (117.4), and nothing in a scenario
#: counts that high.
COUNT_BOUND = 200
COUNT_BOUND_REASON = "a count is at most 200"


@dataclass
class Int(Spec):
    minimum: int | None = None
    maximum: int | None = None
    description: str = ""
    #: Why ``maximum`` is what it is, said when a value goes beyond it.
    bound: str = ""

    def expected(self) -> str:
        bounds = []
        if self.minimum is not None:
            bounds.append(f">= {self.minimum}")
        if self.maximum is not None and not self.bound:
            bounds.append(f"<= {self.maximum}")
        return "an integer" + (f" {' and '.join(bounds)}" if bounds else "")

    @property
    def low(self) -> int:
        return self.minimum if self.minimum is not None else -NUMBER_BOUND

    @property
    def high(self) -> int:
        return self.maximum if self.maximum is not None else NUMBER_BOUND

    def check(self, value: Any, path: str, names: Names | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise FormatProblem(
                path, f"expected {self.expected()}, found {_describe(value)}", wrong_type=True
            )
        if self.minimum is not None and value < self.minimum:
            raise FormatProblem(path, f"expected {self.expected()}, found {value}")
        if not self.low <= value <= self.high:
            if value > self.high and self.maximum is not None:
                why = self.bound
            else:
                why = NUMBER_BOUND_REASON
            raise FormatProblem(
                path,
                f"expected an integer from {self.low:,} to {self.high:,}, found {value}"
                + (f" ({why})" if why else ""),
            )
        return value

    def schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": "integer", "minimum": self.low, "maximum": self.high}
        return self._with_description(schema)


def count(minimum: int = 0, description: str = "") -> Int:
    """A count of things done or held: at most COUNT_BOUND."""
    return Int(
        minimum=minimum,
        maximum=COUNT_BOUND,
        description=description,
        bound=COUNT_BOUND_REASON,
    )


@dataclass
class Bool(Spec):
    description: str = ""

    def expected(self) -> str:
        return "true or false"

    def check(self, value: Any, path: str, names: Names | None = None) -> bool:
        if not isinstance(value, bool):
            raise FormatProblem(
                path, f"expected true or false, found {_describe(value)}", wrong_type=True
            )
        return value

    def schema(self) -> dict[str, Any]:
        return self._with_description({"type": "boolean"})


@dataclass
class Array(Spec):
    item: Spec
    min_items: int = 0
    unique: bool = False
    description: str = ""

    def expected(self) -> str:
        return f"an array of {self.item.expected()}"

    def check(self, value: Any, path: str, names: Names | None = None) -> list[Any]:
        if not isinstance(value, list):
            raise FormatProblem(
                path, f"expected {self.expected()}, found {_describe(value)}", wrong_type=True
            )
        kept = [(i, item) for i, item in enumerate(value) if item is not OMITTED]
        if len(kept) < self.min_items:
            raise FormatProblem(path, f"expected at least {self.min_items} item(s)")
        checked = [self.item.check(item, join(path, i), names) for i, item in kept]
        if self.unique:
            seen: set[Any] = set()
            for (i, _), item in zip(kept, checked):
                key = _hashable(item)
                if key in seen:
                    raise FormatProblem(join(path, i), f"duplicate item {_shown(item)}")
                seen.add(key)
        return checked

    def schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": "array", "items": self.item.schema()}
        if self.min_items:
            schema["minItems"] = self.min_items
        if self.unique:
            schema["uniqueItems"] = True
        return self._with_description(schema)


@dataclass
class Field:
    spec: Spec
    required: bool = False


@dataclass
class Table(Spec):
    """A table with a fixed set of keys; unknown keys are errors."""

    fields: dict[str, Field]
    description: str = ""
    #: Exactly one of these keys must be present (actions, ruling sources).
    one_of: tuple[str, ...] = ()
    min_properties: int = 0

    def expected(self) -> str:
        return "a table"

    def check(self, value: Any, path: str, names: Names | None = None) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise FormatProblem(
                path, f"expected a table, found {_describe(value)}", wrong_type=True
            )
        for key in value:
            if key not in self.fields:
                known = ", ".join(sorted(self.fields))
                raise FormatProblem(join(path, key), f"unknown key; expected one of: {known}")
        for name, spec_field in self.fields.items():
            if spec_field.required and name not in value:
                raise FormatProblem(join(path, name), "missing required key")
        if self.one_of:
            present = [key for key in self.one_of if key in value]
            if len(present) != 1:
                raise FormatProblem(
                    path,
                    "expected exactly one of: "
                    + ", ".join(self.one_of)
                    + (f" (found {', '.join(present)})" if present else ""),
                )
        if len(value) < self.min_properties:
            raise FormatProblem(path, f"expected at least {self.min_properties} key(s)")
        return {
            key: self.fields[key].spec.check(item, join(path, key), names)
            for key, item in value.items()
        }

    def schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {
            "type": "object",
            "properties": {name: f.spec.schema() for name, f in self.fields.items()},
            "additionalProperties": False,
        }
        required = [name for name, f in self.fields.items() if f.required]
        if required:
            schema["required"] = required
        if self.one_of:
            schema["oneOf"] = [{"required": [key]} for key in self.one_of]
        if self.min_properties:
            schema["minProperties"] = self.min_properties
        return self._with_description(schema)


@dataclass
class Map(Spec):
    """A table whose keys are names (of objects, players...) and whose values share one shape."""

    value: Spec
    key_pattern: str = r"[^\s].*"
    key_hint: str = "a name"
    description: str = ""
    min_properties: int = 0
    #: "player", "object" or "target": each key must exist in the setup.
    keys_refer_to: str | None = None

    def expected(self) -> str:
        return f"a table from {self.key_hint} to {self.value.expected()}"

    def check(self, value: Any, path: str, names: Names | None = None) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise FormatProblem(
                path, f"expected {self.expected()}, found {_describe(value)}", wrong_type=True
            )
        if len(value) < self.min_properties:
            raise FormatProblem(path, f"expected at least {self.min_properties} key(s)")
        checked = {}
        for key, item in value.items():
            if not re.fullmatch(self.key_pattern, key):
                raise FormatProblem(join(path, key), f"expected the key to be {self.key_hint}")
            if names is not None and self.keys_refer_to is not None:
                problem = names.problem(self.keys_refer_to, key)
                if problem:
                    raise FormatProblem(join(path, key), problem)
            checked[key] = self.value.check(item, join(path, key), names)
        return checked

    def schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {
            "type": "object",
            "propertyNames": {"pattern": f"^(?:{self.key_pattern})$"},
            "additionalProperties": self.value.schema(),
        }
        if self.min_properties:
            schema["minProperties"] = self.min_properties
        return self._with_description(schema)


@dataclass
class AnyOf(Spec):
    """The first alternative whose top-level type fits is used."""

    options: list[Spec] = field(default_factory=list)
    description: str = ""

    def expected(self) -> str:
        return " or ".join(option.expected() for option in self.options)

    def check(self, value: Any, path: str, names: Names | None = None) -> Any:
        problems = []
        for option in self.options:
            try:
                return option.check(value, path, names)
            except FormatProblem as problem:
                problems.append(problem)
        # An option of the right kind that failed deeper down, or on its
        # content, is the most specific thing to report.
        fitting = [p for p in problems if not (p.wrong_type and p.key_path == path)]
        if fitting:
            raise max(fitting, key=lambda p: len(p.key_path))
        raise FormatProblem(
            path, f"expected {self.expected()}, found {_describe(value)}", wrong_type=True
        )

    def schema(self) -> dict[str, Any]:
        return self._with_description({"anyOf": [option.schema() for option in self.options]})


@dataclass
class Defined(Spec):
    """A part that the JSON Schema gives once, under ``$defs``, and refers to
    wherever it appears."""

    name: str
    spec: Spec
    #: It only ever appears as an item of a list (which matters to formulas:
    #: a table in a list may have `when`).
    item: bool = False

    @property
    def description(self) -> str:  # type: ignore[override]
        return self.spec.description

    def expected(self) -> str:
        return self.spec.expected()

    def check(self, value: Any, path: str, names: Names | None = None) -> Any:
        return self.spec.check(value, path, names)

    def schema(self) -> dict[str, Any]:
        return {"$ref": f"#/$defs/{self.name}"}


@dataclass
class WithNames(Spec):
    """A part of a ruling file where more object names may be used than the
    setup defines, such as "that_creature" in a triggered ability."""

    spec: Spec
    objects: frozenset[str] = frozenset()

    @property
    def description(self) -> str:  # type: ignore[override]
        return self.spec.description

    def expected(self) -> str:
        return self.spec.expected()

    def check(self, value: Any, path: str, names: Names | None = None) -> Any:
        if names is not None:
            names = Names(names.players, names.objects | self.objects)
        return self.spec.check(value, path, names)

    def schema(self) -> dict[str, Any]:
        return self.spec.schema()
