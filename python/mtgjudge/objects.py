"""Cards, permanents and tokens as objects (109, 110, 111), with their
printed characteristics and status. What they currently are after continuous
effects is computed in :mod:`mtgjudge.effects`."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field

_serials = itertools.count(1)


def new_serial() -> int:
    """A number no object has had: each zone change makes a new object (400.7)."""
    return next(_serials)


@dataclass(frozen=True)
class Face:
    """One half of a split card (709), or the only face of a normal card."""

    name: str
    mana_cost: str | None = None
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()


@dataclass(eq=False)
class GameObject:
    """A card, token or copy in some zone.

    ``ref`` is the scenario's name for the card; it follows the card from
    zone to zone while ``serial`` changes, since the card becomes a new
    object each time (400.7)."""

    ref: str
    name: str
    owner: str
    controller: str
    zone: str
    serial: int = field(default_factory=new_serial)
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    mana_cost: str | None = None
    faces: tuple[Face, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    keywords: frozenset[str] = frozenset()
    statics: tuple = ()
    token: bool = False
    # Status on the battlefield (110.5).
    tapped: bool = False
    damage: int = 0
    counters: Counter = field(default_factory=Counter)
    summoning_sick: bool = False
    block_limit: int = 1
    attached_to: int | None = None
    struck_first: bool = False
    #: Whether the object has existed at all (a token off the battlefield ceases to exist, 111.8).
    exists: bool = True

    @property
    def is_split(self) -> bool:
        return len(self.faces) == 2

    def names(self) -> tuple[str, ...]:
        """Its names: a split card has two (709.4a)."""
        return tuple(face.name for face in self.faces) if self.faces else (self.name,)
