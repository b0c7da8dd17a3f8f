"""Whether the corpus contradicts itself.

Each probe is a *situation* (a setup and actions) and expectations about it.
Two probes whose situations coincide after normalization must not expect
different results. Normalization:

- players are numbered in the order of the setup, and objects named by
  the order they are first mentioned in the actions (then the
  expectations), then the others by their description;
- card names are left out, unless the probe is about names (split cards,
  choosing a name);
- a creature that takes no part is left out: on the battlefield, never
  mentioned by the probe, not about to die, in a ruling without static
  abilities, costs or effects that could count it (so leaving it out
  changes nothing, an invariant the fuzzer checks);
- defaults are written out or left out the same way (``types`` of a
  creature, ``owner`` equal to the controller, no damage, untapped ...);
- triggered abilities are left out, with the expectations about them
  (``triggered``, ``stack``, ``stack_names``), when the probe's run shows
  that they all triggered during its last action and none resolved: then
  they can't have changed anything else the probe looks at.

Expectations agree when every expectation the two probes both give has the
same value, comparing lists of events as multisets on the fields both give,
and when both or neither expect the last action to fail.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from mtgjudge.format.ruling import Probe, Ruling
from mtgjudge.format.schema import (
    EVENT_EXPECTATIONS,
    OBJECT_ABILITY_KEYS,
    SET_VALUED_EXPECTATIONS,
    UNORDERED_EXPECTATIONS,
)
from mtgjudge.judge.compare import events_match
from mtgjudge.keywords import LANDWALK

_SET_FIELDS = {"types", "subtypes", "supertypes", "colors", "keywords"}
_DEFAULTS = {
    "damage": 0,
    "tapped": False,
    "token": False,
    "summoning_sick": False,
    "block_limit": 1,
    "regeneration_shields": 0,
}
#: Actions and expectations that can involve objects a probe never names
#: (objects with abilities always can: OBJECT_ABILITY_KEYS).
_COUNTING_ACTIONS = {
    "effect",
    "cast",
    "search",
    "discard",
    "choose_name",
    "copy_spell",
    "gain_control",
    "add_phases",
    "next_turn",
    "resolve",
    "restrict",
    "goad",
}
_COUNTING_EXPECTATIONS = {
    "party",
    "card_count",
    "found",
    "stack",
    "stack_names",
    "total_cost",
    "paid",
    "mana_pool",
    "discarded",
    "turn",
    "triggered",
}
#: A creature with landwalk makes the lands of the player it attacks matter
#: (702.14c), mentioned or not.
_LANDWALK = frozenset(LANDWALK)
_NAME_SENSITIVE = {"names", "chosen_names", "has_chosen_name", "stack_names", "choose_name"}
#: Expectations about triggered abilities themselves.
_TRIGGER_EXPECTATIONS = {"triggered", "stack", "stack_names"}


@dataclass
class Situation:
    ruling: Ruling
    probe: Probe
    #: The normalized setup and actions, as text.
    key: str
    #: The expectations with everything renamed.
    expect: dict[str, Any]

    @property
    def label(self) -> str:
        values = ""
        if self.ruling.parameters:
            values = " with " + ", ".join(f"{k} = {v!r}" for k, v in self.ruling.values.items())
        return f"{self.probe.full_id}{values}"


def _strings(node: Any) -> Iterable[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield key
            yield from _strings(value)
    elif isinstance(node, list):
        for item in node:
            yield from _strings(item)


def _rename(node: Any, names: dict[str, str]) -> Any:
    if isinstance(node, str):
        return names.get(node, node)
    if isinstance(node, dict):
        return {names.get(k, k): _rename(v, names) for k, v in node.items()}
    if isinstance(node, list):
        return [_rename(item, names) for item in node]
    return node


def _object(spec: dict[str, Any], keep_name: bool) -> dict[str, Any]:
    spec = dict(spec)
    if not keep_name:
        spec.pop("name", None)
    if "power" in spec and "types" not in spec:
        spec["types"] = ["creature"]
    if spec.get("owner") is not None and spec.get("owner") == spec.get("controller"):
        spec.pop("owner")
    for key, default in _DEFAULTS.items():
        if spec.get(key) == default:
            spec.pop(key)
    if "counters" in spec:
        spec["counters"] = {k: n for k, n in sorted(spec["counters"].items()) if n}
        if not spec["counters"]:
            spec.pop("counters")
    for key in _SET_FIELDS:
        if key in spec:
            spec[key] = sorted(spec[key])
            if not spec[key]:
                spec.pop(key)
    return spec


def _lasting(spec: dict[str, Any]) -> bool:
    """A permanent that doesn't die of state-based actions on its own."""
    if "toughness" in spec:
        counters = spec.get("counters", {})
        toughness = spec["toughness"] + counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
        if toughness <= 0 or spec.get("damage", 0) >= toughness:
            return False
    return not ("planeswalker" in spec.get("types", ()) and spec.get("loyalty", 1) <= 0)


def _triggers_stay_quiet(ruling: Ruling, probe: Probe) -> bool:
    """Whether, in this probe's run, every triggered ability triggered during
    its last action and none resolved: nothing the probe did or saw, but the
    stack and the trigger counts, can depend on them."""
    from mtgjudge.model.actions import take_action
    from mtgjudge.model.setup import build_game

    try:
        game = build_game(ruling.setup)
        for action in probe.actions[:-1]:
            take_action(game, action.kind, action.args)
        if game.history.triggers:
            return False
        for action in probe.actions[-1:]:
            take_action(game, action.kind, action.args)
    except Exception:
        return False  # an error the probe expects, or one it doesn't: no shortcut
    return game.history.abilities_resolved == 0


def situation(ruling: Ruling, probe: Probe) -> Situation:
    setup = ruling.setup
    actions = [{action.kind: action.args} for action in probe.actions]
    players = [p if isinstance(p, str) else p["name"] for p in setup["players"]]
    zones = {zone: objects for zone, objects in setup.items() if isinstance(objects, dict)}
    expect = probe.expect
    has_triggers = any(
        "triggers" in spec for objects in zones.values() for spec in objects.values()
    )
    if has_triggers and _triggers_stay_quiet(ruling, probe):
        zones = {
            zone: {
                ref: {k: v for k, v in spec.items() if k != "triggers"}
                for ref, spec in objects.items()
            }
            for zone, objects in zones.items()
        }
        expect = {k: v for k, v in expect.items() if k not in _TRIGGER_EXPECTATIONS}
    location = {ref: zone for zone, objects in zones.items() for ref in objects}
    mentioned: list[str] = []
    for text in [*_strings(actions), *_strings(expect)]:
        if text in location and text not in mentioned:
            mentioned.append(text)
    used = set(_strings(actions)) | set(expect)
    keep_name = bool(used & _NAME_SENSITIVE) or any(
        "faces" in spec for objects in zones.values() for spec in objects.values()
    )
    simple = (
        not any(
            OBJECT_ABILITY_KEYS & set(spec) or set(spec.get("keywords", ())) & _LANDWALK
            for objects in zones.values()
            for spec in objects.values()
        )
        and not {a.kind for a in probe.actions} & _COUNTING_ACTIONS
        and not set(_strings(actions)) & _LANDWALK
        and not set(expect) & _COUNTING_EXPECTATIONS
    )
    rest = []
    for ref, zone in location.items():
        if ref in mentioned:
            continue
        spec = zones[zone][ref]
        if simple and zone == "battlefield" and _lasting(spec):
            continue  # takes no part
        rest.append(ref)
    described = {ref: _object(zones[location[ref]][ref], keep_name) for ref in location}
    rest.sort(key=lambda ref: (location[ref], json.dumps(described[ref], sort_keys=True)))
    order = mentioned + rest
    names = {ref: f"o{i}" for i, ref in enumerate(order)}
    names.update({player: f"P{i}" for i, player in enumerate(players)})
    normalized_players = [
        {k: v for k, v in ({"life": 20} | ({} if isinstance(p, str) else p)).items() if k != "name"}
        for p in setup["players"]
    ]
    key = {
        "players": normalized_players,
        "active": names[setup.get("active_player", players[0])],
        "step": setup.get("step", "precombat_main"),
        "objects": [[names[ref], location[ref], _rename(described[ref], names)] for ref in order],
        "actions": _rename(actions, names),
    }
    return Situation(ruling, probe, json.dumps(key, sort_keys=False), _rename(expect, names))


def situations(ruling: Ruling) -> list[Situation]:
    return [situation(ruling, probe) for probe in ruling.probes]


# ----- comparing expectations -----


def _events_agree(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> bool:
    """The two lists pair off one to one, each pair equal on the fields both
    give: a perfect matching (polynomial, however long the lists)."""

    def fits(x: dict[str, Any], y: Any) -> bool:
        return all(x[k] == y[k] for k in x.keys() & y.keys())

    return events_match(a, b, fits)


def _agree(key: str, a: Any, b: Any) -> bool:
    if key in EVENT_EXPECTATIONS:
        return _events_agree(a, b)
    if key in UNORDERED_EXPECTATIONS:
        return sorted(a) == sorted(b)
    if key == "card_count":
        counts_a = {
            json.dumps({k: v for k, v in e.items() if k != "count"}, sort_keys=True): e["count"]
            for e in a
        }
        counts_b = {
            json.dumps({k: v for k, v in e.items() if k != "count"}, sort_keys=True): e["count"]
            for e in b
        }
        return all(counts_a[q] == counts_b[q] for q in counts_a.keys() & counts_b.keys())
    if key == "error":
        return all(a[k] == b[k] for k in a.keys() & b.keys())
    if isinstance(a, dict) and isinstance(b, dict):
        return all(_agree_value(key, a[k], b[k]) for k in a.keys() & b.keys())
    return a == b


def _agree_value(key: str, a: Any, b: Any) -> bool:
    if key in SET_VALUED_EXPECTATIONS and isinstance(a, list):
        return sorted(a) == sorted(b)
    if isinstance(a, dict) and isinstance(b, dict):
        return all(a[k] == b[k] for k in a.keys() & b.keys())
    return a == b


def disagreements(a: Situation, b: Situation) -> list[str]:
    """How two probes of the same situation contradict each other."""
    found = []
    if ("error" in a.expect) != ("error" in b.expect):
        failing = a if "error" in a.expect else b
        other = b if failing is a else a
        found.append(
            f"{failing.label} expects the last action to fail ({failing.expect['error']}); "
            f"{other.label} expects it to succeed"
        )
    for key in sorted(a.expect.keys() & b.expect.keys()):
        if not _agree(key, a.expect[key], b.expect[key]):
            found.append(
                f"{key}: {a.label} expects {a.probe.expect[key]}; "
                f"{b.label} expects {b.probe.expect[key]}"
            )
    return found


class Index:
    """Every probe of a corpus by situation."""

    def __init__(self, rulings: Iterable[Ruling]):
        self.by_key: dict[str, list[Situation]] = {}
        for ruling in rulings:
            for item in situations(ruling):
                self.by_key.setdefault(item.key, []).append(item)

    def conflicts(self) -> list[tuple[Situation, Situation, list[str]]]:
        """Every pair of probes of the same situation that disagree."""
        found = []
        for items in self.by_key.values():
            for i, a in enumerate(items):
                for b in items[i + 1 :]:
                    problems = disagreements(a, b)
                    if problems:
                        found.append((a, b, problems))
        return found

    def coinciding(self) -> int:
        """How many pairs of probes share a situation."""
        return sum(len(items) * (len(items) - 1) // 2 for items in self.by_key.values())

    def against(self, item: Situation) -> list[tuple[Situation, list[str]]]:
        """The probes of other rulings that share ``item``'s situation and
        disagree with it."""
        return [
            (other, problems)
            for other in self.by_key.get(item.key, [])
            if other.ruling.id != item.ruling.id
            for problems in [disagreements(item, other)]
            if problems
        ]
