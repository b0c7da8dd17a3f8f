"""phase.rs's refusals, mapped onto the protocol's fault names.

phase-python raises ``ValueError`` with a message for an illegal action and
leaves the game as it was. This is the one table that turns such a message
into a fault of the protocol's closed list, with the rule. A message that no
entry matches is still reported as a refusal, with no fault.
"""

from __future__ import annotations

import re

#: (action kind, pattern of phase's message, fault, rule). The first match wins.
REFUSALS: tuple[tuple[str, str, str, str], ...] = (
    ("attack", r"has summoning sickness", "attack:summoning_sick", "302.6"),
    ("attack", r"\bis tapped\b", "attack:tapped", "508.1a"),
    ("attack", r"has Defender", "attack:defender", "702.3b"),
    (
        "attack",
        r"not controlled by the active player",
        "attack:not_controlled_by_active_player",
        "508.1a",
    ),
    ("attack", r"can't attack Player", "attack:not_an_opponent", "508.1b"),
    ("attack", r"can't attack Planeswalker", "attack:planeswalker_not_attackable", "508.1b"),
    ("attack", r"more than once", "attack:declared_twice", "508.1a"),
    ("block", r"\(flying, no flying/reach\)", "block:flying", "702.9b"),
    ("block", r"must be blocked by \d+ or more creatures", "block:menace", "702.111b"),
    ("block", r"shadow", "block:shadow", "702.28b"),
    ("block", r"has decayed", "block:decayed", "702.147a"),
    ("block", r"\bis tapped\b", "block:tapped", "509.1a"),
    (
        "block",
        r"is blocking \d+ attackers but can only block",
        "block:too_many_attackers",
        "509.1a",
    ),
    ("block", r"^Wrong player", "block:not_defending", "509.1a"),
    ("damage", r"total \d+ != expected \d+", "assignment:wrong_total", "510.1a"),
    (
        "damage",
        r"^Trample over planeswalkers: must assign at least \d+ to PW",
        "assignment:planeswalker_without_loyalty",
        "702.19c",
    ),
    (
        "damage",
        r"^Trample: blocker .* must receive at least",
        "assignment:trample_without_lethal",
        "702.19b",
    ),
)

_COMPILED = tuple(
    (kind, re.compile(pattern), fault, rule) for kind, pattern, fault, rule in REFUSALS
)


def refusal(kind: str, message: str) -> tuple[str | None, str | None]:
    """The fault and rule of phase's refusal ``message`` of an action of this kind."""
    text = message.removeprefix("Invalid action: ")
    for entry_kind, pattern, fault, rule in _COMPILED:
        if entry_kind == kind and pattern.search(text):
            return fault, rule
    return None, None
