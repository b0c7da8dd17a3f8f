"""Devour (702.82): "Devour N" means "As this object enters, you may
sacrifice any number of creatures. This permanent enters with N +1/+1
counters on it for each creature sacrificed this way" (702.82a); "devour
[quality] N", any number of [quality] permanents (702.82c). What it
devoured is what was sacrificed this way as it entered (702.82b).

The choice is its controller's as it enters: for a permanent spell, given
with the resolve action's `choose` (608.2d, for that player)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from mtgjudge.errors import IllegalActionError
from mtgjudge.model.effects import ObjectFilter

if TYPE_CHECKING:
    from mtgjudge.model.game import Game
    from mtgjudge.model.objects import GameObject

CREATURES = ObjectFilter(types=frozenset({"creature"}))


def chosen(
    game: Game, obj: GameObject, controller: str, choices: Mapping[str, tuple[str, ...]]
) -> list[GameObject]:
    """The permanents its controller chooses to sacrifice for its devour
    ability, checked: each a permanent they control with the quality
    (702.82a, 702.82c)."""
    if obj.devour is None:
        return []
    quality = obj.devour_quality or CREATURES
    victims = []
    for ref in choices.get(controller, ()):
        victim = game.obj(ref)
        fits = (
            victim is not obj
            and victim.zone == "battlefield"
            and victim.exists
            and game.controller(victim) == controller
            and quality.matches(game, victim, controller, None)
        )
        if not fits:
            raise IllegalActionError(
                f"{controller} can't sacrifice {victim.name} for the devour ability of "
                f"{obj.name}: it isn't a permanent they control with the quality asked for",
                rule="702.82c" if obj.devour_quality is not None else "702.82a",
                fault="not_a_candidate",
            )
        victims.append(victim)
    return victims


def as_it_enters(game: Game, obj: GameObject, victims: list[GameObject]) -> None:
    """702.82a: the chosen permanents are sacrificed at once (701.21a) and it
    enters with N +1/+1 counters for each; 702.82b: it devoured them."""
    if obj.devour is None:
        return
    if victims:
        names = ", ".join(victim.name for victim in victims)
        game.note("702.82a", f"as {obj.name} enters, its controller sacrifices {names} (devour)")
        game.put_into_graveyards([(victim, "701.21a") for victim in victims])
    obj.devoured = len(victims)
    if victims:
        obj.counters["+1/+1"] += obj.devour * len(victims)
        game.note(
            "702.82a",
            f"{obj.name} enters with {obj.devour * len(victims)} +1/+1 counter(s): it devoured "
            f"{len(victims)} (702.82b)",
        )
    else:
        game.note("702.82a", f"{obj.name} devours nothing")
