"""Builds a game from a ruling's setup and performs a probe's actions on it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from mtgjudge import combat
from mtgjudge.effects import Condition, ContinuousEffect, Modification, ObjectFilter
from mtgjudge.errors import InvalidInputError
from mtgjudge.game import Game, Player
from mtgjudge.keywords import VARIANTS, normalize
from mtgjudge.objects import Face, GameObject
from mtgjudge.rulings.format import SETUP_ZONES, Action, Ruling


def _pt(text: str) -> tuple[int, int]:
    power, toughness = text.split("/")
    return int(power), int(toughness)


def _filter(spec: dict[str, Any]) -> ObjectFilter:
    return ObjectFilter(
        controller=spec.get("controller", "any"),
        types=frozenset(spec.get("types", ())),
        subtypes=frozenset(spec.get("subtypes", ())),
        colors=frozenset(spec.get("colors", ())),
        other=spec.get("other", False),
    )


def _object(ref: str, spec: dict[str, Any], zone: str) -> GameObject:
    owner = spec.get("owner", spec.get("controller"))
    types = spec.get("types", ["creature"] if "power" in spec else [])
    faces = tuple(
        Face(
            name=face["name"],
            mana_cost=face.get("mana_cost"),
            types=frozenset(face.get("types", ())),
            subtypes=frozenset(face.get("subtypes", ())),
            colors=frozenset(face.get("colors", ())),
        )
        for face in spec.get("faces", ())
    )
    counters = Counter(spec.get("counters", {}))
    if "loyalty" in spec and "loyalty" not in counters:
        counters["loyalty"] = spec["loyalty"]
    return GameObject(
        ref=ref,
        name=spec.get("name", ref),
        owner=owner,
        controller=spec.get("controller", owner),
        zone=zone,
        types=frozenset(types),
        subtypes=frozenset(spec.get("subtypes", ())),
        supertypes=frozenset(spec.get("supertypes", ())),
        colors=frozenset(spec.get("colors", ())),
        mana_cost=spec.get("mana_cost"),
        faces=faces,
        power=spec.get("power"),
        toughness=spec.get("toughness"),
        loyalty=spec.get("loyalty"),
        keywords=frozenset(normalize(k) for k in spec.get("keywords", ())),
        token=spec.get("token", False),
        tapped=spec.get("tapped", False),
        damage=spec.get("damage", 0),
        counters=counters,
        summoning_sick=spec.get("summoning_sick", False),
        block_limit=spec.get("block_limit", 1),
    )


def build_game(ruling: Ruling) -> Game:
    setup = ruling.setup
    players = [
        Player(entry) if isinstance(entry, str) else Player(entry["name"], entry.get("life", 20))
        for entry in setup["players"]
    ]
    game = Game(
        players,
        setup.get("active_player", players[0].name),
        setup.get("step", "precombat_main"),
    )
    for zone in SETUP_ZONES:
        for ref, spec in setup.get(zone, {}).items():
            game.add_object(_object(ref, spec, zone))
    for zone in SETUP_ZONES:
        for ref, spec in setup.get(zone, {}).items():
            obj = game.obj(ref)
            if "attached_to" in spec:
                obj.attached_to = game.obj(spec["attached_to"]).serial
            for static in spec.get("statics", ()):
                power, toughness = _pt(static["pump"]) if "pump" in static else (0, 0)
                condition = static.get("condition")
                game.effects.append(
                    ContinuousEffect(
                        timestamp=game.next_timestamp(),
                        modification=Modification(
                            grant=frozenset(static.get("grant", ())),
                            power=power,
                            toughness=toughness,
                        ),
                        you=obj.controller,
                        duration="static",
                        filter=_filter(static["affects"]),
                        source_serial=obj.serial,
                        condition=None
                        if condition is None
                        else Condition(
                            you_control=_filter(condition["you_control"])
                            if "you_control" in condition
                            else None,
                            life_above=condition.get("life_above"),
                        ),
                        description=f"static ability of {obj.name}",
                    )
                )
    return game


# ----- actions -----


def _each(game: Game, refs: list[str]) -> list[GameObject]:
    return [game.obj(ref) for ref in refs]


def _until_end_of_turn(game: Game, obj: GameObject, modification: Modification, text: str) -> None:
    game.add_effect(modification, game.controller(obj), affected=[obj], description=text)
    game.note("611.2", f"{obj.name} {text} until end of turn")


def _attack(game: Game, args: dict[str, str]) -> None:
    combat.declare_attackers(game, args)


def _block(game: Game, args: dict[str, Any]) -> None:
    combat.declare_blockers(
        game, {blocker: [a] if isinstance(a, str) else list(a) for blocker, a in args.items()}
    )


def _damage(game: Game, args: dict[str, dict[str, int]]) -> None:
    combat.resolve_damage_step(game, args)


def _advance(game: Game, position: str) -> None:
    game.advance_to(position)


def _grant(game: Game, args: dict[str, list[str]]) -> None:
    for ref, keywords in args.items():
        obj = game.obj(ref)
        _until_end_of_turn(
            game, obj, Modification(grant=frozenset(keywords)), "gains " + ", ".join(keywords)
        )


def _lose(game: Game, args: dict[str, list[str]]) -> None:
    for ref, keywords in args.items():
        obj = game.obj(ref)
        _until_end_of_turn(
            game, obj, Modification(lose=frozenset(keywords)), "loses " + ", ".join(keywords)
        )


def _pump(game: Game, args: dict[str, str]) -> None:
    for ref, change in args.items():
        power, toughness = _pt(change)
        obj = game.obj(ref)
        _until_end_of_turn(
            game, obj, Modification(power=power, toughness=toughness), f"gets {change}"
        )


def _set_base(game: Game, args: dict[str, str]) -> None:
    for ref, value in args.items():
        obj = game.obj(ref)
        _until_end_of_turn(
            game, obj, Modification(set_base=_pt(value)), f"has base power and toughness {value}"
        )


def _counters(game: Game, args: dict[str, dict[str, int]]) -> None:
    for ref, counters in args.items():
        obj = game.obj(ref)
        for name, amount in counters.items():
            obj.counters[name] = max(0, obj.counters.get(name, 0) + amount)
            verb = "gets" if amount >= 0 else "loses"
            rule = "122.1b" if name not in ("+1/+1", "-1/-1", "loyalty") else "122.1"
            game.note(rule, f"{obj.name} {verb} {abs(amount)} {name} counter(s)")


def _remove_from_combat(game: Game, refs: list[str]) -> None:
    for obj in _each(game, refs):
        combat.remove_from_combat(game, obj)


def _destroy(game: Game, refs: list[str]) -> None:
    for obj in _each(game, refs):
        if "indestructible" in game.characteristics(obj).all_keywords:
            game.note("702.12b", f"{obj.name} has indestructible and isn't destroyed")
            continue
        game.note("701.8a", f"{obj.name} is destroyed")
        game.move(obj, "graveyard", rule="701.8a")


def _sacrifice(game: Game, refs: list[str]) -> None:
    for obj in _each(game, refs):
        game.note("701.21a", f"{obj.name} is sacrificed")
        game.move(obj, "graveyard", rule="701.21a")


def _move(game: Game, args: dict[str, str]) -> None:
    for ref, zone in args.items():
        obj = game.obj(ref)
        if not obj.exists:
            game.note("111.8", f"{obj.name} no longer exists and can't return")
            continue
        previous = obj.zone
        game.move(obj, zone)
        game.note("400.7", f"{obj.name} moves from {previous} to {zone} and becomes a new object")


def _deal_damage(game: Game, args: dict[str, Any]) -> None:
    game.deal_damage(game.obj(args["source"]), args["to"], args["amount"])


def _effect(game: Game, args: dict[str, Any]) -> None:
    grant = frozenset(args.get("grant", ()))
    if args.get("same_is_true_for_variants"):
        # 702.1c: granting a keyword grants each of its variants.
        grant = grant.union(*(VARIANTS.get(keyword, frozenset()) for keyword in grant))
    power, toughness = _pt(args["pump"]) if "pump" in args else (0, 0)
    modification = Modification(
        grant=grant,
        lose=frozenset(args.get("lose", ())),
        power=power,
        toughness=toughness,
        set_base=_pt(args["set_base"]) if "set_base" in args else None,
    )
    you = args.get("you", game.turn.active_player)
    target = args["to"]
    if isinstance(target, list):
        affected = _each(game, target)
        game.add_effect(
            modification, you, affected=affected, duration=args.get("until", "end_of_turn")
        )
    else:
        effect = game.add_effect(
            modification, you, filter=_filter(target), duration=args.get("until", "end_of_turn")
        )
        affected = [obj for obj in game.battlefield() if obj.serial in (effect.affected or ())]
    names = ", ".join(obj.name for obj in affected) or "nothing"
    game.note("611.2c", f"an effect resolves; the affected set is locked in: {names}")


def _gain_control(game: Game, args: dict[str, str]) -> None:
    for ref, player in args.items():
        obj = game.obj(ref)
        game.add_effect(
            Modification(controller=player), player, affected=[obj], duration="permanent"
        )
        if game.combat is not None and (
            game.combat.is_attacking(obj.serial) or game.combat.is_blocking(obj.serial)
        ):
            combat.remove_from_combat(game, obj)
        obj.summoning_sick = True
        game.note("506.4", f"{player} gains control of {obj.name}")


def _tap(game: Game, refs: list[str]) -> None:
    for obj in _each(game, refs):
        obj.tapped = True


def _untap(game: Game, refs: list[str]) -> None:
    for obj in _each(game, refs):
        obj.tapped = False


PERFORMERS: dict[str, Callable[[Game, Any], None]] = {
    "attack": _attack,
    "block": _block,
    "damage": _damage,
    "advance": _advance,
    "grant": _grant,
    "lose": _lose,
    "pump": _pump,
    "set_base": _set_base,
    "counters": _counters,
    "remove_from_combat": _remove_from_combat,
    "destroy": _destroy,
    "sacrifice": _sacrifice,
    "move": _move,
    "deal_damage": _deal_damage,
    "effect": _effect,
    "gain_control": _gain_control,
    "tap": _tap,
    "untap": _untap,
}


def perform(game: Game, action: Action) -> None:
    performer = PERFORMERS.get(action.kind)
    if performer is None:  # the format's checks make this unreachable
        raise InvalidInputError(f"{action.key_path}: no action {action.kind!r}")
    performer(game, action.args)
    # 704.3: state-based actions are checked whenever a player would receive priority.
    game.check_state_based_actions()
