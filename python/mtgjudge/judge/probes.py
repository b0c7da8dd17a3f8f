"""A ruling's probe as the protocol sends it, and what it needs of an engine.

The message is engine-neutral: the setup and actions as written (with the
parameters already put in), players as ``{name, life}`` tables, and the
observations to report, never the values expected.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mtgjudge.format.ruling import Probe, Ruling
from mtgjudge.protocol.vocabulary import OBSERVATIONS, SETUP_ZONES, starting_life

#: What every engine builds, so never a reason to leave a probe out.
IMPLIED = frozenset({"players", "player.life", "active_player", "step"})


def _object(ref: str, spec: dict[str, Any]) -> dict[str, Any]:
    # rulings/README.md: the name defaults to the key, and the types to
    # creature when power is given.
    defaults: dict[str, Any] = {"name": ref}
    if "power" in spec and "types" not in spec:
        defaults["types"] = ["creature"]
    return {**defaults, **spec}


def neutral_setup(setup: dict[str, Any]) -> dict[str, Any]:
    """The setup with its defaults written out: each player a table with a
    life total, the active player and the step, each object its name (and a
    creature its types)."""
    players = [
        {"name": entry, "life": starting_life(setup, entry)}
        if isinstance(entry, str)
        else {"life": starting_life(setup, entry["name"]), **entry}
        for entry in setup["players"]
    ]
    return {
        **setup,
        "players": players,
        "active_player": setup.get("active_player", players[0]["name"]),
        "step": setup.get("step", "precombat_main"),
        **{
            zone: {ref: _object(ref, spec) for ref, spec in setup[zone].items()}
            for zone in SETUP_ZONES
            if zone in setup
        },
    }


def observe_query(expect: dict[str, Any]) -> dict[str, Any]:
    """What to observe for these expectations, without their values."""
    query: dict[str, Any] = {}
    for kind, expected in expect.items():
        if kind == "error":
            continue
        shape = OBSERVATIONS[kind]
        if shape == "game":
            query[kind] = True
        elif shape in ("players", "objects"):
            query[kind] = list(expected)
        elif shape == "object_keys":
            query[kind] = {name: list(keys) for name, keys in expected.items()}
        else:  # entries
            query[kind] = [
                {key: value for key, value in entry.items() if key != "count"} for entry in expected
            ]
    return query


def probe_message(ruling: Ruling, probe: Probe) -> dict[str, Any]:
    return {
        "type": "probe",
        "id": probe.full_id,
        "features": list(ruling.features),
        "setup": neutral_setup(ruling.setup),
        "actions": [{action.kind: action.args} for action in probe.actions],
        "observe": observe_query(probe.expect),
    }


@dataclass(frozen=True)
class Needs:
    """What a probe needs an engine to support, in the handshake's words."""

    features: frozenset[str]
    actions: frozenset[str]
    setup: frozenset[str]
    observations: frozenset[str]


def needs(ruling: Ruling, message: dict[str, Any]) -> Needs:
    """What the probe needs, from its setup as written: a default the
    message writes out (a name, a creature's types) needs nothing."""
    setup = ruling.setup
    used = {key for key in setup if key not in SETUP_ZONES or setup[key]}
    for entry in setup["players"]:
        if isinstance(entry, dict):
            used |= {f"player.{key}" for key in entry if key != "name"}
    for zone in SETUP_ZONES:
        for obj in setup.get(zone, {}).values():
            used |= {f"object.{key}" for key in obj if key not in ("name", "controller")}
    return Needs(
        features=frozenset(ruling.features),
        actions=frozenset(kind for action in message["actions"] for kind in action),
        setup=frozenset(used - IMPLIED),
        observations=frozenset(message["observe"]),
    )


def missing(needs: Needs, supports: dict[str, Any]) -> str | None:
    """Why an engine with these ``supports`` can't run the probe, or None."""
    parts = []
    for part in ("features", "actions", "setup", "observations"):
        declared = supports.get(part)
        if part == "features" and declared == "all":
            continue
        lacking = sorted(getattr(needs, part) - set(declared or ()))
        if lacking:
            word = {"features": "feature", "actions": "action", "setup": "setup key"}.get(
                part, "observation"
            )
            parts.append(f"{word}{'s' if len(lacking) > 1 else ''} {', '.join(lacking)}")
    return "needs " + "; ".join(parts) if parts else None
