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


def check_meaning(ruling: dict[str, Any]) -> Names:
    source = ruling["source"]
    if "cards" not in source and "rule" not in source:
        raise FormatProblem("source", "expected `cards` (with dates) or `rule`")
    setup = ruling["setup"]
    players, objects = _setup_names(setup)
    if len(players) != len(setup["players"]):
        raise FormatProblem("setup.players", "player names must be distinct")
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
            if "devour_quality" in obj and "devour" not in obj:
                raise FormatProblem(
                    join(path, "devour_quality"), "a quality to devour needs `devour`: its N"
                )
    for zone in SETUP_ZONES:
        for ref, obj in setup.get(zone, {}).items():
            path = join(join("setup", zone), ref)
            if ref in (THAT_CREATURE, CHOSEN):
                raise FormatProblem(path, f"{ref!r} is reserved for triggered abilities")
            for j, trigger in enumerate(obj.get("triggers", ())):
                _check_trigger(trigger, join(join(path, "triggers"), j))
            for j, change in enumerate(obj.get("modifies_damage", ())):
                if "times" not in change and "plus" not in change:
                    raise FormatProblem(
                        join(join(path, "modifies_damage"), j),
                        "expected `times` or `plus`: how the damage changes",
                    )
            for where, prevent in _tables_under(obj, "prevent", path):
                amount = prevent.get("amount")
                if isinstance(amount, dict) and "shield" in amount and "to" in prevent:
                    raise FormatProblem(
                        join(where, "to"),
                        "a shield protects the players and objects it names (615.7, 615.11); "
                        "a shield for every permanent that fits isn't modelled",
                    )
            for j, static in enumerate(obj.get("statics", ())):
                _check_combat_rule(static, join(join(path, "statics"), j), static=True)
                # One that only restricts attacking or blocking changes no
                # characteristic, so nothing depends on its result.
                changes = "grant" in static or "pump" in static
                looks_at = [
                    key for key in STATIC_DEPENDENT_KEYS if changes and _mentions_key(static, key)
                ]
                if looks_at:
                    raise FormatProblem(
                        join(join(path, "statics"), j),
                        f"a static ability that looks at {looks_at[0]} depends on other "
                        "abilities' effects (613.8), which the model doesn't order",
                    )
            _check_choice_names(obj, path)
            for j, trigger in enumerate(obj.get("triggers", ())):
                if _mentions_key(trigger.get("do"), "create_trigger"):
                    raise FormatProblem(
                        join(join(join(path, "triggers"), j), "do"),
                        "`create_trigger` is for a spell's instructions (603.7d) only",
                    )
            _check_spell_actions(obj.get("resolve", ()), join(path, "resolve"))
            for j, face in enumerate(obj.get("faces", ())):
                _check_spell_actions(
                    face.get("resolve", ()), join(join(join(path, "faces"), j), "resolve")
                )
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
        if probe["id"] in seen_probes:
            raise FormatProblem(join(join("probe", i), "id"), f"duplicate probe id {probe['id']!r}")
        seen_probes.add(probe["id"])
        for j, action in enumerate(probe.get("actions", ())):
            path = join(join(join("probe", i), "actions"), j)
            if _mentions_key(action, "create_trigger"):
                raise FormatProblem(path, "`create_trigger` is for a spell's instructions only")
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
    _check_mana_costs(ruling)
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
    return Names(frozenset(players), frozenset(objects | set(tokens)))


#: Keys whose strings are mana costs as printed (107.4).
MANA_COST_KEYS = (
    "mana_cost",
    "increase",
    "reduce",
    "flash_for_extra_cost",
    "ninjutsu",
    "alternative_cost",
    "additional_costs",
)


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


def _check_spell_actions(actions: Any, path: str) -> None:
    """What a spell does as it resolves: `that_much` is what an earlier
    `remove_counters` removed (608.2c); a created ability is checked as a
    triggered ability."""
    counted = False
    for j, action in enumerate(actions):
        where = join(path, j)
        for key in ("choose", "may"):
            if key in action:
                raise FormatProblem(
                    join(where, key),
                    f"`{key}` is for a triggered ability's actions; the choices made as a "
                    "spell resolves are the resolve action's `choose` (608.2d)",
                )
        if _mentions(action, CHOSEN) and "create_trigger" not in action:
            raise FormatProblem(where, f"{CHOSEN!r} is for the actions of a `choose` only")
        if "create_trigger" in action:
            trigger = action["create_trigger"]
            _check_trigger(trigger, join(where, "create_trigger"))
            if _mentions_key(trigger.get("do"), "create_trigger"):
                raise FormatProblem(
                    join(join(where, "create_trigger"), "do"),
                    "a created triggered ability can't create another (not modelled)",
                )
        elif _mentions(action, THAT_MUCH) and not counted:
            raise FormatProblem(
                where,
                f"{THAT_MUCH!r} in a spell's instructions is how many counters an earlier "
                "`remove_counters` removed (“that many”); none comes before it. Otherwise "
                f"{THAT_MUCH!r} is for a triggered ability's actions only",
            )
        counted = counted or "remove_counters" in action


def _choices_offered(obj: dict[str, Any], path: str) -> list[tuple[str, str, str]]:
    """The choices an object's abilities offer as they resolve: (name,
    "choose" or "may", key path)."""
    return [
        (table["name"], key, where)
        for key in ("choose", "may")
        for where, table in _tables_under(obj, key, path)
        if isinstance(table, dict) and "name" in table
    ]


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
            if offered[name] == "choose" and not isinstance(value, list):
                raise FormatProblem(
                    where, f"{name!r} is a `choose`: expected a list of the permanents chosen"
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
        if cast.get("fuse") and targets:
            raise FormatProblem(
                join(path, "targets"),
                "a fused split spell's targets are given by half, such as "
                '{ Give = ["bear"], Take = ["bear"] }',
            )
        return
    if targets is None:
        return
    if not cast.get("fuse"):
        raise FormatProblem(
            join(path, "targets"),
            "targets by half are for a fused split spell (with `fuse = true`); otherwise a list",
        )
    card = next(
        (setup[zone][cast["card"]] for zone in SETUP_ZONES if cast["card"] in setup.get(zone, {})),
        {},
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
    if "mode" in cast:
        if not modes:
            raise FormatProblem(
                join(path, "mode"), f"{cast['card']!r} is not a modal spell (it has no `modes`)"
            )
        if cast["mode"] > len(modes):
            raise FormatProblem(
                join(path, "mode"),
                f"expected a mode of {cast['card']!r}: 1 to {len(modes)}, found {cast['mode']}",
            )
    if "sacrifice" in cast and "sacrifice_as_cost" not in card:
        raise FormatProblem(
            join(path, "sacrifice"),
            f"{cast['card']!r} has no additional cost to sacrifice a permanent "
            "(`sacrifice_as_cost`)",
        )


def _token_names(node: Any, path: str) -> dict[str, str]:
    """The names `create_token` gives tokens anywhere in the ruling, each
    with where it is first given."""
    found: dict[str, str] = {}
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "create_token" and isinstance(value, dict):
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


def _check_trigger(trigger: dict[str, Any], path: str) -> None:
    """What the shape alone can't say: which keys fit which trigger event."""

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
    if trigger.get("filter", {}).get("attached_by_source"):
        raise FormatProblem(
            join(join(path, "filter"), "attached_by_source"), "is for static abilities only"
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
    if _mentions(trigger.get("do"), THAT_CREATURE) and not has_creature:
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
