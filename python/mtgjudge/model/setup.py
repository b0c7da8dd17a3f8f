"""Builds a game from a described setup: players, the position in the turn,
and objects with their characteristics, status and abilities, in the words
of the protocol (``docs/protocol.md``; the ruling format writes the same)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from mtgjudge.keywords import normalize
from mtgjudge.model import activated, cost, life, replacement, restrictions, targets, triggers
from mtgjudge.model.counters import CounterRule
from mtgjudge.model.effects import (
    AnyFilter,
    Condition,
    Modification,
    ObjectFilter,
    SpellGrant,
    StaticAbility,
)
from mtgjudge.model.game import Game, Player
from mtgjudge.model.objects import BackFace, Face, GameObject, Mode
from mtgjudge.model.timing import (
    Permission,
    Prohibition,
    SpellFilter,
    timing_restriction_from,
)
from mtgjudge.protocol.vocabulary import SETUP_ZONES, starting_life


def pt_change(text: str) -> tuple[int, int]:
    power, toughness = text.split("/")
    return int(power), int(toughness)


def object_filter(spec: dict[str, Any]) -> ObjectFilter:
    return ObjectFilter(
        controller=spec.get("controller", "any"),
        types=frozenset(spec.get("types", ())),
        subtypes=frozenset(spec.get("subtypes", ())),
        colors=frozenset(spec.get("colors", ())),
        other=spec.get("other", False),
        power_at_least=spec.get("power_at_least"),
        keywords=frozenset(normalize(k) for k in spec.get("keywords", ())),
        without_keywords=frozenset(normalize(k) for k in spec.get("without_keywords", ())),
        colorless=spec.get("colorless", False),
        itself=spec.get("itself", False),
        token=spec.get("token"),
        power_equals_toughness=spec.get("power_equals_toughness", False),
        enchanted_or_equipped=spec.get("enchanted_or_equipped", False),
        attacking=spec.get("attacking", False),
        not_subtypes=frozenset(spec.get("not_subtypes", ())),
        with_counters=frozenset(spec.get("with_counters", ())),
        attached_by_source=spec.get("attached_by_source", False),
        tapped=spec.get("tapped"),
        blocking=spec.get("blocking"),
        blocked=spec.get("blocked"),
        blocking_creature=(
            object_filter(spec["blocking_creature"]) if "blocking_creature" in spec else None
        ),
        controller_cast_a_spell_this_turn=spec.get("controller_cast_a_spell_this_turn", False),
        dealt_damage_this_turn=spec.get("dealt_damage_this_turn", False),
        dealt_damage_by_source=spec.get("dealt_damage_by_source", False),
        mana_value_at_most=spec.get("mana_value_at_most"),
        mana_value_at_least=spec.get("mana_value_at_least"),
        not_types=frozenset(spec.get("not_types", ())),
        supertypes=frozenset(spec.get("supertypes", ())),
        not_supertypes=frozenset(spec.get("not_supertypes", ())),
        enchanted=spec.get("enchanted", False),
        controller_dealt_combat_damage_by=(
            (
                object_filter(spec["controller_dealt_combat_damage_by"]["sources"]),
                spec["controller_dealt_combat_damage_by"]["at_least"],
            )
            if "controller_dealt_combat_damage_by" in spec
            else None
        ),
    )


def object_filters(spec: dict[str, Any] | list[dict[str, Any]]) -> ObjectFilter | AnyFilter:
    if isinstance(spec, list):
        return AnyFilter(tuple(object_filter(part) for part in spec))
    return object_filter(spec)


def condition_from(spec: dict[str, Any] | None) -> Condition | None:
    if spec is None:
        return None
    return Condition(
        you_control=object_filter(spec["you_control"]) if "you_control" in spec else None,
        you_control_any=tuple(object_filter(f) for f in spec.get("you_control_any", ())),
        life_above=spec.get("life_above"),
        more_life_than_an_opponent=spec.get("more_life_than_an_opponent", False),
        full_party=spec.get("full_party", False),
        source_untapped=spec.get("source_untapped", False),
        source_has=frozenset(normalize(k) for k in spec.get("source_has", ())),
        source_counters=tuple(sorted(spec.get("source_counters", {}).items())),
        opponent_dealt_damage_this_turn=spec.get("opponent_dealt_damage_this_turn", False),
        source_devoured=spec.get("source_devoured", False),
        entered_this_turn=(
            object_filter(spec["entered_this_turn"]) if "entered_this_turn" in spec else None
        ),
        a_creature_died_this_turn=spec.get("a_creature_died_this_turn", False),
        you_gained_life_this_turn=spec.get("you_gained_life_this_turn"),
        your_turn=spec.get("your_turn", False),
        cards_in_your_graveyard=(
            (
                spell_filter(spec["cards_in_your_graveyard"].get("filter", {})),
                spec["cards_in_your_graveyard"]["at_least"],
                spec["cards_in_your_graveyard"].get("other", False),
            )
            if "cards_in_your_graveyard" in spec
            else None
        ),
    )


def triggered_ability(spec: dict[str, Any]) -> triggers.TriggeredAbility:
    return triggers.TriggeredAbility(
        when=spec["event"],
        filter=object_filter(spec["filter"]) if "filter" in spec else None,
        to=spec.get("to"),
        combat=spec.get("combat", False),
        first_time_each_turn=spec.get("first_time_each_turn", False),
        once_each_turn=spec.get("once_each_turn", False),
        from_zone=spec.get("from_zone"),
        at_least=spec.get("at_least", 1),
        condition=condition_from(spec.get("condition")),
        targets=tuple(spec.get("targets", ())),
        targeting=tuple(targets.spec_from(t) for t in spec.get("targeting", ())),
        actions=tuple(spec.get("do", ())),
        functions_in=spec.get("functions_in", "battlefield"),
        description=spec.get("description", ""),
        modes=tuple(
            triggers.TriggerMode(
                targets=tuple(mode.get("targets", ())),
                targeting=tuple(targets.spec_from(t) for t in mode.get("targeting", ())),
                actions=tuple(mode.get("do", ())),
                description=mode.get("description", ""),
            )
            for mode in spec.get("modes", ())
        ),
    )


def spell_filter(spec: dict[str, Any]) -> SpellFilter:
    return SpellFilter(
        types=frozenset(spec.get("types", ())),
        colors=frozenset(spec.get("colors", ())),
        subtypes=frozenset(spec.get("subtypes", ())),
        mana_value_at_most=spec.get("mana_value_at_most"),
        mana_value_at_least=spec.get("mana_value_at_least"),
        all_types=frozenset(spec.get("all_types", ())),
        any_keyword=frozenset(normalize(k) for k in spec.get("any_keyword", ())),
    )


def damage_filter(
    spec: dict[str, Any],
    to_objects: tuple[tuple[str, int], ...] = (),
    by_objects: tuple[tuple[str, int], ...] = (),
) -> replacement.DamageFilter:
    return replacement.DamageFilter(
        to_players=spec.get("to_players"),
        to_itself=spec.get("to_itself", False),
        to=object_filter(spec["to"]) if "to" in spec else None,
        to_objects=to_objects,
        by_objects=by_objects,
        by_itself=spec.get("by_itself", False),
        by=object_filter(spec["by"]) if "by" in spec else None,
        combat_only=spec.get("combat", False),
    )


def redirection_from(
    spec: dict[str, Any], to_objects: tuple[tuple[str, int], ...] = ()
) -> replacement.Redirection:
    amount = spec.get("amount", "all")
    if isinstance(amount, dict):
        ((kind, value),) = amount.items()
        amount = (kind, value)
    return replacement.Redirection(
        damage=damage_filter(spec, to_objects),
        to=spec.get("instead_to", "itself"),
        amount=amount,
        condition=condition_from(spec.get("condition")),
        description=spec.get("description", ""),
    )


def life_rule(spec: dict[str, Any]) -> life.LifeRule:
    return life.LifeRule(
        players=spec.get("players", "you"),
        cant_gain=spec.get("cant_gain", False),
        cant_lose=spec.get("cant_lose", False),
        damage_causes_no_loss=spec.get("damage_causes_no_loss", False),
        damage_floor=spec.get("damage_floor"),
        condition=condition_from(spec.get("condition")),
        description=spec.get("description", ""),
    )


def counter_rule(spec: dict[str, Any], to_objects: tuple[tuple[str, int], ...] = ()) -> CounterRule:
    """A rule on counters (122.1, 122.1f, 614.1a)."""
    return CounterRule(
        itself=spec.get("itself", False),
        objects=object_filters(spec["objects"]) if "objects" in spec else None,
        players=spec.get("players"),
        to_objects=to_objects,
        kinds=frozenset(spec.get("kinds", ())),
        cant=spec.get("cant", False),
        fewer=spec.get("fewer", 0),
        condition=condition_from(spec.get("condition")),
        description=spec.get("description", ""),
    )


def life_gain_replacement(spec: dict[str, Any]) -> life.LifeGainReplacement:
    return life.LifeGainReplacement(
        players=spec.get("players", "you"),
        by_own_spell_or_ability=spec.get("by_own_spell_or_ability", False),
        lose_instead=spec.get("lose_instead", False),
        times=spec.get("times", 1),
        plus=spec.get("plus", 0),
        condition=condition_from(spec.get("condition")),
        description=spec.get("description", ""),
    )


def prevention_from(
    spec: dict[str, Any],
    to_objects: tuple[tuple[str, int], ...] = (),
    by_objects: tuple[tuple[str, int], ...] = (),
) -> replacement.Prevention:
    amount = spec.get("amount", "all")
    if isinstance(amount, dict):
        ((kind, value),) = amount.items()
        amount = (kind, value)
    return replacement.Prevention(
        damage=damage_filter(spec, to_objects, by_objects),
        amount=amount,
        condition=condition_from(spec.get("condition")),
        description=spec.get("description", ""),
        then_deals=spec.get("then_deals"),
    )


def damage_replacement(spec: dict[str, Any]) -> replacement.DamageReplacement:
    return replacement.DamageReplacement(
        damage=damage_filter(spec),
        times=spec.get("times", 1),
        plus=spec.get("plus", 0),
        counters_instead=spec.get("counters_instead"),
        condition=condition_from(spec.get("condition")),
        description=spec.get("description", ""),
    )


def spell_grant(spec: dict[str, Any]) -> SpellGrant:
    return SpellGrant(
        spells=spell_filter(spec["spells"]),
        keywords=frozenset(normalize(k) for k in spec.get("keywords", ())),
        affinity=tuple(object_filter(quality) for quality in spec.get("affinity", ())),
    )


def static_ability(spec: dict[str, Any], name: str) -> StaticAbility:
    power, toughness = pt_change(spec["pump"]) if "pump" in spec else (0, 0)
    return StaticAbility(
        modification=Modification(
            grant=frozenset(spec.get("grant", ())),
            # 613.1f: "[they] lose [keyword]"; "lose [keyword] and can't have
            # or gain [keyword]".
            lose=frozenset(
                normalize(k) for k in (*spec.get("lose", ()), *spec.get("cant_have", ()))
            ),
            cant_have=frozenset(normalize(k) for k in spec.get("cant_have", ())),
            power=power,
            toughness=toughness,
            # 613.4b: "has base power and toughness 1/1" (layer 7b).
            set_base=pt_change(spec["set_base"]) if "set_base" in spec else None,
            # 613.1d: "[they] are [subtype] in addition to their other types".
            add_subtypes=frozenset(spec.get("add_subtypes", ())),
            # 613.1f: "[it] has '[cost]: [effect]'".
            grant_activated=tuple(
                activated.ability_from(a) for a in spec.get("grant_abilities", ())
            ),
        ),
        filter=object_filters(spec["affects"]),
        condition=condition_from(spec.get("condition")),
        description=f"static ability of {name}",
        combat=restrictions.rule_from(spec),
        times=spec.get("pump_for_each"),
    )


def cost_modifier(spec: dict[str, Any]) -> cost.CostModifier:
    return cost.CostModifier(
        spells=spell_filter(spec.get("spells", {})),
        players=spec.get("players", "you"),
        increase=spec.get("increase"),
        reduce=spec.get("reduce"),
    )


def permission(spec: dict[str, Any]) -> Permission:
    return Permission(
        spells=spell_filter(spec.get("spells", {})),
        as_though_flash=spec.get("as_though_flash", False),
        cast_from=spec.get("cast_from"),
        condition=condition_from(spec.get("condition")),
        players=spec.get("players", "you"),
        without_paying_mana_cost=spec.get("without_paying_mana_cost", False),
    )


def prohibition(spec: dict[str, Any]) -> Prohibition:
    return Prohibition(
        players=spec.get("players", "each"),
        spells=spell_filter(spec["cast"]) if "cast" in spec else None,
        abilities_of=object_filters(spec["activate"]) if "activate" in spec else None,
        during_your_turn=spec.get("during_your_turn", False),
    )


def _modes_to_choose(spec: dict[str, Any]) -> tuple[int, int]:
    """700.2: "choose one" (the default), "choose two" (2), "choose one or
    more" (`{ min = 1, max = N }`)."""
    wanted = spec.get("choose_modes", 1)
    if isinstance(wanted, int):
        return (wanted, wanted)
    return (wanted.get("min", 1), wanted.get("max", len(spec.get("modes", ()))))


def game_object(ref: str, spec: dict[str, Any], zone: str) -> GameObject:
    owner = spec.get("owner", spec.get("controller"))
    types = spec.get("types", ["creature"] if "power" in spec else [])
    name = spec.get("name", ref)
    faces = tuple(
        Face(
            name=face["name"],
            mana_cost=face.get("mana_cost"),
            types=frozenset(face.get("types", ())),
            subtypes=frozenset(face.get("subtypes", ())),
            colors=frozenset(face.get("colors", ())),
            resolve=tuple(face.get("resolve", ())),
        )
        for face in spec.get("faces", ())
    )
    counters = Counter(spec.get("counters", {}))
    if "loyalty" in spec and "loyalty" not in counters and zone == "battlefield":
        # 306.5b: it entered with its printed loyalty (a card elsewhere has none).
        counters["loyalty"] = spec["loyalty"]
    return GameObject(
        ref=ref,
        name=" // ".join(face.name for face in faces) if faces and "name" not in spec else name,
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
        affinity=tuple(object_filter(quality) for quality in spec.get("affinity", ())),
        statics=tuple(static_ability(static, name) for static in spec.get("statics", ())),
        permissions=tuple(permission(p) for p in spec.get("permissions", ())),
        prohibits=tuple(prohibition(p) for p in spec.get("prohibits", ())),
        cost_modifiers=tuple(cost_modifier(m) for m in spec.get("cost_modifiers", ())),
        spell_grants=tuple(spell_grant(g) for g in spec.get("spells_you_cast_have", ())),
        players_have=tuple(
            targets.PlayerKeywords(
                g.get("players", "you"), frozenset(normalize(k) for k in g["keywords"])
            )
            for g in spec.get("players_have", ())
        ),
        preventions=tuple(prevention_from(p) for p in spec.get("prevents", ())),
        unpreventable=tuple(damage_filter(d) for d in spec.get("unpreventable", ())),
        damage_replacements=tuple(damage_replacement(m) for m in spec.get("modifies_damage", ())),
        redirections=tuple(redirection_from(r) for r in spec.get("redirects", ())),
        replaces_draw=tuple(
            (
                entry.get("players", "you"),
                tuple(entry["instead"]),
                condition_from(entry.get("condition")),
                entry.get("description", ""),
            )
            for entry in spec.get("replaces_draw", ())
        ),
        life_rules=(
            *(life_rule(r) for r in spec.get("life_rules", ())),
            *(life_gain_replacement(r) for r in spec.get("replaces_life_gain", ())),
        ),
        counter_rules=tuple(counter_rule(r) for r in spec.get("counter_rules", ())),
        counter_limits=tuple(sorted(spec.get("max_counters", {}).items())),
        mana_for_counters=tuple(
            cost.ManaForCounters(spell_filter(m["spells"]), m.get("counter", "+1/+1"))
            for m in spec.get("mana_for_counters", ())
        ),
        triggers=tuple(
            # 114.4: an emblem's abilities function in the command zone.
            replace(triggered_ability(t), functions_in="command")
            if spec.get("emblem")
            else triggered_ability(t)
            for t in spec.get("triggers", ())
        ),
        activated=tuple(activated.ability_from(a) for a in spec.get("abilities", ())),
        resolve=tuple(spec.get("resolve", ())),
        flash_if=condition_from(spec.get("flash_if")),
        cast_only_if=spec.get("cast_only_if"),
        cast_only=timing_restriction_from(spec.get("cast_only")),
        power_is=spec.get("power_is"),
        costs_less_for_each=(
            (spec["costs_less_for_each"]["amount"], spec["costs_less_for_each"]["for_each"])
            if "costs_less_for_each" in spec
            else None
        ),
        flash_for_extra_cost=spec.get("flash_for_extra_cost"),
        ninjutsu=spec.get("ninjutsu"),
        devour=spec.get("devour"),
        devour_quality=(
            object_filter(spec["devour_quality"]) if "devour_quality" in spec else None
        ),
        modes=tuple(
            Mode(
                tuple(mode.get("resolve", ())),
                mode.get("targets"),
                mode.get("description", ""),
                tuple(targets.spec_from(t) for t in mode.get("targeting", ())),
            )
            for mode in spec.get("modes", ())
        ),
        targeting=tuple(targets.spec_from(t) for t in spec.get("targeting", ())),
        modes_to_choose=_modes_to_choose(spec),
        divides=(
            (spec["divides"]["counter"], spec["divides"]["amount"]) if "divides" in spec else None
        ),
        entwine=spec.get("entwine"),
        kicker=spec.get("kicker"),
        enters=(
            spec.get("enters", {}).get("tapped", False),
            tuple(sorted(spec.get("enters", {}).get("counters", {}).items())),
        ),
        cant_enter=tuple(object_filter(f) for f in spec.get("cant_enter", ())),
        as_enters_choose=(
            (
                spec["as_enters_choose"]["name"],
                {
                    anchor: (
                        frozenset(normalize(k) for k in option.get("grant", ())),
                        *pt_change(option.get("pump", "+0/+0")),
                    )
                    for anchor, option in spec["as_enters_choose"]["options"].items()
                },
            )
            if "as_enters_choose" in spec
            else None
        ),
        others_enter=tuple(
            (
                object_filter(entry["filter"]),
                entry.get("tapped", False),
                tuple(sorted(entry.get("counters", {}).items())),
            )
            for entry in spec.get("others_enter", ())
        ),
        if_kicked_counters=tuple(sorted(spec.get("if_kicked", {}).get("counters", {}).items())),
        if_kicked_keywords=frozenset(
            normalize(k) for k in spec.get("if_kicked", {}).get("keywords", ())
        ),
        sacrifice_cost=(
            object_filter({**spec["sacrifice_as_cost"], "controller": "you"})
            if "sacrifice_as_cost" in spec
            else None
        ),
        token=spec.get("token", False),
        tapped=spec.get("tapped", False),
        damage=spec.get("damage", 0),
        counters=counters,
        summoning_sick=spec.get("summoning_sick", False),
        block_limit=spec.get("block_limit", 1),
        regeneration_shields=spec.get("regeneration_shields", 0),
        emblem=spec.get("emblem", False),
        additional_land_plays=spec.get("additional_land_plays", 0),
        instead_of_graveyard=spec.get("instead_of_graveyard"),
        back=(
            BackFace(
                name=spec["back_face"]["name"],
                types=frozenset(spec["back_face"].get("types", types)),
                subtypes=frozenset(spec["back_face"].get("subtypes", ())),
                colors=frozenset(spec["back_face"].get("colors", ())),
                power=spec["back_face"].get("power"),
                toughness=spec["back_face"].get("toughness"),
                keywords=frozenset(normalize(k) for k in spec["back_face"].get("keywords", ())),
            )
            if "back_face" in spec
            else None
        ),
        transformed=spec.get("transformed", False),
        devoured=spec.get("devoured", 0),
    )


def build_game(setup: dict[str, Any]) -> Game:
    """A game in the state a setup describes."""
    teams = setup.get("teams", [])
    players = [
        Player(entry, starting_life(setup, entry))
        if isinstance(entry, str)
        else Player(entry["name"], entry.get("life", starting_life(setup, entry["name"])))
        for entry in setup["players"]
    ]
    game = Game(
        players,
        setup.get("active_player", players[0].name),
        setup.get("step", "precombat_main"),
    )
    game.day_night = setup.get("day_night")
    for entry in setup["players"]:
        if isinstance(entry, dict) and "mana" in entry:
            game.players[entry["name"]].mana_pool = cost.parse_pool(entry["mana"])
        if isinstance(entry, dict) and entry.get("poison"):
            # 122.1f: poison counters the player already has.
            game.players[entry["name"]].poison = entry["poison"]
        if isinstance(entry, dict) and "dungeons_completed" in entry:
            game.players[entry["name"]].dungeons_completed = tuple(entry["dungeons_completed"])
    if teams:
        game.form_teams(teams)
    for zone in SETUP_ZONES:
        for ref, spec in setup.get(zone, {}).items():
            game.add_object(game_object(ref, spec, zone))
    for zone in SETUP_ZONES:
        for ref, spec in setup.get(zone, {}).items():
            if "attached_to" in spec:
                game.obj(ref).attached_to = game.obj(spec["attached_to"]).serial
    return game
