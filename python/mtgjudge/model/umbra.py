"""Umbra armor (702.89): "If enchanted permanent would be destroyed, instead
remove all damage marked on it and destroy this Aura." A replacement effect
(614) of the Aura, for each event that would destroy the permanent: the
state-based actions for lethal damage and deathtouch damage (704.5g,
704.5h; both at once are one destruction, so one Aura saves it) and
effects that destroy (701.8a). An indestructible permanent isn't destroyed,
so nothing is replaced (702.12b); toughness 0 or less (704.5f) and
sacrifice (701.21a) aren't destruction.

Unlike regeneration (701.19a) the permanent isn't tapped and stays in
combat. If a regeneration shield could replace the same destruction, its
controller chooses which applies (616.1); the model applies umbra armor
first. With several such Auras, the earliest one (in timestamp order) is
destroyed (the choice is the same player's, 616.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mtgjudge.model.game import Game
    from mtgjudge.model.objects import GameObject

KEYWORD = "umbra armor"


def armor(game: Game, obj: GameObject) -> GameObject | None:
    """The first Aura with umbra armor attached to the permanent, if any."""
    auras = [
        other
        for other in game.battlefield()
        if other.attached_to == obj.serial
        and "Aura" in game.characteristics(other).subtypes
        and KEYWORD in game.characteristics(other).all_keywords
    ]
    return min(auras, key=lambda aura: aura.timestamp, default=None)


def replaces(game: Game, obj: GameObject, why: str) -> bool:
    """If an Aura with umbra armor enchants the permanent about to be
    destroyed, it replaces the destruction (702.89a): True."""
    aura = armor(game, obj)
    if aura is None:
        return False
    obj.damage = 0
    obj.dealt_deathtouch_damage = False
    game.note(
        "702.89a",
        f"{why}; instead, by the umbra armor of {aura.name}, all damage marked on {obj.name} "
        f"is removed and {aura.name} is destroyed",
    )
    game.destroy([aura])
    return True


def before_state_based_actions(game: Game) -> None:
    """704.3, 702.89a: the creatures the coming check would destroy for
    lethal damage (704.5g) or deathtouch damage (704.5h), if enchanted by an
    Aura with umbra armor, are saved by it first."""
    for obj in game.battlefield():
        current = game.characteristics(obj)
        if "creature" not in current.types or current.toughness is None:
            continue
        if current.toughness <= 0 or "indestructible" in current.all_keywords:
            continue
        lethal = obj.damage >= current.toughness
        if (lethal or (obj.dealt_deathtouch_damage and obj.damage > 0)) and armor(game, obj):
            rule = "704.5g" if lethal else "704.5h"
            replaces(game, obj, f"{obj.name} would be destroyed by state-based actions ({rule})")
