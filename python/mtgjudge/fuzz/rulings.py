"""Fuzz targets built from the corpus:

- ``ruling/ID``, one per parametric ruling: parameter values drawn from their
  domains; every probe of the instance must pass on the engine.
- ``consistency/corpus``: probes whose situations coincide after
  normalization (:mod:`mtgjudge.fuzz.consistency`) must agree: the whole
  corpus at its examples, and instances of parametric rulings drawn at
  random against it.
- ``consistency/PRINCIPLE``, one per principle that several rulings state
  (their ``principle`` key): the rulings are instantiated with the same
  random values, and where their probes coincide they must agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from mtgjudge import kernel
from mtgjudge.check import check_ruling
from mtgjudge.errors import RulingFormatError
from mtgjudge.format.parameters import Parameter
from mtgjudge.format.ruling import Ruling
from mtgjudge.format.writer import ruling_toml
from mtgjudge.fuzz.consistency import Index, Situation, disagreements, situations
from mtgjudge.fuzz.runner import Falsified, Target
from mtgjudge.judge.outcome import PASSED
from mtgjudge.judge.run import DEFAULT_TIMEOUT


def parameter_values(parameters: dict[str, Parameter]) -> st.SearchStrategy[dict[str, Any]]:
    """Values from each parameter's domain."""
    return st.fixed_dictionaries(
        {
            name: st.sampled_from(p.values)
            if p.values is not None
            else st.integers(p.minimum, p.maximum)
            for name, p in parameters.items()
        }
    )


def _instance(ruling: Ruling, values: dict[str, Any]) -> Ruling:
    try:
        return ruling.with_values(values)
    except RulingFormatError as error:
        raise Falsified(f"the instance doesn't load: {error}") from None


def _failures(instance: Ruling, engine: Any, timeout: float | None) -> list[str]:
    with kernel.using(engine):
        outcomes = check_ruling(instance, timeout)
    return [f"{o.id}: {o.status}: {o.message}" for o in outcomes if o.status != PASSED]


def _values_text(values: dict[str, Any]) -> str:
    return ", ".join(f"{name} = {value!r}" for name, value in values.items())


def instance_toml(instance: Ruling, header: str, probes: Sequence[str] | None = None) -> str:
    """An instance of a ruling as a ruling file, with only the given probes."""
    data = dict(instance.instance)
    if probes is not None:
        data["probe"] = [p for p in data["probe"] if p["id"] in probes] or data["probe"]
    return ruling_toml(data, header)


def _names(names: Sequence[str], most: int = 8) -> str:
    """Names for a description: the first few, then how many more."""
    shown = ", ".join(names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")


def parametric_target(ruling: Ruling, timeout: float | None = DEFAULT_TIMEOUT) -> Target:
    def check(values: dict[str, Any], engine: Any) -> None:
        failures = _failures(_instance(ruling, values), engine, timeout)
        if failures:
            raise Falsified("; ".join(failures))

    def reproducer(values: dict[str, Any], engine: Any, error: BaseException) -> str:
        try:
            instance = ruling.with_values(values)
        except RulingFormatError as problem:
            return f"# {ruling.id} with {_values_text(values)} doesn't load: {problem}\n"
        with kernel.using(engine):
            outcomes = check_ruling(instance, timeout)
        failing = [o.probe.id for o in outcomes if o.status != PASSED and o.probe]
        header = (
            f"mtgjudge fuzz: {ruling.id} ({ruling.path.name}) with {_values_text(values)}\n"
            f"{error}\n"
            "The ruling with these values put in (the failing probes only):"
        )
        return instance_toml(instance, header, failing)

    return Target(
        name=f"ruling/{ruling.id}",
        description=f"{ruling.id} holds for every value of {_names(list(ruling.parameters))}.",
        strategy=parameter_values(ruling.parameters),
        check=check,
        reproducer=reproducer,
        examples=15,
    )


def _conflict_toml(pairs: list[tuple[Situation, Situation, list[str]]], title: str) -> str:
    a, b, problems = pairs[0]
    header = f"{title}\n" + "\n".join(problems)
    return (
        instance_toml(a.ruling, header + f"\n\nThe first: {a.label}", [a.probe.id])
        + "\n# ----- the second ruling -----\n\n"
        + instance_toml(b.ruling, f"The second: {b.label}", [b.probe.id])
    )


def corpus_target(rulings: Sequence[Ruling]) -> Target:
    index = Index(rulings)
    static = index.conflicts()
    parametric = [r for r in rulings if r.is_parametric]

    @st.composite
    def draws(draw: st.DrawFn) -> tuple[str, dict[str, Any]] | None:
        if not parametric:
            return None
        ruling = draw(st.sampled_from(parametric))
        return ruling.id, draw(parameter_values(ruling.parameters))

    by_id = {r.id: r for r in parametric}

    def conflicts(example: tuple[str, dict[str, Any]] | None) -> list:
        if static:
            return static
        if example is None:
            return []
        ruling_id, values = example
        found = []
        for item in situations(_instance(by_id[ruling_id], values)):
            found += [(item, other, problems) for other, problems in index.against(item)]
        return found

    def check(example: Any, engine: Any) -> None:
        found = conflicts(example)
        if found:
            a, b, problems = found[0]
            raise Falsified(f"{a.label} and {b.label} disagree: {'; '.join(problems)}")

    def reproducer(example: Any, engine: Any, error: BaseException) -> str:
        return _conflict_toml(
            conflicts(example),
            "mtgjudge fuzz, consistency/corpus: two probes of the same "
            "situation (after normalization) expect different results.",
        )

    return Target(
        name="consistency/corpus",
        description="Probes whose situations coincide after normalization expect the same results.",
        strategy=draws(),
        check=check,
        reproducer=reproducer,
        examples=30,
    )


def principles(rulings: Sequence[Ruling]) -> dict[str, list[Ruling]]:
    groups: dict[str, list[Ruling]] = {}
    for ruling in rulings:
        if ruling.principle:
            groups.setdefault(ruling.principle, []).append(ruling)
    return {name: members for name, members in groups.items() if len(members) > 1}


def shared_parameters(members: Sequence[Ruling]) -> dict[str, Parameter]:
    """The parameters every member declares with the same domain."""
    first = members[0].parameters
    shared = {}
    for name, p in first.items():
        same = all(
            name in m.parameters
            and (m.parameters[name].minimum, m.parameters[name].maximum, m.parameters[name].values)
            == (p.minimum, p.maximum, p.values)
            for m in members[1:]
        )
        if same:
            shared[name] = p
    return shared


def principle_target(name: str, members: Sequence[Ruling]) -> Target:
    parameters = shared_parameters(members)

    def conflicts(values: dict[str, Any]) -> list:
        items: list[Situation] = []
        for member in members:
            own = {k: v for k, v in values.items() if k in member.parameters}
            items += situations(_instance(member, own) if own else member)
        index: dict[str, list[Situation]] = {}
        for item in items:
            index.setdefault(item.key, []).append(item)
        found = []
        for group in index.values():
            for i, a in enumerate(group):
                for b in group[i + 1 :]:
                    if a.ruling.id != b.ruling.id:
                        problems = disagreements(a, b)
                        if problems:
                            found.append((a, b, problems))
        return found

    def check(values: dict[str, Any], engine: Any) -> None:
        found = conflicts(values)
        if found:
            a, b, problems = found[0]
            raise Falsified(f"{a.label} and {b.label} disagree: {'; '.join(problems)}")

    def reproducer(values: dict[str, Any], engine: Any, error: BaseException) -> str:
        return _conflict_toml(
            conflicts(values),
            f"mtgjudge fuzz, consistency/{name}: rulings that state the same principle "
            f"disagree with {_values_text(values)}.",
        )

    ids = ", ".join(m.id for m in members)
    return Target(
        name=f"consistency/{name}",
        description=f"{ids} state the same principle and agree wherever their probes coincide.",
        strategy=parameter_values(parameters),
        check=check,
        reproducer=reproducer,
        examples=15,
    )


def targets(rulings: Sequence[Ruling], timeout: float | None = DEFAULT_TIMEOUT) -> list[Target]:
    """The targets of a corpus; ``timeout`` is each probe's time limit."""
    result = [corpus_target(rulings)]
    result += [principle_target(name, members) for name, members in principles(rulings).items()]
    result += [parametric_target(r, timeout) for r in rulings if r.is_parametric]
    return result
