"""Running fuzz targets with hypothesis within a time budget, reproducibly.

A run goes in rounds. In each round every target runs one batch of examples.
The examples of a batch are drawn by hypothesis with a seed derived from the
run's seed, the round and the target's name, so the same seed draws the same
examples in the same order, whatever else is in the run and however fast the
machine is. A failure is shrunk by hypothesis, and the run stops there.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st


class Falsified(AssertionError):
    """A check found an example where the property doesn't hold."""


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

    @property
    def total(self) -> int:
        return sum(self.examples.values())


def batch_seed(seed: int, round_number: int, name: str) -> int:
    """The hypothesis seed of one batch: the same for the same run seed,
    round and target, whatever else the run holds."""
    return random.Random(f"{seed}:{round_number}:{name}").getrandbits(64)


def run_batch(
    target: Target, engine: Any, examples: int, seed: int
) -> tuple[int, tuple[Any, BaseException] | None]:
    """Runs one batch. Returns how many examples ran, and the shrunk failing
    example with its error, if one failed."""
    state: dict[str, Any] = {"count": 0}

    def body(example: Any) -> None:
        state["count"] += 1
        state["example"] = example
        target.check(example, engine)

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
    except Exception as error:
        # After shrinking, hypothesis runs the smallest failing example once
        # more and raises its error: the last example is the shrunk one.
        # (An error while drawing, before any example, has no example.)
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
    """Runs rounds of every target until ``seconds`` have passed (every
    target runs at least once) or a target fails."""
    report = Report(seed=seed)
    start = time.monotonic()
    round_number = 0
    while max_rounds is None or round_number < max_rounds:
        for target in targets:
            elapsed = time.monotonic() - start
            if round_number > 0 and elapsed >= seconds:
                report.seconds = elapsed
                return report
            if progress:
                progress(
                    f"[{elapsed:5.1f}s/{seconds:g}s] round {round_number + 1}, "
                    f"{report.total} examples: {target.name}",
                    False,
                )
            count, failed = run_batch(
                target, engine, target.examples, batch_seed(seed, round_number, target.name)
            )
            report.examples[target.name] = report.examples.get(target.name, 0) + count
            if failed is not None:
                example, error = failed
                try:
                    if example is None:
                        raise ValueError("the error came before any example was drawn")
                    text = target.reproducer(example, engine, error)
                except Exception as problem:  # the report must still come out
                    text = f"# (no reproducer: {type(problem).__name__}: {problem})\n"
                report.failure = Failure(target, example, error, text, round_number)
                report.seconds = time.monotonic() - start
                report.rounds = round_number + 1
                return report
        round_number += 1
        report.rounds = round_number
        if progress:
            elapsed = time.monotonic() - start
            progress(f"round {round_number} done: {report.total} examples in {elapsed:.1f}s", True)
    report.seconds = time.monotonic() - start
    return report
