"""Counters (122): putting them on objects and giving them to players,
with the effects that stop or change that.

Every counter put on a permanent or given to a player goes through
:func:`put` or :func:`give`: a spell's or ability's counters, the -1/-1
counters of damage from a source with wither or infect (702.80a, 702.90c),
and the poison counters of infect damage to a player (702.90b). The
effects that apply to them are

- "[it] can't have [kind] counters put on it", "players can't get
  counters" (122.1, 122.1f): the counters aren't put, and the event that
  would have put them still happens (the damage is still dealt, so lifelink
  and "is dealt damage" triggers see it);
- "if one or more [kind] counters would be put on [it], that many minus N
  are put on it instead" (614.1a).

The state-based actions on counters (704.5c, 704.5q, 704.5r) are in
:meth:`mtgjudge.model.game.Game.check_state_based_actions`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mtgjudge.keywords import COUNTER_KEYWORDS
from mtgjudge.model.effects import AnyFilter, Condition, ObjectFilter
from mtgjudge.model.replacement import player_fits

if TYPE_CHECKING:
    from mtgjudge.model.game import Game
    from mtgjudge.model.objects import GameObject


@dataclass(frozen=True)
class CounterRule:
    """A rule on the counters that may be put on objects or given to players."""

    #: The permanent with the ability ("~ can't have counters put on it").
    itself: bool = False
    #: Permanents that fit, relative to its controller ("creatures you control").
    objects: ObjectFilter | AnyFilter | None = None
    #: Players: "you", "opponents" or "any" ("you can't get poison counters").
    players: str | None = None
    #: Exactly these players and objects, by name and serial (0 for a
    #: player): the objects they were as the effect began (400.7).
    to_objects: tuple[tuple[str, int], ...] = ()
    #: The kinds of counters it is about; empty: every kind.
    kinds: frozenset[str] = frozenset()
    #: "Can't have [kind] counters put on it", "can't get [kind] counters".
    cant: bool = False
    #: 614.1a: "that many [kind] counters minus N are put on it instead".
    fewer: int = 0
    condition: Condition | None = None
    description: str = ""

    def about(self, kind: str) -> bool:
        return not self.kinds or kind in self.kinds


@dataclass
class ActiveCounterRule:
    """A counter rule in the game: from a permanent's static ability while
    it is on the battlefield, or from a resolved spell or ability for its
    duration."""

    rule: CounterRule
    you: str
    source_serial: int | None
    timestamp: int
    #: "static", "end_of_turn", "permanent", or "source_leaves": "for as
    #: long as [the source] remains on the battlefield" (611.2b).
    duration: str = "static"


def any_rules(game: Game) -> bool:
    """Whether any rule on counters might apply now (a quick test)."""
    return bool(game.counter_effects) or any(
        obj.counter_rules for obj in [*game.battlefield(), *game.emblems()]
    )


def _active(game: Game) -> list[ActiveCounterRule]:
    found = [
        ActiveCounterRule(rule, game.controller(obj), obj.serial, obj.timestamp)
        for obj in [*game.battlefield(), *game.emblems()]
        for rule in obj.counter_rules
    ]
    found += [
        active
        for active in game.counter_effects
        if active.duration != "source_leaves"
        or (active.source_serial is not None and game.is_on_battlefield(active.source_serial))
    ]
    return [
        active
        for active in sorted(found, key=lambda active: active.timestamp)
        if active.rule.condition is None
        or active.rule.condition.holds(game, active.you, active.source_serial)
    ]


def _applies_to_object(game: Game, active: ActiveCounterRule, obj: GameObject) -> bool:
    rule = active.rule
    if rule.itself and obj.serial == active.source_serial:
        return True
    if (obj.ref, obj.serial) in rule.to_objects:
        return True
    return rule.objects is not None and rule.objects.matches(
        game, obj, active.you, active.source_serial
    )


def _applies_to_player(game: Game, active: ActiveCounterRule, player: str) -> bool:
    rule = active.rule
    if (player, 0) in rule.to_objects:
        return True
    return rule.players is not None and player_fits(game, rule.players, player, active.you)


def _rules_for_object(game: Game, obj: GameObject, kind: str) -> list[ActiveCounterRule]:
    if obj.zone != "battlefield":
        return []
    return [
        active
        for active in _active(game)
        if active.rule.about(kind) and _applies_to_object(game, active, obj)
    ]


def _rules_for_player(game: Game, player: str, kind: str) -> list[ActiveCounterRule]:
    return [
        active
        for active in _active(game)
        if active.rule.about(kind) and _applies_to_player(game, active, player)
    ]


def _what(game: Game, active: ActiveCounterRule) -> str:
    if active.rule.description:
        return active.rule.description
    source = game.by_serial(active.source_serial) if active.source_serial is not None else None
    return f"{source.name}'s effect" if source is not None else "an effect"


def can_put(game: Game, obj: GameObject, kind: str) -> bool:
    """Whether counters of this kind can be put on the permanent (122.1)."""
    return not any(active.rule.cant for active in _rules_for_object(game, obj, kind))


def _stopping(game: Game, player: str, kind: str) -> list[ActiveCounterRule]:
    """The rules by which the player can't get counters of this kind
    (122.1f): for poison counters, any that says a teammate can't (810.10c)."""
    team = game.players[player].team if kind == "poison" else (player,)
    return [
        active
        for member in team
        for active in _rules_for_player(game, member, kind)
        if active.rule.cant
    ]


def can_get(game: Game, player: str, kind: str) -> bool:
    """Whether the player can get counters of this kind (122.1f, 810.10c)."""
    return not _stopping(game, player, kind)


def put(
    game: Game, obj: GameObject, kind: str, amount: int, why: str = "", *, rule: str = ""
) -> int:
    """Puts ``amount`` counters of ``kind`` on the object, as the effects
    on counters let it: none if it can't have them put on it (122.1), else
    that many as replaced (614.1a, each applying once, in timestamp order,
    614.5). Returns how many were put."""
    if amount <= 0:
        return 0
    rules = _rules_for_object(game, obj, kind)
    stopping = [active for active in rules if active.rule.cant]
    what = f"{amount} {kind} counter(s){f' ({why})' if why else ''}"
    if stopping:
        game.note(
            rule or "122.1",
            f"{_what(game, stopping[0])}: {obj.name} can't have {kind} counters put on it, "
            f"so the {what} aren't put on it",
        )
        return 0
    placed = amount
    for active in rules:
        if active.rule.fewer and placed > 0:
            before, placed = placed, max(placed - active.rule.fewer, 0)
            game.note(
                "614.1a",
                f"{_what(game, active)}: {before} {kind} counter(s) would be put on {obj.name}; "
                f"{placed} are put on it instead",
            )
    if placed > 0:
        obj.counters[kind] = obj.counters.get(kind, 0) + placed
        rule = rule or ("122.1b" if kind in COUNTER_KEYWORDS else "122.1")
        game.note(rule, f"{obj.name} gets {placed} {kind} counter(s){f' ({why})' if why else ''}")
    return placed


def give(game: Game, player: str, kind: str, amount: int, why: str = "") -> int:
    """Gives the player ``amount`` counters of ``kind`` (122.1, 122.1f),
    unless they can't get them. Returns how many they got."""
    if amount <= 0:
        return 0
    stopping = _stopping(game, player, kind)
    what = f"{amount} {kind} counter(s){f' ({why})' if why else ''}"
    if stopping:
        game.note(
            "122.1f" if kind == "poison" else "122.1",
            f"{_what(game, stopping[0])}: {player} can't get {kind} counters, so {player} "
            f"doesn't get the {what}",
        )
        return 0
    holder = game.players[player]
    if kind == "poison":
        # 810.10: in Two-Headed Giant the team shares them.
        holder.poison += amount
    else:
        holder.counters[kind] = holder.counters.get(kind, 0) + amount
    game.note("122.1f" if kind == "poison" else "122.1", f"{player} gets {what}")
    return amount


def remove(game: Game, holder: str, kind: str, amount: int | None = None) -> int:
    """Removes counters of a kind from a player or an object: ``amount``
    of them, or all. Returns how many were removed."""
    if holder in game.players and kind == "poison":
        # 810.10b: in Two-Headed Giant the team loses them.
        player = game.players[holder]
        removed = player.poison if amount is None else min(amount, player.poison)
        player.poison -= removed
        if removed:
            game.note("122.1", f"{removed} poison counter(s) are removed from {holder}")
        return removed
    if holder in game.players:
        counters = game.players[holder].counters
        name = holder
    else:
        obj = game.obj(holder)
        counters, name = obj.counters, obj.name
    have = counters.get(kind, 0)
    removed = have if amount is None else min(amount, have)
    if have - removed > 0:
        counters[kind] = have - removed
    else:
        counters.pop(kind, None)
    if removed:
        game.note("122.1", f"{removed} {kind} counter(s) are removed from {name}")
    return removed
