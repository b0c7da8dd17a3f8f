"""Triggered abilities (603): what triggers them, how they wait to be put on
the stack, and how they resolve.

A permanent (or a card in a graveyard, for an ability that functions
there, 113.6k) may have triggered abilities. Each has a trigger event from
the closed list :data:`EVENTS`, perhaps narrowed by a filter on the object
the event is about, a recipient kind for damage and "combat damage only";
perhaps an intervening "if" clause (603.4); perhaps fixed targets; and what
it does, as actions in the scenario vocabulary.

The model follows the rules in this order:

- 603.2: when an event happens, every ability whose trigger event it
  matches triggers. The game looks at the objects as they are immediately
  after the event (603.10), except that leaves-the-battlefield abilities
  look back in time (603.10a): they use the abilities and appearance of
  objects immediately before the event.
- 603.4: an intervening "if" clause is checked as the ability triggers (it
  doesn't trigger if the condition is false) and again as it resolves.
- 603.3, 117.5: an ability that triggered waits until a player would next
  receive priority. Then state-based actions are performed first (704.3),
  and the waiting abilities are put on the stack in APNAP order (603.3b);
  a player's own abilities go on in the order they triggered.
- 603.3d: an ability whose targets are all illegal is removed from the
  stack.
- 608.2: an ability on the stack resolves like a spell: the top object of
  the stack resolves first (405.5). Its intervening "if" clause and its
  targets are checked again (603.4, 608.2b).
- 201.5, 400.7, 603.6: an ability that refers to an object (its source by
  name, "that creature", a target) refers to that object only: if it has
  changed zones since, it is a new object and that part of the ability
  does nothing. An ability exists independently of its source (113.7a).

Every trigger is recorded in the game's history, so that a probe can count
how many times each source's abilities triggered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mtgjudge.errors import IllegalActionError, InvalidInputError
from mtgjudge.model.effects import (
    Characteristics,
    CombatStatus,
    Condition,
    ObjectFilter,
    combat_status,
    is_enchanted_or_equipped,
)
from mtgjudge.model.objects import new_serial
from mtgjudge.protocol.vocabulary import (
    ATTACK_EVENTS,
    CHOSEN,
    EVENTS,
    OWN_DAMAGE_EVENTS,
    THAT_CREATURE,
    THAT_MUCH,
)

if TYPE_CHECKING:
    from mtgjudge.model.game import Game
    from mtgjudge.model.objects import GameObject

#: An upper bound on how many objects may resolve while players pass
#: priority in succession, so that a loop of triggers can't hang the model.
MAX_RESOLUTIONS = 200


@dataclass(frozen=True)
class TriggeredAbility:
    """A triggered ability of an object (603.1)."""

    when: str
    #: What the object the event is about must be, relative to the ability's controller.
    filter: ObjectFilter | None = None
    #: For damage events: the kind of recipient (:data:`RECIPIENTS`).
    to: str | None = None
    #: For damage events: combat damage only.
    combat: bool = False
    #: For life gain: only the first life-gain event of the turn for that player.
    first_time_each_turn: bool = False
    #: The intervening "if" clause (603.4).
    condition: Condition | None = None
    #: Fixed targets, chosen as it's put on the stack (603.3d, 601.2c).
    targets: tuple[str, ...] = ()
    #: What it does as it resolves: actions in the scenario vocabulary.
    actions: tuple = ()
    #: The zone it functions in (113.6, 113.6k).
    functions_in: str = "battlefield"
    description: str = ""

    def __post_init__(self) -> None:
        if self.when not in EVENTS:
            raise InvalidInputError(f"unknown trigger event {self.when!r}")


#: The events a triggered ability created by a resolving spell may have.


@dataclass(frozen=True)
class DelayedTrigger:
    """A triggered ability created by a resolving spell (603.7), with a
    stated duration, so that it triggers each time its event happens until
    then (603.7b), and only after it was created (603.7a). Its source is the
    spell; its controller, the player who controlled the spell as it
    resolved (603.7d)."""

    ability: TriggeredAbility
    source: GameObject
    controller: str
    until: str = "end_of_turn"


@dataclass(frozen=True)
class Seen:
    """An object as an event saw it: its characteristics, controller and
    abilities immediately after the event, or immediately before it for
    abilities that look back in time (603.10)."""

    obj: GameObject
    serial: int
    current: Characteristics
    token: bool
    enchanted_or_equipped: bool
    attacking: bool
    counters: dict[str, int]
    triggers: tuple[TriggeredAbility, ...]
    status: CombatStatus = field(default_factory=CombatStatus)

    @property
    def controller(self) -> str:
        return self.current.controller


def seen(game: Game, obj: GameObject) -> Seen:
    return Seen(
        obj=obj,
        serial=obj.serial,
        current=game.characteristics(obj),
        token=obj.token,
        enchanted_or_equipped=is_enchanted_or_equipped(game, obj),
        attacking=game.combat is not None and game.combat.is_attacking(obj.serial),
        counters=dict(obj.counters),
        triggers=obj.triggers,
        status=combat_status(game, obj),
    )


@dataclass
class Triggered:
    """An ability that has triggered and waits to be put on the stack (603.3),
    then, with a serial of its own, the ability on the stack."""

    ability: TriggeredAbility
    #: The source (its card: the name sticks to it).
    source: GameObject
    #: The source as the object it is immediately after the event (201.5, 400.7).
    source_serial: int
    source_name: str
    #: 603.3a: the player who controlled the source as it triggered.
    controller: str
    event: str
    #: "that creature": its scenario name and its serial immediately after the event.
    that_creature: tuple[str, int] | None = None
    that_much: int | None = None
    #: On the stack: its serial, and the serials of its targets.
    serial: int | None = None
    targets: dict[str, int | None] = field(default_factory=dict)

    @property
    def ref(self) -> str:
        """How the `stack` expectation names it."""
        return f"trigger:{self.source.ref}"

    def describe(self) -> str:
        what = self.ability.description or self.event.replace("_", " ")
        return f"{self.source_name}'s triggered ability ({what})"


@dataclass(frozen=True)
class TriggerRecord:
    """One time an ability triggered (603.2)."""

    source: str
    event: str
    controller: str


# ----- triggering (603.2) -----


def _watchers(game: Game, zones: tuple[str, ...] = ("battlefield", "graveyard")) -> list[Seen]:
    """The objects with triggered abilities that function where they are."""
    return [
        seen(game, obj)
        for obj in game.objects
        if obj.triggers
        and obj.exists
        and obj.zone in zones
        and any(ability.functions_in == obj.zone for ability in obj.triggers)
    ]


def watchers(game: Game) -> list[Seen]:
    """What a leaves-the-battlefield event will look back at (603.10a)."""
    if not any(obj.triggers for obj in game.objects):
        return []
    return _watchers(game)


def _trigger(
    game: Game,
    watcher: Seen,
    ability: TriggeredAbility,
    *,
    that_creature: GameObject | None = None,
    that_much: int | None = None,
    what: str = "",
    controller: str | None = None,
) -> None:
    """603.2: the ability triggers, unless its intervening "if" clause is
    false (603.4). ``controller`` is given for a delayed triggered ability
    (603.7d); otherwise it's the source's controller (603.3a)."""
    controller = controller or watcher.controller
    name = watcher.current.names[0] if watcher.current.names else watcher.obj.name
    # The source as the object it is immediately after the event (for a
    # creature that died, the card in the graveyard).
    serial = watcher.obj.serial
    label = ability.description or ability.when.replace("_", " ")
    if ability.condition is not None and not ability.condition.holds(game, controller, serial):
        game.note(
            "603.4",
            f"{name}'s triggered ability ({label}) doesn't trigger: its condition is false{what}",
        )
        return
    pending = Triggered(
        ability=ability,
        source=watcher.obj,
        source_serial=serial,
        source_name=name,
        controller=controller,
        event=ability.when,
        that_creature=(that_creature.ref, that_creature.serial) if that_creature else None,
        that_much=that_much,
    )
    game.pending_triggers.append(pending)
    game.history.triggers.append(TriggerRecord(watcher.obj.ref, ability.when, controller))
    game.note("603.2", f"{pending.describe()} triggers{what}")


def _abilities(watcher: Seen, *events: str) -> list[TriggeredAbility]:
    return [
        ability
        for ability in watcher.triggers
        if ability.when in events and ability.functions_in == watcher.obj.zone
    ]


def _fits(
    ability: TriggeredAbility, subject: Seen, watcher: Seen, controller: str | None = None
) -> bool:
    wanted = ability.filter
    if wanted is None:
        return True
    if wanted.other and subject.serial == watcher.serial:
        return False
    return wanted.describes(
        subject.current,
        token=subject.token,
        enchanted_or_equipped=subject.enchanted_or_equipped,
        attacking=subject.attacking,
        counters=subject.counters,
        you=controller or watcher.controller,
        status=subject.status,
    )


def _attack_triggers(
    ability: TriggeredAbility, attacker: Seen, defender: str, watcher: Seen, alone: bool
) -> str | None:
    """Whether declaring this attacker matches the ability's trigger event
    (508.3a), and if so how the trace says it."""
    if ability.when == "attacks":
        matches = attacker.serial == watcher.serial
    elif ability.when == "a_creature_attacks":
        matches = _fits(ability, attacker, watcher)
    elif ability.when == "a_creature_attacks_alone":
        # 506.5, 702.83b: the only creature declared as an attacker.
        if alone and _fits(ability, attacker, watcher):
            return f" ({attacker.obj.name} attacks alone, 506.5)"
        return None
    elif ability.when == "a_creature_attacks_you":
        matches = defender == watcher.controller and _fits(ability, attacker, watcher)
    else:
        return None
    return f" ({attacker.obj.name} attacks)" if matches else None


#: 702.83a: the triggered ability the keyword exalted means. A permanent
#: with the keyword has one instance of it (the model's keywords are a set).
EXALTED = TriggeredAbility(
    when="a_creature_attacks_alone",
    filter=ObjectFilter(controller="you"),
    actions=({"effect": {"to": [THAT_CREATURE], "pump": "+1/+1"}},),
    description="exalted: that creature gets +1/+1 until end of turn",
)


def attackers_declared(game: Game, attacks: list[tuple[GameObject, str]]) -> None:
    """508.3: abilities that trigger on attackers being declared. ``attacks``
    pairs each attacker with the player it attacks or, for a planeswalker,
    its controller."""
    if not attacks:
        return
    attackers = [(seen(game, obj), defender) for obj, defender in attacks]
    if len(attackers) == 1:
        # 702.83a, 702.83b: exalted, of each permanent with the keyword.
        alone = attackers[0][0]
        for obj in game.battlefield():
            if "exalted" in game.characteristics(obj).all_keywords:
                watcher = seen(game, obj)
                if _fits(EXALTED, alone, watcher):
                    what = f" ({alone.obj.name} attacks alone, 702.83b)"
                    _trigger(game, watcher, EXALTED, that_creature=alone.obj, what=what)
    for watcher in _watchers(game, ("battlefield",)):
        for ability in _abilities(watcher, "you_attack"):
            if any(attacker.controller == watcher.controller for attacker, _ in attackers):
                _trigger(game, watcher, ability, what=f" ({watcher.controller} attacks)")
        for ability in _abilities(watcher, *ATTACK_EVENTS[1:]):
            for attacker, defender in attackers:
                what = _attack_triggers(ability, attacker, defender, watcher, len(attacks) == 1)
                if what is not None:
                    _trigger(game, watcher, ability, that_creature=attacker.obj, what=what)


def blockers_declared(game: Game, blocks: list[tuple[GameObject, GameObject]]) -> None:
    """509.3: abilities that trigger on blockers being declared. ``blocks``
    pairs each blocker with an attacker it blocks."""
    if not blocks:
        return
    for watcher in _watchers(game, ("battlefield",)):
        for ability in _abilities(watcher, "becomes_blocked"):
            if any(attacker.serial == watcher.serial for _, attacker in blocks):
                _trigger(game, watcher, ability, what=f" ({watcher.obj.name} becomes blocked)")
        for ability in _abilities(watcher, "blocks_or_becomes_blocked_by"):
            for blocker, attacker in blocks:
                if watcher.serial not in (blocker.serial, attacker.serial):
                    continue
                other = attacker if blocker.serial == watcher.serial else blocker
                # 509.3f: the other creature's characteristics as it becomes
                # a blocking creature, or as the attacker becomes blocked.
                if _fits(ability, seen(game, other), watcher):
                    _trigger(
                        game,
                        watcher,
                        ability,
                        that_creature=other,
                        what=f" ({blocker.name} blocks {attacker.name})",
                    )


def entered_blocking(
    game: Game, blocker: GameObject, attacker: GameObject, was_blocked: bool
) -> None:
    """509.4: a creature put onto the battlefield blocking. The attacker's
    "becomes blocked" abilities trigger if it was unblocked (509.3c), and its
    "becomes blocked by a creature" abilities trigger (509.3d); the blocker
    never blocked, so its "blocks" abilities don't (509.3a, 509.3b)."""
    for watcher in _watchers(game, ("battlefield",)):
        if watcher.serial != attacker.serial:
            continue
        if not was_blocked:
            for ability in _abilities(watcher, "becomes_blocked"):
                _trigger(game, watcher, ability, what=f" ({attacker.name} becomes blocked)")
        for ability in _abilities(watcher, "blocks_or_becomes_blocked_by"):
            if _fits(ability, seen(game, blocker), watcher):
                _trigger(
                    game,
                    watcher,
                    ability,
                    that_creature=blocker,
                    what=f" ({blocker.name} enters the battlefield blocking {attacker.name})",
                )


def became_blocked(game: Game, obj: GameObject) -> None:
    """509.3c: an effect makes an unblocked attacking creature blocked."""
    for watcher in _watchers(game, ("battlefield",)):
        if watcher.serial == obj.serial:
            for ability in _abilities(watcher, "becomes_blocked"):
                _trigger(game, watcher, ability, what=f" ({obj.name} becomes blocked)")


@dataclass(frozen=True)
class DamageEvent:
    """Damage one source dealt to one recipient, as part of one event."""

    source: GameObject
    #: "player", "creature" or "planeswalker".
    kind: str
    #: A player's name, or the object dealt damage.
    recipient: str | GameObject
    amount: int
    combat: bool


def _recipient_fits(game: Game, to: str | None, event: DamageEvent, you: str) -> bool:
    if to is None:
        return True
    if to == "you_or_a_permanent_you_control":
        if event.kind == "player":
            return event.recipient == you
        return game.controller(event.recipient) == you  # type: ignore[arg-type]
    if to == "player":
        return event.kind == "player"
    if to == "opponent":
        return event.kind == "player" and event.recipient != you
    if to == "you":
        return event.kind == "player" and event.recipient == you
    return event.kind == to


def _recipient_name(event: DamageEvent) -> str:
    return event.recipient if isinstance(event.recipient, str) else event.recipient.name


def damage_dealt(game: Game, events: list[DamageEvent]) -> None:
    """Abilities that trigger on damage being dealt (603.2, 510.3a), checked
    immediately after the damage, before state-based actions."""
    if not events:
        return
    sources = {event.source.serial: seen(game, event.source) for event in events}
    for watcher in _watchers(game):
        for ability in watcher.triggers:
            if ability.functions_in != watcher.obj.zone:
                continue
            kind = ability.when
            relevant = [e for e in events if not ability.combat or e.combat]
            if kind in OWN_DAMAGE_EVENTS:
                # The creature whose damage it is: this one, or the one this
                # permanent enchants or equips.
                subject = watcher.serial if kind == "deals_damage" else watcher.obj.attached_to
                own = [e for e in relevant if e.source.serial == subject]
                own = [e for e in own if _recipient_fits(game, ability.to, e, watcher.controller)]
                if ability.to is None and own:
                    total = sum(e.amount for e in own)
                    _trigger(
                        game,
                        watcher,
                        ability,
                        that_much=total,
                        what=f" ({own[0].source.name} deals {total} damage)",
                    )
                    continue
                for e in own:
                    _trigger(
                        game,
                        watcher,
                        ability,
                        that_creature=e.recipient if e.kind == "creature" else None,  # type: ignore[arg-type]
                        that_much=e.amount,
                        what=f" ({e.source.name} deals {e.amount} damage to {_recipient_name(e)})",
                    )
            elif kind == "a_creature_deals_damage":
                fitting = [
                    e
                    for e in relevant
                    if _recipient_fits(game, ability.to, e, watcher.controller)
                    and _fits(ability, sources[e.source.serial], watcher)
                ]
                if ability.to is None:
                    # 603.2c, 510.2: "a creature deals (combat) damage" happens
                    # once for each creature in one event, whatever it was
                    # dealt to; that much is all of its damage.
                    by_source: dict[int, list[DamageEvent]] = {}
                    for e in fitting:
                        by_source.setdefault(e.source.serial, []).append(e)
                    for dealt in by_source.values():
                        total = sum(e.amount for e in dealt)
                        _trigger(
                            game,
                            watcher,
                            ability,
                            that_creature=dealt[0].source,
                            that_much=total,
                            what=f" ({dealt[0].source.name} deals {total} damage)",
                        )
                    continue
                # With a recipient: once for each recipient of that kind.
                for e in fitting:
                    _trigger(
                        game,
                        watcher,
                        ability,
                        that_creature=e.source,
                        that_much=e.amount,
                        what=f" ({e.source.name} deals {e.amount} damage to {_recipient_name(e)})",
                    )
            elif kind == "creatures_deal_combat_damage_to_a_player":
                by_player: dict[str, list[DamageEvent]] = {}
                for e in events:
                    if (
                        e.combat
                        and e.kind == "player"
                        and _fits(ability, sources[e.source.serial], watcher)
                    ):
                        by_player.setdefault(str(e.recipient), []).append(e)
                for player, dealt in by_player.items():
                    names = ", ".join(e.source.name for e in dealt)
                    _trigger(
                        game,
                        watcher,
                        ability,
                        that_much=sum(e.amount for e in dealt),
                        what=f" ({names} deal{'s' if len(dealt) == 1 else ''} combat damage to {player})",
                    )
            elif kind == "a_source_deals_damage_to_you":
                for e in relevant:
                    if (
                        e.kind == "player"
                        and e.recipient == watcher.controller
                        and _fits(ability, sources[e.source.serial], watcher)
                    ):
                        _trigger(
                            game,
                            watcher,
                            ability,
                            that_much=e.amount,
                            what=f" ({e.source.name} deals {e.amount} damage to {e.recipient})",
                        )


def life_gained(game: Game, gains: list[tuple[str, int]]) -> None:
    """Abilities that trigger on a player gaining life: once for each
    life-gain event (119.9; lifelink gives one event per source, 702.15e).
    ``gains`` lists each event's player and amount, in order."""
    if not gains:
        return
    for watcher in _watchers(game):
        for ability in _abilities(watcher, "you_gain_life", "an_opponent_gains_life"):
            for index, (player, amount) in enumerate(gains):
                if amount <= 0:
                    continue  # 119.9: gaining 0 life isn't a life-gain event
                mine = player == watcher.controller
                if mine != (ability.when == "you_gain_life"):
                    continue
                if ability.first_time_each_turn and _gained_earlier(game, player, gains, index):
                    continue
                _trigger(
                    game,
                    watcher,
                    ability,
                    that_much=amount,
                    what=f" ({player} gains {amount} life)",
                )


def _gained_earlier(game: Game, player: str, gains: list[tuple[str, int]], index: int) -> bool:
    """Whether ``player`` had a life-gain event this turn before the
    ``index``-th of ``gains`` (which are already in the history)."""
    this_turn = [
        gain
        for gain in game.history.life_gains
        if gain.player == player and gain.amount > 0 and gain.turn == game.turn_number
    ]
    later = sum(1 for p, amount in gains[index:] if p == player and amount > 0)
    return len(this_turn) > later


def died(game: Game, before: Seen, after: GameObject, looking_back: list[Seen]) -> None:
    """Leaves-the-battlefield abilities look back in time (603.10a): the
    abilities that existed, and the dead creature's appearance, immediately
    before the event."""
    for watcher in looking_back:
        for ability in watcher.triggers:
            if ability.functions_in != "battlefield":
                continue
            itself = ability.when == "dies" and watcher.serial == before.serial
            another = (
                ability.when == "a_creature_dies"
                and "creature" in before.current.types
                and _fits(ability, before, watcher)
            )
            if itself or another:
                _trigger(
                    game, watcher, ability, that_creature=after, what=f" ({before.obj.name} dies)"
                )


def entered(game: Game, obj: GameObject) -> None:
    """603.6a: enters-the-battlefield abilities: the permanent's own, and those
    of every permanent (the newcomer included) and every delayed triggered
    ability (603.7) that trigger on a creature entering."""
    others = bool(game.delayed_triggers) or any(
        ability.when == "a_creature_enters"
        for other in game.battlefield()
        for ability in other.triggers
    )
    if not obj.triggers and not others:
        return
    subject = seen(game, obj)
    what = f" ({obj.name} enters the battlefield)"
    for ability in _abilities(subject, "enters"):
        _trigger(game, subject, ability, what=what)
    if not others or "creature" not in subject.current.types:
        return
    for watcher in _watchers(game, ("battlefield",)):
        for ability in _abilities(watcher, "a_creature_enters"):
            if _fits(ability, subject, watcher):
                _trigger(game, watcher, ability, that_creature=obj, what=what)
    for delayed in game.delayed_triggers:
        watcher = seen(game, delayed.source)
        ability = delayed.ability
        if ability.when == "a_creature_enters" and _fits(
            ability, subject, watcher, delayed.controller
        ):
            _trigger(
                game,
                watcher,
                ability,
                that_creature=obj,
                what=what,
                controller=delayed.controller,
            )


def step_began(game: Game, position: str) -> None:
    """603.2b: abilities that trigger "at the beginning of" a step; those
    that trigger "at end of combat" trigger as the end of combat step
    begins (511.2)."""
    if position == "end_of_combat":
        for watcher in _watchers(game, ("battlefield",)):
            for ability in _abilities(watcher, "end_of_combat"):
                _trigger(game, watcher, ability, what=" (end of combat)")
        return
    if position != "beginning_of_combat":
        return
    for watcher in _watchers(game, ("battlefield",)):
        for ability in _abilities(watcher, "beginning_of_combat"):
            _trigger(game, watcher, ability, what=" (the beginning of combat)")
        if watcher.controller == game.turn.active_player:
            for ability in _abilities(watcher, "beginning_of_combat_on_your_turn"):
                _trigger(game, watcher, ability, what=" (the beginning of combat on your turn)")


# ----- putting them on the stack (603.3) -----


def apnap(game: Game) -> list[str]:
    """The players in APNAP order: the active player, then the others in
    turn order (101.4)."""
    names = [name for name in game.players]
    start = names.index(game.turn.active_player)
    return names[start:] + names[:start]


def put_on_stack(game: Game) -> None:
    """603.3b: each player, in APNAP order, puts the abilities they control
    that have triggered on the stack, in the order they triggered."""
    waiting, game.pending_triggers = game.pending_triggers, []
    order = apnap(game)
    waiting.sort(key=lambda t: order.index(t.controller) if t.controller in order else len(order))
    what = (
        "the triggered ability that triggered is"
        if len(waiting) == 1
        else f"the {len(waiting)} triggered abilities that triggered are"
    )
    if game.turn.position == "combat_damage":
        game.note(
            "510.3a",
            f"after combat damage, before the active player gets priority: state-based actions "
            f"are performed first (704.3), then {what} put on the stack (603.3)",
        )
    else:
        game.note(
            "117.5",
            f"a player would receive priority: state-based actions are performed first (704.3), "
            f"then {what} put on the stack (603.3)",
        )
    for pending in waiting:
        pending.serial = new_serial()
        if pending.ability.targets:
            pending.targets = {ref: target_serial(game, ref) for ref in pending.ability.targets}
            if all(serial is None for serial in pending.targets.values()):
                # 603.3d: no legal target can be chosen.
                game.note(
                    "603.3d",
                    f"{pending.describe()} has no legal target and is removed from the stack",
                )
                continue
        game.stack_order.append(pending.serial)
        game.abilities[pending.serial] = pending
        chosen = [ref for ref, serial in pending.targets.items() if serial is not None]
        targeting = (
            f", targeting {', '.join(display_name(game, ref) for ref in chosen)}" if chosen else ""
        )
        game.note(
            "603.3",
            f"{pending.controller} puts {pending.describe()} on the stack{targeting} "
            "(603.3b: in APNAP order, each player's in the order they triggered)",
        )


def target_serial(game: Game, ref: str) -> int | None:
    """A legal target's serial (0 for a player), or None: a target is a
    permanent on the battlefield or a player still in the game."""
    if ref in game.players:
        return None if game.players[ref].has_lost else 0
    obj = game.obj(ref)
    return obj.serial if obj.exists and obj.zone == "battlefield" else None


def display_name(game: Game, ref: str) -> str:
    return ref if ref in game.players else game.obj(ref).name


# ----- resolving (608) -----


def resolve(game: Game, ability: Triggered) -> None:
    """608.2: a triggered ability on the stack resolves. The choices its
    effect offers (608.2d, 603.5) are those given with `choose_on_resolution`
    for its source; each one given must be used."""
    game.note("608.2", f"{ability.describe()} resolves")
    game.history.abilities_resolved += 1
    given = game.resolution_choices.pop(ability.source.ref, {})
    used: set[str] = set()
    _resolve(game, ability, given, used)
    unused = [name for name in given if name not in used]
    if unused:
        raise InvalidInputError(
            f"the choice {unused[0]!r} given for {ability.describe()} with "
            "`choose_on_resolution` was never used: it offered no such choice as it resolved"
        )


def _resolve(game: Game, ability: Triggered, given: dict[str, Any], used: set[str]) -> None:
    condition = ability.ability.condition
    if condition is not None and not condition.holds(
        game, ability.controller, ability.source_serial
    ):
        game.note("603.4", "its condition is false now, so it is removed and does nothing")
        return
    legal = [ref for ref, serial in ability.targets.items() if still_target(game, ref, serial)]
    if ability.targets and not legal:
        game.note("608.2b", "all its targets are illegal now, so it doesn't resolve")
        return
    # 201.5, 400.7, 603.6: the objects it refers to are the objects they
    # were; a card that has changed zones since is a new object.
    gone = {ref for ref in ability.targets if ref not in legal}
    if game.obj(ability.source.ref).serial != ability.source_serial:
        gone.add(ability.source.ref)
    that = ability.that_creature
    if that is not None and game.obj(that[0]).serial != that[1]:
        gone.add(that[0])
    _perform(game, ability, ability.ability.actions, gone, legal, given, used)


def _perform(
    game: Game,
    ability: Triggered,
    actions: tuple | list,
    gone: set[str],
    legal: list[str],
    given: dict[str, Any],
    used: set[str],
) -> None:
    """The ability's actions in the order written (608.2c); a `choose` or a
    `may` is a choice made as that part of the effect applies (608.2d,
    608.2e, 603.5), and its own actions follow."""
    from mtgjudge.model.actions import perform_raw

    for action in actions:
        ((kind, args),) = action.items()
        if kind == "may":
            if _may(game, ability, args, given, used):
                _perform(game, ability, args["do"], gone, legal, given, used)
            continue
        if kind == "choose":
            chosen = _choose(game, ability, args, legal, given, used)
            if chosen:
                then = [_expand(part, chosen) for part in args["do"]]
                _perform(game, ability, then, gone, legal, given, used)
            continue
        bound = bind(game, action, gone, lambda node: _substitute(node, ability))
        if bound is not None:
            perform_raw(
                game,
                bound,
                you=ability.controller,
                targets=tuple(legal),
                source=ability.source,
                source_serial=ability.source_serial,
            )


def _may(
    game: Game, ability: Triggered, args: dict[str, Any], given: dict[str, Any], used: set[str]
) -> bool:
    """603.5: "you may ...": its controller chooses as it resolves; without
    a choice given, they don't."""
    name = args["name"]
    what = args.get("description") or name
    if name not in given:
        game.note("603.5", f"{ability.controller} chooses not to: {what} (no choice given)")
        return False
    used.add(name)
    yes = given[name]
    if not isinstance(yes, bool):
        raise InvalidInputError(f"the choice {name!r} is a “may”: true or false, not {yes!r}")
    game.note("603.5", f"{ability.controller} chooses {'to' if yes else 'not to'}: {what}")
    return yes


def _choose(
    game: Game,
    ability: Triggered,
    args: dict[str, Any],
    legal: list[str],
    given: dict[str, Any],
    used: set[str],
) -> list[str]:
    """608.2d: a player chooses permanents as the effect applies, among
    those that fit `among` (relative to that player). They can't choose an
    illegal option."""
    from mtgjudge.model.setup import object_filter

    name = args["name"]
    what = args.get("description") or name
    chooser = ability.controller
    if args.get("chooser", "you") == "target":
        players = [ref for ref in legal if ref in game.players]
        if not players:
            raise InvalidInputError(f"the choice {name!r} is made by a target player; none is left")
        chooser = players[0]
    wanted = object_filter(args["among"])
    candidates = [
        obj
        for obj in game.battlefield()
        if wanted.matches(game, obj, chooser, ability.source_serial)
    ]
    count = args.get("count", "one")
    if name in given:
        used.add(name)
        refs = given[name]
        if not isinstance(refs, list):
            raise InvalidInputError(
                f"the choice {name!r} chooses permanents: a list of names, not {refs!r}"
            )
        picked = [game.obj(ref) for ref in refs]
        for obj in picked:
            if obj not in candidates:
                raise IllegalActionError(
                    f"{chooser} can't choose {obj.name} ({obj.ref}) for {what}: it isn't among "
                    f"the permanents that may be chosen ({_names(candidates)})",
                    rule="608.2d",
                    fault="not_a_candidate",
                )
        if count != "any_number" and len(picked) > 1:
            raise IllegalActionError(
                f"{chooser} may choose only one permanent for {what}, not {_names(picked)}",
                rule="608.2d",
                fault="too_many_chosen",
            )
        if count == "one" and not picked and candidates:
            raise IllegalActionError(
                f"{chooser} must choose one of {_names(candidates)} for {what}",
                rule="608.2d",
                fault="nothing_chosen",
            )
    elif count == "one" and len(candidates) > 1:
        raise InvalidInputError(
            f"{chooser} chooses one of {', '.join(obj.ref for obj in candidates)} for {what} "
            f"(608.2d): say which with `choose_on_resolution = {{ {ability.source.ref} = "
            f"{{ {name} = [...] }} }}`"
        )
    else:
        # Without a choice given: the only permanent a player must choose;
        # nothing for "up to one" or "any number".
        picked = candidates[:1] if count == "one" else []
    if args.get("different_powers"):
        powers = [game.characteristics(obj).power for obj in picked]
        if len(set(powers)) != len(powers):
            raise IllegalActionError(
                f"{chooser} must choose creatures with different powers for {what}; "
                f"{_names(picked)} don't all have different powers",
                rule="608.2d",
                fault="same_power",
            )
    if not candidates:
        game.note(
            "608.2d", f"{chooser} has nothing to choose for {what}, so that part does nothing"
        )
    else:
        game.note("608.2d", f"{chooser} chooses {_names(picked) or 'nothing'} for {what}")
    return [obj.ref for obj in picked]


def _names(objects: list[GameObject]) -> str:
    return ", ".join(obj.name for obj in objects)


def _expand(node: Any, chosen: list[str]) -> Any:
    """A `choose`'s action with "chosen" replaced by the permanents chosen:
    in a list, each of them; as a key, each of them with the same value."""
    if isinstance(node, dict):
        out: dict[str, Any] = {}
        for key, value in node.items():
            for ref in chosen if key == CHOSEN else [key]:
                out[ref] = _expand(value, chosen)
        return out
    if isinstance(node, list):
        items: list[Any] = []
        for item in node:
            if item == CHOSEN:
                items += chosen
            else:
                items.append(_expand(item, chosen))
        return items
    return node


def still_target(game: Game, ref: str, serial: int | None) -> bool:
    """608.2b: a target that's no longer in the zone it was in is illegal."""
    if serial is None:
        return False
    if ref in game.players:
        return not game.players[ref].has_lost
    obj = game.obj(ref)
    return obj.serial == serial and obj.zone == "battlefield"


def _substitute(node: Any, ability: Triggered) -> Any:
    """Fills in "that creature" and "that much"."""
    if node == THAT_CREATURE:
        if ability.that_creature is None:
            raise InvalidInputError(
                f"the event {ability.event!r} has no “that creature” (see EVENTS)"
            )
        return ability.that_creature[0]
    if node == THAT_MUCH:
        if ability.that_much is None:
            raise InvalidInputError(f"the event {ability.event!r} has no “that much” (see EVENTS)")
        return ability.that_much
    return node


def _fill(node: Any, fill: Callable[[Any], Any]) -> Any:
    """``node`` with ``fill`` applied to each string in it."""
    if isinstance(node, str):
        return fill(node)
    if isinstance(node, dict):
        return {_fill(k, fill): _fill(v, fill) for k, v in node.items()}
    if isinstance(node, list):
        return [_fill(item, fill) for item in node]
    return node


#: Actions whose argument names objects by its keys, or lists them.
_KEYED = {
    "grant",
    "lose",
    "pump",
    "set_base",
    "counters",
    "remove_counters",
    "gain_control",
    "move",
    "controller_loses_life",
}
_LISTED = {
    "remove_from_combat",
    "become_blocked",
    "destroy",
    "sacrifice",
    "regenerate",
    "tap",
    "untap",
    "exile_until_source_leaves",
}


def bind(
    game: Game, action: dict[str, Any], gone: set[str], fill: Callable[[Any], Any]
) -> dict[str, Any] | None:
    """The action with its placeholders filled in by ``fill`` (for an
    ability, "that creature" and "that much"), and without the objects the
    spell or ability can no longer find or affect (400.7, 603.6, 608.2b);
    None if nothing is left of it."""
    ((kind, args),) = action.items()
    args = _fill(args, fill)
    dropped: list[str] = []
    if kind in _KEYED:
        dropped = [ref for ref in args if ref in gone]
        args = {ref: value for ref, value in args.items() if ref not in gone}
        empty = not args
    elif kind in _LISTED:
        dropped = [ref for ref in args if ref in gone]
        args = [ref for ref in args if ref not in gone]
        empty = not args
    elif kind in ("effect", "restrict", "goad") and isinstance(args.get("to"), list):
        dropped = [ref for ref in args["to"] if ref in gone]
        args = {**args, "to": [ref for ref in args["to"] if ref not in gone]}
        empty = not args["to"]
    elif kind == "fight":
        # 701.14b: if either creature is an illegal target, neither fights.
        dropped = sorted({ref for pair in args.items() for ref in pair if ref in gone})
        args = {ref: other for ref, other in args.items() if ref not in gone and other not in gone}
        empty = not args
        if dropped:
            game.note("701.14b", "a creature told to fight is an illegal target: neither fights")
    elif kind == "deal_damage":
        if args["source"] in gone:
            raise InvalidInputError(
                "damage dealt by a source that has left the battlefield (its last known "
                "information, 113.7a) isn't modelled"
            )
        dropped = [args["to"]] if args["to"] in gone else []
        empty = bool(dropped)
    else:
        empty = False
    for ref in dropped:
        game.note(
            "400.7",
            f"{display_name(game, ref)} isn't an object it can affect any more, "
            "so that part of the effect does nothing to it",
        )
    return None if dropped and empty else {kind: args}
