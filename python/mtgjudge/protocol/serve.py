"""Serves a Python :class:`~mtgjudge.protocol.engine.Engine` over JSON lines
on stdin and stdout, so that the harness can run it as a command."""

from __future__ import annotations

import json
import sys
from typing import IO, Any

from mtgjudge.protocol.engine import Engine
from mtgjudge.protocol.messages import MAX_LINE_BYTES


def _answer(engine: Engine, message: Any) -> dict[str, Any] | None:
    if not isinstance(message, dict):
        return {"type": "error", "id": None, "message": "a message is a JSON object"}
    kind = message.get("type")
    if kind == "hello":
        return engine.hello()
    if kind == "probe":
        try:
            return engine.run(message)
        except Exception as problem:  # the engine broke: say so, serve the next probe
            return {
                "type": "error",
                "id": message.get("id"),
                "message": f"{type(problem).__name__}: {problem}",
            }
    if kind == "bye":
        return None
    return {"type": "error", "id": message.get("id"), "message": f"unknown message type {kind!r}"}


def serve(engine: Engine, stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """Answers each message line by line until ``bye`` or the end of input."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    try:
        for line in stdin:
            if not line.strip():
                continue
            if len(line) > MAX_LINE_BYTES:
                answer: dict[str, Any] | None = {
                    "type": "error",
                    "id": None,
                    "message": f"a message longer than {MAX_LINE_BYTES} bytes",
                }
            else:
                try:
                    message = json.loads(line)
                except ValueError as problem:
                    answer = {"type": "error", "id": None, "message": f"not JSON: {problem}"}
                else:
                    answer = _answer(engine, message)
            if answer is None:
                break
            stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
            stdout.flush()
    finally:
        engine.close()
    return 0
