"""Runs probes and judges them: passed, failed (an expectation didn't
hold, or the probe proves nothing), or error (the scenario itself broke)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mtgjudge import cost, party
from mtgjudge.errors import IllegalActionError, InvalidInputError, MtgJudgeError
from mtgjudge.game import Game, TraceEntry
from mtgjudge.rulings.format import (
    EVENT_EXPECTATIONS,
    SET_VALUED_EXPECTATIONS,
    UNORDERED_EXPECTATIONS,
    Probe,
    Ruling,
)
from mtgjudge.rulings.scenario import build_game, perform
from mtgjudge.triggers import Triggered

PASSED = "passed"
FAILED = "failed"
ERROR = "error"
UNSUPPORTED = "unsupported"


@dataclass
class Outcome:
    """The verdict on one probe (or, for a file that didn't load, on the file)."""

    id: str
    status: str
    message: str = ""
    ruling: Ruling | None = None
    probe: Probe | None = None
    mismatches: list[str] = field(default_factory=list)
    trace: list[TraceEntry] = field(default_factory=list)
    path: str = ""


# ----- observing the game -----


def _current(game: Game, ref: str):
    return game.obj(ref)


def _dealt(game: Game) -> list[dict[str, Any]]:
    return [
        {
            "source": record.source,
            "to": record.recipient,
            "amount": record.amount,
            "step": record.step or "noncombat",
        }
        for record in game.history.damage
    ]


def _life_gained(game: Game) -> list[dict[str, Any]]:
    return [
        {"player": gain.player, "amount": gain.amount, "source": gain.source}
        for gain in game.history.life_gains
    ]


def _keywords(game: Game, ref: str) -> list[str]:
    # 122.1b: keyword counters give keywords in every zone.
    return sorted(game.characteristics(_current(game, ref)).all_keywords)


def _power_toughness(game: Game, ref: str) -> str:
    obj = _current(game, ref)
    current = game.characteristics(obj)
    return f"{current.power}/{current.toughness}"


def _in_combat(game: Game, blocking: bool) -> list[str]:
    record = game.combat
    if record is None:
        return []
    in_role = record.is_blocking if blocking else record.is_attacking
    return sorted(obj.ref for obj in game.battlefield() if in_role(obj.serial))


def _paid(payment: Any, wanted: dict[str, Any]) -> dict[str, Any] | None:
    if payment is None:
        return None
    summary = {
        "mana": cost.pool_text(payment.mana),
        "life": payment.life,
        "creatures": sum(payment.creatures.values()),
        "artifacts": payment.artifacts,
        "graveyard": payment.graveyard,
    }
    return {key: summary[key] for key in wanted}


def _card_count(game: Game, entry: dict[str, Any]) -> int:
    wanted = set(entry.get("types", ()))
    return sum(
        1
        for obj in game.objects
        if obj.exists
        and obj.zone == entry["zone"]
        and obj.owner == entry["player"]
        and wanted <= game.characteristics(obj).types
    )


def _attached_to(game: Game, ref: str) -> str:
    serial = _current(game, ref).attached_to
    host = game.by_serial(serial) if serial is not None else None
    return host.ref if host is not None else ""


def _stack_names(game: Game, item: Any) -> list[str]:
    # 603.3: a triggered ability on the stack has no name (no characteristics
    # but its text).
    if isinstance(item, Triggered):
        return []
    return sorted(game.characteristics(item).names)


def _zone(game: Game, ref: str) -> str:
    if ref not in game.refs:
        return "nowhere"  # a token not created (yet)
    obj = _current(game, ref)
    return obj.zone if obj.exists else "nowhere"


Observer = Callable[[Game, Any], Any]

#: For each expectation key: what the game shows, in the expectation's shape.
OBSERVERS: dict[str, Observer] = {
    "life": lambda game, expected: {p: game.players[p].life for p in expected},
    "lost": lambda game, _: sorted(p.name for p in game.players.values() if p.has_lost),
    "damage": lambda game, expected: {ref: _current(game, ref).damage for ref in expected},
    "dealt": lambda game, _: _dealt(game),
    "dealt_by": lambda game, expected: {
        ref: sum(d.amount for d in game.history.damage if d.source == ref) for ref in expected
    },
    "life_gained": lambda game, _: _life_gained(game),
    "zone": lambda game, expected: {ref: _zone(game, ref) for ref in expected},
    "died": lambda game, _: sorted({ref for ref, _rule in game.history.deaths}),
    "damage_steps": lambda game, _: list(game.history.damage_steps),
    "steps": lambda game, _: game.combat_steps(),
    "keywords": lambda game, expected: {ref: _keywords(game, ref) for ref in expected},
    "prevented": lambda game, _: [
        {"source": source, "to": to, "amount": amount}
        for source, to, amount in game.history.prevented
    ],
    "affinity": lambda game, expected: {
        ref: len(game.characteristics(_current(game, ref)).affinity) for ref in expected
    },
    "power_toughness": lambda game, expected: {
        ref: _power_toughness(game, ref) for ref in expected
    },
    "tapped": lambda game, expected: {ref: _current(game, ref).tapped for ref in expected},
    "attacking": lambda game, _: _in_combat(game, blocking=False),
    "blocking": lambda game, _: _in_combat(game, blocking=True),
    "loyalty": lambda game, expected: {
        ref: _current(game, ref).counters.get("loyalty", 0) for ref in expected
    },
    "controller": lambda game, expected: {
        ref: game.controller(_current(game, ref)) for ref in expected
    },
    "party": lambda game, expected: {p: party.party_size(game, p) for p in expected},
    "mana_value": lambda game, expected: {
        ref: cost.mana_value(game, _current(game, ref)) for ref in expected
    },
    "names": lambda game, expected: {
        ref: sorted(game.characteristics(_current(game, ref)).names) for ref in expected
    },
    "types": lambda game, expected: {
        ref: sorted(game.characteristics(_current(game, ref)).types) for ref in expected
    },
    "subtypes": lambda game, expected: {
        ref: sorted(game.characteristics(_current(game, ref)).subtypes) for ref in expected
    },
    "colors": lambda game, expected: {
        ref: sorted(game.characteristics(_current(game, ref)).colors) for ref in expected
    },
    "same_object": lambda game, expected: {
        ref: _current(game, ref).serial == game.initial_serials.get(ref) for ref in expected
    },
    "attached_to": lambda game, expected: {ref: _attached_to(game, ref) for ref in expected},
    "counters": lambda game, expected: {
        ref: {name: _current(game, ref).counters.get(name, 0) for name in counters}
        for ref, counters in expected.items()
    },
    "stack": lambda game, _: [item.ref for item in game.stack_items()],
    "total_cost": lambda game, expected: {
        ref: game.history.total_costs.get(ref) for ref in expected
    },
    "paid": lambda game, expected: {
        ref: _paid(game.history.payments.get(ref), expected[ref]) for ref in expected
    },
    "mana_pool": lambda game, expected: {
        p: None if game.players[p].mana_pool is None else cost.pool_text(game.players[p].mana_pool)
        for p in expected
    },
    "stack_names": lambda game, _: [_stack_names(game, item) for item in game.stack_items()],
    "triggered": lambda game, expected: {
        ref: sum(1 for record in game.history.triggers if record.source == ref) for ref in expected
    },
    "card_count": lambda game, expected: [
        {**entry, "count": _card_count(game, entry)} for entry in expected
    ],
    "found": lambda game, _: game.history.found,
    "discarded": lambda game, expected: {p: game.history.discarded.get(p, 0) for p in expected},
    "chosen_names": lambda game, _: sorted(game.history.chosen_names),
    "has_chosen_name": lambda game, expected: {
        ref: bool(
            set(game.characteristics(_current(game, ref)).names) & set(game.history.chosen_names)
        )
        for ref in expected
    },
    "turn": lambda game, _: list(game.turn.history),
    "active_player": lambda game, _: game.turn.active_player,
    "regenerated": lambda game, _: list(game.history.regenerated),
    "regeneration_shields": lambda game, expected: {
        ref: _current(game, ref).regeneration_shields for ref in expected
    },
}


def _normalize(key: str, value: Any) -> Any:
    if key in UNORDERED_EXPECTATIONS:
        return None if value is None else sorted(value)
    if key in SET_VALUED_EXPECTATIONS:
        return {ref: sorted(items) for ref, items in value.items()}
    if key == "stack_names":
        return [sorted(names) for names in value]
    return value


def _events_match(expected: list[dict[str, Any]], actual: list[dict[str, Any]]) -> bool:
    """Each expected event matches a distinct actual event on the fields it
    gives, and no actual event is left over."""
    if len(expected) != len(actual):
        return False

    def fits(want: dict[str, Any], have: dict[str, Any]) -> bool:
        return all(have.get(key) == value for key, value in want.items())

    def assign(index: int, used: frozenset[int]) -> bool:
        if index == len(expected):
            return True
        return any(
            assign(index + 1, used | {j})
            for j, have in enumerate(actual)
            if j not in used and fits(expected[index], have)
        )

    return assign(0, frozenset())


def compare(game: Game, expect: dict[str, Any], error: IllegalActionError | None) -> list[str]:
    """The expectations that don't hold, as readable lines."""
    mismatches = []
    for key, expected in expect.items():
        if key == "error":
            if error is None:
                mismatches.append(
                    f"error: expected {expected['type']} ({expected['rule']}), but the last action succeeded"
                )
                continue
            actual = {"type": type(error).__name__, "rule": error.rule}
            if "fault" in expected:
                actual["fault"] = error.fault
            if actual != expected:
                mismatches.append(f"error: expected {expected}, got {actual} ({error})")
            continue
        try:
            actual = OBSERVERS[key](game, expected)
        except InvalidInputError as missing:
            # A token the probe names that hasn't been created.
            mismatches.append(f"{key}: {missing}")
            continue
        if key in EVENT_EXPECTATIONS:
            if not _events_match(expected, actual):
                mismatches.append(f"{key}: expected {expected}, got {actual}")
            continue
        want, have = _normalize(key, expected), _normalize(key, actual)
        if isinstance(want, dict):
            for name in want:
                if want[name] != have.get(name):
                    mismatches.append(
                        f"{key}.{name}: expected {want[name]!r}, got {have.get(name)!r}"
                    )
        elif want != have:
            mismatches.append(f"{key}: expected {want!r}, got {have!r}")
    return mismatches


# ----- running -----


def run_probe(ruling: Ruling, probe: Probe) -> Outcome:
    outcome = Outcome(
        id=probe.full_id, status=PASSED, ruling=ruling, probe=probe, path=str(ruling.path)
    )
    try:
        before = build_game(ruling)
        game = build_game(ruling)
    except Exception as problem:
        outcome.status = ERROR
        outcome.message = f"setup: {problem}"
        return outcome
    error: IllegalActionError | None = None
    expects_error = "error" in probe.expect
    for index, action in enumerate(probe.actions):
        try:
            perform(game, action)
        except IllegalActionError as raised:
            last = index == len(probe.actions) - 1
            if expects_error and last:
                error = raised
                game.note(raised.rule, f"illegal: {raised}")
                break
            outcome.status = FAILED
            outcome.message = (
                f"{action.key_path} ({action.kind}): unexpected {type(raised).__name__}: {raised}"
            )
            outcome.trace = game.trace
            return outcome
        except MtgJudgeError as problem:
            outcome.status = ERROR
            outcome.message = f"{action.key_path} ({action.kind}): {problem}"
            outcome.trace = game.trace
            return outcome
        except Exception as problem:  # a bug in mtgjudge: report it, run the rest
            outcome.status = ERROR
            outcome.message = (
                f"{action.key_path} ({action.kind}): internal error "
                f"{type(problem).__name__}: {problem}"
            )
            outcome.trace = game.trace
            return outcome
    outcome.trace = game.trace
    try:
        outcome.mismatches = compare(game, probe.expect, error)
        vacuous = not compare(before, probe.expect, None)
    except Exception as problem:  # a bug in mtgjudge: report it, run the rest
        outcome.status = ERROR
        outcome.message = f"expect: internal error {type(problem).__name__}: {problem}"
        return outcome
    if outcome.mismatches:
        outcome.status = FAILED
        outcome.message = "; ".join(outcome.mismatches)
        return outcome
    # A probe whose expectations hold before its actions run proves nothing.
    if vacuous:
        outcome.status = FAILED
        outcome.message = (
            "vacuous probe: every expectation already holds before the actions run, "
            "so the probe can't tell a right engine from a wrong one"
        )
    return outcome


def run_ruling(ruling: Ruling) -> list[Outcome]:
    return [run_probe(ruling, probe) for probe in ruling.probes]
