"""Combat in the game model (506–511): what was declared, and the bridge to
the Rust kernel that checks declarations and resolves the damage steps.

The kernel reads the creatures' characteristics as they are when each step
begins, so a scenario may change them between the steps (510.4)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mtgjudge import _core, kernel
from mtgjudge.errors import IllegalActionError, InvalidInputError
from mtgjudge.keywords import mask
from mtgjudge.model import counters, effects, life, replacement, restrictions, triggers

if TYPE_CHECKING:
    from mtgjudge.model.game import Game
    from mtgjudge.model.objects import GameObject

#: An attack target as the kernel takes it: ("player", index) and so on.
KernelTarget = tuple[str, int]
#: The most regeneration shields the kernel holds for one creature.
_MAX_SHIELDS = 255


@dataclass
class CombatRecord:
    """The attacks and blocks of the current combat phase, by object serial."""

    #: attacker serial -> ("player", name), ("planeswalker", serial), or
    #: ("removed_planeswalker", defending player's name) once the planeswalker
    #: it attacked has left combat (506.4c, 508.5)
    attacks: dict[int, tuple[str, object]] = field(default_factory=dict)
    blocked: set[int] = field(default_factory=set)
    #: (blocker serial, attacker serial), in declaration order
    blocks: list[tuple[int, int]] = field(default_factory=list)
    #: Blockers whose attackers have all left combat: still blocking (509.1g).
    blocking_nothing: set[int] = field(default_factory=set)
    attackers_declared: bool = False
    blockers_declared: bool = False
    #: Some creature attacked this combat (508.8).
    any_attacked: bool = False
    progress: str = "not_started"
    #: Creatures put onto the battlefield attacking or blocking: they are
    #: attacking or blocking, but never attacked or blocked (508.4, 509.4).
    entered_attacking: set[int] = field(default_factory=set)
    entered_blocking: set[int] = field(default_factory=set)
    #: Every block declared this combat (509.1g), (blocker, attacker), kept
    #: when either leaves combat: "the creatures it blocked this combat".
    declared_blocks: list[tuple[int, int]] = field(default_factory=list)

    def forget_missing(self, on_battlefield: set[int], walker_controllers: dict[int, str]) -> None:
        """A permanent that leaves the battlefield leaves combat (506.4). An
        attacker it blocked stays blocked (509.1h); a blocker whose attackers
        all left stays blocking (509.1g); creatures attacking a planeswalker
        that left keep attacking, with nothing to deal damage to unless they
        trample over planeswalkers (506.4c, 702.19e)."""
        for serial in {a for a in self.attacks} | {b for b, _ in self.blocks}:
            if serial not in on_battlefield:
                self.remove_from_combat(serial)
        self.blocking_nothing &= on_battlefield
        for attacker, (kind, target) in list(self.attacks.items()):
            if kind == "planeswalker" and target not in on_battlefield:
                self.attacks[attacker] = (
                    "removed_planeswalker",
                    walker_controllers.get(target, ""),
                )

    def remove_from_combat(self, serial: int) -> None:
        """506.4: it stops being an attacking, blocking, blocked or unblocked creature."""
        self.attacks.pop(serial, None)
        for blocker, attacker in self.blocks:
            if attacker == serial and all(a == serial for b, a in self.blocks if b == blocker):
                self.blocking_nothing.add(blocker)
        self.blocks = [(b, a) for b, a in self.blocks if serial not in (b, a)]
        self.blocking_nothing.discard(serial)

    def is_attacking(self, serial: int) -> bool:
        return serial in self.attacks

    def is_blocking(self, serial: int) -> bool:
        return serial in self.blocking_nothing or any(b == serial for b, _ in self.blocks)


#: The keywords that change what damage does, wherever it comes from.
_DAMAGE_KEYWORDS = ("deathtouch", "lifelink", "infect", "wither")
#: Those whose damage is counters (702.80a, 702.90b, 702.90c).
_COUNTER_DAMAGE = frozenset({"infect", "wither"})


@dataclass
class _Events:
    """Several kernel calls' events as one (the fields of StepEvents that
    the model reads)."""

    damage: list
    life_gains: list
    losers: list
    regenerations: list
    deaths: list
    planeswalker_deaths: list
    step: str | None = None


_KERNEL_INDEX = re.compile(r"\b(creature|planeswalker|player) (\d+)\b")


class _Named:
    """The kernel's combat, with the objects and players its errors name by
    index ("creature 0") named as the ruling file names them ("drake")."""

    def __init__(self, combat: object, board: KernelBoard):
        object.__setattr__(self, "_combat", combat)
        object.__setattr__(self, "_board", board)

    def __getattr__(self, name: str) -> object:
        value = getattr(self._combat, name)
        if not callable(value):
            return value

        def call(*args: object, **kwargs: object) -> object:
            try:
                return value(*args, **kwargs)
            except (IllegalActionError, InvalidInputError) as error:
                raise self._board.renamed(error) from None

        return call

    def __setattr__(self, name: str, value: object) -> None:
        setattr(self._combat, name, value)


class KernelBoard:
    """The game's creatures, planeswalkers and players, as one kernel call sees them."""

    def __init__(self, game: Game):
        self.game = game
        self.players = list(game.players)
        self.kernel = _Named(
            kernel.current().Combat([game.players[name].life for name in self.players]), self
        )
        self.creatures: list[GameObject] = []
        self.walkers: list[GameObject] = []
        counter_rules = counters.any_rules(game)
        #: Each creature's infect and wither as the board was made.
        self._counter_keywords: list[frozenset[str]] = []
        for obj in game.battlefield():
            current = game.characteristics(obj)
            if "creature" in current.types and current.power is not None:
                # 510.1a: one that an effect says assigns no combat damage
                # assigns it as a creature with 0 power does: none.
                power = 0 if effects.assigns_no_combat_damage(game, obj) else current.power
                self.kernel.add_creature(
                    self.player_index(current.controller),
                    power,
                    current.toughness,
                    damage=obj.damage,
                    keywords=mask(current.keywords),
                    keyword_counters=mask(current.counter_keywords),
                    tapped=obj.tapped,
                    summoning_sick=obj.summoning_sick,
                    block_limit=obj.block_limit,
                    struck_first=obj.struck_first,
                    dealt_deathtouch_damage=obj.dealt_deathtouch_damage,
                    regeneration_shields=min(obj.regeneration_shields, _MAX_SHIELDS),
                    # 613.4c: the power and toughness sent already count the
                    # -1/-1 counters it has, so the kernel starts from none
                    # and :meth:`sync` puts on it the ones it added (702.80a,
                    # 702.90c) as the model's effects let them be put (122.1).
                    minus_one_counters=0,
                    can_get_minus_one_counters=(
                        not counter_rules or counters.can_put(game, obj, "-1/-1")
                    ),
                )
                self.creatures.append(obj)
                self._counter_keywords.append(current.all_keywords & _COUNTER_DAMAGE)
            if "planeswalker" in current.types:
                self.kernel.add_planeswalker(
                    self.player_index(current.controller), obj.counters.get("loyalty", 0)
                )
                self.walkers.append(obj)
        self._creature_index = {obj.serial: i for i, obj in enumerate(self.creatures)}
        self._walker_index = {obj.serial: i for i, obj in enumerate(self.walkers)}
        if game.teams:
            # 810: teams share life and poison, attack and block as one.
            self.kernel.set_teams([[self.player_index(p) for p in team] for team in game.teams])
        record = game.combat
        if record is not None:
            for attacker, target in record.attacks.items():
                if attacker in self._creature_index:
                    self.kernel.restore_attack(
                        self._creature_index[attacker],
                        self._stored_target(target),
                        attacker in record.blocked,
                    )
            for blocker, attacker in record.blocks:
                if blocker in self._creature_index and attacker in self._creature_index:
                    self.kernel.restore_block(
                        self._creature_index[blocker], self._creature_index[attacker]
                    )
            for blocker in record.blocking_nothing:
                if blocker in self._creature_index:
                    self.kernel.restore_blocking_nothing(self._creature_index[blocker])
            self.kernel.attacked = record.any_attacked
            self.kernel.progress = record.progress
        # 119.7, 119.8, 120.4c: the kernel deals damage to a player whose
        # damage results change, and the model works out the life loss.
        self.results_changed: set[str] = set()
        for index, name in enumerate(self.players):
            gains = life.can_gain(game, name)
            changed = life.changes_damage_results(game, name)
            if changed:
                self.results_changed.add(name)
            if not gains or changed:
                self.kernel.set_life_rules(index, can_gain_life=gains, can_lose_life=not changed)
            # 122.1f, 704.5c: poison counters, and whether the player can get them.
            poison = game.players[name].poison
            if poison:
                self.kernel.set_poison(index, poison)
            if counter_rules and not counters.can_get(game, name, "poison"):
                self.kernel.set_counter_rules(index, can_get_poison=False)
        #: The source of damage that isn't one of the kernel's creatures.
        self.other_source: GameObject | None = None
        self.other_keywords: frozenset[str] = frozenset()
        # Players who left the game (104.5, 800.4a): combat goes on without
        # them; creatures attacking them stay attacking (800.4e).
        for index, name in enumerate(self.players):
            if game.players[name].has_lost and not game.over:
                self.kernel.player_loses(index)

    # ----- translation -----

    def player_index(self, name: str) -> int:
        try:
            return self.players.index(name)
        except ValueError:
            raise InvalidInputError(f"no player named {name!r}") from None

    def index(self, obj: GameObject) -> int:
        try:
            return self._creature_index[obj.serial]
        except KeyError:
            raise InvalidInputError(f"{obj.ref} is not a creature on the battlefield") from None

    def _stored_target(self, target: tuple[str, object]) -> KernelTarget:
        kind, value = target
        if kind == "player":
            return ("player", self.player_index(str(value)))
        if kind == "planeswalker" and value in self._walker_index:
            return ("planeswalker", self._walker_index[value])  # type: ignore[index]
        if kind == "removed_planeswalker" and value in self.game.players:
            # The kernel finds the defending player through the planeswalker
            # that left (508.5); it stands in off the battlefield.
            index = self.kernel.add_planeswalker(
                self.player_index(str(value)), 0, on_battlefield=False
            )
            return ("removed_planeswalker", index)
        return ("nothing", 0)

    def target(self, name: str) -> KernelTarget:
        """A player name or the ref of a creature or planeswalker."""
        if name in self.game.players:
            return ("player", self.player_index(name))
        obj = self.game.obj(name)
        if obj.serial in self._walker_index:
            return ("planeswalker", self._walker_index[obj.serial])
        if obj.serial in self._creature_index:
            return ("creature", self._creature_index[obj.serial])
        raise InvalidInputError(
            f"{name} is not a player, creature or planeswalker on the battlefield"
        )

    def renamed(self, error: Exception) -> Exception:
        """The kernel's error, with the names of the file for its indices."""

        def name(match: re.Match[str]) -> str:
            kind, index = match.group(1), int(match.group(2))
            try:
                return self.name_of(kind, index)
            except IndexError:
                return match.group(0)

        text = _KERNEL_INDEX.sub(name, str(error.args[0]) if error.args else "")
        if isinstance(error, IllegalActionError):
            return type(error)(text, error.rule, error.fault)
        return type(error)(text)

    def name_of(self, kind: str, index: int) -> str:
        if kind == "player":
            return self.players[index]
        if kind == "planeswalker":
            return self.walkers[index].ref
        return self.creatures[index].ref

    # ----- writing results back -----

    def damage_source(self, obj: GameObject, controller: str, keywords: frozenset[str]) -> object:
        """A source that isn't a creature on the battlefield: a spell, a
        noncreature permanent, or an object as it last existed (113.7a,
        608.2h). The keywords that change what its damage does apply as a
        creature's would (702.2, 702.15, 702.80, 702.90)."""
        self.other_source = obj
        wanted = [k for k in _DAMAGE_KEYWORDS if k in keywords]
        self.other_keywords = frozenset(wanted)
        return _core.DamageSource(self.player_index(controller), wanted)

    def has_creature(self, obj: GameObject) -> bool:
        return obj.serial in self._creature_index

    @staticmethod
    def merged(events: list[_core.StepEvents | _Events], step: str | None = None) -> _Events | None:
        """Damage one source deals to several recipients at once, dealt by
        the kernel one recipient at a time, as one event: lifelink gives
        one life-gain event for it (702.15e)."""
        if not events:
            return None
        gains: dict[tuple[int, int | None], int] = {}
        for part in events:
            for player, amount, source, _ in part.life_gains:
                gains[(player, source)] = gains.get((player, source), 0) + amount
        return _Events(
            damage=[(s, r, n, step) for part in events for s, r, n, _ in part.damage],
            life_gains=[(p, amount, source, step) for (p, source), amount in gains.items()],
            losers=[p for part in events for p in part.losers],
            regenerations=[r for part in events for r in part.regenerations],
            deaths=[d for part in events for d in part.deaths],
            planeswalker_deaths=[d for part in events for d in part.planeswalker_deaths],
            step=step,
        )

    def source_of(self, index: int | None) -> GameObject:
        """The object that dealt damage, by the kernel's index (None: the
        source of :meth:`damage_source`)."""
        if index is None:
            assert self.other_source is not None
            return self.other_source
        return self.creatures[index]

    def sync(self, events: _core.StepEvents | _Events | None) -> None:
        game = self.game
        for index, obj in enumerate(self.creatures):
            state = self.kernel.creature(index)
            obj.damage = state.damage
            obj.tapped = state.tapped
            obj.struck_first = state.struck_first
            obj.dealt_deathtouch_damage = state.dealt_deathtouch_damage
            # Shields the kernel used (701.19a); it holds at most _MAX_SHIELDS.
            sent = min(obj.regeneration_shields, _MAX_SHIELDS)
            obj.regeneration_shields -= sent - state.regeneration_shields
        for index, name in enumerate(self.players):
            game.players[name].life = self.kernel.life(index)
        for index, obj in enumerate(self.walkers):
            obj.counters["loyalty"] = self.kernel.loyalty(index)
        if game.combat is not None:
            game.combat.progress = self.kernel.progress
        if events is None:
            return
        self._record(events)

    def _sync_counters(self, events: _core.StepEvents | _Events) -> None:
        """The counters the kernel's damage put or gave: -1/-1 counters on
        creatures dealt damage by a source with wither or infect (702.80a,
        702.90c) and poison counters for players dealt damage by a source
        with infect (702.90b). The damage is dealt even where they can't be
        put (122.1, 122.1f): lifelink and triggers still see it."""
        game = self.game
        withered: dict[int, str] = {}
        poisoned: set[int] = set()
        for source, (kind, index), amount, _ in events.damage:
            keywords = self._keywords_of(source)
            if not keywords:
                continue
            rule = "702.90c" if "infect" in keywords else "702.80a"
            if kind == "creature":
                withered[index] = rule
                obj = self.creatures[index]
                if not counters.can_put(game, obj, "-1/-1"):
                    counters.put(game, obj, "-1/-1", amount, f"{amount} damage", rule=rule)
            elif kind == "player" and "infect" in keywords:
                poisoned.add(index)
                name = self.players[index]
                if not counters.can_get(game, name, "poison"):
                    counters.give(game, name, "poison", amount, f"{amount} infect damage")
        for index, rule in withered.items():
            added = self.kernel.creature(index).minus_one_counters
            if added:
                counters.put(
                    game, self.creatures[index], "-1/-1", added, "for the damage", rule=rule
                )
        for index in sorted(poisoned):
            name = self.players[index]
            player = game.players[name]
            poison = self.kernel.poison(index)
            gained = poison - player.poison
            if gained > 0:
                player.poison = poison
                game.note(
                    "702.90b", f"{name} gets {gained} poison counter(s) for the infect damage"
                )

    def _keywords_of(self, source: int | None) -> frozenset[str]:
        """The source's infect and wither, as the kernel deals its damage."""
        if source is None:
            return self.other_keywords & _COUNTER_DAMAGE
        return self._counter_keywords[source]

    def _explain_damage(
        self,
        source: GameObject,
        dealt: list[tuple[str, str, int, str | None]],
        special: frozenset[str] = frozenset(),
    ) -> None:
        """The trace of one source's damage, with the rule that sent it where
        it went (510.1b–d, 702.19b, 702.19d, 120.3)."""
        game = self.game
        record = game.combat
        names = {recipient: _display(game, kind, recipient) for kind, recipient, _, _ in dealt}
        to_creatures = [(names[r], amount) for kind, r, amount, _ in dealt if kind == "creature"]
        beyond = [(names[r], amount) for kind, r, amount, _ in dealt if kind != "creature"]
        combat_damage = dealt[0][3] is not None
        blocked = record is not None and source.serial in record.blocked
        if combat_damage and blocked and beyond:
            split = ", ".join(f"{amount} to {name}" for name, amount in to_creatures)
            over = " and ".join(f"{amount} to {name}" for name, amount in beyond)
            if to_creatures:
                lethal = (
                    " (any damage is lethal from a source with deathtouch, 702.2c)"
                    if "deathtouch" in game.characteristics(source).all_keywords
                    else ""
                )
                game.note(
                    "702.19b",
                    f"{source.name} assigns lethal damage to its blockers ({split}){lethal}; the rest tramples over: {over}",
                )
            else:
                game.note(
                    "702.19d",
                    f"no creature blocks {source.name} any more, so its damage goes on: {over}",
                )
        else:
            rule = (
                "120.3"
                if not combat_damage
                else "510.1d"
                if record is None or source.serial not in record.attacks
                else "510.1c"
                if blocked
                else "510.1b"
            )
            for name, amount in to_creatures + beyond:
                game.note(rule, f"{source.name} deals {amount} damage to {name}")
        for kind, recipient, amount, _ in dealt:
            if kind == "player" and "infect" in special:
                continue  # 120.3b: poison counters instead of life loss
            if kind == "player":
                game.note("120.3a", f"{recipient} loses {amount} life")
            elif kind == "planeswalker":
                game.note(
                    "120.3c", f"{amount} loyalty counters are removed from {names[recipient]}"
                )

    def _record(self, events: _core.StepEvents | _Events) -> None:
        from mtgjudge.model.game import DamageRecord, LifeGainRecord

        game = self.game
        combat_number = game.turn.combat_phase_number() if game.turn.in_combat() else 0
        by_source: dict[int, list[tuple[str, str, int, str | None]]] = {}
        dealt_events = []
        for source, (kind, index), amount, step in events.damage:
            recipient = self.name_of(kind, index)
            dealer = self.source_of(source)
            game.history.damage.append(
                DamageRecord(
                    dealer.ref,
                    recipient,
                    amount,
                    step,
                    combat_number,
                    game.turn_number,
                    dealer.serial,
                    0 if kind == "player" else game.obj(recipient).serial,
                )
            )
            by_source.setdefault(source, []).append((kind, recipient, amount, step))
            dealt_events.append(
                triggers.DamageEvent(
                    source=dealer,
                    kind=kind,
                    recipient=recipient if kind == "player" else game.obj(recipient),
                    amount=amount,
                    combat=step is not None,
                )
            )
        for source, dealt in by_source.items():
            self._explain_damage(self.source_of(source), dealt, self._keywords_of(source))
        self._sync_counters(events)
        self._damage_results(events)
        gains = []
        losses = []
        for player, amount, source, step in events.life_gains:
            name = self.players[player]
            gainer = self.source_of(source)
            game.note("702.15b", f"{name} would gain {amount} life: {gainer.name} has lifelink")
            # 614.1a, 119.10: replacements of the gain. Noncombat damage is
            # dealt because a spell or ability says so, and that spell or
            # ability causes the gain (its controller's own); combat damage
            # is no spell's or ability's.
            gained, lost, used = life.replaced_gain(
                game, name, amount, by_own_spell_or_ability=step is None
            )
            for text in used:
                game.note("614.1a", f"{text}: {name} would gain {amount} life")
            game.players[name].life -= amount - gained
            if lost:
                losses.append((name, lost))
            if gained <= 0:
                continue
            game.history.life_gains.append(
                LifeGainRecord(name, gained, gainer.ref, step, game.turn_number)
            )
            gains.append((name, gained))
            game.note("702.15b", f"{name} gains {gained} life")
        for name, lost in losses:
            game.lose_life(name, lost)
        # 603.2, 603.10: abilities that trigger on the damage and the life
        # gained trigger now, immediately after the event and before the
        # state-based actions it leads to.
        triggers.damage_dealt(game, dealt_events)
        triggers.life_gained(game, gains)
        for player in events.losers:
            name = self.players[player]
            team = game.players[name].team
            if len(team) > 1:
                game.losing.append((name, *_team_loss(game, team)))
            elif game.players[name].life <= 0:
                game.losing.append(
                    (name, "704.5a", f"{name} has 0 or less life and loses the game")
                )
            else:
                # 704.5c: the kernel's state-based action on poison counters.
                game.losing.append(
                    (name, "704.5c", f"{name} has ten or more poison counters and loses the game")
                )
        for index in events.regenerations:
            # 701.19a, 614.8: the kernel replaced the destruction (704.5g,
            # 704.5h) and removed the damage; it leaves combat here too.
            obj = self.creatures[index]
            self.game.record_regeneration(
                obj, f"{obj.name} would be destroyed by state-based actions (704.5g, 704.5h)"
            )
        dying = [(self.creatures[index], rule) for index, rule in events.deaths]
        dying += [(self.walkers[index], "704.5i") for index in events.planeswalker_deaths]
        for obj, rule in dying:
            game.note(rule, f"{obj.name} is put into its owner's graveyard ({_DEATH_TEXT[rule]})")
        game.put_into_graveyards(dying)

    def _damage_results(self, events: _core.StepEvents | _Events) -> None:
        """120.4c: the life the damage dealt to a player makes them lose,
        for a player whose damage results an effect changes (the kernel
        dealt it and left the life total alone). Damage dealt at the same
        time is one event; infect damage causes no life loss (120.3b)."""
        game = self.game
        dealt: dict[str, int] = {}
        for source, (kind, index), amount, _ in events.damage:
            name = self.players[index] if kind == "player" else ""
            if name not in self.results_changed:
                continue
            if "infect" in self._keywords_of(source):
                continue
            dealt[name] = dealt.get(name, 0) + amount
        for name, amount in dealt.items():
            loss, rule = life.loss_from_damage(game, name, amount)
            game.note(rule, f"{amount} damage dealt to {name} makes {name} lose {loss} life")
            game.players[name].life -= loss


def _team_loss(game: Game, team: tuple[str, ...]) -> tuple[str, str]:
    """Why a Two-Headed Giant team lost at the kernel's state-based check:
    0 or less life (704.6a), or fifteen or more poison counters, five
    more for each player beyond the second (704.6b, 810.11)."""
    names = " and ".join(team)
    if game.players[team[0]].life <= 0:
        return "704.6a", f"the team of {names} has 0 or less life and loses the game"
    return "704.6b", f"the team of {names} has too many poison counters and loses the game"


def _display(game: Game, kind: str, recipient: str) -> str:
    return recipient if kind == "player" else game.obj(recipient).name


_DEATH_TEXT = {
    "704.5f": "toughness 0 or less",
    "704.5g": "lethal damage",
    "704.5h": "damage from a source with deathtouch",
    "704.5i": "0 loyalty",
}


# ----- the turn-based actions of combat -----


def declare_attackers(game: Game, attacks: dict[str, str]) -> None:
    """508.1: the active player declares attackers, each attacking a player
    or a planeswalker."""
    if game.turn.position != "declare_attackers":
        game.advance_to("declare_attackers")
    record = game.combat
    assert record is not None
    if record.attackers_declared:
        raise IllegalActionError(
            "attackers were already declared in this combat",
            rule="508.1",
            fault="attackers_already_declared",
        )
    board = KernelBoard(game)
    declared = []
    for ref, target in attacks.items():
        obj = game.obj(ref)
        kernel_target = board.target(target)
        if kernel_target[0] == "creature":
            raise InvalidInputError(
                f"{ref} can't attack {target}: only a player or planeswalker can be attacked (506.3)"
            )
        declared.append((board.index(obj), kernel_target))
    board.kernel.declare_attackers(board.player_index(game.turn.active_player), declared)
    # 508.1c, 508.1d: what effects say, once the kernel's checks hold.
    declaration = [(game.obj(ref), target) for ref, target in attacks.items()]
    restrictions.check_attackers(game, declaration)
    restrictions.pay_attack_costs(game, declaration)
    for ref, target in attacks.items():
        obj = game.obj(ref)
        if target in game.players:
            record.attacks[obj.serial] = ("player", target)
        else:
            record.attacks[obj.serial] = ("planeswalker", game.obj(target).serial)
        tapped = board.kernel.creature(board.index(obj)).tapped
        how = (
            "and becomes tapped (508.1f)"
            if tapped
            else "without tapping, since it has vigilance (702.20b)"
        )
        game.note("508.1", f"{obj.name} attacks {_target_name(game, target)} {how}")
    record.attackers_declared = True
    record.any_attacked = bool(attacks)
    board.sync(None)
    # 508.3: abilities that trigger on attackers being declared.
    triggers.attackers_declared(
        game,
        [
            (game.obj(ref), target if target in game.players else game.controller(game.obj(target)))
            for ref, target in attacks.items()
        ],
    )


def declare_blockers(game: Game, blocks: dict[str, list[str]]) -> None:
    """509.1: the defending player declares blockers."""
    if game.turn.position != "declare_blockers":
        _advance_unless_skipped(game, "declare_blockers")
        if game.turn.position != "declare_blockers":
            raise IllegalActionError(
                "no creatures attacked, so there is no declare blockers step",
                rule="508.8",
                fault="no_blockers_step",
            )
    record = game.combat
    assert record is not None
    if record.blockers_declared:
        raise IllegalActionError(
            "blockers were already declared in this combat",
            rule="509.1",
            fault="blockers_already_declared",
        )
    board = KernelBoard(game)
    pairs = []
    for blocker_ref, attacker_refs in blocks.items():
        blocker = game.obj(blocker_ref)
        for attacker_ref in attacker_refs:
            pairs.append((blocker, game.obj(attacker_ref)))
    board.kernel.declare_blockers([(board.index(b), board.index(a)) for b, a in pairs])
    # 509.1b, 509.1c, 702.14c: what effects and landwalk say.
    restrictions.check_blockers(game, pairs)
    restrictions.pay_block_costs(game, pairs)
    for blocker, attacker in pairs:
        record.blocks.append((blocker.serial, attacker.serial))
        record.declared_blocks.append((blocker.serial, attacker.serial))
        record.blocked.add(attacker.serial)
        game.note("509.1", f"{blocker.name} blocks {attacker.name}")
    unblocked = []
    for serial in record.attacks:
        if serial not in record.blocked:
            obj = game.by_serial(serial)
            if obj is not None:
                game.note("509.1h", f"{obj.name} is unblocked")
                unblocked.append(obj)
    record.blockers_declared = True
    # 509.3: abilities that trigger on blockers being declared.
    triggers.blockers_declared(game, pairs, unblocked)


def _advance_unless_skipped(game: Game, position: str) -> None:
    """Proceeds to a step of combat that a declaration needs; if no creature
    attacked it is skipped (508.8), and the caller refuses the declaration
    with its own fault."""
    try:
        game.advance_to(position)
    except IllegalActionError as refused:
        if refused.fault != "step_skipped":
            raise


def damage_step_remains(game: Game) -> bool:
    record = game.combat
    return record is not None and record.any_attacked and record.progress != "finished"


def resolve_damage_step(game: Game, assignments: dict[str, dict[str, int]]) -> str:
    """Resolves the next combat damage step (510) and returns which one it
    was: "first_strike" or "regular"."""
    if game.turn.position != "combat_damage":
        _advance_unless_skipped(game, "combat_damage")
        if game.turn.position != "combat_damage":
            raise IllegalActionError(
                "no creatures attacked, so there is no combat damage step",
                rule="508.8",
                fault="no_damage_step",
            )
    if not damage_step_remains(game):
        raise IllegalActionError(
            "no combat damage step remains in this combat", rule="510.4", fault="no_damage_step"
        )
    record = game.combat
    if record is not None and record.progress == "first_strike_dealt":
        # 500.2: the first-strike combat damage step ends only once the
        # stack is empty and all players pass (the abilities that triggered
        # on its damage resolve first, 510.3a).
        game.players_pass()
    board = KernelBoard(game)
    step = board.kernel.next_damage_step()
    assert step is not None
    choices = []
    for source_ref, split in assignments.items():
        source = game.obj(source_ref)
        for recipient, amount in split.items():
            choices.append((board.index(source), board.target(recipient), amount))
    second_step = board.kernel.progress == "first_strike_dealt"
    # 510.4: the step has begun, as a first-strike or a second combat damage
    # step, whether or not the assignments that follow are legal.
    if step == "first_strike":
        game.turn.history[-1] = "first_strike_damage"
    elif second_step:
        game.turn.history.append("combat_damage")
    _explain_step(game, board, step)
    # Damage is assigned without regard to the effects that will change it
    # (702.19b; rulings on Fog Bank and Furnace of Rath); replacement and
    # prevention effects apply as it would be dealt (614.1a, 615.1, 510.2).
    # Then 704.3: the state-based actions look at the game after the damage,
    # with characteristics recomputed (life gained from lifelink can switch a
    # static ability on, for example).
    if replacement.pending(game):
        _, assigned = board.kernel.assign_damage_step(choices)
        pieces = [
            replacement.Piece(board.creatures[source], board.name_of(*recipient), amount)
            for source, recipient, amount in assigned
        ]
        dealt = replacement.apply(game, pieces, combat=True)
        events = board.kernel.deal_assigned_damage(
            [
                (source, recipient, amount)
                for (source, recipient, assigned_amount), (_, amount) in zip(assigned, dealt)
                if amount != assigned_amount
            ]
        )
        # 614.1a: damage redirected to another recipient is still combat
        # damage from the same source, dealt at the same time; the kernel
        # deals it to its new recipient as a step of its own.
        redirected = [
            board.kernel.deal_damage(board.index(piece.source), board.target(piece.recipient), n)
            for piece, n in dealt[len(assigned) :]
            if n > 0
        ]
        if redirected:
            events = board.merged([events, *redirected], step=step)
    else:
        # One call when nothing can change the damage: an engine checked
        # through this model needs the two-step protocol only for that.
        events = board.kernel.resolve_damage_step(choices, state_based_actions=False)
    game.history.damage_steps.append(step)
    board.sync(events)
    replacement.deal_follow_ups(game)
    game.check_state_based_actions()
    return step


def _explain_step(game: Game, board: KernelBoard, step: str) -> None:
    record = game.combat
    assert record is not None
    in_combat = [
        obj
        for obj in board.creatures
        if record.is_attacking(obj.serial) or record.is_blocking(obj.serial)
    ]
    if step == "first_strike":
        strikers = [
            obj.name
            for obj in in_combat
            if {"first strike", "double strike"} & game.characteristics(obj).all_keywords
        ]
        game.note(
            "510.4",
            f"first-strike combat damage step, because {_and(strikers)} "
            f"{'has' if len(strikers) == 1 else 'have'} first strike or double strike; "
            "only creatures with first strike or double strike assign combat damage",
        )
    elif record.progress == "first_strike_dealt":
        again = [
            obj.name
            for obj in in_combat
            if obj.struck_first and "double strike" in game.characteristics(obj).all_keywords
        ]
        late = [obj.name for obj in in_combat if not obj.struck_first]
        done = [
            obj.name
            for obj in in_combat
            if obj.struck_first and "double strike" not in game.characteristics(obj).all_keywords
        ]
        parts = []
        if late:
            parts.append(
                f"{_and(late)} had neither first strike nor double strike as the first step began"
            )
        if again:
            parts.append(
                f"{_and(again)} currently {'has' if len(again) == 1 else 'have'} double strike"
            )
        if done:
            parts.append(
                f"{_and(done)} already struck and {'does' if len(done) == 1 else 'do'} not have double strike now, so {'it does' if len(done) == 1 else 'they do'}n't assign again"
            )
        game.note(
            "510.4",
            "second combat damage step: " + "; ".join(parts)
            if parts
            else "second combat damage step",
        )
    else:
        game.note(
            "510.4",
            "no attacking or blocking creature has first strike or double strike, so there is one combat damage step",
        )


def _and(names: list[str]) -> str:
    if not names:
        return "no creature"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _target_name(game: Game, target: str) -> str:
    return target if target in game.players else game.obj(target).name


def become_blocked(game: Game, obj: GameObject) -> None:
    """509.1h: an effect says an attacking creature becomes blocked. It is
    blocked even though no creature blocks it."""
    record = game.combat
    if record is None or obj.serial not in record.attacks:
        raise IllegalActionError(
            f"{obj.name} is not an attacking creature", rule="509.1h", fault="not_attacking"
        )
    was_blocked = obj.serial in record.blocked
    record.blocked.add(obj.serial)
    game.note("509.1h", f"{obj.name} becomes blocked, with no creature blocking it")
    if not was_blocked:
        # 509.3c: "becomes blocked" triggers when an effect blocks an unblocked creature.
        triggers.became_blocked(game, obj)


# ----- into combat without being declared (506.3, 508.4, 509.4, 702.49) -----


def enter_attacking(game: Game, obj: GameObject, target: str) -> None:
    """508.4: the permanent, entering the battlefield, is put onto it
    attacking ``target`` (a player or a planeswalker), unless a rule says it
    never is an attacking creature (506.3a–c, 508.4a). It is attacking, but
    it never attacked: no ability that triggers on attackers being declared
    triggers (508.3a), and the restrictions and requirements on declaring
    attackers don't apply to it (508.4c)."""
    record = game.combat
    current = game.characteristics(obj)
    attacking_player = game.turn.active_player

    def never(rule: str, why: str) -> None:
        game.note(
            rule, f"{obj.name} enters the battlefield but is never an attacking creature: {why}"
        )

    if record is None:
        return never("506.2", "there is no combat, so nothing can be attacked")
    if "creature" not in current.types:
        return never("506.3a", "it isn't a creature")
    # 805.10a: each player on the active team is an attacking player.
    if not game.is_active(current.controller):
        return never("506.3b", f"its controller, {current.controller}, isn't an attacking player")
    if target in game.players:
        if game.teammates(target, attacking_player):
            raise InvalidInputError(f"{obj.ref} can't attack its own controller, {target}")
        if game.players[target].has_lost:
            return never("508.4a", f"{target} is no longer in the game")
        attack: tuple[str, object] = ("player", target)
    else:
        walker = game.obj(target)
        if (
            walker.zone != "battlefield"
            or not walker.exists
            or "planeswalker" not in game.characteristics(walker).types
            or game.is_active(game.controller(walker))
        ):
            return never(
                "508.4a", f"{walker.name} isn't a planeswalker a defending player controls"
            )
        attack = ("planeswalker", walker.serial)
    if not record.attackers_declared:
        raise InvalidInputError(
            "a creature put onto the battlefield attacking before attackers are declared isn't "
            "modelled"
        )
    record.attacks[obj.serial] = attack
    record.any_attacked = True
    record.entered_attacking.add(obj.serial)
    game.note(
        "508.4",
        f"{obj.name} enters the battlefield attacking {_target_name(game, target)}; it is "
        "attacking, but it never attacked (508.3a)",
    )


def enter_blocking(game: Game, obj: GameObject, attacker_ref: str) -> None:
    """509.4: the permanent, entering the battlefield, is put onto it
    blocking an attacking creature, unless a rule says it never is a
    blocking creature (506.3a, 506.3d, 509.4a). It is blocking, but it never
    blocked (509.3a, 509.3b); the attacker becomes blocked (509.1h, 509.3c,
    509.3d); the restrictions and requirements on declaring blockers don't
    apply to it (509.4b)."""
    record = game.combat
    attacker = game.obj(attacker_ref)
    current = game.characteristics(obj)

    def never(rule: str, why: str) -> None:
        game.note(
            rule, f"{obj.name} enters the battlefield but is never a blocking creature: {why}"
        )

    if record is None or not record.is_attacking(attacker.serial):
        return never("509.4a", f"{attacker.name} isn't attacking")
    if "creature" not in current.types:
        return never("506.3a", "it isn't a creature")
    defending = restrictions.defending_player(game, attacker)
    # 805.10d: or, in Two-Headed Giant, that player's teammate.
    if defending is None or not game.teammates(defending, current.controller):
        return never("509.4a", f"{current.controller} isn't a defending player for {attacker.name}")
    if not record.blockers_declared:
        raise InvalidInputError(
            "a creature put onto the battlefield blocking before blockers are declared isn't "
            "modelled"
        )
    was_blocked = attacker.serial in record.blocked
    record.blocks.append((obj.serial, attacker.serial))
    record.blocked.add(attacker.serial)
    record.entered_blocking.add(obj.serial)
    game.note(
        "509.4",
        f"{obj.name} enters the battlefield blocking {attacker.name}; it is blocking, but it "
        "never blocked",
    )
    triggers.entered_blocking(game, obj, attacker, was_blocked)


def blocked_by(game: Game, blockers: list[int]) -> list[str]:
    """The creatures on the battlefield that the objects (by serial) were
    declared blocking this combat (509.1g): a creature put onto the
    battlefield blocking never blocked (509.4)."""
    record = game.combat
    if record is None:
        return []
    attackers = {a for b, a in record.declared_blocks if b in blockers}
    return [obj.ref for obj in game.battlefield() if obj.serial in attackers]


def ninjutsu(game: Game, ninja: GameObject, returned: GameObject) -> None:
    """702.49a: "Ninjutsu [cost], Reveal this card from your hand, Return an
    unblocked attacking creature you control to its owner's hand: Put this
    card onto the battlefield from your hand tapped and attacking." It
    attacks what the returned creature attacked, unblocked (702.49c). The
    ability is activated and, every player passing, resolves at once; its
    mana isn't paid (the model pays the costs of spells only)."""
    player = ninja.owner
    if ninja.zone != "hand" or not ninja.exists:
        raise IllegalActionError(
            f"{ninja.name} isn't in a hand: ninjutsu functions only from its owner's hand",
            rule="702.49a",
            fault="not_in_hand",
        )
    record = game.combat
    unblocked = (
        record is not None
        and record.is_attacking(returned.serial)
        and record.blockers_declared
        and returned.serial not in record.blocked
    )
    if not unblocked or game.controller(returned) != player:
        raise IllegalActionError(
            f"{returned.name} isn't an unblocked attacking creature {player} controls: "
            "ninjutsu can be activated only while one is (509.1h)",
            rule="702.49c",
            fault="not_unblocked_attacker",
        )
    assert record is not None
    kind, target = record.attacks[returned.serial]
    game.note(
        "702.49a",
        f"{player} activates the ninjutsu ability of {ninja.name}, returning {returned.name} "
        "to its owner's hand as part of the cost",
    )
    game.move(returned, "hand")
    if kind == "player":
        attacked = str(target)
    elif kind == "planeswalker" and game.by_serial(target) is not None:  # type: ignore[arg-type]
        attacked = game.by_serial(target).ref  # type: ignore[arg-type, union-attr]
    else:
        attacked = ""

    def tapped_and_attacking(obj: GameObject) -> None:
        obj.tapped = True
        if attacked:
            enter_attacking(game, obj, attacked)
        else:
            game.note(
                "506.3c", f"{returned.name} was attacking nothing, so {obj.name} isn't attacking"
            )

    game.note(
        "702.49c", f"the ability resolves: {ninja.name} enters tapped and attacking, unblocked"
    )
    game.move(ninja, "battlefield", controller=player, as_it_enters=tapped_and_attacking)


def remove_from_combat(game: Game, obj: GameObject) -> None:
    """506.4: an effect removes it from combat."""
    if game.combat is not None:
        game.combat.remove_from_combat(obj.serial)
    game.note("506.4", f"{obj.name} is removed from combat")
