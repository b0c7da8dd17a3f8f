"""Life totals (119): effects on gaining and losing life, on what damage
does to a life total, and replacements of life gain.

A life rule comes from a permanent's static ability while it is on the
battlefield, an emblem's (114.4), or a resolved spell or ability until end
of turn. Damage to a player is still dealt when a rule keeps it from
changing their life (120.4b): only its result changes (120.4c), so
lifelink and abilities that trigger on the damage still see it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mtgjudge.model import replacement
from mtgjudge.model.effects import Condition

if TYPE_CHECKING:
    from mtgjudge.model.game import Game

#: The most times one life-gain event is replaced, to bound a loop.
MAX_GAIN_REPLACEMENTS = 16


@dataclass(frozen=True)
class LifeRule:
    """What may happen to the life totals of the players it names."""

    #: "you" (its controller), "opponents" or "any".
    players: str = "you"
    #: 119.7: "can't gain life".
    cant_gain: bool = False
    #: 119.8: "can't lose life". With cant_gain: "your life total can't change".
    cant_lose: bool = False
    #: 120.4c: "damage doesn't cause you to lose life".
    damage_causes_no_loss: bool = False
    #: 120.4c: "damage that would reduce your life total to less than N
    #: reduces it to N instead".
    damage_floor: int | None = None
    condition: Condition | None = None
    description: str = ""


@dataclass(frozen=True)
class LifeGainReplacement:
    """614.1a, 119.10: "if [a player] would gain life, ... instead"."""

    #: Whose life gain: "you", "opponents" or "any".
    players: str = "you"
    #: Only life gain a spell or ability causes its own controller (Rain of
    #: Gore); lifelink damage from a creature isn't that.
    by_own_spell_or_ability: bool = False
    #: "that player loses that much life instead".
    lose_instead: bool = False
    #: "gains twice that much life instead".
    times: int = 1
    plus: int = 0
    condition: Condition | None = None
    description: str = ""


@dataclass
class ActiveLifeRule:
    rule: LifeRule | LifeGainReplacement
    you: str
    source_serial: int | None
    timestamp: int


def _active(game: Game) -> list[ActiveLifeRule]:
    found = [
        ActiveLifeRule(rule, game.controller(obj), obj.serial, obj.timestamp)
        for obj in [*game.battlefield(), *game.emblems()]
        for rule in obj.life_rules
    ]
    return sorted(found + game.life_effects, key=lambda active: active.timestamp)


def rules_for(game: Game, player: str) -> list[LifeRule]:
    """The life rules that apply to a player now."""
    return [
        active.rule
        for active in _active(game)
        if isinstance(active.rule, LifeRule)
        and replacement.player_fits(game, active.rule.players, player, active.you)
        and (
            active.rule.condition is None
            or active.rule.condition.holds(game, active.you, active.source_serial)
        )
    ]


def _team_rules(game: Game, player: str) -> list[LifeRule]:
    """The life rules for the player's whole team: in Two-Headed Giant a
    rule that a player can't gain or lose life holds for their teammate
    too (810.9g, 810.9h)."""
    return [rule for member in game.players[player].team for rule in rules_for(game, member)]


def can_gain(game: Game, player: str) -> bool:
    """119.7, 810.9g."""
    return not any(rule.cant_gain for rule in _team_rules(game, player))


def can_lose(game: Game, player: str) -> bool:
    """119.8, 810.9h."""
    return not any(rule.cant_lose for rule in _team_rules(game, player))


def changes_damage_results(game: Game, player: str) -> bool:
    """Whether damage dealt to the player now causes something other than
    the loss of that much life (119.8, 120.4c)."""
    return not can_lose(game, player) or any(
        rule.damage_causes_no_loss or rule.damage_floor is not None
        for rule in rules_for(game, player)
    )


def loss_from_damage(game: Game, player: str, amount: int) -> tuple[int, str]:
    """120.3a as modified by the effects on its result (119.8, 120.4c): how
    much life ``amount`` damage makes the player lose, and the rule why."""
    rules = rules_for(game, player)
    if not can_lose(game, player):
        return 0, "119.8"
    if any(rule.damage_causes_no_loss for rule in rules):
        return 0, "120.4c"
    life = game.players[player].life
    floors = [rule.damage_floor for rule in rules if rule.damage_floor is not None]
    if floors:
        # It can't reduce the total below the floor; a total already below
        # it isn't reduced.
        room = max(life - max(floors), 0)
        if amount > room:
            return room, "120.4c"
    return amount, "120.3a"


def replaced_gain(
    game: Game, player: str, amount: int, *, by_own_spell_or_ability: bool
) -> tuple[int, int, list[str]]:
    """614.1a, 119.10: the life-gain event after its replacements, as
    (life gained, life lost instead, descriptions). Each replacement
    applies once (614.5), in timestamp order."""
    gained, lost, used = amount, 0, []
    replacements = [
        active
        for active in _active(game)
        if isinstance(active.rule, LifeGainReplacement)
        and replacement.player_fits(game, active.rule.players, player, active.you)
    ][:MAX_GAIN_REPLACEMENTS]
    for active in replacements:
        rule = active.rule
        assert isinstance(rule, LifeGainReplacement)
        if gained <= 0:
            break
        if rule.by_own_spell_or_ability and not by_own_spell_or_ability:
            continue
        if rule.condition is not None and not rule.condition.holds(
            game, active.you, active.source_serial
        ):
            continue
        if rule.lose_instead:
            gained, lost = 0, lost + gained
        else:
            gained = gained * rule.times + rule.plus
        used.append(rule.description or "a replacement effect on life gain")
    return gained, lost, used
