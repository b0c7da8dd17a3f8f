"""Writing a ruling as TOML, laid out the way the corpus files are: the
top-level keys, then ``[parameters]``, ``[setup]`` and one
``[setup.ZONE.NAME]`` table per object, then one ``[[probe]]`` per probe with
its actions one per line and its expectations as ``expect.KEY = ...``.

It handles what ruling files hold: tables, arrays, strings, integers and
booleans. ``tomllib.loads(ruling_toml(data)) == data`` for every such
``data`` (a test checks this)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

#: The order of the top-level keys, as in the corpus.
TOP_ORDER = ("id", "text", "rules", "features", "source", "notes", "principle")
SETUP_ZONES = ("battlefield", "hand", "graveyard", "library", "exile", "command")
PROBE_ORDER = ("id", "description", "when", "actions")


def _string(text: str) -> str:
    # JSON's escapes are all valid in a TOML basic string; TOML also wants
    # DEL escaped.
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def key(name: str) -> str:
    """A key, bare when TOML allows it."""
    if re.fullmatch(r"[A-Za-z0-9_-]+", name):
        return name
    return _string(name)


def value(item: Any, indent: str = "") -> str:
    """A value on one line, except an array of tables: one table a line."""
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, int):
        return str(item)
    if isinstance(item, str):
        return _string(item)
    if isinstance(item, Mapping):
        if not item:
            return "{}"
        return "{ " + ", ".join(f"{key(k)} = {value(v)}" for k, v in item.items()) + " }"
    if isinstance(item, (list, tuple)):
        if item and any(isinstance(i, Mapping) for i in item):
            inner = indent + "  "
            lines = "".join(f"{inner}{value(i, inner)},\n" for i in item)
            return "[\n" + lines + indent + "]"
        return "[" + ", ".join(value(i) for i in item) + "]"
    raise TypeError(f"can't write {type(item).__name__} as TOML")


def _assignments(table: Mapping[str, Any], order: tuple[str, ...] = ()) -> list[str]:
    keys = [k for k in order if k in table] + [k for k in table if k not in order]
    return [f"{key(k)} = {value(table[k])}" for k in keys]


def ruling_toml(data: Mapping[str, Any], header: str = "") -> str:
    """A ruling (as loaded from TOML) written back as TOML. ``header`` is put
    first as comment lines."""
    lines: list[str] = [f"# {line}".rstrip() for line in header.splitlines()]
    sections = [k for k in ("parameters", "setup") if isinstance(data.get(k), Mapping)]
    if isinstance(data.get("probe"), list) and data["probe"]:
        sections.append("probe")
    top = {k: v for k, v in data.items() if k not in sections}
    lines += _assignments(top, TOP_ORDER)
    if "parameters" in sections:
        lines += ["", "[parameters]", *_assignments(data["parameters"])]
    setup = data.get("setup")
    if "setup" in sections:
        plain = {k: v for k, v in setup.items() if not _is_zone(k, v)}
        lines += ["", "[setup]", *_assignments(plain)]
        for zone, objects in setup.items():
            if not _is_zone(zone, objects):
                continue
            loose = {ref: spec for ref, spec in objects.items() if not isinstance(spec, Mapping)}
            if loose or not objects:
                lines += ["", f"[setup.{key(zone)}]", *_assignments(loose)]
            for ref, spec in objects.items():
                if isinstance(spec, Mapping):
                    lines += ["", f"[setup.{key(zone)}.{key(ref)}]", *_assignments(spec)]
    for probe in data["probe"] if "probe" in sections else ():
        lines += ["", "[[probe]]"]
        plain = {k: v for k, v in probe.items() if k != "expect"}
        lines += _assignments(plain, PROBE_ORDER)
        expect = probe.get("expect")
        if isinstance(expect, Mapping):
            if not expect:
                lines.append("expect = {}")
            lines += [f"expect.{key(k)} = {value(v)}" for k, v in expect.items()]
    return "\n".join(lines).lstrip("\n") + "\n"


def _is_zone(name: str, item: Any) -> bool:
    return name in SETUP_ZONES and isinstance(item, Mapping)
