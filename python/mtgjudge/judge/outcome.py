"""The verdict on one probe."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PASSED = "passed"
#: An expectation didn't hold, or the probe proved nothing (vacuous).
FAILED = "failed"
#: The probe couldn't be judged: the engine broke, timed out or answered
#: nonsense, or the ruling file didn't load.
ERROR = "error"
#: The engine doesn't support what the probe needs.
UNSUPPORTED = "unsupported"
#: Left out by ``--features``.
SKIPPED = "skipped"

STATUSES = (PASSED, FAILED, ERROR, UNSUPPORTED, SKIPPED)


@dataclass(frozen=True)
class KnownFailure:
    """An expectations file's entry: a probe the engine is known to fail."""

    id: str
    reason: str
    #: ``engine`` (a rules bug), ``api`` (a limit of its API) or ``unknown``.
    verdict: str = "unknown"


@dataclass
class Outcome:
    """The verdict on one probe (or, for a file that didn't load, on the file)."""

    id: str
    status: str
    message: str = ""
    #: The ruling and probe (``mtgjudge.format`` objects), when they loaded.
    ruling: Any = None
    probe: Any = None
    mismatches: list[str] = field(default_factory=list)
    #: The engine's explanation, as ``{rule, text}`` entries, if it gave one.
    trace: list[dict[str, Any]] = field(default_factory=list)
    path: str = ""
    #: What the engine observed after the actions (for reports).
    observed: dict[str, Any] = field(default_factory=dict)
    #: The expectations file's entry, when this probe was expected to fail.
    expected_failure: KnownFailure | None = None

    @property
    def trace_lines(self) -> list[str]:
        return [
            f"{entry['rule']}: {entry['text']}" if entry.get("rule") else entry["text"]
            for entry in self.trace
        ]
