"""Expectations files: the probes an engine is known to fail, each with the
reason, as test262 runners and bowtie keep them.

```toml
engine = "phase.rs"                      # whom the file is about (informative)

[failures."R4aa0aa9d/granted-after-first-step"]
verdict = "engine"                       # engine: a rules bug; api: a limit of its API
reason = "no priority between the combat damage steps (510.4, 117.3c)"

[failures]
"CR-510.4/second-step" = "the reason alone, as a string"
```

A known failure (failed, or an error) doesn't fail the run; a known
failure that passes is reported, so that the file stays honest.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mtgjudge.errors import RulingFormatError
from mtgjudge.judge.outcome import ERROR, FAILED, KnownFailure
from mtgjudge.judge.run import Run

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

#: The kinds of verdict a known failure may carry.
VERDICTS = {
    "engine": "a rules bug in the engine",
    "api": "a limit of the engine's API, or of its adapter's reach into it",
    "unknown": "not yet judged",
}
MAX_FILE_BYTES = 4 * 1024 * 1024


def read_expectations(path: Path) -> dict[str, KnownFailure]:
    """The known failures in an expectations file, by probe id. Raises
    RulingFormatError naming the key that is wrong."""
    where = str(path)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise RulingFormatError(where, "", f"larger than {MAX_FILE_BYTES} bytes")
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as problem:
        raise RulingFormatError(where, "", f"can't read the file: {problem.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as problem:
        raise RulingFormatError(where, "", f"invalid TOML: {problem}") from None
    unknown = set(data) - {"engine", "failures"}
    if unknown:
        raise RulingFormatError(where, sorted(unknown)[0], "unknown key; expected engine, failures")
    failures = data.get("failures", {})
    if not isinstance(failures, dict):
        raise RulingFormatError(where, "failures", "expected a table of probe ids")
    known = {}
    for probe_id, entry in failures.items():
        key = f"failures.{probe_id!r}"
        if isinstance(entry, str):
            entry = {"reason": entry}
        if not isinstance(entry, dict) or not isinstance(entry.get("reason"), str):
            raise RulingFormatError(where, key, "expected a reason, or a table with a reason")
        extra = set(entry) - {"reason", "verdict"}
        if extra:
            raise RulingFormatError(
                where, f"{key}.{sorted(extra)[0]}", "unknown key; expected reason, verdict"
            )
        verdict = entry.get("verdict", "unknown")
        if verdict not in VERDICTS:
            raise RulingFormatError(
                where, f"{key}.verdict", f"expected one of {', '.join(VERDICTS)}"
            )
        known[probe_id] = KnownFailure(probe_id, entry["reason"], verdict)
    return known


def _string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def expectations_toml(run: Run, previous: dict[str, KnownFailure] | None = None) -> str:
    """An expectations file for a run: every probe that failed or broke, with
    its reason and verdict kept from ``previous`` where it had one, and the
    run's message otherwise."""
    previous = previous or {}
    lines = [
        f"# Known failures of {run.engine} on the mtgjudge corpus.",
        "# Each entry: the probe id, why it fails and the verdict (engine: a rules bug;",
        "# api: a limit of the engine's API; unknown: not yet judged).",
        f"engine = {_string(run.engine)}",
        "",
    ]
    for outcome in run.outcomes:
        if outcome.status not in (FAILED, ERROR) or outcome.probe is None:
            continue
        known = previous.get(outcome.id)
        reason = known.reason if known else outcome.message
        verdict = known.verdict if known else "unknown"
        lines.append(f"[failures.{_string(outcome.id)}]")
        lines.append(f"verdict = {_string(verdict)}")
        lines.append(f"reason = {_string(reason)}")
        lines.append("")
    return "\n".join(lines)


def stale(known: dict[str, KnownFailure], run: Run) -> list[str]:
    """Ids in the expectations file that name no probe of the run."""
    ran = {outcome.id for outcome in run.outcomes}
    return sorted(set(known) - ran)
