"""A loaded ruling, and the loader that turns a file into a :class:`Ruling`
or a :class:`~mtgjudge.errors.RulingFormatError` naming the file, the key
path and what was expected."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mtgjudge.errors import RulingFormatError
from mtgjudge.format.checks import check_meaning
from mtgjudge.format.files import read_toml
from mtgjudge.format.parameters import (
    Parameter,
    checked_values,
    instantiate,
    read_parameters,
    without_omitted,
)
from mtgjudge.format.rules import check_citations
from mtgjudge.format.schema import ruling_spec
from mtgjudge.format.spec import (
    OMITTED,
    FormatProblem,
    join,
)

# ----- loaded rulings -----


@dataclass
class Action:
    kind: str
    args: Any
    key_path: str


@dataclass
class Probe:
    id: str
    ruling_id: str
    description: str
    actions: list[Action]
    expect: dict[str, Any]
    key_path: str

    @property
    def full_id(self) -> str:
        return f"{self.ruling_id}/{self.id}"


@dataclass
class Ruling:
    path: Path
    id: str
    text: str
    rules: list[str]
    features: list[str]
    source: dict[str, Any]
    setup: dict[str, Any]
    probes: list[Probe]
    notes: str = ""
    #: The file as written (with its formulas, for a parametric ruling).
    raw: dict[str, Any] = field(default_factory=dict, repr=False)
    #: The parameters, by name; empty for a plain ruling.
    parameters: dict[str, Parameter] = field(default_factory=dict)
    #: The parameter values of this instance (the example when loaded).
    values: dict[str, Any] = field(default_factory=dict)
    #: The ruling with this instance's values put in: no formulas, no
    #: `parameters`, and only the list items whose `when` holds.
    instance: dict[str, Any] = field(default_factory=dict, repr=False)
    principle: str = ""
    features_known: tuple[str, ...] = field(default=(), repr=False)

    @property
    def is_parametric(self) -> bool:
        return bool(self.parameters)

    def attribution(self) -> str:
        cards = self.source.get("cards")
        if cards:
            return "; ".join(f"{card['name']} ({card['date']})" for card in cards)
        return f"Comprehensive Rules {self.source['rule']}"

    def with_values(self, values: Mapping[str, Any]) -> Ruling:
        """The same ruling instantiated with other parameter values (those
        not given keep their example value). Raises RulingFormatError if the
        instance doesn't load, naming the values."""
        chosen = {name: p.example for name, p in self.parameters.items()}
        chosen.update(values)
        return build_ruling(self.path, self.raw, self.features_known, chosen)


def read_feature_table(root: Path) -> dict[str, dict[str, Any]]:
    """The features of ``root/features.toml``, each with its description."""
    path = root / "features.toml"
    data = _read_toml(path)
    table = data.get("features")
    if not isinstance(table, dict) or not table:
        raise RulingFormatError(str(path), "features", "expected a table of features")
    for name, entry in table.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("description"), str):
            raise RulingFormatError(
                str(path), join("features", name), "expected a table with a description"
            )
    return table


def read_features(path: Path) -> tuple[str, ...]:
    """The names of the features in a ``features.toml``."""
    return tuple(read_feature_table(path.parent))


def _read_toml(path: Path) -> dict[str, Any]:
    return read_toml(path)


def load_ruling(path: Path, features: tuple[str, ...]) -> Ruling:
    """Reads and checks one ruling file. A parametric ruling is instantiated
    with its example values."""
    return build_ruling(path, _read_toml(path), features)


def build_ruling(
    path: Path,
    data: dict[str, Any],
    features: tuple[str, ...],
    values: Mapping[str, Any] | None = None,
) -> Ruling:
    """Checks ``data`` (a ruling file's content) and builds the ruling with
    the given parameter values (default: the examples)."""
    parameters: dict[str, Parameter] = {}
    chosen: dict[str, Any] = dict(values or {})
    try:
        parameters = read_parameters(data)
        if values is None:
            chosen = {name: p.example for name, p in parameters.items()}
        else:
            chosen = checked_values(parameters, values)
        instance = instantiate(data, chosen)
        probes = instance.get("probe")
        if values is None and isinstance(probes, list):
            for i, probe in enumerate(probes):
                if probe is OMITTED:
                    raise FormatProblem(
                        join(join("probe", i), "when"),
                        "must hold for the example values: `mtgjudge check` runs the "
                        "example, and each probe must run there",
                    )
        spec = ruling_spec(features)
        checked = spec.check(instance, "")
        # A second pass, now that the setup's names are known.
        spec.check(instance, "", check_meaning(checked))
        check_citations(checked)
    except FormatProblem as problem:
        where = ""
        if values is not None and chosen:
            where = " (with " + ", ".join(f"{k} = {v!r}" for k, v in chosen.items()) + ")"
        raise RulingFormatError(str(path), problem.key_path, problem.expected + where) from None
    probes = []
    kept = [(i, p) for i, p in enumerate(instance["probe"]) if p is not OMITTED]
    for (i, raw_probe), probe in zip(kept, checked["probe"]):
        raw_actions = [
            (j, a) for j, a in enumerate(raw_probe.get("actions", [])) if a is not OMITTED
        ]
        probes.append(
            Probe(
                id=probe["id"],
                ruling_id=checked["id"],
                description=probe.get("description", ""),
                actions=[
                    Action(
                        kind=next(iter(action)),
                        args=next(iter(action.values())),
                        key_path=join(join(join("probe", i), "actions"), j),
                    )
                    for (j, _), action in zip(raw_actions, probe.get("actions", []))
                ],
                expect=probe["expect"],
                key_path=join("probe", i),
            )
        )
    return Ruling(
        path=path,
        id=checked["id"],
        text=checked["text"],
        rules=checked["rules"],
        features=checked["features"],
        source=checked["source"],
        setup=checked["setup"],
        probes=probes,
        notes=checked.get("notes", ""),
        raw=data,
        parameters=parameters,
        values=chosen,
        instance=without_omitted({k: v for k, v in instance.items() if k != "parameters"}),
        principle=checked.get("principle", ""),
        features_known=features,
    )
