"""The state-based actions that keep permanents unique by supertype: the
legend rule (704.5j) and the world rule (704.5k). Both put permanents into
their owners' graveyards at once with the other state-based actions
(704.3), so their leaves-the-battlefield abilities look back (603.10a)."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from mtgjudge.errors import InvalidInputError

if TYPE_CHECKING:
    from mtgjudge.model.game import Game
    from mtgjudge.model.objects import GameObject


def has_supertype(obj: GameObject, supertype: str) -> bool:
    """Supertypes as a setup writes them, in any case ("legendary", "Legendary")."""
    return any(word.lower() == supertype for word in obj.supertypes)


def legend_rule(game: Game) -> list[tuple[GameObject, str]]:
    """704.5j: if two or more legendary permanents with the same name are
    controlled by the same player, that player chooses one of them, and the
    rest are put into their owners' graveyards. The choice is given with
    `keep_legend` before the check; without it, the player keeps the one
    that entered last."""
    groups: dict[tuple[str, tuple[str, ...]], list[GameObject]] = defaultdict(list)
    for obj in game.battlefield():
        if has_supertype(obj, "legendary"):
            names = game.characteristics(obj).names
            groups[(game.controller(obj), names)].append(obj)
    dying: list[tuple[GameObject, str]] = []
    for (player, names), group in groups.items():
        if len(group) < 2:
            continue
        wanted = game.legend_choices.pop(player, None)
        if wanted is not None and wanted not in {obj.ref for obj in group}:
            raise InvalidInputError(
                f"keep_legend: {player} keeps {wanted!r}, which isn't one of the legendary "
                f"permanents named {' // '.join(names)} they control "
                f"({', '.join(obj.ref for obj in group)})"
            )
        kept = game.obj(wanted) if wanted is not None else max(group, key=lambda o: o.timestamp)
        game.note(
            "704.5j",
            f"{player} controls {len(group)} legendary permanents named {' // '.join(names)}: "
            f"they keep {kept.name} ({kept.ref}) and the rest go to the graveyard",
        )
        dying += [(obj, "704.5j") for obj in group if obj is not kept]
    return dying


def world_rule(game: Game) -> list[tuple[GameObject, str]]:
    """704.5k: if two or more permanents have the supertype world, all
    except the one that has had it for the shortest time go to the
    graveyard; with a tie for the shortest, all of them. A permanent's
    supertypes don't change in the model, so that time is the time since it
    entered the battlefield: its timestamp (613.7d)."""
    worlds = [obj for obj in game.battlefield() if has_supertype(obj, "world")]
    if len(worlds) < 2:
        return []
    newest = max(obj.timestamp for obj in worlds)
    kept = [obj for obj in worlds if obj.timestamp == newest]
    survivor = kept[0] if len(kept) == 1 else None
    game.note(
        "704.5k",
        f"{len(worlds)} world permanents: "
        + (
            f"{survivor.name} has been one for the shortest time and stays"
            if survivor is not None
            else "a tie for the shortest time, so all of them go"
        ),
    )
    return [(obj, "704.5k") for obj in worlds if obj is not survivor]
