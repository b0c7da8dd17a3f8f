"""Playing lands (305): a special action (116.2a) that puts a land card
from its owner's hand onto the battlefield, during a main phase of their
own turn with an empty stack (305.1, 305.3), once each turn unless effects
allow more (305.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgjudge.errors import IllegalActionError, InvalidInputError

if TYPE_CHECKING:
    from mtgjudge.model.game import Game
    from mtgjudge.model.objects import GameObject


class IllegalLandPlayError(IllegalActionError):
    """Playing a land the rules don't allow now (305)."""

    category = "land"


def plays_allowed(game: Game, player: str) -> int:
    """305.2: one land each turn, plus each "you may play an additional land
    on each of your turns" of a permanent the player controls."""
    extra = sum(
        obj.additional_land_plays
        for obj in game.battlefield()
        if obj.additional_land_plays and game.controller(obj) == player
    )
    return 1 + extra


def played_this_turn(game: Game, player: str) -> int:
    return sum(
        1 for who, turn in game.history.land_plays if who == player and turn == game.turn_number
    )


def play_land(game: Game, player: str, card: GameObject) -> None:
    """305.1: the player plays a land: it doesn't use the stack."""
    if card.zone != "hand" or card.owner != player or not card.exists:
        raise InvalidInputError(f"{card.name} isn't a card in {player}'s hand")
    if "land" not in game.characteristics(card).types:
        raise IllegalLandPlayError(
            f"{card.name} isn't a land card: it can't be played as a land",
            rule="305.1",
            fault="not_a_land",
        )
    # 805.4c: each player on the active team may play a land.
    if not game.is_active(player):
        raise IllegalLandPlayError(
            f"it isn't {player}'s turn: they can't play a land", rule="305.3", fault="not_your_turn"
        )
    if not game.turn.is_main_phase():
        raise IllegalLandPlayError(
            "a land is played only during a main phase", rule="305.1", fault="not_main_phase"
        )
    if game.stack_items():
        raise IllegalLandPlayError(
            "a land is played only when the stack is empty", rule="305.1", fault="stack_not_empty"
        )
    allowed, played = plays_allowed(game, player), played_this_turn(game, player)
    if played >= allowed:
        raise IllegalLandPlayError(
            f"{player} has played {played} land(s) this turn and may play {allowed}",
            rule="305.2b",
            fault="no_land_plays_left",
        )
    game.history.land_plays.append((player, game.turn_number))
    game.note("305.1", f"{player} plays {card.name}: a special action, not a spell (116.2a)")
    game.move(card, "battlefield", controller=player)
