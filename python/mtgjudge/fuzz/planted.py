"""Engines with a deliberately planted bug, to show that the fuzzer finds
bugs: each is ``mtgjudge._core`` with one function or method wrapped so
that it breaks one rule. ``mtgjudge fuzz --plant NAME`` fuzzes one of them
instead of the kernel; ``tests/test_fuzz.py`` checks that each is caught.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mtgjudge import _core


@dataclass
class Events:
    """A copy of the kernel's StepEvents that a planted bug can change."""

    step: str | None
    damage: list[Any] = field(default_factory=list)
    life_gains: list[Any] = field(default_factory=list)
    deaths: list[Any] = field(default_factory=list)
    planeswalker_deaths: list[Any] = field(default_factory=list)
    losers: list[Any] = field(default_factory=list)
    regenerations: list[Any] = field(default_factory=list)

    @classmethod
    def of(cls, events: Any) -> Events:
        return cls(
            events.step,
            list(events.damage),
            list(events.life_gains),
            list(events.deaths),
            list(events.planeswalker_deaths),
            list(events.losers),
            list(events.regenerations),
        )


class PlantedCombat:
    """``_core.Combat`` with hooks: subclasses change what they break."""

    _OWN = frozenset({"_inner", "_extra_life", "_creatures"})

    def __init__(self, life: list[int]) -> None:
        object.__setattr__(self, "_inner", _core.Combat(life))
        object.__setattr__(self, "_extra_life", [0] * len(life))
        object.__setattr__(self, "_creatures", 0)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def __setattr__(self, name: str, value: Any) -> None:
        # The game model sets `attacked` and `progress` when it restores a combat.
        if name in self._OWN:
            object.__setattr__(self, name, value)
        else:
            setattr(self._inner, name, value)

    def add_creature(self, *args: Any, **kwargs: Any) -> int:
        object.__setattr__(self, "_creatures", self._creatures + 1)
        return self._inner.add_creature(*args, **kwargs)

    def life(self, player: int) -> int:
        return self._inner.life(player) + self._extra_life[player]

    def resolve_damage_step(self, *args: Any, **kwargs: Any) -> Any:
        return self._inner.resolve_damage_step(*args, **kwargs)

    def deal_damage(self, *args: Any, **kwargs: Any) -> Any:
        return self._inner.deal_damage(*args, **kwargs)


class LifelinkOffByOne(PlantedCombat):
    """Lifelink gains one more life than the damage dealt (breaks 702.15b)."""

    def _more(self, events: Any) -> Any:
        if not events.life_gains:
            return events
        changed = Events.of(events)
        changed.life_gains = []
        for player, amount, source, step in events.life_gains:
            self._extra_life[player] += 1
            changed.life_gains.append((player, amount + 1, source, step))
        return changed

    def resolve_damage_step(self, *args: Any, **kwargs: Any) -> Any:
        return self._more(self._inner.resolve_damage_step(*args, **kwargs))

    def deal_damage(self, *args: Any, **kwargs: Any) -> Any:
        return self._more(self._inner.deal_damage(*args, **kwargs))


class DoubleStrikeOnce(PlantedCombat):
    """A creature with double strike that dealt first-strike damage doesn't
    deal damage again in the second step (breaks 702.4b, 510.4)."""

    def resolve_damage_step(self, *args: Any, **kwargs: Any) -> Any:
        inner = self._inner
        if inner.progress != "first_strike_dealt":
            return inner.resolve_damage_step(*args, **kwargs)
        bit = 1 << list(_core.KEYWORDS).index("double strike")
        hidden = []
        for i in range(self._creatures):
            c = inner.creature(i)
            if c.on_battlefield and c.struck_first and (c.keywords | c.keyword_counters) & bit:
                hidden.append((i, c.keywords, c.keyword_counters))
                inner.update_creature(
                    i, keywords=c.keywords & ~bit, keyword_counters=c.keyword_counters & ~bit
                )
        try:
            return inner.resolve_damage_step(*args, **kwargs)
        finally:
            for i, keywords, counters in hidden:
                inner.update_creature(i, keywords=keywords, keyword_counters=counters)


def _greedy_party_size(masks: list[int]) -> int:
    """Each creature takes the first party role it has that is still free:
    a Cleric Wizard and a Cleric count 1, not 2 (breaks 700.8b)."""
    _core.party_size(masks)  # the same input checks
    filled = 0
    for mask in masks:
        for role in range(4):
            if mask >> role & 1 and not filled >> role & 1:
                filled |= 1 << role
                break
    return bin(filled).count("1")


def _affinity_once(cost: Any, **kwargs: Any) -> Any:
    """Only the largest instance of affinity applies (breaks 702.41b)."""
    affinity = list(kwargs.get("affinity", ()))
    if affinity:
        kwargs["affinity"] = [max(affinity)]
    return _core.total_cost(cost, **kwargs)


class PlantedEngine:
    """``mtgjudge._core`` with some of its names replaced."""

    def __init__(self, name: str, description: str, **replaced: Any):
        self.name = name
        self.description = description
        self._replaced = replaced

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("__"):
            raise AttributeError(attribute)
        if attribute in self._replaced:
            return self._replaced[attribute]
        return getattr(_core, attribute)

    def __repr__(self) -> str:
        return f"<engine with a planted bug: {self.name}>"


PLANTED: dict[str, Callable[[], PlantedEngine]] = {
    "lifelink-off-by-one": lambda: PlantedEngine(
        "lifelink-off-by-one", LifelinkOffByOne.__doc__ or "", Combat=LifelinkOffByOne
    ),
    "double-strike-once": lambda: PlantedEngine(
        "double-strike-once", DoubleStrikeOnce.__doc__ or "", Combat=DoubleStrikeOnce
    ),
    "greedy-party": lambda: PlantedEngine(
        "greedy-party", _greedy_party_size.__doc__ or "", party_size=_greedy_party_size
    ),
    "affinity-once": lambda: PlantedEngine(
        "affinity-once", _affinity_once.__doc__ or "", total_cost=_affinity_once
    ),
}


def planted(name: str) -> PlantedEngine:
    return PLANTED[name]()
