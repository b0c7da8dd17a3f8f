"""``python -m mtgjudge``: the ``mtgjudge`` command."""

from __future__ import annotations

import sys

from mtgjudge.cli import main

if __name__ == "__main__":
    sys.exit(main())
