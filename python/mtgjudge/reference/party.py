"""The number of creatures in a player's party (700.8), by brute force.

700.8: a party is up to one Cleric, one Rogue, one Warrior and one Wizard
the player controls. 700.8b: a creature is counted for only one type, and
the way of counting that gives the highest number is used."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product

ROLES = ("Cleric", "Rogue", "Warrior", "Wizard")


def party_size(creatures: Iterable[Iterable[str]]) -> int:
    """``creatures`` is each creature's creature types."""
    types = [set(creature) for creature in creatures]
    best = 0
    # Each role is filled by one creature (an index) or by nobody (None).
    choices = [None, *range(len(types))]
    for assignment in product(choices, repeat=len(ROLES)):
        chosen = [index for index in assignment if index is not None]
        if len(chosen) != len(set(chosen)):
            continue  # a creature fills only one role
        if all(index is None or role in types[index] for role, index in zip(ROLES, assignment)):
            best = max(best, len(chosen))
    return best
