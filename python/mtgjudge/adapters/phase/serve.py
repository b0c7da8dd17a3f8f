"""The JSON-lines loop: one message a line on stdin, one answer a line on stdout."""

from __future__ import annotations

import json
import sys
from typing import IO, Any

#: A line longer than this is refused rather than parsed.
MAX_LINE = 16 * 1024 * 1024


def _answer(engine: Any, message: Any) -> dict[str, Any] | None:
    if not isinstance(message, dict):
        return {"type": "error", "id": None, "message": "a message is a JSON object"}
    kind = message.get("type")
    if kind == "hello":
        return engine.hello()
    if kind == "probe":
        return engine.run(message)
    if kind == "bye":
        return None
    return {"type": "error", "id": message.get("id"), "message": f"unknown message type {kind!r}"}


def serve(engine: Any, stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """Answers each line until ``bye`` or the end of input."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    for line in stdin:
        if not line.strip():
            continue
        answer: dict[str, Any] | None
        if len(line) > MAX_LINE:
            answer = {"type": "error", "id": None, "message": f"a line over {MAX_LINE} bytes"}
        else:
            try:
                message = json.loads(line)
            except ValueError as problem:
                answer = {"type": "error", "id": None, "message": f"not JSON: {problem}"}
            else:
                try:
                    answer = _answer(engine, message)
                except Exception as problem:  # never die on one message
                    answer = {
                        "type": "error",
                        "id": message.get("id") if isinstance(message, dict) else None,
                        "message": f"{type(problem).__name__}: {problem}",
                    }
        if answer is None:
            break
        stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
        stdout.flush()
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m mtgjudge.adapters.phase``: serves phase.rs on stdin and stdout."""
    del argv
    try:
        from mtgjudge.adapters.phase.engine import PhaseEngine

        engine = PhaseEngine()
    except ImportError as problem:
        sys.stderr.write(f"phase.rs adapter: {problem}; install 'mtgjudge[phase]'\n")
        return 2
    return serve(engine)
