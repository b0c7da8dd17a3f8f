"""Activated abilities of permanents (602) and loyalty abilities (606).

An activated ability has a cost and an effect (602.1). Activating it puts
it on the stack as an object of its own (602.2a), and follows the steps of
casting a spell (602.2b): its targets (601.2c), the division of what it
divides among them (601.2d), its total cost (601.2f), mana abilities
(601.2g) and paying (601.2h). It resolves like a triggered ability
(608.2): the choices it offers as it does are given with
`choose_on_resolution` for its source.

The costs modelled: mana (with X announced, 602.2b, 107.3a), {T} (602.5a:
not for a creature that came under its controller's control this turn,
unless it has haste), loyalty (606.4, 606.6), removing counters from the
permanent, sacrificing it, and life.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mtgjudge import kernel
from mtgjudge.errors import (
    IllegalActivationError,
    IllegalCastError,
    IllegalPaymentError,
    InvalidInputError,
)
from mtgjudge.model import targets as target_rules
from mtgjudge.model.cost import can_sacrifice, pay_total
from mtgjudge.model.objects import new_serial
from mtgjudge.model.timing import (
    no_priority_reason,
    prohibited_from_activating,
    timing_refusal,
    timing_restriction_from,
)
from mtgjudge.model.triggers import Triggered

if TYPE_CHECKING:
    from mtgjudge.model.game import Game
    from mtgjudge.model.objects import GameObject


@dataclass(frozen=True)
class ActivatedAbility:
    """ "[Cost]: [Effect.]" (602.1)."""

    #: The mana in its cost, as printed ("{1}{W}"), or None.
    mana: str | None = None
    #: {T} in its cost (602.5a).
    tap: bool = False
    #: A loyalty ability's cost: loyalty counters put on (+) or removed (-) (606.4).
    loyalty: int | None = None
    #: Counters removed from the permanent as a cost, by kind.
    remove_counters: tuple[tuple[str, int], ...] = ()
    #: "Sacrifice [this permanent]" as a cost.
    sacrifice_self: bool = False
    #: "Remove all [kind] counters from [this permanent]" as a cost: the kind.
    remove_all_counters: str | None = None
    #: "Sacrifice a [quality]" as a cost (118.3, 701.21a): the quality's
    #: filter (:class:`mtgjudge.model.effects.ObjectFilter`; `other`: "other
    #: than [this permanent]"), or None.
    sacrifice_cost: Any = None
    #: Life paid as a cost (119.4).
    life: int = 0
    #: "Discard a card" as a cost: how many cards (701.9a).
    discard: int = 0
    #: "Activate only as a sorcery" (602.5d); a loyalty ability always is (606.3).
    timing: str = "instant"
    #: "Activate only once each turn" (602.5b).
    once_each_turn: bool = False
    #: Who may activate it (602.1b, 602.2): its controller, "any" player
    #: ("any player may activate this ability"), or its controller's "opponents".
    activators: str = "controller"
    #: "Activate only [before/after/during] ..." with respect to combat and
    #: turns (506.7g): a :class:`~mtgjudge.model.timing.TimingRestriction`.
    only: object = None
    #: Its target requirements (115.1c), each a :class:`~mtgjudge.model.targets.TargetSpec`.
    targeting: tuple = ()
    #: What it divides among its targets (601.2d): (counter kind, how many).
    divides: tuple[str, int] | None = None
    #: "This ability costs {1} less to activate for each ...": (amount, what is counted).
    costs_less_for_each: tuple[str, str] | None = None
    #: What it does as it resolves: actions in the scenario vocabulary.
    actions: tuple = ()
    description: str = ""
    #: An activated ability has no intervening "if" clause and no fixed targets.
    condition: None = None
    targets: tuple[str, ...] = ()
    when: str = "activated"

    @property
    def is_loyalty(self) -> bool:
        return self.loyalty is not None

    @property
    def is_mana_ability(self) -> bool:
        """605.1a: no target, it could add mana as it resolves, and it isn't
        a loyalty ability; 605.5a: with a target it isn't one."""
        adds_mana = any("add_mana" in action for action in self.actions)
        return adds_mana and not self.targeting and not self.is_loyalty


@dataclass
class Activated(Triggered):
    """An activated ability on the stack (602.2a)."""

    #: How many of what it divides each target gets (601.2d), by name.
    division: dict[str, int] = field(default_factory=dict)
    #: Which of its source's abilities it is, counting from 1.
    number: int = 1
    #: The value announced for X in its cost (602.2b, 601.2b), or None.
    x: int | None = None
    #: The power of the permanent sacrificed to pay its cost, as it last
    #: existed on the battlefield (608.2h), or None.
    sacrificed_power: int | None = None
    #: How many counters its "remove all" cost removed, or None.
    counters_removed: int | None = None

    @property
    def ref(self) -> str:
        return f"ability:{self.source.ref}"

    def describe(self) -> str:
        what = self.ability.description or "an activated ability"
        return f"{self.source_name}'s activated ability ({what})"


@dataclass(frozen=True)
class Activation:
    """One time a player activated an ability: for "once each turn"
    (602.5b) and loyalty abilities (606.3)."""

    source_serial: int
    number: int
    turn: int
    loyalty: bool
    #: Which ability it was (:func:`with_origins`): its own, or one acquired
    #: from another object (602.5c).
    origin: tuple = ()


def ability_from(spec: dict[str, Any]) -> ActivatedAbility:
    """An activated ability as a setup writes it."""
    from mtgjudge.model.setup import object_filter

    divides = spec.get("divides")
    less = spec.get("costs_less_for_each")
    return ActivatedAbility(
        mana=spec.get("cost"),
        tap=spec.get("tap", False),
        loyalty=spec.get("loyalty"),
        remove_counters=tuple(sorted(spec.get("remove_counters", {}).items())),
        sacrifice_self=spec.get("sacrifice_self", False),
        remove_all_counters=spec.get("remove_all_counters"),
        sacrifice_cost=(
            object_filter(spec["sacrifice_as_cost"]) if "sacrifice_as_cost" in spec else None
        ),
        life=spec.get("pay_life", 0),
        discard=spec.get("discard_cards", 0),
        timing="sorcery" if "loyalty" in spec else spec.get("timing", "instant"),
        once_each_turn=spec.get("once_each_turn", False),
        activators=spec.get("activators", "controller"),
        only=timing_restriction_from(spec.get("activate_only")),
        targeting=tuple(target_rules.spec_from(t) for t in spec.get("targeting", ())),
        divides=(divides["counter"], divides["amount"]) if divides else None,
        costs_less_for_each=(less["amount"], less["for_each"]) if less else None,
        actions=tuple(spec.get("do", ())),
        description=spec.get("description", ""),
    )


def with_origins(game: Game, obj: GameObject) -> list[tuple[ActivatedAbility, tuple]]:
    """The object's activated abilities, its own first, then those effects
    give it (613.1f) in timestamp order, each with where it comes from:
    ``("own", i)``, or ``("granted", effect source or timestamp, i)``.
    602.5c: a restriction on an ability acquired from another object
    applies to that ability as acquired from that object only."""
    own = [(ability, ("own", i)) for i, ability in enumerate(obj.activated)]
    acquired = [
        (ability, ("granted", effect.source_serial or -effect.timestamp, i))
        for effect in game.current_effects()
        if effect.modification.grant_activated and effect.applies_to(game, obj)
        for i, ability in enumerate(effect.modification.grant_activated)
    ]
    return own + acquired


def _refuse(text: str, rule: str, fault: str) -> IllegalActivationError:
    return IllegalActivationError(text, rule=rule, fault=fault)


def _check_timing(
    game: Game, player: str, source: GameObject, origin: tuple, ability: ActivatedAbility
) -> None:
    """602.5b, 602.5d, 606.3, 506.7g: when it may be activated."""
    refusal = no_priority_reason(game)
    if refusal is not None:
        # 500.3, 502.4, 514.3: an ability is activated only by a player with priority.
        raise _refuse(f"{player} can't activate it: {refusal[1]}", refusal[0], "no_priority")
    prohibiting = prohibited_from_activating(game, player, source)
    if prohibiting is not None:
        # 602.5: a player can't begin to activate a prohibited ability.
        raise _refuse(
            f"{prohibiting.name} prohibits {player} from activating {source.name}'s abilities",
            "602.5",
            "prohibited",
        )
    if ability.only is not None:
        refused = timing_refusal(game, player, ability.only, ability=True)
        if refused is not None:
            # 506.7g: its text limits when it may be activated.
            raise _refuse(f"it may be activated {refused[1]}", refused[0], "timing_restriction")
    activations = game.history.activations
    if ability.is_loyalty and any(
        a.source_serial == source.serial and a.turn == game.turn_number and a.loyalty
        for a in activations
    ):
        raise _refuse(
            f"a loyalty ability of {source.name} was already activated this turn",
            "606.3",
            "loyalty_already_activated",
        )
    if ability.once_each_turn and any(
        # 602.5b: that object's ability, whoever controls it; 602.5c: as
        # acquired from that object.
        a.source_serial == source.serial and a.origin == origin and a.turn == game.turn_number
        for a in activations
    ):
        raise _refuse(
            f"that ability of {source.name} may be activated only once each turn",
            "602.5b",
            "once_each_turn",
        )
    if ability.timing != "sorcery":
        return
    rule = "606.3" if ability.is_loyalty else "602.5d"
    if not game.is_active(player):  # 805.4a
        raise _refuse(
            "it may be activated only during its controller's turn", rule, "not_your_turn"
        )
    if not game.turn.is_main_phase():
        raise _refuse("it may be activated only during a main phase", rule, "not_main_phase")
    if game.stack_items():
        raise _refuse("it may be activated only while the stack is empty", rule, "stack_not_empty")


def divide(
    game: Game, divides: tuple[str, int] | None, refs: Sequence[str], divide: Any
) -> dict[str, int]:
    """601.2d: the division announced, for a spell or an ability: each
    target gets at least one, and the parts add up to what is divided."""
    if divides is None:
        if divide:
            raise InvalidInputError("it divides nothing among its targets (`divide`)")
        return {}
    kind, amount = divides
    division = dict(divide or {})
    refs = list(dict.fromkeys(refs))
    if not refs and not division:
        # "Up to" no target: there is nothing to divide among.
        return {}
    if set(division) != set(refs) or any(n < 1 for n in division.values()):
        raise IllegalCastError(
            f"each target must get at least one of the {amount} {kind} counter(s) divided, and "
            f"only the targets: the targets are {', '.join(refs) or 'none'}, the division "
            f"{division or 'nothing'}",
            rule="601.2d",
            fault="wrong_division",
        )
    if sum(division.values()) != amount:
        raise IllegalCastError(
            f"the division gives {sum(division.values())} {kind} counter(s), not the {amount} "
            "divided",
            rule="601.2d",
            fault="wrong_division",
        )
    for ref, count in division.items():
        game.note("601.2d", f"{count} {kind} counter(s) are divided to {game.obj(ref).name}")
    return division


def _total_cost(
    game: Game, player: str, source: GameObject, ability: ActivatedAbility, x: int = 0
) -> Any:
    """601.2f, 602.2b: the ability's total cost, with its own cost reduction
    and the value of X announced (107.3a, 601.2b)."""
    from mtgjudge import _core
    from mtgjudge.model.cost import _count_for_cost

    reductions: list[str] = []
    if ability.costs_less_for_each is not None:
        amount, counted = ability.costs_less_for_each
        count = _count_for_cost(game, player, counted)
        reductions = [amount] * count
        game.note("601.2f", f"the ability costs {amount} less for each of {count}: {counted}")
    total = kernel.current().total_cost(
        _core.ManaCost(ability.mana or ""),
        x=x,
        alternative=None,
        additional=[],
        increases=[],
        reductions=reductions,
        affinity=[],
    )
    game.note("601.2f", f"the total cost of {source.name}'s ability is {total.cost}")
    return total


def _pay(
    game: Game,
    player: str,
    source: GameObject,
    ability: ActivatedAbility,
    total: Any,
    discards: Sequence[str] = (),
    victim: GameObject | None = None,
    item: Activated | None = None,
) -> int | None:
    """601.2h: the costs are paid, in any order; one that can't be paid
    makes the activation illegal (118.3). Returns the power of the
    permanent sacrificed for "sacrifice a [quality]", as it last existed on
    the battlefield (608.2h)."""
    if ability.tap:
        if source.tapped:
            raise IllegalPaymentError(
                f"{source.name} is tapped: {{T}} can't be paid", rule="118.3", fault="cant_pay"
            )
        current = game.characteristics(source)
        if (
            "creature" in current.types
            and source.summoning_sick
            and "haste" not in current.all_keywords
        ):
            raise _refuse(
                f"{source.name} hasn't been under {player}'s control since the start of their "
                "most recent turn: its {T} ability can't be activated",
                "602.5a",
                "summoning_sick",
            )
    loyalty = ability.loyalty
    if loyalty is not None and loyalty < 0 and source.counters.get("loyalty", 0) < -loyalty:
        raise _refuse(
            f"{source.name} has {source.counters.get('loyalty', 0)} loyalty: not enough for a "
            f"{loyalty} ability",
            "606.6",
            "not_enough_loyalty",
        )
    for kind, count in ability.remove_counters:
        if source.counters.get(kind, 0) < count:
            raise IllegalPaymentError(
                f"{source.name} doesn't have {count} {kind} counter(s) to remove",
                rule="118.3",
                fault="cant_pay",
            )
    cards = [game.obj(ref) for ref in discards]
    if len(cards) != ability.discard or any(
        card.zone != "hand" or card.owner != player for card in cards
    ):
        raise IllegalPaymentError(
            f"the cost asks {player} to discard {ability.discard} card(s) from their hand "
            f"({', '.join(discards) or 'none given'})",
            rule="118.3",
            fault="cant_pay",
        )
    state = game.players[player]
    from mtgjudge.model import life as life_rules

    if ability.life and not life_rules.can_lose(game, player):
        # 614.17b, 119.8: paying life is losing it, which can't happen.
        raise IllegalPaymentError(
            f"{player} can't lose life, so can't pay {ability.life} life",
            rule="614.17b",
            fault="cant_pay",
        )
    if ability.life and state.life < ability.life:
        raise IllegalPaymentError(
            f"{player} can't pay {ability.life} life", rule="119.4", fault="cant_pay"
        )
    if state.mana_pool is not None and str(total.cost) not in ("", "{0}"):
        shortfall = pay_total(game, player, total)
        if shortfall is not None:
            raise IllegalPaymentError(
                f"{player} can't pay {total.cost} for {source.name}'s ability",
                rule=shortfall.rule,
                fault="unpayable" if shortfall.unpayable else "cant_pay",
            )
        game.note("601.2h", f"{player} pays {total.cost}")
    if ability.tap:
        source.tapped = True
        game.note("601.2h", f"{player} taps {source.name} to pay {{T}}")
    if loyalty is not None:
        source.counters["loyalty"] += loyalty
        if source.counters["loyalty"] <= 0:
            source.counters["loyalty"] = 0
        verb = "puts" if loyalty >= 0 else "removes"
        game.note("606.4", f"{player} {verb} {abs(loyalty)} loyalty counter(s) on {source.name}")
    for kind, count in ability.remove_counters:
        source.counters[kind] -= count
        game.note("601.2h", f"{player} removes {count} {kind} counter(s) from {source.name}")
    if ability.remove_all_counters is not None:
        kind = ability.remove_all_counters
        removed = source.counters.pop(kind, 0)
        if item is not None:
            item.counters_removed = removed
        game.note("601.2h", f"{player} removes all {removed} {kind} counter(s) from {source.name}")
    if ability.life:
        state.life -= ability.life
        game.note("119.4", f"{player} pays {ability.life} life")
    for card in cards:
        game.move(card, "graveyard")
        game.history.discarded[player] = game.history.discarded.get(player, 0) + 1
        game.note("701.9a", f"{player} discards {card.name} to pay the cost")
    power = None
    if victim is not None:
        power = game.characteristics(victim).power or 0
        game.note("701.21a", f"{player} sacrifices {victim.name} to pay the cost")
        game.move(victim, "graveyard", rule="701.21a")
    if ability.sacrifice_self:
        game.note("701.21a", f"{player} sacrifices {source.name} to pay the cost")
        game.move(source, "graveyard", rule="701.21a")
    return power


def _check_sacrifice(
    game: Game, player: str, source: GameObject, ability: ActivatedAbility, ref: str | None
) -> GameObject | None:
    """118.3, 701.21a: the permanent named to pay "sacrifice a [quality]":
    one its controller controls that fits ("other than [this permanent]":
    not the source)."""
    if ability.sacrifice_cost is None:
        if ref is not None:
            raise InvalidInputError(f"{source.name}'s ability has no cost to sacrifice a permanent")
        return None
    if ref is None:
        raise IllegalPaymentError(
            f"the cost of {source.name}'s ability sacrifices a permanent (say which: `sacrifice`)",
            rule="118.3",
            fault="cant_pay",
        )
    victim = game.obj(ref)
    if not can_sacrifice(game, player, victim, ability.sacrifice_cost, source.serial):
        raise IllegalPaymentError(
            f"{player} can't sacrifice {victim.name} for the cost of {source.name}'s ability: it "
            "isn't a permanent they control with the quality asked for",
            rule="701.21a",
            fault="cant_pay",
        )
    return victim


def activate(
    game: Game,
    player: str,
    source: GameObject,
    number: int,
    given_targets: Sequence[str] | Mapping[str, Sequence[str]],
    division: Mapping[str, int] | None,
    during: list[Any],
    discards: Sequence[str] = (),
    x: int | None = None,
    sacrifice: str | None = None,
) -> Activated:
    """602.2: ``player`` activates ability ``number`` (from 1) of ``source``;
    ``x`` is the value announced for X in its cost (602.2b, 601.2b)."""
    abilities = with_origins(game, source)
    if not 1 <= number <= len(abilities):
        raise InvalidInputError(f"{source.name} has no activated ability number {number}")
    ability, origin = abilities[number - 1]
    if source.zone != "battlefield" or not source.exists:
        raise InvalidInputError(
            f"{source.name} isn't on the battlefield; only permanents' abilities are modelled"
        )
    controller = game.controller(source)
    # 602.2: only the object's controller, unless the ability says otherwise;
    # 602.1b: its activation instructions may say which players can.
    if ability.activators == "any":
        allowed = True
    elif ability.activators == "opponents":
        allowed = not game.teammates(player, controller)  # 102.3
    else:
        allowed = player == controller
    if not allowed:
        who = (
            f"only {controller}'s opponents"
            if ability.activators == "opponents"
            else f"only {source.name}'s controller, {controller},"
        )
        raise _refuse(
            f"{who} can activate that ability",
            "602.1b" if ability.activators != "controller" else "602.2",
            "not_controller",
        )
    _check_timing(game, player, source, origin, ability)
    # 602.2a: the ability is created on the stack; it has no characteristics
    # but its text, and its controller is the player who activated it.
    item = Activated(
        ability=ability,  # type: ignore[arg-type]
        source=source,
        source_serial=source.serial,
        source_name=game.characteristics(source).names[0]
        if game.characteristics(source).names
        else source.name,
        controller=player,
        event="activated",
        number=number,
    )
    game.note("602.2a", f"{player} activates {item.describe()}")
    has_x = "{X}" in (ability.mana or "").upper()
    if x is not None and not has_x:
        raise InvalidInputError(f"{item.describe()} has no X in its cost (`x`)")
    if has_x:
        # 602.2b, 601.2b: the value of X is announced as it is activated
        # (107.3a), and is the same as it resolves (608.2h).
        item.x = x or 0
        game.note("601.2b", f"{player} announces X = {item.x}")
    if given_targets and not ability.targeting:
        raise InvalidInputError(f"{item.describe()} has no targets (`targeting`)")
    chosen = target_rules.choose(
        game, ability.targeting, given_targets, player, source.serial, item.describe()
    )
    for target in chosen:
        item.targets[target.ref] = target.serial
        item.target_roles[target.ref] = (target.role or "", target.zone)
        game.note("601.2c", f"{player} chooses {_name(game, target.ref)} as a target")
    item.division = globals()["divide"](
        game, ability.divides, [target.ref for target in chosen], division
    )
    total = _total_cost(game, player, source, ability, item.x or 0)
    game.history.total_costs[source.ref] = str(total.cost)
    activate_mana_abilities(game, player, during, f"activating {item.describe()}")
    victim = _check_sacrifice(game, player, source, ability, sacrifice)
    item.sacrificed_power = _pay(game, player, source, ability, total, discards, victim, item)
    game.history.activations.append(
        Activation(item.source_serial, number, game.turn_number, ability.is_loyalty, origin)
    )
    if ability.is_mana_ability:
        # 605.3b: it doesn't go on the stack; it resolves at once.
        game.note("605.3b", f"{item.describe()} is a mana ability: it resolves at once")
        from mtgjudge.model import triggers

        triggers.resolve(game, item)
        triggers.mana_ability_activated(game, source)
        return item
    item.serial = new_serial()
    game.stack_order.append(item.serial)
    game.abilities[item.serial] = item
    return item


def activate_mana_abilities(game: Game, player: str, during: list[Any], what: str) -> None:
    """601.2g: while casting a spell or activating an ability, after the
    total cost is locked in (601.2f) and before paying it, the player may
    activate mana abilities (605.3a), and only those."""
    from mtgjudge.model.actions import perform_raw

    for action in during:
        if "activate" in action:
            args = action["activate"]
            source = game.obj(args["card"])
            abilities = with_origins(game, source)
            number = args.get("ability", 1)
            if 1 <= number <= len(abilities) and not abilities[number - 1][0].is_mana_ability:
                raise _refuse(
                    f"while {what}, only mana abilities can be activated (601.2g), and "
                    f"{source.name}'s ability {number} isn't one (605.1a)",
                    "601.2g",
                    "not_a_mana_ability",
                )
            action = {"activate": {"player": player, **args}}
        perform_raw(game, action, you=player)


def divided_counters(
    divides: tuple[str, int] | None, division: Mapping[str, int], legal: Sequence[str]
) -> dict[str, Any] | None:
    """The `distribute` action of a resolving spell or ability: each legal
    target gets the counters divided to it as it was cast or activated
    (601.2d); an illegal target's share isn't given to anything (608.2b)."""
    if divides is None:
        raise InvalidInputError("`distribute` is for a spell or ability that divides (`divides`)")
    kind = divides[0]
    shares = {ref: {kind: division[ref]} for ref in legal if ref in division}
    return {"counters": shares} if shares else None


def _name(game: Game, ref: str) -> str:
    return ref if ref in game.players else game.obj(ref).name
