"""Playing a whole combat scenario, as :func:`mtgjudge.testing.strategies.combats`
draws it, on an engine.

A scenario is plain data::

    {
        "board": {...},                # see strategies.combat_boards
        "attacks": [(creature, target), ...],
        "before_blocks": [change, ...],
        "blocks": [(blocker, attacker), ...],
        "steps": [{"changes": [change, ...], "assignments": [(source, recipient, amount), ...]}, ...],
    }

It is played in this order (506-511): the active player (player 0) declares
the attacks; if that is illegal, or no creature attacks (508.8), the
scenario ends there. The changes of ``before_blocks`` happen in the declare
attackers step. Blockers are declared, or none if the declaration is
illegal. Then for each step: its changes happen, and the next combat damage
step resolves with the explicit assignments (the default policy for the
sources not named), or entirely with the default policy if they are
illegal. Once no damage step is left, one more is asked for, which must be
refused (510.4).

State-based actions are checked after every action (704.3), as the game
model does: after the declarations, after every change, and as part of each
combat damage step. A change whose creature (or damage source, or
recipient) has left the battlefield, or that damages a player who has left
the game (104.5), is skipped, and so is every change once the game is over
(104.1).

The changes (see ``strategies.between_steps_changes``): ``grant`` adds
keywords; ``lose`` removes keywords, those given by keyword counters too (as
an effect that makes a creature lose an ability does in the game model);
``add_counter`` / ``remove_counter`` put or remove one keyword counter;
``pump`` adds to power and toughness; ``tap`` / ``untap``;
``remove_from_combat``; ``leave_battlefield``; ``deal_damage`` (noncombat).

An engine is anything with the interface of ``mtgjudge._core`` for combat:
``Combat(life)`` with ``add_creature``, ``declare_attackers`` ... and
``KEYWORDS``, the keyword names in the order of their bits. The pure-Python
reference model (:mod:`mtgjudge.reference.combat`) is played through
:class:`ReferenceDriver`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mtgjudge.reference.combat import Combat as ReferenceCombat

Thing = tuple[str, int]


@dataclass(frozen=True)
class CreatureView:
    controller: int
    power: int
    toughness: int
    damage: int
    keywords: tuple[str, ...]
    keyword_counters: tuple[str, ...]
    tapped: bool
    struck_first: bool
    on_battlefield: bool
    in_combat: bool

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords or keyword in self.keyword_counters

    @property
    def strikes_first(self) -> bool:
        return self.has("first strike") or self.has("double strike")

    @property
    def tramples(self) -> bool:
        return self.has("trample") or self.has("trample over planeswalkers")


@dataclass(frozen=True)
class Snapshot:
    """Everything an engine shows about the combat at one moment."""

    creatures: tuple[CreatureView, ...]
    #: (life, has lost) per player
    players: tuple[tuple[int, bool], ...]
    loyalty: tuple[int, ...]
    attacked: bool
    progress: str
    next_step: str | None
    #: The game is over (104.1), and who won (104.2a; None: nobody yet, or
    #: a draw). An engine without these shows the game as going on.
    game_over: bool = False
    winner: int | None = None


#: Simultaneous events in a canonical order: (step, damage, life gains,
#: deaths, planeswalker deaths, losers, regenerations), each list sorted.
Events = tuple


@dataclass
class Record:
    """One action of a played scenario, and what it did."""

    #: "attack", "change", "sba", "block", "damage" or "extra_step"
    kind: str
    action: Any
    ok: bool
    before: Snapshot
    after: Snapshot
    #: (class name, rule, fault) when the action was refused
    error: tuple | None = None
    #: Every fault the reference found, when it refused the action.
    faults: frozenset = frozenset()
    events: Events | None = None
    message: str = ""

    def describe(self) -> str:
        if self.kind == "attack":
            return f"declare_attackers({self.action})"
        if self.kind == "block":
            return f"declare_blockers({self.action})"
        if self.kind == "damage":
            return f"resolve_damage_step({self.action})"
        if self.kind == "extra_step":
            return "resolve_damage_step() with no damage step left"
        if self.kind == "sba":
            return "check_state_based_actions()"
        return f"change {self.action}"


def canonical_events(events: Any) -> Events:
    return (
        events.step,
        tuple(sorted(tuple(d) for d in events.damage)),
        tuple(sorted(tuple(g) for g in events.life_gains)),
        tuple(sorted(tuple(d) for d in events.deaths)),
        tuple(sorted(events.planeswalker_deaths)),
        tuple(sorted(events.losers)),
        # 701.19a: creatures that regenerated (an engine without regeneration
        # reports none).
        tuple(sorted(getattr(events, "regenerations", ()))),
    )


# ----- drivers: one interface over the kernel and the reference -----


def status_arguments(creature: dict[str, Any]) -> dict[str, Any]:
    """A plain-data creature's status, as both engines' ``add_creature`` take it."""
    return {
        "damage": creature["damage"],
        "tapped": creature["tapped"],
        "summoning_sick": creature["summoning_sick"],
        "block_limit": creature["block_limit"],
        "regeneration_shields": creature.get("regeneration_shields", 0),
    }


class KernelDriver:
    """An engine with the kernel's interface (keyword masks)."""

    def __init__(self, engine: Any, board: dict[str, Any]):
        self.names = list(engine.KEYWORDS)
        self.combat = engine.Combat(list(board["life"]))
        if "teams" in board:
            self.combat.set_teams(board["teams"])
        self.board = board
        for c in board["creatures"]:
            self.combat.add_creature(
                c["controller"],
                c["power"],
                c["toughness"],
                keywords=self.mask(c["keywords"]),
                keyword_counters=self.mask(c["keyword_counters"]),
                **status_arguments(c),
            )
        for w in board["planeswalkers"]:
            self.combat.add_planeswalker(w["controller"], w["loyalty"])

    def mask(self, keywords: Sequence[str]) -> int:
        return sum(1 << self.names.index(k) for k in set(keywords))

    def unmask(self, mask: int) -> tuple[str, ...]:
        return tuple(sorted(k for i, k in enumerate(self.names) if mask >> i & 1))

    def creature(self, index: int) -> CreatureView:
        c = self.combat.creature(index)
        return CreatureView(
            c.controller,
            c.power,
            c.toughness,
            c.damage,
            self.unmask(c.keywords),
            self.unmask(c.keyword_counters),
            c.tapped,
            c.struck_first,
            c.on_battlefield,
            self.combat.in_combat(index),
        )

    def update(self, index: int, **changes: Any) -> None:
        for name in ("keywords", "keyword_counters"):
            if name in changes:
                changes[name] = self.mask(changes[name])
        self.combat.update_creature(index, **changes)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.combat, name)


class ReferenceDriver:
    """The pure-Python reference model (keyword names)."""

    def __init__(self, board: dict[str, Any]):
        self.combat = ReferenceCombat(list(board["life"]))
        if "teams" in board:
            self.combat.set_teams(board["teams"])
        self.board = board
        for c in board["creatures"]:
            self.combat.add_creature(
                c["controller"],
                c["power"],
                c["toughness"],
                keywords=c["keywords"],
                keyword_counters=c["keyword_counters"],
                **status_arguments(c),
            )
        for w in board["planeswalkers"]:
            self.combat.add_planeswalker(w["controller"], w["loyalty"])

    def creature(self, index: int) -> CreatureView:
        c = self.combat.creature(index)
        return CreatureView(
            c.controller,
            c.power,
            c.toughness,
            c.damage,
            tuple(sorted(c.keywords)),
            tuple(sorted(c.keyword_counters)),
            c.tapped,
            c.struck_first,
            c.on_battlefield,
            self.combat.in_combat(index),
        )

    def update(self, index: int, **changes: Any) -> None:
        self.combat.update_creature(index, **changes)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.combat, name)

    # ----- plain views for the strategies -----

    def plain_board(self) -> dict[str, Any]:
        """The board now. A creature that left the battlefield is shown
        tapped, so that legal declarations leave it out."""
        board = dict(self.board)
        board["creatures"] = [
            {
                **spec,
                "tapped": self.combat.creature(i).tapped
                or not self.combat.creature(i).on_battlefield,
            }
            for i, spec in enumerate(self.board["creatures"])
        ]
        board["planeswalkers"] = [
            {**spec, "on_battlefield": self.combat.planeswalkers[i].on_battlefield}
            for i, spec in enumerate(self.board["planeswalkers"])
        ]
        return board

    def plain_state(self) -> dict[str, Any]:
        return plain_state(self.combat, self.board)

    def universe(self) -> list[Thing]:
        return universe(self.board)


def plain_state(reference: ReferenceCombat, board: dict[str, Any]) -> dict[str, Any]:
    """What the strategies need to know of a combat in progress, read from
    the reference model."""
    return {
        "creatures": [
            {
                "keywords": sorted(reference.creature(i).keywords),
                "keyword_counters": sorted(reference.creature(i).keyword_counters),
                "on_battlefield": reference.creature(i).on_battlefield,
                "in_combat": reference.in_combat(i),
            }
            for i in range(len(board["creatures"]))
        ],
        "players": len(board["life"]),
        "planeswalkers": [
            i for i, w in enumerate(reference.planeswalkers) if w.on_battlefield and w.loyalty > 0
        ],
    }


def universe(board: dict[str, Any]) -> list[Thing]:
    """Every player, creature and planeswalker of a board."""
    return (
        [("player", p) for p in range(len(board["life"]))]
        + [("creature", i) for i in range(len(board["creatures"]))]
        + [("planeswalker", i) for i in range(len(board["planeswalkers"]))]
    )


def snapshot(driver: Any) -> Snapshot:
    board = driver.board
    return Snapshot(
        creatures=tuple(driver.creature(i) for i in range(len(board["creatures"]))),
        players=tuple((driver.life(p), driver.has_lost(p)) for p in range(len(board["life"]))),
        loyalty=tuple(driver.loyalty(w) for w in range(len(board["planeswalkers"]))),
        attacked=driver.attacked,
        progress=driver.progress,
        next_step=driver.next_damage_step(),
        game_over=getattr(driver, "game_over", False),
        winner=getattr(driver, "winner", None),
    )


# ----- changes -----


def skipped(change: dict[str, Any], state: Snapshot) -> bool:
    """Whether a change is skipped: the game is over (104.1), or what it
    acts on has left the battlefield, or a player it damages has left the
    game (104.5)."""
    if state.game_over:
        return True
    if change["change"] == "deal_damage":
        kind, index = change["recipient"]
        gone = kind == "creature" and not state.creatures[index].on_battlefield
        gone = gone or (kind == "planeswalker" and state.loyalty[index] <= 0)
        gone = gone or (kind == "player" and state.players[index][1])
        return gone or not state.creatures[change["source"]].on_battlefield
    return not state.creatures[change["creature"]].on_battlefield


def apply_change(driver: Any, change: dict[str, Any]) -> Any:
    """Performs one change; returns the events of noncombat damage, else None."""
    kind = change["change"]
    if kind == "deal_damage":
        return driver.deal_damage(change["source"], change["recipient"], change["amount"])
    i = change["creature"]
    current = driver.creature(i)
    if kind == "grant":
        driver.update(i, keywords=sorted(set(current.keywords) | set(change["keywords"])))
    elif kind == "lose":
        lost = set(change["keywords"])
        driver.update(
            i,
            keywords=sorted(set(current.keywords) - lost),
            keyword_counters=sorted(set(current.keyword_counters) - lost),
        )
    elif kind == "add_counter":
        driver.update(i, keyword_counters=sorted({*current.keyword_counters, change["keyword"]}))
    elif kind == "remove_counter":
        driver.update(
            i, keyword_counters=sorted(set(current.keyword_counters) - {change["keyword"]})
        )
    elif kind == "pump":
        driver.update(
            i,
            power=current.power + change["power"],
            toughness=current.toughness + change["toughness"],
        )
    elif kind in ("tap", "untap"):
        driver.update(i, tapped=kind == "tap")
    elif kind == "remove_from_combat":
        driver.remove_from_combat(i)
    elif kind == "leave_battlefield":
        driver.leave_battlefield(i)
    else:
        raise ValueError(f"unknown change {kind!r}")
    return None


# ----- playing -----


def _attempt(driver: Any, call: Callable[[Any], Any]) -> tuple[bool, Any, tuple | None, frozenset]:
    from mtgjudge.errors import MtgJudgeError

    try:
        return True, call(driver), None, frozenset()
    except MtgJudgeError as error:
        cause = (type(error).__name__, getattr(error, "rule", None), getattr(error, "fault", None))
        faults = frozenset(getattr(error, "faults", None) or [cause])
        return False, None, cause, faults
    except Exception as error:  # a broken engine: record it, don't crash the fuzzer
        return False, None, ("Exception", type(error).__name__, str(error)), frozenset()


@dataclass
class Play:
    """The records of each driver, action by action."""

    records: list[list[Record]] = field(default_factory=list)
    #: Whether the drivers stopped agreeing on whether an action is legal.
    diverged: bool = False


def play(scenario: dict[str, Any], drivers: Sequence[Any]) -> Play:
    """Plays the scenario on every driver at once. The first driver decides
    the way the scenario goes; playing stops after an action that some
    drivers accepted and others refused."""
    result = Play(records=[[] for _ in drivers])

    def do(kind: str, action: Any, call: Callable[[Any], Any]) -> bool:
        oks = []
        for driver, records in zip(drivers, result.records):
            before = snapshot(driver)
            ok, value, error, faults = _attempt(driver, call)
            events = canonical_events(value) if ok and hasattr(value, "damage") else None
            records.append(
                Record(kind, action, ok, before, snapshot(driver), error, faults, events)
            )
            oks.append(ok)
        if len(set(oks)) > 1:
            result.diverged = True
            raise _Stop
        return oks[0]

    def changes(items: list[dict[str, Any]]) -> None:
        for change in items:
            if skipped(change, snapshot(drivers[0])):
                continue
            do("change", change, lambda d, c=change: apply_change(d, c))
            sba()

    def sba() -> None:
        do("sba", None, lambda d: d.check_state_based_actions())

    try:
        attacks = [tuple(a) for a in scenario["attacks"]]
        if not do("attack", attacks, lambda d: d.declare_attackers(0, attacks)):
            return result
        sba()
        if not attacks:
            return result  # 508.8: no declare blockers or combat damage step
        changes(scenario.get("before_blocks", []))
        blocks = [tuple(b) for b in scenario["blocks"]]
        if not do("block", blocks, lambda d: d.declare_blockers(blocks)):
            do("block", [], lambda d: d.declare_blockers([]))
        sba()
        for step in scenario["steps"]:
            changes(step["changes"])
            if drivers[0].next_damage_step() is None:
                break
            chosen = [tuple(a) for a in step["assignments"]]
            if not do("damage", chosen, lambda d, c=chosen: d.resolve_damage_step(c)):
                do("damage", [], lambda d: d.resolve_damage_step([]))
        if drivers[0].next_damage_step() is None:
            do("extra_step", None, lambda d: d.resolve_damage_step([]))
    except _Stop:
        pass
    return result


class _Stop(Exception):
    pass


# ----- renumbering creatures -----


def renumber(scenario: dict[str, Any], order: list[int | None]) -> dict[str, Any]:
    """The same scenario with the creatures listed in another order.
    ``order[new] = old`` gives, for each position of the new list, the index
    of the creature in the old list, or None for a creature that
    ``scenario["extra"]`` supplies (in order)."""
    old_to_new = {old: new for new, old in enumerate(order) if old is not None}
    extra = iter(scenario.get("extra", []))
    creatures = scenario["board"]["creatures"]
    board = dict(scenario["board"])
    board["creatures"] = [creatures[old] if old is not None else next(extra) for old in order]

    def thing(t: Any) -> Any:
        kind, index = t
        return ("creature", old_to_new[index]) if kind == "creature" else (kind, index)

    def change(c: dict[str, Any]) -> dict[str, Any]:
        c = dict(c)
        if "creature" in c:
            c["creature"] = old_to_new[c["creature"]]
        if "source" in c:
            c["source"] = old_to_new[c["source"]]
        if "recipient" in c:
            c["recipient"] = thing(c["recipient"])
        return c

    return {
        "board": board,
        "attacks": [(old_to_new[a], t) for a, t in scenario["attacks"]],
        "before_blocks": [change(c) for c in scenario.get("before_blocks", [])],
        "blocks": [(old_to_new[b], old_to_new[a]) for b, a in scenario["blocks"]],
        "steps": [
            {
                "changes": [change(c) for c in step["changes"]],
                "assignments": [(old_to_new[s], thing(r), n) for s, r, n in step["assignments"]],
            }
            for step in scenario["steps"]
        ],
    }


def without(
    scenario: dict[str, Any], creature: int | None = None, walker: int | None = None
) -> dict[str, Any] | None:
    """The scenario without one creature or planeswalker, the others
    renumbered; None if some action names it."""
    board = scenario["board"]

    def keep(thing: Any) -> Any:
        kind, index = thing
        if kind == "creature" and creature is not None:
            if index == creature:
                raise KeyError(thing)
            return (kind, index - (index > creature))
        if kind == "planeswalker" and walker is not None:
            if index == walker:
                raise KeyError(thing)
            return (kind, index - (index > walker))
        return (kind, index)

    def c(index: int) -> int:
        return keep(("creature", index))[1]

    def change(item: dict[str, Any]) -> dict[str, Any]:
        item = dict(item)
        for name in ("creature", "source"):
            if name in item:
                item[name] = c(item[name])
        if "recipient" in item:
            item["recipient"] = keep(item["recipient"])
        return item

    try:
        return {
            "board": {
                **board,
                "creatures": [x for i, x in enumerate(board["creatures"]) if i != creature],
                "planeswalkers": [x for i, x in enumerate(board["planeswalkers"]) if i != walker],
            },
            "attacks": [(c(a), keep(t)) for a, t in scenario["attacks"]],
            "before_blocks": [change(x) for x in scenario.get("before_blocks", [])],
            "blocks": [(c(b), c(a)) for b, a in scenario["blocks"]],
            "steps": [
                {
                    "changes": [change(x) for x in step["changes"]],
                    "assignments": [(c(s), keep(r), n) for s, r, n in step["assignments"]],
                }
                for step in scenario["steps"]
            ],
        }
    except KeyError:
        return None


def smaller(scenario: dict[str, Any]) -> list[dict[str, Any]]:
    """Scenarios with one thing less: a creature or planeswalker no action
    names, an attack, a block, a change, an assignment or the last step."""
    board = scenario["board"]
    found = [without(scenario, creature=i) for i in reversed(range(len(board["creatures"])))]
    found += [without(scenario, walker=i) for i in reversed(range(len(board["planeswalkers"])))]
    for key in ("attacks", "before_blocks", "blocks"):
        items = scenario.get(key, [])
        found += [{**scenario, key: items[:i] + items[i + 1 :]} for i in range(len(items))]
    steps = scenario["steps"]
    if steps:
        found.append({**scenario, "steps": steps[:-1]})
    for s, step in enumerate(steps):
        for key in ("changes", "assignments"):
            items = step[key]
            for i in range(len(items)):
                shorter = {**step, key: items[:i] + items[i + 1 :]}
                found.append({**scenario, "steps": [*steps[:s], shorter, *steps[s + 1 :]]})
    return [f for f in found if f is not None]


def prune(
    scenario: dict[str, Any], fails: Callable[[dict[str, Any]], bool], budget: int = 400
) -> dict[str, Any]:
    """Removes, one at a time, whatever the failure doesn't need (a greedy
    pass after hypothesis has shrunk the example)."""
    changed = True
    while changed and budget > 0:
        changed = False
        for candidate in smaller(scenario):
            budget -= 1
            if budget <= 0:
                break
            if fails(candidate):
                scenario, changed = candidate, True
                break
    return scenario
