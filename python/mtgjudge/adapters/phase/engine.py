"""The phase.rs engine behind the mtgjudge protocol (version 1).

:class:`PhaseEngine` answers the harness's messages in-process: ``hello()``
and ``run(probe)``. A probe's setup is built in a phase.rs game with debug
actions (cards moved from the libraries to their zones, life totals,
summoning sickness, tapped state, counters, the step) and, for damage
already marked, an edit of the saved game state; a built board is kept and
restored with ``load_game`` for the next probe that shares it. The actions
are phase's own: declarations, its damage-division prompts, priority passes,
and the adapter's {0} helper instants for effects ("target creature gains
flying until end of turn"). The observations are read from phase's state
and from its events.

Anything the adapter can't express in phase.rs is answered ``unsupported``
with the reason; nothing is guessed, and no exception escapes ``run``.
"""

from __future__ import annotations

import json
import re
import traceback
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from mtgjudge.adapters.phase import cards
from mtgjudge.adapters.phase.faults import refusal

PROTOCOL = 1

#: Positions of the turn (the protocol's words) and phase's ``Phase`` names.
PHASES: dict[str, str] = {
    "untap": "Untap",
    "upkeep": "Upkeep",
    "draw": "Draw",
    "precombat_main": "PreCombatMain",
    "beginning_of_combat": "BeginCombat",
    "declare_attackers": "DeclareAttackers",
    "declare_blockers": "DeclareBlockers",
    "combat_damage": "CombatDamage",
    "end_of_combat": "EndCombat",
    "postcombat_main": "PostCombatMain",
    "end": "End",
    "cleanup": "Cleanup",
}
POSITIONS = {phase: position for position, phase in PHASES.items()}
ORDER = list(PHASES.values())
COMBAT_STEPS = (
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "first_strike_damage",
    "combat_damage",
    "end_of_combat",
)
#: The steps a setup may start in (SetPhase puts the game there, with no combat).
SETUP_STEPS = ("upkeep", "precombat_main", "beginning_of_combat", "postcombat_main", "end")
#: The points an ``advance`` may stop at. phase deals combat damage in the same
#: call that begins the combat damage step, so it can't stop as that step begins.
ADVANCE_TARGETS = (
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "end_of_combat",
    "postcombat_main",
    "end",
    "cleanup",
)
NEXT_TURN_TARGETS = ("upkeep", "draw", "precombat_main", "beginning_of_combat")
ZONES = {
    "battlefield": "Battlefield",
    "graveyard": "Graveyard",
    "exile": "Exile",
    "hand": "Hand",
    "library": "Library",
}
ZONE_WORDS = {phase: word for word, phase in ZONES.items()}
ZONE_WORDS["Stack"] = "stack"
ZONE_WORDS["Command"] = "command"

FEATURES = (
    "combat_steps",
    "damage_assignment",
    "block_legality",
    "attack_legality",
    "first_strike",
    "double_strike",
    "trample",
    "trample_over_planeswalkers",
    "deathtouch",
    "lifelink",
    "flying",
    "menace",
    "shadow",
    "vigilance",
    "indestructible",
    "haste",
    "defender",
    "keyword_counters",
    "counters",
    "planeswalkers",
    "state_based_actions",
    "remove_from_combat",
    "continuous_effects",
    "new_object",
    "tokens",
    "turn_structure",
    "static_abilities",
    "noncombat_damage",
    "triggered_abilities",
)
ACTIONS = (
    "attack",
    "block",
    "damage",
    "advance",
    "next_turn",
    "grant",
    "lose",
    "pump",
    "set_base",
    "effect",
    "counters",
    "tap",
    "untap",
    "destroy",
    "sacrifice",
    "move",
    "remove_from_combat",
    "deal_damage",
    "resolve",
)
OBJECT_KEYS = (
    "name",
    "controller",
    "owner",
    "types",
    "subtypes",
    "supertypes",
    "colors",
    "mana_cost",
    "power",
    "toughness",
    "loyalty",
    "keywords",
    "counters",
    "damage",
    "tapped",
    "summoning_sick",
    "token",
    "statics",
    "triggers",
)
SETUP = (
    "players",
    "active_player",
    "step",
    *ZONES,
    "player.life",
    *(f"object.{key}" for key in OBJECT_KEYS),
)
OBSERVATIONS = (
    "life",
    "lost",
    "damage",
    "dealt",
    "dealt_by",
    "life_gained",
    "zone",
    "died",
    "damage_steps",
    "steps",
    "turn",
    "keywords",
    "power_toughness",
    "tapped",
    "attacking",
    "blocking",
    "loyalty",
    "controller",
    "counters",
    "active_player",
    "triggered",
    "stack",
)
PER_OBJECT = (
    "damage",
    "dealt_by",
    "zone",
    "keywords",
    "power_toughness",
    "tapped",
    "loyalty",
    "controller",
    "triggered",
)

#: How many libraries' worth of filler each player gets, so that draws never
#: empty a library.
FILLER_CARDS = 12
#: A bound on priority passes for one action, so that nothing loops.
MAX_PASSES = 200
#: phase's ``Game.stack()`` lists the bottom of the stack first (seen: the spell
#: cast last is the last entry, and resolves first).
STACK_TOP_FIRST = False
#: How many built boards are kept for restoring.
CACHE_SIZE = 64

_PT = re.compile(r"^([+-]\d+)/([+-]\d+)$")
_BASE = re.compile(r"^(-?\d+)/(-?\d+)$")


class Unsupported(Exception):
    """What the adapter can't express in phase.rs; the message says what."""


class _Refused(Exception):
    def __init__(self, index: int, fault: str | None, rule: str | None, message: str) -> None:
        super().__init__(message)
        self.index = index
        self.fault = fault
        self.rule = rule
        self.message = message


class _Malformed(Exception):
    """A probe that doesn't follow the protocol."""


def _phase_version() -> str:
    try:
        from importlib.metadata import version

        return version("phase-python")
    except Exception:  # pragma: no cover - only without the distribution's metadata
        return "unknown"


# ----------------------------------------------------------------- the plan


@dataclass
class _Object:
    name: str  # the probe's name for it
    zone: str  # our zone word
    spec: dict[str, Any]
    owner: int
    controller: int | None
    card: str | None = None  # the card name in phase's data (None for a token)
    #: Amounts of the "{0}: deals N damage" abilities a deal_damage needs.
    damage_amounts: set[int] = field(default_factory=set)


@dataclass
class _Plan:
    """A probe, checked and translated: what to build and what to do."""

    players: list[str]
    life: list[int]
    active: int
    step: str
    objects: dict[str, _Object]
    cards: dict[str, dict[str, Any]]  # card name -> MTGJSON card
    helpers: list[tuple[int, cards.Helper]]  # (caster seat, helper), one per cast
    actions: list[tuple[str, Any]]
    observe: dict[str, Any]
    has_triggers: bool = False

    def seat(self, player: str) -> int:
        return self.players.index(player)

    def key(self) -> str:
        setup = {
            "players": self.players,
            "life": self.life,
            "active": self.active,
            "step": self.step,
            "objects": {
                n: [o.zone, o.owner, o.controller, o.card, o.spec] for n, o in self.objects.items()
            },
            "helpers": sorted((seat, h.text) for seat, h in self.helpers),
            "cards": self.cards,
        }
        return json.dumps(setup, sort_keys=True)


def _names(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _Malformed(f"{what} is a list of names")
    return value


def _table(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _Malformed(f"{what} is a table")
    return value


def _plan(probe: dict[str, Any]) -> _Plan:
    setup = _table(probe.get("setup"), "setup")
    actions = probe.get("actions")
    if not isinstance(actions, list):
        raise _Malformed("actions is a list")
    observe = _table(probe.get("observe", {}), "observe")
    for key in setup:
        if key not in ("players", "active_player", "step", *ZONES):
            raise Unsupported(f"setup key {key!r}")
    players_spec = setup.get("players")
    if not isinstance(players_spec, list) or not players_spec:
        raise _Malformed("setup.players is a non-empty list")
    players: list[str] = []
    life: list[int] = []
    for entry in players_spec:
        if isinstance(entry, str):
            players.append(entry)
            life.append(20)
        elif isinstance(entry, dict) and isinstance(entry.get("name"), str):
            for key in entry:
                if key not in ("name", "life"):
                    raise Unsupported(f"player key {key!r}")
            amount = entry.get("life", 20)
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise _Malformed("a player's life is an integer")
            players.append(entry["name"])
            life.append(amount)
        else:
            raise _Malformed("a player is a name or a {name, life} table")
    if len(players) != 2 or players[0] == players[1]:
        raise Unsupported(f"{len(players)} players: the adapter builds two-player games only")
    active_name = setup.get("active_player", players[0])
    if active_name not in players:
        raise _Malformed(f"active_player {active_name!r} isn't a player")
    step = setup.get("step", "precombat_main")
    if step not in SETUP_STEPS:
        raise Unsupported(
            f"setup step {step!r}: phase's SetPhase can start a game only in "
            + ", ".join(SETUP_STEPS)
        )

    objects: dict[str, _Object] = {}
    cards_by_name: dict[str, dict[str, Any]] = {}
    for zone in ZONES:
        for name, spec in _table(setup.get(zone, {}), f"setup.{zone}").items():
            spec = _table(spec, f"setup.{zone}.{name}")
            if name in objects or name in players:
                raise _Malformed(f"object name {name!r} is used twice")
            for key in spec:
                if key not in OBJECT_KEYS:
                    raise Unsupported(f"object key {key!r} (of {name!r})")
            for key in ("types", "subtypes", "supertypes", "colors", "keywords"):
                if key in spec:
                    _names(spec[key], f"{name}.{key}")
            for key in ("power", "toughness", "loyalty", "damage"):
                value = spec.get(key, 0)
                if not isinstance(value, int) or isinstance(value, bool):
                    raise _Malformed(f"{name}.{key} is an integer")
            if "name" in spec and not isinstance(spec["name"], str):
                raise _Malformed(f"{name}.name is a string")
            for key in ("statics", "triggers"):
                entries = spec.get(key, [])
                if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
                    raise _Malformed(f"{name}.{key} is a list of tables")
            controller = spec.get("controller")
            owner = spec.get("owner", controller)
            if owner not in players or (controller is not None and controller not in players):
                raise _Malformed(f"{name!r} needs an owner or controller among the players")
            if zone == "battlefield" and controller is None:
                raise _Malformed(f"{name!r} is on the battlefield without a controller")
            if zone != "battlefield":
                for key in ("damage", "tapped", "summoning_sick", "token"):
                    if spec.get(key):
                        raise Unsupported(f"{key} on {name!r} in the {zone}")
            obj = _Object(
                name,
                zone,
                spec,
                players.index(owner),
                players.index(controller) if controller is not None else None,
            )
            for kind, amount in _table(spec.get("counters", {}), f"{name}.counters").items():
                if not isinstance(amount, int) or amount < 0:
                    raise _Malformed(f"{name}.counters.{kind} is a count")
            try:
                cards.object_card(name, spec)
            except cards.CardError as problem:
                raise Unsupported(str(problem)) from None
            except (TypeError, AttributeError, ValueError) as problem:
                raise _Malformed(f"{name}: {problem}") from None
            if spec.get("token"):
                if "creature" not in (spec.get("types") or ["creature"]):
                    raise Unsupported(f"noncreature token {name!r}")
                if spec.get("statics") or spec.get("triggers"):
                    raise Unsupported(f"a token with abilities ({name!r})")
            objects[name] = obj

    plan = _Plan(
        players,
        life,
        players.index(active_name),
        step,
        objects,
        cards_by_name,
        [],
        [],
        observe,
    )
    _plan_actions(plan, actions)
    # Now that the deal_damage actions are known, the objects' cards.
    for name, obj in objects.items():
        if obj.spec.get("token"):
            continue
        card = cards.object_card(name, obj.spec)
        if obj.spec.get("triggers"):
            if obj.zone != "battlefield":
                raise Unsupported(f"triggered abilities of {name!r} in the {obj.zone}")
            controller = players[obj.controller if obj.controller is not None else obj.owner]
            opponent = players[1 - players.index(controller)]
            try:
                triggers = [
                    cards.triggered_ability(t, name, controller, opponent, f"{name}.triggers")
                    for t in obj.spec["triggers"]
                ]
            except cards.CardError as problem:
                raise Unsupported(str(problem)) from None
            except (TypeError, AttributeError, ValueError) as problem:
                raise _Malformed(f"{name}.triggers: {problem}") from None
            card["mtgjudge"] = dict(card.get("mtgjudge", {}), triggers=triggers)
            plan.has_triggers = True
        if obj.damage_amounts:
            extras = dict(card.get("mtgjudge", {}))
            extras["abilities"] = [cards.damage_ability(n) for n in sorted(obj.damage_amounts)]
            card["mtgjudge"] = extras
        card_name = card["name"]
        suffix = 2
        while card_name in cards_by_name and cards_by_name[card_name] != dict(card, name=card_name):
            card_name = f"{card['name']} ({suffix})"
            suffix += 1
        card = dict(card, name=card_name)
        cards_by_name[card_name] = card
        obj.card = card_name
    _check_observe(plan)
    return plan


def _object(plan: _Plan, name: Any, what: str) -> _Object:
    if not isinstance(name, str) or name not in plan.objects:
        raise _Malformed(f"{what}: {name!r} isn't an object of the setup")
    return plan.objects[name]


def _keywords(value: Any, what: str) -> list[str]:
    if isinstance(value, str):
        value = [value]
    words = _names(value, what)
    for word in words:
        if word not in cards.KEYWORDS:
            raise Unsupported(f"{what}: keyword {word!r}")
    return words


def _pt(value: Any, pattern: re.Pattern[str], what: str) -> tuple[int, int]:
    match = pattern.match(value) if isinstance(value, str) else None
    if not match:
        raise _Malformed(f"{what}: {value!r} isn't power/toughness")
    return int(match.group(1)), int(match.group(2))


def _plan_actions(plan: _Plan, actions: list[Any]) -> None:
    caster = plan.active

    def helper(h: cards.Helper) -> cards.Helper:
        plan.helpers.append((caster, h))
        return h

    for index, action in enumerate(actions):
        if not isinstance(action, dict) or len(action) != 1:
            raise _Malformed(f"action {index} is a table with one key")
        ((kind, arg),) = action.items()
        what = f"action {index} ({kind})"
        if kind not in ACTIONS:
            raise Unsupported(f"action {kind!r}")
        if kind == "attack":
            for attacker, target in _table(arg, what).items():
                _object(plan, attacker, what)
                if target not in plan.players:
                    _object(plan, target, what)
        elif kind == "block":
            for blocker, attacked in _table(arg, what).items():
                _object(plan, blocker, what)
                for name in attacked if isinstance(attacked, list) else [attacked]:
                    _object(plan, name, what)
        elif kind == "damage":
            for source, division in _table(arg, what).items():
                _object(plan, source, what)
                for recipient, amount in _table(division, what).items():
                    if recipient not in plan.players:
                        _object(plan, recipient, what)
                    if not isinstance(amount, int) or isinstance(amount, bool):
                        raise _Malformed(f"{what}: an amount is an integer")
        elif kind == "advance":
            if not isinstance(arg, str) or arg not in PHASES:
                raise _Malformed(f"{what}: {arg!r} isn't a position of the turn")
            if arg not in ADVANCE_TARGETS:
                raise Unsupported(
                    f"advance to {arg!r}: phase.rs can't stop there "
                    "(it deals combat damage in the call that begins the combat damage step)"
                    if arg == "combat_damage"
                    else f"advance to {arg!r}"
                )
        elif kind == "next_turn":
            if not isinstance(arg, str) or arg not in PHASES:
                raise _Malformed(f"{what}: {arg!r} isn't a position of the turn")
            if arg not in NEXT_TURN_TARGETS:
                raise Unsupported(f"next_turn to {arg!r}")
            caster = 1 - caster
        elif kind in ("grant", "lose"):
            make = cards.gain_keyword if kind == "grant" else cards.lose_keyword
            for name, words in _table(arg, what).items():
                _object(plan, name, what)
                for word in _keywords(words, what):
                    helper(make(word))
        elif kind == "pump":
            for name, value in _table(arg, what).items():
                _object(plan, name, what)
                helper(cards.pump(*_pt(value, _PT, what)))
        elif kind == "set_base":
            for name, value in _table(arg, what).items():
                _object(plan, name, what)
                helper(cards.set_base(*_pt(value, _BASE, what)))
        elif kind == "effect":
            effect = _table(arg, what)
            for key in effect:
                if key not in ("to", "grant", "lose", "pump", "set_base", "until", "you"):
                    raise Unsupported(f"effect key {key!r}")
            if effect.get("until", "end_of_turn") not in ("end_of_turn", "permanent"):
                raise Unsupported(f"effect until {effect['until']!r}")
            forever = effect.get("until") == "permanent"
            if not isinstance(effect.get("to"), list):
                raise Unsupported("an effect on a FILTER (a locked-in set): only named objects")
            for name in _names(effect["to"], what):
                _object(plan, name, what)
                if "set_base" in effect:
                    helper(cards.set_base(*_pt(effect["set_base"], _BASE, what), forever))
                if "pump" in effect:
                    helper(cards.pump(*_pt(effect["pump"], _PT, what), forever))
                for word in _keywords(effect.get("grant", []), what):
                    helper(cards.gain_keyword(word, forever))
                for word in _keywords(effect.get("lose", []), what):
                    helper(cards.lose_keyword(word, forever))
        elif kind == "counters":
            for name, kinds in _table(arg, what).items():
                _object(plan, name, what)
                for counter, amount in _table(kinds, what).items():
                    if not isinstance(counter, str) or not isinstance(amount, int):
                        raise _Malformed(f"{what}: counters are {{kind = amount}}")
        elif kind == "deal_damage":
            deal = _table(arg, what)
            if set(deal) != {"source", "to", "amount"}:
                raise Unsupported(f"deal_damage with keys {sorted(deal)}")
            source = _object(plan, deal["source"], what)
            if deal["to"] not in plan.players:
                _object(plan, deal["to"], what)
            amount = deal["amount"]
            if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
                raise Unsupported(f"{what}: amount {amount!r}")
            if source.spec.get("token"):
                raise Unsupported(f"{what}: damage from a token")
            source.damage_amounts.add(amount)
        elif kind == "resolve":
            if arg != 1:
                raise Unsupported("resolve with choices: phase.rs's choices aren't mapped")
        elif kind == "move":
            for name, zone in _table(arg, what).items():
                _object(plan, name, what)
                if zone not in ZONES:
                    raise Unsupported(f"move to {zone!r}")
        else:  # tap, untap, destroy, sacrifice, remove_from_combat
            for name in _names(arg, what):
                _object(plan, name, what)
                if kind == "destroy":
                    helper(cards.DESTROY)
                elif kind == "remove_from_combat":
                    helper(cards.REMOVE_FROM_COMBAT)
        plan.actions.append((kind, arg))


def _check_observe(plan: _Plan) -> None:
    for kind, query in plan.observe.items():
        if kind not in OBSERVATIONS:
            raise Unsupported(f"observation {kind!r}")
        if kind in ("life",):
            for player in _names(query, f"observe.{kind}"):
                if player not in plan.players:
                    raise _Malformed(f"observe.{kind}: {player!r} isn't a player")
        elif kind in PER_OBJECT:
            for name in _names(query, f"observe.{kind}"):
                _object(plan, name, f"observe.{kind}")
        elif kind == "counters":
            for name, kinds in _table(query, "observe.counters").items():
                _object(plan, name, "observe.counters")
                _names(kinds, "observe.counters")


# ----------------------------------------------------------------- the board


@dataclass
class _Base:
    engine: Any
    state: str  # the built game, as phase's state JSON
    ids: dict[str, int]
    helper_ids: dict[tuple[int, str], list[int]]


def _debug(kind: str, data: Any = None) -> dict[str, Any]:
    inner: dict[str, Any] = {"type": kind}
    if data is not None:
        inner["data"] = data
    return {"type": "Debug", "data": inner}


def _counter_type(kind: str) -> str:
    return cards.COUNTER_TYPES.get(kind, kind)


class PhaseEngine:
    """phase.rs through phase-python, speaking the mtgjudge protocol."""

    def __init__(self) -> None:
        import phase

        self._phase = phase
        self._engines: dict[str, Any] = {}
        self._bases: OrderedDict[str, _Base] = OrderedDict()

    # -- the protocol

    def hello(self) -> dict[str, Any]:
        return {
            "type": "hello",
            "protocol": PROTOCOL,
            "engine": {"name": "phase.rs", "version": _phase_version()},
            "supports": {
                "features": list(FEATURES),
                "actions": list(ACTIONS),
                "setup": list(SETUP),
                "observations": list(OBSERVATIONS),
            },
        }

    def run(self, probe: Any) -> dict[str, Any]:
        probe_id = probe.get("id") if isinstance(probe, dict) else None
        try:
            if not isinstance(probe, dict):
                raise _Malformed("a probe is a JSON object")
            if probe.get("type", "probe") != "probe":
                raise _Malformed(f"message type {probe.get('type')!r} isn't a probe")
            plan = _plan(probe)
            run = _Run(plan, self._base(plan), self)
            initial = run.observe()
            refused = run.perform()
            final = run.observe()
        except Unsupported as problem:
            return {"type": "unsupported", "id": probe_id, "reason": str(problem)}
        except _Malformed as problem:
            return {"type": "error", "id": probe_id, "message": f"malformed probe: {problem}"}
        except Exception as problem:  # phase or the adapter broke: say so, never raise
            where = traceback.extract_tb(problem.__traceback__)[-1]
            return {
                "type": "error",
                "id": probe_id,
                "message": f"{type(problem).__name__}: {problem} "
                f"(at {where.filename.rsplit('/', 1)[-1]}:{where.lineno})",
            }
        return {
            "type": "result",
            "id": probe_id,
            "initial": initial,
            "final": final,
            "refused": refused,
        }

    def close(self) -> None:
        self._bases.clear()
        self._engines.clear()

    # -- boards

    def _engine(self, plan: _Plan) -> Any:
        helpers = sorted({h.text: h for _, h in plan.helpers}.values(), key=lambda h: h.text)
        try:
            data = cards.card_data(list(plan.cards.values()), helpers)
        except cards.CardError as problem:
            raise Unsupported(str(problem)) from None
        engine = self._engines.get(data)
        if engine is None:
            engine = self._phase.Engine.from_json(data)
            if len(self._engines) >= CACHE_SIZE:
                self._engines.pop(next(iter(self._engines)))
            self._engines[data] = engine
        return engine

    def _base(self, plan: _Plan) -> _Base:
        key = plan.key()
        base = self._bases.get(key)
        if base is not None:
            self._bases.move_to_end(key)
            return base
        base = self._build(plan)
        self._bases[key] = base
        if len(self._bases) > CACHE_SIZE:
            self._bases.popitem(last=False)
        return base

    def _build(self, plan: _Plan) -> _Base:
        engine = self._engine(plan)
        decks: list[list[str]] = [[], []]
        for obj in plan.objects.values():
            if obj.card is not None:
                decks[obj.owner].append(obj.card)
        for seat, helper in plan.helpers:
            decks[seat].append(helper.name)
        for deck in decks:
            deck.extend([cards.FILLER] * FILLER_CARDS)
        game = engine.new_game(player=decks[0], opponent=decks[1], seed=1, first_player=plan.active)
        for _ in range(2):
            prompt = game.waiting_for()
            if prompt.get("type") != "MulliganDecision":
                break
            seat = prompt["data"]["pending"][0]["player"]
            game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
        state = game.state()
        state["state"]["debug_mode"] = True  # no public switch: see FINDINGS
        game = engine.load_game(state)
        actor = plan.active

        def debug(kind: str, data: Any = None) -> Any:
            return game.apply(actor, _debug(kind, data))

        by_card: dict[tuple[int, str], list[int]] = {}
        for key, obj in game.state()["state"]["objects"].items():
            by_card.setdefault((obj["owner"], obj["name"]), []).append(int(key))
        ids: dict[str, int] = {}
        for obj in plan.objects.values():
            if obj.card is None:
                continue
            oid = by_card[(obj.owner, obj.card)].pop(0)
            ids[obj.name] = oid
            if game.object(oid)["zone"] != ZONES[obj.zone]:
                debug("MoveToZone", {"object_id": oid, "to_zone": ZONES[obj.zone]})
        for obj in plan.objects.values():
            if obj.card is not None:
                continue
            spec = obj.spec
            colors = spec.get("colors") or []
            characteristics = {
                "display_name": spec.get("name", obj.name),
                "power": spec.get("power"),
                "toughness": spec.get("toughness"),
                "loyalty": None,
                "core_types": [cards.TYPES[t] for t in spec.get("types", ["creature"])],
                "supertypes": [s.capitalize() for s in spec.get("supertypes", [])],
                "subtypes": list(spec.get("subtypes", [])),
                "colors": [c.capitalize() for c in colors],
                "keywords": [cards.KEYWORDS[w][0] for w in spec.get("keywords", [])],
            }
            owner = obj.controller if obj.controller is not None else obj.owner
            result = debug(
                "CreateToken",
                {
                    "owner": owner,
                    "request": {
                        "type": "Custom",
                        "data": {"owner": owner, "characteristics": characteristics},
                    },
                },
            )
            created = [e["data"]["object_id"] for e in result.events if e["type"] == "TokenCreated"]
            if len(created) != 1:
                raise Unsupported(f"phase.rs didn't create the token {obj.name!r}")
            ids[obj.name] = created[0]
        helper_ids: dict[tuple[int, str], list[int]] = {}
        for seat, helper in plan.helpers:
            key = (seat, helper.name)
            helper_ids.setdefault(key, []).append(by_card[key].pop(0))
        wanted_in_hand = {ids[o.name] for o in plan.objects.values() if o.zone == "hand"}
        for seat in (0, 1):
            for oid in list(game.player(seat)["hand"]):
                if oid not in wanted_in_hand:
                    debug("MoveToZone", {"object_id": oid, "to_zone": "Library"})
        damage: dict[int, int] = {}
        for obj in plan.objects.values():
            if obj.zone != "battlefield":
                continue
            oid, spec = ids[obj.name], obj.spec
            if obj.controller != game.object(oid)["controller"]:
                debug("SetController", {"object_id": oid, "controller": obj.controller})
            debug(
                "SetSummoningSickness",
                {"object_id": oid, "sick": bool(spec.get("summoning_sick", False))},
            )
            if spec.get("tapped"):
                debug("SetTapped", {"object_id": oid, "tapped": True})
            if "planeswalker" in (spec.get("types") or []):
                # Moved by a debug action, it gets no loyalty counters (306.5b).
                loyalty = spec.get("loyalty", 0)
                if loyalty:
                    debug(
                        "ModifyCounters",
                        {"object_id": oid, "counter_type": "loyalty", "delta": loyalty},
                    )
            for kind, amount in (spec.get("counters") or {}).items():
                if amount:
                    debug(
                        "ModifyCounters",
                        {"object_id": oid, "counter_type": _counter_type(kind), "delta": amount},
                    )
            if spec.get("damage"):
                damage[oid] = spec["damage"]
        for seat, amount in enumerate(plan.life):
            if amount != 20:
                debug("SetLife", {"player_id": seat, "life": amount})
        debug("SetPhase", {"phase": PHASES[plan.step], "active_player": plan.active})
        state = game.state()
        for oid, amount in damage.items():
            # No debug action marks damage; the saved state can (see FINDINGS).
            state["state"]["objects"][str(oid)]["damage_marked"] = amount
        return _Base(engine, json.dumps(state), ids, helper_ids)


# ----------------------------------------------------------------- a run


@dataclass
class _Combat:
    """What one combat's damage looked like, read from phase's state."""

    participants: set[int] = field(default_factory=set)
    first_strike_done: bool = False
    regular_done: bool = False
    recorded: set[str] = field(default_factory=set)


class _Run:
    def __init__(self, plan: _Plan, base: _Base, owner: PhaseEngine) -> None:
        self.plan = plan
        self.game = base.engine.load_game(base.state)
        self.ids = dict(base.ids)
        self.names = {oid: name for name, oid in self.ids.items()}
        self.helper_ids = {k: list(v) for k, v in base.helper_ids.items()}
        self.dealt: list[dict[str, Any]] = []
        self.gained: list[dict[str, Any]] = []
        self.died: list[str] = []
        self.lost: list[str] = []
        self.damage_steps: list[str] = []
        self.history: list[str] = [plan.step]
        self.zone_override: dict[int, str] = {}
        self.triggered: dict[str, int] = {}
        self.seen_on_stack: set[Any] = set()
        self.combat = _Combat()
        self.block_order: dict[int, list[int]] = {}
        # Explicit assignments for the damage step(s) in progress, and which
        # action index each step belongs to.
        self.assignments: dict[str, dict[str, Any]] = {}
        self.step_action: dict[str, int] = {}
        self.answered: set[tuple[str, str]] = set()
        self.index = 0
        self.over = False

    # -- plumbing

    def apply(self, seat: int, action: dict[str, Any]) -> Any:
        result = self.game.apply(seat, action)
        self.absorb(result.events, answered=action.get("type") == "AssignCombatDamage")
        return result

    def prompt(self) -> dict[str, Any]:
        return self.game.waiting_for()

    def name(self, oid: int) -> str:
        if oid in self.names:
            return self.names[oid]
        try:
            return "phase:" + str(self.game.object(oid)["name"])
        except ValueError:
            return f"phase:object {oid}"

    def recipient(self, target: dict[str, Any]) -> str:
        if "Player" in target:
            return self.plan.players[target["Player"]]
        return self.name(target["Object"])

    def read_combat(self) -> dict[str, Any] | None:
        return self.game.state()["state"].get("combat")

    # -- events

    def absorb(self, events: list[dict[str, Any]], answered: bool = False) -> None:
        """Records what the events of one call show. ``answered``: the call
        answered a damage-division prompt, so the damage step may have ended."""
        combat_damage = any(
            e.get("type") == "DamageDealt" and e["data"].get("is_combat") for e in events
        )
        for event in events:
            if event.get("type") == "PhaseChanged":
                phase = event["data"]["phase"]
                if phase == "Untap":
                    self.history = []
                if phase == "BeginCombat":
                    self.combat = _Combat()
                self.history.append(POSITIONS.get(phase, phase))
        combat = None
        entered_damage = any(
            e.get("type") == "PhaseChanged" and e["data"].get("phase") == "CombatDamage"
            for e in events
        )
        if combat_damage or entered_damage or answered:
            combat = self.read_combat()
        if combat is not None:
            participants = set(combat.get("first_strike_participants") or [])
            if participants:
                self.combat.participants = participants
        before_done = self.combat.first_strike_done
        step = "regular" if before_done or not self.combat.participants else "first_strike"
        group_source: int | None = None
        group_recipients: set[str] = set()
        seen: set[int] = set()
        marker = False
        step_damage: list[tuple[int, int]] = []  # (source, amount), this step's, in order
        noncombat: list[tuple[int, int]] = []
        gains_matched: set[int] = set()
        eliminated_exile: list[tuple[int, str]] = []
        pushed: list[int] = []
        for event in events:
            kind, data = event.get("type"), event.get("data") or {}
            if kind == "DamageDealt":
                source = data["source_id"]
                to = self.recipient(data["target"])
                if not data.get("is_combat"):
                    noncombat.append((source, data["amount"]))
                    self.dealt.append(
                        {
                            "source": self.name(source),
                            "to": to,
                            "amount": data["amount"],
                            "step": "noncombat",
                        }
                    )
                    continue
                if step == "first_strike" and (
                    source not in self.combat.participants
                    or marker
                    or (source != group_source and source in seen)
                    or (source == group_source and to in group_recipients)
                ):
                    step = "regular"
                    seen = set()
                    step_damage = []
                    gains_matched = set()
                if source != group_source:
                    group_source, group_recipients = source, set()
                group_recipients.add(to)
                seen.add(source)
                marker = False
                step_damage.append((source, data["amount"]))
                self.dealt.append(
                    {"source": self.name(source), "to": to, "amount": data["amount"], "step": step}
                )
            elif kind == "LifeChanged" and data.get("amount", 0) > 0:
                player = data["player_id"]
                source = self._lifelink_source(player, data["amount"], step_damage, gains_matched)
                if source is None:
                    source = self._lifelink_source(player, data["amount"], noncombat, gains_matched)
                gain = {"player": self.plan.players[player], "amount": data["amount"]}
                if source is not None:  # phase names no source; see _lifelink_source
                    gain["source"] = self.name(source)
                self.gained.append(gain)
                marker = marker or bool(step_damage)
            elif kind in ("CombatDamageDealtToPlayer", "ZoneChanged", "CreatureDestroyed"):
                marker = marker or bool(step_damage)
                if kind == "ZoneChanged":
                    oid = data["object_id"]
                    if data.get("from") == "Battlefield" and data.get("to") == "Graveyard":
                        self.died.append(self.name(oid))
                    if data.get("to") == "Exile":
                        eliminated_exile.append((oid, data.get("from", "")))
            elif kind == "PlayerEliminated":
                seat = data["player_id"]
                self.lost.append(self.plan.players[seat])
                # 800.4a is a multiplayer rule, but phase exiles the loser's cards
                # in a two-player game too, as the game ends (104.2a): the zones
                # are observed as they were when the game ended.
                for oid, origin in eliminated_exile:
                    if self._owner(oid) == seat and oid not in self.zone_override:
                        self.zone_override[oid] = ZONE_WORDS.get(origin, origin.lower())
            elif kind == "GameOver":
                self.over = True
            elif kind == "StackPushed":
                pushed.append(data.get("object_id"))
        # A triggered ability put on the stack is counted once. StackPushed isn't
        # emitted for abilities whose order was chosen (OrderTriggers), so the
        # stack itself is compared with what was seen on it before.
        if pushed or self.plan.has_triggers:
            for entry in self.game.stack():
                if entry.get("id") in self.seen_on_stack:
                    continue
                self.seen_on_stack.add(entry.get("id"))
                if (entry.get("kind") or {}).get("type") == "TriggeredAbility":
                    name = self.name(entry["source_id"])
                    self.triggered[name] = self.triggered.get(name, 0) + 1
        if combat is not None:
            self.combat.first_strike_done = bool(combat.get("first_strike_done"))
            self.combat.regular_done = bool(combat.get("regular_damage_done"))
            self._record_steps()

    def _owner(self, oid: int) -> int | None:
        try:
            return self.game.object(oid)["owner"]
        except ValueError:
            return None

    def _controller(self, oid: int) -> int | None:
        try:
            return self.game.object(oid)["controller"]
        except ValueError:
            return None

    def _lifelink_source(
        self, player: int, amount: int, step_damage: list[tuple[int, int]], matched: set[int]
    ) -> int | None:
        # phase gives no source for a life gain: after a step's damage come the
        # lifelink gains, one per source, in the order the sources dealt
        # damage. The first unmatched source of that step, controlled by the
        # player, that dealt exactly that much is the one.
        totals: dict[int, int] = {}
        for source, dealt in step_damage:
            totals[source] = totals.get(source, 0) + dealt
        for source, total in totals.items():
            if source in matched or total != amount:
                continue
            if self._controller(source) == player:
                matched.add(source)
                return source
        return None

    def _record_steps(self) -> None:
        c = self.combat
        if c.participants and c.first_strike_done and "first_strike" not in c.recorded:
            c.recorded.add("first_strike")
            self.damage_steps.append("first_strike")
            # The combat damage step entered is the first-strike one; a second follows.
            for i in range(len(self.history) - 1, -1, -1):
                if self.history[i] == "combat_damage":
                    self.history.insert(i, "first_strike_damage")
                    break
        if c.regular_done and "regular" not in c.recorded:
            c.recorded.add("regular")
            self.damage_steps.append("regular")

    # -- moving on

    def pass_priority(self) -> None:
        prompt = self.prompt()
        if prompt.get("type") != "Priority":
            raise Unsupported(f"phase.rs waits for {prompt.get('type')}, not priority")
        self.apply(prompt["data"]["player"], {"type": "PassPriority"})

    def answer_prompt(self, prompt: dict[str, Any]) -> None:
        """Answers a prompt met on the way with no choice made (508.1, 509.1
        with nothing declared; the default damage assignment)."""
        kind = prompt.get("type")
        data = prompt.get("data") or {}
        if kind == "DeclareAttackers":
            self.apply(
                data["player"], {"type": "DeclareAttackers", "data": {"attacks": [], "bands": []}}
            )
        elif kind == "DeclareBlockers":
            self.apply(data["player"], {"type": "DeclareBlockers", "data": {"assignments": []}})
        elif kind == "AssignCombatDamage":
            self.assign(prompt)
        elif kind == "OrderTriggers":
            # 603.3b: a player's abilities that triggered at once go on the stack
            # in the order they choose; the rulings' order is the order they
            # triggered, which is phase's listing.
            order = list(range(len(data.get("triggers", []))))
            self.apply(data["player"], {"type": "OrderTriggers", "data": {"order": order}})
        elif kind == "TargetSelection" and "pending_cast" not in data:
            # A triggered ability's target, as it is put on the stack (603.3d):
            # the rulings' triggers target the one opponent, so one choice.
            choices = [a for a in self.game.actions() if a.kind == "ChooseTarget"]
            if len(choices) != 1:
                raise Unsupported(f"a triggered ability with {len(choices)} possible targets")
            self.apply(data["player"], choices[0])
        else:
            raise Unsupported(f"phase.rs asks for {kind}, which the adapter doesn't answer")

    def step_forward(self) -> None:
        prompt = self.prompt()
        if prompt.get("type") == "Priority":
            self.pass_priority()
        elif prompt.get("type") == "GameOver":
            self.over = True
        else:
            self.answer_prompt(prompt)

    def settle(self) -> None:
        """Answers what phase asks as abilities go on the stack after an
        action (their order, their target), so that a player has priority."""
        for _ in range(MAX_PASSES):
            prompt = self.prompt()
            if self.over or prompt.get("type") not in ("OrderTriggers", "TargetSelection"):
                return
            self.answer_prompt(prompt)

    def phase_index(self) -> int:
        return ORDER.index(self.game.phase)

    # -- actions

    def perform(self) -> dict[str, Any] | None:
        actions = self.plan.actions
        consumed: set[int] = set()
        for index, (kind, arg) in enumerate(actions):
            if index in consumed or self.over:
                continue
            self.index = index
            try:
                if kind == "damage":
                    consumed |= self.damage(index, actions)
                else:
                    getattr(self, "do_" + kind)(arg)
                self.settle()
            except _Refused as refused:
                return {
                    "action": refused.index,
                    "fault": refused.fault,
                    "rule": refused.rule,
                    "message": refused.message,
                }
        return None

    def refuse(self, kind: str, problem: ValueError, index: int | None = None) -> _Refused:
        message = str(problem)
        fault, rule = refusal(kind, message)
        return _Refused(self.index if index is None else index, fault, rule, message)

    def target(self, value: str) -> dict[str, Any]:
        if value in self.plan.players:
            return {"type": "Player", "data": self.plan.seat(value)}
        return {"type": "Planeswalker", "data": self.ids[value]}

    def do_attack(self, arg: dict[str, str]) -> None:
        for _ in range(MAX_PASSES):
            prompt = self.prompt()
            if prompt.get("type") == "DeclareAttackers":
                break
            if prompt.get("type") != "Priority" or self.phase_index() >= ORDER.index(
                "DeclareAttackers"
            ):
                if not arg:
                    return
                raise Unsupported(
                    "phase.rs declared no attackers by itself, finding no creature able to "
                    "attack (it gives no declaration to refuse)"
                    if "declare_attackers" in self.history
                    else "the declare attackers step of this turn is over"
                )
            self.pass_priority()
        attacks = [[self.ids[a], self.target(t)] for a, t in arg.items()]
        try:
            self.apply(
                prompt["data"]["player"],
                {"type": "DeclareAttackers", "data": {"attacks": attacks, "bands": []}},
            )
        except ValueError as problem:
            raise self.refuse("attack", problem) from None

    def do_block(self, arg: dict[str, Any]) -> None:
        for _ in range(MAX_PASSES):
            prompt = self.prompt()
            if prompt.get("type") == "DeclareBlockers":
                break
            if prompt.get("type") == "DeclareAttackers":
                self.answer_prompt(prompt)
                continue
            if prompt.get("type") != "Priority" or self.phase_index() >= ORDER.index(
                "DeclareBlockers"
            ):
                if not arg:
                    return
                if "declare_blockers" not in self.history:
                    raise _Refused(
                        self.index,
                        "action:no_blockers_step",
                        "508.8",
                        "phase.rs skipped the declare blockers step: no creature attacked",
                    )
                raise Unsupported(
                    "phase.rs declared no blockers by itself, finding no legal block "
                    "(it gives no declaration to refuse)"
                )
            self.pass_priority()
        pairs: list[list[int]] = []
        self.block_order = {}
        for blocker, attacked in arg.items():
            for attacker in attacked if isinstance(attacked, list) else [attacked]:
                pairs.append([self.ids[blocker], self.ids[attacker]])
                self.block_order.setdefault(self.ids[attacker], []).append(self.ids[blocker])
        try:
            self.apply(
                prompt["data"]["player"],
                {"type": "DeclareBlockers", "data": {"assignments": pairs}},
            )
        except ValueError as problem:
            raise self.refuse("block", problem) from None

    def first_strike_step_coming(self) -> bool:
        combat = self.read_combat() or {}
        creatures = [a["object_id"] for a in combat.get("attackers", [])]
        creatures += [int(b) for b in combat.get("blocker_to_attacker", {})]
        for oid in creatures:
            try:
                keywords = self.game.object(oid)["keywords"]
            except ValueError:
                continue
            if "FirstStrike" in keywords or "DoubleStrike" in keywords:
                return True
        return False

    def damage(self, index: int, actions: list[tuple[str, Any]]) -> set[int]:
        if self.combat.regular_done:
            raise _Refused(
                index,
                "action:no_damage_step",
                "510.4",
                "phase.rs's combat has had its regular combat damage step: none remains",
            )
        # Get to priority in the declare blockers step: the damage is next.
        for _ in range(MAX_PASSES):
            prompt = self.prompt()
            if self.over:
                return set()
            if prompt.get("type") == "Priority" and self.game.phase in (
                "DeclareBlockers",
                "CombatDamage",
                "EndCombat",
            ):
                break
            if prompt.get("type") == "AssignCombatDamage":
                break
            if prompt.get("type") == "Priority" and self.phase_index() > ORDER.index("EndCombat"):
                raise Unsupported("a combat damage step outside combat")
            self.step_forward()
        if self.game.phase in ("EndCombat",) or (
            self.game.phase == "CombatDamage" and self.combat.regular_done
        ):
            raise _Refused(
                index,
                "action:no_damage_step",
                "510.4" if self.damage_steps else "508.8",
                f"phase.rs's combat is at {POSITIONS.get(self.game.phase)}: no combat damage "
                "step remains",
            )
        consumed: set[int] = set()
        spec = actions[index][1]
        if self.combat.first_strike_done or not self.first_strike_step_coming():
            self.assignments = {"regular": spec}
            self.step_action = {"regular": index}
        else:
            following = actions[index + 1][0] if index + 1 < len(actions) else None
            if following == "damage":
                self.assignments = {"first_strike": spec, "regular": actions[index + 1][1]}
                self.step_action = {"first_strike": index, "regular": index + 1}
                consumed.add(index + 1)
            elif following == "advance":
                self.assignments = {"first_strike": spec, "regular": {}}
                self.step_action = {"first_strike": index, "regular": index}
            else:
                # Only the first-strike step now. phase gives priority between the
                # two steps only when something is on the stack then (an ability
                # that triggered in the first one); otherwise it deals both.
                self.assignments = {"first_strike": spec}
                self.step_action = {"first_strike": index}
                self.answered = set()
                dealt_before = len(self.dealt)
                for _ in range(MAX_PASSES):
                    if self.over or self.combat.regular_done:
                        break
                    if self.combat.first_strike_done and self.prompt().get("type") == "Priority":
                        self.check_forced(dealt_before)
                        self.assignments = {}
                        return consumed
                    self.step_forward()
                if self.over:
                    return consumed
                raise Unsupported(
                    "the probe "
                    + ("observes the game" if following is None else f"takes {following!r}")
                    + " between the first-strike and the regular combat damage step; phase.rs "
                    "gave no priority between them (510.4, 117.3c) and dealt both (it gives "
                    "priority there only when an ability triggered in the first step)"
                )
        self.answered = set()
        dealt_before = len(self.dealt)
        for _ in range(MAX_PASSES):
            if self.over or self.combat.regular_done:
                break
            self.step_forward()
        else:
            raise Unsupported("the combat damage step didn't end")
        self.check_forced(dealt_before)
        self.assignments = {}
        return consumed

    def check_forced(self, dealt_before: int) -> None:
        """An explicit assignment for a source phase didn't ask about (it had
        one way to assign) must be what phase did, or it couldn't be given."""
        for step, spec in self.assignments.items():
            for source, division in spec.items():
                if (step, source) in self.answered:
                    continue
                done: dict[str, int] = {}
                for event in self.dealt[dealt_before:]:
                    if event["source"] == source and event["step"] == step:
                        done[event["to"]] = done.get(event["to"], 0) + event["amount"]
                wanted = {k: v for k, v in division.items() if v}
                if done != wanted:
                    raise Unsupported(
                        f"phase.rs asked for no damage assignment from {source!r} in the "
                        f"{step} step (it dealt {done}); the probe's assignment {wanted} "
                        "can't be given"
                    )

    def on_battlefield(self, oid: int) -> bool:
        try:
            return self.game.object(oid)["zone"] == "Battlefield"
        except ValueError:
            return False

    def current_step(self) -> str:
        combat = self.read_combat() or {}
        participants = combat.get("first_strike_participants") or []
        if participants and not combat.get("first_strike_done"):
            return "first_strike"
        return "regular"

    def assign(self, prompt: dict[str, Any]) -> None:
        data = prompt["data"]
        attacker = data["attacker_id"]
        step = self.current_step()
        spec = self.assignments.get(step, {})
        index = self.step_action.get(step, self.index)
        blockers = [b["blocker_id"] for b in data.get("blockers", [])]
        target = data.get("attack_target") or {}
        target_name = (
            self.plan.players[target["data"]]
            if target.get("type") == "Player"
            else self.name(target.get("data", -1))
        )
        controller_name = (
            self.plan.players[data["pw_controller"]]
            if data.get("pw_controller") is not None
            else None
        )
        attacked_present = target.get("type") != "Planeswalker" or self.on_battlefield(
            target.get("data", -1)
        )
        over = data.get("trample") == "OverPlaneswalkers"
        name = self.name(attacker)
        amounts = dict.fromkeys(blockers, 0)
        trample = controller = 0
        if name in spec:
            self.answered.add((step, name))
            for recipient, amount in spec[name].items():
                oid = self.ids.get(recipient)
                if oid in amounts:
                    amounts[oid] += amount
                elif recipient == target_name:
                    trample += amount
                elif recipient == controller_name and not attacked_present and over:
                    # 702.19e: the planeswalker it attacked has left combat; phase
                    # deals the damage "to what it attacks" to the defending player
                    # then (seen), and refuses it as damage past the planeswalker.
                    trample += amount
                elif recipient == controller_name and target.get("type") == "Planeswalker":
                    controller += amount
                elif amount:
                    raise Unsupported(
                        f"phase's damage assignment for {name!r} has no place for {recipient!r} "
                        "(only its blockers, what it attacks, and a planeswalker's controller)"
                    )
        else:
            amounts, trample, controller = self.default_assignment(attacker, data, blockers)
            if not attacked_present and over:
                trample, controller = trample + controller, 0
        action = {
            "type": "AssignCombatDamage",
            "data": {
                "mode": "Normal",
                "assignments": [[b, amounts[b]] for b in blockers],
                "trample_damage": trample,
                "controller_damage": controller,
            },
        }
        try:
            self.apply(data["player"], action)
        except ValueError as problem:
            raise self.refuse("damage", problem, index) from None

    def default_assignment(
        self, attacker: int, data: dict[str, Any], blockers: list[int]
    ) -> tuple[dict[int, int], int, int]:
        """The ruling format's default (rulings/README.md): lethal damage to each
        blocker in declaration order (damage already marked counts, and 1 is
        lethal from a source with deathtouch); the rest to what it attacks if
        it tramples, else to the first blocker."""
        order = [b for b in self.block_order.get(attacker, []) if b in blockers]
        order += [b for b in blockers if b not in order]
        deathtouch = "Deathtouch" in self.game.object(attacker)["keywords"]
        remaining = data["total_damage"]
        amounts = dict.fromkeys(blockers, 0)
        for blocker in order:
            obj = self.game.object(blocker)
            lethal = max(obj["toughness"] - obj["damage_marked"], 0)
            if deathtouch:
                lethal = min(lethal, 1)
            given = min(lethal, remaining)
            amounts[blocker] = given
            remaining -= given
        trample = controller = 0
        if data.get("trample"):
            if data.get("trample") == "OverPlaneswalkers" and data.get("pw_loyalty") is not None:
                trample = min(remaining, max(data["pw_loyalty"], 0))
                controller = remaining - trample
            else:
                trample = remaining
        elif order:
            amounts[order[0]] += remaining
        return amounts, trample, controller

    def do_advance(self, position: str) -> None:
        wanted = PHASES[position]
        start = len(self.history)
        turn = self.game.turn
        for _ in range(MAX_PASSES):
            if self.over or position in self.history[start:]:
                return
            if self.game.turn != turn:
                raise Unsupported(f"advance to {position!r} went into the next turn")
            self.step_forward()
            if self.game.phase == wanted and position in self.history[start:]:
                return
        raise Unsupported(f"advance to {position!r} didn't get there")

    def do_next_turn(self, position: str) -> None:
        turn = self.game.turn
        for _ in range(MAX_PASSES):
            if self.over:
                return
            if self.game.turn != turn and position in self.history:
                return
            self.step_forward()
        raise Unsupported(f"next_turn to {position!r} didn't get there")

    # effects through the helper instants

    def cast(self, helper: cards.Helper, name: str) -> None:
        target = self.ids[name]
        try:
            obj = self.game.object(target)
        except ValueError:
            raise Unsupported(f"{name!r} no longer exists") from None
        if obj["zone"] != "Battlefield":
            raise Unsupported(f"an effect on {name!r} in the {obj['zone']}: only permanents")
        prompt = self.prompt()
        if prompt.get("type") != "Priority":
            raise Unsupported(f"an effect while phase.rs waits for {prompt.get('type')}")
        seat = prompt["data"]["player"]
        stock = self.helper_ids.get((seat, helper.name))
        if not stock:
            raise Unsupported(
                f"player {self.plan.players[seat]} has priority, not the planned caster"
            )
        card = stock.pop(0)
        self.apply(seat, _debug("MoveToZone", {"object_id": card, "to_zone": "Hand"}))
        cast = {
            "type": "CastSpell",
            "data": {
                "object_id": card,
                "card_id": card,
                "targets": [],
                "payment_mode": {"type": "Auto"},
            },
        }
        try:
            self.apply(seat, cast)
        except ValueError as problem:
            raise Unsupported(f"phase.rs won't cast {helper.text!r}: {problem}") from None
        prompt = self.prompt()
        if prompt.get("type") == "TargetSelection":
            choice = {"type": "ChooseTarget", "data": {"target": {"Object": target}}}
            if choice not in [a.to_dict() for a in self.game.actions()]:
                raise Unsupported(f"{helper.text!r} can't target {name!r} in phase.rs")
            self.apply(seat, choice)
        for _ in range(MAX_PASSES):
            if not any(entry.get("id") == card for entry in self.game.stack()):
                break
            self.step_forward()
        else:
            raise Unsupported(f"{helper.text!r} didn't resolve")

    def do_grant(self, arg: dict[str, Any]) -> None:
        for name, words in arg.items():
            for word in [words] if isinstance(words, str) else words:
                self.cast(cards.gain_keyword(word), name)

    def do_lose(self, arg: dict[str, Any]) -> None:
        for name, words in arg.items():
            for word in [words] if isinstance(words, str) else words:
                self.cast(cards.lose_keyword(word), name)

    def do_pump(self, arg: dict[str, str]) -> None:
        for name, value in arg.items():
            self.cast(cards.pump(*_pt(value, _PT, "pump")), name)

    def do_set_base(self, arg: dict[str, str]) -> None:
        for name, value in arg.items():
            self.cast(cards.set_base(*_pt(value, _BASE, "set_base")), name)

    def do_effect(self, effect: dict[str, Any]) -> None:
        forever = effect.get("until") == "permanent"
        for name in effect["to"]:
            if "set_base" in effect:
                base = _pt(effect["set_base"], _BASE, "effect")
                self.cast(cards.set_base(*base, forever), name)
            if "pump" in effect:
                self.cast(cards.pump(*_pt(effect["pump"], _PT, "effect"), forever), name)
            grant = effect.get("grant", [])
            for word in [grant] if isinstance(grant, str) else grant:
                self.cast(cards.gain_keyword(word, forever), name)
            lose = effect.get("lose", [])
            for word in [lose] if isinstance(lose, str) else lose:
                self.cast(cards.lose_keyword(word, forever), name)

    def priority_to(self, seat: int) -> None:
        """Gives ``seat`` priority: the holder passes once (the stack is
        empty, so the other player gets it, 117.3d)."""
        prompt = self.prompt()
        if prompt.get("type") != "Priority":
            raise Unsupported(f"an action while phase.rs waits for {prompt.get('type')}")
        if prompt["data"]["player"] != seat:
            if self.game.stack():
                raise Unsupported("the other player would act with objects on the stack")
            self.pass_priority()
            prompt = self.prompt()
            if prompt.get("type") != "Priority" or prompt["data"]["player"] != seat:
                raise Unsupported(f"{self.plan.players[seat]} couldn't get priority")

    def resolve_stack(self, depth: int, what: str) -> None:
        for _ in range(MAX_PASSES):
            if len(self.game.stack()) <= depth or self.over:
                return
            self.step_forward()
        raise Unsupported(f"{what} didn't resolve")

    def do_deal_damage(self, deal: dict[str, Any]) -> None:
        source = self.ids[deal["source"]]
        obj = self.obj(deal["source"])
        if obj is None or obj["zone"] != "Battlefield":
            raise Unsupported(
                f"damage from {deal['source']!r} off the battlefield: its ability can't be "
                "activated (last known information isn't reachable)"
            )
        index = next(
            (
                i
                for i, ability in enumerate(obj.get("abilities", []))
                if ability.get("kind") == "Activated"
                and (ability.get("effect") or {}).get("type") == "DealDamage"
                and (ability["effect"].get("amount") or {}).get("value") == deal["amount"]
            ),
            None,
        )
        if index is None:
            raise Unsupported(f"{deal['source']!r} lost its damage ability")
        seat = obj["controller"]
        depth = len(self.game.stack())
        self.priority_to(seat)
        activate = {
            "type": "ActivateAbility",
            "data": {"source_id": source, "ability_index": index},
        }
        try:
            self.apply(seat, activate)
        except ValueError as problem:
            raise Unsupported(f"phase.rs won't activate the damage ability: {problem}") from None
        to = deal["to"]
        target = (
            {"Player": self.plan.seat(to)} if to in self.plan.players else {"Object": self.ids[to]}
        )
        if self.prompt().get("type") == "TargetSelection":
            choice = {"type": "ChooseTarget", "data": {"target": target}}
            if choice not in [a.to_dict() for a in self.game.actions()]:
                raise Unsupported(f"{to!r} can't be the target of {deal['source']!r}'s damage")
            self.apply(seat, choice)
        self.resolve_stack(depth, "the damage ability")

    def do_resolve(self, arg: Any) -> None:
        stack = self.game.stack()
        if not stack:
            raise _Refused(self.index, "action:stack_empty", "608.1", "the stack is empty")
        top = self.stack_top()
        for _ in range(MAX_PASSES):
            if self.over or top not in [e.get("id") for e in self.game.stack()]:
                return
            self.step_forward()
        raise Unsupported("the top of the stack didn't resolve")

    def stack_top(self) -> Any:
        return self.stack_bottom_first()[-1].get("id")

    def stack_bottom_first(self) -> list[dict[str, Any]]:
        return list(reversed(self.game.stack())) if STACK_TOP_FIRST else list(self.game.stack())

    def do_destroy(self, names: list[str]) -> None:
        for name in names:
            self.cast(cards.DESTROY, name)

    def do_remove_from_combat(self, names: list[str]) -> None:
        for name in names:
            self.cast(cards.REMOVE_FROM_COMBAT, name)

    # state changes through debug actions, then state-based actions (704.3)

    def debug(self, kind: str, data: Any = None) -> None:
        self.apply(self.plan.active, _debug(kind, data))

    def state_based_actions(self) -> None:
        self.debug("RunStateBasedActions")

    def exists(self, name: str) -> bool:
        try:
            self.game.object(self.ids[name])
        except ValueError:
            return False
        return True

    def do_counters(self, arg: dict[str, dict[str, int]]) -> None:
        for name, kinds in arg.items():
            if not self.exists(name):
                raise Unsupported(f"counters on {name!r}, which no longer exists")
            for kind, amount in kinds.items():
                if amount:
                    self.debug(
                        "ModifyCounters",
                        {
                            "object_id": self.ids[name],
                            "counter_type": _counter_type(kind),
                            "delta": amount,
                        },
                    )
        self.state_based_actions()

    def do_tap(self, names: list[str]) -> None:
        for name in names:
            self.debug("SetTapped", {"object_id": self.ids[name], "tapped": True})
        self.state_based_actions()

    def do_untap(self, names: list[str]) -> None:
        for name in names:
            self.debug("SetTapped", {"object_id": self.ids[name], "tapped": False})
        self.state_based_actions()

    def do_sacrifice(self, names: list[str]) -> None:
        for name in names:
            obj = self.obj(name)
            if obj is None or obj["zone"] != "Battlefield":
                raise Unsupported(f"sacrificing {name!r}, which isn't on the battlefield")
            self.debug("Sacrifice", {"object_id": self.ids[name]})
        self.state_based_actions()

    def do_move(self, arg: dict[str, str]) -> None:
        for name, zone in arg.items():
            if not self.exists(name):
                raise Unsupported(f"moving {name!r}, which no longer exists")
            self.debug("MoveToZone", {"object_id": self.ids[name], "to_zone": ZONES[zone]})
        self.state_based_actions()

    # -- observations

    def obj(self, name: str) -> dict[str, Any] | None:
        try:
            return self.game.object(self.ids[name])
        except ValueError:
            return None

    def zone(self, name: str) -> str:
        oid = self.ids[name]
        if oid in self.zone_override:
            return self.zone_override[oid]
        obj = self.obj(name)
        if obj is None:
            return "nowhere"
        return ZONE_WORDS.get(obj["zone"], str(obj["zone"]).lower())

    def keywords(self, obj: dict[str, Any]) -> list[str]:
        words = []
        for keyword in obj.get("keywords", []):
            if isinstance(keyword, str):
                words.append(cards.KEYWORD_WORDS.get(keyword, keyword.lower()))
            else:
                words.append(json.dumps(keyword, sort_keys=True))
        return words

    def counters(self, obj: dict[str, Any] | None, kinds: list[str]) -> dict[str, int]:
        have: dict[str, int] = {}
        for key, amount in ((obj or {}).get("counters") or {}).items():
            word = cards.COUNTER_NAMES.get(key, key)
            have[word] = have.get(word, 0) + amount
        return {kind: have.get(kind, 0) for kind in kinds}

    def combat_creatures(self) -> tuple[list[str], list[str]]:
        combat = self.read_combat() or {}
        attacking = [self.name(a["object_id"]) for a in combat.get("attackers", [])]
        blocking = [self.name(int(b)) for b in combat.get("blocker_to_attacker", {})]
        return attacking, blocking

    def observe(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for kind, query in self.plan.observe.items():
            if kind == "life":
                out[kind] = {p: self.game.player(self.plan.seat(p))["life"] for p in query}
            elif kind == "lost":
                out[kind] = list(self.lost)
            elif kind == "dealt":
                out[kind] = [dict(e) for e in self.dealt]
            elif kind == "life_gained":
                out[kind] = [dict(e) for e in self.gained]
            elif kind == "died":
                out[kind] = list(self.died)
            elif kind == "damage_steps":
                out[kind] = list(self.damage_steps)
            elif kind == "steps":
                out[kind] = [s for s in self.history if s in COMBAT_STEPS]
            elif kind == "turn":
                out[kind] = list(self.history)
            elif kind == "triggered":
                out[kind] = {n: self.triggered.get(n, 0) for n in query}
            elif kind == "stack":
                out[kind] = [self.stack_word(e) for e in self.stack_bottom_first()]
            elif kind == "active_player":
                out[kind] = self.plan.players[self.game.state()["state"]["active_player"]]
            elif kind in ("attacking", "blocking"):
                attacking, blocking = self.combat_creatures()
                out[kind] = attacking if kind == "attacking" else blocking
            elif kind == "counters":
                out[kind] = {n: self.counters(self.obj(n), ks) for n, ks in query.items()}
            elif kind == "dealt_by":
                out[kind] = {
                    n: sum(e["amount"] for e in self.dealt if e["source"] == n) for n in query
                }
            elif kind == "zone":
                out[kind] = {n: self.zone(n) for n in query}
            else:
                values: dict[str, Any] = {}
                for name in query:
                    obj = self.obj(name)
                    values[name] = None if obj is None else self.characteristic(kind, obj)
                out[kind] = values
        return out

    def stack_word(self, entry: dict[str, Any]) -> str:
        if (entry.get("kind") or {}).get("type") == "TriggeredAbility":
            return "trigger:" + self.name(entry["source_id"])
        return self.name(entry.get("source_id", entry.get("id")))

    def characteristic(self, kind: str, obj: dict[str, Any]) -> Any:
        if kind == "damage":
            return obj.get("damage_marked", 0)
        if kind == "keywords":
            return self.keywords(obj)
        if kind == "power_toughness":
            if obj.get("power") is None or obj.get("toughness") is None:
                return None  # not a creature: no power and toughness
            return f"{obj.get('power')}/{obj.get('toughness')}"
        if kind == "tapped":
            return bool(obj.get("tapped"))
        if kind == "loyalty":
            counters = obj.get("counters") or {}
            return counters.get("loyalty", obj.get("loyalty"))
        if kind == "controller":
            return self.plan.players[obj["controller"]]
        raise Unsupported(f"observation {kind!r}")  # pragma: no cover - checked in the plan
