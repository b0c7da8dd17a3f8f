"""An engine, as the harness sees it: the in-process interface.

A Python engine implements :class:`Engine` and is run in-process, with no
subprocess; an engine in any language runs as a child process behind
:class:`mtgjudge.protocol.process.ProcessEngine`, which implements the same
interface over JSON lines. The messages are those of ``docs/protocol.md``.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Engine(Protocol):
    """An engine under test."""

    def hello(self) -> dict[str, Any]:
        """The handshake: the engine's ``hello`` message (name, version,
        protocol version, and what it supports)."""
        ...

    def run(self, probe: dict[str, Any]) -> dict[str, Any]:
        """Runs one ``probe`` message and returns the engine's answer: a
        ``result``, ``unsupported`` or ``error`` message for that probe."""
        ...

    def close(self) -> None:
        """Releases the engine (a child process ends). May do nothing."""
        ...
