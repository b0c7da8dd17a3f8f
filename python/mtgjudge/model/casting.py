"""Casting spells (601), copying them (707.10) and resolving them (608), in
the game model. Split cards cast one half (709.3)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from mtgjudge.errors import IllegalActionError, IllegalCastError, InvalidInputError
from mtgjudge.model import cost, devour, targets, triggers
from mtgjudge.model.objects import GameObject
from mtgjudge.model.timing import SpellQualities, check_may_begin_casting
from mtgjudge.model.triggers import Triggered

if TYPE_CHECKING:
    from mtgjudge.model.game import Game

PERMANENT_TYPES = frozenset(
    {"artifact", "battle", "creature", "enchantment", "land", "planeswalker"}
)


@dataclass(frozen=True)
class SpellTarget:
    """A target chosen for a spell (601.2c): its scenario name, the half of a
    fused split spell it was chosen for, and the object it was then (400.7),
    by serial (0 for a player)."""

    ref: str
    half: int
    serial: int
    #: The requirement it was chosen for (115.1), and the zone it was in.
    role: str | None = None
    zone: str = "battlefield"


@dataclass
class Resolution:
    """What the instructions of a resolving spell may refer to besides its
    targets: the choices players announce as it resolves (608.2d), and the
    amount an earlier instruction counted ("that many", "this way", 608.2c)."""

    choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    that_much: int | None = None


@dataclass
class CastChoices:
    """What the caster announces while proposing the spell (601.2b–d)."""

    half: str | None = None
    x: int = 0
    #: The targets; for a fused split spell, by half name (702.102, 601.2c).
    targets: tuple[str, ...] | Mapping[str, tuple[str, ...]] = ()
    pays_flash_cost: bool = False
    #: Cast it without paying its mana cost, as an effect allows (118.9).
    without_paying_mana_cost: bool = False
    #: Cast both halves of a split card with fuse (702.102a).
    fuse: bool = False
    #: The mode of a modal spell, counting from 1 (700.2a), or its modes.
    mode: int | list[int] | None = None
    #: Pay the entwine cost and choose all the modes (702.42a).
    entwine: bool = False
    #: How what the spell divides is divided among its targets (601.2d).
    divide: Mapping[str, int] | None = None
    #: Pay its kicker cost (702.33a).
    kicked: bool = False
    #: The permanent sacrificed for an additional cost "sacrifice a [quality]" (118.8).
    sacrifice: str | None = None
    costs: cost.CostChoices = field(default_factory=cost.CostChoices)
    #: Actions taken while casting, after the spell is on the stack and
    #: before its costs are paid, such as activating mana abilities (601.2g).
    during: list[Any] = field(default_factory=list)


def choose_half(obj: GameObject, half: str | None) -> int | None:
    """709.3: the caster chooses one half of a split card."""
    if not obj.is_split:
        if half is not None and half != obj.name:
            raise InvalidInputError(f"{obj.ref} is not a split card with a half named {half!r}")
        return None
    names = [face.name for face in obj.faces]
    if half is None or half not in names:
        raise IllegalCastError(
            f"to cast {' // '.join(names)}, choose one of its halves ({' or '.join(names)}); "
            "there's no way to cast both",
            rule="709.3",
            fault="no_single_half",
        )
    return names.index(half)


def choose_modes(
    obj: GameObject, mode: int | list[int] | None, *, entwine: bool = False
) -> tuple[int, ...] | None:
    """700.2a: the caster of a modal spell chooses its modes as it is cast:
    as many as it says (one by default; "choose one or more", "choose two"),
    never one twice (700.2d); with entwine, all of them (702.42a). The
    indexes of the modes chosen, in the order written, or None for a spell
    that isn't modal."""
    if not obj.modes:
        if mode is not None or entwine:
            raise InvalidInputError(f"{obj.name} is not a modal spell")
        return None
    if entwine:
        if obj.entwine is None:
            raise IllegalCastError(
                f"{obj.name} doesn't have entwine", rule="702.42a", fault="no_entwine"
            )
        if mode is not None:
            raise InvalidInputError("an entwined spell has all its modes: give no `mode`")
        return tuple(range(len(obj.modes)))
    if mode is None or mode == []:
        raise IllegalCastError(
            f"to cast {obj.name}, choose one of its {len(obj.modes)} modes",
            rule="700.2a",
            fault="no_mode",
        )
    chosen = [mode] if isinstance(mode, int) else list(mode)
    for number in chosen:
        if not 1 <= number <= len(obj.modes):
            raise InvalidInputError(f"{obj.name} has modes 1 to {len(obj.modes)}, not {number}")
    if len(set(chosen)) != len(chosen):
        raise IllegalCastError(
            f"a mode of {obj.name} is chosen twice; a mode can be chosen only once",
            rule="700.2d",
            fault="same_mode_twice",
        )
    least, most = obj.modes_to_choose
    if not least <= len(chosen) <= most:
        many = str(least) if least == most else f"{least} to {most}"
        raise IllegalCastError(
            f"{obj.name} has {many} of its modes chosen, not {len(chosen)}",
            rule="700.2a",
            fault="wrong_number_of_modes",
        )
    return tuple(sorted(number - 1 for number in chosen))


def check_sacrifice(game: Game, player: str, obj: GameObject, ref: str | None) -> GameObject | None:
    """118.8, 701.21a: the permanent the caster will sacrifice for the
    spell's additional cost: one they control that has the quality."""
    if obj.sacrifice_cost is None:
        if ref is not None:
            raise InvalidInputError(f"{obj.name} has no additional cost to sacrifice a permanent")
        return None
    if ref is None:
        raise IllegalCastError(
            f"{obj.name} has an additional cost: sacrifice a permanent (say which)",
            rule="118.8",
            fault="additional_cost_unpaid",
        )
    victim = game.obj(ref)
    if not cost.can_sacrifice(game, player, victim, obj.sacrifice_cost, None):
        raise IllegalCastError(
            f"{player} can't sacrifice {victim.name} for {obj.name}'s additional cost: it isn't "
            "a permanent they control with the quality asked for",
            rule="701.21a",
            fault="cant_sacrifice",
        )
    return victim


def check_fuse(obj: GameObject) -> None:
    """702.102a: a split card with fuse, cast from its owner's hand."""
    if not obj.is_split or "fuse" not in obj.keywords:
        raise IllegalCastError(f"{obj.name} doesn't have fuse", rule="702.102a", fault="no_fuse")
    if obj.zone != "hand":
        raise IllegalCastError(
            f"{obj.name} can be cast fused only from a hand",
            rule="702.102a",
            fault="fuse_not_from_hand",
        )


def choose_targets(
    game: Game, player: str, obj: GameObject, half: int | None, choices: CastChoices
) -> tuple[SpellTarget, ...]:
    """601.2c: the caster chooses the spell's targets, each a permanent on the
    battlefield or a player; for a fused split spell, each half's own
    (702.102d: each half follows its own instructions)."""
    if isinstance(choices.targets, Mapping):
        names = [face.name for face in obj.printed_faces()]
        if not choices.fuse:
            raise InvalidInputError("targets by half are for a fused split spell (fuse = true)")
        unknown = [name for name in choices.targets if name not in names]
        if unknown:
            raise InvalidInputError(f"{obj.name} has no half named {unknown[0]!r}")
        by_half = [(names.index(name), refs) for name, refs in choices.targets.items()]
    else:
        if choices.fuse and choices.targets:
            raise InvalidInputError("a fused split spell's targets are given by half")
        by_half = [(half or 0, choices.targets)]
    chosen = []
    for index, refs in by_half:
        for ref in refs:
            serial = triggers.target_serial(game, ref)
            if serial is None:
                raise IllegalCastError(
                    f"{ref} can't be a target: a target is a permanent on the battlefield or a "
                    "player in the game",
                    rule="601.2c",
                    fault="illegal_target",
                )
            targets.check_targetable(game, ref, player, obj.serial)
            chosen.append(SpellTarget(ref, index, serial))
        if refs:
            whose = f" for {obj.printed_faces()[index].name}" if choices.fuse else ""
            names = ", ".join(triggers.display_name(game, ref) for ref in refs)
            game.note("601.2c", f"{player} chooses the target(s){whose}: {names}")
    return tuple(chosen)


def target_specs(obj: GameObject, modes: tuple[int, ...] | None) -> tuple[targets.TargetSpec, ...]:
    """The target requirements of the spell as cast: those of the modes
    chosen (700.2c), or the spell's own."""
    if modes:
        found = tuple(spec for index in modes for spec in obj.modes[index].targeting)
        if found:
            return found
    return obj.targeting


def _note_targets(game: Game, player: str, chosen: tuple[SpellTarget, ...]) -> None:
    for target in chosen:
        where = "" if target.zone in ("battlefield", "player") else f" in the {target.zone}"
        game.note(
            "601.2c",
            f"{player} chooses {triggers.display_name(game, target.ref)}{where} as the target "
            f"for {target.role}",
        )


def target_still_legal(game: Game, spell: GameObject, target: SpellTarget) -> bool:
    """608.2b: still in the zone it was in, the same object, and, for a
    target with a requirement, still fitting it."""
    specs = target_specs(spell, spell.mode)
    if not specs:
        return triggers.still_target(game, target.ref, target.serial) and (
            targets.untargetable(game, target.ref, spell.caster or spell.controller, spell.serial)
            is None
        )
    chosen = targets.Chosen(target.ref, target.role, target.serial, target.zone)
    return targets.still_legal(game, chosen, specs, spell.caster or spell.controller, spell.serial)


def proposed_qualities(
    game: Game, obj: GameObject, half: int | None, x: int, *, fused: bool = False
) -> SpellQualities:
    """The spell as it would be on the stack with these choices (709.3a,
    702.102b, 202.3e)."""
    faces = obj.printed_faces() if fused else (obj.printed_faces()[half or 0],)
    return SpellQualities(
        names=tuple(face.name for face in faces),
        types=frozenset().union(*(face.types for face in faces)),
        colors=frozenset().union(*(face.colors for face in faces)),
        subtypes=frozenset().union(*(face.subtypes for face in faces)),
        mana_value=cost.mana_value_of_faces([face.mana_cost for face in faces], on_stack=True, x=x),
    )


def cast(game: Game, player: str, obj: GameObject, choices: CastChoices) -> GameObject:
    """601.2: proposes, checks and completes the casting of ``obj``."""
    if obj.zone == "stack":
        raise IllegalCastError(
            f"{obj.name} is already on the stack", rule="601.2a", fault="already_on_stack"
        )
    if choices.fuse:
        check_fuse(obj)
        half = None
    else:
        half = choose_half(obj, choices.half)
    mode = choose_modes(obj, choices.mode, entwine=choices.entwine)
    victim = check_sacrifice(game, player, obj, choices.sacrifice)
    qualities = proposed_qualities(game, obj, half, choices.x, fused=choices.fuse)
    if "land" in qualities.types:
        # 305.9: an object that is a land is played, never cast.
        raise IllegalCastError(
            f"{qualities.names[0]} is a land: it can be played as a land, not cast",
            rule="305.9",
            fault="is_a_land",
        )
    why = check_may_begin_casting(
        game,
        player,
        obj,
        qualities,
        pays_flash_cost=choices.pays_flash_cost,
        without_paying_mana_cost=choices.without_paying_mana_cost,
    )
    game.note("601.3", f"{player} may begin to cast {qualities.names[0]} now: {why}")
    # 601.2a: the card moves to the stack and becomes a new object.
    game.move(obj, "stack", controller=player)
    obj.cast_half = half
    obj.mode = mode
    obj.x = choices.x
    obj.caster = player
    game.stack_order.append(obj.serial)
    game.note(
        "601.2a",
        f"{player} casts {qualities.names[0]}" + (f" with X = {choices.x}" if choices.x else ""),
    )
    for index in mode or ():
        what = obj.modes[index].description
        how = " (entwined: every mode, 702.42a)" if choices.entwine else ""
        game.note(
            "601.2b", f"{player} chooses mode {index + 1}{how}" + (f": {what}" if what else "")
        )
    specs = target_specs(obj, mode)
    if specs:
        obj.spell_targets = tuple(
            SpellTarget(t.ref, half or 0, t.serial, t.role, t.zone)
            for t in targets.choose(game, specs, choices.targets, player, obj.serial, obj.name)
        )
        _note_targets(game, player, obj.spell_targets)
    else:
        obj.spell_targets = choose_targets(game, player, obj, half, choices)
    counts = [obj.modes[index].targets for index in mode or ()]
    wanted = sum(n for n in counts if n is not None)
    if any(n is not None for n in counts) and len(obj.spell_targets) != wanted:
        # 700.2c: the modes chosen say how many targets the spell has.
        raise IllegalCastError(
            f"the mode(s) chosen for {obj.name} require {wanted} target(s), not "
            f"{len(obj.spell_targets)}",
            rule="601.2c",
            fault="wrong_number_of_targets",
        )
    obj.targets = tuple(dict.fromkeys(target.ref for target in obj.spell_targets))
    from mtgjudge.model import activated

    # 601.2d: the division among the targets is announced now.
    obj.division = activated.divide(game, obj.divides, obj.targets, choices.divide)
    costs = choices.costs
    if choices.without_paying_mana_cost:
        # 118.9, 601.2f: the alternative cost is nothing; additional costs stay.
        costs = replace(costs, alternative="{0}")
    obj.kicked = False
    if choices.kicked:
        if obj.kicker is None:
            raise IllegalCastError(
                f"{obj.name} has no kicker", rule="601.2b", fault="no_such_additional_cost"
            )
        # 702.33a, 702.33d: the kicker cost is an additional cost; the spell is kicked.
        costs = replace(costs, additional=[*costs.additional, obj.kicker])
        obj.kicked = True
        game.note("702.33d", f"{player} pays the kicker cost {obj.kicker}: {obj.name} is kicked")
    if choices.entwine and obj.entwine:
        # 702.42a: the entwine cost is an additional cost (601.2f).
        costs = replace(costs, additional=[*costs.additional, obj.entwine])
    if choices.pays_flash_cost and obj.flash_for_extra_cost:
        costs = replace(costs, additional=[*costs.additional, obj.flash_for_extra_cost])
    extra, obj.enters_with = cost.mana_for_counters(game, player, qualities, costs)
    if obj.kicked:
        # 702.33e, 614.1c: "if it was kicked, it enters with ...".
        for kind, count in obj.if_kicked_counters:
            obj.enters_with[kind] += count
    costs = replace(costs, additional=[*costs.additional, *extra])
    # 601.2f: the total cost is locked in before mana abilities are
    # activated (601.2g) and the cost is paid (601.2h).
    total = cost.total_cost(game, player, obj, qualities, costs, choices.x)
    game.history.total_costs[obj.ref] = str(total.cost)
    # 601.2g; 601.5a: conditions for casting it as though it had flash
    # matter only as the casting begins.
    from mtgjudge.model.activated import activate_mana_abilities

    activate_mana_abilities(game, player, choices.during, f"casting {obj.name}")
    cost.pay(game, player, obj, total, costs)
    if victim is not None:
        # 601.2h: the additional cost is paid with the mana.
        game.note("601.2h", f"{player} sacrifices {victim.name} to pay the additional cost")
        game.move(victim, "graveyard", rule="701.21a")
    # 601.2i: the spell has become cast.
    game.history.spells_cast.append((player, obj.ref, game.turn_number))
    return obj


def copy_spell(game: Game, original: GameObject, controller: str) -> GameObject:
    """707.10: a copy of a spell copies its characteristics and the choices
    made for it; a copy of a split card's half is that same half."""
    if original.zone != "stack":
        raise IllegalActionError(
            f"{original.name} is not a spell on the stack", rule="707.10", fault="not_a_spell"
        )
    number = sum(1 for obj in game.objects if obj.ref.startswith(original.ref + "-copy")) + 1
    copy = GameObject(
        ref=f"{original.ref}-copy{number}",
        name=original.name,
        owner=controller,
        controller=controller,
        zone="stack",
        types=original.types,
        subtypes=original.subtypes,
        colors=original.colors,
        mana_cost=original.mana_cost,
        faces=original.faces,
        power=original.power,
        toughness=original.toughness,
        keywords=original.keywords,
        resolve=original.resolve,
        cast_half=original.cast_half,
        # 700.2g: a copy of a modal spell copies the modes chosen.
        modes=original.modes,
        modes_to_choose=original.modes_to_choose,
        entwine=original.entwine,
        mode=original.mode,
        targeting=original.targeting,
        x=original.x,
        targets=original.targets,
        spell_targets=original.spell_targets,
        # 707.10: the copy copies the choices made for the original, its
        # additional costs included.
        enters_with=Counter(original.enters_with),
        divides=original.divides,
        division=dict(original.division),
        # 707.10, 702.33d: a copy of a kicked spell is kicked.
        kicker=original.kicker,
        if_kicked_counters=original.if_kicked_counters,
        if_kicked_keywords=original.if_kicked_keywords,
        kicked=original.kicked,
        is_copy=True,
        caster=controller,
    )
    game.add_object(copy)
    game.stack_order.append(copy.serial)
    game.note(
        "707.10",
        f"a copy of {' // '.join(game.characteristics(original).names)} is put onto the stack",
    )
    return copy


def resolve_top(
    game: Game, choices: Mapping[str, tuple[str, ...]] | None = None
) -> GameObject | Triggered:
    """608: the top object of the stack resolves: a spell, or a triggered
    ability (608.2). ``choices`` are what players choose as it resolves
    (608.2d), by player."""
    stack = game.stack_items()
    if not stack:
        raise IllegalActionError("the stack is empty", rule="608.1", fault="stack_empty")
    top = stack[-1]
    game.stack_order.remove(top.serial)  # type: ignore[arg-type]
    if isinstance(top, Triggered):
        if choices:
            raise InvalidInputError(
                f"{top.describe()} is resolving: give its choices with `choose_on_resolution` "
                f"for {top.source.ref}, not with the resolve action's `choose`"
            )
        del game.abilities[top.serial]  # type: ignore[arg-type]
        triggers.resolve(game, top)
        return top
    spell = top
    current = game.characteristics(spell)
    name = current.names[0] if current.names else spell.name
    chosen: tuple[SpellTarget, ...] = spell.spell_targets
    illegal = {target for target in chosen if not target_still_legal(game, spell, target)}
    if chosen and len(illegal) == len(chosen):
        # 608.2b: every target is illegal: it doesn't resolve, and none of
        # its effects happen.
        game.note("608.2b", f"all the targets of {name} are illegal now, so it doesn't resolve")
        _leave_stack(game, spell, name, current, resolved=False)
        return spell
    game.note("608.2", f"{name} resolves")
    from mtgjudge.model.actions import perform_raw

    on_the_stack = spell.serial
    resolution = Resolution(choices=dict(choices or {}))
    printed = spell.printed_faces()
    halves = [spell.cast_half] if spell.cast_half is not None else range(len(printed))
    # 702.102d: a fused split spell follows its left half, then its right half.
    for index in halves:
        own = [target for target in chosen if target.half == index]
        # 608.2b: an illegal target isn't affected by the parts of the effect
        # it is illegal for.
        gone = {target.ref for target in own if target in illegal}
        for ref in sorted(gone):
            game.note(
                "608.2b",
                f"{triggers.display_name(game, ref)} is an illegal target now: "
                f"{printed[index].name} does nothing to it",
            )
        legal = tuple(dict.fromkeys(t.ref for t in own if t not in illegal))
        # 700.2: a modal spell follows the instructions of the modes chosen,
        # in the order written (608.2c, 702.42b).
        instructions = (
            tuple(action for chosen in spell.mode for action in spell.modes[chosen].resolve)
            if spell.mode is not None
            else printed[index].resolve
        )
        specs = target_specs(spell, spell.mode)
        roles = {
            spec.role: [t.ref for t in own if t.role == spec.role and t not in illegal]
            for spec in specs
        }
        for action in instructions:
            if "distribute" in action:
                from mtgjudge.model import activated

                shares = activated.divided_counters(spell.divides, spell.division, legal)
                if shares is None:
                    game.note("608.2b", "no legal target is left to get what was divided")
                    continue
                action = shares
            if roles and targets.mentions(action, list(roles)):
                try:
                    action = targets.expand(action, roles)
                except targets.NoTarget as missing:
                    game.note(
                        "608.2b",
                        f"{missing} has no legal target left: that part of the effect doesn't "
                        "happen",
                    )
                    continue
                if targets.is_empty(action):
                    continue
            try:
                bound = triggers.bind(game, action, gone, lambda n: _that_much(n, resolution))
            except _Unknown:
                # 608.2b: the amount was to come from an illegal target.
                game.note(
                    "608.2b",
                    "that part needs an amount that couldn't be determined, so it doesn't happen",
                )
                continue
            if bound is None:
                continue
            perform_raw(
                game,
                bound,
                you=spell.caster or spell.controller,
                spell=spell,
                targets=legal,
                source=spell,
                resolution=resolution,
            )
    if spell.zone != "stack" or spell.serial != on_the_stack:
        # 608.2m: it left the stack as it resolved, and resolved fully; it
        # stays where it went.
        game.note("608.2m", f"{name} left the stack as it resolved: it stays where it went")
        return spell
    _leave_stack(game, spell, name, current, resolved=True, choices=resolution.choices)
    return spell


class _Unknown(Exception):
    """An amount an earlier part of the effect couldn't count (608.2b)."""


def _that_much(node: Any, resolution: Resolution) -> Any:
    """In a spell's instructions, "that many": the amount the instruction
    before it counted (608.2c)."""
    if node == triggers.THAT_MUCH:
        if resolution.that_much is None:
            raise _Unknown
        return resolution.that_much
    return node


def _leave_stack(
    game: Game,
    spell: GameObject,
    name: str,
    current: Any,
    *,
    resolved: bool,
    choices: Mapping[str, tuple[str, ...]] | None = None,
) -> None:
    """The spell leaves the stack once it has resolved, or has failed to
    (608.2b): a permanent spell enters the battlefield (608.3), anything else
    goes to its owner's graveyard (608.2n); a copy ceases to exist.
    ``choices`` are those made as it resolves: for a permanent with devour,
    what its controller sacrifices as it enters (702.82a)."""
    if spell.is_copy:
        # 704.5e: a copy of a spell outside the stack ceases to exist.
        spell.zone = "graveyard"
        spell.exists = False
        game.note("704.5e", f"the copy of {name} ceases to exist")
    elif resolved and current.types & PERMANENT_TYPES:
        host = game.obj(spell.targets[0]) if "Aura" in current.subtypes and spell.targets else None
        if host is not None:
            # 608.3c: an Aura spell enters attached to the object it targeted.
            game.note("608.3c", f"{name} enters the battlefield attached to {host.name}")
        else:
            game.note("608.3", f"{name} enters the battlefield")
        kicked = spell.kicked
        victims = devour.chosen(game, spell, spell.caster or spell.controller, choices or {})
        game.move(
            spell,
            "battlefield",
            controller=spell.caster,
            as_it_enters=lambda entering: devour.as_it_enters(game, entering, victims),
        )
        if spell.zone != "battlefield":
            return  # 608.3e: it couldn't enter
        if host is not None:
            spell.attached_to = host.serial
        if kicked and spell.if_kicked_keywords:
            # 702.33e: "it enters ... with trample", and keeps it as long as it
            # is this object (611.2a: no duration).
            from mtgjudge.model.effects import Modification

            game.add_effect(
                Modification(grant=spell.if_kicked_keywords),
                game.controller(spell),
                affected=[spell],
                duration="permanent",
                description="kicked: it entered with "
                + ", ".join(sorted(spell.if_kicked_keywords)),
            )
            game.note(
                "702.33e",
                f"{name} was kicked: it has {', '.join(sorted(spell.if_kicked_keywords))}",
            )
        spell.kicked = False
    else:
        game.move(spell, "graveyard")
        rule = "608.2n" if resolved else "608.2b"
        game.note(rule, f"{name} is put into its owner's graveyard")
