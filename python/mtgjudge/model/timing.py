"""When a player may begin to cast a spell: permissions to cast (601.3),
timing (117.1a, 307.1), flash (702.8) and "as though it had flash"
(601.3b–e, 609.4a)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mtgjudge.errors import IllegalCastError
from mtgjudge.model.effects import Condition

if TYPE_CHECKING:
    from mtgjudge.model.game import Game
    from mtgjudge.model.objects import GameObject


@dataclass(frozen=True)
class SpellFilter:
    """Qualities a permission looks for in a spell, judged on the spell as
    the proposal's choices would make it (601.3b, 709.3a)."""

    #: One of these types ("creature and planeswalker spells").
    types: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    mana_value_at_most: int | None = None
    mana_value_at_least: int | None = None
    #: Every one of these types ("artifact creature spells").
    all_types: frozenset[str] = frozenset()
    #: One of these keywords ("a creature card with deathtouch, hexproof,
    #: reach, or trample"): the abilities it has where it is, not abilities
    #: it could gain.
    any_keyword: frozenset[str] = frozenset()

    def matches(self, qualities: SpellQualities) -> bool:
        if self.any_keyword and not self.any_keyword & qualities.keywords:
            return False
        if self.types and not self.types & qualities.types:
            return False
        if not self.all_types <= qualities.types:
            return False
        if self.colors and not self.colors & qualities.colors:
            return False
        if self.subtypes and not self.subtypes & qualities.subtypes:
            return False
        if self.mana_value_at_most is not None and qualities.mana_value > self.mana_value_at_most:
            return False
        return self.mana_value_at_least is None or qualities.mana_value >= self.mana_value_at_least


@dataclass(frozen=True)
class SpellQualities:
    """What a spell would be once proposed with given choices."""

    names: tuple[str, ...]
    types: frozenset[str]
    colors: frozenset[str]
    subtypes: frozenset[str]
    mana_value: int
    keywords: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Permission:
    """A static ability that lets its controller cast spells: from another
    zone (601.3) and/or as though they had flash (601.3b)."""

    spells: SpellFilter
    as_though_flash: bool = False
    cast_from: str | None = None  # "graveyard", "library_top", "exile"
    condition: Condition | None = None
    #: Who may use it: its controller ("you", default) or "any" player.
    players: str = "you"
    #: "without paying their mana cost" (118.9): an alternative cost; with
    #: it, the other parts of the permission apply only if it is used.
    without_paying_mana_cost: bool = False


@dataclass(frozen=True)
class Prohibition:
    """A static ability that prohibits players from casting spells (601.3,
    601.3a: judged on the spell as the proposal's choices would make it) or
    from activating the abilities of some permanents (602.5)."""

    #: Who is prohibited, relative to its controller: "you", "opponents", "each".
    players: str = "each"
    #: The spells they can't cast, or ``None``.
    spells: SpellFilter | None = None
    #: The permanents whose activated abilities can't be activated (an
    #: :class:`~mtgjudge.model.effects.ObjectFilter`), or ``None``.
    abilities_of: object = None
    #: Only during its controller's turn ("... during your turn").
    during_your_turn: bool = False

    def binds(self, game: Game, player: str, controller: str) -> bool:
        if self.players == "you" and player != controller:
            return False
        if self.players == "opponents" and game.teammates(player, controller):  # 102.3
            return False
        return not self.during_your_turn or game.is_active(controller)  # 805.4a


def prohibited_from_casting(
    game: Game, player: str, qualities: SpellQualities
) -> GameObject | None:
    """601.3, 601.3a: the permanent whose static ability prohibits ``player``
    from casting a spell with these qualities, or ``None``."""
    for obj in game.battlefield():
        for prohibition in obj.prohibits:
            if (
                prohibition.spells is not None
                and prohibition.binds(game, player, game.controller(obj))
                and prohibition.spells.matches(qualities)
            ):
                return obj
    return None


def prohibited_from_activating(game: Game, player: str, source: GameObject) -> GameObject | None:
    """602.5: the permanent whose static ability prohibits ``player`` from
    activating the abilities of ``source``, or ``None``."""
    for obj in game.battlefield():
        for prohibition in obj.prohibits:
            controller = game.controller(obj)
            if (
                prohibition.abilities_of is not None
                and prohibition.binds(game, player, controller)
                and prohibition.abilities_of.matches(game, source, controller, obj.serial)  # type: ignore[attr-defined]
            ):
                return obj
    return None


@dataclass(frozen=True)
class ActivePermission:
    """A permission of a permanent on the battlefield."""

    permission: Permission
    source: GameObject

    @property
    def as_though_flash(self) -> bool:
        return self.permission.as_though_flash

    @property
    def cast_from(self) -> str | None:
        return self.permission.cast_from

    def applies(self, game: Game, player: str, qualities: SpellQualities) -> bool:
        if self.permission.players == "you" and player != game.controller(self.source):
            return False
        condition = self.permission.condition
        if condition is not None and not condition.holds(game, player, self.source.serial):
            return False
        return self.permission.spells.matches(qualities)


def _zone_allows(game: Game, player: str, obj: GameObject, permission: ActivePermission) -> bool:
    if permission.cast_from == "library_top":
        return obj.zone == "library" and game.top_of_library(obj.owner) is obj
    return permission.cast_from == obj.zone


def check_may_begin_casting(
    game: Game,
    player: str,
    obj: GameObject,
    qualities: SpellQualities,
    *,
    pays_flash_cost: bool,
    without_paying_mana_cost: bool = False,
) -> str:
    """Raises :class:`IllegalCastError` if ``player`` may not begin to cast
    ``obj`` now as proposed; otherwise returns why the timing is allowed."""
    refusal = no_priority_reason(game)
    if refusal is not None:
        # 500.3, 502.4, 514.3: a spell is cast only by a player with priority.
        raise IllegalCastError(
            f"{player} can't cast {' // '.join(qualities.names)}: {refusal[1]}",
            rule=refusal[0],
            fault="no_priority",
        )
    permissions = game.permissions()
    if without_paying_mana_cost and not any(
        p.permission.without_paying_mana_cost and p.applies(game, player, qualities)
        for p in permissions
    ):
        # 118.9, 601.2b: an alternative cost only an effect can allow.
        raise IllegalCastError(
            f"nothing allows {player} to cast {' // '.join(qualities.names)} without paying its "
            "mana cost",
            rule="118.9",
            fault="no_permission",
        )
    # 601.3c: a permission tied to an alternative cost applies only if that
    # cost is paid.
    permissions = [
        p
        for p in permissions
        if not p.permission.without_paying_mana_cost or without_paying_mana_cost
    ]
    # 601.3: a rule or effect must allow casting it from where it is.
    if obj.zone == "hand":
        if obj.owner != player:
            raise IllegalCastError(
                f"{player} can't cast a card from another player's hand",
                rule="601.3",
                fault="no_permission",
            )
    else:
        allowing = [
            p
            for p in permissions
            if p.cast_from
            and _zone_allows(game, player, obj, p)
            and p.applies(game, player, qualities)
        ]
        if not allowing:
            raise IllegalCastError(
                f"nothing allows {player} to cast {' // '.join(qualities.names)} from the {obj.zone}",
                rule="601.3",
                fault="no_permission",
            )
    prohibiting = prohibited_from_casting(game, player, qualities)
    if prohibiting is not None:
        # 601.3: an effect prohibits casting it; 601.3a: judged on the spell
        # as the proposal's choices (its X, its half) make it.
        raise IllegalCastError(
            f"{prohibiting.name} prohibits {player} from casting {' // '.join(qualities.names)}",
            rule="601.3",
            fault="casting_restriction",
        )
    if obj.cast_only_if == "you_cast_another_spell_this_turn" and not any(
        caster == player and turn == game.turn_number
        for caster, _, turn in game.history.spells_cast
    ):
        # 601.3: an effect (the card's own text) prohibits casting it now.
        raise IllegalCastError(
            f"{qualities.names[0]} can be cast only if {player} has cast another spell this turn",
            rule="601.3",
            fault="casting_restriction",
        )
    if obj.cast_only is not None:
        # 506.7: its own text limits when it may be cast, on top of the
        # timing of its type (an instant's as well).
        refused = timing_refusal(game, player, obj.cast_only)
        if refused is not None:
            raise IllegalCastError(
                f"{qualities.names[0]} may be cast {refused[1]}",
                rule=refused[0],
                fault="timing_restriction",
            )
    if "instant" in qualities.types:
        return "117.1a: an instant may be cast any time its caster has priority"
    if "flash" in obj.keywords:
        return "702.8a: it has flash"
    # 601.3b and 609.4a: a permission to cast as though it had flash applies
    # if the proposal's choices give the spell the qualities it looks for.
    for permission in permissions:
        if permission.as_though_flash and permission.applies(game, player, qualities):
            return "601.3b: an effect lets it be cast as though it had flash"
    if obj.flash_if is not None and obj.flash_if.holds(game, player, obj.serial):
        return "601.3d: its condition for casting it as though it had flash is met"
    if obj.flash_for_extra_cost is not None and pays_flash_cost:
        return f"601.3c: it may be cast as though it had flash by paying {obj.flash_for_extra_cost} more"
    # 117.1a, 307.1: a noninstant spell during its caster's main phase, with the stack empty.
    # 805.4a: in Two-Headed Giant the caster's team's turn.
    if not game.is_active(player):
        raise IllegalCastError(
            f"{' // '.join(qualities.names)} can be cast only during its caster's own turn (or with flash)",
            rule="307.1" if "sorcery" in qualities.types else "117.1a",
            fault="not_your_turn",
        )
    if not game.turn.is_main_phase():
        raise IllegalCastError(
            f"{' // '.join(qualities.names)} can be cast only during a main phase (or with flash)",
            rule="307.1" if "sorcery" in qualities.types else "117.1a",
            fault="not_main_phase",
        )
    if game.stack_items():
        raise IllegalCastError(
            f"{' // '.join(qualities.names)} can be cast only while the stack is empty (or with flash)",
            rule="307.1" if "sorcery" in qualities.types else "117.1a",
            fault="stack_not_empty",
        )
    return "117.1a: a noninstant spell in its caster's main phase with an empty stack"


def has_priority_now(game: Game) -> bool:
    """Whether a player receives priority in the current step (117.1).
    500.3, 502.4: no player does in the untap step; 514.3: nor in the
    cleanup step, unless state-based actions or triggered abilities made
    the game give the active player priority there (514.3a) - in the model,
    while something is on the stack or waits to be put on it."""
    position = game.turn.position
    if position == "untap":
        return False
    if position == "cleanup":
        return bool(game.stack_items() or game.pending_triggers)
    return True


def no_priority_reason(game: Game) -> tuple[str, str] | None:
    """The rule and words for refusing a spell or ability because no player
    has priority now (502.4, 514.3), or ``None`` if one may."""
    if has_priority_now(game):
        return None
    if game.turn.position == "untap":
        return "502.4", "no player receives priority during the untap step"
    return "514.3", "no player receives priority during this cleanup step"


#: The points in a combat phase a timing restriction names (506.7): each
#: is the beginning of a step of the combat phase (506.7a, 506.7b).
COMBAT_POINTS: dict[str, str] = {
    "attackers": "declare_attackers",
    "blockers": "declare_blockers",
    "combat_damage": "combat_damage",
    "end_of_combat": "end_of_combat",
}


@dataclass(frozen=True)
class TimingRestriction:
    """ "Cast this spell only ..." / "Activate only ..." with respect to
    combat and turns (506.7, 506.7g)."""

    #: "only before [point]": before that step of the combat phase begins.
    before: str | None = None
    #: "only after [point]": once that step of the combat phase has begun.
    after: str | None = None
    #: "only during combat" (506.7c): in any combat phase of the turn.
    during_combat: bool = False
    #: "only during your turn" ("during your combat phase" with
    #: ``during_combat``, 506.7c).
    your_turn: bool = False
    #: "only after [a player's] upkeep step" (503.2): after the turn's
    #: first upkeep step ends, however many upkeeps the turn has.
    after_upkeep: bool = False

    def describe(self) -> str:
        parts = []
        if self.your_turn:
            parts.append("during your turn")
        if self.during_combat:
            parts.append("during combat")
        if self.before:
            parts.append(f"before {self.before.replace('_', ' ')}")
        if self.after:
            parts.append(f"after {self.after.replace('_', ' ')}")
        return " ".join(parts)


def timing_restriction_from(spec: dict[str, Any] | None) -> TimingRestriction | None:
    """A timing restriction as a setup writes it (`cast_only`, `activate_only`)."""
    if not spec:
        return None
    return TimingRestriction(
        before=spec.get("before"),
        after=spec.get("after"),
        during_combat=bool(spec.get("during_combat", False)),
        your_turn=bool(spec.get("your_turn", False)),
        after_upkeep=bool(spec.get("after_upkeep", False)),
    )


def _point_skipped(game: Game, step: str) -> bool:
    """508.8: with no creature attacking, the declare blockers and combat
    damage steps of the current combat phase are skipped."""
    if step not in ("declare_blockers", "combat_damage"):
        return False
    record = game.combat
    return (
        record is not None
        and record.attackers_declared
        and not (record.attacks or record.any_attacked)
    )


def _point_words(side: str, point: str) -> str:
    declared = " are declared" if point in ("attackers", "blockers") else ""
    return f"only {side} {point.replace('_', ' ')}{declared}"


def timing_refusal(
    game: Game, player: str, restriction: TimingRestriction, *, ability: bool = False
) -> tuple[str, str] | None:
    """The rule and reason a restriction forbids ``player`` casting the spell
    or activating the ability now (506.7, 506.7g), or ``None`` if it allows
    it."""
    turn = game.turn
    if restriction.your_turn and not game.is_active(player):  # 805.4a
        # 506.7c: "during your combat phase"; otherwise an effect (its own
        # text) that prohibits casting it (601.3) or activating it (602.5).
        rule = "506.7c" if restriction.during_combat else ("602.5" if ability else "601.3")
        return rule, "only during its controller's turn"
    if restriction.during_combat and not turn.in_combat():
        return "506.7c", "only during combat"
    if restriction.after_upkeep:
        # 503.2: once the turn's first upkeep step has ended, even if more
        # upkeep steps follow (500.9).
        beginning = turn.phases[0].step_names()
        if turn.phase_index == 0 and turn.step_index <= beginning.index("upkeep"):
            return "503.2", "only after the upkeep step"
    if restriction.before is None and restriction.after is None:
        return None
    if restriction.during_combat:
        # 506.7c: the point in the current combat phase, whichever it is.
        combat_index: int = turn.phase_index
    else:
        # 506.7d: the point in the turn's first combat phase (the model's
        # turns always have one, so 506.7e's skipped phase doesn't arise).
        combat_index = next(i for i, phase in enumerate(turn.phases) if phase.kind == "combat")
    # Where the turn is, in order: phases, then steps within a phase.
    now = (turn.phase_index, turn.step_index)
    # 500.9: steps added to that combat phase count where they are.
    steps = turn.phases[combat_index].step_names()
    # 506.7a, 506.7b: before that step begins, whether or not anything is
    # declared. 506.7e: if that step is skipped (508.8), only before the
    # declare attackers step ends: the model moves on to the end of combat
    # step at once, which is after the point.
    if restriction.before is not None and now >= (
        combat_index,
        steps.index(COMBAT_POINTS[restriction.before]),
    ):
        rule = {"attackers": "506.7a", "blockers": "506.7b"}.get(restriction.before, "506.7")
        return rule, _point_words("before", restriction.before)
    if restriction.after is not None:
        step = COMBAT_POINTS[restriction.after]
        if now < (combat_index, steps.index(step)):
            rule = {"attackers": "506.7a", "blockers": "506.7b"}.get(restriction.after, "506.7")
            return rule, _point_words("after", restriction.after)
        if restriction.during_combat and _point_skipped(game, step):
            # 506.7f: that step is skipped this combat phase.
            return "506.7f", f"the {step.replace('_', ' ')} step is skipped this combat"
    return None
