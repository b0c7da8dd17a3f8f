"""What the game shows: the observations of the protocol (``docs/protocol.md``).

Each observation kind answers a query of the shape the protocol gives it
(:data:`mtgjudge.protocol.vocabulary.OBSERVATIONS`). An object the query
names that doesn't exist (a token not created yet) is observed as ``None``
(except by ``zone``, where it is ``nowhere``), and so is a characteristic
an object doesn't have (a noncreature's power and toughness).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgjudge.model import cost, party
from mtgjudge.model.game import Game
from mtgjudge.model.objects import GameObject
from mtgjudge.model.triggers import Triggered
from mtgjudge.protocol.vocabulary import OBSERVATIONS


def _dealt(game: Game) -> list[dict[str, Any]]:
    return [
        {
            "source": record.source,
            "to": record.recipient,
            "amount": record.amount,
            "step": record.step or "noncombat",
        }
        for record in game.history.damage
    ]


def _in_combat(game: Game, blocking: bool) -> list[str]:
    record = game.combat
    if record is None:
        return []
    in_role = record.is_blocking if blocking else record.is_attacking
    return sorted(obj.ref for obj in game.battlefield() if in_role(obj.serial))


def _stack_names(game: Game, item: Any) -> list[str]:
    # 603.3: a triggered ability on the stack has no name (no characteristics
    # but its text).
    if isinstance(item, Triggered):
        return []
    return sorted(game.characteristics(item).names)


def _power_toughness(current: Any) -> str | None:
    # 208.3: a noncreature permanent has no power or toughness.
    if current.power is None or current.toughness is None:
        return None
    return f"{current.power}/{current.toughness}"


def _attached_to(game: Game, obj: GameObject) -> str:
    host = game.by_serial(obj.attached_to) if obj.attached_to is not None else None
    return host.ref if host is not None else ""


def _paid(game: Game, obj: GameObject, parts: list[str]) -> dict[str, Any] | None:
    payment = game.history.payments.get(obj.ref)
    if payment is None:
        return None
    summary = {
        "mana": cost.pool_text(payment.mana),
        "life": payment.life,
        "creatures": sum(payment.creatures.values()),
        "artifacts": payment.artifacts,
        "graveyard": payment.graveyard,
    }
    return {part: summary[part] for part in parts if part in summary}


def _card_count(game: Game, entry: dict[str, Any]) -> int:
    wanted = set(entry.get("types", ()))
    return sum(
        1
        for obj in game.objects
        if obj.exists
        and not obj.emblem  # 114.5: an emblem isn't a card
        and obj.zone == entry["zone"]
        and obj.owner == entry["player"]
        and wanted <= game.characteristics(obj).types
    )


def _mana_pool(game: Game, player: str) -> str | None:
    pool = game.players[player].mana_pool
    return None if pool is None else cost.pool_text(pool)


#: The whole game's observations.
GAME: dict[str, Callable[[Game], Any]] = {
    "lost": lambda game: sorted(p.name for p in game.players.values() if p.has_lost),
    "game_over": lambda game: game.over,
    # "": no winner (the game goes on, or it is a draw, 104.4a).
    "winner": lambda game: game.winner or "",
    "dealt": _dealt,
    "life_gained": lambda game: [
        {"player": gain.player, "amount": gain.amount, "source": gain.source}
        for gain in game.history.life_gains
    ],
    "died": lambda game: sorted({ref for ref, _rule in game.history.deaths}),
    "damage_steps": lambda game: list(game.history.damage_steps),
    "steps": lambda game: game.combat_steps(),
    "prevented": lambda game: [
        {"source": source, "to": to, "amount": amount}
        for source, to, amount in game.history.prevented
    ],
    "attacking": lambda game: _in_combat(game, blocking=False),
    "blocking": lambda game: _in_combat(game, blocking=True),
    "stack": lambda game: [item.ref for item in game.stack_items()],
    "stack_names": lambda game: [_stack_names(game, item) for item in game.stack_items()],
    "found": lambda game: game.history.found,
    "chosen_names": lambda game: sorted(game.history.chosen_names),
    "turn": lambda game: list(game.turn.history),
    "active_player": lambda game: game.turn.active_player,
    "regenerated": lambda game: list(game.history.regenerated),
    # 730.1: "day", "night", or "" for neither.
    "day_night": lambda game: game.day_night or "",
}

#: Observations of each player named.
PLAYERS: dict[str, Callable[[Game, str], Any]] = {
    "life": lambda game, player: game.players[player].life,
    "party": party.party_size,
    "mana_pool": _mana_pool,
    "discarded": lambda game, player: game.history.discarded.get(player, 0),
    # 122.1f: a player's poison counters.
    "poison": lambda game, player: game.players[player].poison,
}

#: Observations of each object named, as it is now.
OBJECTS: dict[str, Callable[[Game, GameObject], Any]] = {
    "damage": lambda game, obj: obj.damage,
    "dealt_by": lambda game, obj: sum(d.amount for d in game.history.damage if d.source == obj.ref),
    # 122.1b: keyword counters give keywords in every zone.
    "keywords": lambda game, obj: sorted(game.characteristics(obj).all_keywords),
    "affinity": lambda game, obj: len(game.characteristics(obj).affinity),
    "power_toughness": lambda game, obj: _power_toughness(game.characteristics(obj)),
    "tapped": lambda game, obj: obj.tapped,
    "loyalty": lambda game, obj: obj.counters.get("loyalty", 0),
    "controller": lambda game, obj: game.controller(obj),
    "mana_value": cost.mana_value,
    "names": lambda game, obj: sorted(game.characteristics(obj).names),
    "types": lambda game, obj: sorted(game.characteristics(obj).types),
    "subtypes": lambda game, obj: sorted(game.characteristics(obj).subtypes),
    "colors": lambda game, obj: sorted(game.characteristics(obj).colors),
    "same_object": lambda game, obj: obj.serial == game.initial_serials.get(obj.ref),
    "attached_to": _attached_to,
    "total_cost": lambda game, obj: game.history.total_costs.get(obj.ref),
    "triggered": lambda game, obj: sum(
        1 for record in game.history.triggers if record.source == obj.ref
    ),
    "has_chosen_name": lambda game, obj: bool(
        set(game.characteristics(obj).names) & set(game.history.chosen_names)
    ),
    "regeneration_shields": lambda game, obj: obj.regeneration_shields,
}

#: Observations of some keys of each object named.
OBJECT_KEYS: dict[str, Callable[[Game, GameObject, list[str]], Any]] = {
    "counters": lambda game, obj, names: {name: obj.counters.get(name, 0) for name in names},
    "paid": _paid,
}


def _zone(game: Game, ref: str) -> str:
    obj = game.refs.get(ref)
    return obj.zone if obj is not None and obj.exists else "nowhere"


def observe_one(game: Game, kind: str, query: Any) -> Any:
    """One observation, in the shape of its kind."""
    shape = OBSERVATIONS[kind]
    if kind == "zone":
        return {ref: _zone(game, ref) for ref in query}
    if shape == "game":
        return GAME[kind](game)
    if shape == "players":
        return {player: PLAYERS[kind](game, player) for player in query}
    if shape == "entries":
        return [{**entry, "count": _card_count(game, entry)} for entry in query]
    found = {ref: game.refs.get(ref) for ref in query}
    if shape == "objects":
        return {
            ref: None if obj is None else OBJECTS[kind](game, obj) for ref, obj in found.items()
        }
    return {
        ref: None if obj is None else OBJECT_KEYS[kind](game, obj, list(query[ref]))
        for ref, obj in found.items()
    }


def observe(game: Game, query: dict[str, Any]) -> dict[str, Any]:
    """Every observation a probe's ``observe`` asks for."""
    return {kind: observe_one(game, kind, wanted) for kind, wanted in query.items()}
