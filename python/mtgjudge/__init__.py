"""mtgjudge: an executable test oracle for the official rules of Magic: The Gathering."""

from __future__ import annotations

from mtgjudge import _core
from mtgjudge.errors import (
    IllegalActionError,
    IllegalAttackError,
    IllegalBlockError,
    IllegalCastError,
    IllegalDamageAssignmentError,
    IllegalPaymentError,
    InternalError,
    InvalidInputError,
    MtgJudgeError,
    RulingFormatError,
)

__version__: str = _core.__version__

__all__ = [
    "IllegalActionError",
    "IllegalAttackError",
    "IllegalBlockError",
    "IllegalCastError",
    "IllegalDamageAssignmentError",
    "IllegalPaymentError",
    "InternalError",
    "InvalidInputError",
    "MtgJudgeError",
    "RulingFormatError",
    "__version__",
]
