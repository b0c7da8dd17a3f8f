"""Mana values, total costs and payment in the game model. The rules
themselves (202.3, 601.2f–h, 702.41, 702.51 ...) are in the kernel's
``cost`` module; this module gathers what the game knows and asks it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from mtgjudge import _core, kernel
from mtgjudge.errors import IllegalCastError, IllegalPaymentError, InvalidInputError

if TYPE_CHECKING:
    from mtgjudge.model.game import Game
    from mtgjudge.model.objects import GameObject
    from mtgjudge.model.timing import SpellFilter, SpellQualities

#: Colors by the letter mana symbols use (105.1, 107.4a).
COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
MANA_TYPES = ("W", "U", "B", "R", "G", "C")


def parse_pool(text: str) -> Counter:
    """Mana in a pool written as symbols, such as ``"{R}{R}{W}"``."""
    pool: Counter = Counter()
    for symbol, count in _core.ManaCost(text).symbols:
        letter = symbol.strip("{}")
        if letter not in MANA_TYPES:
            raise InvalidInputError(f"a mana pool holds mana of one type per symbol, not {symbol}")
        pool[letter] += count
    return pool


def pool_text(pool: Counter) -> str:
    return "".join(f"{{{letter}}}" * pool.get(letter, 0) for letter in MANA_TYPES)


def mana_value_of_faces(costs: list[str | None], *, on_stack: bool, x: int = 0) -> int:
    """The mana value of an object whose existing faces have these mana
    costs: one face, or both halves of a split card off the stack (202.3d)."""
    if len(costs) == 2:
        # Both halves exist: a split card off the stack, or a fused split
        # spell on it (702.102b).
        cast = "fused" if on_stack else None
        return kernel.current().mana_value_of_split(costs[0] or "", costs[1] or "", cast=cast, x=x)
    return kernel.current().ManaCost(costs[0] or "").mana_value(on_stack=on_stack, x=x)


def mana_value(game: Game, obj: GameObject) -> int:
    current = game.characteristics(obj)
    return mana_value_of_faces(list(current.mana_costs), on_stack=obj.zone == "stack", x=obj.x or 0)


def card_qualities(game: Game, obj: GameObject) -> SpellQualities:
    """The object's qualities where it is, for effects that look for them."""
    from mtgjudge.model.timing import SpellQualities

    current = game.characteristics(obj)
    return SpellQualities(
        names=current.names,
        types=current.types,
        colors=current.colors,
        subtypes=current.subtypes,
        mana_value=mana_value(game, obj),
        keywords=current.all_keywords,
    )


@dataclass(frozen=True)
class CostModifier:
    """A static ability that makes spells cost more or less (601.2f)."""

    spells: SpellFilter
    #: Whose spells: "you", "opponents" or "any", relative to its controller.
    players: str = "you"
    increase: str | None = None
    reduce: str | None = None


@dataclass(frozen=True)
class ManaForCounters:
    """ "As an additional cost to cast [spells], you may pay any amount of
    mana. If you do, that [permanent] enters with that many additional
    [counter] counters on it" (Chorus of the Conclave)."""

    spells: SpellFilter
    counter: str = "+1/+1"


@dataclass
class CostChoices:
    """Costs announced for a spell (601.2b)."""

    alternative: str | None = None
    additional: list[str] = field(default_factory=list)
    #: Creatures the caster is willing to tap for convoke (None: any).
    convoke_with: list[str] | None = None
    #: The amount of mana paid for each permanent's "pay any amount of mana"
    #: additional cost, by the permanent's name.
    mana_for_counters: dict[str, int] = field(default_factory=dict)


def mana_for_counters(
    game: Game, player: str, qualities: SpellQualities, choices: CostChoices
) -> tuple[list[str], Counter]:
    """601.2b: the amounts announced for "you may pay any amount of mana"
    additional costs: the costs to add, and the counters the spell will
    enter with (614.1c)."""
    costs, counters = [], Counter()
    for ref, amount in choices.mana_for_counters.items():
        source = game.obj(ref)
        abilities = [
            ability
            for ability in source.mana_for_counters
            if source.zone == "battlefield"
            and source.exists
            and game.controller(source) == player
            and ability.spells.matches(qualities)
        ]
        if not abilities:
            raise IllegalCastError(
                f"{source.name} gives {qualities.names[0]} no additional cost of any amount of mana",
                rule="601.2b",
                fault="no_such_additional_cost",
            )
        if amount > 0:
            costs.append(f"{{{amount}}}")
            counters[abilities[0].counter] += amount
            game.note(
                "601.2b",
                f"{player} will pay {{{amount}}} more for {source.name}'s ability: "
                f"{qualities.names[0]} will enter with {amount} {abilities[0].counter} counter(s)",
            )
    return costs, counters


def total_cost(
    game: Game,
    player: str,
    spell: GameObject,
    qualities: SpellQualities,
    choices: CostChoices,
    x: int,
):
    """601.2f: the spell's total cost, with its cost changes."""
    faces = spell.existing_faces()
    # 702.102c: a fused split spell's total cost includes both halves' costs.
    mana_cost = _core.ManaCost(faces[0].mana_cost or "")
    for face in faces[1:]:
        mana_cost = mana_cost + (face.mana_cost or "")
    additional = choices.additional
    increases, reductions = [], []
    for source in game.battlefield():
        controller = game.controller(source)
        for modifier in getattr(source, "cost_modifiers", ()):
            whose = modifier.players
            if whose == "you" and controller != player:
                continue
            if whose == "opponents" and game.teammates(controller, player):  # 102.3
                continue
            if not modifier.spells.matches(qualities):
                continue
            if modifier.increase:
                increases.append(modifier.increase)
            if modifier.reduce:
                reductions.append(modifier.reduce)
    if spell.costs_less_for_each is not None:
        # "This spell costs {1} less to cast for each creature in your party",
        # counted as the total cost is determined (601.2f) and locked in then.
        amount, counted = spell.costs_less_for_each
        count = _count_for_cost(game, player, counted)
        reductions += [amount] * count
        game.note(
            "601.2f", f"{qualities.names[0]} costs {amount} less for each of {count}: {counted}"
        )
    # 702.41a, 702.41b: each instance of affinity counts what its caster
    # controls, those the spell gained on the stack included.
    affinity = [
        sum(
            1
            for obj in game.battlefield()
            if replace(quality, controller="you").matches(game, obj, player, None)
        )
        for quality in game.characteristics(spell).affinity
    ]
    total = kernel.current().total_cost(
        mana_cost,
        x=x,
        alternative=choices.alternative,
        additional=additional,
        increases=increases,
        reductions=reductions,
        affinity=affinity,
    )
    game.note(
        "601.2f",
        f"the total cost of {qualities.names[0]} is {total.cost}"
        + (f" (affinity counts {affinity})" if affinity else ""),
    )
    return total


def _count_for_cost(game: Game, player: str, counted: str) -> int:
    if counted == "creature_in_your_party":
        from mtgjudge.model.party import party_size

        return party_size(game, player)
    raise InvalidInputError(f"unknown count for a cost reduction: {counted!r}")


def pay(game: Game, player: str, spell: GameObject, total: Any, choices: CostChoices) -> None:
    """601.2g–h: pays the total cost from the player's mana pool and, for
    convoke, improvise and delve, the player's creatures, artifacts and
    graveyard. A player whose mana the scenario doesn't track pays nothing."""
    state = game.players[player]
    if state.mana_pool is None:
        game.history.payments[spell.ref] = None
        return
    # 702.51d: the spell has convoke or not; more instances change nothing.
    keywords = game.characteristics(spell).all_keywords
    convokers = []
    if "convoke" in keywords:
        allowed = set(choices.convoke_with) if choices.convoke_with is not None else None
        convokers = [
            obj
            for obj in game.battlefield()
            if not obj.tapped
            and game.controller(obj) == player
            and "creature" in game.characteristics(obj).types
            and (allowed is None or obj.ref in allowed)
        ]
    artifacts = [
        obj
        for obj in game.battlefield()
        if "improvise" in keywords
        and not obj.tapped
        and game.controller(obj) == player
        and "artifact" in game.characteristics(obj).types
    ]
    graveyard = [
        obj
        for obj in game.objects
        if "delve" in keywords and obj.zone == "graveyard" and obj.owner == player and obj.exists
    ]
    result = kernel.current().find_payment(
        total,
        pool=dict(state.mana_pool),
        life=payable_life(game, player),
        convokers=[_letters(game, obj) for obj in convokers],
        artifacts=len(artifacts),
        graveyard=len(graveyard),
        convoke=bool(convokers),
        improvise=bool(artifacts),
        delve=bool(graveyard),
    )
    if not result.payable:
        shortfall = result.shortfall
        unpaid = ", ".join(f"{units} × {what}" for what, units in shortfall.unpaid)
        raise IllegalPaymentError(
            f"{player} can't pay {total.cost} for {spell.name}: unpaid {unpaid}",
            rule=shortfall.rule,
            fault="unpayable" if shortfall.unpayable else "cant_pay",
        )
    payment = result.payment
    for letter, amount in payment.mana.items():
        state.mana_pool[letter] -= amount
    state.life -= payment.life
    tapped = []
    for colors, amount in payment.creatures.items():
        matching = [obj for obj in convokers if _letters(game, obj) == colors and not obj.tapped]
        for obj in matching[:amount]:
            obj.tapped = True
            tapped.append(obj.ref)
    for obj in artifacts[: payment.artifacts]:
        obj.tapped = True
        tapped.append(obj.ref)
    for obj in graveyard[: payment.graveyard]:
        game.move(obj, "exile")
    game.history.payments[spell.ref] = payment
    game.note(
        "601.2h",
        f"{player} pays {total.cost}: "
        + "; ".join(
            f"{source} pays {symbol} as {paid_as} ×{count}"
            for source, symbol, paid_as, count in payment.parts
        )
        + (f" (tapping {', '.join(tapped)})" if tapped else ""),
    )


def can_sacrifice(
    game: Game, player: str, victim: GameObject, wanted: Any, source_serial: int | None
) -> bool:
    """701.21a: a player sacrifices a permanent they control; a cost asks
    for one that fits ``wanted`` (relative to the player and the source)."""
    return (
        victim.zone == "battlefield"
        and victim.exists
        and game.controller(victim) == player
        and wanted.matches(game, victim, player, source_serial)
    )


def payable_life(game: Game, player: str) -> int:
    """How much life the player can pay (119.4): none while they can't lose
    life, since paying life is losing it (119.8, 614.17b)."""
    from mtgjudge.model import life

    return max(game.players[player].life, 0) if life.can_lose(game, player) else 0


def pay_total(game: Game, player: str, total: Any) -> Any | None:
    """Pays a total cost that is only mana (and life for Phyrexian mana)
    from the player's mana pool (601.2h, 508.1j, 509.1f): None once paid, or
    the kernel's shortfall, with nothing paid. A player whose mana the
    scenario doesn't track pays nothing."""
    state = game.players[player]
    if state.mana_pool is None:
        return None
    result = kernel.current().find_payment(
        total,
        pool=dict(state.mana_pool),
        life=payable_life(game, player),
        convokers=[],
        artifacts=0,
        graveyard=0,
        convoke=False,
        improvise=False,
        delve=False,
    )
    if not result.payable:
        return result.shortfall
    for letter, amount in result.payment.mana.items():
        state.mana_pool[letter] -= amount
    state.life -= result.payment.life
    return None


def pay_mana(game: Game, player: str, mana: _core.ManaCost) -> str | None:
    """Pays a cost that is only mana, with no cost changes (508.1j,
    509.1f): None once paid, or what is left unpaid."""
    total = kernel.current().total_cost(
        mana, x=0, alternative=None, additional=[], increases=[], reductions=[], affinity=[]
    )
    shortfall = pay_total(game, player, total)
    if shortfall is None:
        return None
    return ", ".join(f"{units} × {what}" for what, units in shortfall.unpaid)


def _letters(game: Game, obj: GameObject) -> str:
    colors = game.characteristics(obj).colors
    return "".join(letter for color, letter in COLOR_LETTERS.items() if color in colors)
