"""The game model that interprets scenarios: players, objects in zones,
continuous effects, the turn, and a log of what happened. The hot loops
(combat damage, state-based actions after damage) run in the Rust kernel;
see :mod:`mtgjudge.model.combat`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import InitVar, dataclass, field
from typing import Any

from mtgjudge.errors import IllegalActionError, InvalidInputError
from mtgjudge.model import (
    counters,
    daynight,
    effects,
    excess,
    history,
    life,
    replacement,
    triggers,
    umbra,
    uniqueness,
)
from mtgjudge.model.combat import CombatRecord, KernelBoard
from mtgjudge.model.effects import Characteristics, ContinuousEffect, Modification, ObjectFilter
from mtgjudge.model.objects import GameObject, new_serial
from mtgjudge.model.timing import ActivePermission
from mtgjudge.model.triggers import Triggered, TriggerRecord
from mtgjudge.model.turn import PHASE_STEPS, Turn
from mtgjudge.protocol.vocabulary import POSITIONS, seating_problem

ZONES = ("battlefield", "graveyard", "exile", "hand", "library", "stack", "command")


def _add_starting_loyalty(obj: GameObject) -> None:
    """306.5b: a planeswalker enters with loyalty counters equal to its
    printed loyalty, besides any others it enters with (614.1c)."""
    if obj.loyalty is not None and "planeswalker" in obj.types:
        obj.counters["loyalty"] += obj.loyalty


@dataclass
class SharedTotals:
    """A life total (119.1) and poison counters (122.1f): a player's own, or
    in Two-Headed Giant their team's, which each teammate holds (810.4,
    810.10)."""

    life: int
    poison: int = 0


@dataclass
class Player:
    name: str
    starting_life: InitVar[int] = 20
    has_lost: bool = False
    #: Mana in the mana pool, or None when the scenario doesn't track mana
    #: (costs are then assumed to be paid).
    mana_pool: object = None
    #: Attempted to draw from an empty library since state-based actions
    #: were last checked (704.5b).
    drew_from_empty_library: bool = False
    #: The dungeons the player has completed, by name (309.7).
    dungeons_completed: tuple[str, ...] = ()
    #: Counters the player has (122.1) other than poison counters, which
    #: are :attr:`poison` (122.1f).
    counters: Counter = field(default_factory=Counter)
    totals: SharedTotals = field(init=False)
    #: The player's team: their teammates in Two-Headed Giant (810.1), and
    #: the player, in seat order; only the player outside one.
    team: tuple[str, ...] = field(init=False)

    def __post_init__(self, starting_life: int) -> None:
        self.totals = SharedTotals(starting_life)
        self.team = (self.name,)

    @property
    def life(self) -> int:
        """119.1; in Two-Headed Giant the team's (810.9a)."""
        return self.totals.life

    @life.setter
    def life(self, total: int) -> None:
        # 810.9: the result is applied to the team's shared total.
        self.totals.life = total

    @property
    def poison(self) -> int:
        """122.1f; in Two-Headed Giant the team's (810.10a)."""
        return self.totals.poison

    @poison.setter
    def poison(self, count: int) -> None:
        self.totals.poison = count


@dataclass(frozen=True)
class DamageRecord:
    """Damage that was dealt: by whom (scenario ref), to whom, how much, when."""

    source: str
    recipient: str
    amount: int
    step: str | None  # "first_strike", "regular", or None for noncombat damage
    combat_number: int = 0
    #: The turn (the scenario's first is 1), and the objects the source and
    #: the recipient were (0 for a player), for "this turn" (400.7).
    turn: int = 1
    source_serial: int = 0
    recipient_serial: int = 0


@dataclass(frozen=True)
class LifeGainRecord:
    player: str
    amount: int
    source: str
    step: str | None
    #: The number of the turn, counting the scenario's first turn as 1.
    turn: int = 1


@dataclass(frozen=True)
class TraceEntry:
    """One step of an explanation: the rule applied, and what it did."""

    rule: str | None
    text: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}" if self.rule else self.text


@dataclass
class History:
    """What happened since the scenario began."""

    damage: list[DamageRecord] = field(default_factory=list)
    life_gains: list[LifeGainRecord] = field(default_factory=list)
    #: Scenario refs of permanents put into a graveyard from the battlefield, with the rule.
    deaths: list[tuple[str, str]] = field(default_factory=list)
    #: The combat damage steps in order ("first_strike" or "regular").
    damage_steps: list[str] = field(default_factory=list)
    #: Cards each player discarded.
    discarded: dict[str, int] = field(default_factory=dict)
    #: What the most recent search found, as scenario refs (None before any search).
    found: list[str] | None = None
    #: Card names chosen by effects ("choose a card name").
    chosen_names: list[str] = field(default_factory=list)
    #: The total cost of each spell cast (601.2f), as printed mana symbols.
    total_costs: dict[str, str] = field(default_factory=dict)
    #: How each spell cast was paid (601.2h); None where mana isn't tracked.
    payments: dict[str, object] = field(default_factory=dict)
    #: Every time a triggered ability triggered (603.2), in order.
    triggers: list[TriggerRecord] = field(default_factory=list)
    #: How many triggered abilities have resolved (or tried to: 603.4, 608.2b).
    abilities_resolved: int = 0
    #: Spells cast (601.2i): (player, scenario name, turn number).
    spells_cast: list[tuple[str, str, int]] = field(default_factory=list)
    #: Damage prevented (615): (source, recipient, amount), scenario names.
    prevented: list[tuple[str, str, int]] = field(default_factory=list)
    #: Scenario refs of permanents that regenerated instead of being
    #: destroyed (701.19a), once for each time.
    regenerated: list[str] = field(default_factory=list)
    #: Zone changes, for what happened this turn (:mod:`mtgjudge.model.history`).
    moves: list[Any] = field(default_factory=list)
    #: Abilities activated (:class:`mtgjudge.model.activated.Activation`).
    activations: list[Any] = field(default_factory=list)
    #: Lands played (305.1): (player, turn number).
    land_plays: list[tuple[str, int]] = field(default_factory=list)
    #: "Do this only once each turn" abilities whose action was taken (603.2h):
    #: (source, ability, controller, turn number).
    once_each_turn_done: set[tuple[str, int, str, int]] = field(default_factory=set)


class GameOver(Exception):
    """Raised inside an action at the moment the game ends (104.1): nothing
    else happens in it, no step, no triggered ability, no action."""


class Game:
    """A game in progress, as a scenario's setup describes it."""

    def __init__(self, players: list[Player], active_player: str, position: str = "precombat_main"):
        if active_player not in {player.name for player in players}:
            raise InvalidInputError(f"the active player {active_player!r} is not a player")
        if position not in POSITIONS:
            raise InvalidInputError(f"unknown phase or step {position!r}")
        self.players: dict[str, Player] = {player.name: player for player in players}
        #: The Two-Headed Giant teams (810.1), in seat order; none otherwise.
        self.teams: list[tuple[str, ...]] = []
        #: The game is over (104.1), and who won (104.2a); None for a draw (104.4a).
        self.over = False
        self.winner: str | None = None
        #: Players who lost at the state-based check under way, with the
        #: rule and the reason: they lose together (704.3).
        self.losing: list[tuple[str, str, str]] = []
        self.objects: list[GameObject] = []
        self.refs: dict[str, GameObject] = {}
        self.effects: list[ContinuousEffect] = []
        self.turn = Turn(active_player)
        self.turn.start_at(position)
        self.combat: CombatRecord | None = CombatRecord() if self.turn.in_combat() else None
        self.history = History()
        self.trace: list[TraceEntry] = []
        self._timestamp = 0
        #: Serials of the objects on the stack (spells and abilities), bottom first.
        self.stack_order: list[int] = []
        #: Triggered abilities on the stack, by serial (603.3).
        self.abilities: dict[int, Triggered] = {}
        #: Triggered abilities that have triggered and wait to be put on the
        #: stack the next time a player would receive priority (603.3).
        self.pending_triggers: list[Triggered] = []
        #: The scenario's first turn is turn 1.
        self.turn_number = 1
        #: Cards exiled "until [a permanent] leaves the battlefield" (610.3),
        #: by that permanent's serial.
        self.exiled_until_leaves: dict[int, list[str]] = {}
        #: Each permanent that left the battlefield as it last existed there
        #: (by its serial there: tapped, keywords), for abilities that use its
        #: last known information (608.2b, 113.7a).
        self.last_known: dict[int, tuple[bool, frozenset[str]]] = {}
        #: The controller each object (by scenario name) had as it last left
        #: the battlefield: its last known information (608.2h, 113.7a).
        self.last_controllers: dict[str, str] = {}
        #: What each object (by the serial it had there) was attached to as
        #: it last left the battlefield: that permanent's name and serial
        #: (608.2h, 113.7a).
        self.last_attached: dict[int, tuple[str, int]] = {}
        #: Each object, by scenario name, as it last existed on the
        #: battlefield or the stack (its controller, keywords), for damage
        #: it deals once it has left (113.7a, 608.2h).
        self.last_known_by_ref: dict[str, tuple[str, frozenset[str], int | None]] = {}
        #: Each object's serial when the scenario began, to tell whether it is
        #: still the same object (400.7).
        self.initial_serials: dict[str, int] = {}
        #: The order of each player's library, top first, by serial.
        self.library_order: dict[str, list[int]] = {}
        #: The characteristics being computed, to refuse a loop (613.8).
        self._computing: set[tuple[int, int]] = set()
        #: Replacement and prevention effects on damage from resolved spells
        #: and abilities (614.1a, 615).
        self.damage_effects: list[replacement.ActiveEffect] = []
        #: The replacements of draws doing their actions now (614.5).
        self._replacing_draws: set[tuple[int, int]] = set()
        #: Life rules and life-gain replacements from resolved spells and
        #: abilities, until end of turn (119.7, 119.8, 614.1a).
        self.life_effects: list[life.ActiveLifeRule] = []
        #: Rules on counters from resolved spells and abilities (122.1, 614.1a).
        self.counter_effects: list[counters.ActiveCounterRule] = []
        #: 615.5: damage prevention effects' sources deal once the damage
        #: event they changed has happened.
        self.after_prevention: list[replacement.FollowUp] = []
        self.follow_up_depth = 0
        #: How the controllers of prevention effects divide them for the next
        #: damage event: (source, recipient, amount) by the effect's source.
        self.prevention_choices: dict[str, list[tuple[str, str, int]]] = {}
        #: 616.1: the order in which the affected player applies the
        #: replacement and prevention effects to the next damage event, by
        #: that player: the effects' sources by name.
        self.replacement_orders: dict[str, list[str]] = {}
        #: The legendary permanent each player keeps the next time the legend
        #: rule applies to them (704.5j), given with `keep_legend`.
        self.legend_choices: dict[str, str] = {}
        #: The mode (from 1) the controller of each named source's next modal
        #: triggered ability chooses as it is put on the stack (603.3c),
        #: given with `trigger_mode`.
        self.trigger_modes: dict[str, int] = {}
        #: Choices given in advance (`choose_on_resolution`) for the next
        #: triggered ability of each source to resolve (608.2d): by the
        #: source's scenario name, then by the name of the choice.
        self.resolution_choices: dict[str, dict[str, Any]] = {}
        #: Day or night (730.1), or None for neither.
        self.day_night: str | None = None
        #: Triggered abilities created by resolving spells, for a duration (603.7b).
        self.delayed_triggers: list[triggers.DelayedTrigger] = []
        #: "Skip your next [step]" effects waiting (614.10): (player, step),
        #: one for each occurrence to skip (614.10a).
        self.skips: list[tuple[str, str]] = []
        #: Extra turns created (500.7), oldest first: the last is taken first.
        self.extra_turns: list[str] = []
        #: The player whose turn, in the normal order, is the latest: extra
        #: turns don't move the turn order on (500.7).
        self.normal_turn_player = active_player

    # ----- queries -----

    def note(self, rule: str | None, text: str) -> None:
        self.trace.append(TraceEntry(rule, text))

    def next_timestamp(self) -> int:
        self._timestamp += 1
        return self._timestamp

    def form_teams(self, teams: list[list[str]]) -> None:
        """Two-Headed Giant (810.1, 810.2): each team shares one life total
        (810.4) and its poison counters (810.10), so its players must start
        with the same ones, and takes its turns together (805.4)."""
        problem = seating_problem(self.players, teams)
        if problem is not None:
            raise InvalidInputError(f"teams: {problem}")
        for team in teams:
            members = [self.players[name] for name in team]
            if len({(p.life, p.poison) for p in members}) > 1:
                raise InvalidInputError(
                    f"the team {', '.join(team)} shares one life total and its poison "
                    "counters (810.4, 810.10): give its players the same"
                )
            for member in members:
                member.totals = members[0].totals
                member.team = tuple(team)
        self.teams = [tuple(team) for team in teams]
        self.note("810.4", "a Two-Headed Giant game: each team has a shared life total")

    def player_names(self) -> list[str]:
        return list(self.players)

    def teammates(self, player: str, other: str) -> bool:
        """The same player, or on the same Two-Headed Giant team (810.1)."""
        return other in self.players[player].team

    def is_active(self, player: str) -> bool:
        """The active player, or a player of the active team (805.4a)."""
        return self.teammates(self.turn.active_player, player)

    def opponents(self, player: str) -> list[str]:
        """The players not on the player's team (102.3, 810.1)."""
        return [name for name in self.players if not self.teammates(player, name)]

    def obj(self, ref: str) -> GameObject:
        """The object a scenario name refers to now."""
        try:
            return self.refs[ref]
        except KeyError:
            raise InvalidInputError(f"no object named {ref!r}") from None

    def battlefield(self) -> list[GameObject]:
        return [obj for obj in self.objects if obj.zone == "battlefield" and obj.exists]

    def is_on_battlefield(self, serial: int) -> bool:
        return any(obj.serial == serial for obj in self.battlefield())

    def by_serial(self, serial: int) -> GameObject | None:
        for obj in self.objects:
            if obj.serial == serial:
                return obj
        return None

    def characteristics(self, obj: GameObject, up_to_layer: int = 7) -> Characteristics:
        key = (obj.serial, up_to_layer)
        if key in self._computing:
            # An effect whose set depends on its own result (613.8): the
            # loader refuses the known shapes; anything else is bad input.
            raise InvalidInputError(
                f"the characteristics of {obj.name} depend on themselves (613.8): an effect "
                "looks at what it changes"
            )
        self._computing.add(key)
        try:
            return effects.compute(self, obj, self.current_effects(), up_to_layer)
        finally:
            self._computing.discard(key)

    def controller(self, obj: GameObject) -> str:
        return self.characteristics(obj, up_to_layer=5).controller

    def display(self, obj: GameObject) -> str:
        return obj.name

    # ----- objects and zones -----

    def add_object(self, obj: GameObject) -> GameObject:
        if obj.ref in self.refs:
            raise InvalidInputError(f"two objects are named {obj.ref!r}")
        if obj.zone not in ZONES:
            raise InvalidInputError(f"unknown zone {obj.zone!r}")
        self.objects.append(obj)
        self.refs[obj.ref] = obj
        obj.timestamp = self.next_timestamp()
        self.initial_serials.setdefault(obj.ref, obj.serial)
        if obj.zone == "library":
            self.library_order.setdefault(obj.owner, []).append(obj.serial)
        return obj

    def create_tokens(
        self,
        tokens: list[GameObject],
        player: str,
        as_they_enter: Callable[[GameObject], None] | None = None,
    ) -> None:
        """111.2: ``player`` creates these tokens; they enter the battlefield
        under that player's control at the same time, and then every
        permanent, the newcomers included, is checked for abilities that
        trigger on their entering (603.6a). ``as_they_enter`` does what
        happens to each as it enters (attacking or blocking, 508.4, 509.4)."""
        for token in tokens:
            token.owner = token.controller = player
            token.zone = "battlefield"
            token.token = True
            token.summoning_sick = True
            _add_starting_loyalty(token)
            self.add_object(token)
            history.moved(self, token, None)
            self.note("111.2", f"{player} creates a {token.name} token")
            if as_they_enter is not None:
                as_they_enter(token)
        for token in tokens:
            triggers.entered(self, token)

    def stack_objects(self) -> list[GameObject]:
        """The spells on the stack, bottom first."""
        by_serial = {obj.serial: obj for obj in self.objects if obj.zone == "stack" and obj.exists}
        return [by_serial[serial] for serial in self.stack_order if serial in by_serial]

    def stack_items(self) -> list[GameObject | Triggered]:
        """Everything on the stack, spells and abilities, bottom first (405)."""
        by_serial: dict[int, GameObject | Triggered] = {
            obj.serial: obj for obj in self.objects if obj.zone == "stack" and obj.exists
        }
        by_serial.update(self.abilities)
        return [by_serial[serial] for serial in self.stack_order if serial in by_serial]

    def top_of_library(self, player: str) -> GameObject | None:
        for serial in self.library_order.get(player, []):
            obj = self.by_serial(serial)
            if obj is not None and obj.zone == "library":
                return obj
        return None

    def permissions(self) -> list[ActivePermission]:
        """Permissions to cast spells from static abilities on the battlefield."""
        return [
            ActivePermission(permission, obj)
            for obj in self.battlefield()
            for permission in obj.permissions
        ]

    def current_effects(self) -> list[ContinuousEffect]:
        """Effects from resolved spells and abilities, and from the static
        abilities of permanents on the battlefield, in timestamp order (613.7)."""
        statics = [
            ContinuousEffect(
                timestamp=obj.timestamp,
                modification=static.modification,
                you=self.controller_without_statics(obj),
                duration="static",
                filter=static.filter,
                source_serial=obj.serial,
                condition=static.condition,
                description=static.description,
                combat=static.combat,
                times=static.times,
            )
            for obj in [*self.battlefield(), *self.emblems()]
            for static in obj.statics
        ]
        return sorted(statics + self.effects, key=lambda effect: effect.timestamp)

    def emblems(self) -> list[GameObject]:
        """The emblems in the command zone: their abilities function there (114.4)."""
        return [obj for obj in self.objects if obj.emblem and obj.zone == "command" and obj.exists]

    def controller_without_statics(self, obj: GameObject) -> str:
        """Its controller from control-changing effects of resolved spells."""
        return effects.compute(self, obj, self.effects, up_to_layer=2).controller

    def move(
        self,
        obj: GameObject,
        zone: str,
        *,
        controller: str | None = None,
        rule: str = "400.7",
        looking_back: list[triggers.Seen] | None = None,
        before: triggers.Seen | None = None,
        as_it_enters: Callable[[GameObject], None] | None = None,
    ) -> GameObject:
        """Moves an object to another zone. It becomes a new object with no
        memory of its previous existence (400.7): no counters, damage,
        status, attachments or effects carry over. A token that leaves the
        battlefield ceases to exist once there (111.7, 111.8, 704.5d).

        For objects that die at the same time, ``looking_back`` and
        ``before`` are the abilities and the object as they were
        immediately before the event (603.10a). ``as_it_enters`` does what
        happens to a permanent as it enters the battlefield (tapped and
        attacking, 508.4), before abilities that trigger on its entering look
        at it."""
        previous_zone = obj.zone
        if zone == "battlefield" and previous_zone != "battlefield":
            prohibition = self._cant_enter(obj, controller)
            if prohibition is not None:
                if previous_zone != "stack":
                    # 614.17d: it can't enter, so it doesn't move.
                    self.note("614.17d", f"{obj.name} can't enter the battlefield ({prohibition})")
                    return obj
                # 608.3e: a permanent spell that can't be put onto the
                # battlefield goes to its owner's graveyard.
                self.note("608.3e", f"{obj.name} can't enter the battlefield ({prohibition})")
                zone = "graveyard"
        shuffle_in = False
        if zone == "graveyard" and obj.instead_of_graveyard is not None and obj.exists:
            # 614.1a, 113.6b: its own replacement effect, from anywhere; the
            # event is replaced and never happens (614.6), so it doesn't die.
            zone = obj.instead_of_graveyard
            shuffle_in = zone == "library"
            instead = "its owner's library" if zone == "library" else "exile"
            self.note(
                "614.1a", f"{obj.name} would be put into a graveyard; it goes to {instead} instead"
            )
        departed = {obj.serial: self.controller(obj)} if previous_zone == "battlefield" else {}
        returning: list[str] = []
        # 700.4: "dies" is about what the permanent was as it last existed.
        was_creature = (
            previous_zone == "battlefield" and "creature" in self.characteristics(obj).types
        )
        if previous_zone in ("battlefield", "stack"):
            current = self.characteristics(obj)
            self.last_known_by_ref[obj.ref] = (
                current.controller or obj.owner,
                current.all_keywords,
                current.power,
            )
        if previous_zone == "battlefield":
            returning = self.exiled_until_leaves.pop(obj.serial, [])
            self.last_known[obj.serial] = (obj.tapped, self.characteristics(obj).all_keywords)
            self.last_controllers[obj.ref] = departed[obj.serial]
            host = self.by_serial(obj.attached_to) if obj.attached_to is not None else None
            if host is not None:
                self.last_attached[obj.serial] = (host.ref, host.serial)
            for other in self.battlefield():
                if other.attached_to == obj.serial:
                    # What is attached to it was last attached to it (608.2h).
                    self.last_attached[other.serial] = (obj.ref, obj.serial)
        dies = previous_zone == "battlefield" and zone == "graveyard"
        # 603.6c: a permanent that moves from the battlefield to another zone
        # leaves the battlefield (it dies if that zone is a graveyard).
        leaves = previous_zone == "battlefield" and zone != "battlefield"
        if dies:
            # 700.4: "dies" means put into a graveyard from the battlefield.
            self.history.deaths.append((obj.ref, rule))
        if leaves:
            # 603.10a: leaves-the-battlefield abilities look back in time.
            if looking_back is None:
                looking_back = triggers.watchers(self)
            if looking_back and before is None:
                before = triggers.seen(self, obj)
        # 614.1c: a permanent spell enters with the counters its costs promised.
        entering_with = obj.enters_with if previous_zone == "stack" else Counter()
        obj.zone = zone
        obj.serial = new_serial()
        obj.controller = controller or obj.owner
        obj.tapped = False
        obj.damage = 0
        obj.counters = Counter(entering_with) if zone == "battlefield" else Counter()
        obj.enters_with = Counter()
        obj.attached_to = None
        obj.struck_first = False
        obj.dealt_deathtouch_damage = False
        # 400.7: a shield protects the object it was created for only.
        obj.regeneration_shields = 0
        obj.devoured = 0
        obj.summoning_sick = zone == "battlefield"
        obj.cast_half = None
        obj.mode = None
        obj.x = None
        obj.targets = ()
        obj.spell_targets = ()
        obj.timestamp = self.next_timestamp()
        obj.transformed = False
        obj.devoured = 0
        if shuffle_in and not obj.token:
            self._shuffle_into_library(obj)
        if zone == "battlefield":
            _add_starting_loyalty(obj)
            if previous_zone != "battlefield":
                self._enter(obj)
            if as_it_enters is not None and previous_zone != "battlefield":
                as_it_enters(obj)
            daynight.entering(self, obj)
        if previous_zone == "battlefield":
            self._leave_battlefield_cleanup(departed, before)
        if obj.token and previous_zone == "battlefield" and zone != "battlefield":
            obj.exists = False
            self.note("111.8", f"the token {obj.name} left the battlefield and ceases to exist")
        for ref in returning:
            # 610.3, 610.3c: the exiled card returns under its owner's control.
            card = self.refs[ref]
            if card.zone == "exile" and card.exists:
                self.move(card, "battlefield")
                self.note(
                    "610.3c", f"{card.name} returns to the battlefield under its owner's control"
                )
        history.moved(self, obj, previous_zone, was_creature=was_creature)
        if leaves and looking_back and before is not None:
            triggers.left_battlefield(self, before, obj, looking_back, dies=dies)
        if zone == "battlefield" and previous_zone != "battlefield":
            triggers.entered(self, obj, previous_zone)
        return obj

    def _cant_enter(self, obj: GameObject, controller: str | None) -> str | None:
        """614.17d: the permanent whose "can't enter" effect applies to the
        object, judged as it would exist on the battlefield (under
        ``controller``, with the continuous effects that would apply to it
        there), or None."""
        sources = [other for other in self.battlefield() if other.cant_enter]
        if not sources:
            return None
        was = (obj.zone, obj.controller)
        obj.zone, obj.controller = "battlefield", controller or obj.owner
        try:
            for other in sources:
                for wanted in other.cant_enter:
                    if wanted.matches(self, obj, self.controller(other), other.serial):
                        return other.name
        finally:
            obj.zone, obj.controller = was
        return None

    def _enter(self, obj: GameObject) -> None:
        """How a permanent enters (614.1c): tapped or with counters, by its
        own static ability (603.6d) and by other permanents' effects, which
        look at it as it would exist on the battlefield (614.12)."""
        if obj.as_enters_choose is not None:
            self._choose_as_it_enters(obj)
        tapped, own_counters = obj.enters
        changes = [(obj.name, tapped, own_counters, "603.6d")]
        for other in self.battlefield():
            for wanted, other_tapped, other_counters in other.others_enter:
                if other is not obj and wanted.matches(
                    self, obj, self.controller(other), other.serial
                ):
                    changes.append((other.name, other_tapped, other_counters, "614.12"))
        for source, enters_tapped, added, rule in changes:
            if enters_tapped:
                obj.tapped = True
                self.note(rule, f"{obj.name} enters tapped ({source})")
            for kind, count in added:
                # 122.6: it enters with them, as the rules on counters let it.
                counters.put(self, obj, kind, count, f"as it enters, {source}", rule=rule)

    def _choose_as_it_enters(self, obj: GameObject) -> None:
        """614.12a, 614.12c: "as [this] enters, choose [A] or [B]": the choice
        (given with `choose_on_resolution` for it) is made before it enters,
        so it enters with the abilities of the option chosen, and has them as
        long as it stays on the battlefield."""
        name, options = obj.as_enters_choose
        given = self.resolution_choices.get(obj.ref, {})
        chosen = given.pop(name, None)
        if not given:
            self.resolution_choices.pop(obj.ref, None)
        if chosen not in options:
            raise InvalidInputError(
                f"{obj.name} asks its controller to choose {name} as it enters: give "
                f"`choose_on_resolution = {{ {obj.ref} = {{ {name} = ... }} }}`, one of "
                f"{sorted(options)} (found {chosen!r})"
            )
        keywords, power, toughness = options[chosen]
        self.add_effect(
            Modification(grant=keywords, power=power, toughness=toughness),
            self.controller(obj),
            affected=[obj],
            duration="permanent",
            description=f"{chosen} was chosen as it entered",
        )
        self.note("614.12a", f"as {obj.name} enters, {self.controller(obj)} chooses {chosen}")

    def _shuffle_into_library(self, obj: GameObject) -> None:
        """701.20a, 701.24a: the card is revealed and shuffled into its
        owner's library: no order of the library is promised afterwards
        (the model keeps its order and puts the card at the bottom)."""
        self.library_order.setdefault(obj.owner, []).append(obj.serial)
        self.note("701.24a", f"{obj.name} is shuffled into {obj.owner}'s library")

    def _leave_battlefield_cleanup(
        self, departed: dict[int, str], host: triggers.Seen | None = None
    ) -> None:
        """What was attached to a permanent that left is attached to nothing:
        an Aura stays so until state-based actions put it into the graveyard
        (704.5m, :meth:`_auras_attached_to_nothing`), so an effect resolving
        may still attach it elsewhere; Equipment stays, unattached (704.5n);
        what left the battlefield leaves combat (506.4). ``departed`` maps the
        serials that left to their controllers; ``host`` is the permanent that
        left as it was immediately before, for "becomes unattached" abilities
        (603.10c)."""
        on_battlefield = {obj.serial for obj in self.battlefield()}
        for other in self.battlefield():
            if other.attached_to is not None and other.attached_to not in on_battlefield:
                if "Aura" in other.subtypes:
                    other.attached_to = None
                else:
                    self.note("704.5n", f"{other.name} becomes unattached")
                    was_on = other.attached_to
                    other.attached_to = None
                    if host is not None and host.serial == was_on:
                        triggers.became_unattached(self, other, host)
        if self.combat is not None:
            self.combat.forget_missing(on_battlefield, departed)

    def destroy(self, objs: list[GameObject]) -> None:
        """An effect destroys permanents (701.8a), all at the same time: the
        one place the model performs "destroy". An indestructible permanent
        isn't destroyed (702.12b); a regeneration shield replaces the
        destruction (701.19a, 614.8). The state-based actions that destroy
        creatures (704.5g, 704.5h) are the kernel's, with the same rule."""
        destroyed = []
        for obj in objs:
            if obj.zone != "battlefield" or not obj.exists:
                self.note("701.8a", f"{obj.name} isn't on the battlefield, so it isn't destroyed")
            elif "indestructible" in self.characteristics(obj).all_keywords:
                self.note("702.12b", f"{obj.name} has indestructible and isn't destroyed")
            elif umbra.replaces(self, obj, f"an effect would destroy {obj.name} (701.8a)"):
                continue
            elif obj.regeneration_shields > 0:
                # 701.19a: "instead remove all damage marked on it and its
                # controller taps it. If it's an attacking or blocking
                # creature, remove it from combat."
                obj.regeneration_shields -= 1
                obj.damage = 0
                obj.dealt_deathtouch_damage = False
                obj.tapped = True
                self.record_regeneration(obj, "an effect would destroy it (701.8a)")
            else:
                self.note("701.8a", f"{obj.name} is destroyed")
                destroyed.append((obj, "701.8a"))
        # Put into the graveyard at once, so that their leaves-the-battlefield
        # abilities see each other (603.10a).
        self.put_into_graveyards(destroyed)

    def record_regeneration(self, obj: GameObject, why: str) -> None:
        """After a regeneration shield was used (701.19a) and the damage was
        removed and the permanent tapped, by the kernel's state-based actions
        (for creatures) or by :meth:`destroy` (for any permanent): records it
        and takes it out of combat (506.4)."""
        self.history.regenerated.append(obj.ref)
        self.note(
            "701.19a",
            f"{why}; instead a regeneration shield of {obj.name} is used: all damage marked "
            f"on it is removed and it becomes tapped",
        )
        record = self.combat
        if record is not None and (
            record.is_attacking(obj.serial) or record.is_blocking(obj.serial)
        ):
            from mtgjudge.model import combat

            combat.remove_from_combat(self, obj)

    def put_into_graveyard(self, obj: GameObject, rule: str) -> None:
        self.move(obj, "graveyard", rule=rule)

    def put_into_graveyards(self, dying: list[tuple[GameObject, str]]) -> None:
        """Permanents put into their owners' graveyards at the same time, as
        state-based actions do (704.3): each one's leaves-the-battlefield
        abilities, and those of the others, look back to the moment before
        (603.10a)."""
        looking_back = triggers.watchers(self)
        before = {obj.serial: triggers.seen(self, obj) for obj, _ in dying} if looking_back else {}
        for obj, rule in dying:
            if obj.zone == "battlefield":
                self.move(
                    obj,
                    "graveyard",
                    rule=rule,
                    looking_back=looking_back,
                    before=before.get(obj.serial),
                )

    # ----- effects -----

    def add_effect(
        self,
        modification: Modification,
        you: str,
        *,
        affected: list[GameObject] | None = None,
        filter: ObjectFilter | None = None,
        duration: str = "end_of_turn",
        description: str = "",
        source_serial: int | None = None,
    ) -> ContinuousEffect:
        """Creates a continuous effect from a resolving spell or ability. With
        a filter, the affected set is locked in now (611.2c); "other" in it
        leaves out ``source_serial``, the effect's source."""
        if affected is None:
            if filter is None:
                raise InvalidInputError("an effect needs objects or a filter")
            affected = [
                obj for obj in self.battlefield() if filter.matches(self, obj, you, source_serial)
            ]
        # An object that can't have a keyword now doesn't get it from this
        # effect, even once it could have it again: that part of the effect
        # isn't created for it.
        not_granted = {}
        if modification.grant:
            for obj in affected:
                withheld = modification.grant & effects.cant_have(self, obj)
                if withheld:
                    not_granted[obj.serial] = withheld
                    self.note(
                        "613.1f",
                        f"{obj.name} can't have {', '.join(sorted(withheld))}: the effect "
                        "doesn't give it",
                    )
        effect = ContinuousEffect(
            timestamp=self.next_timestamp(),
            modification=modification,
            you=you,
            duration=duration,
            affected=frozenset(obj.serial for obj in affected),
            description=description,
            not_granted=not_granted,
        )
        self.effects.append(effect)
        return effect

    # ----- life and damage -----

    def check_state_based_actions(self) -> None:
        """704.3: performed whenever a player would receive priority. The
        kernel performs those that damage can cause (704.5a, 704.5c, 704.5f–i)."""
        for player in self.players.values():
            if player.drew_from_empty_library:
                player.drew_from_empty_library = False
                self.losing.append(
                    (
                        player.name,
                        "704.5b",
                        f"{player.name} attempted to draw from an empty library and loses the game",
                    )
                )
        for obj in self.battlefield():
            # 704.5q: +1/+1 and -1/-1 counters on the same permanent cancel.
            cancelled = min(obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0))
            if cancelled:
                for kind in ("+1/+1", "-1/-1"):
                    obj.counters[kind] -= cancelled
                    if not obj.counters[kind]:
                        del obj.counters[kind]
                self.note(
                    "704.5q",
                    f"{cancelled} +1/+1 and -1/-1 counter pair(s) are removed from {obj.name}",
                )
            # 704.5r: "can't have more than N [kind] counters on it".
            for kind, limit in obj.counter_limits:
                extra = obj.counters.get(kind, 0) - limit
                if extra > 0:
                    obj.counters[kind] = limit
                    self.note(
                        "704.5r",
                        f"{obj.name} can't have more than {limit} {kind} counter(s): {extra} "
                        "are removed from it",
                    )
        self._unattach_what_cant_be_attached()
        self._auras_attached_to_nothing()
        # 704.5j, 704.5k: the legend rule and the world rule.
        self.put_into_graveyards(uniqueness.legend_rule(self) + uniqueness.world_rule(self))
        # 702.89a: umbra armor replaces the destructions to come.
        umbra.before_state_based_actions(self)
        board = KernelBoard(self)
        board.sync(board.kernel.check_state_based_actions())
        # 704.3: checked again; an Aura whose permanent the kernel's state-based
        # actions just put into a graveyard is attached to nothing now.
        self._auras_attached_to_nothing()
        self.settle_losses()

    def _unattach_what_cant_be_attached(self) -> None:
        """704.5p: a creature or battle attached to something becomes
        unattached, as does a noncreature permanent that is neither an Aura,
        an Equipment nor a Fortification; each stays on the battlefield."""
        for obj in self.battlefield():
            if obj.attached_to is None:
                continue
            now = self.characteristics(obj)
            can_attach = {"Aura", "Equipment", "Fortification"} & now.subtypes
            if {"creature", "battle"} & now.types or not can_attach:
                obj.attached_to = None
                self.note("704.5p", f"{obj.name} can't be attached and becomes unattached")

    def _auras_attached_to_nothing(self) -> None:
        """704.5m: an Aura attached to nothing (or to a permanent no longer on
        the battlefield) is put into its owner's graveyard."""
        on_battlefield = {obj.serial for obj in self.battlefield()}
        for aura in self.battlefield():
            if "Aura" in aura.subtypes and aura.attached_to not in on_battlefield:
                self.note("704.5m", f"{aura.name} is attached to nothing and goes to the graveyard")
                was = aura.serial
                self.move(aura, "graveyard", rule="704.5m")
                # 603.6e: its abilities that triggered on the enchanted
                # permanent leaving find the new object in the graveyard.
                for waiting in [*self.pending_triggers, *self.abilities.values()]:
                    if (
                        waiting.source_serial == was
                        and waiting.ability.when == "attached_permanent_leaves_the_battlefield"
                    ):
                        waiting.source_serial = aura.serial

    def settle_losses(self) -> None:
        """The players who lost at this state-based check lose together
        (704.3); in Two-Headed Giant a player's team loses with them
        (810.8a). A player who loses leaves the game (104.5); with at most
        one player or team left the game is over (104.2a, 104.4a) and
        GameOver is raised; otherwise the game goes on without them
        (800.4a)."""
        losing, self.losing = self.losing, []
        gone = []
        for name, rule, why in losing:
            for member in self.players[name].team:
                player = self.players[member]
                if player.has_lost:
                    continue
                player.has_lost = True
                gone.append(member)
                if member == name:
                    self.note(rule, why)
                else:
                    self.note("810.8a", f"{member} loses the game with their teammate {name}")
        if not gone:
            return
        left = [name for name, player in self.players.items() if not player.has_lost]
        if not left or all(self.teammates(left[0], other) for other in left[1:]):
            self.over = True
            # In Two-Headed Giant, the team wins (810.8a): its first player
            # as the setup lists them stands for it.
            self.winner = left[0] if left else None
            if self.winner is not None and len(left) > 1:
                self.note("810.8a", f"the team of {' and '.join(left)} is left and wins the game")
            elif self.winner is not None:
                self.note("104.2a", f"{self.winner} is the only player left and wins the game")
            else:
                self.note("104.4a", "every player left loses at once: the game is a draw")
            raise GameOver
        for name in gone:
            self._leave_game(name)

    def _leave_game(self, player: str) -> None:
        """800.4a: the objects the player owns leave the game, effects that
        give them control of objects end, and what they still control is
        exiled."""
        self.note("800.4a", f"{player} leaves the game")
        for obj in self.objects:
            if obj.exists and obj.owner == player:
                if self.combat is not None and obj.zone == "battlefield":
                    from mtgjudge.model import combat

                    combat.remove_from_combat(self, obj)
                if obj.serial in self.stack_order:
                    self.stack_order.remove(obj.serial)
                obj.exists = False
                self.note("800.4a", f"{obj.name}, owned by {player}, leaves the game")
        self.effects = [e for e in self.effects if e.modification.controller != player]
        for obj in self.battlefield():
            if self.controller(obj) == player:
                self.note("800.4a", f"{obj.name}, still controlled by {player}, is exiled")
                self.move(obj, "exile")

    def before_priority(self) -> None:
        """117.5, 603.3b: each time a player would receive priority, the game
        performs state-based actions, then puts the triggered abilities
        that have triggered on the stack, and repeats until neither
        happens."""
        while True:
            # 702.145c–g: daybound and nightbound act at once, not as
            # state-based actions, before a player would receive priority.
            daynight.update(self)
            self.check_state_based_actions()
            if not self.pending_triggers:
                return
            triggers.put_on_stack(self)

    def players_pass(self) -> None:
        """All players pass priority in succession, again and again: while the
        stack isn't empty its top object resolves (117.4, 608.1), and
        then the step or phase can end (500.2)."""
        from mtgjudge.model import casting

        self.before_priority()
        for _ in range(triggers.MAX_RESOLUTIONS):
            if not self.stack_items():
                return
            casting.resolve_top(self)
            self.before_priority()
        raise IllegalActionError(
            "the stack doesn't empty: too many objects resolved",
            rule="117.4",
            fault="stack_never_empties",
        )

    def gain_life(
        self, player: str, amount: int, source: str, *, by_own_spell_or_ability: bool = False
    ) -> None:
        """119.3: a player gains life; each time is one life-gain event (119.9),
        as its replacements make it (119.10, 614.1a). A player who can't gain
        life gains none, and nothing replaces that (119.7)."""
        if amount <= 0:
            return
        if not life.can_gain(self, player):
            self.note("119.7", f"{player} can't gain life, so {player} doesn't gain {amount}")
            return
        gained, lost, used = life.replaced_gain(
            self, player, amount, by_own_spell_or_ability=by_own_spell_or_ability
        )
        for text in used:
            self.note("614.1a", f"{text}: {player} would gain {amount} life")
        if lost:
            self.lose_life(player, lost)
        if gained <= 0:
            return
        self.players[player].life += gained
        step = None
        self.history.life_gains.append(
            LifeGainRecord(player, gained, source, step, self.turn_number)
        )
        self.note("119.3", f"{player} gains {gained} life")
        triggers.life_gained(self, [(player, gained)])

    def lose_life(self, player: str, amount: int) -> None:
        """119.3: a player loses life, unless they can't (119.8)."""
        if amount <= 0:
            return
        if not life.can_lose(self, player):
            self.note("119.8", f"{player} can't lose life, so {player} doesn't lose {amount}")
            return
        self.players[player].life -= amount
        self.note("119.3", f"{player} loses {amount} life")

    def set_life(
        self, player: str, total: int, source: str, *, by_own_spell_or_ability: bool = False
    ) -> None:
        """119.5: a player's life total becomes a number: the player gains or
        loses the difference, so what applies to gaining and losing life
        applies (119.7, 119.8)."""
        difference = total - self.players[player].life
        self.note("119.5", f"{player}'s life total becomes {total}")
        if difference > 0:
            self.gain_life(
                player, difference, source, by_own_spell_or_ability=by_own_spell_or_ability
            )
        elif difference < 0:
            self.lose_life(player, -difference)

    def draw(self, player: str, count: int) -> None:
        """121.1: a player puts the top card of their library into their hand,
        ``count`` times; drawing from an empty library is noted for 704.5b."""
        for _ in range(count):
            if self._replace_draw(player):
                continue
            card = self.top_of_library(player)
            if card is None:
                self.players[player].drew_from_empty_library = True
                self.note("121.3", f"{player} can't draw a card: the library is empty")
                continue
            self.move(card, "hand")
            self.note("121.1", f"{player} draws a card")

    def _replace_draw(self, player: str) -> bool:
        """614.11: the first replacement of draws that applies (timestamp
        order) replaces this draw, even from an empty library; its actions
        are all done before a sequence of draws goes on (614.11a). It gets
        no second chance at the draws its own actions cause (614.5)."""
        from mtgjudge.model.actions import perform_raw

        replacing = [obj for obj in self.battlefield() if obj.replaces_draw]
        for source in sorted(replacing, key=lambda obj: obj.timestamp):
            you = self.controller(source)
            for index, (players, actions, condition, description) in enumerate(
                source.replaces_draw
            ):
                key = (source.serial, index)
                if key in self._replacing_draws or not replacement.player_fits(
                    self, players, player, you
                ):
                    continue
                if condition is not None and not condition.holds(self, you, source.serial):
                    continue
                self.note("614.11", f"{description or source.name}: {player}'s draw is replaced")
                self._replacing_draws.add(key)
                try:
                    for action in actions:
                        perform_raw(
                            self, action, you=you, source=source, source_serial=source.serial
                        )
                finally:
                    self._replacing_draws.discard(key)
                return True
        return False

    def deal_damage(
        self, source: GameObject, recipient: str, amount: int, *, as_last_known: bool = False
    ) -> None:
        """Noncombat damage (120.3) from one source to one recipient."""
        self.deal_damage_at_once(source, [(recipient, amount)], as_last_known=as_last_known)

    def deal_damage_at_once(
        self,
        source: GameObject,
        parts: list[tuple[str, int]],
        *,
        as_last_known: bool = False,
        excess_to_controller: bool = False,
    ) -> None:
        """Noncombat damage (120.3) one source deals to several recipients
        at the same time: from a creature on the battlefield, a spell,
        another permanent, or, with ``as_last_known``, an object that has
        left the zone it was in, as it last existed there (113.7a, 608.2h).
        Its deathtouch, lifelink, infect and wither apply wherever it is
        (702.2d, 702.15d)."""
        board = KernelBoard(self)
        if as_last_known:
            controller, keywords, _ = self.last_known_by_ref.get(
                source.ref, (source.controller or source.owner, frozenset(), None)
            )
            self.note("608.2h", f"{source.name} deals damage as it last existed")
            dealer: int | object = board.damage_source(source, controller, keywords)
        elif source.zone == "battlefield" and board.has_creature(source):
            dealer = board.index(source)
            keywords = self.characteristics(source).all_keywords
        else:
            current = self.characteristics(source)
            keywords = current.all_keywords
            dealer = board.damage_source(
                source, current.controller or source.owner, current.all_keywords
            )
        if excess_to_controller:
            parts = excess.split(self, parts, deathtouch="deathtouch" in keywords)
        dealt = replacement.apply(
            self,
            [replacement.Piece(source, recipient, amount) for recipient, amount in parts],
            combat=False,
        )
        events = [
            board.kernel.deal_damage(dealer, board.target(piece.recipient), amount)
            for piece, amount in dealt
            if amount > 0
        ]
        board.sync(board.merged(events))
        replacement.deal_follow_ups(self)

    # ----- turn structure -----

    def advance_to(self, position: str, *, then_stop: bool = True) -> None:
        """Proceeds through the turn until ``position`` begins, performing the
        turn-based actions of each step on the way with no choices made (no
        attackers, no blockers, default damage assignment)."""
        if position not in POSITIONS:
            raise InvalidInputError(f"unknown phase or step {position!r}")
        from mtgjudge.model import combat

        while True:
            if self.turn.position == "combat_damage" and combat.damage_step_remains(self):
                if position == "combat_damage":
                    return
                combat.resolve_damage_step(self, {})
                continue
            nxt = self.turn.next_position()
            if nxt is None:
                raise IllegalActionError(
                    f"the turn ended before {position} began", rule="500.1", fault="turn_ended"
                )
            self._pass_before_step_ends()
            self._end_current_step()
            self.turn.move_to(*nxt)
            if self._skip_current_step():
                if self.turn.position == position:
                    raise IllegalActionError(
                        f"{self.turn.active_player} skips this {position.replace('_', ' ')} step",
                        rule="614.10",
                        fault="step_skipped",
                    )
                continue
            skipped = self._begin_current_step()
            if self.turn.position == position:
                return
            if position in skipped:
                raise IllegalActionError(
                    f"no creatures attacked, so the {position.replace('_', ' ')} step is skipped",
                    rule="508.8",
                    fault="step_skipped",
                )

    def _skip_current_step(self) -> bool:
        """500.11, 614.10: if the active player is to skip this step, the game
        proceeds past it as though it didn't exist: nothing scheduled for
        it happens (614.10a). Each skip effect is used up by one occurrence
        (614.10a: two effects skip the next two)."""
        # 805.8: a skip of a player's step is their team's.
        found = [
            skip for skip in self.skips if skip[1] == self.turn.position and self.is_active(skip[0])
        ]
        if not found:
            return False
        wanted = found[0]
        self.skips.remove(wanted)
        self.turn.history.pop()
        self.note("614.10", f"{wanted[0]} skips their {wanted[1].replace('_', ' ')} step")
        return True

    def _pass_before_step_ends(self) -> None:
        """500.2: a step or phase ends when the stack is empty and all players
        pass: what is on the stack resolves first, and abilities that
        triggered go on the stack first. No player receives priority in the
        untap step (502.4), nor in the cleanup step unless something happens
        there (514.3a). With nothing waiting and nothing on the stack, the
        step ends as it always did in the model, the state-based actions
        being left to the next action."""
        if self.turn.position == "untap":
            return
        if not self.pending_triggers and not self.stack_items():
            return
        self.players_pass()

    def next_turn(self, position: str = "upkeep") -> None:
        """Finishes this turn with no choices made, then begins the next
        player's turn (500.1, 101.4) and proceeds to ``position``."""
        if self.turn.position != "cleanup":
            self.advance_to("cleanup")
        self._end_current_step()
        order = [name for name, player in self.players.items() if not player.has_lost]
        if self.teams:
            # 805.4: each team takes turns; its first player stands for it.
            order = [team[0] for team in self.teams if team[0] in order]
        active = self.turn.active_player
        # 500.7: the most recently created extra turn (of a player still in
        # the game) is taken first; the normal order then goes on where it was.
        # 805.8: a player's extra turn is their team's.
        extra = [
            i for i, name in enumerate(self.extra_turns) if self.players[name].team[0] in order
        ]
        if extra:
            following = self.players[self.extra_turns.pop(extra[-1])].team[0]
        else:
            normal = self.players[self.normal_turn_player].team[0]
            following = (
                order[(order.index(normal) + 1) % len(order)] if normal in order else order[0]
            )
            self.normal_turn_player = following
        self.turn = Turn(following)
        self.turn_number += 1
        self.turn.start_at("untap")
        self.note("500.1", f"{following}'s {'extra ' if extra else ''}turn begins")
        # 611.2a, 701.15a: effects that last "until your next turn" end.
        self.effects = [
            e
            for e in self.effects
            if e.duration != "your_next_turn" or not self.teammates(following, e.you)
        ]
        daynight.untap_step(self, active, self.turn_number - 1)
        # 302.6: what the new active player (or team, 805.4) controls is no
        # longer "summoning sick".
        for obj in self.battlefield():
            if self.is_active(self.controller(obj)):
                obj.summoning_sick = False
        if self._skip_current_step():
            # 614.10: the untap step is skipped: nothing untaps.
            if position == "untap":
                raise IllegalActionError(
                    f"{following} skips this untap step", rule="614.10", fault="step_skipped"
                )
        else:
            self._begin_current_step()
        if position != "untap":
            self.advance_to(position)

    def _end_current_step(self) -> None:
        record = self.combat
        if self.turn.position == "declare_attackers" and record and not record.attackers_declared:
            record.attackers_declared = True
            self.note("508.1", f"{self.turn.active_player} declares no attackers")
        if self.turn.position == "declare_blockers" and self.combat is not None:
            self.combat.blockers_declared = True
        if self.turn.position == "end_of_combat":
            # 511.3: everything is removed from combat; 500.5a: "until end of
            # combat" effects end.
            self.combat = None
            self.effects = [e for e in self.effects if e.duration != "end_of_combat"]
        # 500.5, 106.4: then unspent mana empties from every tracked pool.
        for player in self.players.values():
            pool = player.mana_pool
            if isinstance(pool, dict) and any(pool.values()):
                for letter in pool:
                    pool[letter] = 0
                self.note("500.5", f"{player.name}'s unspent mana empties from their mana pool")

    def _begin_current_step(self) -> tuple[str, ...]:
        """Performs what happens as the current phase or step begins, and
        returns the steps skipped because of it."""
        position = self.turn.position
        phase = self.turn.phase
        if position == "beginning_of_combat":
            self.combat = CombatRecord()
            extra = " (an additional combat phase)" if phase.additional else ""
            self.note(
                "506.1",
                f"the combat phase begins{extra}; {self.turn.active_player} is the attacking player (506.2)",
            )
            triggers.step_began(self, position)
        elif position == "end_of_combat":
            # 511.2: "at end of combat" abilities trigger as the step begins.
            triggers.step_began(self, position)
        elif position in ("declare_blockers", "combat_damage") and self.combat is not None:
            if not self.combat.attacks and not self.combat.any_attacked:
                # 508.8: skip the declare blockers and combat damage steps.
                self.note(
                    "508.8",
                    "no creatures attacked, so the declare blockers and combat damage steps are skipped",
                )
                self.turn.history.pop()
                self.turn.skip_to_step("end_of_combat")
                triggers.step_began(self, "end_of_combat")
                return ("declare_blockers", "combat_damage")
        elif position == "untap":
            for obj in self.battlefield():
                # 805.4: the active team's permanents untap.
                if self.is_active(self.controller(obj)):
                    obj.tapped = False
        elif position == "cleanup":
            # 514.2: damage wears off and "until end of turn" effects end; so
            # do regeneration shields, which last "this turn" (701.19a).
            for obj in self.battlefield():
                obj.damage = 0
                if obj.regeneration_shields:
                    obj.regeneration_shields = 0
                    self.note("514.2", f"the unused regeneration shields of {obj.name} go away")
            self.effects = [
                e for e in self.effects if e.duration not in ("end_of_turn", "end_of_combat")
            ]
            self.damage_effects = [e for e in self.damage_effects if e.duration != "end_of_turn"]
            self.life_effects = []
            self.counter_effects = [e for e in self.counter_effects if e.duration != "end_of_turn"]
            self.delayed_triggers = [
                d for d in self.delayed_triggers if d.until not in ("end_of_turn", "end_of_combat")
            ]
        elif position in ("precombat_main", "postcombat_main"):
            extra = " (an additional main phase)" if phase.additional else ""
            self.note("505.1", f"{position.replace('_', ' ')} phase begins{extra}")
            # 505.1b: "first main phase", "second main phase" count the main
            # phases of this turn, additional ones included.
            triggers.main_phase_began(self, self.turn.main_phase_number())
        elif position == "upkeep":
            # 500.4: effects that last "until your next upkeep" expire as the
            # upkeep of their controller's turn begins.
            active = self.turn.active_player
            self.effects = [
                e
                for e in self.effects
                if e.duration != "your_next_upkeep" or not self.teammates(active, e.you)
            ]
            # 503.1a: "at the beginning of the upkeep" abilities trigger, and
            # go on the stack before the active player gets priority.
            triggers.step_began(self, position)
        elif position == "draw":
            # 504.1: first, the active player draws a card, a turn-based
            # action that doesn't use the stack; then abilities that trigger
            # at the beginning of the draw step go on the stack (504.2).
            # 805.4b, 805.6a: each player on the active team draws.
            for player in self.players[self.turn.active_player].team:
                self.draw(player, 1)
            triggers.step_began(self, position)
        elif position == "end":
            triggers.step_began(self, position)
        return ()

    def combat_steps(self) -> list[str]:
        """The steps of the combat phases entered this turn, in order, with
        ``first_strike_damage`` for a first-strike combat damage step."""
        return [
            name
            for name in self.turn.history
            if name in PHASE_STEPS["combat"] or name == "first_strike_damage"
        ]
