"""What happened this turn, for the conditions, filters and amounts that
look back over it: "a creature that dealt damage this turn", "creature
cards put into your graveyard from the battlefield this turn", "if a
creature entered the battlefield under your control this turn" (608.2c,
608.2h, 603.4).

Each record names the object by its serial: an object that changes zones
is a new object (400.7), so "the creature that dealt damage" is that
creature only, never the card it later became."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mtgjudge.model.effects import Characteristics, ObjectFilter
    from mtgjudge.model.game import Game
    from mtgjudge.model.objects import GameObject


@dataclass(frozen=True)
class Move:
    """An object that arrived in a zone: from where (None for a token
    created, 111.2), as what object (its new serial), on which turn, and
    its characteristics as it arrived (603.6a, 603.10)."""

    ref: str
    came_from: str | None
    zone: str
    serial: int
    turn: int
    current: Characteristics
    token: bool
    #: It left the battlefield as a creature.
    was_creature: bool = False


def moved(
    game: Game, obj: GameObject, came_from: str | None, *, was_creature: bool = False
) -> None:
    """Records that ``obj`` (already the new object) arrived in its zone;
    ``was_creature``: it left the battlefield as a creature."""
    move = Move(
        obj.ref,
        came_from,
        obj.zone,
        obj.serial,
        game.turn_number,
        game.characteristics(obj),
        obj.token,
        was_creature,
    )
    game.history.moves.append(move)


def this_turn(game: Game) -> list[Move]:
    return [move for move in game.history.moves if move.turn == game.turn_number]


def fits(game: Game, wanted: ObjectFilter, serial: int, source_serial: int | None) -> bool:
    """The parts of a filter that look back over the turn, for the object
    with this serial."""
    if wanted.controller_dealt_combat_damage_by is not None:
        obj = game.by_serial(serial)
        if obj is None or obj.zone != "battlefield":
            return False
        sources, least = wanted.controller_dealt_combat_damage_by
        if len(sources_that_dealt_combat_damage(game, game.controller(obj), sources)) < least:
            return False
    if wanted.dealt_damage_this_turn and not any(
        record.turn == game.turn_number and record.source_serial == serial
        for record in game.history.damage
    ):
        return False
    return not wanted.dealt_damage_by_source or (
        source_serial is not None
        and any(
            record.turn == game.turn_number
            and record.source_serial == source_serial
            and record.recipient_serial == serial
            for record in game.history.damage
        )
    )


def sources_that_dealt_combat_damage(game: Game, player: str, sources: ObjectFilter) -> set[int]:
    """The different objects that dealt combat damage to ``player`` this
    turn and fit ``sources`` (relative to themselves' controller: judged as
    they are now): one that dealt damage twice counts once."""
    found = set()
    for record in game.history.damage:
        if record.turn != game.turn_number or record.step is None or record.recipient != player:
            continue
        source = game.by_serial(record.source_serial)
        if source is not None and sources.matches(game, source, game.controller(source), None):
            found.add(record.source_serial)
    return found


def dealt_damage_this_turn(game: Game, obj: GameObject) -> bool:
    """This object dealt damage this turn (120.3): damage prevented
    entirely isn't dealt, and a creature that changed zones is a new object
    that dealt none (400.7)."""
    return any(
        record.turn == game.turn_number and record.source_serial == obj.serial
        for record in game.history.damage
    )


def dealt_damage_by(game: Game, obj: GameObject, source_serial: int | None) -> bool:
    """This object was dealt damage this turn by that source object."""
    return source_serial is not None and any(
        record.turn == game.turn_number
        and record.source_serial == source_serial
        and record.recipient_serial == obj.serial
        for record in game.history.damage
    )


def put_into_graveyard_from_battlefield_this_turn(game: Game, obj: GameObject) -> bool:
    """The card is in a graveyard, and it got there from the battlefield
    this turn, as the object it is now (700.4)."""
    return any(
        move.serial == obj.serial and move.came_from == "battlefield" and move.zone == "graveyard"
        for move in this_turn(game)
    )


def entered_this_turn(
    game: Game, wanted: ObjectFilter, you: str, source_serial: int | None
) -> list[Move]:
    """The permanents that entered the battlefield this turn and fit
    ``wanted`` as they entered (603.6a), relative to ``you``; "another"
    (`other`) leaves out the source."""
    return [
        move
        for move in this_turn(game)
        if move.zone == "battlefield"
        and move.came_from != "battlefield"
        and not (wanted.other and move.serial == source_serial)
        and wanted.describes(
            move.current,
            token=move.token,
            enchanted_or_equipped=False,
            attacking=False,
            counters={},
            you=you,
        )
    ]


def creature_died_this_turn(game: Game) -> bool:
    """A creature was put into a graveyard from the battlefield this turn
    (700.4): it was a creature as it last existed on the battlefield."""
    return any(
        move.was_creature and move.came_from == "battlefield" and move.zone == "graveyard"
        for move in this_turn(game)
    )
