"""phase.rs (through phase-python) as an engine of the mtgjudge protocol.

``PhaseEngine`` is the in-process engine (``hello()``, ``run(probe)``);
``python -m mtgjudge.adapters.phase`` serves it over JSON lines on stdin and
stdout. Install it with ``pip install 'mtgjudge[phase]'``.
"""

from __future__ import annotations

from mtgjudge.adapters.phase.engine import PhaseEngine
from mtgjudge.adapters.phase.serve import main, serve

__all__ = ["PhaseEngine", "main", "serve"]
