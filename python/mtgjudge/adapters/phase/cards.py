"""Card data for phase.rs, made in memory from a probe's objects.

phase.rs loads cards from a ``card-data.json`` that its ``phase-gen`` makes
from an MTGJSON AtomicCards file by calling ``phase.build_oracle_face`` on
each card. We do the same for the few cards a probe needs, with no file and
no download: an MTGJSON-style card for each object (its name, types, P/T,
keywords as MTGJSON lists them) and a few colorless instants costing {0},
the adapter's own "helper" spells, through which a probe's effects
("gains flying until end of turn", "gets +2/+0", "destroy") are real
continuous effects and real spells in phase.rs rather than debug edits.
"""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import dataclass
from typing import Any

#: Our keyword words, with phase's name of each (its ``Keyword`` enum) and
#: the MTGJSON spelling that ``build_oracle_face`` reads.
KEYWORDS: dict[str, tuple[str, str]] = {
    "flying": ("Flying", "Flying"),
    "first strike": ("FirstStrike", "First strike"),
    "double strike": ("DoubleStrike", "Double strike"),
    "deathtouch": ("Deathtouch", "Deathtouch"),
    "decayed": ("Decayed", "Decayed"),
    "haste": ("Haste", "Haste"),
    "hexproof": ("Hexproof", "Hexproof"),
    "indestructible": ("Indestructible", "Indestructible"),
    "lifelink": ("Lifelink", "Lifelink"),
    "menace": ("Menace", "Menace"),
    "reach": ("Reach", "Reach"),
    "shadow": ("Shadow", "Shadow"),
    "trample": ("Trample", "Trample"),
    "vigilance": ("Vigilance", "Vigilance"),
    "trample over planeswalkers": ("TrampleOverPlaneswalkers", "Trample over planeswalkers"),
    "defender": ("Defender", "Defender"),
}
#: phase's keyword name to our word.
KEYWORD_WORDS: dict[str, str] = {phase: word for word, (phase, _) in KEYWORDS.items()}

#: Counter kinds: our name to phase's ``counter_type`` string. A keyword
#: counter is given by its words (122.1b).
COUNTER_TYPES: dict[str, str] = {"+1/+1": "P1P1", "-1/-1": "M1M1"}
#: phase's counter key (in ``object.counters``) to our name.
COUNTER_NAMES: dict[str, str] = {"P1P1": "+1/+1", "M1M1": "-1/-1"}

COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
LETTER_COLORS = {letter: color for color, letter in COLOR_LETTERS.items()}
PHASE_COLORS = {"White": "white", "Blue": "blue", "Black": "black", "Red": "red", "Green": "green"}

#: The card types phase's MTGJSON reader knows, as MTGJSON writes them.
TYPES = {
    "artifact": "Artifact",
    "creature": "Creature",
    "enchantment": "Enchantment",
    "instant": "Instant",
    "land": "Land",
    "planeswalker": "Planeswalker",
    "sorcery": "Sorcery",
    "battle": "Battle",
    "kindred": "Kindred",
}

#: A card that fills the libraries, so that nobody draws from an empty one.
FILLER = "Wastes"

_MANA_SYMBOL = re.compile(r"\{([^}]*)\}")


class CardError(ValueError):
    """An object the adapter can't turn into a phase.rs card."""


def mana_value(cost: str) -> int:
    """The mana value of a plain mana cost such as ``{2}{W}{W}`` (202.3)."""
    total = 0
    for symbol in _MANA_SYMBOL.findall(cost):
        if symbol.isdigit():
            total += int(symbol)
        elif symbol in "WUBRGC":
            total += 1
        else:
            raise CardError(f"mana symbol {{{symbol}}} of {cost!r} isn't a plain one")
    return total


def _oracle_id(name: str) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "mtgjudge-phase:" + name))


def _mtgjson(
    name: str,
    *,
    types: list[str],
    subtypes: list[str] = (),  # type: ignore[assignment]
    supertypes: list[str] = (),  # type: ignore[assignment]
    colors: list[str] = (),  # type: ignore[assignment]
    mana_cost: str | None = None,
    text: str = "",
    keywords: list[str] = (),  # type: ignore[assignment]
    power: int | None = None,
    toughness: int | None = None,
    loyalty: int | None = None,
) -> dict[str, Any]:
    line = " ".join([*(s.capitalize() for s in supertypes), *types])
    if subtypes:
        line += " — " + " ".join(subtypes)
    card: dict[str, Any] = {
        "name": name,
        "colors": list(colors),
        "colorIdentity": list(colors),
        "layout": "normal",
        "type": line,
        "types": list(types),
        "subtypes": list(subtypes),
        "supertypes": [s.capitalize() for s in supertypes],
        "text": text,
        "manaValue": float(mana_value(mana_cost) if mana_cost else 0),
        "legalities": {"standard": "Legal", "vintage": "Legal"},
        "identifiers": {"scryfallOracleId": _oracle_id(name)},
    }
    if mana_cost is not None:
        card["manaCost"] = mana_cost
    if keywords:
        card["keywords"] = list(keywords)
    if power is not None:
        card["power"] = str(power)
        card["toughness"] = str(toughness)
    if loyalty is not None:
        card["loyalty"] = str(loyalty)
    return card


def object_card(name: str, obj: dict[str, Any]) -> dict[str, Any]:
    """The MTGJSON-style card for an object of a probe's setup: its
    characteristics, with a vanilla text of its keywords."""
    types = obj.get("types")
    if types is None:
        if "power" not in obj:
            raise CardError(f"object {name!r} has neither types nor power")
        types = ["creature"]
    try:
        mtg_types = [TYPES[t] for t in types]
    except KeyError as unknown:
        raise CardError(f"card type {unknown.args[0]!r} of {name!r}") from None
    if "creature" in types and ("power" not in obj or "toughness" not in obj):
        raise CardError(f"creature {name!r} without power and toughness")
    words = list(obj.get("keywords", []))
    for word in words:
        if word not in KEYWORDS:
            raise CardError(f"keyword {word!r} of {name!r}")
    mtg_keywords = [KEYWORDS[w][1] for w in words]
    colors = obj.get("colors")
    cost = obj.get("mana_cost")
    if colors is None:
        # 202.2: an object's colors are those of the mana symbols of its cost.
        letters = _MANA_SYMBOL.findall(cost or "")
        colors = [LETTER_COLORS[c] for c in "WUBRG" if c in letters]
    try:
        color_letters = [COLOR_LETTERS[c] for c in colors]
    except KeyError as unknown:
        raise CardError(f"color {unknown.args[0]!r} of {name!r}") from None
    statics = [static_ability(st, f"{name}.statics") for st in obj.get("statics", [])]
    card = _mtgjson(
        obj.get("name", name),
        types=mtg_types,
        subtypes=list(obj.get("subtypes", [])),
        supertypes=list(obj.get("supertypes", [])),
        colors=color_letters,
        mana_cost=cost,
        text="\n".join(KEYWORDS[w][1] for w in words),
        keywords=mtg_keywords,
        power=obj.get("power"),
        toughness=obj.get("toughness"),
        loyalty=obj.get("loyalty"),
    )
    if statics:
        card["mtgjudge"] = {"statics": statics}
    return card


@dataclass(frozen=True)
class Helper:
    """One of the adapter's {0} instants: its oracle text and what phase's
    parser must make of it for the adapter to trust it."""

    text: str
    #: (effect type, expected detail, permanent) checked against the parsed face.
    check: tuple[str, Any, bool]

    @property
    def name(self) -> str:
        # A stable name for the text, so that a card list is deterministic.
        return "mtgjudge helper " + uuid.uuid5(uuid.NAMESPACE_URL, self.text).hex[:10]


def _until(permanent: bool) -> str:
    return "." if permanent else " until end of turn."


def gain_keyword(word: str, permanent: bool = False) -> Helper:
    return Helper(
        f"Target creature gains {word}{_until(permanent)}", ("AddKeyword", word, permanent)
    )


def lose_keyword(word: str, permanent: bool = False) -> Helper:
    return Helper(
        f"Target creature loses {word}{_until(permanent)}", ("RemoveKeyword", word, permanent)
    )


def pump(power: int, toughness: int, permanent: bool = False) -> Helper:
    return Helper(
        f"Target creature gets {power:+d}/{toughness:+d}{_until(permanent)}",
        ("Pump", (power, toughness), permanent),
    )


def set_base(power: int, toughness: int, permanent: bool = False) -> Helper:
    return Helper(
        f"Target creature has base power and toughness {power}/{toughness}{_until(permanent)}",
        ("SetBase", (power, toughness), permanent),
    )


DESTROY = Helper("Destroy target permanent.", ("Destroy", None, True))
REMOVE_FROM_COMBAT = Helper("Remove target creature from combat.", ("RemoveFromCombat", None, True))


def helper_card(helper: Helper) -> dict[str, Any]:
    return _mtgjson(helper.name, types=["Instant"], mana_cost="{0}", text=helper.text)


def _parsed_as_expected(face: dict[str, Any], helper: Helper) -> bool:
    abilities = face.get("abilities") or []
    if len(abilities) != 1:
        return False
    ability = abilities[0]
    effect = ability.get("effect") or {}
    kind, detail, permanent = helper.check
    duration_ok = ability.get("duration") == (None if permanent else "UntilEndOfTurn")
    if kind in ("AddKeyword", "RemoveKeyword"):
        statics = effect.get("static_abilities") or []
        mods = [m for s in statics for m in s.get("modifications", [])]
        return (
            effect.get("type") == "GenericEffect"
            and duration_ok
            and mods == [{"type": kind, "keyword": KEYWORDS[detail][0]}]
        )
    if kind == "Pump":
        power, toughness = detail
        return (
            effect.get("type") == "Pump"
            and duration_ok
            and effect.get("power") == {"type": "Fixed", "value": power}
            and effect.get("toughness") == {"type": "Fixed", "value": toughness}
        )
    if kind == "SetBase":
        power, toughness = detail
        statics = effect.get("static_abilities") or []
        mods = [m for s in statics for m in s.get("modifications", [])]
        return duration_ok and mods == [
            {"type": "SetPower", "value": power},
            {"type": "SetToughness", "value": toughness},
        ]
    return effect.get("type") == kind


# ---- static abilities and the adapter's damage abilities, in phase's own shape


def _filter(spec: dict[str, Any], what: str) -> dict[str, Any]:
    """phase's ``Typed`` filter for one of our FILTERs (types, one subtype,
    controller, other, attacking)."""
    for key in spec:
        if key not in ("controller", "types", "subtypes", "other", "attacking"):
            raise CardError(f"{what}: filter key {key!r}")
    type_filters: list[Any] = []
    for card_type in spec.get("types", []):
        if card_type not in TYPES:
            raise CardError(f"{what}: card type {card_type!r}")
        type_filters.append(TYPES[card_type])
    subtypes = spec.get("subtypes", [])
    if len(subtypes) > 1:
        raise CardError(f"{what}: a filter with several subtypes")
    type_filters += [{"Subtype": sub} for sub in subtypes]
    controller = {"you": "You", "opponents": "Opponent", "any": None}.get(
        spec.get("controller", "any"), "?"
    )
    if controller == "?":
        raise CardError(f"{what}: controller {spec.get('controller')!r}")
    properties: list[dict[str, Any]] = []
    if spec.get("other"):
        properties.append({"type": "Another"})
    if spec.get("attacking"):
        properties.append({"type": "Attacking"})
    return {
        "type": "Typed",
        "type_filters": type_filters,
        "controller": controller,
        "properties": properties,
    }


def _condition(spec: dict[str, Any] | None, what: str) -> dict[str, Any] | None:
    if not spec:
        return None
    if len(spec) != 1:
        raise CardError(f"{what}: a condition of several parts")
    ((key, value),) = spec.items()
    if key == "life_above" and isinstance(value, int):
        # "as long as you have more than N life"
        return {
            "type": "QuantityComparison",
            "lhs": {"type": "Ref", "qty": {"type": "LifeTotal", "player": {"type": "Controller"}}},
            "comparator": "GE",
            "rhs": {"type": "Fixed", "value": value + 1},
        }
    if key == "you_control" and isinstance(value, dict) and set(value) <= {"types", "subtypes"}:
        present = _filter(dict(value, controller="you"), what)
        present["properties"].append({"type": "InZone", "zone": "Battlefield"})
        return {"type": "IsPresent", "filter": present}
    if key == "source_counters" and isinstance(value, dict) and len(value) == 1:
        ((kind, minimum),) = value.items()
        if kind not in COUNTER_TYPES:
            raise CardError(f"{what}: counters {kind!r}")
        return {
            "type": "HasCounters",
            "counters": {"type": "OfType", "data": COUNTER_TYPES[kind]},
            "minimum": minimum,
        }
    raise CardError(f"{what}: condition {key!r} {json.dumps(value, sort_keys=True)}")


_PUMP = re.compile(r"^([+-]\d+)/([+-]\d+)$")


def static_ability(spec: dict[str, Any], what: str) -> dict[str, Any]:
    """phase's continuous static ability for one of our ``statics`` entries:
    ``{affects, grant, pump, condition}`` (604.1, 613)."""
    for key in spec:
        if key not in ("affects", "grant", "pump", "condition"):
            raise CardError(f"{what}: static key {key!r}")
    affects = spec.get("affects")
    if not isinstance(affects, dict):
        raise CardError(f"{what}: a static ability affecting several FILTERs")
    if affects.get("itself"):
        if set(affects) != {"itself"}:
            raise CardError(f"{what}: 'itself' with other filter keys")
        affected: dict[str, Any] = {"type": "SelfRef"}
    else:
        affected = _filter(affects, what)
    modifications: list[dict[str, Any]] = []
    if "pump" in spec:
        match = _PUMP.match(str(spec["pump"]))
        if not match:
            raise CardError(f"{what}: pump {spec['pump']!r}")
        modifications += [
            {"type": "AddPower", "value": int(match.group(1))},
            {"type": "AddToughness", "value": int(match.group(2))},
        ]
    for word in spec.get("grant", []):
        if word not in KEYWORDS:
            raise CardError(f"{what}: keyword {word!r}")
        modifications.append({"type": "AddKeyword", "keyword": KEYWORDS[word][0]})
    if not modifications:
        raise CardError(f"{what}: a static ability that neither grants nor pumps")
    return {
        "mode": "Continuous",
        "affected": affected,
        "modifications": modifications,
        "condition": _condition(spec.get("condition"), what),
        "affected_zone": None,
        "effect_zone": None,
        "active_zones": [],
        "characteristic_defining": False,
        "description": f"mtgjudge static: {json.dumps(spec, sort_keys=True)}",
    }


#: The trigger events the adapter writes in phase's shape: phase's trigger
#: mode and whose life gain it watches.
TRIGGER_EVENTS: dict[str, dict[str, Any]] = {
    "you_gain_life": {"mode": "LifeGained", "valid_target": {"type": "Controller"}},
    "an_opponent_gains_life": {
        "mode": "LifeGained",
        "valid_target": {
            "type": "Typed",
            "type_filters": [],
            "controller": "Opponent",
            "properties": [],
        },
    },
}


def _amount(value: Any, what: str) -> dict[str, Any]:
    if value == "that_much":
        return {"type": "Ref", "qty": {"type": "EventContextAmount"}}
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return {"type": "Fixed", "value": value}
    raise CardError(f"{what}: amount {value!r}")


def triggered_ability(
    spec: dict[str, Any], itself: str, controller: str, opponent: str, what: str
) -> dict[str, Any]:
    """phase's triggered ability for one of our ``triggers`` entries (603.1):
    a life-gain event, and one action of ``do`` (or none: phase's NoOp, for
    an ability whose effect the ruling doesn't model)."""
    for key in spec:
        if key not in ("event", "do", "targets", "description"):
            raise CardError(f"{what}: trigger key {key!r}")
    event = TRIGGER_EVENTS.get(spec.get("event"))
    if event is None:
        raise CardError(f"{what}: trigger event {spec.get('event')!r}")
    actions = spec.get("do", [])
    targets = spec.get("targets", [])
    if len(actions) > 1:
        raise CardError(f"{what}: a trigger that does several things")
    extra: dict[str, Any] = {}
    if not actions:
        if targets:
            raise CardError(f"{what}: targets for a trigger that does nothing")
        effect: dict[str, Any] = {"type": "NoOp"}
    else:
        ((kind, arg),) = actions[0].items()
        if kind == "counters" and isinstance(arg, dict) and list(arg) == [itself] and not targets:
            ((counter, count),) = arg[itself].items()
            if counter not in COUNTER_TYPES:
                raise CardError(f"{what}: {counter!r} counters")
            effect = {
                "type": "PutCounter",
                "counter_type": COUNTER_TYPES[counter],
                "count": _amount(count, what),
                "target": {"type": "SelfRef"},
            }
        elif kind == "lose_life" and isinstance(arg, dict) and list(arg) == [opponent]:
            effect = {"type": "LoseLife", "amount": _amount(arg[opponent], what)}
            if targets == [opponent]:
                effect["target"] = {
                    "type": "Typed",
                    "type_filters": [],
                    "controller": "Opponent",
                    "properties": [],
                }
            elif not targets:
                extra["player_scope"] = {"type": "Opponent"}  # each opponent: the one
            else:
                raise CardError(f"{what}: targets {targets!r}")
        elif kind == "draw" and isinstance(arg, dict) and list(arg) == [controller] and not targets:
            effect = {
                "type": "Draw",
                "count": _amount(arg[controller], what),
                "target": {"type": "Controller"},
            }
        else:
            raise CardError(f"{what}: a trigger that does {json.dumps(actions[0], sort_keys=True)}")
    execute = {
        "kind": "Spell",
        "effect": effect,
        "cost": None,
        "sub_ability": None,
        "duration": None,
        "description": None,
        "target_prompt": None,
        "condition": None,
        "optional_targeting": False,
        "optional": False,
        "forward_result": False,
        **extra,
    }
    return {
        "mode": event["mode"],
        "execute": execute,
        "valid_card": None,
        "origin": None,
        "destination": None,
        "trigger_zones": ["Battlefield"],
        "phase": None,
        "optional": False,
        "damage_kind": "Any",
        "secondary": False,
        "valid_target": event["valid_target"],
        "valid_source": None,
        "description": f"mtgjudge trigger: {spec.get('description') or spec.get('event')}",
        "constraint": None,
        "condition": None,
        "batched": False,
    }


def damage_ability(amount: int) -> dict[str, Any]:
    """ "{0}: This deals AMOUNT damage to any target": how a probe's
    ``deal_damage`` from this object is dealt, by the object itself (120.3)."""
    return {
        "kind": "Activated",
        "effect": {
            "type": "DealDamage",
            "amount": {"type": "Fixed", "value": amount},
            "target": {"type": "Any"},
        },
        "cost": {"type": "Mana", "cost": {"type": "Cost", "shards": [], "generic": 0}},
        "sub_ability": None,
        "duration": None,
        "description": f"{{0}}: ~ deals {amount} damage to any target.",
        "target_prompt": None,
        "condition": None,
        "optional_targeting": False,
        "optional": False,
        "forward_result": False,
    }


def basic_land(name: str) -> dict[str, Any]:
    return _mtgjson(name, types=["Land"], supertypes=["basic"], text="({T}: Add {C}.)")


def card_data(cards: list[dict[str, Any]], helpers: list[Helper]) -> str:
    """phase's ``card-data.json`` for these cards and helper spells, as
    ``phase-gen`` would write it. A card's ``mtgjudge`` entry holds what is
    added to its face in phase's own shape: ``statics`` and ``abilities``. Raises :class:`CardError` for a helper
    spell that phase's oracle parser doesn't read as intended."""
    from phase import build_oracle_face

    result: dict[str, Any] = {}
    for card in [basic_land(FILLER), *cards]:
        extras = card.get("mtgjudge", {})
        plain = {k: v for k, v in card.items() if k != "mtgjudge"}
        face = build_oracle_face(plain, plain["identifiers"]["scryfallOracleId"])
        face["static_abilities"] = list(face.get("static_abilities") or []) + list(
            extras.get("statics", [])
        )
        face["abilities"] = list(face.get("abilities") or []) + list(extras.get("abilities", []))
        face["triggers"] = list(face.get("triggers") or []) + list(extras.get("triggers", []))
        result[face["name"].lower()] = face
    for helper in helpers:
        card = helper_card(helper)
        face = build_oracle_face(card, card["identifiers"]["scryfallOracleId"])
        if not _parsed_as_expected(face, helper):
            raise CardError(f"phase's oracle parser doesn't read {helper.text!r} as intended")
        result[face["name"].lower()] = face
    return json.dumps(result, separators=(",", ":"), sort_keys=True)
