"""Explaining verdicts in words, for ``mtgjudge explain``, pytest and reports."""

from __future__ import annotations

import textwrap
from typing import Any

from mtgjudge.format.ruling import Ruling
from mtgjudge.judge.outcome import Outcome
from mtgjudge.protocol.vocabulary import SETUP_ZONES


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
        lines.extend(f"  {line}" for line in outcome.trace_lines)
    if outcome.message:
        lines.append(f"Verdict: {outcome.message}")
    return "\n".join(lines)
