"""Party size (700.8) in the game model: the kernel computes it from the
creature types of the creatures a player controls."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgjudge import engine

if TYPE_CHECKING:
    from mtgjudge.game import Game


def party_size(game: Game, player: str) -> int:
    kernel = engine.current()
    masks = [
        kernel.party_types(sorted(game.characteristics(obj).subtypes))
        for obj in game.battlefield()
        if "creature" in game.characteristics(obj).types and game.controller(obj) == player
    ]
    return kernel.party_size(masks)
