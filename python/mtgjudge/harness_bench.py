"""How fast the harness runs the corpus: ``mtgjudge bench --conformance``.

Three runs of the same corpus, timed in one process so that their ratios
mean something on a shared machine: our model in-process (``mtgjudge
check``), the same model over stdio as a child process (``mtgjudge
engine``), and over stdio with two jobs. Each is the best of a few rounds,
and the corpus is run several times in each, so that starting the engine
processes counts but doesn't dominate.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Any

from mtgjudge.adapters.model import ModelEngine
from mtgjudge.format.corpus import Corpus, load_corpus
from mtgjudge.judge.outcome import PASSED
from mtgjudge.judge.run import run
from mtgjudge.protocol.process import ProcessEngine

#: Targets (issue 12): stdio costs at most 3 times in-process; two jobs run
#: at least 1.7 times as fast as one on two cores.
STDIO_AT_MOST = 3.0
JOBS_AT_LEAST = 1.7


def _repeated(corpus: Corpus, times: int) -> Corpus:
    return Corpus(
        rulings=corpus.rulings * times,
        problems=[],
        features=corpus.features,
        root=corpus.root,
    )


def _best(rounds: int, call: Callable[[], int]) -> float:
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        passed = call()
        best = min(best, time.perf_counter() - started)
        assert passed, "the corpus must pass to be timed"
    return best


def measure(
    *, quick: bool = False, progress: Callable[[str], None] | None = None
) -> dict[str, Any]:
    corpus = _repeated(load_corpus(), 1 if quick else 3)
    probes = sum(len(r.probes) for r in corpus.rulings)
    rounds = 1 if quick else 3
    served = [sys.executable, "-m", "mtgjudge.cli", "engine"]

    def timed(label: str, make: Callable[[], Any], jobs: int) -> float:
        if progress:
            progress(f"conformance: {label}")

        def once() -> int:
            result = run(make, corpus, jobs=jobs)
            return sum(1 for o in result.outcomes if o.status == PASSED)

        return _best(rounds, once)

    in_process = timed("in-process", ModelEngine, 1)
    stdio = timed("stdio, 1 job", lambda: ProcessEngine(served, timeout=60), 1)
    two = timed("stdio, 2 jobs", lambda: ProcessEngine(served, timeout=60), 2)
    stdio_ratio = stdio / in_process
    jobs_ratio = stdio / two
    return {
        "probes": probes,
        "cores": os.cpu_count(),
        "in_process_s": round(in_process, 3),
        "stdio_s": round(stdio, 3),
        "stdio_two_jobs_s": round(two, 3),
        "stdio_over_in_process": round(stdio_ratio, 2),
        "two_jobs_speedup": round(jobs_ratio, 2),
        "targets_met": {
            f"stdio <= {STDIO_AT_MOST:g}x in-process": stdio_ratio <= STDIO_AT_MOST,
            f"2 jobs >= {JOBS_AT_LEAST:g}x 1 job": jobs_ratio >= JOBS_AT_LEAST,
        },
    }


def format_report(report: dict[str, Any]) -> str:
    lines = [
        f"conformance of the corpus ({report['probes']} probes a run, {report['cores']} cores):",
        f"  in-process (mtgjudge check):   {report['in_process_s']:.3f} s",
        f"  over stdio (mtgjudge engine):  {report['stdio_s']:.3f} s "
        f"({report['stdio_over_in_process']:.2f}x in-process)",
        f"  over stdio, --jobs 2:          {report['stdio_two_jobs_s']:.3f} s "
        f"({report['two_jobs_speedup']:.2f}x as fast as one job)",
    ]
    for target, met in report["targets_met"].items():
        lines.append(f"  {'met' if met else 'NOT MET'}: {target}")
    return "\n".join(lines)
