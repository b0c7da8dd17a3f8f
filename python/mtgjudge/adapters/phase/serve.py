"""``python -m mtgjudge.adapters.phase``: phase.rs on stdin and stdout, through
the protocol's own JSON-lines loop (:func:`mtgjudge.protocol.serve.serve`)."""

from __future__ import annotations

import sys

from mtgjudge.protocol.serve import serve


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
