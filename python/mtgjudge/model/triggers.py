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
from dataclasses import dataclass, field, replace
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
    ATTACHED_CREATURE,
    ATTACK_EVENTS,
    CHOSEN,
    EVENTS,
    OWN_DAMAGE_EVENTS,
    SACRIFICED_POWER,
    THAT_CREATURE,
    THAT_MUCH,
    THAT_POWER,
    THAT_TOUGHNESS,
    THIS_OBJECT,
)

if TYPE_CHECKING:
    from mtgjudge.model.game import Game
    from mtgjudge.model.objects import GameObject

#: An upper bound on how many objects may resolve while players pass
#: priority in succession, so that a loop of triggers can't hang the model.
MAX_RESOLUTIONS = 200


#: The "event" of a reflexive triggered ability (603.12): what came before
#: it in the resolving ability's instructions.
REFLEXIVE = "reflexive"


@dataclass(frozen=True)
class TriggeredAbility:
    """A triggered ability of an object (603.1), or a reflexive one a
    resolving ability creates (603.12, event :data:`REFLEXIVE`)."""

    when: str
    #: What the object the event is about must be, relative to the ability's controller.
    filter: ObjectFilter | None = None
    #: For damage events: the kind of recipient (:data:`RECIPIENTS`).
    to: str | None = None
    #: For damage events: combat damage only.
    combat: bool = False
    #: For life gain: only the first life-gain event of the turn for that player.
    first_time_each_turn: bool = False
    #: For entering: only from this zone ("enters from your graveyard").
    from_zone: str | None = None
    #: For blocking by a number of creatures (509.3e): at least this many.
    at_least: int = 1
    #: "Do this only once each turn" (603.2h): it triggers only if its
    #: source's controller hasn't taken its action this turn.
    once_each_turn: bool = False
    #: The intervening "if" clause (603.4).
    condition: Condition | None = None
    #: Fixed targets, chosen as it's put on the stack (603.3d, 601.2c).
    targets: tuple[str, ...] = ()
    #: What its targets must be (115.1d), each a
    #: :class:`mtgjudge.model.targets.TargetSpec`; without any, a target is
    #: a permanent on the battlefield or a player.
    targeting: tuple = ()
    #: What it does as it resolves: actions in the scenario vocabulary.
    actions: tuple = ()
    #: The zone it functions in (113.6, 113.6k).
    functions_in: str = "battlefield"
    description: str = ""
    #: A modal ability's modes (603.3c, 700.2), each a
    #: :class:`TriggerMode`: one is chosen as it is put on the stack.
    modes: tuple = ()

    def __post_init__(self) -> None:
        if self.when not in EVENTS and self.when != REFLEXIVE:
            raise InvalidInputError(f"unknown trigger event {self.when!r}")


@dataclass(frozen=True)
class TriggerMode:
    """One mode of a modal triggered ability (603.3c): its targets and what
    it does, after the ability's own actions."""

    targets: tuple[str, ...] = ()
    targeting: tuple = ()
    actions: tuple = ()
    description: str = ""


#: The events a triggered ability created by a resolving spell may have.


@dataclass(frozen=True)
class DelayedTrigger:
    """A delayed triggered ability (603.7), created by a resolving spell or
    ability. It triggers only once it exists (603.7a): with a stated
    duration (`until`), each time its event happens until then; without one,
    only the next time, and then it is gone (603.7b). Its source is the spell
    (603.7d) or the source of the ability that created it (603.7e); its
    controller, the player who controlled that spell or ability as it
    resolved. ``about`` is the object it refers to ("when that creature
    becomes blocked"), by name and serial: the object it was (603.7c)."""

    ability: TriggeredAbility
    source: GameObject
    controller: str
    until: str | None = "end_of_turn"
    about: tuple[str, int] | None = None


def create_delayed(
    game: Game,
    spec: dict[str, Any],
    ability: TriggeredAbility,
    source: GameObject,
    controller: str,
) -> DelayedTrigger:
    """603.7: a resolving spell or ability creates a delayed triggered
    ability. Its source is the spell (603.7d), or the source of the ability
    that created it (603.7e); its controller, the player who controlled that
    spell or ability as it resolved. ``spec["object"]`` names the object it
    refers to, as the object it is now (603.7c)."""
    about = None
    if "object" in spec:
        ref = spec["object"]
        about = (ref, game.obj(ref).serial)
    delayed = DelayedTrigger(ability, source, controller, spec.get("until"), about)
    game.delayed_triggers.append(delayed)
    what = spec.get("description") or spec["event"].replace("_", " ")
    how = "until end of turn" if delayed.until == "end_of_turn" else "that triggers once"
    game.note("603.7", f"{source.name} creates a delayed triggered ability {how}: {what}")
    return delayed


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
    #: For a delayed triggered ability: the ability (603.7).
    delayed: DelayedTrigger | None = None
    #: The serial of the permanent it is attached to (301.5, 303.4), if any.
    attached_to: int | None = None

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
        attached_to=obj.attached_to,
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
    #: For each target chosen for a requirement (115.1d): its role and zone.
    target_roles: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: For a delayed triggered ability: the object it refers to (603.7c).
    about: tuple[str, int] | None = None
    #: "That creature"'s power and toughness as the event saw it (603.10).
    that_pt: tuple[int | None, int | None] | None = None
    #: As it resolves: the permanent its source is attached to, or was last
    #: attached to (608.2h), by name and serial.
    attached: tuple[str, int] | None = None

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
    """The objects with triggered abilities that function where they are,
    those they gained from effects included (613.1f), and then each delayed
    triggered ability (603.7), which functions wherever its source is."""
    granted = granted_triggers(game)
    found = []
    for obj in game.objects:
        if not obj.exists or (obj.zone not in zones and not obj.emblem):
            continue
        extra = granted.get(obj.serial, ())
        if not any(ability.functions_in == obj.zone for ability in (*obj.triggers, *extra)):
            continue
        watcher = seen(game, obj)
        found.append(replace(watcher, triggers=(*watcher.triggers, *extra)) if extra else watcher)
    return found + [_delayed_watcher(game, delayed) for delayed in game.delayed_triggers]


def _delayed_watcher(game: Game, delayed: DelayedTrigger) -> Seen:
    """A delayed triggered ability as a watcher: its source, under its
    controller (603.7d, 603.7e); for an ability about an object, "this
    creature" of its event is that object (603.7c)."""
    watcher = seen(game, delayed.source)
    current = replace(watcher.current, controller=delayed.controller)
    serial = delayed.about[1] if delayed.about is not None else watcher.serial
    return replace(
        watcher, current=current, serial=serial, triggers=(delayed.ability,), delayed=delayed
    )


def granted_triggers(game: Game) -> dict[int, tuple[TriggeredAbility, ...]]:
    """Triggered abilities that resolved effects give objects, by serial
    (613.1f); their sets were locked in as the effects began (611.2c)."""
    granted: dict[int, tuple[TriggeredAbility, ...]] = {}
    for effect in game.effects:
        gained = effect.modification.grant_triggers
        if gained and effect.affected is not None:
            for serial in effect.affected:
                granted[serial] = (*granted.get(serial, ()), *gained)
    return granted


def watchers(game: Game) -> list[Seen]:
    """What a leaves-the-battlefield event will look back at (603.10a)."""
    if (
        not game.delayed_triggers
        and not any(obj.triggers for obj in game.objects)
        and not granted_triggers(game)
    ):
        return []
    return _watchers(game)


def _functions(ability: TriggeredAbility, watcher: Seen) -> bool:
    """Whether the ability functions where its source is (113.6): a delayed
    triggered ability functions wherever its source is."""
    return watcher.delayed is not None or ability.functions_in == watcher.obj.zone


def _trigger(
    game: Game,
    watcher: Seen,
    ability: TriggeredAbility,
    *,
    that_creature: GameObject | None = None,
    that_much: int | None = None,
    what: str = "",
    controller: str | None = None,
    that_seen: Seen | None = None,
) -> None:
    """603.2: the ability triggers, unless its intervening "if" clause is
    false (603.4). ``controller`` is given for a delayed triggered ability
    (603.7d); otherwise it's the source's controller (603.3a)."""
    controller = controller or watcher.controller
    delayed = watcher.delayed
    if delayed is not None:
        if delayed not in game.delayed_triggers:
            return  # 603.7b: a delayed ability without a duration triggered already
        if delayed.until is None:
            # 603.7b: it triggers only once, the next time its event happens.
            game.delayed_triggers.remove(delayed)
    name = watcher.current.names[0] if watcher.current.names else watcher.obj.name
    # The source as the object it is immediately after the event (for a
    # creature that died, the card in the graveyard).
    serial = watcher.obj.serial
    label = ability.description or ability.when.replace("_", " ")
    if ability.once_each_turn and _once_key(game, watcher.obj, ability, controller) in (
        game.history.once_each_turn_done
    ):
        game.note(
            "603.2h",
            f"{name}'s triggered ability ({label}) doesn't trigger: {controller} has already "
            f"done this this turn{what}",
        )
        return
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
        about=delayed.about if delayed is not None else None,
    )
    if that_creature is not None:
        look = that_seen if that_seen is not None else seen(game, that_creature)
        pending.that_pt = (look.current.power, look.current.toughness)
    game.pending_triggers.append(pending)
    game.history.triggers.append(TriggerRecord(watcher.obj.ref, ability.when, controller))
    game.note("603.2", f"{pending.describe()} triggers{what}")


def _once_key(
    game: Game, source: GameObject, ability: TriggeredAbility, controller: str
) -> tuple[str, int, str, int]:
    """603.2h: what "only once each turn" keeps: this ability of this source,
    its controller, and the turn."""
    return (source.ref, id(ability), controller, game.turn_number)


def _action_taken(game: Game, ability: Triggered) -> None:
    """603.2h: its controller has taken its action this turn."""
    if ability.ability.once_each_turn:
        game.history.once_each_turn_done.add(
            _once_key(game, ability.source, ability.ability, ability.controller)
        )


def _abilities(watcher: Seen, *events: str) -> list[TriggeredAbility]:
    return [
        ability
        for ability in watcher.triggers
        if ability.when in events and _functions(ability, watcher)
    ]


def _fits(
    game: Game,
    ability: TriggeredAbility,
    subject: Seen,
    watcher: Seen,
    controller: str | None = None,
) -> bool:
    wanted = ability.filter
    if wanted is None:
        return True
    if wanted.other and subject.serial == watcher.serial:
        return False
    # "Whenever this creature is dealt damage": the object with the ability.
    if wanted.itself and subject.serial != watcher.serial:
        return False
    # "Whenever equipped creature is dealt damage" (301.5a, 303.4b).
    if wanted.attached_by_source and watcher.obj.attached_to != subject.serial:
        return False
    if wanted.looks_back:
        from mtgjudge.model import history

        # "A creature dealt damage by [this permanent] this turn": the
        # source as the object it is (for a delayed ability, its source's).
        if not history.fits(game, wanted, subject.serial, watcher.serial):
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
    game: Game,
    ability: TriggeredAbility,
    attacker: Seen,
    defender: str,
    watcher: Seen,
    alone: bool,
) -> str | None:
    """Whether declaring this attacker matches the ability's trigger event
    (508.3a), and if so how the trace says it."""
    if ability.when == "attacks":
        matches = attacker.serial == watcher.serial
    elif ability.when == "a_creature_attacks":
        matches = _fits(game, ability, attacker, watcher)
    elif ability.when == "a_creature_attacks_alone":
        # 506.5, 702.83b: the only creature declared as an attacker.
        if alone and _fits(game, ability, attacker, watcher):
            return f" ({attacker.obj.name} attacks alone, 506.5)"
        return None
    elif ability.when == "a_creature_attacks_you":
        matches = defender == watcher.controller and _fits(game, ability, attacker, watcher)
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
                if _fits(game, EXALTED, alone, watcher):
                    what = f" ({alone.obj.name} attacks alone, 702.83b)"
                    _trigger(game, watcher, EXALTED, that_creature=alone.obj, what=what)
    record = game.combat
    # The players attacked themselves, not through a planeswalker, by whose creatures.
    players_attacked = {
        (attacker.controller, defender)
        for attacker, defender in attackers
        if record is not None and record.attacks.get(attacker.serial, ("",))[0] == "player"
    }
    for watcher in _watchers(game, ("battlefield",)):
        for ability in _abilities(watcher, "you_attack"):
            if any(attacker.controller == watcher.controller for attacker, _ in attackers):
                _trigger(game, watcher, ability, what=f" ({watcher.controller} attacks)")
        # 508.3b: "whenever you're attacked": one or more creatures are
        # declared attacking that player, once for the declaration.
        for ability in _abilities(watcher, "you_are_attacked"):
            if any(defender == watcher.controller for _, defender in players_attacked):
                _trigger(game, watcher, ability, what=f" ({watcher.controller} is attacked)")
        # 508.3e: "whenever you attack a player": once for each player that
        # one or more of your creatures are declared attacking (not a
        # planeswalker or battle of theirs).
        for ability in _abilities(watcher, "you_attack_a_player"):
            for attacking, defender in sorted(players_attacked):
                if attacking == watcher.controller:
                    what = f" ({watcher.controller} attacks {defender})"
                    _trigger(game, watcher, ability, what=what)
        for ability in _abilities(watcher, *ATTACK_EVENTS[1:]):
            for attacker, defender in attackers:
                what = _attack_triggers(
                    game, ability, attacker, defender, watcher, len(attacks) == 1
                )
                if what is not None:
                    _trigger(game, watcher, ability, that_creature=attacker.obj, what=what)


def blockers_declared(
    game: Game,
    blocks: list[tuple[GameObject, GameObject]],
    unblocked: list[GameObject] = (),  # type: ignore[assignment]
) -> None:
    """509.3: abilities that trigger on blockers being declared. ``blocks``
    pairs each blocker with an attacker it blocks; ``unblocked`` lists the
    attacking creatures no creature was declared to block."""
    if not blocks and not unblocked:
        return
    for watcher in _watchers(game, ("battlefield",)):
        # 508.3f, 509.3g: "whenever [a creature] attacks and isn't blocked"
        # triggers in the declare blockers step, if no creature is declared
        # to block it, even one that entered attacking (508.4).
        for ability in _abilities(watcher, "attacks_and_isnt_blocked"):
            if any(attacker.serial == watcher.serial for attacker in unblocked):
                _trigger(
                    game,
                    watcher,
                    ability,
                    that_creature=watcher.obj,
                    what=f" ({watcher.obj.name} attacks and isn't blocked)",
                )
        for ability in _abilities(watcher, "a_creature_attacks_and_isnt_blocked"):
            for attacker in unblocked:
                if _fits(game, ability, seen(game, attacker), watcher):
                    _trigger(
                        game,
                        watcher,
                        ability,
                        that_creature=attacker,
                        what=f" ({attacker.name} attacks and isn't blocked)",
                    )
        # 509.3e: "blocks [N or more] creatures", "becomes blocked by [N or
        # more] creatures": as many as that when blockers are declared.
        for ability in _abilities(watcher, "blocks_creatures", "becomes_blocked_by_creatures"):
            mine = 0 if ability.when == "blocks_creatures" else 1
            count = sum(1 for pair in blocks if pair[mine].serial == watcher.serial)
            if count >= ability.at_least:
                verb = "blocks" if mine == 0 else "becomes blocked by"
                _trigger(
                    game,
                    watcher,
                    ability,
                    what=f" ({watcher.obj.name} {verb} {count} creature(s))",
                )
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
                if _fits(game, ability, seen(game, other), watcher):
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
    never blocked, so its "blocks" abilities don't (509.3a, 509.3b). An
    added blocker that brings the attacker's blockers to the number a
    "becomes blocked by [N or more] creatures" ability asks for triggers it
    (509.3e)."""
    for watcher in _watchers(game, ("battlefield",)):
        if watcher.serial != attacker.serial:
            continue
        record = game.combat
        count = (
            sum(1 for _, a in record.blocks if a == attacker.serial) if record is not None else 0
        )
        for ability in _abilities(watcher, "becomes_blocked_by_creatures"):
            if count == ability.at_least:
                _trigger(
                    game,
                    watcher,
                    ability,
                    what=f" ({attacker.name} becomes blocked by {count} creature(s))",
                )
        if not was_blocked:
            for ability in _abilities(watcher, "becomes_blocked"):
                _trigger(game, watcher, ability, what=f" ({attacker.name} becomes blocked)")
        for ability in _abilities(watcher, "blocks_or_becomes_blocked_by"):
            if _fits(game, ability, seen(game, blocker), watcher):
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
        return event.kind == "player" and not game.teammates(event.recipient, you)
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
            if not _functions(ability, watcher):
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
                    and _fits(game, ability, sources[e.source.serial], watcher)
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
                        and _fits(game, ability, sources[e.source.serial], watcher)
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
            elif kind == "creatures_deal_combat_damage_to_opponents":
                hit = {
                    str(e.recipient)
                    for e in events
                    if e.combat
                    and e.kind == "player"
                    and e.recipient != watcher.controller
                    and _fits(game, ability, sources[e.source.serial], watcher)
                }
                if hit:
                    _trigger(
                        game,
                        watcher,
                        ability,
                        that_much=len(hit),
                        what=f" (combat damage to {', '.join(sorted(hit))})",
                    )
            elif kind == "a_creature_is_dealt_damage":
                for e in relevant:
                    if e.kind != "creature":
                        continue
                    dealt = seen(game, e.recipient)  # type: ignore[arg-type]
                    if _fits(game, ability, dealt, watcher):
                        _trigger(
                            game,
                            watcher,
                            ability,
                            that_creature=e.recipient,  # type: ignore[arg-type]
                            that_much=e.amount,
                            what=f" ({_recipient_name(e)} is dealt {e.amount} damage)",
                        )
            elif kind == "a_source_deals_damage_to_you":
                for e in relevant:
                    if (
                        e.kind == "player"
                        and e.recipient == watcher.controller
                        and _fits(game, ability, sources[e.source.serial], watcher)
                    ):
                        _trigger(
                            game,
                            watcher,
                            ability,
                            that_much=e.amount,
                            what=f" ({e.source.name} deals {e.amount} damage to {e.recipient})",
                        )


def mana_ability_activated(game: Game, source: GameObject) -> None:
    """A mana ability of ``source`` was activated and has resolved. An
    ability that triggers on it, has no target and could add mana is a
    mana ability itself (605.1b): it doesn't go on the stack but resolves
    at once, after the mana ability that triggered it (605.4, 605.4a). One
    that couldn't add mana waits for the stack like any other (605.5a)."""
    subject = seen(game, source)
    for watcher in _watchers(game):
        for ability in _abilities(watcher, "a_mana_ability_is_activated"):
            if not _fits(game, ability, subject, watcher):
                continue
            waiting = len(game.pending_triggers)
            _trigger(game, watcher, ability, that_creature=source, what=f" ({source.name})")
            adds_mana = any("add_mana" in action for action in ability.actions)
            if (
                len(game.pending_triggers) > waiting
                and adds_mana
                and not (ability.targets or ability.targeting)
            ):
                pending = game.pending_triggers.pop()
                game.note("605.4a", f"{pending.describe()} is a mana ability: it resolves at once")
                resolve(game, pending)


def damage_prevented(
    game: Game, applications: list[list[tuple[Any, int]]], *, combat: bool
) -> None:
    """615.13: "whenever damage that would be dealt to [a recipient] is
    prevented" triggers each time a prevention effect is applied to one or
    more simultaneous damage events and prevents some or all of that
    damage: once for the application, however many events it changed.
    ``applications`` lists, for each, the pieces of damage (source and
    recipient) and how much of each was prevented; `to` narrows the
    recipients, and that much is what was prevented to them."""
    if not applications:
        return
    for watcher in _watchers(game):
        for ability in _abilities(watcher, "damage_is_prevented"):
            for applied in applications:
                events = [
                    DamageEvent(
                        source=piece.source,
                        kind=_recipient_kind(game, piece.recipient),
                        recipient=(
                            piece.recipient
                            if piece.recipient in game.players
                            else game.obj(piece.recipient)
                        ),
                        amount=count,
                        combat=combat,
                    )
                    for piece, count in applied
                ]
                fitting = [
                    e
                    for e in events
                    if _recipient_fits(game, ability.to, e, watcher.controller)
                    and (not ability.combat or e.combat)
                ]
                if fitting:
                    much = sum(e.amount for e in fitting)
                    _trigger(
                        game,
                        watcher,
                        ability,
                        that_much=much,
                        what=f" ({much} damage to {_recipient_name(fitting[0])} is prevented)",
                    )


def _recipient_kind(game: Game, recipient: str) -> str:
    if recipient in game.players:
        return "player"
    types = game.characteristics(game.obj(recipient)).types
    return "creature" if "creature" in types else "planeswalker"


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
                if ability.when == "you_gain_life":
                    if player != watcher.controller:
                        continue
                elif game.teammates(player, watcher.controller):
                    continue  # 102.3: a teammate is no opponent
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


def scried(game: Game, player: str) -> None:
    """701.22d: abilities that trigger whenever a player scries, after the
    scry is complete."""
    for watcher in _watchers(game):
        for ability in _abilities(watcher, "you_scry"):
            if watcher.controller == player:
                _trigger(game, watcher, ability, what=f" ({player} scries)")


def left_battlefield(
    game: Game, before: Seen, after: GameObject, looking_back: list[Seen], *, dies: bool
) -> None:
    """603.6c: leaves-the-battlefield abilities trigger when a permanent
    moves from the battlefield to another zone; "dies" ones (700.4) only
    when that zone is a graveyard. They look back in time (603.10a): the
    abilities that existed, and the permanent's appearance, immediately
    before the event. "That creature" is the card in the first zone it went
    to (603.6c): once it moves again, the ability can't find it (400.7)."""
    where = "dies" if dies else f"leaves the battlefield for {_zone_words(after)}"
    for watcher in looking_back:
        for ability in watcher.triggers:
            if ability.functions_in != "battlefield" and watcher.delayed is None:
                continue
            own = watcher.serial == before.serial
            itself = own and (
                ability.when == "leaves_the_battlefield" or (dies and ability.when == "dies")
            )
            another = (
                ability.when == "a_creature_leaves_the_battlefield"
                or (dies and ability.when == "a_creature_dies")
            ) and ("creature" in before.current.types and _fits(game, ability, before, watcher))
            # 603.6e: an Aura's (or Equipment's) ability on the permanent it
            # is attached to leaving; the Aura, put into its owner's graveyard
            # as attached to nothing (704.5m), is found there as its source.
            host = (
                ability.when == "attached_permanent_leaves_the_battlefield"
                and watcher.attached_to == before.serial
            )
            if itself or another or host:
                _trigger(
                    game,
                    watcher,
                    ability,
                    that_creature=after,
                    what=f" ({before.obj.name} {where})",
                    that_seen=before,
                )


def became_unattached(game: Game, attachment: GameObject, host: Seen) -> None:
    """603.10c: abilities that trigger when an object becomes unattached look
    back in time: those of the Equipment (`becomes_unattached`) and those of
    the permanent it was attached to as it was immediately before
    (`a_permanent_becomes_unattached_from_this`), though that permanent has
    left the battlefield, where its abilities functioned."""
    what = f" ({attachment.name} becomes unattached from {host.obj.name})"
    own = seen(game, attachment)
    for ability in _abilities(own, "becomes_unattached"):
        _trigger(game, own, ability, what=what)
    for ability in host.triggers:
        if (
            ability.when == "a_permanent_becomes_unattached_from_this"
            and ability.functions_in == "battlefield"
            and _fits(game, ability, own, host)
        ):
            _trigger(game, host, ability, that_creature=attachment, what=what)


def lost_control(game: Game, before: Seen) -> None:
    """603.10d: abilities that trigger when a player loses control of an
    object look back in time: "when you lose control of this permanent"
    triggers from the permanent as it was immediately before, so "you" (its
    controller, 603.3a) is the player who lost control."""
    for ability in before.triggers:
        if ability.when == "you_lose_control" and ability.functions_in == "battlefield":
            _trigger(
                game,
                before,
                ability,
                what=f" ({before.controller} loses control of {before.obj.name})",
            )


def _zone_words(obj: GameObject) -> str:
    if obj.zone in ("hand", "library", "graveyard"):
        return f"its owner's {obj.zone}"
    return obj.zone if obj.exists else "nowhere (a token ceases to exist)"


def entered(game: Game, obj: GameObject, from_zone: str | None = None) -> None:
    """603.6a: enters-the-battlefield abilities: the permanent's own, and those
    of every permanent (the newcomer included) and every delayed triggered
    ability (603.7) that trigger on a creature entering."""
    others = (
        bool(game.delayed_triggers)
        or any(
            ability.when == "a_creature_enters"
            for other in [*game.battlefield(), *game.emblems()]
            for ability in other.triggers
        )
        or bool(granted_triggers(game))
    )
    if not obj.triggers and not others:
        return
    subject = seen(game, obj)
    what = f" ({obj.name} enters the battlefield)"
    for ability in _abilities(subject, "enters"):
        if ability.from_zone in (None, from_zone):
            _trigger(game, subject, ability, what=what)
    if not others or "creature" not in subject.current.types:
        return
    for watcher in _watchers(game, ("battlefield",)):
        for ability in _abilities(watcher, "a_creature_enters"):
            if ability.from_zone in (None, from_zone) and _fits(game, ability, subject, watcher):
                _trigger(game, watcher, ability, that_creature=obj, what=what)


#: The events "at the beginning of" a step (603.2b), by step: each, and
#: on the ability's controller's turn only.
_STEP_EVENTS = {
    "upkeep": ("beginning_of_upkeep", "beginning_of_your_upkeep"),
    "draw": ("beginning_of_draw_step", "beginning_of_your_draw_step"),
    "beginning_of_combat": ("beginning_of_combat", "beginning_of_combat_on_your_turn"),
    "end": ("beginning_of_end_step", "beginning_of_your_end_step"),
}


def step_began(game: Game, position: str) -> None:
    """603.2b: abilities that trigger "at the beginning of" a step; those
    that trigger "at end of combat" trigger as the end of combat step
    begins (511.2)."""
    if position == "end_of_combat":
        for watcher in _watchers(game, ("battlefield",)):
            for ability in _abilities(watcher, "end_of_combat"):
                _trigger(game, watcher, ability, what=" (end of combat)")
        return
    if position not in _STEP_EVENTS:
        return
    each, yours = _STEP_EVENTS[position]
    what = {"end": "end step", "draw": "draw step"}.get(position, position.replace("_", " "))
    for watcher in _watchers(game, ("battlefield",)):
        for ability in _abilities(watcher, each):
            _trigger(game, watcher, ability, what=f" (the beginning of the {what})")
        # 805.4a: a teammate's permanents see "your" step on the team's turn.
        if game.is_active(watcher.controller):
            for ability in _abilities(watcher, yours):
                _trigger(
                    game, watcher, ability, what=f" (the beginning of the {what} on your turn)"
                )


#: "At the beginning of your first (second) main phase" (505.1b), by number.
_MAIN_PHASE_EVENTS = {
    1: "beginning_of_your_first_main_phase",
    2: "beginning_of_your_second_main_phase",
}


def main_phase_began(game: Game, number: int) -> None:
    """603.2b: abilities that trigger at the beginning of your first or
    second main phase; 505.1b: the count is of main phases of this turn."""
    event = _MAIN_PHASE_EVENTS.get(number)
    if event is None:
        return
    ordinal = "first" if number == 1 else "second"
    for watcher in _watchers(game, ("battlefield",)):
        if game.is_active(watcher.controller):  # 805.4a
            for ability in _abilities(watcher, event):
                _trigger(
                    game, watcher, ability, what=f" (the beginning of your {ordinal} main phase)"
                )


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
        if pending.ability.modes and not _choose_mode(game, pending):
            continue
        if pending.ability.targets:
            _choose_targets(game, pending)
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


def _choose_mode(game: Game, pending: Triggered) -> bool:
    """603.3c: the controller of a modal triggered ability announces its
    mode as it is put on the stack, given with `trigger_mode` for its source
    (by default the first mode that may be chosen). A mode whose targets
    can't be chosen legally can't be chosen; with no mode chosen, the
    ability is removed from the stack (False)."""
    modes = pending.ability.modes
    legal = [
        index
        for index, mode in enumerate(modes)
        if not mode.targets
        or any(_can_target(game, pending, ref, mode.targeting) for ref in mode.targets)
    ]
    wanted = game.trigger_modes.pop(pending.source.ref, None)
    if wanted is not None and not 1 <= wanted <= len(modes):
        raise InvalidInputError(
            f"trigger_mode: {pending.describe()} has no mode {wanted} (it has {len(modes)})"
        )
    if wanted is not None and wanted - 1 not in legal:
        raise IllegalActionError(
            f"mode {wanted} of {pending.describe()} can't be chosen: none of its targets can "
            "be chosen legally",
            rule="603.3c",
            fault="illegal_mode",
        )
    if not legal:
        game.note(
            "603.3c",
            f"no mode of {pending.describe()} can be chosen, so it is removed from the stack",
        )
        return False
    index = wanted - 1 if wanted is not None else legal[0]
    mode = modes[index]
    game.note(
        "603.3c",
        f"{pending.controller} chooses mode {index + 1} of {pending.describe()}"
        + (f": {mode.description}" if mode.description else ""),
    )
    pending.ability = replace(
        pending.ability,
        modes=(),
        targets=mode.targets,
        targeting=mode.targeting,
        actions=(*pending.ability.actions, *mode.actions),
    )
    return True


def _can_target(game: Game, pending: Triggered, ref: str, specs: tuple) -> bool:
    """Whether ``ref`` could be chosen as a target now (603.3d)."""
    from mtgjudge.model import targets

    if targets.untargetable(game, ref, pending.controller, pending.source_serial) is not None:
        return False
    if not specs:
        return target_serial(game, ref) is not None
    return any(
        spec.zone_of(game, ref, pending.controller, pending.source_serial) is not None
        for spec in specs
    )


def _choose_targets(game: Game, pending: Triggered) -> None:
    """603.3d: the targets are chosen as it is put on the stack: each fixed
    target, if it is legal now, for the first requirement it fits (115.1d)."""
    from mtgjudge.model import targets

    specs = pending.ability.targeting
    for ref in pending.ability.targets:
        why = targets.untargetable(game, ref, pending.controller, pending.source_serial)
        if why is not None:
            # 702.11b, 702.18a: a target it can't have isn't chosen.
            pending.targets[ref] = None
            game.note(why[1], f"{why[2]}: it isn't a legal target for {pending.describe()}")
            continue
        if not specs:
            pending.targets[ref] = target_serial(game, ref)
            continue
        for spec in specs:
            zone = spec.zone_of(game, ref, pending.controller, pending.source_serial)
            if zone is not None:
                pending.targets[ref] = targets.serial_of(game, ref)
                pending.target_roles[ref] = (spec.role, zone)
                break
        else:
            pending.targets[ref] = None
            game.note(
                "603.3d", f"{display_name(game, ref)} isn't a legal target for {pending.describe()}"
            )


def _still_legal(game: Game, ability: Triggered, ref: str, serial: int | None) -> bool:
    """608.2b, for a triggered ability's target."""
    from mtgjudge.model import targets

    if ref not in ability.target_roles:
        return still_target(game, ref, serial) and (
            targets.untargetable(game, ref, ability.controller, ability.source_serial) is None
        )

    role, zone = ability.target_roles[ref]
    chosen = targets.Chosen(ref, role, serial or 0, zone)
    return targets.still_legal(
        game, chosen, ability.ability.targeting, ability.controller, ability.source_serial
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
    legal = [
        ref for ref, serial in ability.targets.items() if _still_legal(game, ability, ref, serial)
    ]
    if ability.targets and not legal:
        game.note("608.2b", "all its targets are illegal now, so it doesn't resolve")
        return
    # 201.5, 400.7, 603.6: the objects it refers to are the objects they
    # were; a card that has changed zones since is a new object.
    gone = {ref for ref in ability.targets if ref not in legal}
    if game.obj(ability.source.ref).serial != ability.source_serial:
        gone.add(ability.source.ref)
    if _says(ability.ability.actions, ATTACHED_CREATURE):
        ability.attached = _attached(game, ability)
    for that in (ability.that_creature, ability.about, ability.attached):
        if that is not None and game.obj(that[0]).serial != that[1]:
            # 603.7c: an object that has left its zone isn't affected.
            gone.add(that[0])
    _perform(game, ability, ability.ability.actions, gone, legal, given, used)
    if not any("may" in action for action in ability.ability.actions):
        # 603.2h: it did what it says (a "you may" does only if chosen).
        _action_taken(game, ability)


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
                _action_taken(game, ability)
                _perform(game, ability, args["do"], gone, legal, given, used)
            continue
        if kind == "when_you_do":
            _reflexive(game, ability, args)
            continue
        if kind == "choose_one":
            option = _choose_one(game, ability, args, given, used)
            if option is not None:
                _perform(game, ability, args["options"][option], gone, legal, given, used)
            continue
        if kind == "distribute":
            from mtgjudge.model.activated import divided_counters

            shares = divided_counters(
                getattr(ability.ability, "divides", None), getattr(ability, "division", {}), legal
            )
            if shares is None:
                game.note("608.2b", "no legal target is left to get the counters divided")
                continue
            action = shares
        if kind == "choose":
            chosen = _choose(game, ability, args, legal, given, used)
            if chosen:
                then = [_expand(part, chosen) for part in args["do"]]
                _perform(game, ability, then, gone, legal, given, used)
            continue
        roles = _roles(ability, legal)
        if roles and _mentions_role(action, roles):
            from mtgjudge.model import targets

            try:
                action = targets.expand(action, roles)
            except targets.NoTarget as missing:
                game.note(
                    "608.2b",
                    f"{missing} has no legal target left: that part of the effect doesn't happen",
                )
                continue
            if targets.is_empty(action):
                continue
        bound = bind(game, action, gone, lambda node: _substitute(node, ability))
        if bound is not None and kind == "scry" and "scry" in given:
            # 701.22a: which of the cards looked at go to the bottom, chosen
            # as it resolves.
            from mtgjudge.model.actions import _scry

            used.add("scry")
            _scry(game, bound["scry"], _context(ability, legal), bottom=list(given["scry"]))
            continue
        if bound is not None:
            perform_raw(
                game,
                bound,
                you=ability.controller,
                targets=tuple(legal),
                source=ability.source,
                source_serial=ability.source_serial,
                x=getattr(ability, "x", None),
                counters_removed=getattr(ability, "counters_removed", None),
            )


def _says(node: Any, word: str) -> bool:
    if isinstance(node, str):
        return node == word
    if isinstance(node, dict):
        return any(_says(k, word) or _says(v, word) for k, v in node.items())
    if isinstance(node, (list, tuple)):
        return any(_says(item, word) for item in node)
    return False


def _attached(game: Game, ability: Triggered) -> tuple[str, int] | None:
    """ "Enchanted creature" as the ability resolves: the permanent its
    source is attached to; if the source has left the battlefield, the one
    it was attached to as it last existed there (608.2h, 113.7a)."""
    source = game.by_serial(ability.source_serial)
    if source is not None and source.zone == "battlefield" and source.attached_to is not None:
        host = game.by_serial(source.attached_to)
        return (host.ref, host.serial) if host is not None else None
    last = game.last_attached.get(ability.source_serial)
    if last is not None:
        game.note(
            "608.2h",
            f"{ability.source_name} isn't attached to anything now; it was last attached to "
            f"{game.obj(last[0]).name}",
        )
    return last


def _reflexive(game: Game, ability: Triggered, args: dict[str, Any]) -> None:
    """603.12: a reflexive triggered ability ("when you do, ..."), created by
    the resolving ability and checked at once: written after the action it
    waits for (in a `may`'s `do`, after what the player may do), it is
    reached only if that action was taken earlier in this resolution, and
    then it triggers. Like a delayed triggered ability (603.7d, 603.7e) its
    source is the resolving ability's, and its controller that ability's;
    it waits to be put on the stack, with its own targets (603.3d), the next
    time a player would receive priority."""
    from mtgjudge.model import targets as target_rules

    reflexive = TriggeredAbility(
        when=REFLEXIVE,
        targets=tuple(args.get("targets", ())),
        targeting=tuple(target_rules.spec_from(t) for t in args.get("targeting", ())),
        actions=tuple(args["do"]),
        description="when you do: " + (args.get("description") or "a reflexive ability"),
    )
    pending = Triggered(
        ability=reflexive,
        source=ability.source,
        source_serial=ability.source_serial,
        source_name=ability.source_name,
        controller=ability.controller,
        event=REFLEXIVE,
        that_creature=ability.that_creature,
        that_much=ability.that_much,
        about=ability.about,
    )
    pending.that_pt = ability.that_pt
    game.pending_triggers.append(pending)
    game.history.triggers.append(TriggerRecord(ability.source.ref, REFLEXIVE, ability.controller))
    game.note("603.12", f"{pending.describe()} triggers (a reflexive triggered ability)")


def _roles(ability: Triggered, legal: list[str]) -> dict[str, list[str]]:
    """Each role of its target requirements: the legal targets chosen for it."""
    roles: dict[str, list[str]] = {spec.role: [] for spec in ability.ability.targeting}
    for ref in legal:
        if ref in ability.target_roles:
            roles[ability.target_roles[ref][0]].append(ref)
    return roles


def _mentions_role(action: Any, roles: dict[str, list[str]]) -> bool:
    from mtgjudge.model import targets

    return targets.mentions(action, list(roles))


def _context(ability: Triggered, legal: list[str]) -> Any:
    from mtgjudge.model.actions import Context

    return Context(
        ability.controller,
        None,
        tuple(legal),
        ability.source,
        ability.source_serial,
        x=getattr(ability, "x", None),
        counters_removed=getattr(ability, "counters_removed", None),
    )


def _choose_one(
    game: Game, ability: Triggered, args: dict[str, Any], given: dict[str, Any], used: set[str]
) -> str | None:
    """608.2d: "your choice of ...": its controller chooses one of the
    options as that part of the effect applies, not before."""
    name = args["name"]
    options = list(args["options"])
    what = args.get("description") or name
    if name in given:
        used.add(name)
        picked = given[name]
        if picked not in options:
            raise IllegalActionError(
                f"{ability.controller} can't choose {picked!r} for {what}: the options are "
                + ", ".join(options),
                rule="608.2d",
                fault="not_a_candidate",
            )
    elif len(options) == 1:
        picked = options[0]
    else:
        raise InvalidInputError(
            f"{ability.controller} chooses one of {', '.join(options)} for {what} (608.2d): say "
            f"which with `choose_on_resolution = {{ {ability.source.ref} = {{ {name} = ... }} }}`"
        )
    game.note("608.2d", f"{ability.controller} chooses {picked} for {what}")
    return picked


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
    if "cards" in args:
        # Cards in the chooser's zone ("discard a card": a card in their hand).
        from mtgjudge.model import cost
        from mtgjudge.model.setup import spell_filter

        zone = args["cards"].get("zone", "hand")
        quality = spell_filter(args["cards"].get("filter", {}))
        candidates = [
            obj
            for obj in game.objects
            if obj.exists
            and obj.zone == zone
            and obj.owner == chooser
            and quality.matches(cost.card_qualities(game, obj))
        ]
    else:
        wanted = object_filter(args["among"])
        candidates = [
            obj
            for obj in game.battlefield()
            if wanted.matches(game, obj, chooser, ability.source_serial)
        ]
    count = args.get("count", "one")
    if count == THAT_MUCH:
        count = _substitute(count, ability)
    if isinstance(count, int):
        # "Discard that many cards": exactly that many, or all there are.
        wanted = min(count, len(candidates))
        if name not in given and len(candidates) > wanted:
            raise InvalidInputError(
                f"{chooser} chooses {wanted} of {', '.join(obj.ref for obj in candidates)} for "
                f"{what} (608.2d): say which with `choose_on_resolution`"
            )
        picked = [game.obj(ref) for ref in given[name]] if name in given else list(candidates)
        if name in given:
            used.add(name)
        if len(picked) != wanted or any(obj not in candidates for obj in picked):
            raise IllegalActionError(
                f"{chooser} must choose {wanted} of {_names(candidates)} for {what}",
                rule="608.2d",
                fault="not_a_candidate",
            )
        game.note("608.2d", f"{chooser} chooses {_names(picked) or 'nothing'} for {what}")
        return [obj.ref for obj in picked]
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
    in a list, each of them; as a key, each of them with the same value; as
    a value, the one chosen."""
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
    if node == CHOSEN and len(chosen) == 1:
        # As a single object (`attach = { aura = "chosen" }`): the one chosen.
        return chosen[0]
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
    if node == ATTACHED_CREATURE:
        if ability.attached is None:
            raise InvalidInputError(
                f"{ability.source_name} is attached to nothing and was attached to nothing: "
                "no `attached_creature`"
            )
        return ability.attached[0]
    if node == SACRIFICED_POWER:
        # 608.2h: the power of the permanent sacrificed to pay the cost, as
        # it last existed on the battlefield; 107.1b: negative deals none.
        power = getattr(ability, "sacrificed_power", None)
        if power is None:
            raise InvalidInputError("`sacrificed_power` needs a permanent sacrificed for the cost")
        return max(power, 0)
    if node == THIS_OBJECT:
        # "This creature": the object whose ability it is.
        return ability.source.ref
    if node in (THAT_POWER, THAT_TOUGHNESS):
        # 608.2h, 603.10a: that creature's power or toughness as the event saw
        # it: as it last existed on the battlefield, for one that died.
        if ability.that_pt is None:
            raise InvalidInputError(f"the event {ability.event!r} has no “that creature”")
        value = ability.that_pt[0 if node == THAT_POWER else 1]
        return max(value or 0, 0)
    return node


def _fill(node: Any, fill: Callable[[Any], Any]) -> Any:
    """``node`` with ``fill`` applied to each string in it, but not in the
    triggered abilities an effect grants: their placeholders are their own."""
    if isinstance(node, str):
        return fill(node)
    if isinstance(node, dict):
        return {
            _fill(k, fill): v if k == "grant_triggers" else _fill(v, fill) for k, v in node.items()
        }
    if isinstance(node, list):
        return [_fill(item, fill) for item in node]
    return node


#: Actions whose argument names objects by its keys, or lists them.
_KEYED = {
    "attach",
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
    "switch",
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
    if kind == "create_trigger":
        # A delayed ability's own actions are filled in when it triggers;
        # only the object it refers to is named now (603.7c).
        args = {**args, **({"object": fill(args["object"])} if "object" in args else {})}
    else:
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
        if args.get("source") in gone:
            # 113.7a, 608.2h: the source deals the damage as it last existed.
            args = {**args, "as_last_known": True}
        to = args.get("to")
        listed = to if isinstance(to, list) else [to] if isinstance(to, str) else []
        dropped = [ref for ref in listed if ref in gone]
        if dropped:
            args = {**args, "to": [ref for ref in listed if ref not in gone]}
        empty = bool(dropped) and not args["to"] and not {"to_players", "to_each"} & set(args)
    else:
        empty = False
    for ref in dropped:
        game.note(
            "400.7",
            f"{display_name(game, ref)} isn't an object it can affect any more, "
            "so that part of the effect does nothing to it",
        )
    return None if dropped and empty else {kind: args}
