"""``mtgjudge fuzz``: the rules hold everywhere around the corpus's points.

Targets (each a hypothesis property over random examples, run on an engine):

- ``ruling/ID``: a parametric ruling holds for every value of its parameters
  (:mod:`mtgjudge.fuzz.rulings`);
- ``consistency/...``: the corpus doesn't contradict itself
  (:mod:`mtgjudge.fuzz.consistency`);
- ``combat/...``, ``cost/...``, ``party/...``: the engine agrees with the
  pure-Python reference model on every event, and the invariants of the model
  hold (:mod:`mtgjudge.fuzz.combat`, :mod:`mtgjudge.fuzz.cost`,
  :mod:`mtgjudge.fuzz.party`).

:func:`run` runs them within a time budget from a seed
(:mod:`mtgjudge.fuzz.runner`). The engine is ``mtgjudge._core`` unless another
object with its interface is given (:mod:`mtgjudge.fuzz.planted` has engines
with planted bugs).
"""

from __future__ import annotations

from collections.abc import Sequence

from mtgjudge.format.ruling import Ruling
from mtgjudge.fuzz import combat, cost, party, rulings
from mtgjudge.fuzz.runner import Failure, Falsified, Report, Target, run
from mtgjudge.judge.run import DEFAULT_TIMEOUT

__all__ = ["Failure", "Falsified", "Report", "Target", "model_targets", "run", "targets"]


def model_targets() -> list[Target]:
    """The targets that don't depend on the corpus."""
    return [*combat.targets(), *cost.targets(), *party.targets()]


def targets(
    corpus: Sequence[Ruling], only: Sequence[str] = (), timeout: float | None = DEFAULT_TIMEOUT
) -> list[Target]:
    """Every target, or those whose names contain one of ``only``;
    ``timeout`` is the time limit of each probe a target runs."""
    found = [*rulings.targets(corpus, timeout), *model_targets()]
    if only:
        found = [t for t in found if any(part in t.name for part in only)]
    return found
