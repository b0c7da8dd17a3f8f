"""Which implementation of the kernel (the hot loops) the game model calls.

The game model (``combat``, ``cost``, ``party``) asks :func:`current` for
the kernel and calls it as it would call ``mtgjudge._core``: ``Combat``,
``party_types``, ``party_size``, ``ManaCost``, ``total_cost``,
``find_payment``, ``mana_value_of_split`` ... It is the Rust kernel
unless a caller substitutes another for a while with :func:`using`. The
fuzzer does so to show that it catches a bug planted in an engine
(``tests/test_fuzz.py``); another kernel with the same interface can be run
against the whole corpus the same way.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from mtgjudge import _core

_current: Any = _core


def current() -> Any:
    """The kernel the game model calls now (``mtgjudge._core`` by default)."""
    return _current


@contextmanager
def using(implementation: Any) -> Iterator[Any]:
    """Makes the game model call ``implementation`` inside the ``with`` block."""
    global _current
    previous = _current
    _current = implementation
    try:
        yield implementation
    finally:
        _current = previous
