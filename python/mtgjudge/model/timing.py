"""When a player may begin to cast a spell: permissions to cast (601.3),
timing (117.1a, 307.1), flash (702.8) and "as though it had flash"
(601.3b–e, 609.4a)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

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
    turn = game.turn
    if turn.active_player != player:
        raise IllegalCastError(
            f"{' // '.join(qualities.names)} can be cast only during its caster's own turn (or with flash)",
            rule="307.1" if "sorcery" in qualities.types else "117.1a",
            fault="not_your_turn",
        )
    if not turn.is_main_phase():
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
