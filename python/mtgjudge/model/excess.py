"""Excess damage (120.4a): damage to a permanent beyond what it can take,
dealt to another player or permanent instead, worked out before
replacement and prevention effects apply (120.4b)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mtgjudge.model.game import Game


def lethal(game: Game, ref: str, *, deathtouch: bool) -> int | None:
    """How much of a source's damage the permanent takes before the rest
    is excess: lethal damage to a creature, with what is marked already
    (120.6), 1 from a source with deathtouch (702.2c); a planeswalker's
    loyalty. With both types, the least of them, so that the excess is the
    greatest (120.4a). None: neither type, so no damage is excess."""
    if ref in game.players:
        return None
    obj = game.obj(ref)
    current = game.characteristics(obj)
    amounts = []
    if "creature" in current.types and current.toughness is not None:
        needed = max(current.toughness - obj.damage, 0)
        amounts.append(min(needed, 1) if deathtouch else needed)
    if "planeswalker" in current.types:
        amounts.append(max(obj.counters.get("loyalty", 0), 0))
    return min(amounts) if amounts else None


def split(game: Game, parts: list[tuple[str, int]], *, deathtouch: bool) -> list[tuple[str, int]]:
    """120.4a: “excess damage is dealt to that permanent's controller
    instead”: each part to a creature or planeswalker keeps what is lethal
    to it, ignoring indestructible and the effects that will change the
    damage, and the rest goes to its controller."""
    out: list[tuple[str, int]] = []
    for ref, amount in parts:
        most = lethal(game, ref, deathtouch=deathtouch)
        if most is None or amount <= most:
            out.append((ref, amount))
            continue
        controller = game.controller(game.obj(ref))
        game.note(
            "120.4a",
            f"{amount - most} of the damage to {game.obj(ref).name} is excess: it is dealt to "
            f"{controller} instead",
        )
        out += [(ref, most), (controller, amount - most)]
    return out
