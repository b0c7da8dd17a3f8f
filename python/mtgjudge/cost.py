"""Mana values, total costs and payment in the game model. The rules
themselves (202.3, 601.2f–h, 702.41, 702.51 ...) are in the kernel's
``cost`` module; this module gathers what the game knows and asks it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgjudge import _core

if TYPE_CHECKING:
    from mtgjudge.game import Game
    from mtgjudge.objects import GameObject
    from mtgjudge.timing import SpellQualities


def parse_pool(text: str):
    """A mana pool written as symbols, such as ``"{R}{R}{W}"``."""
    return _core.ManaPool.parse(text)


def mana_value_of_faces(costs: list[str | None], *, on_stack: bool, x: int = 0) -> int:
    """The mana value of an object whose existing faces have these mana
    costs: one face, or both halves of a split card off the stack (202.3)."""
    return _core.mana_value([cost for cost in costs], on_stack=on_stack, x=x)


def mana_value(game: Game, obj: GameObject) -> int:
    current = game.characteristics(obj)
    on_stack = obj.zone == "stack"
    return mana_value_of_faces(list(current.mana_costs), on_stack=on_stack, x=obj.x or 0)


def card_qualities(game: Game, obj: GameObject) -> SpellQualities:
    """The object's qualities where it is, for effects that look for them."""
    from mtgjudge.timing import SpellQualities

    current = game.characteristics(obj)
    return SpellQualities(
        names=current.names,
        types=current.types,
        colors=current.colors,
        subtypes=current.subtypes,
        mana_value=mana_value(game, obj),
    )
