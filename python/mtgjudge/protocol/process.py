"""An engine in any language, run as a child process that speaks the
protocol on stdin and stdout (JSON lines).

The engine is untrusted: it may crash, hang, write garbage, answer for
another probe or answer too slowly. :class:`ProcessEngine` turns each of
these into an ``error`` answer for the probe at hand, within its timeout,
and restarts the engine for the next probe. It never raises on what the
engine does.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shlex
import signal
import subprocess
import tempfile
import time
from collections.abc import Sequence
from typing import IO, Any

from mtgjudge.protocol.messages import MAX_LINE_BYTES
from mtgjudge.protocol.vocabulary import PROTOCOL_VERSION

#: How long an engine may take to start and answer the handshake.
START_TIMEOUT = 30.0
#: After this many restarts, the engine is given up on: every later probe is
#: an error without running.
MAX_RESTARTS = 25
#: How much of the end of the engine's stderr is shown when it breaks.
STDERR_TAIL = 2000


class EngineBroke(Exception):
    """What went wrong with the child process, in words for the report."""


def _command(command: str | Sequence[str]) -> list[str]:
    return shlex.split(command) if isinstance(command, str) else list(command)


class ProcessEngine:
    """An :class:`~mtgjudge.protocol.engine.Engine` that runs ``command``."""

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        timeout: float = 10.0,
        start_timeout: float = START_TIMEOUT,
        env: dict[str, str] | None = None,
    ) -> None:
        self.command = _command(command)
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.env = env
        self.restarts = 0
        self._process: subprocess.Popen[bytes] | None = None
        self._buffer = bytearray()
        self._stderr: IO[bytes] | None = None
        self._hello: dict[str, Any] | None = None

    # ----- the child process -----

    def _start(self) -> None:
        # The engine's stderr goes to a file, so that a chatty engine never
        # blocks on a full pipe; its tail is shown when the engine breaks.
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - closed with the process
        self._buffer = bytearray()
        try:
            self._process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                env=self.env,
                start_new_session=True,  # so that a kill reaches its children too
            )
        except OSError as problem:
            raise EngineBroke(f"can't start {shlex.join(self.command)}: {problem}") from None
        assert self._process.stdout is not None
        os.set_blocking(self._process.stdout.fileno(), False)

    def _stderr_tail(self) -> str:
        if self._stderr is None:
            return ""
        try:
            size = self._stderr.seek(0, os.SEEK_END)
            self._stderr.seek(max(0, size - STDERR_TAIL))
            tail = self._stderr.read().decode("utf-8", "replace").strip()
        except (OSError, ValueError):
            return ""
        return f"; its stderr ends: {tail[-500:]!r}" if tail else ""

    def _kill(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        if process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=5)
        for stream in (process.stdin, process.stdout, self._stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()

    def _send(self, message: dict[str, Any]) -> None:
        process = self._process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise EngineBroke(self._exit_reason("stopped reading its input")) from None

    def _exit_reason(self, what: str) -> str:
        process = self._process
        code = process.poll() if process is not None else None
        if code is None and process is not None:
            try:
                code = process.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                code = None
        status = f" (exit status {code})" if code is not None else ""
        return f"the engine {what}{status}{self._stderr_tail()}"

    def _line(self, timeout: float) -> bytes:
        """The engine's next line, read in this thread: wait on its stdout
        until a newline comes, the engine exits, or the time is up."""
        process = self._process
        assert process is not None and process.stdout is not None
        fd = process.stdout.fileno()
        deadline = time.monotonic() + timeout
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                line = bytes(self._buffer[: end + 1])
                del self._buffer[: end + 1]
                return line
            if len(self._buffer) > MAX_LINE_BYTES:
                raise EngineBroke(f"the engine wrote a line longer than {MAX_LINE_BYTES} bytes")
            left = deadline - time.monotonic()
            if left <= 0:
                raise EngineBroke(f"no answer within {timeout:g} s")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 1 << 16)
            except BlockingIOError:
                continue
            if not chunk:
                raise EngineBroke(self._exit_reason("exited"))
            self._buffer += chunk

    def _receive(self, timeout: float) -> dict[str, Any]:
        line = self._line(timeout)
        try:
            message = json.loads(line)
        except ValueError:
            shown = line[:200].decode("utf-8", "replace")
            raise EngineBroke(f"the engine wrote a line that isn't JSON: {shown!r}") from None
        if not isinstance(message, dict):
            raise EngineBroke(f"the engine wrote {type(message).__name__}, not a JSON object")
        return message

    def _ensure_started(self) -> None:
        if self._process is not None and self._process.poll() is None:
            return
        if self._process is not None or self._hello is not None:
            self._kill()
            self.restarts += 1
            if self.restarts > MAX_RESTARTS:
                raise EngineBroke(f"the engine was restarted {MAX_RESTARTS} times; giving up")
        self._start()
        self._send({"type": "hello", "protocol": PROTOCOL_VERSION})
        hello = self._receive(self.start_timeout)
        if self._hello is None:
            self._hello = hello

    # ----- the Engine interface -----

    def hello(self) -> dict[str, Any]:
        """The handshake. Raises :class:`EngineBroke` if the engine doesn't
        start or doesn't answer it."""
        try:
            self._ensure_started()
        except EngineBroke:
            self._kill()
            raise
        assert self._hello is not None
        return self._hello

    def run(self, probe: dict[str, Any]) -> dict[str, Any]:
        try:
            self._ensure_started()
            self._send(probe)
            answer = self._receive(self.timeout)
        except EngineBroke as problem:
            self._kill()
            return {"type": "error", "id": probe.get("id"), "message": str(problem)}
        if answer.get("id") != probe.get("id"):
            # Out of step: whatever comes next can't be trusted either.
            self._kill()
        return answer

    def close(self) -> None:
        process = self._process
        if process is not None and process.poll() is None:
            try:
                self._send({"type": "bye"})
                process.wait(timeout=2)
            except (EngineBroke, subprocess.TimeoutExpired):
                pass
        self._kill()
