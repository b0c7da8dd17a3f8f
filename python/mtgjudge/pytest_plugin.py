"""A pytest plugin (entry point ``pytest11``) that collects ruling files as
tests: one item per probe, named after the ruling and probe ids.

Any ``*.toml`` file below a directory holding ``features.toml`` is a ruling
file, apart from ``features.toml`` and ``unsupported.toml`` themselves."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgjudge.check import check_probe
from mtgjudge.errors import RulingFormatError
from mtgjudge.format.corpus import is_ruling_file
from mtgjudge.format.ruling import Probe, Ruling, load_ruling, read_features
from mtgjudge.judge.explain import explain_outcome
from mtgjudge.judge.outcome import PASSED, Outcome

_features_cache: dict[Path, tuple[str, ...]] = {}
_ids_seen_key = pytest.StashKey[dict]()


def _features_root(path: Path) -> Path | None:
    for directory in path.resolve().parents:
        if (directory / "features.toml").is_file():
            return directory
    return None


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    if file_path.suffix != ".toml" or not is_ruling_file(file_path):
        return None
    root = _features_root(file_path)
    if root is None:
        return None
    return RulingFile.from_parent(parent, path=file_path, root=root)


class RulingFailure(Exception):
    def __init__(self, outcome: Outcome):
        super().__init__(outcome.message)
        self.outcome = outcome


class RulingFile(pytest.File):
    def __init__(self, *, root: Path, **kwargs):
        super().__init__(**kwargs)
        self.root = root

    def collect(self):
        try:
            if self.root not in _features_cache:
                _features_cache[self.root] = read_features(self.root / "features.toml")
            ruling = load_ruling(self.path, _features_cache[self.root])
        except RulingFormatError as problem:
            yield BrokenRulingItem.from_parent(self, name=self.path.name, problem=problem)
            return
        seen = self.session.stash.setdefault(_ids_seen_key, {})
        if ruling.id in seen:
            problem = RulingFormatError(
                str(self.path),
                "id",
                f"duplicate id {ruling.id!r}; {seen[ruling.id]} has it already",
            )
            yield BrokenRulingItem.from_parent(self, name=self.path.name, problem=problem)
            return
        seen[ruling.id] = self.path
        for probe in ruling.probes:
            yield ProbeItem.from_parent(self, name=probe.full_id, ruling=ruling, probe=probe)


class ProbeItem(pytest.Item):
    def __init__(self, *, ruling: Ruling, probe: Probe, **kwargs):
        super().__init__(**kwargs)
        self.ruling = ruling
        self.probe = probe
        for feature in ruling.features:
            self.add_marker(getattr(pytest.mark, f"feature_{feature}"))

    def runtest(self) -> None:
        outcome = check_probe(self.ruling, self.probe)
        if outcome.status != PASSED:
            raise RulingFailure(outcome)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, RulingFailure):
            return explain_outcome(excinfo.value.outcome)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, None, f"ruling {self.probe.full_id}"


class BrokenRulingItem(pytest.Item):
    """A ruling file that doesn't load: one failing test, so that it is never silently dropped."""

    def __init__(self, *, problem: RulingFormatError, **kwargs):
        super().__init__(**kwargs)
        self.problem = problem

    def runtest(self) -> None:
        raise self.problem

    def repr_failure(self, excinfo, style=None):
        return str(self.problem)

    def reportinfo(self):
        return self.path, None, f"ruling file {self.path.name}"


def pytest_configure(config: pytest.Config) -> None:
    from mtgjudge.format.corpus import bundled_corpus

    try:
        features = read_features(bundled_corpus() / "features.toml")
    except RulingFormatError:
        features = ()
    for feature in features:
        config.addinivalue_line(
            "markers",
            f"feature_{feature}: the ruling needs the feature {feature} (rulings/features.toml)",
        )
