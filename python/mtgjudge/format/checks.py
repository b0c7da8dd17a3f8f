"""The checks of a ruling that its shape alone can't make: names that must
exist, combinations of keys, mana costs, triggered abilities."""

from __future__ import annotations

import sys
from typing import Any

from mtgjudge.format.formula import is_formula
from mtgjudge.format.schema import STATIC_DEPENDENT_KEYS
from mtgjudge.format.spec import (
    NUMBER_BOUND,
    NUMBER_BOUND_REASON,
    FormatProblem,
    Names,
    join,
)
from mtgjudge.protocol import vocabulary as words
from mtgjudge.protocol.vocabulary import (
    CHOSEN,
    SETUP_ZONES,
    THAT_CREATURE,
    THAT_MUCH,
)

if sys.version_info >= (3, 11):
    pass
else:  # pragma: no cover - exercised on Python < 3.11 only
    pass

# ----- checks the shape alone can't make -----


def _setup_names(setup: dict[str, Any]) -> tuple[set[str], set[str]]:
    players = set()
    for entry in setup["players"]:
        players.add(entry if isinstance(entry, str) else entry["name"])
    objects: set[str] = set()
    for zone in SETUP_ZONES:
        for ref in setup.get(zone, {}):
            if ref in objects:
                raise FormatProblem(
                    join(join("setup", zone), ref),
                    "an object of this name is already in another zone",
                )
            objects.add(ref)
    return players, objects


def _check_teams(setup: dict[str, Any], players: set[str]) -> None:
    """810.1, 810.11: equally sized teams with every player on one; 810.4,
    810.10: teammates give the same life total and poison counters."""
    teams = setup["teams"]
    problem = words.seating_problem(players, teams)
    if problem is not None:
        raise FormatProblem("setup.teams", problem)
    entries = {entry["name"]: entry for entry in setup["players"] if isinstance(entry, dict)}
    for index, team in enumerate(teams):
        totals = {
            # Life not given is the team's starting total; poison none.
            "life": {entries.get(n, {}).get("life", words.starting_life(setup, n)) for n in team},
            "poison": {entries.get(n, {}).get("poison", 0) for n in team},
        }
        for key, values in totals.items():
            if len(values) > 1:
                raise FormatProblem(
                    f"setup.teams[{index}].{key}",
                    f"expected the same {key} for each player of the team, which shares it "
                    "(810.4, 810.10)",
                )


def check_meaning(ruling: dict[str, Any]) -> Names:
    source = ruling["source"]
    if "cards" not in source and "rule" not in source:
        raise FormatProblem("source", "expected `cards` (with dates) or `rule`")
    setup = ruling["setup"]
    players, objects = _setup_names(setup)
    if len(players) != len(setup["players"]):
        raise FormatProblem("setup.players", "player names must be distinct")
    if "teams" in setup:
        _check_teams(setup, players)
    for zone in SETUP_ZONES:
        for ref, obj in setup.get(zone, {}).items():
            path = join(join("setup", zone), ref)
            if zone == "battlefield" and "controller" not in obj:
                raise FormatProblem(
                    join(path, "controller"), "missing required key for a permanent"
                )
            if zone != "battlefield" and "owner" not in obj and "controller" not in obj:
                raise FormatProblem(join(path, "owner"), "missing required key for a card")
            if ("power" in obj) != ("toughness" in obj):
                raise FormatProblem(path, "expected both power and toughness, or neither")
            _check_cost_words(obj, path)
            if "devour_quality" in obj and "devour" not in obj:
                raise FormatProblem(
                    join(path, "devour_quality"), "a quality to devour needs `devour`: its N"
                )
            if (zone == "command") != bool(obj.get("emblem")):
                raise FormatProblem(
                    join(path, "emblem"),
                    "the command zone holds emblems (`emblem = true`), and an emblem is in the "
                    "command zone (114.1)",
                )
            if obj.get("emblem"):
                for key in ("types", "subtypes", "supertypes", "colors", "mana_cost", "power"):
                    if key in obj:
                        raise FormatProblem(
                            join(path, key),
                            "an emblem has no characteristics other than its abilities (114.3)",
                        )
    for zone in SETUP_ZONES:
        for ref, obj in setup.get(zone, {}).items():
            path = join(join("setup", zone), ref)
            if ref in (THAT_CREATURE, CHOSEN):
                raise FormatProblem(path, f"{ref!r} is reserved for triggered abilities")
            for j, trigger in enumerate(obj.get("triggers", ())):
                _check_trigger(trigger, join(join(path, "triggers"), j))
            for j, change in enumerate(obj.get("modifies_damage", ())):
                ways = [key for key in ("times", "plus", "counters_instead") if key in change]
                if not ways or ("counters_instead" in ways and len(ways) > 1):
                    raise FormatProblem(
                        join(join(path, "modifies_damage"), j),
                        "expected `times` or `plus`, or else `counters_instead`: how the "
                        "damage changes",
                    )
            for where, prevent in _tables_under(obj, "prevent", path):
                amount = prevent.get("amount")
                if isinstance(amount, dict) and "shield" in amount and "to" in prevent:
                    raise FormatProblem(
                        join(where, "to"),
                        "a shield protects the players and objects it names (615.7); for each "
                        "permanent that fits, give `to_objects` a FILTER (615.11)",
                    )
            for j, static in enumerate(obj.get("statics", ())):
                _check_combat_rule(static, join(join(path, "statics"), j), static=True)
                # One that only restricts attacking or blocking changes no
                # characteristic, so nothing depends on its result.
                changes = any(
                    key in static for key in ("grant", "pump", "add_subtypes", "cant_have")
                )
                looks_at = [
                    key
                    for key in STATIC_DEPENDENT_KEYS
                    if changes and _mentions_key(_without_keyword_filter(static), key)
                ]
                if "add_subtypes" in static:
                    looks_at += [
                        key
                        for key in ("subtypes", "not_subtypes")
                        if _mentions_key(static.get("affects"), key)
                    ]
                if looks_at:
                    raise FormatProblem(
                        join(join(path, "statics"), j),
                        f"a static ability that looks at {looks_at[0]} depends on other "
                        "abilities' effects (613.8), which the model doesn't order",
                    )
            _check_choice_names(obj, path)
            for j, ability in enumerate(obj.get("abilities", ())):
                where = join(join(path, "abilities"), j)
                outer = _outer(ability.get("do"))
                if any(_mentions(outer, word) for word in _EVENT_WORDS):
                    raise FormatProblem(
                        join(where, "do"),
                        "an activated ability has no trigger event: no `that_creature` or "
                        "`that_much`",
                    )
                if _mentions_key(ability.get("do"), "distribute") and "divides" not in ability:
                    raise FormatProblem(
                        join(where, "do"),
                        "`distribute` puts the counters the ability divides: give `divides`",
                    )
                if "divides" in ability and "targeting" not in ability:
                    raise FormatProblem(
                        join(where, "divides"), "an ability divides among its targets (`targeting`)"
                    )
                _check_choice_actions(_outer(ability["do"]), join(where, "do"), {}, chosen_ok=False)
            spell_divides = (
                ("abilities", "resolve", "modes", "faces") if "divides" in obj else ("abilities",)
            )
            for key, allowed in (
                ("choose_one", ("abilities", "triggers")),
                ("distribute", spell_divides),
            ):
                for where, _ in _tables_under(
                    {k: v for k, v in obj.items() if k not in allowed}, key, path
                ):
                    raise FormatProblem(
                        where,
                        f"`{key}` is for the actions of "
                        + " or ".join(f"`{part}`" for part in allowed)
                        + ("" if key != "distribute" else ", or of a spell that `divides`"),
                    )
            owned: dict[str, str] = {}
            for where, specs in _tables_under(obj, "targeting", path):
                _check_targeting(specs, where)
                for j, spec in enumerate(specs):
                    role = spec["role"]
                    spell_part = where.startswith((join(path, "targeting"), join(path, "modes")))
                    if role in owned and spell_part:
                        raise FormatProblem(
                            join(join(where, j), "role"),
                            f"the role {role!r} is also a role at {owned[role]}; the roles of "
                            "one spell (and of all its modes) differ",
                        )
                    if spell_part:
                        owned.setdefault(role, where)
            for j, mode in enumerate(obj.get("modes", ())):
                if "targets" in mode and "targeting" in mode:
                    raise FormatProblem(
                        join(join(join(path, "modes"), j), "targeting"),
                        "give the mode's targets as a number (`targets`) or as requirements "
                        "(`targeting`), not both",
                    )
            for j, trigger in enumerate(obj.get("triggers", ())):
                if "targeting" in trigger and "targets" not in trigger:
                    raise FormatProblem(
                        join(join(join(path, "triggers"), j), "targeting"),
                        "expected the targets it chooses as it is put on the stack (`targets`)",
                    )
            for where, granted in _tables_under(obj, "grant_triggers", path):
                for j, trigger in enumerate(granted if isinstance(granted, list) else ()):
                    _check_trigger(trigger, join(where, j))
            for where, created in _tables_under(obj, "create_trigger", path):
                _check_trigger(created, where)
                if _mentions_key(created.get("do"), "create_trigger"):
                    raise FormatProblem(
                        join(where, "do"),
                        "a created triggered ability can't create another (not modelled)",
                    )
                if "object" in created and created["event"] not in ("becomes_blocked", "dies"):
                    raise FormatProblem(
                        join(where, "object"),
                        f"the event {created['event']!r} isn't about one object",
                    )
                if created["event"] in ("becomes_blocked", "dies") and "object" not in created:
                    raise FormatProblem(
                        where, f"expected the object that the event {created['event']!r} is about"
                    )
            _check_spell_actions(obj.get("resolve", ()), join(path, "resolve"))
            for j, face in enumerate(obj.get("faces", ())):
                _check_spell_actions(
                    face.get("resolve", ()), join(join(join(path, "faces"), j), "resolve")
                )
            for key in ("choose_modes", "entwine"):
                if key in obj and "modes" not in obj:
                    raise FormatProblem(join(path, key), "is for a modal spell (with `modes`)")
            if obj.get("transformed") and "back_face" not in obj:
                raise FormatProblem(
                    join(path, "transformed"), "a transformed permanent needs its `back_face`"
                )
            if "if_kicked" in obj and "kicker" not in obj:
                raise FormatProblem(join(path, "if_kicked"), "expected its kicker cost (`kicker`)")
            if "modes" in obj:
                for other in ("resolve", "faces"):
                    if other in obj:
                        raise FormatProblem(
                            join(path, other),
                            "a modal spell does what its chosen mode says (700.2): give each "
                            "mode's `resolve` in `modes`, not `" + other + "`",
                        )
                for j, mode in enumerate(obj["modes"]):
                    _check_spell_actions(
                        mode.get("resolve", ()), join(join(join(path, "modes"), j), "resolve")
                    )
    seen_probes: set[str] = set()
    for i, probe in enumerate(ruling["probe"]):
        if _mentions(probe.get("actions"), THAT_MUCH):
            raise FormatProblem(
                join(join("probe", i), "actions"),
                f"{THAT_MUCH!r} is for a triggered ability's actions only",
            )
        for word, key in words.COST_WORDS.items():
            if _mentions(probe.get("actions"), word):
                raise FormatProblem(
                    join(join("probe", i), "actions"),
                    f"{word!r} is for an activated ability with `{key}`",
                )
        if probe["id"] in seen_probes:
            raise FormatProblem(join(join("probe", i), "id"), f"duplicate probe id {probe['id']!r}")
        seen_probes.add(probe["id"])
        for j, action in enumerate(probe.get("actions", ())):
            path = join(join(join("probe", i), "actions"), j)
            if _mentions_key(action, "create_trigger"):
                raise FormatProblem(
                    path, "`create_trigger` is for a spell's or an ability's instructions only"
                )
            if "cast" in action:
                _check_cast_targets(setup, action["cast"], join(path, "cast"))
                _check_cast_choices(setup, action["cast"], join(path, "cast"))
                for key in ("choose", "may"):
                    if _mentions_key(action["cast"].get("during"), key):
                        raise FormatProblem(
                            join(join(path, "cast"), "during"),
                            f"`{key}` is for a triggered ability's actions only",
                        )
            if "ninjutsu" in action:
                for ninja in action["ninjutsu"]:
                    card = next(
                        (setup[z][ninja] for z in SETUP_ZONES if ninja in setup.get(z, {})), {}
                    )
                    if "ninjutsu" not in card:
                        raise FormatProblem(
                            join(join(path, "ninjutsu"), ninja),
                            f"{ninja!r} has no ninjutsu ability (its `ninjutsu` cost)",
                        )
            if "choose_on_resolution" in action:
                if j == len(probe["actions"]) - 1:
                    raise FormatProblem(
                        path,
                        "`choose_on_resolution` gives choices for the probe's next action; "
                        "none follows it",
                    )
                _check_choose_on_resolution(
                    setup, action["choose_on_resolution"], join(path, "choose_on_resolution")
                )
    tokens = _token_names(ruling, "")
    for ref, path in tokens.items():
        if ref in objects or ref == THAT_CREATURE:
            raise FormatProblem(path, f"{ref!r} is already the name of an object in the setup")
    roles: set[str] = set()
    for where, specs in _tables_under(setup, "targeting", "setup"):
        for j, spec in enumerate(specs if isinstance(specs, list) else ()):
            role = spec.get("role") if isinstance(spec, dict) else None
            if (
                role in objects
                or role in players
                or role in tokens
                or role in (THAT_CREATURE, CHOSEN, "targets")
            ):
                raise FormatProblem(
                    join(join(where, j), "role"),
                    f"{role!r} is already the name of an object or player; a role needs a name of "
                    "its own",
                )
            if isinstance(role, str):
                roles.add(role)
    _check_mana_costs(ruling)
    _check_damage_recipients(ruling)
    _check_mana_pools(ruling)
    for where, created in _tables_under(ruling, "create_token", ""):
        for ref, spec in created.items() if isinstance(created, dict) else ():
            if isinstance(spec, dict) and "attacking" in spec and "blocking" in spec:
                raise FormatProblem(
                    join(where, ref), "a permanent enters attacking or blocking, not both"
                )
    for where, put in _tables_under(ruling, "put_onto_battlefield", ""):
        if isinstance(put, dict) and "attacking" in put and "blocking" in put:
            raise FormatProblem(where, "a permanent enters attacking or blocking, not both")
    for where, restrict in _tables_under(ruling, "restrict", ""):
        if isinstance(restrict, dict):
            _check_combat_rule(restrict, where, static=False)
    _check_effects(setup, "setup", has_source=True)
    for i, probe in enumerate(ruling["probe"]):
        # A probe's own effect has no source to look at.
        _check_effects(
            probe.get("actions", ()), join(join("probe", i), "actions"), has_source=False
        )
    # A role stands for the targets chosen for it, in the actions of the
    # spell or ability that has it.
    return Names(
        frozenset(players | {role for role in roles if role[:1].isupper()}),
        frozenset(objects | set(tokens) | {role for role in roles if role[:1].islower()}),
    )


#: Keys whose strings are mana costs as printed (107.4).
MANA_COST_KEYS = (
    "mana_cost",
    "increase",
    "reduce",
    "flash_for_extra_cost",
    "ninjutsu",
    "entwine",
    "kicker",
    "alternative_cost",
    "additional_costs",
)


def _check_damage_recipients(ruling: dict[str, Any]) -> None:
    """Damage is dealt to something (120.3): `deal_damage` names a recipient."""
    for part in ("setup", "probe"):
        for where, value in _tables_under(ruling[part], "deal_damage", part):
            if isinstance(value, dict) and not {"to", "to_players", "to_each"} & set(value):
                raise FormatProblem(
                    where, "expected `to`, `to_players` or `to_each`: what is dealt the damage"
                )
            if (
                isinstance(value, dict)
                and "source" not in value
                and part == "probe"
                and not _inside_resolve(where)
            ):
                raise FormatProblem(
                    join(where, "source"),
                    "missing required key: a probe's own `deal_damage` names its source",
                )


def _inside_resolve(path: str) -> bool:
    """Whether a key path is inside a spell's or ability's instructions."""
    return any(word in path for word in (".resolve", ".do", ".triggers", ".abilities"))


def _check_mana_costs(ruling: dict[str, Any]) -> None:
    """Every mana cost parses, so a typo fails the file, not a probe."""
    found = [
        (where, value)
        for part in ("setup", "probe")
        for key in MANA_COST_KEYS
        for where, value in _tables_under(ruling[part], key, part)
    ]
    found += [
        (join(where, "amount"), value.get("amount"))
        for where, value in _tables_under(ruling["setup"], "costs_less_for_each", "setup")
    ]
    for where, value in found:
        for index, text in enumerate(value) if isinstance(value, list) else [(None, value)]:
            if not isinstance(text, str) or is_formula(text):
                continue
            path = where if index is None else join(where, index)
            symbols = _mana_symbols(text, path, 'expected a mana cost such as "{2}{W}"')
            for symbol, amount in symbols:
                if amount > NUMBER_BOUND:
                    raise FormatProblem(
                        path,
                        f"expected at most {NUMBER_BOUND:,} of each mana symbol, found "
                        f"{amount:,} of {symbol} ({NUMBER_BOUND_REASON})",
                    )


#: The mana a pool holds: one type per symbol (106.1, 106.4).
MANA_TYPES = ("{W}", "{U}", "{B}", "{R}", "{G}", "{C}")


def _mana_symbols(text: str, path: str, expected: str) -> list[tuple[str, int]]:
    """The symbols of a mana cost as the kernel reads it, each with its count."""
    from mtgjudge import _core
    from mtgjudge.errors import InvalidInputError

    try:
        return list(_core.ManaCost(text).symbols)
    except (InvalidInputError, OverflowError, ValueError) as error:
        raise FormatProblem(path, f"{expected}: {error}") from None


def _check_mana_pools(ruling: dict[str, Any]) -> None:
    """A player's `mana`, and an expected pool, are mana of the six types
    (106.4): "{G}{G}{W}", never generic, hybrid or X."""
    pools = [
        (join(join("setup.players", i), "mana"), entry["name"], entry["mana"])
        for i, entry in enumerate(ruling["setup"]["players"])
        if isinstance(entry, dict) and "mana" in entry
    ]
    for i, probe in enumerate(ruling["probe"]):
        for player, text in probe["expect"].get("mana_pool", {}).items():
            pools.append(
                (join(join(join(join("probe", i), "expect"), "mana_pool"), player), player, text)
            )
    for path, player, text in pools:
        if is_formula(text):
            continue
        expected = (
            f"{player}'s mana pool: expected mana symbols of one type each "
            f'({" ".join(MANA_TYPES)}), such as "{{G}}{{G}}{{W}}"'
        )
        for symbol, amount in _mana_symbols(text, path, expected):
            if symbol not in MANA_TYPES:
                raise FormatProblem(path, f"{expected}; found {symbol} in {text!r}")
            if amount > NUMBER_BOUND:
                raise FormatProblem(
                    path, f"{expected}; found {amount:,} {symbol} ({NUMBER_BOUND_REASON})"
                )


def _check_effects(node: Any, path: str, *, has_source: bool) -> None:
    """What the shape of an `effect` can't say."""
    for where, effect in _tables_under(node, "effect", path):
        if not isinstance(effect, dict):
            continue
        if effect.get("to") == "blocked_by_targets" and not has_source:
            raise FormatProblem(
                join(where, "to"), '"blocked_by_targets" is for a resolving spell\'s effect'
            )
        if "only" in effect and isinstance(effect.get("to"), dict):
            raise FormatProblem(
                join(where, "only"),
                "`only` narrows named objects or targets; with a filter, say it in the filter",
            )
        if "creature" in effect.get("add_types", ()) and "set_base" not in effect:
            raise FormatProblem(
                join(where, "add_types"),
                "an object that becomes a creature needs base power and toughness: `set_base`",
            )
        looks_at_source = [
            key
            for key in ("source_untapped", "source_has", "source_counters")
            if _mentions_key(effect.get("condition"), key)
        ]
        if looks_at_source and not has_source:
            raise FormatProblem(
                join(join(where, "condition"), looks_at_source[0]),
                "a probe's own effect has no source to look at; put it in a spell or ability",
            )


#: Placeholders for what a trigger event is about.
_EVENT_WORDS = (THAT_CREATURE, THAT_MUCH, "that_power", "that_toughness")


def _check_spell_actions(actions: Any, path: str) -> None:
    """What a spell does as it resolves: `that_much` is what an earlier
    `remove_counters` removed (608.2c); a created ability is checked as a
    triggered ability."""
    counted = False
    for j, action in enumerate(actions):
        where = join(path, j)
        for key in ("choose", "may", "when_you_do"):
            if key in action:
                raise FormatProblem(
                    join(where, key),
                    f"`{key}` is for a triggered ability's actions; the choices made as a "
                    "spell resolves are the resolve action's `choose` (608.2d)",
                )
        if _mentions(_outer(action), CHOSEN) and "create_trigger" not in action:
            raise FormatProblem(where, f"{CHOSEN!r} is for the actions of a `choose` only")
        if "create_trigger" in action:
            trigger = action["create_trigger"]
            _check_trigger(trigger, join(where, "create_trigger"))
            if _mentions_key(trigger.get("do"), "create_trigger"):
                raise FormatProblem(
                    join(join(where, "create_trigger"), "do"),
                    "a created triggered ability can't create another (not modelled)",
                )
        elif _mentions(_outer(action), THAT_MUCH) and not counted:
            raise FormatProblem(
                where,
                f"{THAT_MUCH!r} in a spell's instructions is how many counters an earlier "
                "`remove_counters` removed (“that many”); none comes before it. Otherwise "
                f"{THAT_MUCH!r} is for a triggered ability's actions only",
            )
        for word in ("that_power", "that_toughness"):
            if _mentions(_outer(action), word) and "create_trigger" not in action:
                raise FormatProblem(
                    where, f"{word!r} is for a triggered ability whose event has a “that creature”"
                )
        counted = counted or "remove_counters" in action


def _choices_offered(obj: dict[str, Any], path: str) -> list[tuple[str, str, str]]:
    """The choices an object's abilities offer as they resolve: (name,
    "choose" or "may", key path)."""
    return [
        # "As [this] enters, choose [A] or [B]" (614.12c) is chosen by name too.
        (table["name"], "choose_one" if key == "as_enters_choose" else key, where)
        for key in ("choose", "may", "choose_one", "as_enters_choose")
        for where, table in _tables_under(obj, key, path)
        if isinstance(table, dict) and "name" in table
    ] + [("scry", "scry", where) for where, _ in _tables_under(obj, "scry", path)][:1]


def _check_choice_names(obj: dict[str, Any], path: str) -> None:
    """`choose_on_resolution` names a choice by its source and its name, so
    the names in one object's abilities differ."""
    seen: set[str] = set()
    for name, _key, where in _choices_offered(obj, path):
        if name in seen:
            raise FormatProblem(
                join(where, "name"),
                f"the choice name {name!r} is used twice in this object's abilities; "
                "`choose_on_resolution` tells them apart by name",
            )
        seen.add(name)


def _check_choose_on_resolution(setup: dict[str, Any], given: dict[str, Any], path: str) -> None:
    """Each choice names a `choose` (a list of permanents) or a `may` (true
    or false) in the triggered abilities of an object of the setup."""
    for ref, choices in given.items():
        obj = next((setup[zone][ref] for zone in SETUP_ZONES if ref in setup.get(zone, {})), None)
        offered = {name: key for name, key, _ in _choices_offered(obj or {}, "")}
        if not offered:
            raise FormatProblem(
                join(path, ref),
                f"expected an object whose abilities offer choices as they resolve (`choose` "
                f"or `may`); {ref!r} has none",
            )
        for name, value in choices.items():
            where = join(join(path, ref), name)
            if name not in offered:
                raise FormatProblem(
                    where,
                    f"expected one of the choices {ref}'s abilities offer: "
                    + ", ".join(sorted(offered)),
                )
            if offered[name] == "may" and not isinstance(value, bool):
                raise FormatProblem(where, f"{name!r} is a `may`: expected true or false")
            if offered[name] == "scry" and not isinstance(value, list):
                raise FormatProblem(
                    where, "the cards put on the bottom of the library as it scries: a list"
                )
            if offered[name] == "choose" and not isinstance(value, list):
                raise FormatProblem(
                    where, f"{name!r} is a `choose`: expected a list of the permanents chosen"
                )
            if offered[name] == "choose_one" and not isinstance(value, str):
                raise FormatProblem(
                    where, f"{name!r} is a `choose_one`: expected the name of the option chosen"
                )


def _check_choice_actions(
    actions: Any, path: str, trigger: dict[str, Any], *, chosen_ok: bool
) -> None:
    """`chosen` only in a `choose`'s actions; a target player chooses only
    if the ability targets one."""
    for j, action in enumerate(actions):
        where = join(path, j)
        if "choose" in action:
            choose = action["choose"]
            if ("among" in choose) == ("cards" in choose):
                raise FormatProblem(
                    join(where, "choose"),
                    "expected what may be chosen: permanents (`among`) or cards (`cards`)",
                )
            player_targets = [t for t in trigger.get("targets", ()) if t[:1].isupper()]
            if choose.get("chooser") == "target" and not player_targets:
                raise FormatProblem(
                    join(join(where, "choose"), "chooser"),
                    "expected the ability to target a player (`targets`): a target player chooses",
                )
            if _mentions(choose.get("among"), CHOSEN):
                raise FormatProblem(
                    join(join(where, "choose"), "among"),
                    f"{CHOSEN!r} is for the `choose`'s actions",
                )
            _check_choice_actions(
                choose["do"], join(join(where, "choose"), "do"), trigger, chosen_ok=True
            )
        elif "may" in action:
            _check_choice_actions(
                action["may"]["do"], join(join(where, "may"), "do"), trigger, chosen_ok=chosen_ok
            )
        elif not chosen_ok and _mentions(action, CHOSEN):
            raise FormatProblem(
                where,
                f"{CHOSEN!r} stands for the permanents a `choose` chose: only its `do` may use it",
            )


def _check_cast_targets(setup: dict[str, Any], cast: dict[str, Any], path: str) -> None:
    """A fused split spell's targets are given by half (702.102d)."""
    targets = cast.get("targets")
    if isinstance(targets, list):
        card = next(
            (
                setup[zone][cast["card"]]
                for zone in SETUP_ZONES
                if cast["card"] in setup.get(zone, {})
            ),
            {},
        )
        roles = _target_roles(card, cast)
        if len(roles) > 1 and targets:
            raise FormatProblem(
                join(path, "targets"),
                f"{cast['card']!r} has several targets ({', '.join(roles)}): give them by role, "
                f"such as {{ {roles[0]} = [...] }}",
            )
        if cast.get("fuse") and targets:
            raise FormatProblem(
                join(path, "targets"),
                "a fused split spell's targets are given by half, such as "
                '{ Give = ["bear"], Take = ["bear"] }',
            )
        return
    if targets is None:
        return
    card = next(
        (setup[zone][cast["card"]] for zone in SETUP_ZONES if cast["card"] in setup.get(zone, {})),
        {},
    )
    roles = _target_roles(card, cast)
    if roles and not cast.get("fuse"):
        for role in targets:
            if role not in roles:
                raise FormatProblem(
                    join(join(path, "targets"), role),
                    f"expected a role of {cast['card']!r}'s targets: {', '.join(roles)}",
                )
        return
    if not cast.get("fuse"):
        raise FormatProblem(
            join(path, "targets"),
            "targets by half are for a fused split spell (with `fuse = true`), and by role for "
            "a spell with `targeting`; otherwise a list",
        )
    halves = [face["name"] for face in card.get("faces", ())]
    for half in targets:
        if half not in halves:
            raise FormatProblem(
                join(join(path, "targets"), half),
                f"expected a half of {cast['card']!r}: {' or '.join(halves) or 'it has none'}",
            )


def _check_cast_choices(setup: dict[str, Any], cast: dict[str, Any], path: str) -> None:
    """A mode only for a modal spell, and one it has (700.2a); a permanent to
    sacrifice only for a spell with that additional cost (118.8)."""
    card = next(
        (setup[zone][cast["card"]] for zone in SETUP_ZONES if cast["card"] in setup.get(zone, {})),
        {},
    )
    modes = card.get("modes", ())
    if ("mode" in cast or cast.get("entwine")) and not modes:
        raise FormatProblem(
            join(path, "mode" if "mode" in cast else "entwine"),
            f"{cast['card']!r} is not a modal spell (it has no `modes`)",
        )
    if "mode" in cast:
        chosen = cast["mode"] if isinstance(cast["mode"], list) else [cast["mode"]]
        for number in chosen:
            if isinstance(number, int) and number > len(modes):
                raise FormatProblem(
                    join(path, "mode"),
                    f"expected a mode of {cast['card']!r}: 1 to {len(modes)}, found {number}",
                )
        if cast.get("entwine"):
            raise FormatProblem(
                join(path, "mode"), "an entwined spell has every mode (702.42a): give no `mode`"
            )
    if "sacrifice" in cast and "sacrifice_as_cost" not in card:
        raise FormatProblem(
            join(path, "sacrifice"),
            f"{cast['card']!r} has no additional cost to sacrifice a permanent "
            "(`sacrifice_as_cost`)",
        )


def _target_roles(card: dict[str, Any], cast: dict[str, Any]) -> list[str]:
    """The roles of a card's target requirements as cast: those of the
    modes chosen (700.2c), or else its own."""
    modes = card.get("modes", ())
    mode = cast.get("mode")
    chosen = mode if isinstance(mode, list) else [mode] if isinstance(mode, int) else []
    if cast.get("entwine"):
        chosen = list(range(1, len(modes) + 1))
    roles = [
        spec["role"]
        for number in chosen
        if isinstance(number, int) and 1 <= number <= len(modes)
        for spec in modes[number - 1].get("targeting", ())
    ]
    return roles or [spec["role"] for spec in card.get("targeting", ())]


def _check_targeting(specs: Any, path: str) -> None:
    """Each requirement says what it may be, and the roles differ."""
    seen: set[str] = set()
    for j, spec in enumerate(specs):
        where = join(path, j)
        if not any(kind in spec for kind in ("permanent", "card", "player")):
            raise FormatProblem(
                where, "expected what the target may be: `permanent`, `card` or `player`"
            )
        if spec["role"] in seen:
            raise FormatProblem(join(where, "role"), f"the role {spec['role']!r} is used twice")
        seen.add(spec["role"])


def _token_names(node: Any, path: str) -> dict[str, str]:
    """The names `create_token` gives tokens anywhere in the ruling, each
    with where it is first given."""
    found: dict[str, str] = {}
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("create_token", "create_emblem") and isinstance(value, dict):
                for ref in value:
                    found.setdefault(ref, join(join(path, key), ref))
            for ref, where in _token_names(value, join(path, key)).items():
                found.setdefault(ref, where)
    elif isinstance(node, list):
        for index, item in enumerate(node):
            for ref, where in _token_names(item, join(path, index)).items():
                found.setdefault(ref, where)
    return found


def _tables_under(node: Any, key: str, path: str) -> list[tuple[str, Any]]:
    """Every value of ``key`` in the tables nested in ``node``, with its key path."""
    found = []
    if isinstance(node, dict):
        for name, value in node.items():
            if name == key:
                found.append((join(path, name), value))
            found += _tables_under(value, key, join(path, name))
    elif isinstance(node, list):
        for index, item in enumerate(node):
            found += _tables_under(item, key, join(path, index))
    return found


def _check_cost_words(obj: dict[str, Any], path: str) -> None:
    """`sacrificed_power` (608.2h) and `counters_removed` are what an
    activated ability's own cost sacrificed or removed: only in the `do` of
    one with that cost."""
    for word, key in words.COST_WORDS.items():
        rest = dict(obj)
        abilities = []
        for ability in obj.get("abilities", ()):
            if key in ability:
                ability = {k: v for k, v in ability.items() if k != "do"}
            abilities.append(ability)
        rest["abilities"] = abilities
        if _mentions(rest, word):
            raise FormatProblem(
                path,
                f"{word!r} is for the `do` of an activated ability with `{key}`: what its "
                "cost sacrificed or removed",
            )


def _without_keyword_filter(static: dict[str, Any]) -> dict[str, Any]:
    """A static ability that grants abilities or changes power and toughness
    may filter what it affects by keyword (“creatures you control with first
    strike have double strike”): the model orders such effects by dependency
    within layer 6 (613.8) and judges layer 7 on layer 6's result (613.1f).
    Only in a single `affects` table, and not for a type change (layer 4
    comes before abilities)."""
    affects = static.get("affects")
    if not isinstance(affects, dict) or "add_subtypes" in static:
        return static
    rest = {k: v for k, v in affects.items() if k not in ("keywords", "without_keywords")}
    return {**static, "affects": rest}


def _mentions_key(node: Any, key: str) -> bool:
    if isinstance(node, dict):
        return key in node or any(_mentions_key(v, key) for v in node.values())
    if isinstance(node, list):
        return any(_mentions_key(item, key) for item in node)
    return False


def _mentions(node: Any, word: str) -> bool:
    if isinstance(node, str):
        return node == word
    if isinstance(node, dict):
        return any(_mentions(k, word) or _mentions(v, word) for k, v in node.items())
    if isinstance(node, list):
        return any(_mentions(item, word) for item in node)
    return False


def _check_combat_rule(spec: dict[str, Any], path: str, *, static: bool) -> None:
    """A `restrict` says something about attacking or blocking; `unless`
    excuses a restriction."""
    says = [key for key in ("cant", "must", "cant_be_blocked_except_by") if key in spec]
    if not static and not says:
        raise FormatProblem(
            path, "expected `cant`, `must` or `cant_be_blocked_except_by`: what it restricts"
        )
    if "unless" in spec and "cant" not in spec and "cant_be_blocked_except_by" not in spec:
        raise FormatProblem(
            join(path, "unless"), "`unless` excuses a restriction (`cant`); there is none"
        )


def _outer(node: Any) -> Any:
    """``node`` without the actions of the delayed triggered abilities it
    creates: they are checked as abilities of their own."""
    if isinstance(node, dict):
        return {
            key: (
                {k: v for k, v in value.items() if k == "object"}
                if key == "create_trigger" and isinstance(value, dict)
                else []
                if key == "grant_triggers"
                else _outer(value)
            )
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_outer(item) for item in node]
    return node


def _check_trigger(trigger: dict[str, Any], path: str) -> None:
    """What the shape alone can't say: which keys fit which trigger event."""
    trigger = {**trigger, "do": _outer(trigger.get("do", []))}

    event = trigger["event"]
    looks_back = [
        key
        for key in ("blocking_creature", "controller_cast_a_spell_this_turn")
        if key in trigger.get("filter", {})
    ]
    if looks_back:
        raise FormatProblem(
            join(join(path, "filter"), looks_back[0]),
            "a triggered ability's filter judges the object as the event saw it; "
            f"`{looks_back[0]}` isn't modelled there",
        )
    if "blocking_creature" in trigger.get("filter", {}):
        raise FormatProblem(
            join(join(path, "filter"), "blocking_creature"),
            "a triggered ability's filter judges the object as the event saw it; "
            "`blocking_creature` isn't modelled there",
        )
    if trigger.get("filter", {}).get("attached_by_source") and event not in (
        "a_creature_is_dealt_damage",
        "a_mana_ability_is_activated",
    ):
        raise FormatProblem(
            join(join(path, "filter"), "attached_by_source"),
            "is for static abilities, for `a_creature_is_dealt_damage` (“whenever equipped "
            "creature is dealt damage”) and for `a_mana_ability_is_activated` (“whenever "
            "enchanted land is tapped for mana”)",
        )
    if "from_zone" in trigger and event not in ("enters", "a_creature_enters"):
        raise FormatProblem(join(path, "from_zone"), f"the event {event!r} isn't entering")
    if "at_least" in trigger and event not in ("becomes_blocked_by_creatures", "blocks_creatures"):
        raise FormatProblem(
            join(path, "at_least"), f"the event {event!r} doesn't count creatures (509.3e)"
        )
    if "filter" in trigger and event not in words.TAKES_FILTER:
        raise FormatProblem(join(path, "filter"), f"the event {event!r} takes no filter")
    if "to" in trigger and event not in words.TAKES_RECIPIENT:
        raise FormatProblem(join(path, "to"), f"the event {event!r} takes no recipient")
    if "combat" in trigger and event not in words.DAMAGE_EVENTS:
        raise FormatProblem(join(path, "combat"), f"the event {event!r} isn't damage")
    if "first_time_each_turn" in trigger and event not in words.LIFE_EVENTS:
        raise FormatProblem(
            join(path, "first_time_each_turn"), f"the event {event!r} isn't life gain"
        )
    has_creature = event in words.HAS_THAT_CREATURE and (
        event not in words.OWN_DAMAGE_EVENTS or trigger.get("to") == "creature"
    )
    mentions_pt = _mentions(trigger.get("do"), "that_power") or _mentions(
        trigger.get("do"), "that_toughness"
    )
    if (_mentions(trigger.get("do"), THAT_CREATURE) or mentions_pt) and not has_creature:
        raise FormatProblem(
            join(path, "do"),
            f"the event {event!r} has no {THAT_CREATURE!r} (see rulings/README.md)",
        )
    _check_choice_actions(trigger.get("do", ()), join(path, "do"), trigger, chosen_ok=False)
    if CHOSEN in trigger.get("targets", ()):
        raise FormatProblem(
            join(path, "targets"), f"targets are chosen from the setup's names, not {CHOSEN!r}"
        )
    if THAT_CREATURE in trigger.get("targets", ()):
        raise FormatProblem(
            join(path, "targets"),
            f"targets are chosen from the setup's names, not {THAT_CREATURE!r}",
        )
    if _mentions(trigger.get("do"), "blocked_by_targets"):
        raise FormatProblem(
            join(path, "do"), '"blocked_by_targets" is for a resolving spell\'s effect'
        )
    if _mentions(trigger.get("do"), THAT_MUCH) and event not in words.HAS_THAT_MUCH:
        raise FormatProblem(
            join(path, "do"), f"the event {event!r} has no {THAT_MUCH!r} (see rulings/README.md)"
        )
