"""Restrictions and requirements on attacking and blocking (508.1c, 508.1d,
509.1b, 509.1c): "can't attack", "can't block", "can't be blocked (except
by ...)", "attacks (blocks) each combat if able", goad (701.15) and
landwalk (702.14c).

The kernel checks what the creatures' own keywords say (tapped creatures,
summoning sickness, defender, flying, menace ...): those are facts of the
board it holds. What effects say is the model's: a restriction comes from
a static ability of a permanent (611.3) or from a resolved spell or
ability (611.2), and landwalk looks at the lands the defending player
controls, which the kernel doesn't hold. So a declaration is first checked
by the kernel, then against these restrictions, then against the
requirements, which need the maximum number that could be obeyed without
disobeying any restriction (508.1d, 509.1c): the model finds it by trying
every declaration, with the kernel and these restrictions as the judges.

An effect that says what a creature can or must do in combat changes no
characteristic, so it is a rule-changing effect (611.2c): from a resolving
spell with a filter ("creatures can't block this turn"), it applies to
whatever fits while it lasts, creatures that enter later included.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mtgjudge.errors import (
    IllegalActionError,
    IllegalAttackError,
    IllegalBlockError,
    InvalidInputError,
)
from mtgjudge.keywords import LANDWALK
from mtgjudge.model.effects import NO_CHANGE, Condition, ContinuousEffect, ObjectFilter

if TYPE_CHECKING:
    from mtgjudge.model.game import Game
    from mtgjudge.model.objects import GameObject

#: What an effect may say a creature can't do (508.1c, 509.1b).
RESTRICTIONS = ("attack", "block", "be_blocked", "attack_alone", "block_alone")
#: What an effect may say a creature does if able (508.1d, 509.1c).
REQUIREMENTS = ("attack", "block")
#: The most declarations the model tries to find the maximum number of
#: requirements that could be obeyed.
MAX_DECLARATIONS = 20_000


@dataclass(frozen=True)
class CombatRule:
    """What one effect says about the part the creatures it applies to take
    in combat."""

    #: "can't attack", "can't block", "can't be blocked", "can't attack
    #: alone", "can't block alone" (508.1c, 509.1b).
    cant: frozenset[str] = frozenset()
    #: "attacks each combat if able", "blocks each combat if able" (508.1d, 509.1c).
    must: frozenset[str] = frozenset()
    #: "can't be blocked except by [quality] creatures" (509.1b).
    blockable_only_by: ObjectFilter | None = None
    #: The player who goaded it (701.15b): "attacks each combat if able and
    #: attacks a player other than [that player] if able".
    goaded_by: str | None = None
    #: "... unless [condition]": the restriction doesn't apply while it holds (508.1c).
    unless: Condition | None = None
    #: "Creatures can't attack you [or planeswalkers you control] unless
    #: their controller pays {2} for each": the mana, for each attacker (508.1h).
    attack_cost: str | None = None
    attack_cost_planeswalkers: bool = False
    #: "Creatures can't block unless their controller pays {1} for each" (509.1d).
    block_cost: str | None = None

    def describe(self) -> str:
        parts = [f"can't {what.replace('_', ' ')}" for what in sorted(self.cant)]
        parts += [f"{what}s each combat if able" for what in sorted(self.must)]
        if self.blockable_only_by is not None:
            parts.append("can't be blocked except by some creatures")
        if self.goaded_by is not None:
            parts.append(f"is goaded by {self.goaded_by}")
        if self.attack_cost is not None:
            parts.append(f"can't attack unless its controller pays {self.attack_cost}")
        if self.block_cost is not None:
            parts.append(f"can't block unless its controller pays {self.block_cost}")
        return ", ".join(parts)


def rule_from(spec: dict[str, Any]) -> CombatRule | None:
    """The combat part of a static ability or of a `restrict` action, or None."""
    from mtgjudge.model.setup import condition_from, object_filter

    keys = ("cant", "must", "cant_be_blocked_except_by", "pays_to_attack", "pays_to_block")
    if not any(key in spec for key in keys):
        return None
    to_attack = spec.get("pays_to_attack", {})
    return CombatRule(
        cant=frozenset(spec.get("cant", ())),
        must=frozenset(spec.get("must", ())),
        blockable_only_by=(
            object_filter(spec["cant_be_blocked_except_by"])
            if "cant_be_blocked_except_by" in spec
            else None
        ),
        unless=condition_from(spec.get("unless")),
        attack_cost=to_attack.get("cost"),
        attack_cost_planeswalkers=to_attack.get("planeswalkers", False),
        block_cost=spec.get("pays_to_block", {}).get("cost"),
    )


# ----- effects -----


def add(
    game: Game,
    rule: CombatRule,
    you: str,
    *,
    affected: list[GameObject] | None = None,
    filter: ObjectFilter | None = None,
    duration: str = "end_of_turn",
    description: str = "",
) -> None:
    """A resolved spell or ability's effect on how creatures attack or block,
    for its duration (611.2a). With a filter it isn't locked in (611.2c)."""
    effect = ContinuousEffect(
        timestamp=game.next_timestamp(),
        modification=NO_CHANGE,
        you=you,
        duration=duration,
        affected=None if affected is None else frozenset(obj.serial for obj in affected),
        filter=filter,
        description=description or rule.describe(),
        combat=rule,
    )
    game.effects.append(effect)


def goad(game: Game, objs: Iterable[GameObject], player: str) -> None:
    """701.15a: until ``player``'s next turn, each creature is goaded. The
    designation stays with the object (a new object isn't goaded, 400.7),
    whoever controls it. Goading it again adds nothing (701.15d)."""
    for obj in objs:
        if obj.zone != "battlefield" or not obj.exists:
            continue
        if any(rule.goaded_by == player for _, rule in _rules(game, obj)):
            game.note("701.15d", f"{player} has already goaded {obj.name}: nothing more happens")
            continue
        add(
            game,
            CombatRule(goaded_by=player),
            player,
            affected=[obj],
            duration="your_next_turn",
            description=f"goaded by {player}",
        )
        game.note("701.15a", f"{obj.name} is goaded by {player} until {player}'s next turn")


def _rules(game: Game, obj: GameObject) -> list[tuple[ContinuousEffect, CombatRule]]:
    """The combat rules that apply to the permanent now, from static abilities
    and resolved effects, leaving out restrictions excused by their
    "unless" condition."""
    found = []
    for effect in game.current_effects():
        rule = effect.combat
        if not isinstance(rule, CombatRule) or not effect.applies_to(game, obj):
            continue
        if rule.unless is not None and rule.unless.holds(game, effect.you, effect.source_serial):
            continue
        found.append((effect, rule))
    return found


def _cant(game: Game, obj: GameObject, what: str) -> ContinuousEffect | None:
    for effect, rule in _rules(game, obj):
        if what in rule.cant:
            return effect
    return None


# ----- attacking (508.1c, 508.1d) -----


def attack_fault(game: Game, attacks: list[tuple[GameObject, str]]) -> tuple[str, str, str] | None:
    """508.1c: the first restriction the declaration disobeys, as (fault,
    rule, message), or None."""
    for obj, _target in attacks:
        effect = _cant(game, obj, "attack")
        if effect is not None:
            return "cant_attack", "508.1c", f"{obj.name} can't attack ({_source(game, effect)})"
        if len(attacks) == 1:
            effect = _cant(game, obj, "attack_alone")
            if effect is not None:
                return (
                    "cant_attack",
                    "508.1c",
                    f"{obj.name} can't attack alone ({_source(game, effect)})",
                )
    return None


def _attack_requirements(game: Game, obj: GameObject) -> list[str | None]:
    """Its requirements (508.1d): for each, None ("attacks if able") or the
    player it must attack another player than (701.15b: a goaded creature
    also attacks a player other than the goader if able)."""
    requirements: list[str | None] = []
    for _, rule in _rules(game, obj):
        if "attack" in rule.must:
            requirements.append(None)
        if rule.goaded_by is not None:
            requirements += [None, rule.goaded_by]
    return requirements


def _obeyed(requirements: list[str | None], target: str | None, game: Game) -> int:
    if target is None:
        return 0
    is_player = target in game.players
    return sum(1 for other in requirements if other is None or (is_player and target != other))


def check_attackers(game: Game, attacks: list[tuple[GameObject, str]]) -> None:
    """After the kernel's checks (508.1a, 508.1b, 302.6, 702.3b): the
    restrictions (508.1c), then the requirements (508.1d)."""
    fault = attack_fault(game, attacks)
    if fault is not None:
        raise IllegalAttackError(fault[2], rule=fault[1], fault=fault[0])
    # 805.10b: the active team has one combined attack.
    mine = [obj for obj in game.battlefield() if _is_creature(game, obj, game.is_active)]
    requirements = {obj.serial: _attack_requirements(game, obj) for obj in mine}
    if not any(requirements.values()):
        return
    declared = {obj.serial: target for obj, target in attacks}
    obeyed = sum(_obeyed(requirements[obj.serial], declared.get(obj.serial), game) for obj in mine)
    best, example = _most_attack_requirements(game, mine, requirements)
    if obeyed < best:
        raise IllegalAttackError(
            f"the declaration obeys {obeyed} of the requirements on attacking, but {best} "
            f"could be obeyed (for example: {example})",
            rule="508.1d",
            fault="requirement",
        )


def _most_attack_requirements(
    game: Game, mine: list[GameObject], requirements: dict[int, list[str | None]]
) -> tuple[int, str]:
    """508.1d: the most requirements a legal declaration could obey, with one
    such declaration, found by trying each of them."""
    from mtgjudge.model.combat import KernelBoard

    active = game.turn.active_player
    targets = [p for p in game.opponents(active) if not game.players[p].has_lost]
    targets += [
        obj.ref
        for obj in game.battlefield()
        if "planeswalker" in game.characteristics(obj).types
        and not game.is_active(game.controller(obj))
    ]
    options: list[list[str | None]] = []
    for obj in mine:
        legal: list[str | None] = [None]
        if _cant(game, obj, "attack") is None:
            for target in targets:
                if _attack_costs(game, obj, target):
                    # 508.1d: no player is required to pay a cost to attack.
                    continue
                board = KernelBoard(game)
                try:
                    board.kernel.declare_attackers(
                        board.player_index(active), [(board.index(obj), board.target(target))]
                    )
                except IllegalActionError:
                    continue
                legal.append(target)
        options.append(legal)
    _check_size(options)
    best, example = 0, "no attackers"
    for choice in itertools.product(*options):
        attacks = [(obj, target) for obj, target in zip(mine, choice) if target is not None]
        if attack_fault(game, attacks) is not None:
            continue
        count = sum(
            _obeyed(requirements[obj.serial], target, game) for obj, target in zip(mine, choice)
        )
        if count > best:
            best = count
            example = ", ".join(f"{obj.name} attacks {target}" for obj, target in attacks)
    return best, example


def _attack_costs(game: Game, obj: GameObject, target: str) -> list[str]:
    """The costs to attack ``target`` with the creature: each effect's whose
    controller is the player attacked, or controls the planeswalker attacked
    if it says so."""
    attacked_player = target in game.players
    defender = target if attacked_player else game.controller(game.obj(target))
    return [
        rule.attack_cost
        for effect, rule in _rules(game, obj)
        if rule.attack_cost is not None
        and effect.you == defender
        and (attacked_player or rule.attack_cost_planeswalkers)
    ]


def pay_attack_costs(game: Game, attacks: list[tuple[GameObject, str]]) -> None:
    """508.1h: the total cost to attack, locked in as it is determined;
    508.1j: the active player pays all of it, or the declaration is
    illegal (no partial payments)."""
    costs = [(obj, cost) for obj, target in attacks for cost in _attack_costs(game, obj, target)]
    _pay(game, game.turn.active_player, costs, "attack", ("508.1h", "508.1j"))


def pay_block_costs(game: Game, pairs: list[tuple[GameObject, GameObject]]) -> None:
    """509.1d: the total cost to block, locked in; 509.1f: the defending
    player pays all of it, or the declaration is illegal."""
    blockers = {blocker.serial: blocker for blocker, _ in pairs}
    costs = [
        (blocker, rule.block_cost)
        for blocker in blockers.values()
        for _, rule in _rules(game, blocker)
        if rule.block_cost is not None
    ]
    if costs:
        player = game.controller(next(iter(blockers.values())))
        _pay(game, player, costs, "block", ("509.1d", "509.1f"))


def _pay(
    game: Game, player: str, costs: list[tuple[GameObject, str]], what: str, rules: tuple[str, str]
) -> None:
    from mtgjudge import _core
    from mtgjudge.model.cost import pay_mana

    if not costs:
        return
    total = _core.ManaCost("")
    for _, cost in costs:
        total = total + cost
    game.note(
        rules[0],
        f"the total cost to {what} is {total}: "
        + ", ".join(f"{cost} for {obj.name}" for obj, cost in costs),
    )
    unpaid = pay_mana(game, player, total)
    if unpaid is not None:
        error = IllegalAttackError if what == "attack" else IllegalBlockError
        raise error(
            f"{player} can't pay the total cost to {what}, {total}: unpaid {unpaid}",
            rule=rules[1],
            fault="cant_pay",
        )
    game.note(rules[1], f"{player} pays {total} to {what}")


# ----- blocking (509.1b, 509.1c, 702.14c) -----


def block_fault(
    game: Game, pairs: list[tuple[GameObject, GameObject]]
) -> tuple[str, str, str] | None:
    """509.1b: the first restriction the declaration of blockers disobeys,
    landwalk included (702.14c), as (fault, rule, message), or None."""
    blockers = {blocker.serial for blocker, _ in pairs}
    for blocker, attacker in pairs:
        effect = _cant(game, blocker, "block")
        if effect is None and len(blockers) == 1:
            effect = _cant(game, blocker, "block_alone")
        if effect is not None:
            return "cant_block", "509.1b", f"{blocker.name} can't block ({_source(game, effect)})"
        for effect, rule in _rules(game, attacker):
            if "be_blocked" in rule.cant:
                return (
                    "cant_be_blocked",
                    "509.1b",
                    f"{attacker.name} can't be blocked ({_source(game, effect)})",
                )
            only = rule.blockable_only_by
            if only is not None and not only.matches(game, blocker, effect.you, None):
                return (
                    "cant_be_blocked",
                    "509.1b",
                    f"{attacker.name} can't be blocked except by some creatures, and "
                    f"{blocker.name} isn't one ({_source(game, effect)})",
                )
        land = _landwalk_land(game, attacker)
        if land is not None:
            keyword, found = land
            return (
                "landwalk",
                "702.14c",
                f"{attacker.name} has {keyword} and the defending player controls "
                f"{found.name}, so it can't be blocked",
            )
    return None


def _landwalk_land(game: Game, attacker: GameObject) -> tuple[str, GameObject] | None:
    """702.14c: a landwalk keyword of the attacker and a land of the kind it
    names that its defending player controls (508.5)."""
    keywords = [k for k in sorted(game.characteristics(attacker).all_keywords) if k in LANDWALK]
    defender = defending_player(game, attacker)
    if not keywords or defender is None:
        return None
    for keyword in keywords:
        kind, word = LANDWALK[keyword]
        for obj in game.battlefield():
            current = game.characteristics(obj)
            if "land" not in current.types or current.controller != defender:
                continue
            if (
                (kind == "subtype" and word in current.subtypes)
                or (kind == "type" and word in current.types)
                or (kind == "supertype" and word in obj.supertypes)
                or (kind == "not_supertype" and word not in obj.supertypes)
            ):
                return keyword, obj
    return None


def defending_player(game: Game, attacker: GameObject) -> str | None:
    """508.5: the player it attacks, or the controller of the planeswalker it
    attacks (or attacked, before it was removed from combat)."""
    record = game.combat
    if record is None or attacker.serial not in record.attacks:
        return None
    kind, target = record.attacks[attacker.serial]
    if kind in ("player", "removed_planeswalker"):
        return str(target) or None
    walker = game.by_serial(target)  # type: ignore[arg-type]
    return game.controller(walker) if walker is not None else None


def check_blockers(game: Game, pairs: list[tuple[GameObject, GameObject]]) -> None:
    """After the kernel's checks (509.1a, evasion, menace): the restrictions
    (509.1b), then the requirements (509.1c)."""
    fault = block_fault(game, pairs)
    if fault is not None:
        raise IllegalBlockError(fault[2], rule=fault[1], fault=fault[0])
    record = game.combat
    if record is None:
        return
    attackers = [obj for obj in game.battlefield() if record.is_attacking(obj.serial)]
    defenders = {defending_player(game, obj) for obj in attackers}
    theirs = [
        obj
        for obj in game.battlefield()
        if _is_creature(game, obj, lambda controller: controller in defenders)
    ]
    must = {
        obj.serial for obj in theirs if any("block" in rule.must for _, rule in _rules(game, obj))
    }
    if not must:
        return
    obeyed = len(must & {blocker.serial for blocker, _ in pairs})
    best, example = _most_block_requirements(game, theirs, attackers, must)
    if obeyed < best:
        raise IllegalBlockError(
            f"the declaration obeys {obeyed} of the requirements on blocking, but {best} could "
            f"be obeyed (for example: {example})",
            rule="509.1c",
            fault="requirement",
        )


def _most_block_requirements(
    game: Game, theirs: list[GameObject], attackers: list[GameObject], must: set[int]
) -> tuple[int, str]:
    """509.1c: the most requirements a legal declaration could obey, trying
    each declaration in which each creature blocks at most one attacker."""
    from mtgjudge.model.combat import KernelBoard

    options: list[list[GameObject | None]] = [[None, *attackers] for _ in theirs]
    _check_size(options)
    best, example = 0, "no blockers"
    for choice in itertools.product(*options):
        pairs = [(b, a) for b, a in zip(theirs, choice) if a is not None]
        count = len(must & {b.serial for b, _ in pairs})
        if count <= best:
            continue
        board = KernelBoard(game)
        try:
            board.kernel.declare_blockers([(board.index(b), board.index(a)) for b, a in pairs])
        except IllegalActionError:
            continue
        if block_fault(game, pairs) is not None:
            continue
        if any(_rules_with_block_cost(game, b) for b, _ in pairs):
            # 509.1c: no player is required to pay a cost to block.
            continue
        best = count
        example = ", ".join(f"{b.name} blocks {a.name}" for b, a in pairs)
    return best, example


def _rules_with_block_cost(game: Game, blocker: GameObject) -> bool:
    return any(rule.block_cost is not None for _, rule in _rules(game, blocker))


# ----- helpers -----


def _is_creature(game: Game, obj: GameObject, controlled_by: Callable[[str], bool]) -> bool:
    """A creature whose controller ``controlled_by`` accepts."""
    current = game.characteristics(obj)
    return "creature" in current.types and controlled_by(current.controller)


def _check_size(options: list[list[Any]]) -> None:
    size = 1
    for choices in options:
        size *= len(choices)
    if size > MAX_DECLARATIONS:
        raise InvalidInputError(
            f"checking the requirements means trying {size} declarations; the model tries at "
            f"most {MAX_DECLARATIONS}"
        )


def _source(game: Game, effect: ContinuousEffect) -> str:
    if effect.source_serial is not None:
        source = game.by_serial(effect.source_serial)
        if source is not None:
            return f"a static ability of {source.name}"
    return f"an effect: {effect.description}" if effect.description else "an effect"
