"""``mtgjudge check``: the judge running rulings on our own game model,
in-process, through the same protocol as any other engine."""

from __future__ import annotations

from mtgjudge.adapters.model import ModelEngine
from mtgjudge.format.corpus import Corpus
from mtgjudge.format.ruling import Probe, Ruling
from mtgjudge.judge.outcome import Outcome
from mtgjudge.judge.run import DEFAULT_TIMEOUT, Run, run, run_one

_SUPPORTS = ModelEngine().hello()["supports"]


def check_corpus(
    corpus: Corpus, features: set[str] | None = None, timeout: float | None = DEFAULT_TIMEOUT
) -> Run:
    return run(ModelEngine, corpus, features=features, timeout=timeout)


def check_probe(ruling: Ruling, probe: Probe, timeout: float | None = DEFAULT_TIMEOUT) -> Outcome:
    return run_one(ModelEngine(), _SUPPORTS, ruling, probe, timeout)


def check_ruling(ruling: Ruling, timeout: float | None = DEFAULT_TIMEOUT) -> list[Outcome]:
    return [check_probe(ruling, probe, timeout) for probe in ruling.probes]
