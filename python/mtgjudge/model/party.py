"""Party size (700.8) in the game model: the kernel computes it from the
creature types of the creatures a player controls."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgjudge import kernel

if TYPE_CHECKING:
    from mtgjudge.model.game import Game


def party_size(game: Game, player: str) -> int:
    implementation = kernel.current()
    # Creature types are settled by layer 4 (613.1d): a characteristic that
    # counts the party (layer 7a) reads them without itself.
    current = [game.characteristics(obj, up_to_layer=5) for obj in game.battlefield()]
    masks = [
        implementation.party_types(sorted(each.subtypes))
        for each in current
        if "creature" in each.types and each.controller == player
    ]
    return implementation.party_size(masks)
