"""A pytest plugin (entry point ``pytest11``) that collects ruling files as
tests: one item per probe, named after the ruling and probe ids.

Any ``*.toml`` file below a directory holding ``features.toml`` is a ruling
file, apart from ``features.toml`` and ``unsupported.toml`` themselves.

By default each probe runs on our own model. ``--engine CMD`` runs them on
another engine through the protocol (``docs/protocol.md``), started once for
the session; a probe the engine doesn't support is skipped with the reason
(never passed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgjudge.check import check_probe
from mtgjudge.errors import RulingFormatError
from mtgjudge.format.corpus import is_ruling_file
from mtgjudge.format.ruling import Probe, Ruling, load_ruling, read_features
from mtgjudge.judge.explain import explain_outcome
from mtgjudge.judge.outcome import PASSED, UNSUPPORTED, Outcome

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
        engine = _session_engine(self.config)
        if engine is None:
            outcome = check_probe(self.ruling, self.probe)
        else:
            from mtgjudge.judge.run import run_one

            outcome = run_one(
                engine.engine, engine.supports, self.ruling, self.probe, engine.timeout
            )
        if outcome.status == UNSUPPORTED:
            pytest.skip(outcome.message)
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


class _SessionEngine:
    """The engine given by ``--engine``, started once, with its handshake."""

    def __init__(self, command: str, timeout: float) -> None:
        from mtgjudge.protocol.messages import hello_problems
        from mtgjudge.protocol.process import ProcessEngine

        self.timeout = timeout
        self.engine = ProcessEngine(command, timeout=timeout)
        hello = self.engine.hello()
        problems = hello_problems(hello)
        if problems:
            raise pytest.UsageError(f"--engine {command}: bad handshake: {'; '.join(problems)}")
        self.supports = hello["supports"]


_engine_key = pytest.StashKey["_SessionEngine | None"]()


def _session_engine(config: pytest.Config) -> _SessionEngine | None:
    command = config.getoption("mtgjudge_engine", None)
    if not command:
        return None
    if _engine_key not in config.stash:
        config.stash[_engine_key] = _SessionEngine(
            command, config.getoption("mtgjudge_engine_timeout")
        )
    return config.stash[_engine_key]


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mtgjudge")
    group.addoption(
        "--engine",
        dest="mtgjudge_engine",
        metavar="CMD",
        help="run the ruling probes on this engine (a command speaking the mtgjudge protocol) "
        "instead of mtgjudge's own model",
    )
    group.addoption(
        "--engine-timeout",
        dest="mtgjudge_engine_timeout",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="the time limit of each probe on --engine (default 30)",
    )


def pytest_unconfigure(config: pytest.Config) -> None:
    engine = config.stash.get(_engine_key, None)
    if engine is not None:
        engine.engine.close()


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
