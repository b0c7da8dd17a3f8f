"""A plain pure-Python model of combat (506–511), written from the
Comprehensive Rules (effective 2026-01-16).

It exists to be compared with the Rust kernel (``mtgjudge._core.Combat``),
so it offers the same operations with the same plain arguments: creatures,
players and planeswalkers are numbered from 0 in the order they were added,
a recipient or attack target is a tuple such as ``("player", 1)``,
``("creature", 3)`` or ``("planeswalker", 0)``, and keywords are their
printed names (``"first strike"``). It is not fast and doesn't try to be:
every rule is a few lines of straightforward code with its number beside it.

Where the rules leave a choice to a player, the model needs a policy. For
damage assignment it uses the kernel's documented default (see
``rulings/README.md``): lethal damage to each creature in the way, in
declaration order, counting damage already marked and damage other creatures
assign in the same step (1 is lethal from a source with deathtouch); what is
left goes to what the creature attacks if it tramples, otherwise to the
first creature. Attackers assign before blockers (510.1), each side in
declaration order.

Illegal actions raise the exception classes of :mod:`mtgjudge.errors`, with
``rule`` and ``fault`` naming the first fault found, and ``faults`` listing
every fault found as ``(class name, rule, fault)`` tuples. When an action has
several faults the rules don't say which one a player is told about, so a
comparison should accept any of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mtgjudge.errors import (
    IllegalActionError,
    IllegalAttackError,
    IllegalBlockError,
    IllegalDamageAssignmentError,
    InvalidInputError,
    MtgJudgeError,
)

FIRST_STRIKE = "first_strike"
REGULAR = "regular"

#: A player, creature or planeswalker: ("player", 1), ("creature", 3) ...
Thing = tuple[str, int]

#: Every keyword the model knows (the kernel's list).
KEYWORDS = (
    "flying",
    "first strike",
    "double strike",
    "deathtouch",
    "decayed",
    "exalted",
    "haste",
    "hexproof",
    "indestructible",
    "lifelink",
    "menace",
    "reach",
    "shadow",
    "trample",
    "trample over planeswalkers",
    "vigilance",
    "defender",
    "infect",
    "wither",
)


# ----------------------------------------------------------------------
# The objects
# ----------------------------------------------------------------------


@dataclass
class Player:
    life: int
    #: Lost the game, and so left it (104.5).
    has_lost: bool = False
    #: Poison counters (122.1f); ten or more lose the game (704.5c).
    poison: int = 0
    #: 119.7: "can't gain life"; 119.8: "can't lose life".
    can_gain_life: bool = True
    can_lose_life: bool = True
    #: "You can't get poison counters" (122.1f).
    can_get_poison: bool = True
    #: Two-Headed Giant (810.1): the team's number, or None outside one.
    team: int | None = None


@dataclass
class Creature:
    controller: int
    power: int
    toughness: int
    #: Damage marked on it (120.3e).
    damage: int = 0
    #: Keywords from its abilities and from effects.
    keywords: frozenset[str] = frozenset()
    #: Keywords from keyword counters (122.1b).
    keyword_counters: frozenset[str] = frozenset()
    tapped: bool = False
    #: Not controlled continuously since its controller's turn began (302.6).
    summoning_sick: bool = False
    #: How many attackers it may block (509.1a).
    block_limit: int = 1
    on_battlefield: bool = True
    #: Dealt damage by a source with deathtouch since state-based actions
    #: were last checked (702.2b, 704.5h).
    dealt_deathtouch_damage: bool = False
    #: Regeneration shields (701.19a): "the next time [it] would be
    #: destroyed this turn, instead ..."; one for each time.
    regeneration_shields: int = 0
    #: -1/-1 counters put on it by damage from infect or wither (702.80b,
    #: 702.90b); not included in power and toughness above.
    minus_one_counters: int = 0
    can_get_minus_one_counters: bool = True

    def current_power(self) -> int:
        return self.power - self.minus_one_counters  # 613.4c

    def current_toughness(self) -> int:
        return self.toughness - self.minus_one_counters  # 613.4c

    def has(self, keyword: str) -> bool:
        # A keyword counter gives the creature that keyword (122.1b).
        return keyword in self.keywords or keyword in self.keyword_counters

    def has_first_strike_or_double_strike(self) -> bool:
        return self.has("first strike") or self.has("double strike")

    def has_trample(self) -> bool:
        # Trample over planeswalkers is a variant of trample (702.19c).
        return self.has("trample") or self.has("trample over planeswalkers")


@dataclass
class Planeswalker:
    controller: int
    loyalty: int
    on_battlefield: bool = True


@dataclass
class Attack:
    """One attacking creature (508.1k)."""

    #: ("player", p), ("planeswalker", w), or ("nothing", -1) once the
    #: planeswalker it attacked was removed from combat (506.4c).
    target: Thing
    #: The planeswalker it was declared attacking, kept after that
    #: planeswalker leaves combat: its controller stays the defending player
    #: (508.5), and trample over planeswalkers still reaches them (702.19e).
    planeswalker: int | None = None
    #: Became blocked when blockers were declared; stays blocked even if
    #: every blocker is removed from combat (509.1h).
    blocked: bool = False


@dataclass
class StepEvents:
    """What one damage step, one noncombat damage or one check of
    state-based actions did, in the same shape as the kernel's."""

    step: str | None = None
    #: (source, recipient, amount, step); source None for a DamageSource
    damage: list[tuple[int | None, Thing, int, str | None]] = field(default_factory=list)
    #: (player, amount, source, step)
    life_gains: list[tuple[int, int, int | None, str | None]] = field(default_factory=list)
    #: (creature, rule)
    deaths: list[tuple[int, str]] = field(default_factory=list)
    planeswalker_deaths: list[int] = field(default_factory=list)
    losers: list[int] = field(default_factory=list)
    #: Creatures that regenerated instead of being destroyed (701.19a).
    regenerations: list[int] = field(default_factory=list)


@dataclass
class CreatureState:
    """A creature as ``Combat.creature`` reports it."""

    controller: int
    power: int
    toughness: int
    damage: int
    keywords: frozenset[str]
    keyword_counters: frozenset[str]
    tapped: bool
    struck_first: bool
    dealt_deathtouch_damage: bool
    on_battlefield: bool
    regeneration_shields: int = 0
    minus_one_counters: int = 0
    can_get_minus_one_counters: bool = True


@dataclass(frozen=True)
class DamageSource:
    """A source of damage that isn't a creature of the combat (113.7a,
    608.2h), with the keywords that apply to its damage."""

    controller: int
    keywords: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        names = [str(name).lower().replace("_", " ").replace("-", " ") for name in self.keywords]
        _keyword_set(names)
        object.__setattr__(self, "keywords", tuple(k for k in KEYWORDS if k in names))

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


# ----------------------------------------------------------------------
# Faults
# ----------------------------------------------------------------------

_CLASSES: dict[str, type[MtgJudgeError]] = {
    "InvalidInputError": InvalidInputError,
    "IllegalAttackError": IllegalAttackError,
    "IllegalBlockError": IllegalBlockError,
    "IllegalDamageAssignmentError": IllegalDamageAssignmentError,
    "IllegalActionError": IllegalActionError,
}

#: A fault: (exception class name, rule or None, fault name or None, message).
Fault = tuple[str, str | None, str | None, str]


def _attack_fault(rule: str, fault: str, message: str) -> Fault:
    return ("IllegalAttackError", rule, fault, message)


def _block_fault(rule: str, fault: str, message: str) -> Fault:
    return ("IllegalBlockError", rule, fault, message)


def _assignment_fault(rule: str, fault: str, message: str) -> Fault:
    return ("IllegalDamageAssignmentError", rule, fault, message)


def _bad_input(message: str) -> Fault:
    return ("InvalidInputError", None, None, message)


#: 104.1: once the game has ended, nothing more happens.
_GAME_OVER: Fault = (
    "IllegalActionError",
    "104.1",
    "game_over",
    "the game is over: nothing more happens",
)


def _raise(faults: list[Fault]) -> None:
    """Raises the first fault, with every fault in ``.faults``."""
    class_name, rule, fault, message = faults[0]
    cls = _CLASSES[class_name]
    if class_name == "InvalidInputError":
        error: MtgJudgeError = cls(message)
    else:
        error = cls(message, rule, fault)  # type: ignore[call-arg]
    error.faults = [(c, r, f) for c, r, f, _ in faults]  # type: ignore[attr-defined]
    raise error


# ----------------------------------------------------------------------
# The combat
# ----------------------------------------------------------------------


class Combat:
    """One combat phase among players with the given life totals."""

    def __init__(self, life: list[int]) -> None:
        if not life:
            _raise([_bad_input("a combat needs at least one player")])
        self.players = [Player(amount) for amount in life]
        self.creatures: list[Creature] = []
        self.planeswalkers: list[Planeswalker] = []
        #: Attacking creatures, in declaration order.
        self.attacks: dict[int, Attack] = {}
        #: (blocker, attacker) for each creature a blocker blocks, in
        #: declaration order (509.1g).
        self.blocks: list[tuple[int, int]] = []
        #: The blocking creatures, in declaration order. A creature stays a
        #: blocking creature until it is removed from combat, even if every
        #: creature it blocked was removed (509.1g, 510.1d).
        self.blocking: list[int] = []
        self.attackers_declared = False
        self.blockers_declared = False
        #: Some creature was declared as an attacker (508.8).
        self.attacked = False
        self.first_strike_step_happened = False
        self.finished = False
        #: Creatures that were attacking or blocking with first strike or
        #: double strike as the first-strike damage step began (510.4).
        self.struck_first: set[int] = set()
        #: The step and the damage assigned in it, not yet dealt (510.1).
        self.assigned: tuple[str, dict[tuple[int, Thing], int]] | None = None

    # ----- setting up -----

    def add_creature(
        self,
        controller: int,
        power: int,
        toughness: int,
        *,
        damage: int = 0,
        keywords: frozenset[str] | set[str] | list[str] = frozenset(),
        keyword_counters: frozenset[str] | set[str] | list[str] = frozenset(),
        tapped: bool = False,
        summoning_sick: bool = False,
        block_limit: int = 1,
        struck_first: bool = False,
        dealt_deathtouch_damage: bool = False,
        regeneration_shields: int = 0,
        minus_one_counters: int = 0,
        can_get_minus_one_counters: bool = True,
    ) -> int:
        self.assigned = None  # 510.2: nothing happens between assigning and dealing
        self._player(controller)
        if damage < 0:
            _raise([_bad_input("marked damage can't be negative")])
        if minus_one_counters < 0:
            _raise([_bad_input("minus_one_counters can't be negative")])
        self.creatures.append(
            Creature(
                controller,
                power,
                toughness,
                damage=damage,
                keywords=_keyword_set(keywords),
                keyword_counters=_keyword_set(keyword_counters),
                tapped=tapped,
                summoning_sick=summoning_sick,
                block_limit=block_limit,
                dealt_deathtouch_damage=dealt_deathtouch_damage,
                regeneration_shields=regeneration_shields,
                minus_one_counters=minus_one_counters,
                can_get_minus_one_counters=can_get_minus_one_counters,
            )
        )
        index = len(self.creatures) - 1
        if struck_first:
            self.struck_first.add(index)
        return index

    def add_planeswalker(self, controller: int, loyalty: int) -> int:
        self.assigned = None  # 510.2: nothing happens between assigning and dealing
        self._player(controller)
        self.planeswalkers.append(Planeswalker(controller, loyalty))
        return len(self.planeswalkers) - 1

    def update_creature(
        self,
        index: int,
        *,
        power: int | None = None,
        toughness: int | None = None,
        damage: int | None = None,
        keywords: frozenset[str] | set[str] | list[str] | None = None,
        keyword_counters: frozenset[str] | set[str] | list[str] | None = None,
        tapped: bool | None = None,
        regeneration_shields: int | None = None,
        minus_one_counters: int | None = None,
        can_get_minus_one_counters: bool | None = None,
    ) -> None:
        """An effect changes the creature; arguments left out keep their value."""
        self.assigned = None  # 510.2: nothing happens between assigning and dealing
        creature = self._creature(index)
        if damage is not None and damage < 0:
            _raise([_bad_input("marked damage can't be negative")])
        if minus_one_counters is not None and minus_one_counters < 0:
            _raise([_bad_input("minus_one_counters can't be negative")])
        if minus_one_counters is not None:
            creature.minus_one_counters = minus_one_counters
        if can_get_minus_one_counters is not None:
            creature.can_get_minus_one_counters = can_get_minus_one_counters
        if power is not None:
            creature.power = power
        if toughness is not None:
            creature.toughness = toughness
        if damage is not None:
            creature.damage = damage
        if keywords is not None:
            creature.keywords = _keyword_set(keywords)
        if keyword_counters is not None:
            creature.keyword_counters = _keyword_set(keyword_counters)
        if tapped is not None:
            # Tapping or untapping doesn't remove it from combat (506.4b).
            creature.tapped = tapped
        if regeneration_shields is not None:
            # 701.19a: a resolving spell or ability regenerates it.
            creature.regeneration_shields = regeneration_shields

    # ----- looking -----

    def creature(self, index: int) -> CreatureState:
        c = self._creature(index)
        return CreatureState(
            c.controller,
            c.power,
            c.toughness,
            c.damage,
            c.keywords,
            c.keyword_counters,
            c.tapped,
            index in self.struck_first,
            c.dealt_deathtouch_damage,
            c.on_battlefield,
            c.regeneration_shields,
            c.minus_one_counters,
            c.can_get_minus_one_counters,
        )

    def life(self, player: int) -> int:
        return self._player(player).life

    def poison(self, player: int) -> int:
        return self._player(player).poison

    def set_teams(self, teams: list[list[int]]) -> None:
        """810.1: the teams of a Two-Headed Giant game. Teammates share a
        life total (810.4) and poison counters (810.10), so they must
        start with the same ones."""
        sizes = {len(team) for team in teams}
        if len(teams) < 2 or len(sizes) > 1 or min(sizes) < 2:
            _raise([_bad_input("teams: two or more teams of the same size, two or more each")])
        if self.attacked:
            _raise([_bad_input("teams: they are formed before attackers are declared")])
        seen: set[int] = set()
        for number, members in enumerate(teams):
            for member in members:
                if not 0 <= member < len(self.players):
                    _raise([_bad_input(f"teams[{number}]: no player with index {member}")])
                if member in seen:
                    _raise([_bad_input(f"teams[{number}]: player {member} is already on a team")])
                seen.add(member)
            totals = {(self.players[m].life, self.players[m].poison) for m in members}
            if len(totals) > 1:
                _raise([_bad_input(f"teams[{number}]: teammates share one life total")])
        if len(seen) != len(self.players):
            _raise([_bad_input("teams: expected every player on a team (810.1)")])
        self.assigned = None
        for player in self.players:
            player.team = None
        for number, members in enumerate(teams):
            for member in members:
                self.players[member].team = number

    def _team(self, player: int) -> list[int]:
        """The player and their teammates (810.1)."""
        team = self.players[player].team
        if team is None:
            return [player]
        return [i for i, p in enumerate(self.players) if p.team == team]

    def _on_team(self, player: int, other: int) -> bool:
        return other in self._team(player)

    def _gain_or_lose(self, player: int, change: int) -> None:
        """810.9: the player gains or loses life; the result is applied to
        the team's shared life total, which each teammate shows."""
        for member in self._team(player):
            self.players[member].life += change

    def _poison_to_lose(self, player: int) -> int:
        """704.5c: ten; 704.6b: fifteen for a team of two; 810.11: five
        more for each player beyond the second."""
        size = len(self._team(player))
        return 10 if size == 1 else 15 + 5 * (size - 2)

    def set_poison(self, player: int, count: int) -> None:
        self.assigned = None
        if count < 0:
            _raise([_bad_input("count: poison counters can't be negative")])
        self._player(player)
        for member in self._team(player):
            self.players[member].poison = count  # 810.10

    def set_life_rules(
        self, player: int, *, can_gain_life: bool = True, can_lose_life: bool = True
    ) -> None:
        self.assigned = None
        state = self._player(player)
        state.can_gain_life = can_gain_life  # 119.7
        state.can_lose_life = can_lose_life  # 119.8

    def set_counter_rules(self, player: int, *, can_get_poison: bool = True) -> None:
        self.assigned = None
        self._player(player).can_get_poison = can_get_poison

    def has_lost(self, player: int) -> bool:
        return self._player(player).has_lost

    @property
    def game_over(self) -> bool:
        """104.1: the game ends when a player wins or it is a draw. A player
        who loses leaves the game (104.5); the last one left wins
        (104.2a); if all those remaining lose at once, it's a draw
        (104.4a). While two or more are left it goes on (800.4)."""
        someone_lost = any(p.has_lost for p in self.players)
        left = self._players_in_game()
        # 810.8a: a team wins or loses as one.
        return someone_lost and all(self._on_team(left[0], p) for p in left)

    @property
    def winner(self) -> int | None:
        """The one player left when the game is over (104.2a); None if the
        game goes on or is a draw (104.4a)."""
        left = self._players_in_game()
        return left[0] if self.game_over and left else None

    def _players_in_game(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if not p.has_lost]

    def loyalty(self, planeswalker: int) -> int:
        return self._planeswalker(planeswalker).loyalty

    def is_attacking(self, creature: int) -> bool:
        return creature in self.attacks

    def is_blocking(self, creature: int) -> bool:
        return creature in self.blocking

    def in_combat(self, creature: int) -> bool:
        return self.is_attacking(creature) or self.is_blocking(creature)

    def blockers_of(self, attacker: int) -> list[int]:
        """The creatures blocking it now, in declaration order."""
        return [b for b, a in self.blocks if a == attacker]

    def attackers_blocked_by(self, blocker: int) -> list[int]:
        """The creatures it blocks now, in declaration order."""
        return [a for b, a in self.blocks if b == blocker]

    @property
    def progress(self) -> str:
        if self.finished:
            return "finished"
        if self.first_strike_step_happened:
            return "first_strike_dealt"
        return "not_started"

    # ----- leaving combat -----

    def remove_from_combat(self, index: int) -> None:
        """506.4: it stops being an attacking, blocking, blocked or
        unblocked creature. A creature it blocked stays blocked (509.1h); a
        creature that blocked it stays a blocking creature (509.1g)."""
        self.assigned = None  # 510.2: nothing happens between assigning and dealing
        self._creature(index)
        self.attacks.pop(index, None)
        self.blocks = [(b, a) for b, a in self.blocks if index not in (b, a)]
        if index in self.blocking:
            self.blocking.remove(index)

    def leave_battlefield(self, index: int) -> None:
        """A permanent that leaves the battlefield leaves combat (506.4)."""
        self.assigned = None  # 510.2: nothing happens between assigning and dealing
        self._creature(index).on_battlefield = False
        self.remove_from_combat(index)

    def player_loses(self, player: int) -> None:
        """The player concedes (104.3a) or an effect makes them lose
        (104.3e): they lose and leave the game (104.5)."""
        if self.game_over:
            _raise([_GAME_OVER])
        if self._player(player).has_lost:
            _raise([_bad_input(f"player {player} has left the game")])
        self.assigned = None  # 510.2: nothing happens between assigning and dealing
        # 810.8a: their team loses with them.
        team = [player] + [m for m in self._team(player) if m != player]
        for member in team:
            self.players[member].has_lost = True
        self._players_leave(team)

    def _players_leave(self, players: list[int]) -> None:
        """104.5: players who lost leave the game. If that ends it, nothing
        more happens (104.1). Otherwise 800.4a: the objects they own leave
        the game, and those they still control are exiled; either way they
        leave the battlefield (506.4: and combat). The model knows only
        controllers. A creature attacking a player who left stays
        attacking: 506.4 doesn't list that among the ways to leave combat
        (800.4e keeps its damage from that player)."""
        if self.game_over:
            return
        for player in players:
            for index, creature in enumerate(self.creatures):
                if creature.controller == player and creature.on_battlefield:
                    self.leave_battlefield(index)
            for index, walker in enumerate(self.planeswalkers):
                if walker.controller == player and walker.on_battlefield:
                    walker.on_battlefield = False
                    self._remove_planeswalker_from_combat(index)  # 506.4c

    def _remove_planeswalker_from_combat(self, planeswalker: int) -> None:
        # 506.4c: creatures attacking it keep attacking, but attack nothing.
        for attack in self.attacks.values():
            if attack.target == ("planeswalker", planeswalker):
                attack.target = ("nothing", -1)

    # ----- 508.1: declaring attackers -----

    def declare_attackers(self, active_player: int, declared: list[tuple[int, Thing]]) -> None:
        self.assigned = None  # 510.2: nothing happens between assigning and dealing
        if self.game_over:
            _raise([_GAME_OVER])
        if self.attackers_declared:
            _raise(
                [
                    (
                        "IllegalActionError",
                        "508.1",
                        "already_declared",
                        "attackers were already declared in this combat",
                    )
                ]
            )
        self._player(active_player)
        # Input that doesn't describe the game, then the rules broken by
        # the entries that do.
        faults: list[Fault] = []
        valid = []
        for attacker, target in declared:
            wrong = self._unknown_creature(attacker)
            if target[0] in ("player", "planeswalker"):
                wrong += self._unknown_thing(target)
            faults += wrong
            if not wrong:
                valid.append((attacker, target))
        faults += self._attack_faults(active_player, valid)
        if faults:
            # 508.1: the game returns to the moment before the declaration.
            _raise(faults)

        self.attackers_declared = True
        self.attacked = bool(declared)
        for attacker, target in declared:
            planeswalker = target[1] if target[0] == "planeswalker" else None
            self.attacks[attacker] = Attack(target, planeswalker)
            creature = self.creatures[attacker]
            # 508.1f; vigilance: attacking doesn't cause it to tap (702.20b).
            if not creature.has("vigilance"):
                creature.tapped = True

    def _attack_faults(self, active_player: int, declared: list[tuple[int, Thing]]) -> list[Fault]:
        """Every way the declaration breaks 508.1, step by step."""
        faults: list[Fault] = []
        chosen = [attacker for attacker, _ in declared]
        # 508.1a: creatures the active player controls, untapped, with haste
        # or controlled continuously since the turn began (302.6).
        for attacker in chosen:
            creature = self.creatures[attacker]
            if chosen.count(attacker) > 1:
                faults.append(
                    _attack_fault("508.1a", "declared_twice", "a creature attacks only once")
                )
            # 805.10a: each player on the active team is an attacking player.
            if not self._on_team(active_player, creature.controller):
                faults.append(
                    _attack_fault(
                        "508.1a",
                        "not_controlled_by_active_player",
                        "only creatures the active player controls can attack",
                    )
                )
            if creature.tapped:
                faults.append(_attack_fault("508.1a", "tapped", "a tapped creature can't attack"))
            if creature.summoning_sick and not creature.has("haste"):
                faults.append(
                    _attack_fault(
                        "302.6", "summoning_sick", "it hasn't been controlled since the turn began"
                    )
                )
        # 508.1b: each attacks an opponent, or a planeswalker an opponent controls.
        for _, (kind, index) in declared:
            if kind == "player" and self._on_team(active_player, index):
                faults.append(
                    _attack_fault("508.1b", "not_an_opponent", "a player can't attack themselves")
                )
            elif kind == "player" and self.players[index].has_lost:
                # 104.5: a player who lost has left the game; no opponent.
                faults.append(
                    _attack_fault("508.1b", "not_an_opponent", "that player has left the game")
                )
            elif kind == "planeswalker":
                walker = self.planeswalkers[index]
                if not walker.on_battlefield or self._on_team(active_player, walker.controller):
                    faults.append(
                        _attack_fault(
                            "508.1b",
                            "planeswalker_not_attackable",
                            "only a planeswalker an opponent controls can be attacked",
                        )
                    )
            elif kind not in ("player", "planeswalker"):
                faults.append(
                    _attack_fault(
                        "508.1b", "not_an_opponent", "it must attack a player or planeswalker"
                    )
                )
        # 508.1c: restrictions. Defender: it can't attack (702.3b).
        for attacker in chosen:
            if self.creatures[attacker].has("defender"):
                faults.append(
                    _attack_fault("702.3b", "defender", "a creature with defender can't attack")
                )
        return faults

    # ----- 509.1: declaring blockers -----

    def declare_blockers(self, declared: list[tuple[int, int]]) -> None:
        self.assigned = None  # 510.2: nothing happens between assigning and dealing
        if self.game_over:
            _raise([_GAME_OVER])
        if self.blockers_declared:
            _raise(
                [
                    (
                        "IllegalActionError",
                        "508.1",
                        "already_declared",
                        "blockers were already declared in this combat",
                    )
                ]
            )
        faults: list[Fault] = []
        valid = []
        for blocker, attacker in declared:
            wrong = self._unknown_creature(blocker) + self._unknown_creature(attacker)
            faults += wrong
            if not wrong:
                valid.append((blocker, attacker))
        faults += self._block_faults(valid)
        if faults:
            # 509.1: the game returns to the moment before the declaration.
            _raise(faults)

        self.blockers_declared = True
        for blocker, attacker in declared:
            self.blocks.append((blocker, attacker))
            if blocker not in self.blocking:
                self.blocking.append(blocker)
        # 509.1h
        for attacker, attack in self.attacks.items():
            attack.blocked = any(a == attacker for _, a in declared)

    def _block_faults(self, declared: list[tuple[int, int]]) -> list[Fault]:
        """Every way the declaration breaks 509.1, step by step."""
        faults: list[Fault] = []
        # 509.1a: untapped creatures the defending player controls, each
        # blocking a creature attacking that player or a planeswalker they
        # control, and no more creatures than it may block.
        for blocker, attacker in declared:
            creature = self.creatures[blocker]
            if declared.count((blocker, attacker)) > 1:
                faults.append(
                    _block_fault("509.1a", "declared_twice", "the same block is declared twice")
                )
            if creature.tapped:
                faults.append(_block_fault("509.1a", "tapped", "a tapped creature can't block"))
            attack = self.attacks.get(attacker)
            if attack is None:
                faults.append(
                    _block_fault(
                        "509.1a", "not_attacking", "it can block only an attacking creature"
                    )
                )
            elif not self._defends(creature.controller, attack):
                faults.append(
                    _block_fault(
                        "509.1a",
                        "not_defending",
                        "it can block only a creature attacking its controller or their planeswalker",
                    )
                )
            if sum(1 for b, _ in declared if b == blocker) > creature.block_limit:
                faults.append(
                    _block_fault(
                        "509.1a", "too_many_attackers", "it blocks more creatures than it may"
                    )
                )
        # 509.1b: restrictions, among them evasion abilities.
        for blocker, attacker in declared:
            blocking = self.creatures[blocker]
            attacking = self.creatures[attacker]
            # Decayed: "This creature can't block" (702.147a).
            if blocking.has("decayed"):
                faults.append(_block_fault("702.147a", "decayed", "a decayed creature can't block"))
            # 702.9b, 702.17b
            if attacking.has("flying") and not (blocking.has("flying") or blocking.has("reach")):
                faults.append(
                    _block_fault(
                        "702.9b", "flying", "only creatures with flying or reach can block it"
                    )
                )
            # 702.28b, both ways.
            if attacking.has("shadow") != blocking.has("shadow"):
                faults.append(
                    _block_fault("702.28b", "shadow", "shadow blocks and is blocked only by shadow")
                )
        # 702.111b: menace, over the whole declaration.
        for attacker in self.attacks:
            blockers = [b for b, a in declared if a == attacker]
            if self.creatures[attacker].has("menace") and len(blockers) == 1:
                faults.append(
                    _block_fault(
                        "702.111b", "menace", "it can't be blocked except by two or more creatures"
                    )
                )
        return faults

    def _defends(self, player: int, attack: Attack) -> bool:
        """509.1a: the player is the attack's defending player, or
        (805.10d) on that player's team."""
        defending = self._defending_player(attack)
        return defending is not None and self._on_team(defending, player)

    def _defending_player(self, attack: Attack) -> int | None:
        """The player it attacks, or the controller of the planeswalker it
        attacks or attacked (508.5)."""
        kind, index = attack.target
        if kind == "player":
            return index
        if attack.planeswalker is not None:
            return self.planeswalkers[attack.planeswalker].controller
        return None

    # ----- 510: the combat damage steps -----

    def next_damage_step(self) -> str | None:
        """Which combat damage step comes next, if any (508.8, 510.4); none
        once the game is over (104.1)."""
        if self.finished or not self.attacked or self.game_over:
            return None
        if self.first_strike_step_happened:
            return REGULAR
        # 510.4: a first-strike step if some attacking or blocking creature
        # has first strike or double strike as the step begins.
        for index in self._creatures_in_combat():
            if self.creatures[index].has_first_strike_or_double_strike():
                return FIRST_STRIKE
        return REGULAR

    def _creatures_in_combat(self) -> list[int]:
        """Attackers in declaration order, then blockers in declaration order."""
        return list(self.attacks) + [b for b in self.blocking if b not in self.attacks]

    def _assigns_in_step(self, index: int, step: str) -> bool:
        """Whether the creature assigns combat damage in this step."""
        creature = self.creatures[index]
        if not creature.on_battlefield or not self.in_combat(index):
            return False
        # 510.1a: a creature that would assign 0 or less doesn't assign at all.
        if creature.current_power() <= 0:
            return False
        if step == FIRST_STRIKE:
            # 510.4: only creatures with first strike or double strike.
            return creature.has_first_strike_or_double_strike()
        if self.first_strike_step_happened:
            # 510.4: the remaining creatures that had neither keyword as the
            # first step began, and those that have double strike now
            # (702.4c, 702.4d, 702.7c).
            return index not in self.struck_first or creature.has("double strike")
        return True

    def _sources(self, step: str) -> list[int]:
        """The creatures that assign combat damage in this step, in the
        order they assign: attackers, then blockers (510.1)."""
        return [i for i in self._creatures_in_combat() if self._assigns_in_step(i, step)]

    def _attacked_thing(self, attack: Attack) -> Thing | None:
        """What an attacking creature's damage goes to, if anything (510.1b)."""
        kind, index = attack.target
        if kind == "player":
            # 800.4e: not to a player who left the game.
            return None if self.players[index].has_lost else ("player", index)
        if kind == "planeswalker" and self.planeswalkers[index].on_battlefield:
            return ("planeswalker", index)
        return None

    def _stages(self, source: int) -> list[list[tuple[Thing, int]]]:
        """Where the creature's combat damage may go, in stages: a recipient
        of a later stage may be assigned damage only once each recipient of
        the earlier stages is assigned at least the number beside it. The
        numbers count damage already marked, but not damage other creatures
        assign in the same step (which only lowers them)."""
        creature = self.creatures[source]
        attack = self.attacks.get(source)
        if attack is None:
            # 510.1d: a blocker assigns to the creatures it blocks.
            return [[(("creature", a), 0) for a in self.attackers_blocked_by(source)]]
        walker = self._attacked_thing(attack)
        over_planeswalkers = creature.has("trample over planeswalkers")
        beyond: list[list[tuple[Thing, int]]] = []
        if walker is not None and walker[0] == "planeswalker" and over_planeswalkers:
            # 702.19c: damage at least equal to its loyalty to the
            # planeswalker, then the rest also to its controller.
            loyalty = self.planeswalkers[walker[1]].loyalty
            controller = self.planeswalkers[walker[1]].controller
            beyond = [[(walker, max(loyalty, 0))]]
            if not self.players[controller].has_lost:  # 800.4e
                beyond.append([(("player", controller), 0)])
        elif walker is not None:
            beyond = [[(walker, 0)]]
        elif over_planeswalkers and attack.planeswalker is not None:
            # 702.19e: the planeswalker was removed from combat; the damage
            # may go to the defending player, unless they left (800.4e).
            controller = self.planeswalkers[attack.planeswalker].controller
            if not self.players[controller].has_lost:
                beyond = [[(("player", controller), 0)]]
        if not attack.blocked:
            # 510.1b; 702.19c also lets an unblocked creature with trample
            # over planeswalkers send damage beyond loyalty to the controller.
            if over_planeswalkers:
                return beyond
            return beyond[:1]
        # 510.1c: a blocked creature assigns to the creatures blocking it.
        blockers = [
            (("creature", b), self._lethal(source, b, {})) for b in self.blockers_of(source)
        ]
        if not creature.has_trample():
            return [blockers]
        # 702.19b: lethal damage to every blocker before any goes further;
        # 702.19d: with no blockers left, as though each got lethal damage.
        return [blockers, *beyond]

    def _lethal(self, source: int, target: int, assigned: dict[tuple[int, Thing], int]) -> int:
        """How much more damage from ``source`` would be lethal damage to
        ``target``, counting damage already marked on it and damage other
        creatures are assigning it in the same step (702.19b)."""
        creature = self.creatures[target]
        recipient = ("creature", target)
        from_others = 0
        for (other, to), amount in assigned.items():
            if other == source or to != recipient or amount <= 0:
                continue
            # 702.2c: any nonzero damage assigned by a source with deathtouch
            # is lethal damage.
            if self.creatures[other].has("deathtouch"):
                return 0
            from_others += amount
        needed = max(creature.current_toughness() - creature.damage - from_others, 0)
        if self.creatures[source].has("deathtouch"):
            needed = min(needed, 1)
        return needed

    def assignment_options(self) -> dict[int, dict]:
        """For each creature that assigns combat damage in the next step, its
        power and the stages of :meth:`_stages`, as plain data:
        ``{source: {"power": 3, "stages": [[(("creature", 2), 2)], ...]}}``."""
        step = self.next_damage_step()
        if step is None:
            return {}
        return {
            source: {
                "power": self.creatures[source].current_power(),
                "stages": self._stages(source),
            }
            for source in self._sources(step)
        }

    def _default_assignment(
        self, source: int, assigned: dict[tuple[int, Thing], int]
    ) -> dict[Thing, int]:
        """The documented default policy for one source."""
        creature = self.creatures[source]
        left = creature.current_power()
        result: dict[Thing, int] = {}
        attack = self.attacks.get(source)

        def give(recipient: Thing, amount: int) -> None:
            if amount > 0:
                result[recipient] = result.get(recipient, 0) + amount
                assigned[(source, recipient)] = assigned.get((source, recipient), 0) + amount

        if attack is not None and not attack.blocked:
            # 510.1b: everything to what it attacks; 702.19e for a creature
            # with trample over planeswalkers whose planeswalker left combat.
            stages = self._stages(source)
            if stages and stages[0]:
                give(stages[0][0][0], left)
            return result

        if attack is None:
            in_the_way = self.attackers_blocked_by(source)  # 510.1d
        else:
            in_the_way = self.blockers_of(source)  # 510.1c
        for other in in_the_way:
            amount = min(self._lethal(source, other, assigned), left)
            give(("creature", other), amount)
            left -= amount
        if left <= 0:
            return result
        if attack is not None and creature.has_trample():
            # 702.19b, 702.19d: the excess tramples over.
            beyond = self._stages(source)[1:]
            if beyond:
                first = beyond[0][0]
                if len(beyond) == 2:
                    # 702.19c: the planeswalker gets its loyalty, the
                    # controller the rest.
                    to_walker = min(left, first[1])
                    give(first[0], to_walker)
                    give(beyond[1][0][0], left - to_walker)
                else:
                    give(first[0], left)
                return result
        # Otherwise the rest goes to the first creature in the way.
        if in_the_way:
            give(("creature", in_the_way[0]), left)
        return result

    def resolve_damage_step(
        self,
        assignments: list[tuple[int, Thing, int]] | None = None,
        state_based_actions: bool = True,
    ) -> StepEvents:
        """Resolves the next combat damage step: assigns combat damage
        (510.1), deals it (510.2) and performs state-based actions (704.3).
        ``assignments`` are explicit choices ``(source, recipient, amount)``;
        the sources not named there use the default policy. Without
        ``state_based_actions`` it stops once the damage is dealt, for a
        caller that recomputes characteristics first."""
        self.assign_damage_step(assignments)
        events = self.deal_assigned_damage()
        if state_based_actions:
            self._state_based_actions(events)
        return events

    def assign_damage_step(
        self, assignments: list[tuple[int, Thing, int]] | None = None
    ) -> tuple[str, list[tuple[int, Thing, int]]]:
        """Assigns the next combat damage step's damage (510.1) and keeps it
        without dealing it, so that prevention effects can look at it first
        (615). Returns the step and the whole assignment."""
        self.assigned = None
        if self.game_over:
            _raise([_GAME_OVER])
        step = self.next_damage_step()
        if step is None:
            _raise(
                [
                    (
                        "IllegalActionError",
                        "510.4",
                        "no_damage_step_left",
                        "no combat damage step remains",
                    )
                ]
            )
            raise AssertionError  # unreachable
        choices = list(assignments or [])
        faults: list[Fault] = []
        for source, recipient, _ in choices:
            faults += self._unknown_thing(("creature", source))
            faults += self._unknown_thing(recipient)
        if faults:
            _raise(faults)

        # 510.1: attackers, then blockers.
        explicit: dict[int, dict[Thing, int]] = {}
        for source, recipient, amount in choices:
            split = explicit.setdefault(source, {})
            split[recipient] = split.get(recipient, 0) + amount
        assigned: dict[tuple[int, Thing], int] = {}
        sources = self._sources(step)
        for source in sources:
            if source in explicit:
                for recipient, amount in explicit[source].items():
                    if amount > 0:
                        assigned[(source, recipient)] = amount
            else:
                self._default_assignment(source, assigned)

        # 510.1e: the total assignment is checked; if it is illegal, the
        # game returns to the moment before it.
        faults = self._assignment_faults(sources, choices, assigned)
        if faults:
            _raise(faults)
        self.assigned = (step, assigned)
        return step, [
            (source, recipient, amount) for (source, recipient), amount in assigned.items()
        ]

    def deal_assigned_damage(
        self, instead: list[tuple[int, Thing, int]] | None = None
    ) -> StepEvents:
        """Deals the damage assign_damage_step assigned (510.2), as
        replacement and prevention effects changed it: ``instead`` holds the
        amount a source deals a recipient instead of what it was assigned
        (614.1a, 615.1). Without the state-based actions."""
        if self.game_over:
            _raise([_GAME_OVER])
        if self.assigned is None:
            _raise([_bad_input("no combat damage is assigned: assign it before dealing it")])
            raise AssertionError  # unreachable
        step, assigned = self.assigned
        dealt = dict(assigned)
        changed: set[tuple[int, Thing]] = set()
        for source, recipient, amount in instead or []:
            if amount < 0:
                _raise([_bad_input("an amount of damage can't be negative")])
            if (source, recipient) in changed:
                _raise([_bad_input("the same damage is changed twice")])
            if (source, recipient) not in dealt:
                _raise([_bad_input("no damage is assigned from that source to that recipient")])
            changed.add((source, recipient))
            dealt[(source, recipient)] = amount
        self.assigned = None

        if step == FIRST_STRIKE:
            # 510.4: remember who had first strike or double strike as the
            # first step began.
            self.struck_first = {
                i
                for i in self._creatures_in_combat()
                if self.creatures[i].has_first_strike_or_double_strike()
            }
        events = StepEvents(step=step)
        self._deal(dealt, step, events)  # 510.2
        if step == FIRST_STRIKE:
            self.first_strike_step_happened = True
        else:
            self.finished = True
        return events

    def _assignment_faults(
        self,
        sources: list[int],
        choices: list[tuple[int, Thing, int]],
        assigned: dict[tuple[int, Thing], int],
    ) -> list[Fault]:
        faults: list[Fault] = []
        named = list(dict.fromkeys(source for source, _, _ in choices))
        for source in named:
            mine = [(recipient, amount) for s, recipient, amount in choices if s == source]
            if source not in sources:
                faults.append(
                    _assignment_fault(
                        "510.4",
                        "not_assigning_in_this_step",
                        "the creature doesn't assign combat damage in this step",
                    )
                )
                continue
            creature = self.creatures[source]
            allowed = {recipient for stage in self._stages(source) for recipient, _ in stage}
            if not allowed:
                # 510.1b–d: with nothing to assign to, it assigns no combat
                # damage at all; naming it is as wrong as naming a creature
                # outside this step.
                faults.append(
                    _assignment_fault(
                        "510.4",
                        "not_assigning_in_this_step",
                        "the creature assigns no combat damage",
                    )
                )
            for recipient, amount in mine:
                if amount < 0:
                    faults.append(
                        _assignment_fault("510.1a", "negative_amount", "damage can't be negative")
                    )
                if amount > 0 and recipient not in allowed:
                    faults.append(self._recipient_fault(source, recipient))
            # 510.1a: all of its power, no more and no less.
            total = sum(amount for _, amount in mine)
            if total != creature.current_power():
                faults.append(
                    _assignment_fault(
                        "510.1a",
                        "wrong_total",
                        f"it assigns damage equal to its power: {total} assigned, power {creature.current_power()}",
                    )
                )
        if faults:
            return faults
        # 702.19b, 702.19c: checked against the whole assignment, since
        # lethal damage counts what other creatures assign in this step.
        for source in named:
            stages = self._stages(source)
            for depth, stage in enumerate(stages):
                later = {r for s in stages[depth + 1 :] for r, _ in s}
                if not any(assigned.get((source, r), 0) > 0 for r in later):
                    continue
                for recipient, _ in stage:
                    if self._has_enough(source, recipient, assigned):
                        continue
                    if recipient[0] == "creature":
                        faults.append(
                            _assignment_fault(
                                "702.19b",
                                "trample_without_lethal",
                                "damage tramples over only after each blocker is assigned lethal damage",
                            )
                        )
                    else:
                        faults.append(
                            _assignment_fault(
                                "702.19c",
                                "planeswalker_without_loyalty",
                                "damage goes to the controller only after the planeswalker is assigned its loyalty",
                            )
                        )
        return faults

    def _has_enough(
        self, source: int, recipient: Thing, assigned: dict[tuple[int, Thing], int]
    ) -> bool:
        """Whether ``recipient`` is assigned lethal damage (a creature,
        702.19b) or damage equal to its loyalty (a planeswalker, 702.19c),
        counting what every creature assigns it in this step."""
        own = assigned.get((source, recipient), 0)
        kind, index = recipient
        if kind == "creature":
            return own >= self._lethal(source, index, assigned)
        if kind == "planeswalker":
            total = sum(a for (_, r), a in assigned.items() if r == recipient)
            return total >= self.planeswalkers[index].loyalty
        return True

    def _recipient_fault(self, source: int, recipient: Thing) -> Fault:
        if recipient[0] == "player" and self.players[recipient[1]].has_lost:
            return _assignment_fault(
                "800.4e",
                "player_left_game",
                "combat damage isn't assigned to a player who has left the game",
            )
        attack = self.attacks.get(source)
        if attack is None:
            return _assignment_fault(
                "510.1d", "not_blocked_by_it", "a blocker assigns damage to the creatures it blocks"
            )
        if not attack.blocked:
            return _assignment_fault(
                "510.1b",
                "unblocked_recipient",
                "an unblocked creature assigns damage to what it attacks",
            )
        if (
            attack.planeswalker is not None
            and recipient[0] == "player"
            and self.creatures[source].has_trample()
        ):
            # 702.19f: attacking a planeswalker, only trample over
            # planeswalkers lets damage go to a player.
            return _assignment_fault(
                "702.19f",
                "player_behind_planeswalker",
                "a creature attacking a planeswalker can't assign damage to a player",
            )
        return _assignment_fault(
            "510.1c", "not_a_blocker", "a blocked creature assigns damage to its blockers"
        )

    # ----- 120.3: damage and its results -----

    def _deal(
        self,
        assigned: dict[tuple[int | DamageSource, Thing], int],
        step: str | None,
        events: StepEvents,
    ) -> None:
        """Deals all the damage at once, with its results (120.3)."""
        gained: dict[int | DamageSource, int] = {}
        for (source, recipient), amount in assigned.items():
            if amount <= 0:
                continue  # 120.8: 0 damage isn't dealt at all.
            dealer = source if isinstance(source, DamageSource) else self.creatures[source]
            shown = None if isinstance(source, DamageSource) else source
            events.damage.append((shown, recipient, amount, step))
            kind, index = recipient
            if kind == "player":
                team = [self.players[m] for m in self._team(index)]
                if dealer.has("infect"):
                    # 810.10c: no teammate of a player who can't get them can.
                    if all(member.can_get_poison for member in team):
                        # 120.3b, 702.90b; 810.10: a team shares them.
                        for member in self._team(index):
                            self.players[member].poison += amount
                elif all(member.can_lose_life for member in team):
                    self._gain_or_lose(index, -amount)  # 120.3a; 119.8, 810.9h
            elif kind == "creature":
                target = self.creatures[index]
                if dealer.has("infect") or dealer.has("wither"):
                    # 120.3d, 702.80b, 702.90b
                    if target.can_get_minus_one_counters:
                        target.minus_one_counters += amount
                else:
                    target.damage += amount  # 120.3e
                if dealer.has("deathtouch"):
                    target.dealt_deathtouch_damage = True  # 702.2b
            else:
                walker = self.planeswalkers[index]
                walker.loyalty = max(walker.loyalty - amount, 0)  # 120.3c
            if dealer.has("lifelink"):
                gained[source] = gained.get(source, 0) + amount  # 120.3f, 702.15b
        # 702.15e: one life gain event for each source with lifelink.
        for source, amount in gained.items():
            if isinstance(source, DamageSource):
                controller, shown = source.controller, None
            else:
                controller, shown = self.creatures[source].controller, source
            if not all(self.players[m].can_gain_life for m in self._team(controller)):
                continue  # 119.7, 810.9g
            self._gain_or_lose(controller, amount)
            events.life_gains.append((controller, amount, shown, step))

    def deal_damage(self, source: int | DamageSource, recipient: Thing, amount: int) -> StepEvents:
        """Noncombat damage from a creature or another source (120.3,
        702.2d, 702.15d, 702.80b, 702.90b). State-based actions are not
        performed."""
        self.assigned = None  # 510.2: nothing happens between assigning and dealing
        if self.game_over:
            _raise([_GAME_OVER])
        if amount < 0:
            _raise([_bad_input("an amount of damage can't be negative")])
        if isinstance(source, DamageSource):
            faults = self._unknown_thing(("player", source.controller))
        else:
            faults = self._unknown_thing(("creature", source))
        faults += self._unknown_thing(recipient)
        if faults:
            _raise(faults)
        if recipient[0] == "player" and self.players[recipient[1]].has_lost:
            _raise([_bad_input(f"player {recipient[1]} has left the game")])
        events = StepEvents()
        self._deal({(source, recipient): amount}, None, events)
        return events

    # ----- 704: state-based actions -----

    def check_state_based_actions(self) -> StepEvents:
        self.assigned = None  # 510.2: nothing happens between assigning and dealing
        events = StepEvents()
        self._state_based_actions(events)
        return events

    def _state_based_actions(self, events: StepEvents) -> None:
        """Performs 704.5a, 704.5f–i all at once (704.3). A creature that
        dies for several reasons is reported under the first rule that
        applies. Then the players who lost leave the game (104.5). Once the
        game is over, nothing happens (104.1)."""
        if self.game_over:
            return
        for index, player in enumerate(self.players):
            # 704.5a; 704.5c: ten or more poison counters; 704.6a, 704.6b
            # for a team.
            loses = player.life <= 0 or player.poison >= self._poison_to_lose(index)
            if loses and not player.has_lost:
                player.has_lost = True
                events.losers.append(index)
        # 810.8a: if either player on a team loses, the team loses.
        for loser in list(events.losers):
            for member in self._team(loser):
                if not self.players[member].has_lost:
                    self.players[member].has_lost = True
                    events.losers.append(member)
        dying: list[tuple[int, str]] = []
        regenerating: list[int] = []
        for index, creature in enumerate(self.creatures):
            if not creature.on_battlefield:
                continue
            # 702.12b: indestructible creatures aren't destroyed.
            destroyable = not creature.has("indestructible")
            destroyed_by = None
            toughness = creature.current_toughness()
            if toughness <= 0:
                # 704.5f: put into the graveyard, not destroyed: "Regeneration
                # can't replace this event."
                dying.append((index, "704.5f"))
            elif destroyable and 0 < toughness <= creature.damage:
                destroyed_by = "704.5g"
            elif destroyable and creature.dealt_deathtouch_damage:
                destroyed_by = "704.5h"
            if destroyed_by is not None:
                # 701.19a, 614.8: a shield replaces the destruction, once,
                # whether 704.5g, 704.5h or both destroy it.
                if creature.regeneration_shields > 0:
                    regenerating.append(index)
                else:
                    dying.append((index, destroyed_by))
            # 704.5h counts damage since the last check only.
            creature.dealt_deathtouch_damage = False
        dying_walkers = [
            index
            for index, walker in enumerate(self.planeswalkers)
            if walker.on_battlefield and walker.loyalty <= 0  # 704.5i
        ]
        for index in regenerating:
            # 701.19a: "instead remove all damage marked on it and its
            # controller taps it. If it's an attacking or blocking creature,
            # remove it from combat" (506.4). The shield is used up.
            creature = self.creatures[index]
            creature.regeneration_shields -= 1
            creature.damage = 0
            creature.tapped = True
            self.remove_from_combat(index)
            events.regenerations.append(index)
        for index, rule in dying:
            events.deaths.append((index, rule))
            self.leave_battlefield(index)  # 506.4
        for index in dying_walkers:
            events.planeswalker_deaths.append(index)
            self.planeswalkers[index].on_battlefield = False
            self._remove_planeswalker_from_combat(index)  # 506.4c
        self._players_leave(events.losers)

    # ----- checking input -----

    def _player(self, index: int) -> Player:
        if not 0 <= index < len(self.players):
            _raise([_bad_input(f"no player with index {index}")])
        return self.players[index]

    def _creature(self, index: int) -> Creature:
        if not 0 <= index < len(self.creatures):
            _raise([_bad_input(f"no creature with index {index}")])
        return self.creatures[index]

    def _planeswalker(self, index: int) -> Planeswalker:
        if not 0 <= index < len(self.planeswalkers):
            _raise([_bad_input(f"no planeswalker with index {index}")])
        return self.planeswalkers[index]

    def _unknown_creature(self, index: int) -> list[Fault]:
        if not 0 <= index < len(self.creatures):
            return [_bad_input(f"no creature with index {index}")]
        if not self.creatures[index].on_battlefield:
            return [_bad_input(f"creature {index} is not on the battlefield")]
        return []

    def _unknown_thing(self, thing: Thing) -> list[Fault]:
        kind, index = thing
        known = {
            "player": len(self.players),
            "creature": len(self.creatures),
            "planeswalker": len(self.planeswalkers),
        }
        if kind not in known or not 0 <= index < known[kind]:
            return [_bad_input(f"no {kind} with index {index}")]
        return []


def _keyword_set(names: frozenset[str] | set[str] | list[str]) -> frozenset[str]:
    result = frozenset(names)
    unknown = result - set(KEYWORDS)
    if unknown:
        _raise([_bad_input(f"unknown keywords: {sorted(unknown)}")])
    return result
