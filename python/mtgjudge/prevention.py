"""Prevention effects (615): damage that would be dealt and isn't.

They apply as the damage event would happen (615.1), so combat damage is
assigned first, as if nothing would be prevented (510.1), and the kernel
then deals what isn't prevented (510.2). Only damage dealt has results:
lifelink, deathtouch and loss of life look at what is left (120.3)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mtgjudge.effects import Condition, ObjectFilter
from mtgjudge.errors import IllegalActionError

if TYPE_CHECKING:
    from mtgjudge.game import Game
    from mtgjudge.objects import GameObject


@dataclass(frozen=True)
class Prevention:
    """Which damage a prevention effect applies to, and how much of it it
    prevents. Without any `to...` part it applies to damage to anything;
    without a `by...` part, to damage from any source."""

    #: Damage to its controller ("you").
    to_you: bool = False
    #: Damage to the permanent with the ability.
    to_itself: bool = False
    #: Damage to permanents that fit, relative to its controller.
    to: ObjectFilter | None = None
    #: Damage to these objects, by scenario name (a spell's targets).
    to_objects: tuple[str, ...] = ()
    #: Damage from the permanent with the ability.
    by_itself: bool = False
    #: Damage from sources that fit, judged as the damage would be dealt (615.9).
    by: ObjectFilter | None = None
    #: Combat damage only.
    combat_only: bool = False
    #: "all"; N: "prevent N of that damage", in each damage event (615.10);
    #: ("all_but", N): "prevent all but N of that damage"; ("per_source", X):
    #: X of each source's damage, divided among what it would be dealt to as
    #: the effect's controller chooses; ("shield", N): "the next N damage",
    #: used up as it prevents (615.7).
    amount: int | str | tuple[str, int] = "all"
    condition: Condition | None = None
    description: str = ""


@dataclass
class ActivePrevention:
    """A prevention effect in the game: from a permanent's static ability
    while it is on the battlefield, or from a resolved spell or ability
    until its duration ends (or its shield is used up)."""

    prevention: Prevention
    #: Its controller.
    you: str
    #: The scenario name of its source, for choices and traces.
    source_ref: str
    source_serial: int | None
    timestamp: int
    duration: str = "static"
    #: What is left of a shield (615.7).
    shield_left: int = 0


@dataclass(frozen=True)
class Piece:
    """Damage one source would deal to one recipient in one event."""

    source: GameObject
    #: A player's name or an object's scenario name.
    recipient: str
    amount: int


@dataclass
class _Progress:
    left: list[int]
    prevented: list[int] = field(default_factory=list)


def active(game: Game) -> list[ActivePrevention]:
    """The prevention effects that exist now, in timestamp order: the
    affected player or controller may choose another order (616.1); the
    model applies them in this one."""
    statics = [
        ActivePrevention(
            prevention,
            game.controller(obj),
            obj.ref,
            obj.serial,
            obj.timestamp,
        )
        for obj in game.battlefield()
        for prevention in obj.preventions
    ]
    return sorted(statics + game.preventions, key=lambda effect: effect.timestamp)


def prevent(game: Game, pieces: list[Piece], *, combat: bool) -> list[int]:
    """How much of each piece of damage is prevented. ``pieces`` are the
    damage events that would happen at the same time."""
    progress = _Progress([piece.amount for piece in pieces], [0] * len(pieces))
    for effect in active(game):
        condition = effect.prevention.condition
        if condition is not None and not condition.holds(game, effect.you, effect.source_serial):
            continue
        applicable = [
            i
            for i, piece in enumerate(pieces)
            if progress.left[i] > 0 and _applies(game, effect, piece, combat=combat)
        ]
        if applicable:
            _apply(game, effect, pieces, applicable, progress)
    game.prevention_choices.clear()
    game.preventions = [
        effect
        for effect in game.preventions
        if not (
            isinstance(effect.prevention.amount, tuple) and effect.prevention.amount[0] == "shield"
        )
        or effect.shield_left > 0
    ]
    return progress.prevented


def _applies(game: Game, effect: ActivePrevention, piece: Piece, *, combat: bool) -> bool:
    prevention = effect.prevention
    if prevention.combat_only and not combat:
        return False
    source = piece.source
    if prevention.by_itself and source.serial != effect.source_serial:
        return False
    if prevention.by is not None and not prevention.by.matches(
        game, source, effect.you, effect.source_serial
    ):
        return False
    wanted = prevention.to_you or prevention.to_itself or prevention.to or prevention.to_objects
    if not wanted:
        return True
    if piece.recipient in game.players:
        return prevention.to_you and piece.recipient == effect.you
    recipient = game.obj(piece.recipient)
    return (
        (prevention.to_itself and recipient.serial == effect.source_serial)
        or (
            prevention.to is not None
            and prevention.to.matches(game, recipient, effect.you, effect.source_serial)
        )
        or piece.recipient in prevention.to_objects
    )


def _apply(
    game: Game,
    effect: ActivePrevention,
    pieces: list[Piece],
    applicable: list[int],
    progress: _Progress,
) -> None:
    amount = effect.prevention.amount
    left = progress.left
    if amount == "all":
        prevented = {i: left[i] for i in applicable}
        rule = "615.1"
    elif isinstance(amount, int):
        # 615.10: N of the damage of each applicable event.
        prevented = {i: min(amount, left[i]) for i in applicable}
        rule = "615.10"
    elif amount[0] == "all_but":
        prevented = {i: max(left[i] - amount[1], 0) for i in applicable}
        rule = "615.1"
    elif amount[0] == "per_source":
        prevented = {}
        for source in dict.fromkeys(pieces[i].source.serial for i in applicable):
            group = [i for i in applicable if pieces[i].source.serial == source]
            prevented.update(_divide(game, effect, pieces, group, left, amount[1]))
        rule = "615.1"
    else:
        # 615.7: a shield; with damage from two or more sources at once, the
        # shielded player or the permanent's controller chooses which.
        prevented = _divide(game, effect, pieces, applicable, left, effect.shield_left)
        effect.shield_left -= sum(prevented.values())
        rule = "615.7"
    for i, count in prevented.items():
        if count <= 0:
            continue
        left[i] -= count
        progress.prevented[i] += count
        piece = pieces[i]
        game.history.prevented.append((piece.source.ref, piece.recipient, count))
        what = effect.prevention.description or f"{game.obj(effect.source_ref).name}'s effect"
        game.note(
            rule,
            f"{what} prevents {count} of the damage {piece.source.name} would deal to "
            f"{_name(game, piece.recipient)}",
        )


def _divide(
    game: Game,
    effect: ActivePrevention,
    pieces: list[Piece],
    group: list[int],
    left: list[int],
    limit: int,
) -> dict[int, int]:
    """Up to ``limit`` of the damage in ``group``, divided as the effect's
    controller chose (``choose_prevention``), or in the order the damage
    was assigned."""
    wanted = min(limit, sum(left[i] for i in group))
    sources = {pieces[i].source.ref for i in group}
    chosen = [
        entry for entry in game.prevention_choices.get(effect.source_ref, ()) if entry[0] in sources
    ]
    if not chosen:
        division, rest = {}, wanted
        for i in group:
            division[i] = min(rest, left[i])
            rest -= division[i]
        return division
    division = {}
    for source_ref, recipient, count in chosen:
        match = [
            i
            for i in group
            if pieces[i].source.ref == source_ref and pieces[i].recipient == recipient
        ]
        if not match:
            raise IllegalActionError(
                f"{game.obj(effect.source_ref).name}'s effect can't prevent damage "
                f"{game.obj(source_ref).name} would deal to {_name(game, recipient)}",
                rule="615.1",
                fault="prevention_choice",
            )
        division[match[0]] = division.get(match[0], 0) + count
    for i, count in division.items():
        if count > left[i]:
            raise IllegalActionError(
                f"only {left[i]} damage from {pieces[i].source.name} to "
                f"{_name(game, pieces[i].recipient)} is left to prevent, not {count}",
                rule="615.1",
                fault="prevention_choice",
            )
    if sum(division.values()) != wanted:
        raise IllegalActionError(
            f"{game.obj(effect.source_ref).name}'s effect prevents {wanted} of this damage; "
            f"the choice divides {sum(division.values())}",
            rule="615.7"
            if isinstance(effect.prevention.amount, tuple)
            and effect.prevention.amount[0] == "shield"
            else "615.1",
            fault="prevention_choice",
        )
    return division


def _name(game: Game, recipient: str) -> str:
    return recipient if recipient in game.players else game.obj(recipient).name
