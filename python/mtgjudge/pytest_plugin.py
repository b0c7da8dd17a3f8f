"""A pytest plugin (entry point ``pytest11``) that collects ruling files as
tests: one item per probe, named after the ruling and probe ids.

A ``*.toml`` file is a ruling file when it is below a folder holding
``features.toml`` (apart from that folder's own ``features.toml`` and
``unsupported.toml``), or, anywhere else, when it has probes (a top-level
``probe``): then it is read with the bundled corpus's features, as
``mtgjudge check`` reads it. Nothing in a folder of rulings is left out
silently (see :mod:`mtgjudge.pytest_folders`).

``--mtgjudge-timeout SECONDS`` (or the ini option ``mtgjudge_timeout``) is
each probe's time limit; 0 means none.

By default each probe runs on our own model. ``--engine CMD`` runs them on
another engine through the protocol (``docs/protocol.md``), started once for
the session; a probe the engine doesn't support is skipped with the reason
(never passed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgjudge.check import check_probe
from mtgjudge.errors import RulingFormatError
from mtgjudge.format.corpus import bundled_corpus, find_root, is_ruling_file
from mtgjudge.format.ruling import Probe, Ruling, load_ruling, read_features
from mtgjudge.judge.explain import explain_outcome
from mtgjudge.judge.outcome import PASSED, UNSUPPORTED, Outcome
from mtgjudge.judge.run import DEFAULT_TIMEOUT
from mtgjudge.pytest_folders import Duplicate, VerdictRepr, looks_like_a_ruling, met_before

_features_cache: dict[Path, tuple[str, ...]] = {}
_ids_seen_key = pytest.StashKey[dict]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mtgjudge", "mtgjudge rulings")
    group.addoption(
        "--engine",
        dest="mtgjudge_engine",
        metavar="CMD",
        help="run the ruling probes on this engine (a command speaking the mtgjudge protocol) "
        "instead of mtgjudge's own model",
    )
    group.addoption(
        "--mtgjudge-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help=f"the time limit of each ruling probe (default {DEFAULT_TIMEOUT:g}; 0: none)",
    )
    parser.addini(
        "mtgjudge_timeout",
        help=f"the time limit of each ruling probe, in seconds (default {DEFAULT_TIMEOUT:g})",
        default=str(DEFAULT_TIMEOUT),
    )


def _timeout(config: pytest.Config) -> float | None:
    given = config.getoption("mtgjudge_timeout", None)
    if given is None:
        given = float(config.getini("mtgjudge_timeout") or DEFAULT_TIMEOUT)
    return given or None


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    if file_path.suffix != ".toml":
        return None
    root = find_root(file_path)
    if root is None:
        if not looks_like_a_ruling(file_path):
            return None
        root = bundled_corpus()
    elif not is_ruling_file(file_path, root):
        return None
    first = met_before(parent.session, file_path)
    if first is not None:
        return Duplicate.from_parent(parent, path=file_path, first=first)
    return RulingFile.from_parent(parent, path=file_path, root=root)


if hasattr(pytest, "Directory"):  # pytest 8 and newer

    @pytest.hookimpl(tryfirst=True)
    def pytest_collect_directory(path: Path, parent: pytest.Collector):
        from mtgjudge.pytest_folders import RulingFolder

        if find_root(path) is None:
            return None  # not a folder of rulings: pytest's own collection
        first = met_before(parent.session, path)
        if first is not None:
            return Duplicate.from_parent(parent, path=path, first=first)
        return RulingFolder.from_parent(parent, path=path)


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
            outcome = check_probe(self.ruling, self.probe, _timeout(self.config))
        else:
            from mtgjudge.judge.run import run_one

            outcome = run_one(
                engine.engine, engine.supports, self.ruling, self.probe, _timeout(self.config)
            )
        if outcome.status == UNSUPPORTED:
            pytest.skip(outcome.message)
        if outcome.status != PASSED:
            raise RulingFailure(outcome)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, RulingFailure):
            outcome = excinfo.value.outcome
            verdict = f"{outcome.status}: {outcome.message}".rstrip(": ")
            return VerdictRepr(explain_outcome(outcome), verdict, self.path)
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
        return VerdictRepr(str(self.problem), str(self.problem), self.path)

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
        config.stash[_engine_key] = _SessionEngine(command, _timeout(config) or DEFAULT_TIMEOUT)
    return config.stash[_engine_key]


def pytest_unconfigure(config: pytest.Config) -> None:
    engine = config.stash.get(_engine_key, None)
    if engine is not None:
        engine.engine.close()


def pytest_configure(config: pytest.Config) -> None:
    try:
        features = read_features(bundled_corpus() / "features.toml")
    except RulingFormatError:
        features = ()
    for feature in features:
        config.addinivalue_line(
            "markers",
            f"feature_{feature}: the ruling needs the feature {feature} (rulings/features.toml)",
        )
