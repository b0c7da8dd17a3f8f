"""The exceptions mtgjudge raises.

``MtgJudgeError`` is the root. The Rust kernel raises these same classes
(the binding maps each core error onto one of them in ``rust/python/src/errors.rs``).

- ``InvalidInputError`` (also a ``ValueError``): input that doesn't describe a
  game, such as an index out of range; ``ManaCostSyntaxError`` is the one for
  a malformed mana cost.
- ``RulingFormatError`` (also a ``ValueError``): a ruling file that doesn't
  follow the format; it names the file, the key path and what was expected.
- ``IllegalActionError``: an action the rules forbid; ``rule`` names the rule
  and ``fault`` is a stable snake-case name for what was wrong.
- ``InternalError``: a bug in mtgjudge; please report it.
"""

from __future__ import annotations


class MtgJudgeError(Exception):
    """Root of every mtgjudge exception."""


class InternalError(MtgJudgeError):
    """A bug in mtgjudge (for example a Rust panic caught at the boundary)."""


class InvalidInputError(MtgJudgeError, ValueError):
    """Input that doesn't describe a game state the kernels can work on."""


class ManaCostSyntaxError(InvalidInputError):
    """A mana cost that isn't written as on cards (107.4). ``offset`` is the
    character where it broke and ``expected`` what could have come there."""

    def __init__(
        self, message: str, offset: int | None = None, expected: str | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.expected = expected

    def __reduce__(self):  # keep offset and expected across pickling
        return (type(self), (self.message, self.offset, self.expected))


class RulingFormatError(MtgJudgeError, ValueError):
    """A ruling file that doesn't follow the ruling format."""

    def __init__(self, path: str, key_path: str, expected: str) -> None:
        self.path = path
        self.key_path = key_path
        self.expected = expected
        where = f"{path}: {key_path}" if key_path else path
        super().__init__(f"{where}: {expected}")


class IllegalActionError(MtgJudgeError):
    """An action the rules don't allow. ``rule`` is the rule it breaks;
    ``category`` and ``fault`` name the fault in the protocol's closed list
    (:mod:`mtgjudge.protocol.faults`) as ``CATEGORY:FAULT``."""

    category = "action"

    def __init__(self, message: str, rule: str | None = None, fault: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.fault = fault

    def __reduce__(self):  # keep rule and fault across pickling
        return (type(self), (self.message, self.rule, self.fault))


class IllegalAttackError(IllegalActionError):
    """An illegal declaration of attackers (508.1)."""

    category = "attack"


class IllegalBlockError(IllegalActionError):
    """An illegal declaration of blockers (509.1)."""

    category = "block"


class IllegalDamageAssignmentError(IllegalActionError):
    """An illegal combat damage assignment (510.1, 702.19)."""

    category = "assignment"


class IllegalCastError(IllegalActionError):
    """Casting a spell the rules don't allow now (601.3, 307.1, 117.1a)."""

    category = "cast"


class IllegalActivationError(IllegalActionError):
    """Activating an ability the rules don't allow now (602.2, 602.5, 606)."""

    category = "activate"


class IllegalPaymentError(IllegalActionError):
    """A payment that doesn't pay the total cost (601.2h)."""

    category = "payment"


__all__ = [
    "IllegalActionError",
    "IllegalActivationError",
    "IllegalAttackError",
    "IllegalBlockError",
    "IllegalCastError",
    "IllegalDamageAssignmentError",
    "IllegalPaymentError",
    "InternalError",
    "InvalidInputError",
    "ManaCostSyntaxError",
    "MtgJudgeError",
    "RulingFormatError",
]
