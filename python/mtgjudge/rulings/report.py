"""Explaining verdicts in words, for ``mtgjudge explain`` and pytest."""

from __future__ import annotations

import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mtgjudge.errors import RulingFormatError
from mtgjudge.rulings.format import SETUP_ZONES, Ruling
from mtgjudge.rulings.runner import Outcome

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def _object_line(ref: str, spec: dict[str, Any]) -> str:
    parts = [spec.get("name", ref)]
    if "power" in spec:
        parts.append(f"{spec['power']}/{spec['toughness']}")
    if spec.get("keywords"):
        parts.append("with " + ", ".join(spec["keywords"]))
    if spec.get("counters"):
        parts.append("counters: " + ", ".join(f"{n} x{c}" for n, c in spec["counters"].items()))
    for key in ("damage", "tapped", "token", "loyalty", "mana_cost"):
        if spec.get(key):
            parts.append(f"{key} {spec[key]}" if not isinstance(spec[key], bool) else key)
    owner = spec.get("controller", spec.get("owner"))
    line = f"  {ref}: " + ", ".join(str(p) for p in parts) + f" (controlled by {owner})"
    for trigger in spec.get("triggers", ()):
        event = trigger["event"].replace("_", " ")
        what = trigger.get("description") or f"{len(trigger['do'])} action(s)"
        where = f", from the {trigger['functions_in']}" if "functions_in" in trigger else ""
        iff = ", if its condition holds (603.4)" if "condition" in trigger else ""
        line += f"\n      triggered ability (603): {event}{where}{iff}: {what}"
    return line


def describe_setup(ruling: Ruling) -> list[str]:
    setup = ruling.setup
    lines = []
    players = [
        p if isinstance(p, str) else f"{p['name']} ({p.get('life', 20)} life)"
        for p in setup["players"]
    ]
    active = setup.get("active_player", players[0].split(" ")[0])
    lines.append(
        f"Players: {', '.join(players)}; {active}'s turn, {setup.get('step', 'precombat_main').replace('_', ' ')}"
    )
    for zone in SETUP_ZONES:
        objects = setup.get(zone, {})
        if objects:
            lines.append(f"{zone.capitalize()}:")
            lines.extend(_object_line(ref, spec) for ref, spec in objects.items())
    return lines


def explain_outcome(outcome: Outcome) -> str:
    lines = [f"{outcome.id}: {outcome.status.upper()}"]
    ruling, probe = outcome.ruling, outcome.probe
    if ruling is not None:
        lines.append("")
        lines.extend(
            textwrap.wrap(ruling.text, width=100, initial_indent="  “", subsequent_indent="   ")
        )
        lines[-1] += "”"
        lines.append(f"  Source: {ruling.attribution()}")
        lines.append(f"  Rules: {', '.join(ruling.rules)}")
        lines.append("")
        lines.extend(describe_setup(ruling))
    if probe is not None:
        if probe.description:
            lines.append(f"Probe: {probe.description}")
        lines.append("Actions:")
        lines.extend(f"  {i + 1}. {a.kind} {a.args}" for i, a in enumerate(probe.actions))
        if not probe.actions:
            lines.append("  (none)")
        lines.append("Expected:")
        lines.extend(f"  {key}: {value}" for key, value in probe.expect.items())
    if outcome.trace:
        lines.append("Trace:")
        lines.extend(f"  {entry}" for entry in outcome.trace)
    if outcome.message:
        lines.append(f"Verdict: {outcome.message}")
    return "\n".join(lines)


@dataclass(frozen=True)
class Unsupported:
    """An official ruling we don't encode, and why."""

    id: str
    reason: str
    cards: str = ""


def load_unsupported(root: Path | None) -> list[Unsupported]:
    if root is None:
        return []
    path = root / "unsupported.toml"
    if not path.is_file():
        return []
    with path.open("rb") as handle:
        try:
            data = tomllib.load(handle)
        except tomllib.TOMLDecodeError as error:
            raise RulingFormatError(str(path), "", f"invalid TOML: {error}") from None
    entries = data.get("ruling", [])
    result = []
    for i, entry in enumerate(entries):
        if (
            not isinstance(entry, dict)
            or not isinstance(entry.get("id"), str)
            or not isinstance(entry.get("reason"), str)
        ):
            raise RulingFormatError(
                str(path), f"ruling[{i}]", "expected a table with id and reason"
            )
        unknown = set(entry) - {"id", "reason", "cards"}
        if unknown:
            raise RulingFormatError(
                str(path),
                f"ruling[{i}].{sorted(unknown)[0]}",
                "unknown key; expected id, cards, reason",
            )
        result.append(Unsupported(entry["id"], entry["reason"], entry.get("cards", "")))
    return result
