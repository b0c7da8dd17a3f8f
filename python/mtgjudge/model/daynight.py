"""Day and night (730), and daybound and nightbound (702.145).

The game starts with neither designation (730.1); a setup may give one.
As the second part of each untap step the game checks the previous turn
(730.2): day becomes night if the previous turn's active player cast no
spells (730.2a), night becomes day if they cast two or more (730.2b).
Daybound and nightbound permanents are transforming double-faced cards
(712): at night one with daybound is transformed, back face up, and by day
one with nightbound transforms back (702.145c, 702.145f), immediately, not
as a state-based action; one that enters at night enters transformed
(702.145b)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mtgjudge.model.game import Game
    from mtgjudge.model.objects import GameObject


def _has(game: Game, obj: GameObject, keyword: str) -> bool:
    return keyword in game.characteristics(obj).all_keywords


def set_designation(game: Game, value: str, rule: str, why: str) -> None:
    """730.1: it becomes day or night."""
    before = game.day_night
    if before == value:
        return
    game.day_night = value
    change = f"{before} becomes {value}" if before else f"it becomes {value}"
    game.note(rule, f"{change}: {why}")
    update(game)


def update(game: Game) -> None:
    """702.145c–g: what daybound and nightbound make happen at once."""
    if game.day_night is None:
        daybound = [obj for obj in game.battlefield() if _has(game, obj, "daybound")]
        nightbound = [obj for obj in game.battlefield() if _has(game, obj, "nightbound")]
        if daybound:
            set_designation(game, "day", "702.145d", f"{daybound[0].name} has daybound")
            return
        if nightbound:
            set_designation(game, "night", "702.145g", f"{nightbound[0].name} has nightbound")
            return
    for obj in game.battlefield():
        if obj.back is None:
            continue
        if game.day_night == "night" and not obj.transformed and _has(game, obj, "daybound"):
            obj.transformed = True
            game.note("702.145c", f"it is night: {obj.name} transforms ({obj.back.name})")
        elif game.day_night == "day" and obj.transformed and _has(game, obj, "nightbound"):
            obj.transformed = False
            game.note("702.145f", f"it is day: {obj.back.name} transforms ({obj.name})")


def entering(game: Game, obj: GameObject) -> None:
    """702.145b: at night, a daybound double-faced permanent enters
    transformed."""
    if obj.back is not None and game.day_night == "night" and "daybound" in obj.keywords:
        obj.transformed = True
        game.note("702.145b", f"it is night: {obj.name} enters transformed ({obj.back.name})")


def untap_step(game: Game, previous_player: str, previous_turn: int) -> None:
    """730.2: as the second part of the untap step, the game checks the
    previous turn."""
    if game.day_night is None:
        return  # 730.2c
    cast = sum(
        1
        for who, _, turn in game.history.spells_cast
        if who == previous_player and turn == previous_turn
    )
    if game.day_night == "day" and cast == 0:
        set_designation(
            game, "night", "730.2a", f"{previous_player} cast no spells during the previous turn"
        )
    elif game.day_night == "night" and cast >= 2:
        set_designation(
            game, "day", "730.2b", f"{previous_player} cast {cast} spells during the previous turn"
        )
