"""Running fuzz targets with hypothesis within a time budget, reproducibly.

A run goes in rounds. In each round every target runs one batch of examples.
The examples of a batch are drawn by hypothesis with a seed derived from the
run's seed, the round and the target's name, so the same seed draws the same
examples in the same order, whatever else is in the run and however fast the
machine is. A failure is shrunk by hypothesis, and the run stops there.

The time budget bounds the whole run: a timer stops it wherever it is, in
drawing an example, checking it or shrinking a failure (a failure found
before the time ran out is reported as it stands). A target whose examples
can't be drawn at all (hypothesis gives up on them) is reported as such,
never as a failure of the property.
"""

from __future__ import annotations

import contextlib
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st


class Falsified(AssertionError):
    """A check found an example where the property doesn't hold."""


class OutOfTime(BaseException):
    """The run's time is up. A BaseException, so that neither hypothesis nor
    a check takes it for a failure of the property."""


#: After the time is up, how long writing the reproducer of a failure may take.
REPRODUCER_GRACE = 10.0


@contextlib.contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Raises OutOfTime in the main thread once ``seconds`` have passed
    (elsewhere, or without timers, it only bounds the run between batches).
    A time limit set within (a probe's, :mod:`mtgjudge.judge.run`) keeps
    this one running."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "setitimer"
    ):
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise OutOfTime

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.001))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass
class Target:
    """One property to fuzz: examples from ``strategy``, and a ``check``
    that raises :class:`Falsified` (or any exception) when the property
    fails for an example on an engine. ``reproducer`` turns a failing
    example into the text of a ruling file."""

    name: str
    description: str
    strategy: st.SearchStrategy[Any]
    check: Callable[[Any, Any], None]
    reproducer: Callable[[Any, Any, BaseException], str]
    #: Examples per batch: about a second's work.
    examples: int = 25


@dataclass
class Failure:
    target: Target
    example: Any
    error: BaseException
    reproducer: str
    round: int

    @property
    def message(self) -> str:
        text = str(self.error) or type(self.error).__name__
        if not isinstance(self.error, Falsified):
            text = f"{type(self.error).__name__}: {text}"
        return text


@dataclass
class Report:
    seed: int
    seconds: float = 0.0
    rounds: int = 0
    examples: dict[str, int] = field(default_factory=dict)
    failure: Failure | None = None
    #: Targets whose examples couldn't be drawn, with hypothesis's reason.
    not_generated: dict[str, str] = field(default_factory=dict)
    #: The time ran out in the middle of a batch.
    out_of_time: bool = False
    #: Targets that never ran, for lack of time.
    not_run: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(self.examples.values())


class NotGenerated(Exception):
    """No example of a target could be drawn: a problem of its strategy (too
    many parameters, values too large), not a failure of its property."""


def batch_seed(seed: int, round_number: int, name: str) -> int:
    """The hypothesis seed of one batch: the same for the same run seed,
    round and target, whatever else the run holds."""
    return random.Random(f"{seed}:{round_number}:{name}").getrandbits(64)


def run_batch(
    target: Target, engine: Any, examples: int, seed: int
) -> tuple[int, tuple[Any, BaseException] | None]:
    """Runs one batch. Returns how many examples ran, and the shrunk failing
    example with its error, if one failed. Raises NotGenerated if no
    example could be drawn, and OutOfTime if the time ran out before any
    example failed (after one has, that one is returned, maybe unshrunk)."""
    state: dict[str, Any] = {"count": 0}

    def body(example: Any) -> None:
        state["count"] += 1
        state["example"] = example
        try:
            target.check(example, engine)
        except Exception as error:
            state["failing"] = (example, error)
            raise

    test = given(target.strategy)(body)
    test = settings(
        max_examples=examples,
        database=None,
        deadline=None,
        derandomize=False,
        report_multiple_bugs=False,
        verbosity=Verbosity.quiet,
        phases=[Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
    )(test)
    test = hypothesis_seed(seed)(test)
    try:
        test()
    except OutOfTime:
        if "failing" in state:
            return state["count"], state["failing"]
        raise OutOfTime(state["count"]) from None
    except Exception as error:
        if "failing" not in state:
            # Hypothesis gave up before any example ran to a failure: it
            # couldn't draw them (Unsatisfiable: too large to generate).
            raise NotGenerated(f"{type(error).__name__}: {error}") from None
        # After shrinking, hypothesis runs the smallest failing example once
        # more and raises its error: the last example is the shrunk one.
        return state["count"], (state.get("example"), error)
    return state["count"], None


Progress = Callable[[str, bool], None]


def run(
    targets: Sequence[Target],
    engine: Any,
    *,
    seconds: float,
    seed: int,
    progress: Progress | None = None,
    max_rounds: int | None = None,
) -> Report:
    """Runs rounds of every target until ``seconds`` have passed or a target
    fails; the time bounds the whole run (see the module's description)."""
    report = Report(seed=seed)
    start = time.monotonic()
    ran: list[str] = []
    try:
        with deadline(seconds):
            _rounds(targets, engine, report, seconds, seed, progress, max_rounds, start, ran)
    except OutOfTime as stop:
        report.out_of_time = True
        drawn = stop.args[0] if stop.args else None
        if drawn == 0 and ran and ran[-1] not in report.examples:
            # Its first batch drew nothing in all the time it had.
            report.not_generated[ran[-1]] = (
                f"no example was drawn in the {time.monotonic() - start:.1f} s the run had left"
            )
    report.not_run = [t.name for t in targets if t.name not in ran]
    failure = report.failure
    if failure is None:
        report.seconds = time.monotonic() - start
    else:
        # The reproducer: within what is left of the time, and a grace period.
        left = seconds - (time.monotonic() - start)
        failure.reproducer = _reproducer(
            failure.target, failure.example, engine, failure.error, max(left, 0) + REPRODUCER_GRACE
        )
    return report


def _rounds(
    targets: Sequence[Target],
    engine: Any,
    report: Report,
    seconds: float,
    seed: int,
    progress: Progress | None,
    max_rounds: int | None,
    start: float,
    ran: list[str],
) -> None:
    round_number = 0
    while max_rounds is None or round_number < max_rounds:
        for target in targets:
            if target.name in report.not_generated:
                continue
            elapsed = time.monotonic() - start
            if elapsed >= seconds:
                raise OutOfTime
            if progress:
                progress(
                    f"[{elapsed:5.1f}s/{seconds:g}s] round {round_number + 1}, "
                    f"{report.total} examples: {target.name}",
                    False,
                )
            if target.name in ran:
                ran.remove(target.name)
            ran.append(target.name)
            try:
                count, failed = run_batch(
                    target, engine, target.examples, batch_seed(seed, round_number, target.name)
                )
            except NotGenerated as problem:
                report.not_generated[target.name] = str(problem)
                continue
            report.examples[target.name] = report.examples.get(target.name, 0) + count
            if failed is not None:
                example, error = failed
                report.failure = Failure(target, example, error, "", round_number)
                report.seconds = time.monotonic() - start
                report.rounds = round_number + 1
                return
        round_number += 1
        report.rounds = round_number
        if len(report.not_generated) == len(targets):
            return
        if progress:
            elapsed = time.monotonic() - start
            progress(f"round {round_number} done: {report.total} examples in {elapsed:.1f}s", True)


def _reproducer(
    target: Target, example: Any, engine: Any, error: BaseException, limit: float
) -> str:
    """The failure as a ruling file, written within ``limit`` seconds.
    Whatever goes wrong, the report still comes out."""
    try:
        if example is None:
            raise ValueError("the error came before any example was drawn")
        with deadline(limit):
            return target.reproducer(example, engine, error)
    except OutOfTime:
        return (
            f"# (no reproducer: writing it took more than {limit:.0f} s, past the time "
            "budget; replay with more --seconds)\n"
        )
    except Exception as problem:
        return f"# (no reproducer: {type(problem).__name__}: {problem})\n"
