"""Effects that change damage as it would be dealt: replacement effects
that modify it ("it deals double that damage instead", 614.1a) and
prevention effects (615).

Both apply as the damage event would happen (614.1, 615.1), so combat
damage is assigned first, as if nothing would change it (510.1; rulings on
Fog Bank and Furnace of Rath), and the kernel then deals what is left
(510.2). Only damage dealt has results: lifelink, deathtouch and loss of
life look at the amount after these effects (120.3). Effects that apply to
the same damage apply one at a time, in the order the affected player (or
the affected permanent's controller) chooses (616.1, `order_replacements`),
and otherwise in timestamp order."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from math import ceil
from typing import TYPE_CHECKING

from mtgjudge.errors import IllegalActionError, InvalidInputError
from mtgjudge.model.effects import Condition, ObjectFilter

if TYPE_CHECKING:
    from mtgjudge.model.game import Game
    from mtgjudge.model.objects import GameObject


@dataclass(frozen=True)
class DamageFilter:
    """Which damage an effect applies to: dealt to what, and by what (609.7).
    Without any `to...` part it is damage to anything; without a `by...`
    part, damage from any source."""

    #: Damage to players: "you" (the effect's controller), "opponents" or "any".
    to_players: str | None = None
    #: Damage to the permanent with the ability.
    to_itself: bool = False
    #: Damage to permanents that fit, relative to the effect's controller.
    to: ObjectFilter | None = None
    #: Damage to these players and objects, by scenario name and serial (0
    #: for a player): the objects they were as the effect began, not new
    #: objects since (400.7).
    to_objects: tuple[tuple[str, int], ...] = ()
    #: Damage from the permanent with the ability.
    by_itself: bool = False
    #: Damage from sources that fit, judged as the damage would be dealt (615.9).
    by: ObjectFilter | None = None
    #: Damage from these objects, by scenario name and serial: the objects
    #: they were as the effect began (400.7).
    by_objects: tuple[tuple[str, int], ...] = ()
    #: Combat damage only.
    combat_only: bool = False

    def applies(self, game: Game, piece: Piece, effect: ActiveEffect, *, combat: bool) -> bool:
        if self.combat_only and not combat:
            return False
        source = piece.source
        if self.by_objects and (source.ref, source.serial) not in self.by_objects:
            return False
        if self.by_itself and source.serial != effect.source_serial:
            return False
        if self.by is not None and not _source_fits(game, self.by, source, effect):
            return False
        if not (self.to_players or self.to_itself or self.to or self.to_objects):
            return True
        if piece.recipient in game.players:
            return (
                player_fits(game, self.to_players, piece.recipient, effect.you)
                or (piece.recipient, 0) in self.to_objects
            )
        recipient = game.obj(piece.recipient)
        return (
            (self.to_itself and recipient.serial == effect.source_serial)
            or (
                self.to is not None
                and self.to.matches(game, recipient, effect.you, effect.source_serial)
            )
            or (piece.recipient, recipient.serial) in self.to_objects
        )


def _source_fits(
    game: Game, wanted: ObjectFilter, source: GameObject, effect: ActiveEffect
) -> bool:
    """609.7c: a source on the battlefield as the permanent it is; a source
    elsewhere (a spell, a card) by its characteristics there."""
    if source.zone == "battlefield":
        return wanted.matches(game, source, effect.you, effect.source_serial)
    return wanted.describes(
        game.characteristics(source),
        token=source.token,
        enchanted_or_equipped=False,
        attacking=False,
        counters=source.counters,
        you=effect.you,
    )


def player_fits(game: Game, wanted: str | None, player: str, you: str) -> bool:
    """Whether a player is "you", an opponent or any player, as wanted; in
    Two-Headed Giant a teammate is no opponent (102.3)."""
    if wanted == "you":
        return player == you
    if wanted == "opponents":
        return not game.teammates(player, you)
    return wanted == "any"


@dataclass(frozen=True)
class Prevention:
    """A prevention effect (615): which damage, and how much of it.

    ``amount`` is "all"; N, "prevent N of that damage" in each damage event
    (615.10); "half_rounded_up"; ("all_but", N); ("per_source", X): X of
    each source's damage, divided among its recipients as the effect's
    controller chooses; or ("shield", N), "the next N damage", used up as it
    prevents (615.7)."""

    damage: DamageFilter
    amount: int | str | tuple[str, int] = "all"
    condition: Condition | None = None
    description: str = ""
    #: 615.5: "if damage is prevented this way, ~ deals that much damage to
    #: [a player or object]": its name; or "source": to the source of the
    #: damage prevented if it is a creature, else to that source's controller.
    then_deals: str | None = None

    @property
    def shield(self) -> int | None:
        """The size of its shield, for "the next N damage" (615.7)."""
        amount = self.amount
        return amount[1] if isinstance(amount, tuple) and amount[0] == "shield" else None


@dataclass(frozen=True)
class DamageReplacement:
    """ "If [a source] would deal damage to [something], it deals double that
    damage / that much damage plus N instead" (614.1a); or "put that many
    [kind] counters on it instead": the damage isn't dealt, and the
    permanent it would have been dealt to gets the counters."""

    damage: DamageFilter
    times: int = 1
    plus: int = 0
    counters_instead: str | None = None
    condition: Condition | None = None
    description: str = ""


@dataclass(frozen=True)
class Redirection:
    """ "[Damage] that would be dealt to [something] is dealt to ~ instead"
    (614.1a): the damage's source stays the same, only its recipient
    changes. ``amount`` is "all" or ("shield", N): "the next N damage"."""

    damage: DamageFilter
    #: The new recipient: "itself" (the permanent with the ability, or the
    #: ability's source), or a player's or object's name.
    to: str = "itself"
    amount: str | tuple[str, int] = "all"
    condition: Condition | None = None
    description: str = ""

    @property
    def shield(self) -> int | None:
        amount = self.amount
        return amount[1] if isinstance(amount, tuple) and amount[0] == "shield" else None


@dataclass
class ActiveEffect:
    """A prevention or replacement effect in the game: from a permanent's
    static ability while it is on the battlefield, or from a resolved spell
    or ability until its duration ends (or its shield is used up)."""

    effect: Prevention | DamageReplacement | Redirection
    #: Its controller.
    you: str
    #: The scenario name of its source, for choices and traces.
    source_ref: str
    source_serial: int | None
    timestamp: int
    duration: str = "static"
    #: What is left of a shield (615.7).
    shield_left: int = 0

    @property
    def is_shield(self) -> bool:
        return not isinstance(self.effect, DamageReplacement) and self.effect.shield is not None


def begin_until_end_of_turn(
    game: Game,
    effect: Prevention | Redirection,
    *,
    you: str,
    to_players: str | None,
    named: tuple[tuple[str, int], ...],
    source_ref: str,
    source_serial: int | None,
) -> None:
    """A resolved spell or ability's prevention or redirection, for the rest
    of the turn (615.3, 614.1a). A shield ("the next N damage") is split
    into one shield for each player and object it names, each used up on
    its own (615.7, 615.11)."""
    parts = [effect]
    if effect.shield is not None:
        players = [p for p in game.players if player_fits(game, to_players, p, you)]
        parts = [
            replace(effect, damage=replace(effect.damage, to_players=None, to_objects=(target,)))
            for target in [*((player, 0) for player in players), *named]
        ]
    for part in parts:
        game.damage_effects.append(
            ActiveEffect(
                part,
                you,
                source_ref,
                source_serial,
                game.next_timestamp(),
                duration="end_of_turn",
                shield_left=effect.shield or 0,
            )
        )


@dataclass(frozen=True)
class Piece:
    """Damage one source would deal to one recipient in one event."""

    source: GameObject
    #: A player's name or an object's scenario name.
    recipient: str
    amount: int


@dataclass
class _Outcome:
    """What the effects do to simultaneous damage, committed only once
    every effect has applied without a fault."""

    amounts: list[int]
    prevented: list[tuple[int, int]] = field(default_factory=list)
    notes: list[tuple[str, str]] = field(default_factory=list)
    shields: dict[int, int] = field(default_factory=dict)
    used_choices: set[tuple[str, int]] = field(default_factory=set)
    then_deal: list[FollowUp] = field(default_factory=list)
    #: For each piece a redirection made, the piece it came from.
    origins: dict[int, int] = field(default_factory=dict)
    #: Counters put instead of damage: (recipient, kind, how many, source name).
    counters: list[tuple[str, str, int, str]] = field(default_factory=list)
    #: Each time a prevention effect prevented some damage (615.13): the
    #: pieces and how much of each.
    preventions: list[list[tuple[int, int]]] = field(default_factory=list)
    #: Effects of "the next time" that this event uses up (615.8).
    used_up: set[int] = field(default_factory=set)


def active(game: Game) -> list[ActiveEffect]:
    """The damage-changing effects that exist now, in timestamp order."""
    statics = [
        ActiveEffect(effect, game.controller(obj), obj.ref, obj.serial, obj.timestamp)
        for obj in game.battlefield()
        for effect in (*obj.preventions, *obj.damage_replacements, *obj.redirections)
    ]
    return sorted(statics + game.damage_effects, key=lambda effect: effect.timestamp)


def pending(game: Game) -> bool:
    """Whether damage about to be dealt may change: an effect exists, or a
    choice for one waits to be used (and checked)."""
    return bool(game.prevention_choices) or bool(game.replacement_orders) or bool(active(game))


def apply(game: Game, pieces: list[Piece], *, combat: bool) -> list[tuple[Piece, int]]:
    """The damage each piece deals once replacement and prevention effects
    have applied, and after them the pieces redirection made (614.1a).
    ``pieces`` are damage events that would happen at the same time. The
    choices made for them (``choose_prevention``) are used up here, and
    each must have been used."""
    pieces = list(pieces)
    outcome = _Outcome([piece.amount for piece in pieces])
    order = _in_chosen_order(game, pieces, combat)
    # The effects that have applied to each piece: each applies to an event
    # once (614.5), and a piece a redirection made is the event it modified.
    applied_effects: list[set[int]] = [set() for _ in pieces]
    # 616.2: an effect may apply to the event another one modified (damage
    # redirected to a creature); each pass applies something new to a
    # piece, so there are at most as many passes as effects.
    for _ in range(len(order) + 1):
        changed = False
        for effect in order:
            condition = effect.effect.condition
            if condition is not None and not condition.holds(
                game, effect.you, effect.source_serial
            ):
                continue
            applicable = [
                i
                for i, piece in enumerate(pieces)
                if id(effect) not in applied_effects[i]
                # 120.8: damage of 0 is no event to change.
                and outcome.amounts[i] > 0
                and effect.effect.damage.applies(game, piece, effect, combat=combat)
            ]
            if not applicable:
                continue
            changed = True
            count = len(pieces)
            if isinstance(effect.effect, DamageReplacement):
                _replace(game, effect, pieces, applicable, outcome)
            elif isinstance(effect.effect, Redirection):
                _redirect(game, effect, pieces, applicable, outcome)
            else:
                _prevent(game, effect, pieces, applicable, outcome, combat=combat)
            for i in applicable:
                applied_effects[i].add(id(effect))
            for new in range(count, len(pieces)):
                applied_effects.append(applied_effects[outcome.origins[new]] | {id(effect)})
        if not changed:
            break
    unused = [
        (ref, entry)
        for ref, entries in game.prevention_choices.items()
        for index, entry in enumerate(entries)
        if (ref, index) not in outcome.used_choices
    ]
    game.prevention_choices.clear()
    if unused:
        ref, (source, to, amount) = unused[0]
        raise IllegalActionError(
            f"the choice to prevent {amount} of the damage {source} would deal to {to} with "
            f"{ref}'s effect has no damage to apply to",
            rule="615.1",
            fault="prevention_choice",
        )
    # Commit: nothing above changed the game.
    for serial, used in outcome.shields.items():
        for effect in game.damage_effects:
            if id(effect) == serial:
                effect.shield_left -= used
    game.damage_effects = [
        e
        for e in game.damage_effects
        if (not e.is_shield or e.shield_left > 0) and id(e) not in outcome.used_up
    ]
    for i, count in outcome.prevented:
        piece = pieces[i]
        game.history.prevented.append((piece.source.ref, piece.recipient, count))
    for rule, text in outcome.notes:
        game.note(rule, text)
    game.after_prevention += outcome.then_deal
    if outcome.counters:
        from mtgjudge.model import counters

        for recipient, kind, count, source in outcome.counters:
            counters.put(game, game.obj(recipient), kind, count, f"instead of {source}'s damage")
    # 615.13: abilities that trigger when damage is prevented, once each time
    # a prevention effect prevented some of it.
    from mtgjudge.model import triggers

    triggers.damage_prevented(
        game,
        [[(pieces[i], count) for i, count in applied] for applied in outcome.preventions],
        combat=combat,
    )
    return list(zip(pieces, outcome.amounts))


def _redirect(
    game: Game,
    effect: ActiveEffect,
    pieces: list[Piece],
    applicable: list[int],
    outcome: _Outcome,
) -> None:
    """614.1a: the damage, or the next N of it, is dealt to another
    recipient instead, from the same source: a new piece of the same event.
    A recipient that can't be dealt damage (not a player, creature or
    planeswalker on the battlefield) takes none, and nothing changes."""
    redirection = effect.effect
    assert isinstance(redirection, Redirection)
    to = effect.source_ref if redirection.to == "itself" else redirection.to
    if to not in game.players:
        if not to:
            return
        obj = game.obj(to)
        if (
            effect.source_serial is not None
            and redirection.to == "itself"
            and obj.serial != effect.source_serial
        ):
            # 400.7: the permanent it named has left; a new object isn't it.
            return
        current = game.characteristics(obj)
        if obj.zone != "battlefield" or not ({"creature", "planeswalker"} & current.types):
            return
    elif game.players[to].has_lost:
        return
    limit = None
    if redirection.shield is not None:
        limit = effect.shield_left - outcome.shields.get(id(effect), 0)
    for i in applicable:
        piece = pieces[i]
        if piece.recipient == to:
            continue
        moved = outcome.amounts[i] if limit is None else min(limit, outcome.amounts[i])
        if moved <= 0:
            continue
        if limit is not None:
            limit -= moved
            outcome.shields[id(effect)] = outcome.shields.get(id(effect), 0) + moved
        outcome.amounts[i] -= moved
        outcome.origins[len(pieces)] = i
        pieces.append(Piece(piece.source, to, moved))
        outcome.amounts.append(moved)
        outcome.notes.append(
            (
                "614.1a",
                f"{_what(game, effect)}: {moved} of the damage {piece.source.name} would deal to "
                f"{_name(game, piece.recipient)} is dealt to {_name(game, to)} instead",
            )
        )


#: How deep 615.5 damage may cause more 615.5 damage.
MAX_FOLLOW_UP_DEPTH = 16


@dataclass(frozen=True)
class FollowUp:
    """615.5: damage a prevention effect's source deals because it
    prevented damage, immediately after the damage event."""

    source_ref: str
    you: str
    recipient: str
    amount: int


def _follow_up(game: Game, effect: ActiveEffect, piece: Piece, count: int) -> FollowUp | None:
    prevention = effect.effect
    assert isinstance(prevention, Prevention) and prevention.then_deals is not None
    recipient = prevention.then_deals
    if recipient == "source":
        # "That creature", or, for a noncreature source, its controller.
        source = piece.source
        current = game.characteristics(source)
        is_creature = source.zone == "battlefield" and "creature" in current.types
        recipient = source.ref if is_creature else current.controller or source.owner
    if not effect.source_ref:
        return None
    return FollowUp(effect.source_ref, effect.you, recipient, count)


def deal_follow_ups(game: Game) -> None:
    """615.5: the rest of a prevention effect takes place immediately after
    the damage event it changed: its source deals the damage, noncombat
    damage, as it is or as it last existed (113.7a). Damage prevented to
    one recipient by one effect in one event is dealt as one amount."""
    pending, game.after_prevention = game.after_prevention, []
    if not pending:
        return
    if game.follow_up_depth >= MAX_FOLLOW_UP_DEPTH:
        # Effects that prevent each other's damage and deal it again.
        game.note("615.5", "damage prevented and dealt again too many times: the rest is left out")
        return
    game.follow_up_depth += 1
    try:
        _deal(game, pending)
    finally:
        game.follow_up_depth -= 1


def _deal(game: Game, pending: list[FollowUp]) -> None:
    merged: dict[tuple[str, str, str], int] = {}
    for follow in pending:
        key = (follow.source_ref, follow.you, follow.recipient)
        merged[key] = merged.get(key, 0) + follow.amount
    for (source_ref, _you, recipient), amount in merged.items():
        source = game.obj(source_ref)
        if recipient not in game.players:
            target = game.obj(recipient)
            if target.zone != "battlefield" or not target.exists:
                continue
        elif game.players[recipient].has_lost:
            continue
        game.note(
            "615.5",
            f"{source.name} deals {amount} damage to {_name(game, recipient)}: the damage its "
            "effect prevented",
        )
        game.deal_damage(
            source,
            recipient,
            amount,
            as_last_known=source.zone not in ("battlefield", "stack"),
        )


def _affected(game: Game, recipient: str) -> str:
    """616.1: who chooses: the affected player, or the affected object's
    controller."""
    if recipient in game.players:
        return recipient
    return game.controller(game.obj(recipient))


def _in_chosen_order(game: Game, pieces: list[Piece], combat: bool) -> list[ActiveEffect]:
    """The effects in the order they apply (616.1): the affected player's
    choice, given with `order_replacements` for this event, comes first (each
    chosen effect applied in turn, 616.1e–f), then the rest in timestamp
    order. A player may order only the effects that would apply to damage
    they, or permanents they control, would be dealt."""
    effects = active(game)
    orders, game.replacement_orders = game.replacement_orders, {}
    if not orders:
        return effects
    if len(orders) > 1:
        raise InvalidInputError("one player at a time orders the effects on one damage event")
    ((chooser, refs),) = orders.items()
    listed = [e for ref in refs for e in effects if e.source_ref == ref]
    if len(listed) != len(refs):
        missing = [ref for ref in refs if not any(e.source_ref == ref for e in effects)]
        raise InvalidInputError(f"no replacement or prevention effect of {missing[0]!r} exists")
    for piece in pieces:
        applying = [e for e in listed if e.effect.damage.applies(game, piece, e, combat=combat)]
        if len(applying) > 1 and _affected(game, piece.recipient) != chooser:
            raise IllegalActionError(
                f"the damage {piece.source.name} would deal to {_name(game, piece.recipient)} "
                f"affects {_affected(game, piece.recipient)}, who chooses the order of its "
                f"effects, not {chooser}",
                rule="616.1",
                fault="not_affected_player",
            )
    game.note(
        "616.1",
        f"{chooser} applies the effects in the order chosen: "
        + ", then ".join(_what(game, e) for e in listed),
    )
    return listed + [e for e in effects if e not in listed]


def _replace(
    game: Game,
    effect: ActiveEffect,
    pieces: list[Piece],
    applicable: list[int],
    outcome: _Outcome,
) -> None:
    change = effect.effect
    assert isinstance(change, DamageReplacement)
    for i in applicable:
        before = outcome.amounts[i]
        if change.counters_instead is not None:
            # 614.1a: the damage is replaced by counters on the permanent
            # that would have been dealt it; it isn't dealt at all.
            if pieces[i].recipient in game.players:
                continue
            outcome.amounts[i] = 0
            outcome.counters.append(
                (pieces[i].recipient, change.counters_instead, before, pieces[i].source.name)
            )
            outcome.notes.append(
                (
                    "614.1a",
                    f"{_what(game, effect)}: {before} {change.counters_instead} counter(s) are "
                    f"put on {_name(game, pieces[i].recipient)} instead of the damage "
                    f"{pieces[i].source.name} would deal to it",
                )
            )
            continue
        outcome.amounts[i] = before * change.times + change.plus
        outcome.notes.append(
            (
                "614.1a",
                f"{_what(game, effect)}: {pieces[i].source.name} deals {outcome.amounts[i]} "
                f"damage to {_name(game, pieces[i].recipient)} instead of {before}",
            )
        )


def unpreventable(game: Game, piece: Piece, *, combat: bool) -> bool:
    """615.12: whether a static ability says this damage can't be prevented."""
    for obj in game.battlefield():
        for damage in obj.unpreventable:
            holder = ActiveEffect(
                Prevention(damage), game.controller(obj), obj.ref, obj.serial, obj.timestamp
            )
            if damage.applies(game, piece, holder, combat=combat):
                return True
    return False


def _prevent(
    game: Game,
    effect: ActiveEffect,
    pieces: list[Piece],
    applicable: list[int],
    outcome: _Outcome,
    *,
    combat: bool,
) -> None:
    prevention = effect.effect
    assert isinstance(prevention, Prevention)
    # 615.12, 615.12a: the effect applies once to damage that can't be
    # prevented, and prevents none of it; a shield isn't reduced by it.
    cant = [i for i in applicable if unpreventable(game, pieces[i], combat=combat)]
    for i in cant:
        outcome.notes.append(
            (
                "615.12",
                f"the damage {pieces[i].source.name} would deal to "
                f"{_name(game, pieces[i].recipient)} can't be prevented: {_what(game, effect)} "
                "prevents none of it",
            )
        )
    applicable = [i for i in applicable if i not in cant]
    if not applicable:
        return
    amount = prevention.amount
    left = outcome.amounts
    if amount == "all":
        prevented, rule = {i: left[i] for i in applicable}, "615.1"
    elif amount == "half_rounded_up":
        prevented, rule = {i: ceil(left[i] / 2) for i in applicable}, "615.1"
    elif isinstance(amount, int):
        # 615.10: N of the damage of each applicable event.
        prevented, rule = {i: min(amount, left[i]) for i in applicable}, "615.10"
    elif amount == "next_time":
        # 615.8: "the next time [a source] would deal damage": the next
        # instance of its damage, all of it, whatever its amount; then the
        # effect is used up and later damage is dealt normally.
        prevented, rule = {i: left[i] for i in applicable}, "615.8"
        outcome.used_up.add(id(effect))
    elif amount[0] == "all_but":
        prevented, rule = {i: max(left[i] - amount[1], 0) for i in applicable}, "615.1"
    elif amount[0] == "per_source":
        prevented, rule = {}, "615.1"
        for source in dict.fromkeys(pieces[i].source.serial for i in applicable):
            group = [i for i in applicable if pieces[i].source.serial == source]
            prevented.update(_divide(game, effect, pieces, group, outcome, amount[1]))
    else:
        # 615.7: a shield; with damage from two or more sources at once, the
        # shielded player or the permanent's controller chooses which.
        limit = effect.shield_left - outcome.shields.get(id(effect), 0)
        prevented, rule = _divide(game, effect, pieces, applicable, outcome, limit), "615.7"
        outcome.shields[id(effect)] = outcome.shields.get(id(effect), 0) + sum(prevented.values())
    applied = [(i, count) for i, count in prevented.items() if count > 0]
    if applied:
        outcome.preventions.append(applied)
    for i, count in prevented.items():
        if count <= 0:
            continue
        left[i] -= count
        outcome.prevented.append((i, count))
        if prevention.then_deals is not None:
            follow = _follow_up(game, effect, pieces[i], count)
            if follow is not None:
                outcome.then_deal.append(follow)
        outcome.notes.append(
            (
                rule,
                f"{_what(game, effect)} prevents {count} of the damage {pieces[i].source.name} "
                f"would deal to {_name(game, pieces[i].recipient)}",
            )
        )


def _divide(
    game: Game,
    effect: ActiveEffect,
    pieces: list[Piece],
    group: list[int],
    outcome: _Outcome,
    limit: int,
) -> dict[int, int]:
    """Up to ``limit`` of the damage in ``group``, divided as chosen with
    ``choose_prevention`` for the effect's source, or else in the order the
    damage was assigned."""
    left = outcome.amounts
    wanted = min(limit, sum(left[i] for i in group))
    sources = {pieces[i].source.ref for i in group}
    chosen = [
        (index, entry)
        for index, entry in enumerate(game.prevention_choices.get(effect.source_ref, ()))
        if entry[0] in sources
    ]
    if not chosen:
        division, rest = {}, wanted
        for i in group:
            division[i] = min(rest, left[i])
            rest -= division[i]
        return division
    division: dict[int, int] = {}
    for index, (source_ref, recipient, count) in chosen:
        outcome.used_choices.add((effect.source_ref, index))
        match = [
            i
            for i in group
            if pieces[i].source.ref == source_ref and pieces[i].recipient == recipient
        ]
        if not match:
            raise IllegalActionError(
                f"{_what(game, effect)} can't prevent damage {game.obj(source_ref).name} "
                f"would deal to {_name(game, recipient)}",
                rule="615.1",
                fault="prevention_choice",
            )
        division[match[0]] = division.get(match[0], 0) + count
    for i, count in division.items():
        if count > left[i]:
            raise IllegalActionError(
                f"only {left[i]} damage from {pieces[i].source.name} to "
                f"{_name(game, pieces[i].recipient)} is left to prevent, not {count}",
                rule="615.1",
                fault="prevention_choice",
            )
    if sum(division.values()) != wanted:
        raise IllegalActionError(
            f"{_what(game, effect)} prevents {wanted} of this damage; the choice divides "
            f"{sum(division.values())}",
            rule="615.7" if effect.is_shield else "615.1",
            fault="prevention_choice",
        )
    return division


def _what(game: Game, effect: ActiveEffect) -> str:
    if effect.effect.description:
        return effect.effect.description
    return f"{game.obj(effect.source_ref).name}'s effect"


def _name(game: Game, recipient: str) -> str:
    from mtgjudge.model.triggers import display_name

    return display_name(game, recipient)
