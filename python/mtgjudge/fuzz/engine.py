"""Fuzz targets for an engine behind the protocol (``mtgjudge fuzz --engine CMD``):

- ``engine/ruling/ID``: a parametric ruling over its domains: every probe of
  every instance must pass on the engine;
- ``engine/order``: a probe of the corpus with its objects listed in another
  order must give the engine's same observations (nothing in the rules
  depends on the order a battlefield, a hand or exile is written in);
- ``engine/combat``: random combats, the engine against mtgjudge's model,
  on every observation of life, damage, deaths and life gain.

What the engine's handshake doesn't support is left out: a target whose
examples it can't run isn't made, and an example it can't run is passed
over (and counted).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from mtgjudge.adapters.model import ModelEngine
from mtgjudge.errors import RulingFormatError
from mtgjudge.format.ruling import Probe, Ruling, build_ruling
from mtgjudge.format.writer import ruling_toml
from mtgjudge.fuzz.combat import combat_ruling, playable
from mtgjudge.fuzz.rulings import instance_toml, parameter_values
from mtgjudge.fuzz.runner import Falsified, Target
from mtgjudge.judge.compare import mismatches
from mtgjudge.judge.outcome import ERROR, FAILED
from mtgjudge.judge.probes import missing, needs, probe_message
from mtgjudge.judge.run import run_one
from mtgjudge.protocol.engine import Engine
from mtgjudge.protocol.messages import answer_problems
from mtgjudge.testing import strategies as mst
from mtgjudge.testing.scenarios import ReferenceDriver, play

#: The zones whose order means nothing (400.5: a library's and a
#: graveyard's order can't be changed).
UNORDERED_ZONES = ("battlefield", "hand", "exile")


class Passed:
    """How many examples each target couldn't run on the engine."""

    def __init__(self) -> None:
        self.over: dict[str, int] = {}

    def note(self, target: str) -> None:
        self.over[target] = self.over.get(target, 0) + 1


def _failures(engine: Engine, supports: dict[str, Any], ruling: Ruling) -> list[str]:
    return [
        f"{outcome.id}: {outcome.status}: {outcome.message}"
        for outcome in (run_one(engine, supports, ruling, probe) for probe in ruling.probes)
        if outcome.status in (FAILED, ERROR)
    ]


def _supported(ruling: Ruling, probe: Probe, supports: dict[str, Any]) -> bool:
    return missing(needs(ruling, probe_message(ruling, probe)), supports) is None


def parametric_target(ruling: Ruling, supports: dict[str, Any], passed: Passed) -> Target:
    name = f"engine/ruling/{ruling.id}"

    def check(values: dict[str, Any], engine: Engine) -> None:
        try:
            instance = ruling.with_values(values)
        except RulingFormatError:
            passed.note(name)  # the model's own fuzzing judges instances that don't load
            return
        failures = _failures(engine, supports, instance)
        if failures:
            raise Falsified("; ".join(failures))

    def reproducer(values: dict[str, Any], engine: Engine, error: BaseException) -> str:
        instance = ruling.with_values(values)
        failing = [line.split(":")[0].split("/")[-1] for line in str(error).split("; ")]
        header = f"mtgjudge fuzz --engine: {ruling.id} with {values}\n{error}"
        return instance_toml(instance, header, failing)

    return Target(
        name=name,
        description=f"{ruling.id} holds on the engine for every value of "
        f"{', '.join(ruling.parameters)}.",
        strategy=parameter_values(ruling.parameters),
        check=check,
        reproducer=reproducer,
        examples=10,
    )


def _reordered(message: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The probe with the objects of each unordered zone, and the entries of
    each action's table, in a random order. A library and a graveyard keep
    their order (400.5)."""

    def shuffled(table: dict[str, Any]) -> dict[str, Any]:
        items = list(table.items())
        rng.shuffle(items)
        return dict(items)

    setup = dict(message["setup"])
    for zone in UNORDERED_ZONES:
        if zone in setup:
            setup[zone] = shuffled(setup[zone])
    actions = [
        {
            kind: shuffled(args)
            if isinstance(args, dict) and kind in ("attack", "block", "damage")
            else args
        }
        for action in message["actions"]
        for kind, args in action.items()
    ]
    return {**message, "setup": setup, "actions": actions}


def _as_expectations(answer: dict[str, Any]) -> dict[str, Any]:
    """An answer's final observations, as expectations another answer must meet."""
    expect = dict(answer["final"])
    refused = answer.get("refused")
    if refused is not None and refused.get("fault"):
        expect["error"] = {"fault": refused["fault"]}
    return expect


def _difference(first: dict[str, Any], second: dict[str, Any], probe: dict[str, Any]) -> str:
    problems = answer_problems(second, probe)
    if problems:
        return "malformed answer: " + "; ".join(problems[:3])
    if first["type"] != "result" or second["type"] != "result":
        return "" if first["type"] == second["type"] else f"{first['type']} vs {second['type']}"
    refused = second.get("refused")
    expect = _as_expectations(first)
    if first.get("refused") is None and refused is not None:
        return f"refused action {refused['action']} ({refused.get('fault')})"
    return "; ".join(mismatches(expect, second["final"], refused))


def order_target(corpus: list[Ruling], supports: dict[str, Any]) -> Target | None:
    probes = [
        (ruling, probe)
        for ruling in corpus
        if not ruling.is_parametric
        for probe in ruling.probes
        if _supported(ruling, probe, supports)
    ]
    if not probes:
        return None

    def check(example: tuple[int, int], engine: Engine) -> None:
        index, seed = example
        ruling, probe = probes[index]
        message = probe_message(ruling, probe)
        first = engine.run(message)
        if answer_problems(first, message):
            return  # the corpus run reports a malformed answer already
        other = _reordered(message, random.Random(seed))
        difference = _difference(first, engine.run(other), other)
        if difference:
            raise Falsified(f"{probe.full_id}, its objects listed in another order: {difference}")

    def reproducer(example: tuple[int, int], engine: Engine, error: BaseException) -> str:
        index, seed = example
        ruling, probe = probes[index]
        other = _reordered(probe_message(ruling, probe), random.Random(seed))
        data = {
            **ruling.instance,
            "setup": {
                key: value
                for key, value in other["setup"].items()
                if key in ruling.instance["setup"]
            },
        }
        data["probe"] = [p for p in data["probe"] if p["id"] == probe.id]
        return ruling_toml(data, f"mtgjudge fuzz --engine, engine/order: {error}")

    return Target(
        name="engine/order",
        description="the order in which a probe lists its objects doesn't change what the "
        "engine observes",
        strategy=st.tuples(st.integers(0, len(probes) - 1), st.integers(0, 2**32 - 1)),
        check=check,
        reproducer=reproducer,
        examples=30,
    )


def _combat(scenario: dict[str, Any], features: tuple[str, ...]) -> Ruling | None:
    records = playable(play(scenario, [ReferenceDriver(scenario["board"])]).records[0])
    if not records:
        return None
    data = combat_ruling(
        scenario["board"],
        records,
        name="engine",
        statement="A random combat: the engine must observe what mtgjudge's model does.",
        rules=["510.1"],
    )
    try:
        return build_ruling(Path("engine-combat.toml"), data, features)
    except RulingFormatError:
        return None


def _everything(ruling: Ruling) -> dict[str, Any]:
    """Every observation of a combat: life, damage, deaths, life gain."""
    setup = ruling.setup
    players = [p if isinstance(p, str) else p["name"] for p in setup["players"]]
    creatures = [
        ref
        for ref, obj in setup.get("battlefield", {}).items()
        if "creature" in obj.get("types", ()) or "power" in obj
    ]
    return {
        "life": players,
        "lost": True,
        "dealt": True,
        "died": True,
        "damage": creatures,
        "life_gained": True,
    }


def combat_target(
    features: tuple[str, ...], supports: dict[str, Any], passed: Passed
) -> Target | None:
    name = "engine/combat"
    wanted = {"life", "dealt", "died", "damage", "lost", "life_gained"}
    if not {"attack", "block", "damage"} <= set(supports.get("actions", ())):
        return None
    if not wanted <= set(supports.get("observations", ())):
        return None
    model = ModelEngine()

    def messages(scenario: dict[str, Any]) -> tuple[Ruling, dict[str, Any]] | None:
        ruling = _combat(scenario, features)
        if ruling is None:
            return None
        message = {**probe_message(ruling, ruling.probes[0]), "observe": _everything(ruling)}
        if missing(needs(ruling, message), supports) is not None:
            return None
        return ruling, message

    def check(scenario: dict[str, Any], engine: Engine) -> None:
        made = messages(scenario)
        if made is None:
            passed.note(name)
            return
        _ruling, message = made
        difference = _difference(model.run(message), engine.run(message), message)
        if difference:
            raise Falsified(f"the engine differs from mtgjudge's model: {difference}")

    def reproducer(scenario: dict[str, Any], engine: Engine, error: BaseException) -> str:
        made = messages(scenario)
        assert made is not None
        ruling, _message = made
        return ruling_toml(
            ruling.raw,
            f"mtgjudge fuzz --engine, engine/combat: {error}\n"
            "The expectations are what mtgjudge's model (and its reference model) does: check "
            "them against the Comprehensive Rules before trusting either side.",
        )

    return Target(
        name=name,
        description="on random combats, the engine observes what mtgjudge's model does",
        strategy=mst.combats(),
        check=check,
        reproducer=reproducer,
        examples=40,
    )


def engine_targets(
    corpus: list[Ruling], features: tuple[str, ...], supports: dict[str, Any]
) -> tuple[list[Target], Passed]:
    """The targets an engine with these ``supports`` can run."""
    passed = Passed()
    found: list[Target] = []
    for ruling in corpus:
        if ruling.is_parametric and all(
            _supported(ruling, probe, supports) for probe in ruling.probes
        ):
            found.append(parametric_target(ruling, supports, passed))
    for target in (order_target(corpus, supports), combat_target(features, supports, passed)):
        if target is not None:
            found.append(target)
    return found, passed
