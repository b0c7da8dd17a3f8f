"""Devotion (700.5): the mana symbols of a color among the mana costs of
the permanents a player controls."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mtgjudge.model.game import Game

_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_SYMBOL = re.compile(r"\{([^}]*)\}")


def devotion(game: Game, player: str, color: str) -> int:
    """700.5: each symbol of that color counts once, a hybrid one too."""
    letter = _LETTERS[color]
    total = 0
    for obj in game.battlefield():
        if game.controller(obj) != player:
            continue
        for cost in game.characteristics(obj).mana_costs:
            total += sum(1 for symbol in _SYMBOL.findall(cost or "") if letter in symbol.split("/"))
    return total
