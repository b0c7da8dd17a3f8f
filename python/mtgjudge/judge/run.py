"""The harness: sends each selected probe to an engine, judges its answer,
and gives every probe exactly one verdict.

The engine is untrusted. An answer that doesn't parse, misses what the
probe needs, names what it wasn't asked about or goes beyond the handshake
is an error for that probe; the run goes on.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from mtgjudge.errors import RulingFormatError
from mtgjudge.format.corpus import Corpus
from mtgjudge.format.ruling import Probe, Ruling
from mtgjudge.judge.compare import mismatches
from mtgjudge.judge.outcome import (
    ERROR,
    FAILED,
    PASSED,
    SKIPPED,
    UNSUPPORTED,
    KnownFailure,
    Outcome,
)
from mtgjudge.judge.probes import missing, needs, probe_message
from mtgjudge.protocol.engine import Engine
from mtgjudge.protocol.messages import answer_problems, hello_problems

#: The default time limit of one probe, in seconds. No probe of the corpus
#: comes near it on our model (the slowest takes well under a second).
DEFAULT_TIMEOUT = 30.0


def verdict(ruling: Ruling, probe: Probe, status: str, message: str = "") -> Outcome:
    """An outcome for a probe of a ruling."""
    return Outcome(
        id=probe.full_id,
        status=status,
        message=message,
        ruling=ruling,
        probe=probe,
        path=str(ruling.path),
    )


def judge_answer(
    ruling: Ruling, probe: Probe, message: dict[str, Any], answer: dict[str, Any]
) -> Outcome:
    """The verdict on an engine's well-formed answer to a probe."""
    outcome = verdict(ruling, probe, PASSED)
    outcome.trace = list(answer.get("trace") or [])
    kind = answer["type"]
    if kind == "unsupported":
        outcome.status, outcome.message = UNSUPPORTED, f"the engine says: {answer['reason']}"
        return outcome
    if kind == "error":
        outcome.status, outcome.message = ERROR, f"the engine broke: {answer['message']}"
        return outcome
    final = answer["final"]
    outcome.observed = final
    refused = answer.get("refused")
    last = len(probe.actions) - 1
    expects_refusal = "error" in probe.expect
    if refused is not None and (refused["action"] != last or not expects_refusal):
        action = probe.actions[refused["action"]]
        rule = f" ({refused['rule']})" if refused.get("rule") else ""
        outcome.status = FAILED
        outcome.message = (
            f"{action.key_path} ({action.kind}): refused as {refused.get('fault') or 'illegal'}"
            f"{rule}: {refused.get('message') or 'no reason given'}"
        )
        return outcome
    outcome.mismatches = mismatches(probe.expect, final, refused)
    if outcome.mismatches:
        outcome.status = FAILED
        outcome.message = "; ".join(outcome.mismatches)
        return outcome
    # A probe whose expectations hold before its actions run proves nothing.
    if not mismatches(probe.expect, answer["initial"], None):
        outcome.status = FAILED
        outcome.message = (
            "vacuous probe: every expectation already holds before the actions run, "
            "so the probe can't tell a right engine from a wrong one"
        )
    return outcome


class ProbeTimeout(Exception):
    pass


def _time_limited(seconds: float | None, call: Callable[[], Any]) -> Any:
    """Runs ``call``; in the main thread, stops it with ProbeTimeout after
    ``seconds`` (an in-process engine can't be killed, only interrupted)."""
    if not seconds or threading.current_thread() is not threading.main_thread():
        return call()
    # A timer already running (a whole run's time budget, as `mtgjudge fuzz`
    # sets) goes on: if it is due first, its handler runs when it is due;
    # otherwise it is set again, for what is left of it, afterwards.
    outer, _ = signal.getitimer(signal.ITIMER_REAL)
    outer_first = 0 < outer <= seconds
    started = time.monotonic()
    fired = []

    def expire(signum: int, frame: Any) -> None:
        fired.append(True)
        if outer_first and callable(previous):
            previous(signum, frame)
        raise ProbeTimeout

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, outer if outer_first else seconds)
    try:
        return call()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer and not (fired and outer_first):
            left = outer - (time.monotonic() - started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.001))


def run_one(
    engine: Engine,
    supports: dict[str, Any],
    ruling: Ruling,
    probe: Probe,
    timeout: float | None = DEFAULT_TIMEOUT,
) -> Outcome:
    """One probe on one engine: sent if the engine supports what it needs,
    then judged."""
    message = probe_message(ruling, probe)
    reason = missing(needs(ruling, message), supports)
    if reason is not None:
        return verdict(
            ruling,
            probe,
            UNSUPPORTED,
            f"not sent: the engine's handshake lacks what the probe {reason}",
        )
    error = verdict(ruling, probe, ERROR)
    try:
        answer = _time_limited(timeout, lambda: engine.run(message))
    except ProbeTimeout:
        error.message = f"the engine gave no answer within {timeout:g} s (the probe's time limit)"
        return error
    except Exception as problem:  # an in-process engine that broke
        error.message = f"the engine broke: {type(problem).__name__}: {problem}"
        return error
    problems = answer_problems(answer, message)
    if problems:
        error.message = "the engine's answer is malformed: " + "; ".join(problems[:5])
        if len(problems) > 5:
            error.message += f" (and {len(problems) - 5} more)"
        return error
    try:
        return judge_answer(ruling, probe, message, answer)
    except Exception as problem:  # a bug in the judge: report it, run the rest
        error.message = f"the judge broke: {type(problem).__name__}: {problem}"
        return error


@dataclass
class Run:
    """A whole run: the engine's handshake and one outcome per selected probe
    (and per file that didn't load), in the order they were selected."""

    hello: dict[str, Any]
    outcomes: list[Outcome] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def engine(self) -> str:
        info = self.hello.get("engine") or {}
        return f"{info.get('name', '?')} {info.get('version', '?')}"

    @property
    def unexpected(self) -> list[Outcome]:
        """Failures and errors not expected, and expected failures that passed."""
        return [o for o in self.outcomes if is_unexpected(o)]


def is_unexpected(outcome: Outcome) -> bool:
    if outcome.expected_failure is not None:
        return outcome.status == PASSED
    return outcome.status in (FAILED, ERROR)


def load_problem(problem: RulingFormatError) -> Outcome:
    return Outcome(id=problem.path, status=ERROR, message=str(problem), path=problem.path)


def selected(corpus: Corpus, features: set[str] | None) -> list[tuple[Ruling, Probe, bool]]:
    """Every probe of the corpus, and whether ``--features`` keeps it."""
    return [
        (ruling, probe, features is None or set(ruling.features) <= features)
        for ruling in corpus.rulings
        for probe in ruling.probes
    ]


def run(
    make_engine: Callable[[], Engine],
    corpus: Corpus,
    *,
    features: set[str] | None = None,
    timeout: float | None = DEFAULT_TIMEOUT,
    jobs: int = 1,
    known_failures: dict[str, KnownFailure] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Run:
    """Runs the corpus on engines made by ``make_engine`` (one for each job)."""
    started = time.monotonic()
    known = known_failures or {}
    items = selected(corpus, features)
    engines: list[Engine] = []
    lock = threading.Lock()
    local = threading.local()
    first = make_engine()
    engines.append(first)
    try:
        hello: Any = first.hello()
        problems = hello_problems(hello, corpus.features)
    except Exception as broke:
        hello, problems = {}, [f"the engine didn't complete the handshake: {broke}"]
    result = Run(hello=hello if isinstance(hello, dict) else {})
    supports = result.hello.get("supports") or {}
    result.outcomes = [load_problem(problem) for problem in corpus.problems]
    done = [0]

    # The first engine serves the first job; each other job starts its own.
    spare = [first]

    def engine_here() -> Engine:
        engine = getattr(local, "engine", None)
        if engine is None:
            with lock:
                engine = spare.pop() if spare else None
            if engine is None:
                engine = make_engine()
                with lock:
                    engines.append(engine)
                engine.hello()
            local.engine = engine
        return engine

    def one(item: tuple[Ruling, Probe, bool]) -> Outcome:
        ruling, probe, kept = item
        if not kept:
            outcome = verdict(ruling, probe, SKIPPED, "left out by --features")
        elif problems:
            outcome = verdict(ruling, probe, ERROR, "handshake: " + "; ".join(problems))
        else:
            try:
                engine = engine_here()
            except Exception as broke:
                engine = None
                outcome = verdict(ruling, probe, ERROR, f"the engine didn't start: {broke}")
            if engine is not None:
                outcome = run_one(engine, supports, ruling, probe, timeout)
        if outcome.id in known:
            outcome.expected_failure = known[outcome.id]
        with lock:
            done[0] += 1
            if progress is not None:
                progress(done[0], len(items))
        return outcome

    try:
        if jobs <= 1 or problems:
            result.outcomes += [one(item) for item in items]
        else:
            with ThreadPoolExecutor(max_workers=jobs) as pool:
                result.outcomes += list(pool.map(one, items))
    finally:
        for engine in engines:
            with contextlib.suppress(Exception):
                engine.close()
    result.seconds = time.monotonic() - started
    return result


def summary_line(outcomes: Iterable[Outcome]) -> str:
    """``N passed, M failed``, then the other counts that aren't zero."""
    outcomes = list(outcomes)

    def count(status: str) -> int:
        return sum(1 for o in outcomes if o.status == status and o.expected_failure is None)

    expected = sum(1 for o in outcomes if o.expected_failure is not None and o.status != PASSED)
    xpassed = sum(1 for o in outcomes if o.expected_failure is not None and o.status == PASSED)
    passed = count(PASSED)
    line = f"{passed} passed, {count(FAILED)} failed"
    extras = [
        (count(ERROR), "error", "errors"),
        (count(UNSUPPORTED), "unsupported", "unsupported"),
        (expected, "expected failure", "expected failures"),
        (xpassed, "unexpectedly passed", "unexpectedly passed"),
        (count(SKIPPED), "skipped", "skipped"),
    ]
    for number, one, many in extras:
        if number:
            line += f", {number} {one if number == 1 else many}"
    return line
