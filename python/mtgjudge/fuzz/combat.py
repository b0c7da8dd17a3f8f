"""Fuzz targets for combat (506-511): the engine against the reference
model, and the invariants of the model, over whole random combats
(``strategies.combats``, played by :mod:`mtgjudge.testing.scenarios`).

A failing combat is printed as a ruling: the scenario as the reference model
plays it up to the first action where the engine differs, with what the
reference model shows afterwards as the expectations.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import strategies as st

from mtgjudge import errors, kernel
from mtgjudge.format.writer import ruling_toml
from mtgjudge.fuzz.runner import Falsified, Target
from mtgjudge.testing import strategies as mst
from mtgjudge.testing.scenarios import (
    KernelDriver,
    Record,
    ReferenceDriver,
    Snapshot,
    play,
    prune,
    renumber,
)

PLAYER_NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve")

# ----------------------------------------------------------------------
# Comparing records
# ----------------------------------------------------------------------

_CREATURE_FIELDS = (
    "controller",
    "power",
    "toughness",
    "damage",
    "keywords",
    "keyword_counters",
    "tapped",
    "struck_first",
    "on_battlefield",
    "in_combat",
)


def snapshot_difference(
    expected: Snapshot,
    actual: Snapshot,
    creature_map: Sequence[int] | None = None,
    names: tuple[str, str] = ("reference", "engine"),
) -> str | None:
    """The first difference between two snapshots, in words.
    ``creature_map[i]`` is the index in ``actual`` of creature ``i`` of
    ``expected``."""
    a, b = names
    for i, want in enumerate(expected.creatures):
        have = actual.creatures[creature_map[i] if creature_map else i]
        for name in _CREATURE_FIELDS:
            if getattr(want, name) != getattr(have, name):
                return (
                    f"creature {i} {name}: {a} {getattr(want, name)!r}, {b} {getattr(have, name)!r}"
                )
    for p, (want, have) in enumerate(zip(expected.players, actual.players)):
        if want != have:
            return f"player {p} (life, lost): {a} {want}, {b} {have}"
    for w, (want, have) in enumerate(zip(expected.loyalty, actual.loyalty)):
        if want != have:
            return f"planeswalker {w} loyalty: {a} {want}, {b} {have}"
    for name in ("attacked", "progress", "next_step", "game_over", "winner"):
        if getattr(expected, name) != getattr(actual, name):
            return f"{name}: {a} {getattr(expected, name)!r}, {b} {getattr(actual, name)!r}"
    return None


_EVENT_NAMES = (
    "step",
    "damage (source, recipient, amount, step)",
    "life gained (player, amount, source, step)",
    "deaths (creature, rule)",
    "planeswalkers put into the graveyard",
    "players who lost",
)


def events_difference(expected: tuple | None, actual: tuple | None) -> str:
    if expected is None or actual is None:
        return f"events: reference {expected}, engine {actual}"
    parts = []
    for name, want, have in zip(_EVENT_NAMES, expected, actual):
        if want != have:
            parts.append(
                f"{name}: reference {list(want) if isinstance(want, tuple) else want}, "
                f"engine {list(have) if isinstance(have, tuple) else have}"
            )
    return "; ".join(parts)


def record_difference(reference: Record, other: Record) -> str | None:
    """How the engine's record differs from the reference's, or None."""
    what = reference.describe()
    if reference.ok != other.ok:
        if reference.ok:
            return f"{what}: the reference accepts it, the engine refuses it: {other.error}"
        return f"{what}: the reference refuses it ({reference.error}), the engine accepts it"
    if not reference.ok:
        if other.error not in reference.faults:
            return (
                f"{what}: the engine refuses it with {other.error}; the reference finds "
                f"{sorted(reference.faults, key=str)}"
            )
        if len(reference.faults) == 1 and other.error != reference.error:
            return f"{what}: the engine refuses it with {other.error}, the reference with {reference.error}"
        unchanged = snapshot_difference(other.before, other.after, names=("before", "after"))
        if unchanged:
            return f"{what} is illegal but changed the game: {unchanged}"
        return None
    if reference.events != other.events:
        return f"{what}: {events_difference(reference.events, other.events)}"
    difference = snapshot_difference(reference.after, other.after)
    if difference:
        return f"after {what}: {difference}"
    return None


def first_difference(scenario: dict[str, Any], engine: Any) -> tuple[int, str, list[Record]] | None:
    """Plays the scenario on the reference and the engine side by side: the
    index of the first record where they differ, how, and the reference's
    records."""
    result = play(
        scenario, [ReferenceDriver(scenario["board"]), KernelDriver(engine, scenario["board"])]
    )
    reference, other = result.records
    for index, (want, have) in enumerate(zip(reference, other)):
        difference = record_difference(want, have)
        if difference:
            return index, difference, reference
    return None


# ----------------------------------------------------------------------
# The properties
# ----------------------------------------------------------------------


def check_differential(scenario: dict[str, Any], engine: Any) -> None:
    found = first_difference(scenario, engine)
    if found:
        raise Falsified(found[1])


def _own_records(scenario: dict[str, Any], engine: Any) -> list[Record]:
    return play(scenario, [KernelDriver(engine, scenario["board"])]).records[0]


def _damage_by(events: tuple) -> dict[tuple[int, tuple[str, int]], int]:
    amounts: dict[tuple[int, tuple[str, int]], int] = {}
    for source, recipient, amount, _step in events[1]:
        key = (source, tuple(recipient))
        amounts[key] = amounts.get(key, 0) + amount
    return amounts


def check_conservation(scenario: dict[str, Any], engine: Any) -> None:
    """Damage dealt equals damage received by creatures, plus life lost by
    players to damage, plus damage to planeswalkers (120.3); a creature
    that regenerates has all its damage removed instead (701.19a)."""
    for record in _own_records(scenario, engine):
        if not record.ok or record.events is None:
            continue
        received: dict[tuple[str, int], int] = {}
        for (source, recipient), amount in _damage_by(record.events).items():
            # 120.3b, 120.3d: damage from a source with infect (or, to a
            # creature, wither) is counters, not life lost or damage marked.
            dealer = record.before.creatures[source] if source is not None else None
            kind = recipient[0]
            if dealer is not None and (
                (kind in ("player", "creature") and dealer.has("infect"))
                or (kind == "creature" and dealer.has("wither"))
            ):
                continue
            received[recipient] = received.get(recipient, 0) + amount
        gains: dict[int, int] = {}
        for player, amount, _source, _step in record.events[2]:
            gains[player] = gains.get(player, 0) + amount
        before, after = record.before, record.after
        regenerated = set(record.events[6])
        for i, (b, a) in enumerate(zip(before.creatures, after.creatures)):
            dealt = received.get(("creature", i), 0)
            if i in regenerated:
                if a.damage != 0:
                    raise Falsified(
                        f"{record.describe()}: creature {i} regenerated but still has "
                        f"{a.damage} damage marked"
                    )
                continue
            if a.damage - b.damage != dealt:
                raise Falsified(
                    f"{record.describe()}: creature {i} was dealt {dealt} damage "
                    f"but its marked damage went from {b.damage} to {a.damage}"
                )
        for p, ((b_life, _), (a_life, _)) in enumerate(zip(before.players, after.players)):
            dealt = received.get(("player", p), 0)
            if b_life - a_life + gains.get(p, 0) != dealt:
                raise Falsified(
                    f"{record.describe()}: player {p} was dealt {dealt} damage and gained "
                    f"{gains.get(p, 0)} life, but life went from {b_life} to {a_life}"
                )
        for w, (b_loyalty, a_loyalty) in enumerate(zip(before.loyalty, after.loyalty)):
            dealt = received.get(("planeswalker", w), 0)
            if a_loyalty != max(0, b_loyalty - dealt):
                raise Falsified(
                    f"{record.describe()}: planeswalker {w} was dealt {dealt} damage "
                    f"but its loyalty went from {b_loyalty} to {a_loyalty}"
                )
        unknown = [r for r in received if r[0] not in ("creature", "player", "planeswalker")]
        if unknown:
            raise Falsified(f"{record.describe()}: damage dealt to {unknown}")


def check_lifelink(scenario: dict[str, Any], engine: Any) -> None:
    """Each source with lifelink makes its controller gain exactly the
    damage it dealt, in one event (702.15b, 702.15e); other sources make no
    one gain life."""
    for record in _own_records(scenario, engine):
        if not record.ok or record.events is None:
            continue
        dealt: dict[int, int] = {}
        for (source, _), amount in _damage_by(record.events).items():
            dealt[source] = dealt.get(source, 0) + amount
        gains: dict[int, list[tuple[int, int]]] = {}
        for player, amount, source, _step in record.events[2]:
            gains.setdefault(source, []).append((player, amount))
        for source in set(dealt) | set(gains):
            creature = record.before.creatures[source]
            expected = (
                [(creature.controller, dealt[source])]
                if creature.has("lifelink") and dealt.get(source, 0) > 0
                else []
            )
            if sorted(gains.get(source, [])) != expected:
                raise Falsified(
                    f"{record.describe()}: creature {source} "
                    f"({'with' if creature.has('lifelink') else 'without'} lifelink) dealt "
                    f"{dealt.get(source, 0)} damage; life gained (player, amount): "
                    f"{gains.get(source, [])}, expected {expected}"
                )


def _fighting(snapshot: Snapshot) -> list[int]:
    return [i for i, c in enumerate(snapshot.creatures) if c.on_battlefield and c.in_combat]


def check_one_step(scenario: dict[str, Any], engine: Any) -> None:
    """Without first strike or double strike among the attacking and
    blocking creatures as the combat damage step begins, there is exactly
    one combat damage step (510.4)."""
    for record in _own_records(scenario, engine):
        if record.kind != "damage" or not record.ok:
            continue
        before = record.before
        if any(before.creatures[i].strikes_first for i in _fighting(before)):
            return
        if record.events[0] != "regular" or record.after.next_step is not None:
            raise Falsified(
                f"{record.describe()}: no attacking or blocking creature has first strike or "
                f"double strike, yet the step is {record.events[0]!r} and the next is "
                f"{record.after.next_step!r}"
            )
        return


def check_first_step(scenario: dict[str, Any], engine: Any) -> None:
    """A creature that has neither first strike nor double strike when the
    first combat damage step begins deals no damage in it (510.4)."""
    for record in _own_records(scenario, engine):
        if record.kind != "damage" or not record.ok or record.events[0] != "first_strike":
            continue
        for source, _recipient, amount, _step in record.events[1]:
            creature = record.before.creatures[source]
            if not creature.strikes_first:
                raise Falsified(
                    f"{record.describe()}: creature {source} has neither first strike nor "
                    f"double strike, yet deals {amount} damage in the first-strike step"
                )


def _blocks(records: list[Record]) -> list[tuple[int, int]]:
    for record in records:
        if record.kind == "block" and record.ok:
            return [tuple(pair) for pair in record.action]
    return []


def check_trample(scenario: dict[str, Any], engine: Any) -> None:
    """An attacking creature with trample assigns damage to the player or
    planeswalker only once each creature blocking it is assigned lethal
    damage, counting damage already marked and damage other creatures
    assign it at the same time; any damage from a source with deathtouch is
    lethal (702.19b, 702.2c)."""
    records = _own_records(scenario, engine)
    blocks = _blocks(records)
    for record in records:
        if record.kind != "damage" or not record.ok:
            continue
        before = record.before
        damage = _damage_by(record.events)
        for attacker in _fighting(before):
            creature = before.creatures[attacker]
            over = [r for (s, r) in damage if s == attacker and r[0] != "creature"]
            if not creature.tramples or not over:
                continue
            for blocker, blocked in blocks:
                if blocked != attacker or blocker not in _fighting(before):
                    continue
                target = ("creature", blocker)
                total = sum(n for (s, r), n in damage.items() if r == target)
                deathtouch = any(
                    n > 0 and before.creatures[s].has("deathtouch")
                    for (s, r), n in damage.items()
                    if r == target
                )
                state = before.creatures[blocker]
                if not deathtouch and state.damage + total < state.toughness:
                    raise Falsified(
                        f"{record.describe()}: trampler {attacker} assigns damage to {over[0]} "
                        f"while blocker {blocker} (toughness {state.toughness}, damage "
                        f"{state.damage}) is assigned only {total}"
                    )


def _runs(first: list[Record], second: list[Record], order: list[int | None], what: str) -> None:
    """The two plays match, creature ``order[new] = old`` for new positions."""
    to_new = {old: new for new, old in enumerate(order) if old is not None}

    def creature(n: int) -> int:
        return to_new[n]

    def remap_events(events: tuple | None) -> tuple | None:
        if events is None:
            return None
        step, damage, gains, deaths, walkers, losers, regenerations = events
        thing = lambda t: ("creature", creature(t[1])) if t[0] == "creature" else tuple(t)  # noqa: E731
        return (
            step,
            tuple(sorted((creature(s), thing(r), n, st_) for s, r, n, st_ in damage)),
            tuple(sorted((p, n, creature(s), st_) for p, n, s, st_ in gains)),
            tuple(sorted((creature(c), rule) for c, rule in deaths)),
            walkers,
            losers,
            tuple(sorted(creature(c) for c in regenerations)),
        )

    creature_map = [to_new[i] for i in range(len(first[0].before.creatures))] if first else []
    for index, (a, b) in enumerate(zip(first, second)):
        if a.kind != b.kind or a.ok != b.ok:
            raise Falsified(
                f"{what}: {a.describe()} is {'accepted' if a.ok else 'refused'} in one "
                f"listing and {'accepted' if b.ok else 'refused'} in the other"
            )
        if not a.ok and (a.error or ("",))[0] != (b.error or ("",))[0]:
            raise Falsified(f"{what}: {a.describe()} is refused with {a.error}, then {b.error}")
        if remap_events(a.events) != b.events:
            raise Falsified(
                f"{what}: {a.describe()}: events {a.events}, then (renumbered) {b.events}"
            )
        difference = snapshot_difference(
            a.after, b.after, creature_map, names=("first listing", "second listing")
        )
        if difference:
            raise Falsified(f"{what}: after {a.describe()}: {difference}")
        del index
    if len(first) != len(second):
        raise Falsified(f"{what}: {len(first)} actions in one listing, {len(second)} in the other")


@st.composite
def reordered_combats(draw: st.DrawFn) -> dict[str, Any]:
    scenario = draw(mst.combats())
    count = len(scenario["board"]["creatures"])
    order = draw(st.permutations(list(range(count))))
    return {"scenario": scenario, "order": list(order)}


def check_order(example: dict[str, Any], engine: Any) -> None:
    """The order in which creatures are listed never changes a result."""
    scenario, order = example["scenario"], example["order"]
    _runs(
        _own_records(scenario, engine),
        _own_records(renumber(scenario, order), engine),
        order,
        f"creatures listed in the order {order}",
    )


@st.composite
def combats_with_a_bystander(draw: st.DrawFn) -> dict[str, Any]:
    scenario = draw(mst.combats())
    board = scenario["board"]
    extra = draw(mst.bystanders(len(board["life"])))
    position = draw(st.integers(0, len(board["creatures"])))
    return {"scenario": scenario, "bystander": extra, "position": position}


def _with_bystander(example: dict[str, Any]) -> tuple[dict[str, Any], list[int | None]]:
    scenario = example["scenario"]
    order: list[int | None] = list(range(len(scenario["board"]["creatures"])))
    order.insert(example["position"], None)
    return renumber({**scenario, "extra": [example["bystander"]]}, order), order


def check_bystander(example: dict[str, Any], engine: Any) -> None:
    """Adding a creature that takes no part in the combat changes nothing,
    and nothing changes it, unless its controller leaves the game while the
    game goes on: then it leaves with them (800.4a)."""
    scenario = example["scenario"]
    crowded, order = _with_bystander(example)
    records = _own_records(crowded, engine)
    what = f"with a bystander at position {example['position']}"
    _runs(_own_records(scenario, engine), records, order, what)
    position = example["position"]
    first = records[0].before.creatures[position] if records else None
    for record in records:
        now = record.after.creatures[position]
        assert first is not None
        _, lost = record.after.players[first.controller]
        allowed = [first]
        if lost:
            gone = dataclasses.replace(first, on_battlefield=False)
            # Left with its controller, unless their loss ended the game.
            allowed = [first, gone] if record.after.game_over else [gone]
        if now not in allowed:
            raise Falsified(f"{what}: {record.describe()} changed the bystander: {first} -> {now}")


# ----------------------------------------------------------------------
# Reproducers: a combat as a ruling
# ----------------------------------------------------------------------


def _player(index: int) -> str:
    return PLAYER_NAMES[index] if index < len(PLAYER_NAMES) else f"Player{index}"


def _thing(thing: Any) -> str:
    kind, index = thing
    if kind == "player":
        return _player(index)
    if kind == "planeswalker":
        return f"w{index}"
    return f"c{index}"


def _setup(board: dict[str, Any]) -> dict[str, Any]:
    battlefield: dict[str, Any] = {}
    for i, c in enumerate(board["creatures"]):
        spec: dict[str, Any] = {
            "controller": _player(c["controller"]),
            "power": c["power"],
            "toughness": c["toughness"],
        }
        if c["damage"]:
            spec["damage"] = c["damage"]
        if c["keywords"]:
            spec["keywords"] = sorted(c["keywords"])
        if c["keyword_counters"]:
            spec["counters"] = {k: 1 for k in sorted(c["keyword_counters"])}
        if c["tapped"]:
            spec["tapped"] = True
        if c["summoning_sick"]:
            spec["summoning_sick"] = True
        if c["block_limit"] != 1:
            spec["block_limit"] = c["block_limit"]
        if c.get("regeneration_shields"):
            spec["regeneration_shields"] = c["regeneration_shields"]
        battlefield[f"c{i}"] = spec
    for w, walker in enumerate(board["planeswalkers"]):
        battlefield[f"w{w}"] = {
            "controller": _player(walker["controller"]),
            "types": ["planeswalker"],
            "loyalty": walker["loyalty"],
        }
    players = [
        _player(p) if life == 20 else {"name": _player(p), "life": life}
        for p, life in enumerate(board["life"])
    ]
    return {"players": players, "active_player": _player(0), "battlefield": battlefield}


def _action(record: Record) -> dict[str, Any] | None:
    kind, data = record.kind, record.action
    if kind == "attack":
        return {"attack": {f"c{a}": _thing(t) for a, t in data}}
    if kind == "block":
        grouped: dict[str, list[str]] = {}
        for b, a in data:
            grouped.setdefault(f"c{b}", []).append(f"c{a}")
        return {"block": {b: a[0] if len(a) == 1 else a for b, a in grouped.items()}}
    if kind in ("damage", "extra_step"):
        split: dict[str, dict[str, int]] = {}
        for source, recipient, amount in data or []:
            split.setdefault(f"c{source}", {})[_thing(recipient)] = amount
        return {"damage": split}
    if kind == "sba":
        return None  # the game checks state-based actions after every action (704.3)
    change = data["change"]
    name = f"c{data.get('creature', data.get('source'))}"
    if change in ("grant", "lose"):
        return {change: {name: sorted(data["keywords"])}}
    if change in ("add_counter", "remove_counter"):
        return {"counters": {name: {data["keyword"]: 1 if change == "add_counter" else -1}}}
    if change == "pump":
        return {"pump": {name: f"{data['power']:+d}/{data['toughness']:+d}"}}
    if change in ("tap", "untap", "remove_from_combat"):
        return {change: [name]}
    if change == "leave_battlefield":
        return {"move": {name: "exile"}}
    if change == "deal_damage":
        return {
            "deal_damage": {
                "source": name,
                "to": _thing(data["recipient"]),
                "amount": data["amount"],
            }
        }
    raise ValueError(change)


def playable(records: list[Record]) -> list[Record]:
    """The records a ruling can hold: only the last action may fail, so the
    refused actions before it (which changed nothing) are left out, and so
    is a refused request for a damage step at the very end."""
    kept = [r for r in records[:-1] if r.ok]
    if records and (records[-1].ok or records[-1].kind != "extra_step"):
        kept.append(records[-1])
    return kept


def _expectations(records: list[Record]) -> dict[str, Any]:
    last = records[-1]
    if not last.ok:
        kind, rule, fault = last.error
        category = getattr(errors, kind).category
        # The game model checks for a damage step left itself, with a fault of its own.
        named = fault and last.kind != "extra_step"
        return {"error": {"fault": f"{category}:{fault}" if named else category, "rule": rule}}
    dealt, gained, died, steps, regenerated = [], [], [], [], []
    for record in records:
        if not record.ok or record.events is None:
            continue
        step, damage, gains, deaths, walkers, _losers, regenerations = record.events
        regenerated += [f"c{c}" for c in regenerations]
        if step:
            steps.append(step)
        for source, recipient, amount, step_of in damage:
            dealt.append(
                {
                    "source": f"c{source}",
                    "to": _thing(recipient),
                    "amount": amount,
                    "step": step_of or "noncombat",
                }
            )
        for player, amount, source, _ in gains:
            gained.append({"player": _player(player), "amount": amount, "source": f"c{source}"})
        died += [f"c{c}" for c, _ in deaths] + [f"w{w}" for w in walkers]
    after = last.after
    on = [i for i, c in enumerate(after.creatures) if c.on_battlefield]
    expect: dict[str, Any] = {
        "dealt": dealt,
        "life_gained": gained,
        "life": {_player(p): life for p, (life, _) in enumerate(after.players)},
        "lost": [_player(p) for p, (_, lost) in enumerate(after.players) if lost],
        "died": sorted(died),
        "damage_steps": steps,
    }
    if regenerated:
        expect["regenerated"] = sorted(regenerated)
    if after.game_over:
        # 104.1, 104.2a, 104.4a: the game ended; "" is a draw.
        expect["game_over"] = True
        expect["winner"] = "" if after.winner is None else _player(after.winner)
    if on:
        expect["damage"] = {f"c{i}": after.creatures[i].damage for i in on}
        expect["tapped"] = {f"c{i}": after.creatures[i].tapped for i in on}
    walkers = {f"w{w}": n for w, n in enumerate(after.loyalty) if n > 0}
    if walkers:
        expect["loyalty"] = walkers
    return expect


_FEATURES = {
    "first strike": "first_strike",
    "double strike": "double_strike",
    "trample": "trample",
    "trample over planeswalkers": "trample_over_planeswalkers",
    "deathtouch": "deathtouch",
    "lifelink": "lifelink",
    "flying": "flying",
    "reach": "flying",
    "menace": "menace",
    "shadow": "shadow",
    "vigilance": "vigilance",
    "indestructible": "indestructible",
    "haste": "haste",
    "defender": "defender",
}


def combat_ruling(
    board: dict[str, Any], records: list[Record], *, name: str, statement: str, rules: list[str]
) -> dict[str, Any]:
    """The records as a ruling with one probe."""
    actions = [a for a in (_action(r) for r in records) if a is not None]
    features = {"combat_steps", "damage_assignment", "state_based_actions"}
    for c in board["creatures"]:
        for k in (*c["keywords"], *c["keyword_counters"]):
            if k in _FEATURES:
                features.add(_FEATURES[k])
        if c["keyword_counters"]:
            features.add("keyword_counters")
    if board["planeswalkers"]:
        features.add("planeswalkers")
    if any(c.get("regeneration_shields") for c in board["creatures"]):
        features.add("regeneration")
    if any(r.kind == "change" for r in records):
        features |= {"continuous_effects", "remove_from_combat"}
    if len(board["life"]) > 2:
        features.add("multiplayer")
    if records and records[-1].after.game_over:
        features.add("game_end")
    digest = hashlib.sha256(json.dumps([board, actions], sort_keys=True).encode()).hexdigest()[:8]
    return {
        "id": f"FUZZ-{name}-{digest}",
        "text": statement,
        "rules": rules,
        "features": sorted(features),
        "source": {"rule": rules[0]},
        "notes": "Found by mtgjudge fuzz. The expectations are what the reference model "
        "(mtgjudge.reference.combat) does; check them against the rules, and replace the "
        "text and source with the official text this reproduces, before adding it to the corpus.",
        "setup": _setup(board),
        "probe": [
            {
                "id": "reproducer",
                "description": f"The combat mtgjudge fuzz shrank ({name}).",
                "actions": actions,
                "expect": _expectations(records),
            }
        ],
    }


def verdict(data: dict[str, Any], engine: Any) -> str:
    """Runs a reproducer through the game model on the engine: a comment line."""
    from pathlib import Path

    from mtgjudge.check import check_ruling
    from mtgjudge.format.corpus import bundled_corpus
    from mtgjudge.format.ruling import build_ruling, read_features
    from mtgjudge.judge.outcome import PASSED

    try:
        features = read_features(bundled_corpus() / "features.toml")
        ruling = build_ruling(Path("reproducer.toml"), data, features)
        with kernel.using(engine):
            outcomes = check_ruling(ruling)
    except Exception as problem:
        return f"mtgjudge check couldn't run it: {problem}"
    failing = [o for o in outcomes if o.status != PASSED]
    if not failing:
        return "Note: run through the game model on this engine, this ruling passes."
    return f"On this engine, mtgjudge check says: {failing[0].status}: {failing[0].message}"


def reproduce(
    scenarios: list[dict[str, Any]],
    engine: Any,
    error: BaseException,
    *,
    name: str,
    statement: str,
    rules: list[str],
) -> str:
    """A ruling from the first scenario where the engine differs from the
    reference model, cut after the first action where they differ."""
    chosen = None
    for scenario in scenarios:
        found = first_difference(scenario, engine)
        if found:
            index, difference, records = found
            chosen = (scenario, [r for r in records[:index] if r.ok] + [records[index]], difference)
            break
    if chosen is None:
        scenario = scenarios[0]
        records = play(scenario, [ReferenceDriver(scenario["board"])]).records[0]
        chosen = (scenario, playable(records), "")
    scenario, records, difference = chosen
    data = combat_ruling(scenario["board"], records, name=name, statement=statement, rules=rules)
    header = [f"mtgjudge fuzz, {name}: {error}"]
    if difference:
        # The differential's error is the difference itself: say it once.
        shown = "(above)" if difference == str(error) else difference
        header.append(f"The engine differs from the reference model: {shown}")
    else:
        header.append(
            "The engine agrees with the reference model on this combat: the reference model "
            "breaks the property too."
        )
    header.append(verdict(data, engine))
    return ruling_toml(data, "\n".join(header))


def _reproducer(
    name: str,
    statement: str,
    rules: list[str],
    variants: Callable[[Any], list[dict[str, Any]]],
    check: Callable[[Any, Any], None],
) -> Callable[[Any, Any, BaseException], str]:
    def make(example: Any, engine: Any, error: BaseException) -> str:
        if variants(example) == [example]:
            # A plain scenario: leave out what the failure doesn't need.
            def fails(candidate: dict[str, Any]) -> bool:
                try:
                    check(candidate, engine)
                except Falsified:
                    return True
                except Exception:
                    return False
                return False

            example = prune(example, fails)
        return reproduce(
            variants(example), engine, error, name=name, statement=statement, rules=rules
        )

    return make


def targets() -> list[Target]:
    plain = lambda example: [example]  # noqa: E731
    specs = [
        (
            "differential",
            "The engine and the reference model agree on every event and every state.",
            ["510.1", "510.2", "702.19b"],
            mst.combats(),
            check_differential,
            plain,
            40,
        ),
        (
            "order",
            "The order in which creatures are listed never changes a result.",
            ["510.1"],
            reordered_combats(),
            check_order,
            lambda e: [e["scenario"], renumber(e["scenario"], e["order"])],
            15,
        ),
        (
            "bystander",
            "Adding a creature that takes no part in the combat changes nothing.",
            ["506.4", "510.1"],
            combats_with_a_bystander(),
            check_bystander,
            lambda e: [e["scenario"], _with_bystander(e)[0]],
            15,
        ),
        (
            "conservation",
            "Damage dealt equals damage received by creatures plus damage to players and planeswalkers.",
            ["120.3", "510.2"],
            mst.combats(),
            check_conservation,
            plain,
            20,
        ),
        (
            "lifelink",
            "Damage dealt by a source with lifelink causes its controller to gain that much life, in one event per source.",
            ["702.15b", "702.15e"],
            mst.combats(),
            check_lifelink,
            plain,
            20,
        ),
        (
            "one-step",
            "Without first strike or double strike in combat as the combat damage step begins, there is exactly one combat damage step.",
            ["510.4"],
            mst.combats(),
            check_one_step,
            plain,
            20,
        ),
        (
            "first-step",
            "A creature with neither first strike nor double strike as the first combat damage step begins deals no damage in that step.",
            ["510.4", "702.7b"],
            mst.combats(),
            check_first_step,
            plain,
            20,
        ),
        (
            "trample",
            "A trampler assigns damage to the player or planeswalker only once every blocker is assigned lethal damage.",
            ["702.19b", "702.2c"],
            mst.combats(),
            check_trample,
            plain,
            20,
        ),
    ]
    return [
        Target(
            name=f"combat/{name}",
            description=statement,
            strategy=strategy,
            check=check,
            reproducer=_reproducer(name, statement, rules, variants, check),
            examples=examples,
        )
        for name, statement, rules, strategy, check, variants, examples in specs
    ]
