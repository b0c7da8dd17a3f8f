"""The messages of the protocol, and the checks of what an engine says.

An engine's handshake and answers are untrusted: :func:`check_hello` and
:func:`check_answer` return what is wrong with them, in words that name the
field, so that the harness can report it for that probe and go on.
``docs/protocol.md`` describes the messages; :func:`json_schemas` gives a
JSON Schema for each.
"""

from __future__ import annotations

import re
from typing import Any

from mtgjudge.protocol.faults import FAULTS
from mtgjudge.protocol.vocabulary import (
    ACTIONS,
    OBSERVATIONS,
    PROTOCOL_VERSION,
    SETUP_FEATURES,
    ZONES,
)

#: The longest line either side writes (a probe's answer included).
MAX_LINE_BYTES = 8 * 1024 * 1024

#: What each observation's value is, for one player or object or for the
#: game: ``int``, ``bool``, ``str``, ``strs`` (a list of strings),
#: ``strs_list`` (a list of lists of strings), ``counts`` (a table of
#: integers), ``payment`` (a table of integers or strings), a list of events
#: (``dealt``, ``gains``, ``prevented``), ``zone``, ``pt``; with ``?`` it may
#: also be null.
VALUES: dict[str, str] = {
    "life": "int",
    "party": "int",
    "mana_pool": "str?",
    "discarded": "int",
    "poison": "int",
    "damage": "int",
    "dealt_by": "int",
    "zone": "zone",
    "keywords": "strs",
    "affinity": "int",
    "power_toughness": "pt",
    "tapped": "bool",
    "loyalty": "int",
    "controller": "str",
    "mana_value": "int",
    "names": "strs",
    "types": "strs",
    "subtypes": "strs",
    "colors": "strs",
    "same_object": "bool",
    "attached_to": "str",
    "total_cost": "str?",
    "triggered": "int",
    "has_chosen_name": "bool",
    "regeneration_shields": "int",
    "counters": "counts",
    "paid": "payment?",
    "lost": "strs",
    "game_over": "bool",
    "winner": "str",
    "dealt": "dealt",
    "life_gained": "gains",
    "died": "strs",
    "damage_steps": "strs",
    "steps": "strs",
    "prevented": "prevented",
    "attacking": "strs",
    "blocking": "strs",
    "stack": "strs",
    "stack_names": "strs_list",
    "found": "strs?",
    "chosen_names": "strs",
    "turn": "strs",
    "active_player": "str",
    "regenerated": "strs",
    "card_count": "entries",
    "day_night": "str",
}

#: The fields of each kind of event, with their types; ``step`` may be left out.
EVENT_FIELDS: dict[str, dict[str, str]] = {
    "dealt": {"source": "str", "to": "str", "amount": "int", "step": "str"},
    "gains": {"player": "str", "amount": "int", "source": "str"},
    "prevented": {"source": "str", "to": "str", "amount": "int"},
}
OPTIONAL_EVENT_FIELDS = frozenset({"step"})

_PT = re.compile(r"-?\d+/-?\d+")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_strs(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _value_problem(kind: str, value: Any) -> str | None:
    """What is wrong with one value of an observation, or None."""
    if kind.endswith("?"):
        if value is None:
            return None
        kind = kind[:-1]
    if kind == "int":
        return None if _is_int(value) else "an integer"
    if kind == "bool":
        return None if isinstance(value, bool) else "true or false"
    if kind == "str":
        return None if isinstance(value, str) else "a string"
    if kind == "strs":
        return None if _is_strs(value) else "a list of strings"
    if kind == "strs_list":
        ok = isinstance(value, list) and all(_is_strs(item) for item in value)
        return None if ok else "a list of lists of strings"
    if kind == "zone":
        return None if value in (*ZONES, "nowhere") else f"one of {', '.join(ZONES)}, nowhere"
    if kind == "pt":
        ok = isinstance(value, str) and _PT.fullmatch(value)
        return None if ok else 'power and toughness, as "3/3"'
    if kind == "counts":
        ok = isinstance(value, dict) and all(_is_int(n) for n in value.values())
        return None if ok else "a table of counter names to integers"
    if kind == "payment":
        ok = isinstance(value, dict) and all(
            _is_int(v) or isinstance(v, str) for v in value.values()
        )
        return None if ok else "a table of the parts of a payment"
    if kind in EVENT_FIELDS:
        if not isinstance(value, list):
            return "a list of events"
        fields = EVENT_FIELDS[kind]
        for index, event in enumerate(value):
            if not isinstance(event, dict):
                return f"a list of events; item {index} is not a table"
            for name, field_kind in fields.items():
                if name not in event:
                    if name in OPTIONAL_EVENT_FIELDS:
                        continue
                    return f"events with {', '.join(fields)}; item {index} has no {name!r}"
                problem = _value_problem(field_kind, event[name])
                if problem:
                    return f"events; item {index}: {name!r} must be {problem}"
            extra = set(event) - set(fields)
            if extra:
                return f"events; item {index} has unknown fields {sorted(extra)}"
        return None
    raise AssertionError(f"no value kind {kind!r}")  # pragma: no cover


def observation_problems(where: str, observed: Any, query: dict[str, Any]) -> list[str]:
    """What is wrong with the observations ``observed`` for ``query``: kinds
    missing, asked for but not answered, or of the wrong shape."""
    if not isinstance(observed, dict):
        return [f"{where}: must be a table of observations"]
    problems = []
    for kind in observed:
        if kind not in query:
            problems.append(f"{where}.{kind}: not asked for")
    for kind, wanted in query.items():
        if kind not in observed:
            problems.append(f"{where}.{kind}: missing (the probe needs this observation)")
            continue
        value = observed[kind]
        shape = OBSERVATIONS[kind]
        if shape == "game":
            problem = _value_problem(VALUES[kind], value)
            if problem:
                problems.append(f"{where}.{kind}: must be {problem}")
            continue
        if shape == "entries":
            if not isinstance(value, list) or len(value) != len(wanted):
                problems.append(f"{where}.{kind}: must be a list of {len(wanted)} entries")
                continue
            for index, entry in enumerate(value):
                if not isinstance(entry, dict) or not _is_int(entry.get("count")):
                    problems.append(f"{where}.{kind}[{index}]: must have an integer 'count'")
            continue
        if not isinstance(value, dict):
            problems.append(f"{where}.{kind}: must be a table by name")
            continue
        names = list(wanted)
        for name in value:
            if name not in names:
                problems.append(f"{where}.{kind}.{name}: not asked for (unknown name)")
        allow_null = shape in ("objects", "object_keys")
        for name in names:
            if name not in value:
                problems.append(f"{where}.{kind}.{name}: missing")
                continue
            if value[name] is None and allow_null:
                continue  # no such object (yet)
            problem = _value_problem(VALUES[kind], value[name])
            if problem:
                problems.append(f"{where}.{kind}.{name}: must be {problem}")
    return problems


def refusal_problems(refused: Any, actions: int) -> list[str]:
    """What is wrong with a result's ``refused``."""
    if refused is None:
        return []
    if not isinstance(refused, dict):
        return ["refused: must be null or a table"]
    problems = []
    index = refused.get("action")
    if not _is_int(index) or not 0 <= index < actions:
        problems.append(f"refused.action: must be the index of an action, 0 to {actions - 1}")
    fault = refused.get("fault")
    if fault is not None and fault not in FAULTS:
        problems.append(f"refused.fault: {fault!r} is not in the closed list of faults")
    for key in ("rule", "message"):
        if key in refused and refused[key] is not None and not isinstance(refused[key], str):
            problems.append(f"refused.{key}: must be a string")
    extra = set(refused) - {"action", "fault", "rule", "message"}
    if extra:
        problems.append(f"refused: unknown fields {sorted(extra)}")
    return problems


def answer_problems(answer: Any, probe: dict[str, Any]) -> list[str]:
    """What is wrong with an engine's answer to ``probe``; empty if nothing."""
    if not isinstance(answer, dict):
        return ["the answer must be a JSON object"]
    kind = answer.get("type")
    if answer.get("id") != probe["id"]:
        return [f"the answer is for probe {answer.get('id')!r}, not {probe['id']!r}"]
    if kind in ("unsupported", "error"):
        field = "reason" if kind == "unsupported" else "message"
        if not isinstance(answer.get(field), str):
            return [f"{kind}: {field!r} must be a string"]
        return []
    if kind != "result":
        return [f"type: {kind!r} is not result, unsupported or error"]
    problems = observation_problems("initial", answer.get("initial"), probe["observe"])
    problems += observation_problems("final", answer.get("final"), probe["observe"])
    problems += refusal_problems(answer.get("refused"), len(probe["actions"]))
    trace = answer.get("trace", [])
    if not isinstance(trace, list) or not all(
        isinstance(entry, dict) and isinstance(entry.get("text"), str) for entry in trace
    ):
        problems.append("trace: must be a list of {rule, text}")
    return problems


def _names_problem(field: str, value: Any, known: tuple[str, ...] | None) -> list[str]:
    if not _is_strs(value):
        return [f"supports.{field}: must be a list of strings"]
    if known is None:
        return []
    unknown = sorted(set(value) - set(known))
    return [f"supports.{field}: unknown {', '.join(map(repr, unknown))}"] if unknown else []


def hello_problems(hello: Any, features: tuple[str, ...] | None = None) -> list[str]:
    """What is wrong with an engine's handshake; empty if nothing. Features
    are checked against ``features`` when given."""
    if not isinstance(hello, dict) or hello.get("type") != "hello":
        return ['the handshake must be a JSON object with "type": "hello"']
    problems = []
    if hello.get("protocol") != PROTOCOL_VERSION:
        problems.append(
            f"protocol: the engine speaks {hello.get('protocol')!r}; this harness speaks "
            f"{PROTOCOL_VERSION}"
        )
    engine = hello.get("engine")
    if not isinstance(engine, dict) or not all(
        isinstance(engine.get(key), str) and engine.get(key) for key in ("name", "version")
    ):
        problems.append("engine: must give a name and a version, as strings")
    supports = hello.get("supports")
    if not isinstance(supports, dict):
        return [*problems, "supports: must be a table"]
    if supports.get("features") != "all":
        problems += _names_problem("features", supports.get("features"), features)
    problems += _names_problem("actions", supports.get("actions"), ACTIONS)
    problems += _names_problem("setup", supports.get("setup"), SETUP_FEATURES)
    problems += _names_problem("observations", supports.get("observations"), tuple(OBSERVATIONS))
    extra = set(supports) - {"features", "actions", "setup", "observations"}
    if extra:
        problems.append(f"supports: unknown fields {sorted(extra)}")
    return problems


# ----- JSON Schemas -----

_STRS = {"type": "array", "items": {"type": "string"}}
_ID = {"type": "string", "minLength": 1}


def _value_schema(kind: str) -> dict[str, Any]:
    nullable = kind.endswith("?")
    kind = kind.rstrip("?")
    schema: dict[str, Any]
    if kind in ("int", "bool", "str"):
        schema = {"type": {"int": "integer", "bool": "boolean", "str": "string"}[kind]}
    elif kind == "strs":
        schema = dict(_STRS)
    elif kind == "strs_list":
        schema = {"type": "array", "items": _STRS}
    elif kind == "zone":
        schema = {"enum": [*ZONES, "nowhere"]}
    elif kind == "pt":
        schema = {"type": "string", "pattern": r"^-?\d+/-?\d+$"}
    elif kind == "counts":
        schema = {"type": "object", "additionalProperties": {"type": "integer"}}
    elif kind == "payment":
        schema = {"type": "object", "additionalProperties": {"type": ["integer", "string"]}}
    elif kind == "entries":
        schema = {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["count"],
                "properties": {"count": {"type": "integer"}},
            },
        }
    else:
        fields = EVENT_FIELDS[kind]
        schema = {
            "type": "array",
            "items": {
                "type": "object",
                "required": [f for f in fields if f not in OPTIONAL_EVENT_FIELDS],
                "properties": {f: _value_schema(t) for f, t in fields.items()},
                "additionalProperties": False,
            },
        }
    if nullable:
        return {"anyOf": [schema, {"type": "null"}]}
    return schema


def _observations_schema() -> dict[str, Any]:
    properties = {}
    for kind, shape in OBSERVATIONS.items():
        value = _value_schema(VALUES[kind])
        if shape in ("game", "entries"):
            properties[kind] = value
        else:
            if shape in ("objects", "object_keys"):
                value = {"anyOf": [value, {"type": "null"}]}
            properties[kind] = {"type": "object", "additionalProperties": value}
    return {"type": "object", "properties": properties, "additionalProperties": False}


def _query_schema() -> dict[str, Any]:
    shapes = {
        "game": {"const": True},
        "players": _STRS,
        "objects": _STRS,
        "object_keys": {"type": "object", "additionalProperties": _STRS},
        "entries": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["player", "zone"],
                "properties": {"player": {"type": "string"}, "zone": {"enum": list(ZONES)}},
            },
        },
    }
    return {
        "type": "object",
        "properties": {kind: shapes[shape] for kind, shape in OBSERVATIONS.items()},
        "additionalProperties": False,
    }


def json_schemas() -> dict[str, dict[str, Any]]:
    """A JSON Schema for each message of the protocol, by name."""
    base = "https://mtgjudge.invalid/protocol/1/"

    def schema(name: str, body: dict[str, Any]) -> dict[str, Any]:
        return {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"{base}{name}.json",
            "title": f"mtgjudge protocol {PROTOCOL_VERSION}: {name}",
            **body,
        }

    def message(kind: str, required: list[str], **properties: Any) -> dict[str, Any]:
        return {
            "type": "object",
            "required": ["type", *required],
            "properties": {"type": {"const": kind}, **properties},
            "additionalProperties": False,
        }

    names = {"type": "array", "items": {"type": "string"}, "uniqueItems": True}
    return {
        "hello-request": schema(
            "hello-request", message("hello", ["protocol"], protocol={"const": PROTOCOL_VERSION})
        ),
        "hello": schema(
            "hello",
            message(
                "hello",
                ["protocol", "engine", "supports"],
                protocol={"const": PROTOCOL_VERSION},
                engine={
                    "type": "object",
                    "required": ["name", "version"],
                    "properties": {
                        "name": {"type": "string", "minLength": 1},
                        "version": {"type": "string", "minLength": 1},
                    },
                },
                supports={
                    "type": "object",
                    "required": ["features", "actions", "setup", "observations"],
                    "properties": {
                        "features": {"anyOf": [names, {"const": "all"}]},
                        "actions": {**names, "items": {"enum": list(ACTIONS)}},
                        "setup": {**names, "items": {"enum": list(SETUP_FEATURES)}},
                        "observations": {**names, "items": {"enum": list(OBSERVATIONS)}},
                    },
                    "additionalProperties": False,
                },
            ),
        ),
        "probe": schema(
            "probe",
            message(
                "probe",
                ["id", "setup", "actions", "observe"],
                id=_ID,
                features=names,
                setup={"type": "object", "description": "rulings/README.md, Setup"},
                actions={
                    "type": "array",
                    "items": {
                        "type": "object",
                        "minProperties": 1,
                        "maxProperties": 1,
                        "propertyNames": {"enum": list(ACTIONS)},
                    },
                },
                observe=_query_schema(),
            ),
        ),
        "result": schema(
            "result",
            message(
                "result",
                ["id", "initial", "final"],
                id=_ID,
                initial=_observations_schema(),
                final=_observations_schema(),
                refused={
                    "anyOf": [
                        {"type": "null"},
                        {
                            "type": "object",
                            "required": ["action"],
                            "properties": {
                                "action": {"type": "integer", "minimum": 0},
                                "fault": {"anyOf": [{"enum": list(FAULTS)}, {"type": "null"}]},
                                "rule": {"type": ["string", "null"]},
                                "message": {"type": ["string", "null"]},
                            },
                            "additionalProperties": False,
                        },
                    ]
                },
                trace={
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["text"],
                        "properties": {
                            "rule": {"type": ["string", "null"]},
                            "text": {"type": "string"},
                        },
                    },
                },
            ),
        ),
        "unsupported": schema(
            "unsupported",
            message("unsupported", ["id", "reason"], id=_ID, reason={"type": "string"}),
        ),
        "error": schema(
            "error",
            message(
                "error",
                ["id", "message"],
                id={"type": ["string", "null"]},
                message={"type": "string"},
            ),
        ),
        "bye": schema("bye", message("bye", [])),
    }
