"""Actions on a game, in the words of the protocol (``docs/protocol.md``): a
one-key table such as ``{"attack": {"knight": "Bob"}}``. The same words
describe what a spell or ability does as it resolves; then "you" is its
controller."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mtgjudge.errors import IllegalActionError, InvalidInputError
from mtgjudge.keywords import VARIANTS, normalize
from mtgjudge.model import (
    casting,
    combat,
    cost,
    counters,
    devotion,
    life,
    party,
    replacement,
    restrictions,
    triggers,
)
from mtgjudge.model.effects import Modification, ObjectFilter
from mtgjudge.model.game import Game, GameOver
from mtgjudge.model.objects import GameObject
from mtgjudge.model.setup import (
    condition_from,
    counter_rule,
    game_object,
    life_gain_replacement,
    life_rule,
    object_filter,
    prevention_from,
    pt_change,
    redirection_from,
    spell_filter,
    triggered_ability,
)
from mtgjudge.model.turn import PHASE_STEPS


@dataclass(frozen=True)
class Context:
    """Who "you" is for an action, and the spell or ability that is
    resolving, if any: the spell, its targets, and its source (the spell
    itself, or an ability's source)."""

    you: str | None = None
    spell: GameObject | None = None
    targets: tuple[str, ...] | None = None
    source: GameObject | None = None
    #: For an ability: the object its source was as it triggered (201.5).
    source_serial: int | None = None
    #: For a resolving spell: the choices made as it resolves, and what its
    #: earlier instructions counted (608.2c, 608.2d).
    resolution: casting.Resolution | None = None
    #: For a resolving activated ability: the X announced as it was
    #: activated (602.2b).
    x: int | None = None

    @property
    def source_as_it_was(self) -> int | None:
        """The serial of the effect's source: an ability's source as it
        triggered or was activated (201.5), else the spell or object itself."""
        if self.source_serial is not None:
            return self.source_serial
        return self.source.serial if self.source is not None else None

    #: For a resolving activated ability: how many counters its cost's
    #: "remove all" removed.
    counters_removed: int | None = None


def _each(game: Game, refs: list[str]) -> list[GameObject]:
    return [game.obj(ref) for ref in refs]


def _until_end_of_turn(game: Game, obj: GameObject, modification: Modification, text: str) -> None:
    game.add_effect(modification, game.controller(obj), affected=[obj], description=text)
    game.note("611.2", f"{obj.name} {text} until end of turn")


def _attack(game: Game, args: dict[str, str], context: Context) -> None:
    combat.declare_attackers(game, args)


def _block(game: Game, args: dict[str, Any], context: Context) -> None:
    combat.declare_blockers(
        game, {blocker: [a] if isinstance(a, str) else list(a) for blocker, a in args.items()}
    )


def _damage(game: Game, args: dict[str, dict[str, int]], context: Context) -> None:
    combat.resolve_damage_step(game, args)


def _advance(game: Game, position: str, context: Context) -> None:
    game.advance_to(position)


def _next_turn(game: Game, position: str, context: Context) -> None:
    game.next_turn(position)


def _grant(game: Game, args: dict[str, list[str]], context: Context) -> None:
    for ref, keywords in args.items():
        modification = Modification(grant=frozenset(keywords))
        _until_end_of_turn(game, game.obj(ref), modification, "gains " + ", ".join(keywords))


def _lose(game: Game, args: dict[str, list[str]], context: Context) -> None:
    for ref, keywords in args.items():
        modification = Modification(lose=frozenset(keywords))
        _until_end_of_turn(game, game.obj(ref), modification, "loses " + ", ".join(keywords))


def _pump(game: Game, args: dict[str, str], context: Context) -> None:
    for ref, change in args.items():
        power, toughness = pt_change(change)
        modification = Modification(power=power, toughness=toughness)
        _until_end_of_turn(game, game.obj(ref), modification, f"gets {change}")


def _set_base(game: Game, args: dict[str, str], context: Context) -> None:
    for ref, value in args.items():
        modification = Modification(set_base=pt_change(value))
        _until_end_of_turn(
            game, game.obj(ref), modification, f"has base power and toughness {value}"
        )


def _switch(game: Game, args: list[str], context: Context) -> None:
    for ref in args:
        _until_end_of_turn(
            game, game.obj(ref), Modification(switch=True), "has its power and toughness switched"
        )


def _counters(game: Game, args: dict[str, dict[str, int]], context: Context) -> None:
    """Puts counters on objects or gives them to players (122.1), as the
    effects on counters let them (122.1, 614.1a); a negative amount removes
    that many."""
    for holder, kinds in args.items():
        for name, amount in kinds.items():
            if amount < 0:
                counters.remove(game, holder, name, -amount)
            elif holder in game.players:
                counters.give(game, holder, name, amount)
            else:
                counters.put(game, game.obj(holder), name, amount)


def _counter_rules(game: Game, args: dict[str, Any], context: Context) -> None:
    """A resolving spell or ability's rules on counters (122.1, 614.1a):
    until end of turn, for as long as its source remains on the battlefield
    (611.2b), or for the rest of the game. Each rule's `to` names the
    players and objects it applies to: the objects they are now (400.7)."""
    you = args.get("you", context.you or game.turn.active_player)
    source = context.source
    until = args.get("until", "end_of_turn")
    for spec in args["rules"]:
        to_objects = tuple(
            (name, 0 if name in game.players else game.obj(name).serial)
            for name in spec.get("to", ())
        )
        rule = counter_rule(spec, to_objects)
        game.counter_effects.append(
            counters.ActiveCounterRule(
                rule,
                you,
                source.serial if source is not None else None,
                game.next_timestamp(),
                duration=until,
            )
        )
        how = {
            "end_of_turn": "until end of turn",
            "source_leaves": "for as long as its source remains on the battlefield",
            "permanent": "for the rest of the game",
        }[until]
        game.note("611.2", f"{how}: {rule.description or 'a rule on counters'}")


def _remove_from_combat(game: Game, refs: list[str], context: Context) -> None:
    for obj in _each(game, refs):
        combat.remove_from_combat(game, obj)


def _become_blocked(game: Game, refs: list[str], context: Context) -> None:
    for obj in _each(game, refs):
        combat.become_blocked(game, obj)


def _destroy(game: Game, refs: list[str], context: Context) -> None:
    game.destroy(list(_each(game, refs)))


def _regenerate(game: Game, refs: list[str], context: Context) -> None:
    """701.19a: a resolving spell or ability regenerates each permanent: a
    replacement effect, a "regeneration shield", for the next time it
    would be destroyed this turn. (As a probe's action it stands for a
    regeneration ability resolving.)"""
    for obj in _each(game, refs):
        if obj.zone != "battlefield" or not obj.exists:
            game.note("701.19a", f"{obj.name} isn't on the battlefield: nothing to regenerate")
            continue
        obj.regeneration_shields += 1
        game.note(
            "701.19a",
            f"a regeneration shield protects {obj.name} the next time it would be destroyed "
            "this turn",
        )


def _sacrifice(game: Game, refs: list[str], context: Context) -> None:
    for obj in _each(game, refs):
        game.note("701.21a", f"{obj.name} is sacrificed")
        game.move(obj, "graveyard", rule="701.21a")


def _move(game: Game, args: dict[str, str], context: Context) -> None:
    for ref, zone in args.items():
        obj = game.obj(ref)
        if not obj.exists:
            game.note("111.8", f"{obj.name} no longer exists and can't move to the {zone}")
            continue
        previous = obj.zone
        game.move(obj, zone)
        game.note(
            "400.7", f"{obj.name} moves from the {previous} to the {zone} and becomes a new object"
        )


def _deal_damage(game: Game, args: dict[str, Any], context: Context) -> None:
    """120.3: a source deals noncombat damage to each recipient at once.
    Without ``source`` it is the resolving spell, or the ability's source
    (“~ deals”). A source that has left the zone it was in deals it as it
    last existed there (113.7a, 608.2h)."""
    if "source" in args:
        source = game.obj(args["source"])
    elif context.source is not None:
        source = context.source
    else:
        raise InvalidInputError(
            "`deal_damage` without `source` is for a resolving spell or ability"
        )
    as_last_known = bool(args.get("as_last_known")) or (
        "source" not in args
        and context.source_serial is not None
        and source.serial != context.source_serial
        and source.zone != "stack"
    )
    amount = _damage_amount(game, args["amount"], source, as_last_known, context)
    you = context.you or game.turn.active_player
    recipients = list(args["to"]) if isinstance(args.get("to"), list) else []
    if isinstance(args.get("to"), str):
        recipients.append(args["to"])
    if "to_players" in args:
        recipients += [
            p
            for p, player in game.players.items()
            if not player.has_lost and replacement.player_fits(game, args["to_players"], p, you)
        ]
    if "to_each" in args:
        # 608.2h: the permanents that fit as the effect applies.
        wanted = object_filter(args["to_each"])
        serial = context.source.serial if context.source is not None else None
        recipients += [
            obj.ref for obj in game.battlefield() if wanted.matches(game, obj, you, serial)
        ]
    keywords = (
        game.last_known_by_ref.get(source.ref, ("", frozenset(), None))[1]
        if as_last_known
        else game.characteristics(source).all_keywords
    )
    excess = bool(args.get("excess_to_controller")) and all(
        normalize(k) in keywords for k in args.get("excess_if_source_has", ())
    )
    amounts = {ref: amount for ref in dict.fromkeys(recipients)}
    instead = args.get("instead_if")
    if instead is not None:
        # 614.15: "if it's a [quality], it deals N damage instead": a
        # self-replacement, applied before any other replacement effect
        # (616.1a), so the damage event begins with N.
        wanted = object_filter(instead["filter"])
        serial = context.source.serial if context.source is not None else None
        for ref in amounts:
            if ref not in game.players and wanted.matches(game, game.obj(ref), you, serial):
                amounts[ref] = _number(game, instead["amount"], context)
                game.note("614.15", f"{ref} fits: the damage to it is {amounts[ref]} instead")
    game.deal_damage_at_once(
        source,
        list(amounts.items()),
        as_last_known=as_last_known,
        excess_to_controller=excess,
    )


def _damage_amount(
    game: Game, value: Any, source: GameObject, as_last_known: bool, context: Context
) -> int:
    """How much damage: a number, X, or the source's power, as it is or as
    it last existed (608.2h)."""
    if value == "x":
        return _amount(game, "x", context)
    if value == "source_power":
        if as_last_known:
            power = game.last_known_by_ref.get(source.ref, ("", frozenset(), 0))[2]
        else:
            power = game.characteristics(source).power
        # 107.1b: a negative power deals no damage.
        return max(power or 0, 0)
    return _number(game, value, context)


def _fight(game: Game, args: dict[str, str], context: Context) -> None:
    """701.14a: each creature named fights the one it is paired with: each
    deals damage equal to its power to the other, at the same time. That
    damage isn't combat damage (701.14d)."""
    for ref, other in args.items():
        one, two = game.obj(ref), game.obj(other)
        fighters = [one, two]
        if not all(
            obj.zone == "battlefield"
            and obj.exists
            and "creature" in game.characteristics(obj).types
            for obj in fighters
        ):
            game.note(
                "701.14b",
                f"{one.name} or {two.name} isn't a creature on the battlefield: neither fights",
            )
            continue
        # Both powers are known before any damage is dealt: the damage is
        # dealt at the same time. A negative power deals no damage (107.1b).
        powers = [max(0, game.characteristics(obj).power or 0) for obj in fighters]
        if one is two:
            game.note("701.14c", f"{one.name} fights itself: twice its power to itself")
            game.deal_damage(one, one.ref, 2 * powers[0])
            continue
        game.note("701.14a", f"{one.name} and {two.name} fight")
        game.deal_damage(one, two.ref, powers[0])
        game.deal_damage(two, one.ref, powers[1])


def _controller_loses_life(game: Game, args: dict[str, Any], context: Context) -> None:
    """ "Its controller loses N life": the controller of each named
    permanent, or, if it has left the battlefield, the controller it had
    there, as it last existed (608.2h, 113.7a)."""
    for ref, amount in args.items():
        obj = game.obj(ref)
        if obj.zone == "battlefield" and obj.exists:
            player = game.controller(obj)
        elif ref in game.last_controllers:
            player = game.last_controllers[ref]
            game.note(
                "608.2h", f"{obj.name} has left the battlefield; its controller there was {player}"
            )
        else:
            game.note(
                "608.2h", f"{obj.name} has never been on the battlefield: no one is its controller"
            )
            continue
        game.lose_life(player, _number(game, amount, context))


def _amount(game: Game, name: str, context: Context, named: list[str] | None = None) -> int:
    """608.2h: a number an effect needs from the game, determined once as it
    applies. ``named`` are the objects a list-targeted effect affects."""
    if name == "party":
        value = party.party_size(game, context.you or game.turn.active_player)
        game.note(
            "608.2h", f"the number of creatures in {context.you}'s party is {value}; X is {value}"
        )
        return value
    if name == "x":
        if context.spell is None and context.x is not None:
            return context.x
        if context.spell is None or context.spell.x is None:
            raise InvalidInputError(
                "X is defined only while a spell, or an activated ability, with X resolves"
            )
        return context.spell.x
    if name == "counters_removed":
        # "Where X is the number of counters removed this way": what the
        # ability's cost removed as it was activated (601.2h).
        if context.counters_removed is None:
            raise InvalidInputError("`counters_removed` is for an ability whose cost removes all")
        game.note("608.2h", f"{context.counters_removed} counter(s) were removed; X is that")
        return context.counters_removed
    if name == "other_attacking_creatures":
        record = game.combat
        value = sum(
            1
            for obj in game.battlefield()
            if record is not None
            and record.is_attacking(obj.serial)
            and obj.ref not in (named or ())
        )
        game.note("608.2h", f"there are {value} other attacking creatures; X is {value}")
        return value
    if name == "creatures_blocking_it":
        # "For each creature blocking it": the first object the effect names.
        record = game.combat
        it = game.obj(named[0]) if named else None
        value = (
            len({b for b, a in record.blocks if a == it.serial})
            if record is not None and it is not None
            else 0
        )
        game.note("608.2h", f"{value} creature(s) are blocking it; X is {value}")
        return value
    if name == "greatest_power":
        you = context.you or game.turn.active_player
        yours = ObjectFilter(controller="you", types=frozenset({"creature"}))
        powers = [
            power
            for obj in game.battlefield()
            if yours.matches(game, obj, you, None)
            and (power := game.characteristics(obj).power) is not None
        ]
        value = max(powers, default=0)
        game.note(
            "608.2h", f"the greatest power among creatures {you} controls is {value}; X is {value}"
        )
        return value
    raise InvalidInputError(f"unknown amount {name!r}")


def _change(text: str, x: int) -> tuple[int, int]:
    return pt_change(text.replace("X", str(x)))


def _named_now(
    game: Game, args: dict[str, Any], context: Context, key: str = "to_objects"
) -> tuple[tuple[str, int], ...]:
    """The players and objects an effect names (`to_objects`, or the
    sources of `from_objects`), or the spell's "targets", with the objects
    they are now (400.7); for a filter, each permanent that fits as the
    effect begins (615.11)."""
    refs = args.get(key, [])
    if isinstance(refs, dict):
        wanted = object_filter(refs)
        you = args.get("you", context.you or game.turn.active_player)
        return tuple(
            (obj.ref, obj.serial)
            for obj in game.battlefield()
            if wanted.matches(game, obj, you, context.source_as_it_was)
        )
    if refs == "targets":
        if context.targets is None:
            raise InvalidInputError(
                f'`{key} = "targets"` is for the effect of a resolving spell or ability'
            )
        refs = list(context.targets)
    return tuple((ref, 0 if ref in game.players else game.obj(ref).serial) for ref in refs)


def _begin(
    game: Game,
    effect: replacement.Prevention | replacement.Redirection,
    args: dict[str, Any],
    context: Context,
) -> None:
    source = context.source
    replacement.begin_until_end_of_turn(
        game,
        effect,
        you=args.get("you", context.you or game.turn.active_player),
        to_players=args.get("to_players"),
        named=effect.damage.to_objects,
        source_ref=source.ref if source is not None else "",
        source_serial=context.source_as_it_was,
    )


def _prevent(game: Game, args: dict[str, Any], context: Context) -> None:
    """A prevention effect from a resolving spell or ability, for the rest of
    the turn (615.3), or until its shield is used up (615.7)."""
    amount = args.get("amount")
    from_sources = _named_now(game, args, context, "from_objects")
    if amount == "next_time" and not from_sources:
        raise InvalidInputError(
            '`amount = "next_time"` is “the next time [a source] would deal damage” (615.8): '
            "it needs `from_objects`"
        )
    if isinstance(amount, dict) and not isinstance(amount.get("shield", 1), int):
        # "The next X damage": X as the spell resolves (608.2h).
        shield = amount["shield"]
        size = _amount(game, "x", context) if shield == "x" else _number(game, shield, context)
        if size <= 0:
            game.note("615.7", "a shield of 0 prevents nothing")
            return
        args = {**args, "amount": {"shield": size}}
    effect = prevention_from(args, _named_now(game, args, context), from_sources)
    _begin(game, effect, args, context)
    game.note("615.3", f"a prevention effect begins: {effect.description or 'prevent damage'}")


def _redirect(game: Game, args: dict[str, Any], context: Context) -> None:
    """614.1a: a resolving spell or ability's redirection for the rest of
    the turn, or of "the next N damage" (a shield, as for prevention)."""
    effect = redirection_from(args, _named_now(game, args, context))
    _begin(game, effect, args, context)
    game.note("614.1a", f"a redirection effect begins: {effect.description or 'redirect damage'}")


def _choose_prevention(game: Game, args: dict[str, Any], context: Context) -> None:
    for ref, entries in args.items():
        game.obj(ref)
        game.prevention_choices[ref] = [
            (entry["source"], entry["to"], entry["amount"]) for entry in entries
        ]


def _order_replacements(game: Game, args: dict[str, list[str]], context: Context) -> None:
    """616.1: the order in which the affected player applies the
    replacement and prevention effects to the next damage event."""
    for player, refs in args.items():
        for ref in refs:
            game.obj(ref)
        game.replacement_orders[player] = list(refs)


def _keep_legend(game: Game, args: dict[str, str], context: Context) -> None:
    """704.5j: the legendary permanent each player keeps the next time the
    legend rule applies to them."""
    for player, ref in args.items():
        game.obj(ref)
        game.legend_choices[player] = ref


def _trigger_mode(game: Game, args: dict[str, int], context: Context) -> None:
    """603.3c: the mode of each named source's next modal triggered ability,
    announced as it is put on the stack."""
    for ref, mode in args.items():
        game.obj(ref)
        game.trigger_modes[ref] = mode


def _choose_on_resolution(game: Game, args: dict[str, Any], context: Context) -> None:
    """The choices the next triggered ability of each named source to
    resolve offers as it does (608.2d, 603.5), given in advance: they must
    be used during the probe's next action."""
    pending = game.resolution_choices
    for ref, choices in args.items():
        game.obj(ref)
        pending.setdefault(ref, {}).update(choices)


def _effect(game: Game, args: dict[str, Any], context: Context) -> None:
    you = args.get("you", context.you or game.turn.active_player)
    condition = condition_from(args.get("condition"))
    source_serial = context.source.serial if context.source is not None else None
    if condition is not None and not condition.holds(game, you, source_serial):
        # Checked once, as it resolves (608.2h): no effect begins.
        game.note("608.2h", "the effect's condition doesn't hold as it resolves: it does nothing")
        return
    grant = frozenset(args.get("grant", ()))
    if args.get("same_is_true_for_variants"):
        # 702.1c: granting a keyword grants each of its variants.
        grant = grant.union(*(VARIANTS.get(keyword, frozenset()) for keyword in grant))
    target = args["to"]
    if target == "targets":
        if context.targets is None:
            raise InvalidInputError(
                '`to = "targets"` is for the effect of a resolving spell or ability'
            )
        target = list(context.targets)
    elif target == "blocked_by_targets":
        # "Creatures that were blocked by that creature this combat": the
        # targets as they were chosen, even if they have left since (509.1g).
        if context.spell is None:
            raise InvalidInputError('`to = "blocked_by_targets"` is for a resolving spell')
        chosen = [t.serial for t in context.spell.spell_targets if t.ref in (context.targets or ())]
        target = combat.blocked_by(game, chosen)
    named = target if isinstance(target, list) else None
    x = _amount(game, args["x"], context, named) if "x" in args else 0
    power, toughness = _change(args["pump"], x) if "pump" in args else (0, 0)
    modification = Modification(
        grant=grant,
        lose=frozenset(args.get("lose", ())),
        power=power,
        toughness=toughness,
        set_base=_change(args["set_base"], x) if "set_base" in args else None,
        switch=bool(args.get("switch")),
        controller=you if args.get("gain_control") else None,
        add_types=frozenset(args.get("add_types", ())),
        add_subtypes=frozenset(args.get("add_subtypes", ())),
        set_subtypes=frozenset(args["set_subtypes"]) if "set_subtypes" in args else None,
        set_colors=frozenset(args["set_colors"]) if "set_colors" in args else None,
        assigns_no_combat_damage=args.get("assigns_no_combat_damage", False),
        # 613.1f: triggered abilities the objects gain.
        grant_triggers=tuple(triggered_ability(t) for t in args.get("grant_triggers", ())),
    )
    duration = args.get("until", "end_of_turn")
    if isinstance(target, list):
        affected = [obj for obj in _each(game, target) if obj.zone == "battlefield"]
        if "only" in args:
            # "If it's a Vampire, ...": judged once, as the effect begins (608.2h).
            wanted = object_filter(args["only"])
            affected = [obj for obj in affected if wanted.matches(game, obj, you, source_serial)]
        game.add_effect(modification, you, affected=affected, duration=duration)
    else:
        if "only" in args:
            raise InvalidInputError("`only` narrows named objects; with a filter, say it there")
        effect = game.add_effect(
            modification,
            you,
            filter=object_filter(target),
            duration=duration,
            source_serial=source_serial,
        )
        affected = [obj for obj in game.battlefield() if obj.serial in (effect.affected or ())]
    names = ", ".join(obj.name for obj in affected) or "nothing"
    game.note("611.2c", f"an effect begins; the set of objects it affects is locked in: {names}")
    if modification.controller is not None:
        for obj in affected:
            _control_changed(game, obj, you)


def _named_or_filter(
    game: Game, target: Any, context: Context
) -> tuple[list[GameObject] | None, ObjectFilter | None]:
    """The objects an action names (on the battlefield), or the spell's
    targets, or else the filter it gives."""
    if target == "targets":
        if context.targets is None:
            raise InvalidInputError(
                '`to = "targets"` is for the effect of a resolving spell or ability'
            )
        target = list(context.targets)
    if isinstance(target, list):
        return [obj for obj in _each(game, target) if obj.zone == "battlefield"], None
    return None, object_filter(target)


def _restrict(game: Game, args: dict[str, Any], context: Context) -> None:
    """An effect on how creatures may attack or block (508.1c–d, 509.1b–c):
    the objects named now, or whatever fits the filter while it lasts
    (611.2c)."""
    you = args.get("you", context.you or game.turn.active_player)
    rule = restrictions.rule_from(args)
    assert rule is not None  # the format requires one of its keys
    named, wanted = _named_or_filter(game, args["to"], context)
    duration = args.get("until", "end_of_turn")
    restrictions.add(game, rule, you, affected=named, filter=wanted, duration=duration)
    what = ", ".join(obj.name for obj in named) if named is not None else "whatever fits"
    game.note(
        "611.2c", f"an effect begins: {what} {rule.describe()} ({duration.replace('_', ' ')})"
    )


def _goad(game: Game, args: dict[str, Any], context: Context) -> None:
    """701.15a: goads each creature named (or that fits, as it resolves)."""
    you = args.get("you", context.you or game.turn.active_player)
    named, wanted = _named_or_filter(game, args["to"], context)
    if named is None:
        assert wanted is not None
        named = [obj for obj in game.battlefield() if wanted.matches(game, obj, you, None)]
    restrictions.goad(game, named, you)


def _gain_control(game: Game, args: dict[str, str], context: Context) -> None:
    for ref, player in args.items():
        obj = game.obj(ref)
        # 603.10d: "when you lose control of" abilities look back in time.
        before = triggers.seen(game, obj) if obj.zone == "battlefield" else None
        game.add_effect(
            Modification(controller=player), player, affected=[obj], duration="permanent"
        )
        _control_changed(game, obj, player)
        if before is not None and before.controller != game.controller(obj):
            triggers.lost_control(game, before)


def _control_changed(game: Game, obj: GameObject, player: str) -> None:
    """A permanent whose controller changes leaves combat (506.4), and its
    new controller hasn't controlled it continuously since their most recent
    turn began (302.6)."""
    record = game.combat
    if record is not None and (record.is_attacking(obj.serial) or record.is_blocking(obj.serial)):
        combat.remove_from_combat(game, obj)
    obj.summoning_sick = True
    game.note("613.1b", f"{player} gains control of {obj.name}")


def _add_mana(game: Game, args: dict[str, Any], context: Context) -> None:
    for player, mana in args.items():
        state = game.players[player]
        if state.mana_pool is None:
            state.mana_pool = cost.parse_pool("")
        if isinstance(mana, dict):
            count = _number(game, {"for_each": mana["for_each"]}, context)
            mana = mana["mana"] * count
        state.mana_pool.update(cost.parse_pool(mana))
        game.note("106.4", f"{player} adds {mana or 'no mana'} to their mana pool")


def _attach(game: Game, args: dict[str, str], context: Context) -> None:
    """701.3a: each Aura, Equipment or Fortification is put onto that
    permanent (an Equipment onto a creature, a Fortification onto a land);
    where it can't be attached it doesn't move (701.3b); attached to a
    different object, it gets a new timestamp (701.3c, 613.7e)."""
    for ref, to in args.items():
        obj = game.obj(ref)
        if to == "targets":
            if not context.targets:
                raise InvalidInputError('`attach`\'s "targets" is for a resolving spell or ability')
            to = context.targets[0]
        host = game.obj(to)
        what = game.characteristics(obj)
        kind = next((s for s in ("Aura", "Equipment", "Fortification") if s in what.subtypes), None)
        if kind is None:
            # 701.3b: what isn't an Aura, Equipment or Fortification doesn't move.
            game.note("701.3b", f"{obj.name} can't be attached to anything: it doesn't move")
            continue
        wanted = {"Aura": None, "Equipment": "creature", "Fortification": "land"}[kind]
        legal = (
            obj.zone == "battlefield"
            and host.zone == "battlefield"
            and host.exists
            and host is not obj
            and (wanted is None or wanted in game.characteristics(host).types)
            # 301.5c: an Equipment that's also a creature can't equip.
            and not (kind == "Equipment" and "creature" in what.types)
        )
        if not legal:
            game.note("701.3b", f"{obj.name} can't be attached to {host.name}: it doesn't move")
        elif obj.attached_to == host.serial:
            game.note("701.3b", f"{obj.name} is already attached to {host.name}: nothing happens")
        else:
            obj.attached_to = host.serial
            obj.timestamp = game.next_timestamp()
            game.note("701.3a", f"{obj.name} becomes attached to {host.name}")


def _tap(game: Game, refs: list[str], context: Context) -> None:
    for obj in _each(game, refs):
        obj.tapped = True


def _transform(game: Game, refs: list[str], context: Context) -> None:
    """701.27a: a transforming permanent turns over to its other face;
    701.27c: one that isn't (no back face) doesn't."""
    for obj in _each(game, refs):
        if obj.back is None:
            game.note("701.27c", f"{obj.name} has no back face and doesn't transform")
            continue
        obj.transformed = not obj.transformed
        game.note("701.27a", f"{obj.ref} transforms")


def _untap(game: Game, refs: list[str], context: Context) -> None:
    for obj in _each(game, refs):
        obj.tapped = False


def _untap_all(game: Game, spec: dict[str, Any], context: Context) -> None:
    """ "Untap all [permanents]": those that fit as the effect applies."""
    you = context.you or game.turn.active_player
    wanted = object_filter(spec)
    source = context.source.serial if context.source is not None else None
    for obj in game.battlefield():
        if wanted.matches(game, obj, you, source):
            obj.tapped = False


def _cast(game: Game, args: dict[str, Any], context: Context) -> None:
    obj = game.obj(args["card"])
    player = args.get("player", obj.owner)
    choices = casting.CastChoices(
        half=args.get("half"),
        x=args.get("x", 0),
        targets=_cast_targets(args.get("targets", ())),
        pays_flash_cost=args.get("pay_flash_cost", False),
        without_paying_mana_cost=args.get("without_paying_mana_cost", False),
        fuse=args.get("fuse", False),
        mode=args.get("mode", args.get("modes")),
        entwine=args.get("entwine", False),
        divide=args.get("divide"),
        kicked=args.get("kicked", False),
        sacrifice=args.get("sacrifice"),
        during=list(args.get("during", ())),
        costs=cost.CostChoices(
            alternative=args.get("alternative_cost"),
            additional=list(args.get("additional_costs", ())),
            convoke_with=args.get("convoke_with"),
            mana_for_counters=dict(args.get("mana_for_counters", {})),
        ),
    )
    casting.cast(game, player, obj, choices)


def _activate(game: Game, args: dict[str, Any], context: Context) -> None:
    """602.2: a player activates an activated ability of a permanent."""
    from mtgjudge.model import activated

    source = game.obj(args["card"])
    player = args.get("player", game.controller(source) if source.zone == "battlefield" else "")
    activated.activate(
        game,
        player,
        source,
        args.get("ability", 1),
        _cast_targets(args.get("targets", ())),
        args.get("divide"),
        list(args.get("during", ())),
        list(args.get("discard", ())),
        args.get("x"),
        args.get("sacrifice"),
    )


def _play_land(game: Game, args: dict[str, Any], context: Context) -> None:
    from mtgjudge.model import lands

    card = game.obj(args["card"])
    lands.play_land(game, args.get("player", card.owner), card)


def _cast_targets(targets: Any) -> tuple[str, ...] | dict[str, tuple[str, ...]]:
    if isinstance(targets, dict):
        return {half: tuple(refs) for half, refs in targets.items()}
    return tuple(targets)


def _resolve(game: Game, args: Any, context: Context) -> None:
    if isinstance(args, dict):
        # 608.2d: the choices players make as the top object resolves.
        choices = {player: tuple(refs) for player, refs in args.get("choose", {}).items()}
        casting.resolve_top(game, choices)
        return
    for index in range(args):
        if index:
            # 117.5: between two resolutions a player would receive priority.
            game.before_priority()
        casting.resolve_top(game)


def _number(game: Game, value: Any, context: Context) -> int:
    """An amount: a number, or "N for each [permanent]", counted once as the
    effect applies (608.2h)."""
    if isinstance(value, dict) and "devotion" in value:
        you = context.you or game.turn.active_player
        count = devotion.devotion(game, you, value["devotion"])
        game.note("700.5", f"{you}'s devotion to {value['devotion']} is {count}")
        return count
    if isinstance(value, dict):
        you = context.you or game.turn.active_player
        wanted = object_filter(value["for_each"])
        source = context.source.serial if context.source is not None else None
        count = sum(1 for obj in game.battlefield() if wanted.matches(game, obj, you, source))
        times = value.get("times", 1)
        game.note("608.2h", f"{count} permanent(s) counted as the effect applies: {times * count}")
        return times * count
    if value == "party":
        # 700.8: the number of creatures in your party, as the effect applies.
        return party.party_size(game, context.you or game.turn.active_player)
    if not isinstance(value, int):
        raise InvalidInputError(
            f"{value!r}: “that_much” is the amount of a trigger event, or of what a spell's "
            "earlier instruction counted; only their actions may use it"
        )
    return value


def _mill(game: Game, args: dict[str, Any], context: Context) -> None:
    """701.17a: each player puts that many cards from the top of their
    library into their graveyard; no more than the library holds (701.17b)."""
    for player, amount in args.items():
        count = _number(game, amount, context)
        milled = 0
        for _ in range(count):
            card = game.top_of_library(player)
            if card is None:
                game.note("701.17b", f"{player}'s library is empty: they mill no more")
                break
            game.move(card, "graveyard")
            milled += 1
        game.note("701.17a", f"{player} mills {milled} card(s)")


def _scry(
    game: Game, args: dict[str, Any], context: Context, bottom: list[str] | None = None
) -> None:
    """701.22a: "scry N": look at the top N cards of your library, then put
    any number of them on the bottom in any order and the rest on top.
    ``bottom`` are the cards the player puts on the bottom, in order; the
    rest stay on top. Scry 0 is no scry event (701.22b); abilities that
    trigger on scrying trigger after it, even if the library had fewer cards
    (701.22d)."""
    for player, amount in args.items():
        count = _number(game, amount, context)
        if count <= 0:
            game.note("701.22b", f"{player} is instructed to scry 0: no scry event occurs")
            continue
        order = game.library_order.setdefault(player, [])
        in_library = [
            s for s in order if (o := game.by_serial(s)) is not None and o.zone == "library"
        ]
        looked = in_library[:count]
        wanted = [game.obj(ref).serial for ref in bottom or ()]
        strange = [ref for ref, s in zip(bottom or (), wanted) if s not in looked]
        if strange:
            raise IllegalActionError(
                f"{strange[0]} isn't among the top {count} card(s) {player} looks at",
                rule="701.22a",
                fault="not_a_candidate",
            )
        rest = [s for s in in_library if s not in wanted]
        game.library_order[player] = rest + wanted
        game.note(
            "701.22a",
            f"{player} scries {count}: {len(wanted)} card(s) to the bottom, "
            f"{len(looked) - len(wanted)} back on top",
        )
        triggers.scried(game, player)


def _gain_life(game: Game, args: dict[str, Any], context: Context) -> None:
    source = context.source.ref if context.source is not None else ""
    for player, amount in args.items():
        game.gain_life(
            player,
            _number(game, amount, context),
            source,
            by_own_spell_or_ability=_own(context, player),
        )


def _own(context: Context, player: str) -> bool:
    """Whether a resolving spell or ability makes its own controller gain
    life (a replacement may care, 119.10)."""
    return context.source is not None and context.you == player


def _set_life(game: Game, args: dict[str, Any], context: Context) -> None:
    """119.5: "your life total becomes N"."""
    source = context.source.ref if context.source is not None else ""
    for player, amount in args.items():
        total = _number(game, amount, context)
        game.set_life(player, total, source, by_own_spell_or_ability=_own(context, player))


def _double_life(game: Game, args: list[str], context: Context) -> None:
    """701.10d: the player gains or loses life so that the total is twice
    what it was (119.5)."""
    source = context.source.ref if context.source is not None else ""
    for player in args:
        total = 2 * game.players[player].life
        game.set_life(player, total, source, by_own_spell_or_ability=_own(context, player))


def _life_rules(game: Game, args: dict[str, Any], context: Context) -> None:
    """A resolving spell or ability's effect on life totals until end of
    turn (119.7, 119.8, 120.4c), or its replacement of life gain (614.1a)."""
    you = args.get("you", context.you or game.turn.active_player)
    source = context.source
    rules = [life_rule(r) for r in args.get("rules", ())]
    rules += [life_gain_replacement(r) for r in args.get("replace_gain", ())]
    for rule in rules:
        game.life_effects.append(
            life.ActiveLifeRule(
                rule, you, source.serial if source is not None else None, game.next_timestamp()
            )
        )
        game.note("611.2", f"until end of turn: {rule.description or 'a rule on life totals'}")


def _lose_life(game: Game, args: dict[str, Any], context: Context) -> None:
    for player, amount in args.items():
        game.lose_life(player, _number(game, amount, context))


def _draw(game: Game, args: dict[str, Any], context: Context) -> None:
    for player, count in args.items():
        game.draw(player, _number(game, count, context))


def _remove_counters(game: Game, args: dict[str, list[str]], context: Context) -> None:
    """Removes all counters of the kinds given from objects or players
    ("target opponent loses all counters"); a spell's later instruction may
    use how many were removed ("that many", 608.2c)."""
    removed = 0
    for holder, kinds in args.items():
        for name in kinds:
            amount = counters.remove(game, holder, name)
            removed += amount
            if not amount:
                game.note("122.1", f"no {name} counters to remove from {holder}")
    if context.resolution is not None:
        context.resolution.that_much = removed


def _create_token(game: Game, args: dict[str, dict[str, Any]], context: Context) -> None:
    """111.1–111.4: the effect's controller creates tokens with the given
    characteristics; a token with no name given is named after its subtypes
    plus "Token" (111.4)."""
    player = context.you or game.turn.active_player
    tokens = []
    entering = {}
    for ref, spec in args.items():
        if ref in game.refs:
            raise InvalidInputError(f"an object named {ref!r} already exists")
        name = spec.get("name") or " ".join(spec.get("subtypes", ())) + " Token"
        card = {k: v for k, v in spec.items() if k not in ("attacking", "blocking")}
        tokens.append(game_object(ref, {**card, "name": name, "controller": player}, "battlefield"))
        entering[ref] = spec
    game.create_tokens(
        tokens, player, lambda token: _as_it_enters(game, token, entering[token.ref])
    )


def _as_it_enters(game: Game, obj: GameObject, spec: dict[str, Any]) -> None:
    """A permanent put onto the battlefield tapped, attacking (508.4) or
    blocking (509.4)."""
    if spec.get("tapped"):
        obj.tapped = True
    if "attacking" in spec:
        combat.enter_attacking(game, obj, spec["attacking"])
    if "blocking" in spec:
        combat.enter_blocking(game, obj, spec["blocking"])


def _create_emblem(game: Game, args: dict[str, dict[str, Any]], context: Context) -> None:
    """114.2: "you get an emblem with [ability]": the effect's controller
    puts an emblem into the command zone; they own and control it. It has
    no characteristics but its abilities (114.3)."""
    player = context.you or game.turn.active_player
    for ref, spec in args.items():
        if ref in game.refs:
            raise InvalidInputError(f"an object named {ref!r} already exists")
        emblem = game_object(
            ref,
            {"name": spec.get("name", "Emblem"), **spec, "owner": player, "emblem": True},
            "command",
        )
        game.add_object(emblem)
        game.note("114.2", f"{player} gets an emblem: it goes to the command zone")


def _create_trigger(game: Game, args: dict[str, Any], context: Context) -> None:
    """A resolving spell or ability creates a delayed triggered ability
    (603.7); see :func:`mtgjudge.model.triggers.create_delayed`."""
    if context.source is None:
        raise InvalidInputError("create_trigger is for a resolving spell or ability")
    controller = context.you or game.controller(context.source)
    triggers.create_delayed(game, args, triggered_ability(args), context.source, controller)


def _each_player_sacrifices(game: Game, args: list[dict[str, Any]], context: Context) -> None:
    """Each player sacrifices a [quality], a [quality] ...: each player, in
    APNAP order, chooses one permanent they control for each part as it
    resolves (608.2d, 608.2e); then all are sacrificed at once (701.21a).
    A player with several candidates must have said which (the resolve
    action's `choose`); with one, it's that one."""
    choices = context.resolution.choices if context.resolution is not None else {}
    doomed: list[tuple[GameObject, str]] = []
    for player in triggers.apnap(game):
        chosen: list[GameObject] = []
        for spec in args:
            wanted = object_filter({**spec, "controller": "you"})
            fits = [obj for obj in game.battlefield() if wanted.matches(game, obj, player, None)]
            named = [obj for obj in fits if obj.ref in choices.get(player, ())]
            if len(named) > 1 or (not named and len(fits) > 1):
                among = ", ".join(obj.ref for obj in (named or fits))
                raise InvalidInputError(
                    f"{player} chooses one of {among} to sacrifice (608.2d): say which in the "
                    "resolve action's `choose`"
                )
            pick = (named or fits or [None])[0]
            if pick is None:
                game.note("701.21a", f"{player} controls no {_quality(spec)} to sacrifice")
                continue
            if pick in chosen:
                raise InvalidInputError(
                    f"{pick.ref} would be sacrificed for two parts; whether one permanent may "
                    "answer two parts isn't modelled"
                )
            chosen.append(pick)
            game.note("608.2d", f"{player} chooses {pick.name} as the {_quality(spec)}")
        doomed += [(obj, "701.21a") for obj in chosen]
    for obj, _rule in doomed:
        game.note("701.21a", f"{obj.name} is sacrificed")
    game.put_into_graveyards(doomed)


def _quality(spec: dict[str, Any]) -> str:
    return " ".join([*spec.get("subtypes", ()), *spec.get("types", ())]) or "permanent"


def _exile_until_source_leaves(game: Game, refs: list[str], context: Context) -> None:
    """An ability's "exile [it] until [this permanent] leaves the
    battlefield" (610.3): if the source has left the battlefield since the
    ability triggered, nothing is exiled (610.3b); otherwise each object
    returns to the battlefield, under its owner's control, once the source
    leaves (610.3, 610.3c)."""
    source = context.source
    if source is None or context.source_serial is None:
        raise InvalidInputError("exile_until_source_leaves is for a resolving ability")
    if source.serial != context.source_serial or source.zone != "battlefield":
        game.note(
            "610.3b",
            f"{source.name} has already left the battlefield, so nothing is exiled",
        )
        return
    for obj in _each(game, refs):
        game.move(obj, "exile")
        game.note("610.3", f"{obj.name} is exiled until {source.name} leaves the battlefield")
        game.exiled_until_leaves.setdefault(source.serial, []).append(obj.ref)


def _put_onto_battlefield(game: Game, args: dict[str, Any], context: Context) -> None:
    """An effect that says "put a [quality] card from your [zone] onto the
    battlefield": the first such card in the scenario's order, if any."""
    player = args["player"]
    wanted = spell_filter(args.get("filter", {}))
    zone = args.get("from", "hand")
    for obj in list(game.objects):
        if (
            obj.zone == zone
            and obj.owner == player
            and obj.exists
            and wanted.matches(cost.card_qualities(game, obj))
        ):
            game.note("110.2", f"{player} puts {obj.name} from their {zone} onto the battlefield")
            game.move(
                obj,
                "battlefield",
                controller=player,
                as_it_enters=lambda entering: _as_it_enters(game, entering, args),
            )
            return
    game.note("110.2", f"{player} has no such card in their {zone} to put onto the battlefield")


def _ninjutsu(game: Game, args: dict[str, str], context: Context) -> None:
    """702.49: each ninja named is put onto the battlefield in place of the
    unblocked attacker named with it."""
    for ninja, returned in args.items():
        combat.ninjutsu(game, game.obj(ninja), game.obj(returned))


def _move_cards(game: Game, args: dict[str, Any], context: Context) -> None:
    """ "Return to your hand all creature cards in your graveyard that were
    put there from the battlefield this turn": every card of a player's
    zone that fits, counted as the effect applies (608.2h), moves; each
    becomes a new object (400.7)."""
    from mtgjudge.model import history

    you = context.you or game.turn.active_player
    whose = args.get("owner", "you")
    wanted = spell_filter(args.get("filter", {}))
    zone = args.get("zone", "graveyard")
    moving = [
        obj
        for obj in game.objects
        if obj.exists
        and obj.zone == zone
        and (whose == "any" or (obj.owner == you) == (whose == "you"))
        and wanted.matches(cost.card_qualities(game, obj))
        and (
            not args.get("put_there_from_battlefield_this_turn")
            or history.put_into_graveyard_from_battlefield_this_turn(game, obj)
        )
    ]
    for obj in moving:
        game.move(obj, args["to"])
        game.note("400.7", f"{obj.name} moves from the {zone} to the {args['to']}")
    if not moving:
        game.note("608.2h", f"no card in the {zone} fits: nothing moves")


def _copy_spell(game: Game, args: dict[str, str], context: Context) -> None:
    for ref, player in args.items():
        casting.copy_spell(game, game.obj(ref), player)


def _add_phases(game: Game, args: dict[str, Any], context: Context) -> None:
    """500.8: "after this main phase, there is an additional combat phase
    followed by an additional main phase"."""
    kinds = list(args["phases"])
    if args["after"] == "this_main_phase" and not game.turn.is_main_phase():
        game.note(
            "500.8", 'it isn\'t a main phase, so there is no "this main phase" to add phases after'
        )
        return
    game.turn.add_phases_after_current(kinds)
    game.note(
        "500.8",
        f"additional phases ({', then '.join(kinds)}) are added after this {game.turn.phase.kind} phase",
    )


def _skip(game: Game, args: dict[str, Any], context: Context) -> None:
    """614.10: "[player] skips their next [step]": a replacement effect that
    waits for the next occurrence of that step in that player's turn; a
    step that has begun can't be skipped any more."""
    for _ in range(args.get("times", 1)):
        game.skips.append((args["player"], args["step"]))
    game.note("614.10", f"{args['player']} will skip their next {args['step']} step")


def _add_steps(game: Game, args: dict[str, Any], context: Context) -> None:
    """500.9: "there is an additional [step] after this one": steps added
    to the current phase directly after the current step; 500.10: "... after
    this phase": in a phase of their own."""
    turn = game.turn
    steps = list(args["steps"])
    if args.get("after") == "this_phase":
        # 500.10: a step added after a phase first creates the phase that
        # normally contains it, directly after this one; that phase's other
        # steps are skipped (500.11): it has only the steps added.
        kinds = {kind for kind, names in PHASE_STEPS.items() if set(steps) <= set(names)}
        if not kinds:
            raise InvalidInputError(
                f"add_steps: {', '.join(steps)} aren't steps of one phase (500.10)"
            )
        (kind,) = kinds
        turn.add_phases_after_current([kind])
        turn.phases[turn.phase_index + 1].steps = steps
        game.note(
            "500.10",
            f"an additional {kind} phase with only {', then '.join(steps)} is added after this "
            f"{turn.phase.kind} phase; its other steps are skipped",
        )
        return
    kind = turn.phase.kind
    if not turn.phase.step_names() or any(step not in PHASE_STEPS[kind] for step in steps):
        raise InvalidInputError(
            f"add_steps: {', '.join(steps)} can't be added to this {kind} phase: a step is "
            "added directly after a step of its own phase (500.9)"
        )
    turn.add_steps_after_current(steps)
    game.note("500.9", f"additional steps ({', then '.join(steps)}) are added after this step")


def _extra_turns(game: Game, args: dict[str, int], context: Context) -> None:
    """500.7: "[player] takes N extra turns after this one": the turns are
    added directly after this turn, one at a time, the players in APNAP
    order (101.4); the most recently created is taken first."""
    order = triggers.apnap(game)
    for player in sorted(args, key=order.index):
        for _ in range(_number(game, args[player], context)):
            game.extra_turns.append(player)
            game.note("500.7", f"{player} is given an extra turn after this one")


def _choose_name(game: Game, args: dict[str, str], context: Context) -> None:
    """709.4a: one name of a split card, never both."""
    name = args["name"]
    if " // " in name:
        raise IllegalActionError(
            f"{name!r} is two names; a player chooses one of a split card's names, not both",
            rule="709.4a",
            fault="both_names",
        )
    game.history.chosen_names.append(name)
    game.note("709.4a", f"{args['player']} chooses the card name {name}")


def _discard(game: Game, refs: list[str], context: Context) -> None:
    for obj in _each(game, refs):
        if obj.zone != "hand":
            raise IllegalActionError(
                f"{obj.name} is not in a hand", rule="701.9a", fault="not_in_hand"
            )
        game.move(obj, "graveyard")
        game.history.discarded[obj.owner] = game.history.discarded.get(obj.owner, 0) + 1
        game.note("701.9a", f"{obj.owner} discards {obj.name}: one card (709.4)")


def _search(game: Game, args: dict[str, Any], context: Context) -> None:
    """701.23: search a zone for cards with given qualities; a split card has
    the combined characteristics of its halves there (709.4)."""
    player = args["player"]
    wanted = spell_filter(args.get("filter", {}))
    found = []
    zone = args.get("zone", "library")
    for obj in game.objects:
        searchable = obj.zone == zone and obj.owner == player and obj.exists
        if searchable and wanted.matches(cost.card_qualities(game, obj)):
            found.append(obj.ref)
    game.history.found = sorted(found)
    game.note(
        "701.23",
        f"{player} searches the {args.get('zone', 'library')} and can find: {', '.join(found) or 'nothing'}",
    )


Performer = Callable[[Game, Any, Context], None]

PERFORMERS: dict[str, Performer] = {
    "attack": _attack,
    "block": _block,
    "damage": _damage,
    "advance": _advance,
    "next_turn": _next_turn,
    "skip": _skip,
    "add_steps": _add_steps,
    "extra_turns": _extra_turns,
    "grant": _grant,
    "lose": _lose,
    "pump": _pump,
    "set_base": _set_base,
    "switch": _switch,
    "counters": _counters,
    "counter_rules": _counter_rules,
    "remove_from_combat": _remove_from_combat,
    "become_blocked": _become_blocked,
    "destroy": _destroy,
    "sacrifice": _sacrifice,
    "regenerate": _regenerate,
    "move": _move,
    "deal_damage": _deal_damage,
    "fight": _fight,
    "effect": _effect,
    "prevent": _prevent,
    "choose_prevention": _choose_prevention,
    "order_replacements": _order_replacements,
    "keep_legend": _keep_legend,
    "trigger_mode": _trigger_mode,
    "choose_on_resolution": _choose_on_resolution,
    "gain_control": _gain_control,
    "attach": _attach,
    "add_mana": _add_mana,
    "tap": _tap,
    "transform": _transform,
    "untap": _untap,
    "untap_all": _untap_all,
    "cast": _cast,
    "activate": _activate,
    "play_land": _play_land,
    "resolve": _resolve,
    "copy_spell": _copy_spell,
    "add_phases": _add_phases,
    "choose_name": _choose_name,
    "discard": _discard,
    "search": _search,
    "gain_life": _gain_life,
    "lose_life": _lose_life,
    "set_life": _set_life,
    "double_life": _double_life,
    "life_rules": _life_rules,
    "redirect": _redirect,
    "controller_loses_life": _controller_loses_life,
    "draw": _draw,
    "mill": _mill,
    "scry": _scry,
    "put_onto_battlefield": _put_onto_battlefield,
    "move_cards": _move_cards,
    "exile_until_source_leaves": _exile_until_source_leaves,
    "remove_counters": _remove_counters,
    "create_token": _create_token,
    "create_trigger": _create_trigger,
    "create_emblem": _create_emblem,
    "each_player_sacrifices": _each_player_sacrifices,
    "restrict": _restrict,
    "goad": _goad,
    "ninjutsu": _ninjutsu,
}


def perform_raw(
    game: Game,
    action: dict[str, Any],
    *,
    you: str | None = None,
    spell: GameObject | None = None,
    targets: tuple[str, ...] | None = None,
    source: GameObject | None = None,
    source_serial: int | None = None,
    resolution: casting.Resolution | None = None,
    x: int | None = None,
    counters_removed: int | None = None,
) -> None:
    """Performs one action given as a one-key table."""
    ((kind, args),) = action.items()
    performer = PERFORMERS.get(kind)
    if performer is None:  # the format's checks make this unreachable
        raise InvalidInputError(f"no action {kind!r}")
    performer(
        game,
        args,
        Context(you, spell, targets, source, source_serial, resolution, x, counters_removed),
    )


def take_action(game: Game, kind: str, args: Any) -> None:
    """A player or the game takes one action, and then, as a player would
    receive priority, state-based actions and triggered abilities follow.
    Once the game is over nothing more happens (104.1): an action is refused."""
    if game.over:
        raise IllegalActionError(
            "the game is over (104.1): no player can take an action",
            rule="104.1",
            fault="game_over",
        )
    try:
        perform_raw(game, {kind: args})
        # 117.5, 704.3, 603.3: whenever a player would receive priority,
        # state-based actions are performed, then triggered abilities are put
        # on the stack.
        game.before_priority()
    except GameOver:
        return  # the game ended during this action: what followed never happens
    pending = game.resolution_choices
    if pending and kind != "choose_on_resolution":
        ref = next(iter(pending))
        raise InvalidInputError(
            f"the choices given for {ref} with `choose_on_resolution` were never used: no "
            f"triggered ability of {ref} resolved during the next action ({kind})"
        )
