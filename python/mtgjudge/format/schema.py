"""The shape of a ruling file, from which its JSON Schema is generated; see
``rulings/README.md`` for the prose description."""

from __future__ import annotations

import sys
from typing import Any

from mtgjudge.format.spec import (
    COUNT_BOUND,
    COUNT_BOUND_REASON,
    AnyOf,
    Array,
    Bool,
    Defined,
    Field,
    Int,
    Map,
    Spec,
    Str,
    Table,
    WithNames,
    count,
)
from mtgjudge.keywords import KEYWORDS, MODEL_KEYWORDS
from mtgjudge.protocol.faults import CATEGORIES, FAULTS
from mtgjudge.protocol.vocabulary import (
    ATTACHED_CREATURE,
    CARD_TYPES,
    CHOOSE_COUNTS,
    CHOSEN,
    COLORS,
    DAMAGE_STEPS,
    DELAYED_EVENTS,
    EVENTS,
    OBJECT_STATE_KEYS,
    POSITIONS,
    RECIPIENTS,
    SACRIFICED_POWER,
    SETUP_ZONES,
    STEP_NAMES,
    THAT_CREATURE,
    THAT_MUCH,
    THAT_POWER,
    THAT_TOUGHNESS,
    ZONES,
)

if sys.version_info >= (3, 11):
    pass
else:  # pragma: no cover - exercised on Python < 3.11 only
    pass

# ----- vocabulary -----

RULING_ID = r"[A-Za-z0-9][A-Za-z0-9._-]*"
PROBE_ID = r"[a-z0-9][a-z0-9._-]*"
#: Players are capitalized ("Alice"); objects are lower case ("knight").
PLAYER_NAME = r"[A-Z][A-Za-z0-9]*"
OBJECT_REF = r"[a-z][a-z0-9_-]*"
RULE_NUMBER = r"[1-9]\d{2}(\.\d+[a-z]?)?"
#: The name of a choice a triggered ability offers as it resolves.
CHOICE_NAME = r"[a-z][a-z0-9_]*"
#: A number written in a string ("+2/+0", a counter's name): at most six
#: digits, within NUMBER_BOUND as every number is.
DIGITS = r"\d{1,6}"
#: A counter's kind (122.1): +N/+N counters, keyword counters (122.1b, all
#: keywords but defender, infect and wither), and any other kind by its
#: one-word name (loyalty, poison, age, charge, ...).
COUNTER = (
    rf"[+-]{DIGITS}/[+-]{DIGITS}|"
    + "|".join(k for k in KEYWORDS if k not in ("defender", "infect", "wither"))
    + r"|(?!(?:defender|infect|wither)$)[a-z]+"
)

#: "your_next_turn": until the next turn of the effect's controller (611.2a, 701.15a).
DURATIONS = ("end_of_turn", "end_of_combat", "your_next_turn", "your_next_upkeep", "permanent")

PLAYER = Str(
    pattern=PLAYER_NAME, pattern_hint='"Alice" (a capitalized player name)', refers_to="player"
)
REF = Str(
    pattern=OBJECT_REF,
    pattern_hint='"knight" (a lower-case object name from the setup)',
    refers_to="object",
)
TARGET = Str(
    pattern=f"{PLAYER_NAME}|{OBJECT_REF}",
    pattern_hint='"Bob" (a player) or "jace" (an object)',
    refers_to="target",
)
#: Keywords that matter only while casting: the kernel's combat keywords
#: don't include them.
SPELL_KEYWORDS = (
    "flash",
    "convoke",
    "improvise",
    "delve",
    "fuse",
    "daybound",
    "nightbound",
)
KEYWORD = Str(
    enum=(*KEYWORDS, *SPELL_KEYWORDS, *MODEL_KEYWORDS),
    description="A keyword ability (122.1b, 702).",
)
KEYWORD_LIST = Array(KEYWORD, unique=True)
PT_CHANGE = Str(
    pattern=rf"[+-]{DIGITS}/[+-]{DIGITS}", pattern_hint='"+2/+0" (at most six digits each)'
)
PT_VALUE = Str(pattern=rf"-?{DIGITS}/-?{DIGITS}", pattern_hint='"3/3" (at most six digits each)')
RULE = Str(pattern=RULE_NUMBER, pattern_hint='"702.19b" (a rule number)')
DATE = Str(pattern=r"\d{4}-\d{2}-\d{2}", pattern_hint='"2021-03-19"')
NAME_LIST = Array(Str(min_length=1), unique=True)
REF_LIST = Array(REF, unique=True)
#: The targets chosen for a spell or ability: permanents, cards or players
#: (the model refuses one chosen twice for one instance of "target", 601.2c).
TARGET_LIST = Array(TARGET)


def by_object(value: Spec, description: str = "") -> Map:
    """A table keyed by names of objects in the setup."""
    return Map(
        value,
        key_pattern=OBJECT_REF,
        key_hint="an object name from the setup",
        keys_refer_to="object",
        description=description,
    )


def by_player(value: Spec, description: str = "") -> Map:
    """A table keyed by names of players in the setup."""
    return Map(
        value,
        key_pattern=PLAYER_NAME,
        key_hint="a player name",
        keys_refer_to="player",
        description=description,
    )


def by_target(value: Spec, description: str = "") -> Map:
    """A table keyed by names of players or objects in the setup."""
    return Map(
        value,
        key_pattern=f"{PLAYER_NAME}|{OBJECT_REF}",
        key_hint="a player or object name from the setup",
        keys_refer_to="target",
        description=description,
    )


def _fields(required: tuple[str, ...] = (), **specs: Spec) -> dict[str, Field]:
    return {name: Field(spec, name in required) for name, spec in specs.items()}


FILTER_TABLE = Table(
    _fields(
        controller=Str(enum=("you", "opponents", "any")),
        types=Array(Str(enum=CARD_TYPES), unique=True),
        subtypes=NAME_LIST,
        colors=Array(Str(enum=COLORS), unique=True),
        other=Bool(description="Excludes the source itself."),
        power_at_least=Int(),
        keywords=Array(KEYWORD, unique=True, description="It has each of these keywords."),
        without_keywords=Array(
            KEYWORD, unique=True, description="It has none of these keywords (without trample)."
        ),
        colorless=Bool(description="It has no color (105.2c)."),
        itself=Bool(description="Only the permanent with the ability (for a static ability)."),
        token=Bool(description="A token (true) or a nontoken permanent (false)."),
        power_equals_toughness=Bool(description="Its power equals its toughness."),
        enchanted_or_equipped=Bool(description="An Aura or Equipment is attached to it."),
        attacking=Bool(description="An attacking creature."),
        not_subtypes=Array(
            Str(min_length=1), unique=True, description="It has none of these subtypes (non-Human)."
        ),
        with_counters=Array(
            Str(pattern=COUNTER, pattern_hint='"+1/+1"'),
            unique=True,
            description="It has at least one of each of these counters.",
        ),
        attached_by_source=Bool(
            description="For static abilities: the permanent the source is attached to "
            "(“enchanted creature”, “equipped creature”)."
        ),
        tapped=Bool(description="Tapped (true) or untapped (false)."),
        blocking=Bool(description="A blocking creature (true) or not (false) (509.1g)."),
        blocked=Bool(
            description="An attacking creature that is blocked (true) or unblocked (false) "
            "(509.1h); before blockers are declared it is neither."
        ),
        controller_cast_a_spell_this_turn=Bool(
            description="Its controller has cast a spell this turn (601.2i). Not in a "
            "triggered ability's filter."
        ),
        dealt_damage_this_turn=Bool(
            description="“That dealt damage this turn”: it, as the object it is now, dealt "
            "damage this turn (120.3, 400.7)."
        ),
        dealt_damage_by_source=Bool(
            description="“Dealt damage by [this permanent] this turn”: the source, as the "
            "object it is, dealt damage to it this turn."
        ),
        mana_value_at_most=Int(minimum=0, description="“With mana value N or less” (202.3)."),
        mana_value_at_least=Int(minimum=0, description="“With mana value N or greater” (202.3)."),
        not_types=Array(
            Str(enum=CARD_TYPES), unique=True, description="It has none of these types (nonland)."
        ),
        enchanted=Bool(description="An Aura is attached to it (“enchanted creature”, 303.4)."),
        supertypes=Array(
            Str(min_length=1),
            unique=True,
            description="It has each of these supertypes (205.4: legendary), as objects write "
            'them ("Legendary"), case aside.',
        ),
        not_supertypes=Array(
            Str(min_length=1),
            unique=True,
            description="It has none of these supertypes (205.4b: nonlegendary).",
        ),
    ),
    description="Which permanents, relative to the effect's controller.",
)

#: A FILTER is defined once in the JSON Schema; in a list (an item) it may
#: also have `when`.
FILTER = Defined("filter", FILTER_TABLE)
FILTER_TABLE.fields["controller_dealt_combat_damage_by"] = Field(
    Table(
        _fields(("sources", "at_least"), sources=FILTER, at_least=Int(minimum=1)),
        description="“Controlled by a player who was dealt combat damage by three or more "
        "Pirates this turn”: at least that many different objects that fit `sources` (as they "
        "are now, relative to their controller) dealt its controller combat damage this turn.",
    )
)
FILTER_ITEM = Defined("filter_item", FILTER_TABLE, item=True)
FILTER_TABLE.fields["blocking_creature"] = Field(
    AnyOf(
        [FILTER],
        description="“Blocking a [quality] creature”: it blocks an attacking creature that "
        "fits (509.1g). Not in a triggered ability's filter.",
    )
)

CONDITION_TABLE = Table(
    _fields(
        you_control=FILTER,
        you_control_any=Array(
            FILTER_ITEM,
            min_items=1,
            description="You control a permanent that fits one of these.",
        ),
        life_above=Int(),
        more_life_than_an_opponent=Bool(),
        full_party=Bool(description="You have a full party: four creatures (700.8)."),
        source_untapped=Bool(description="The object with the ability is untapped."),
        source_counters=Map(
            Int(minimum=1),
            key_pattern=COUNTER,
            key_hint='a counter such as "+1/+1"',
            description="The object with the ability has at least this many counters of each kind.",
        ),
        source_has=Array(
            KEYWORD, unique=True, description="The object with the ability has these keywords."
        ),
        opponent_dealt_damage_this_turn=Bool(
            description="An opponent has been dealt damage this turn, combat or noncombat."
        ),
        source_devoured=Bool(
            description="“If it devoured a creature”: the object with the ability sacrificed at "
            "least one for its devour ability as it entered (702.82b)."
        ),
        entered_this_turn=AnyOf(
            [FILTER],
            description="“If a [quality] entered the battlefield under your control this turn”: "
            "judged on what it was as it entered (603.6a); `other` leaves out the source.",
        ),
        your_turn=Bool(description="“During your turn”: its controller is the active player."),
        a_creature_died_this_turn=Bool(description="“If a creature died this turn” (700.4)."),
        you_gained_life_this_turn=Int(
            minimum=1,
            description="“If you gained N or more life this turn”: the life its controller "
            "gained this turn, themselves (in Two-Headed Giant a teammate's gains aren't "
            "theirs, 810.9).",
        ),
    ),
    description="A board condition a static ability, or a triggered ability's intervening "
    "“if” clause (603.4), depends on. Every part given must hold.",
    min_properties=1,
)

#: An amount: a number, or, in a triggered ability's actions, "that much"
#: (the amount of its trigger event).
THAT_MUCH_SPEC = Str(
    enum=(THAT_MUCH,),
    description="In a triggered ability's actions, the amount of its trigger event; in a "
    "spell's, the number of counters an earlier `remove_counters` removed (608.2c).",
)
#: "N for each [permanent]": counted once, as the effect applies (608.2h).
FOR_EACH = Table(
    _fields(
        ("for_each",),
        for_each=FILTER,
        times=count(minimum=1, description="How much for each (default 1)."),
    ),
    description="An amount counted as the effect applies (608.2h): `times` for each permanent "
    "that fits `for_each`, relative to the effect's controller.",
)
THAT_PT_SPEC = Str(
    enum=(THAT_POWER, THAT_TOUGHNESS),
    description="In a triggered ability whose event has a “that creature”: its power or "
    "toughness as the event saw it; for a creature that died, as it last existed on the "
    "battlefield (603.10a, 608.2h).",
)
PARTY_SPEC = Str(
    enum=("party",),
    description="The number of creatures in the effect's controller's party (700.8), as it "
    "applies.",
)
#: 700.5: "your devotion to [color]", counted as the effect applies.
DEVOTION = Table(
    _fields(("devotion",), devotion=Str(enum=COLORS)),
    description="The effect's controller's devotion to a color (700.5), as it applies.",
)
AMOUNT = AnyOf([Int(minimum=0), THAT_MUCH_SPEC, THAT_PT_SPEC, PARTY_SPEC, FOR_EACH, DEVOTION])
#: How many times something is done, such as cards drawn: at most COUNT_BOUND.
COUNT_AMOUNT = AnyOf([count(), THAT_MUCH_SPEC, THAT_PT_SPEC, PARTY_SPEC, FOR_EACH])

CONDITION = Defined("condition", CONDITION_TABLE)

#: The points of a combat phase a timing restriction names (506.7).
COMBAT_POINTS = ("attackers", "blockers", "combat_damage", "end_of_combat")

TIMING_RESTRICTION = Defined(
    "timing_restriction",
    Table(
        _fields(
            (),
            before=Str(
                enum=COMBAT_POINTS,
                description="“only before attackers (blockers) are declared”, “before the combat "
                "damage step”, “before the end of combat step”: before that step begins "
                "(506.7a, 506.7b); if it is skipped, before the declare attackers step ends (506.7e).",
            ),
            after=Str(
                enum=COMBAT_POINTS,
                description="“only after ...”: once that step has begun (506.7a, 506.7b).",
            ),
            during_combat=Bool(
                description="“only during combat” (506.7c): in any combat phase of the turn, and "
                "`before`/`after` then name a point of that combat; without it, the point is "
                "in the turn's first combat phase (506.7d). With `after`, a skipped step "
                "leaves no time in that combat (506.7f)."
            ),
            after_upkeep=Bool(
                description="“only after [your] upkeep step” (503.2): once the turn's first "
                "upkeep step has ended, even if more upkeep steps follow."
            ),
            your_turn=Bool(
                description="“only during your turn” (with `during_combat`: “during your combat phase”, 506.7c)."
            ),
        ),
        description="When a spell may be cast or an ability activated with respect to combat and turns (506.7, 506.7g), on top of its usual timing.",
    ),
)

SPELL_FILTER_TABLE = Table(
    _fields(
        types=Array(Str(enum=CARD_TYPES), unique=True),
        colors=Array(Str(enum=COLORS), unique=True),
        subtypes=NAME_LIST,
        mana_value_at_most=Int(),
        mana_value_at_least=Int(),
        all_types=Array(
            Str(enum=CARD_TYPES),
            unique=True,
            description='Every one of these types ("artifact creature spells"); `types` asks for one of them.',
        ),
        any_keyword=Array(
            KEYWORD,
            unique=True,
            description="One of these keywords, as it has them where it is (“a creature card "
            "with deathtouch, hexproof, reach, or trample”).",
        ),
    ),
    description="Qualities of a spell or card, judged on what exists in its zone (709.3a, 709.4).",
)

SPELL_FILTER = Defined("spell_filter", SPELL_FILTER_TABLE)
CONDITION_TABLE.fields["cards_in_your_graveyard"] = Field(
    Table(
        _fields(
            ("at_least",),
            filter=SPELL_FILTER,
            at_least=Int(minimum=1),
            other=Bool(description="The card with the ability doesn't count itself."),
        ),
        description="“If there are N or more [quality] cards in your graveyard”.",
    )
)

#: The name of one instance of the word "target" in a spell or ability.
#: A role for players is capitalized ("Victim"), so that it can stand where
#: a player's name does ("gain_life = { Victim = 1 }").
TARGET_ROLE = r"[A-Za-z][A-Za-z0-9_]*"

TARGET_SPEC = Table(
    _fields(
        ("role",),
        role=Str(
            pattern=TARGET_ROLE,
            pattern_hint='"yours" (lower case; capitalized, "Victim", for a player target)',
            description="Its name: a cast or activation gives the targets for each role, and in "
            "the actions it stands for them. A role that stands where a player's name does is "
            "capitalized.",
        ),
        permanent=AnyOf(
            [FILTER, Array(FILTER_ITEM, min_items=2)],
            description="A permanent on the battlefield that fits, relative to the controller "
            "(“target creature you control”), or one of several (“target creature or "
            "planeswalker”).",
        ),
        card=Table(
            _fields(
                zone=Str(enum=("graveyard", "exile", "hand", "library")),
                owner=Str(
                    enum=("you", "opponents", "any"),
                    description="Whose zone: “your graveyard”, “an opponent's graveyard”, "
                    "“any graveyard” (default any).",
                ),
                filter=SPELL_FILTER,
            ),
            description="A card in a zone other than the battlefield (“target creature card in "
            "your graveyard”); default zone: graveyard.",
        ),
        player=Str(
            enum=("any", "opponents", "you"),
            description="A player: any, an opponent (“target opponent”), or its controller.",
        ),
        count=AnyOf(
            [Int(minimum=1), Str(enum=("any_number",))],
            description="How many targets this instance takes (default 1); `any_number` for "
            "“any number of target ...” (601.2c).",
        ),
        up_to=Bool(description="`count` is the most it takes (“up to two target creatures”)."),
        description=Str(description="The requirement in our words."),
    ),
    description="One instance of the word “target” (115.1): what each of its targets must be "
    "as it is chosen (601.2c) and as the spell or ability resolves (608.2b). At least one of "
    "`permanent`, `card` and `player`; a target fits if it fits one of them.",
)
TARGETING = Array(
    TARGET_SPEC,
    min_items=1,
    description="What each instance of the word “target” asks for (115.1), in the order "
    "written; the same object may be chosen for two instances, never twice for one (601.2c).",
)

#: What an effect may say about attacking and blocking (508.1c–d, 509.1b–c).
COMBAT_RULE_FIELDS = _fields(
    cant=Array(
        Str(enum=("attack", "block", "be_blocked", "attack_alone", "block_alone")),
        min_items=1,
        unique=True,
        description="Restrictions: it can't attack, can't block, can't be blocked, can't attack "
        "alone, can't block alone (508.1c, 509.1b).",
    ),
    must=Array(
        Str(enum=("attack", "block")),
        min_items=1,
        unique=True,
        description="Requirements: it attacks, or blocks, each combat if able (508.1d, 509.1c).",
    ),
    cant_be_blocked_except_by=AnyOf(
        [FILTER],
        description="“Can't be blocked except by [quality] creatures”: only blockers that fit "
        "(509.1b).",
    ),
    pays_to_attack=Table(
        _fields(
            ("cost",),
            cost=Str(min_length=1, description='The mana it costs for each creature: "{2}".'),
            planeswalkers=Bool(
                description="It applies to attacking planeswalkers you control too."
            ),
        ),
        description="“Creatures can't attack you unless their controller pays {2} for each "
        "of them”: a cost to attack the effect's controller (508.1h, 508.1j).",
    ),
    pays_to_block=Table(
        _fields(
            ("cost",),
            cost=Str(min_length=1, description='The mana it costs for each creature: "{1}".'),
        ),
        description="“Creatures can't block unless their controller pays {1} for each of "
        "them”: a cost to block (509.1d, 509.1f).",
    ),
)

STATIC = Table(
    _fields(
        ("affects",),
        affects=AnyOf(
            [FILTER, Array(FILTER_ITEM, min_items=2)],
            description="What it affects: permanents that fit a FILTER, or one of several "
            '("Skeletons you control and other Zombies you control").',
        ),
        grant=KEYWORD_LIST,
        cant_have=AnyOf(
            [KEYWORD_LIST],
            description="“[They] lose [keywords] and can't have or gain [keywords]”: whatever "
            "gives them, they don't have these; an effect of a resolving spell or ability that "
            "would give one to them as it begins isn't created for them, even after this "
            "ability stops applying (its other parts apply).",
        ),
        lose=Array(
            KEYWORD,
            unique=True,
            description="Keywords they lose (layer 6, 613.1f), applied with the other "
            "ability-changing effects in timestamp order (613.7): “creatures your opponents "
            "control lose infect”.",
        ),
        pump=PT_CHANGE,
        set_base=AnyOf(
            [PT_VALUE],
            description="“Has base power and toughness 1/1” (layer 7b, 613.4b); with several, "
            "the one with the latest timestamp applies last (613.7).",
        ),
        add_subtypes=Array(
            Str(min_length=1),
            unique=True,
            description="Subtypes they have in addition to their own (layer 4, 613.1d), such "
            "as “creatures you control are Zombies in addition to their other types”.",
        ),
        pump_for_each=Str(
            enum=("dungeons_completed",),
            description="“Gets +2/+2 for each differently named dungeon you've completed” "
            "(309.7): `pump` times that number, counted continuously.",
        ),
        condition=CONDITION,
        unless=AnyOf(
            [CONDITION],
            description="With `cant`: “... unless [condition]”: the restriction doesn't "
            "apply while this holds (508.1c).",
        ),
    )
    | COMBAT_RULE_FIELDS,
    description="A static ability of the permanent: it affects what matches while the permanent is on the battlefield (611.3), or, for an emblem, while it is in the command zone (114.4).",
)

PERMISSION = Table(
    _fields(
        spells=SPELL_FILTER,
        as_though_flash=Bool(
            description="Its controller may cast such spells as though they had flash (601.3b)."
        ),
        cast_from=Str(enum=("graveyard", "exile", "library_top")),
        condition=CONDITION,
        players=Str(
            enum=("you", "any"),
            description="Who may use it: its controller (default) or any player.",
        ),
        without_paying_mana_cost=Bool(
            description="They may be cast without paying their mana cost (118.9, `cast`'s "
            "`without_paying_mana_cost`); the rest of the permission (`as_though_flash`) then "
            "applies only to a spell cast that way (601.3c)."
        ),
    ),
    description="A static ability that lets its controller cast spells (601.3).",
    min_properties=1,
)

PROHIBITION = Table(
    _fields(
        players=Str(
            enum=("you", "opponents", "each"),
            description="Who is prohibited, relative to its controller (default `each`).",
        ),
        cast=SPELL_FILTER,
        activate=FILTER,
        during_your_turn=Bool(description="Only during its controller's turn."),
    ),
    description="A static ability that prohibits casting spells (`cast`: “your opponents can't "
    "cast noncreature spells”, 601.3; judged on the spell as the choices of its proposal make "
    "it, 601.3a; `cast:casting_restriction`) or activating the abilities of permanents "
    "(`activate`: “activated abilities of artifacts can't be activated”, a FILTER relative to "
    "its controller, 602.5; `activate:prohibited`).",
    min_properties=1,
)

#: Expectations whose lists are sets: order doesn't matter.
UNORDERED_EXPECTATIONS = frozenset(
    {"lost", "died", "attacking", "blocking", "found", "chosen_names", "regenerated"}
)
#: What a static ability's filters and conditions may not look at (but a single
#: `affects` may filter by keyword, see checks._without_keyword_filter): keywords,
#: power and toughness are what static abilities change (layers 6 and 7), so
#: such an ability would depend on others' results, or its own (613.8).
STATIC_DEPENDENT_KEYS = (
    "keywords",
    "without_keywords",
    "source_has",
    "power_at_least",
    "power_equals_toughness",
)
#: Expectations that give each object a set (of keywords, types ...): order doesn't matter.
SET_VALUED_EXPECTATIONS = frozenset({"keywords", "names", "types", "subtypes", "colors"})
#: Expectations that list events, each matched to one event on the fields it gives.
EVENT_EXPECTATIONS = frozenset({"dealt", "life_gained", "prevented"})


def _prevention_amount(*, shield: bool) -> AnyOf:
    kinds = _fields(
        all_but=Int(minimum=0, description='"Prevent all but N of that damage."'),
        per_source=Int(
            minimum=0,
            description="X of each source's damage, divided among its recipients as the "
            "effect's controller chooses.",
        ),
    )
    if shield:
        kinds |= _fields(
            shield=AnyOf(
                [Int(minimum=1), Str(enum=("x",)), DEVOTION],
                description='"The next N damage" (or "the next X damage": the spell\'s X): a '
                "shield, used up (615.7).",
            )
        )
    return AnyOf(
        [
            Str(
                enum=("all", "half_rounded_up", *(("next_time",) if shield else ())),
                description='"next_time" (a resolving effect with `from_objects`): “the next '
                "time [that source] would deal damage”, all of its next instance of damage, "
                "then it is used up (615.8).",
            ),
            Int(minimum=1, description='"Prevent N of that damage", in each event (615.10).'),
            Table(kinds, one_of=tuple(kinds)),
        ]
    )


def _damage_effect_fields(*, static: bool, **extra: Spec) -> dict[str, Field]:
    """Which damage a replacement or prevention effect applies to: dealt to
    what, by what (609.7)."""
    fields = _fields(
        to_players=Str(
            enum=("you", "opponents", "any"),
            description="Damage to players: its controller, its controller's opponents, or any.",
        ),
        to=FILTER,
        by=FILTER,
        combat=Bool(description="Combat damage only."),
        condition=CONDITION,
        description=Str(description="The effect in our words, for traces."),
        **extra,
    )
    if static:
        fields |= _fields(
            to_itself=Bool(description="Damage to the permanent with the ability."),
            by_itself=Bool(description="Damage from the permanent with the ability."),
        )
    return fields


#: 615.5: "if damage is prevented this way, ~ deals that much damage to ...".
THEN_DEALS = AnyOf(
    [TARGET, Str(enum=("source",))],
    description="“If damage is prevented this way, ~ deals that much damage to” this player "
    "or object; `source`: to the source of the damage prevented if it is a creature, else to "
    "its controller (615.5). The effect's source deals it, as noncombat damage.",
)

PREVENTION = Table(
    _damage_effect_fields(
        static=True, amount=_prevention_amount(shield=False), then_deals=THEN_DEALS
    ),
    description="A static ability that prevents damage (615) while the permanent is on the "
    'battlefield. `amount`: "all" (default), "half_rounded_up", N ("prevent N of that damage", '
    "in each event, 615.10), or { all_but } or { per_source }.",
)

DAMAGE_REPLACEMENT = Table(
    _damage_effect_fields(
        static=True,
        times=Int(
            minimum=2,
            maximum=COUNT_BOUND,
            bound=COUNT_BOUND_REASON,
            description='"Double" is 2, "triple" 3.',
        ),
        plus=Int(minimum=1, description='"That much damage plus N".'),
        counters_instead=Str(
            pattern=COUNTER,
            pattern_hint='"+1/+1"',
            description="“If damage would be dealt to [it], put that many [kind] counters on it "
            "instead”: the damage isn't dealt; the counters are put on the permanent that would "
            "have been dealt it (614.1a).",
        ),
    ),
    description='A static ability: "If [a source] would deal damage to [something], it deals '
    'double that damage / that much damage plus N instead", or "put that many counters on it '
    'instead" (614.1a).',
    min_properties=1,
)

_REDIRECT_SHIELD = Table(
    _fields(
        ("shield",),
        shield=Int(
            minimum=1,
            maximum=COUNT_BOUND,
            bound=COUNT_BOUND_REASON,
            description="“The next N damage”: used up as it redirects.",
        ),
    )
)

REDIRECTION = Table(
    _damage_effect_fields(
        static=True,
        instead_to=AnyOf(
            [TARGET, Str(enum=("itself",))],
            description="Where the damage is dealt instead: the permanent with the ability "
            "(`itself`, the default) or this player or object.",
        ),
    ),
    description="A static ability: “[damage] that would be dealt to [something] is dealt to ~ "
    "instead” (614.1a); the source of the damage is unchanged.",
    min_properties=1,
)

#: The objects a resolving effect applies to, locked in as it resolves
#: (611.2c, 615.11).
NAMED_NOW = AnyOf(
    [REF_LIST, FILTER, Str(enum=("targets",))],
    description="Damage to these objects, to the spell's targets, or to each permanent that "
    "fits a FILTER as the spell resolves (615.11), as they are now.",
)

REDIRECT_ACTION = Table(
    _damage_effect_fields(
        static=False,
        amount=AnyOf([Str(enum=("all",)), _REDIRECT_SHIELD]),
        instead_to=AnyOf(
            [TARGET, Str(enum=("itself",))],
            description="Where the damage is dealt instead: the ability's source (`itself`, the "
            "default) or this player or object.",
        ),
        to_objects=NAMED_NOW,
        you=PLAYER,
    ),
    description="A resolving spell or ability's redirection (614.1a) for the rest of the turn, "
    "or of the next N damage: a shield for each player and object it names.",
)

PREVENT_ACTION = Table(
    _damage_effect_fields(
        static=False,
        amount=_prevention_amount(shield=True),
        then_deals=THEN_DEALS,
        to_objects=NAMED_NOW,
        from_objects=AnyOf(
            [REF_LIST, Str(enum=("targets",))],
            description="Damage from these sources, or from the spell's targets, as they are "
            "now (400.7).",
        ),
        you=PLAYER,
    ),
    description="A resolving spell or ability's prevention effect (615) for the rest of the "
    "turn, or until its shield is used up; a shield protects each player and object it names "
    "separately (615.11).",
)

# Actions. What a spell does as it resolves uses the same vocabulary, minus
# the turn-based and casting actions.

EFFECT = Table(
    _fields(
        ("to",),
        to=AnyOf(
            [REF_LIST, FILTER, Str(enum=("targets", "blocked_by_targets"))],
            description='Names, a FILTER, the spell\'s "targets", or "blocked_by_targets": the '
            "creatures the spell's targets were declared blocking this combat (509.1g).",
        ),
        you=PLAYER,
        grant=KEYWORD_LIST,
        lose=KEYWORD_LIST,
        pump=Str(pattern=rf"[+-]({DIGITS}|X)/[+-]({DIGITS}|X)", pattern_hint='"+2/+0" or "+X/+X"'),
        set_base=PT_VALUE,
        switch=Bool(description="Switches power and toughness (layer 7d, 613.4d)."),
        x=Str(
            enum=(
                "party",
                "x",
                "other_attacking_creatures",
                "greatest_power",
                "creatures_blocking_it",
                "counters_removed",
            ),
            description="What X is, determined once as the effect applies (608.2h): the number "
            "of creatures in your party, the spell's X, the number of attacking creatures "
            "other than the ones the effect names, the greatest power among creatures you "
            "control, the number of creatures blocking the (first) object it names, or, in an "
            "activated ability with `remove_all_counters`, the number of counters its cost "
            "removed.",
        ),
        condition=AnyOf(
            [CONDITION],
            description='"If you control a creature with power 4 or greater": checked once, as '
            "it resolves; if it doesn't hold, the effect doesn't begin.",
        ),
        until=Str(enum=DURATIONS),
        same_is_true_for_variants=Bool(
            description="Grants every variant of each keyword (702.1c)."
        ),
        gain_control=Bool(description="Its controller (`you`) gains control of them (613.1b)."),
        assigns_no_combat_damage=Bool(
            description="“[It] assigns no combat damage”: for its duration, it assigns none, as "
            "a creature with 0 power doesn't (510.1a); its power is unchanged."
        ),
        add_types=Array(
            Str(enum=CARD_TYPES),
            unique=True,
            description="Card types they gain, in addition to their own (613.1d).",
        ),
        add_subtypes=Array(
            Str(min_length=1), unique=True, description="Subtypes they gain (613.1d)."
        ),
        set_subtypes=Array(
            Str(min_length=1),
            unique=True,
            description='"Becomes a Dragon": the subtypes they have instead of their own (205.1b).',
        ),
        set_colors=Array(
            Str(enum=COLORS),
            description='"Becomes blue": the colors they have instead; [] is colorless (105.3).',
            unique=True,
        ),
        only=AnyOf(
            [FILTER],
            description='"If it\'s a Vampire": of the objects named, only those that fit as it '
            "resolves are affected.",
        ),
    ),
    description="A resolving spell or ability's continuous effect; with a filter the affected set is locked in as it resolves (611.2c).",
)

#: How a permanent enters the battlefield: tapped, attacking (508.4) or
#: blocking (509.4).
ENTERING: dict[str, Spec] = dict(
    tapped=Bool(description="It enters tapped."),
    attacking=Str(
        pattern=f"{PLAYER_NAME}|{OBJECT_REF}",
        pattern_hint='"Bob" (a player) or "jace" (a planeswalker)',
        refers_to="target",
        description="It enters attacking this player or planeswalker (508.4): attacking, but it "
        "never attacked.",
    ),
    blocking=Str(
        pattern=OBJECT_REF,
        pattern_hint=REF.pattern_hint,
        refers_to="object",
        description="It enters blocking this attacking creature (509.4): blocking, but it "
        "never blocked.",
    ),
)

#: An emblem an effect creates: its abilities (114.3); `triggers` is added
#: once triggered abilities are defined.
EMBLEM_TABLE = Table(
    _fields(
        name=Str(min_length=1, description="Most emblems have no name (114.3)."),
        statics=Array(STATIC),
    ),
    description="The emblem's abilities.",
)

#: Life totals (119): what may happen to them, and what damage does to them.
LIFE_RULE = Table(
    _fields(
        players=Str(
            enum=("you", "opponents", "any"),
            description="Whose life total: its controller's (default), opponents' or any.",
        ),
        cant_gain=Bool(description="“Can't gain life” (119.7)."),
        cant_lose=Bool(
            description="“Can't lose life” (119.8); with `cant_gain`, “your life total can't "
            "change”."
        ),
        damage_causes_no_loss=Bool(
            description="“Damage doesn't cause you to lose life” (120.4c): the damage is "
            "still dealt."
        ),
        damage_floor=Int(
            minimum=1,
            maximum=COUNT_BOUND,
            bound=COUNT_BOUND_REASON,
            description="“Damage that would reduce your life total to less than N reduces it "
            "to N instead” (120.4c).",
        ),
        condition=CONDITION,
        description=Str(description="The rule in our words, for traces."),
    ),
    description="A static ability on life totals (119.7, 119.8, 120.4c).",
    min_properties=1,
)

LIFE_GAIN_REPLACEMENT = Table(
    _fields(
        players=Str(
            enum=("you", "opponents", "any"),
            description="Whose life gain: its controller's (default), opponents' or any.",
        ),
        by_own_spell_or_ability=Bool(
            description="Only life a spell or ability would cause its own controller to gain."
        ),
        lose_instead=Bool(description="“That player loses that much life instead”."),
        times=Int(
            minimum=2,
            maximum=COUNT_BOUND,
            bound=COUNT_BOUND_REASON,
            description="“Twice that much life instead” is 2.",
        ),
        plus=Int(minimum=1, maximum=COUNT_BOUND, bound=COUNT_BOUND_REASON),
        condition=CONDITION,
        description=Str(description="The effect in our words, for traces."),
    ),
    description="“If [a player] would gain life, ... instead” (614.1a, 119.10).",
    min_properties=1,
)

#: Rules on counters (122.1, 122.1f, 614.1a).
_COUNTER_RULE_FIELDS = _fields(
    objects=AnyOf(
        [FILTER, Array(FILTER_ITEM, min_items=2)],
        description="Permanents that fit a FILTER, or one of several (“artifacts, creatures, "
        "enchantments, or lands”).",
    ),
    players=Str(
        enum=("you", "opponents", "any"),
        description="Players: its controller, its controller's opponents, or any player.",
    ),
    kinds=Array(
        Str(pattern=COUNTER, pattern_hint='"-1/-1" or "poison"'),
        unique=True,
        min_items=1,
        description="The kinds of counters it is about; without it, every kind.",
    ),
    cant=Bool(
        description="“Can't have [kind] counters put on it”, “can't get [kind] counters” (122.1, "
        "122.1f): none are put. The event that would have put them still happens: damage from "
        "a source with wither or infect is still dealt."
    ),
    fewer=Int(
        minimum=1,
        maximum=COUNT_BOUND,
        bound=COUNT_BOUND_REASON,
        description="“If one or more [kind] counters would be put on [it], that many minus N "
        "are put on it instead” (614.1a).",
    ),
    condition=CONDITION,
    description=Str(description="The rule in our words, for traces."),
)
COUNTER_RULE = Table(
    _COUNTER_RULE_FIELDS
    | _fields(
        itself=Bool(
            description="The permanent with the ability (“~ can't have counters put on it”)."
        )
    ),
    description="A static ability on the counters permanents and players may get (122.1, "
    "614.1a): what it applies to (`itself`, `objects`, `players`), the kinds, and `cant` or "
    "`fewer`.",
    min_properties=1,
)
COUNTER_RULE_WITH_TO = Table(
    _COUNTER_RULE_FIELDS
    | _fields(
        to=Array(
            TARGET,
            unique=True,
            min_items=1,
            description="Exactly these players and objects (the objects they are now, 400.7).",
        )
    ),
    description="A rule on counters from a resolving spell or ability: as a static's, or for "
    "the players and objects named in `to`.",
    min_properties=1,
)

STATE_ACTION_SPECS: dict[str, Spec] = {
    "grant": by_object(KEYWORD_LIST, "Gains keywords until end of turn."),
    "lose": by_object(KEYWORD_LIST, "Loses keywords until end of turn."),
    "pump": by_object(PT_CHANGE, "Gets +X/+Y until end of turn."),
    "set_base": by_object(PT_VALUE, "Has base power and toughness X/Y until end of turn."),
    "switch": Array(
        REF,
        unique=True,
        description="Switches each one's power and toughness until end of turn (layer 7d, 613.4d).",
    ),
    "counters": by_target(
        Map(AnyOf([Int(), THAT_MUCH_SPEC]), key_pattern=COUNTER, key_hint="a counter name"),
        "Puts counters on objects, or gives them to players (poison counters, 122.1f); a "
        "negative amount removes that many. The rules on counters apply (`counter_rules`: "
        "122.1, 614.1a).",
    ),
    "counter_rules": Table(
        _fields(
            ("rules",),
            rules=Array(COUNTER_RULE_WITH_TO, min_items=1),
            until=Str(
                enum=("end_of_turn", "source_leaves", "permanent"),
                description="How long the rules last: until end of turn (default), for as "
                "long as the spell's or ability's source remains on the battlefield "
                "(`source_leaves`, 611.2b), or for the rest of the game.",
            ),
            you=PLAYER,
        ),
        description="A resolving spell or ability's rules on counters (122.1, 614.1a); `you` "
        "is its controller if not the spell's.",
    ),
    "remove_from_combat": REF_LIST,
    "become_blocked": Array(
        REF, unique=True, description="Attacking creatures an effect makes blocked (509.1h)."
    ),
    "destroy": REF_LIST,
    "sacrifice": REF_LIST,
    "regenerate": Array(
        REF,
        unique=True,
        description="Regenerates each permanent (701.19a): a shield that replaces the next time "
        "it would be destroyed this turn. As a probe's action: its regeneration ability resolves.",
    ),
    "move": by_object(Str(enum=ZONES), "Moves objects to a zone (a new object, 400.7)."),
    "deal_damage": Table(
        _fields(
            ("amount",),
            source=AnyOf(
                [REF],
                description="The source; default: the resolving spell, or the ability's source "
                "(“~ deals”). One that has left its zone deals it as it last existed (113.7a, "
                "608.2h).",
            ),
            to=AnyOf([TARGET, TARGET_LIST], description="A recipient, or several."),
            to_players=Str(
                enum=("you", "opponents", "any"),
                description="Each of these players (“each opponent”), as the effect applies.",
            ),
            to_each=AnyOf(
                [FILTER], description="Each permanent that fits (“each creature”), as it applies."
            ),
            amount=AnyOf(
                [
                    AMOUNT,
                    Str(
                        enum=("x", "source_power", SACRIFICED_POWER),
                        description="The spell's X, or the source's power (as it last existed, "
                        "if it has left its zone), or, in an activated ability with "
                        "`sacrifice_as_cost`, the sacrificed permanent's power as it last "
                        "existed on the battlefield (608.2h).",
                    ),
                ]
            ),
            excess_to_controller=Bool(
                description="“Excess damage is dealt to that permanent's controller instead” "
                "(120.4a)."
            ),
            instead_if=Table(
                _fields(("filter", "amount"), filter=FILTER, amount=AMOUNT),
                description="“If it's a [quality], ~ deals N damage to it instead”: a "
                "self-replacement effect (614.15) for each recipient permanent that fits, applied "
                "before other replacement effects (616.1a).",
            ),
            excess_if_source_has=Array(
                KEYWORD,
                unique=True,
                description="Only if the source has these keywords (“if it has trample”).",
            ),
        ),
        description="Noncombat damage (120.3) from one source to each recipient at once.",
    ),
    "effect": EFFECT,
    "gain_control": by_object(PLAYER),
    "add_mana": by_player(
        AnyOf(
            [
                Str(min_length=1),
                Table(
                    _fields(("mana", "for_each"), mana=Str(min_length=1), for_each=FILTER),
                    description="“Add {G} for each Elf you control”: counted as it resolves "
                    "(608.2h).",
                ),
            ],
            description='Mana symbols, "{G}{G}", or that mana for each permanent that fits.',
        ),
        "Adds this mana to each player's mana pool (106.4); a spell or ability that does is "
        "a mana ability if it is an activated ability without a target (605.1a).",
    ),
    "attach": by_object(
        AnyOf([REF, Str(enum=("targets",))]),
        "“Attach [this Aura, Equipment or Fortification] to [a permanent]” (701.3a): to that "
        "permanent, or to the resolving spell's or ability's target, with a new timestamp "
        "(701.3c, 613.7e); where it can't be attached it doesn't move (701.3b).",
    ),
    "tap": REF_LIST,
    "transform": Array(
        REF,
        unique=True,
        description="“Transform [permanents]” (701.27a): each turns over to its other face; "
        "one without a `back_face` doesn't (701.27c).",
    ),
    "untap": REF_LIST,
    "untap_all": AnyOf(
        [FILTER],
        description="“Untap all [permanents]”: each permanent that fits, relative to the "
        "effect's controller, as it applies.",
    ),
    "add_phases": Table(
        _fields(
            ("after", "phases"),
            after=Str(enum=("this_main_phase", "this_phase")),
            phases=Array(Str(enum=("combat", "main")), min_items=1),
        ),
        description="Adds phases to the turn (500.8).",
    ),
    "extra_turns": by_player(
        count(),
        "“[Player] takes an extra turn after this one” (500.7): how many each player is given; "
        "they are added one at a time, the players in APNAP order, and the most recently created "
        "is taken first.",
    ),
    "add_steps": Table(
        _fields(
            ("steps",),
            after=Str(
                enum=("this_step", "this_phase"),
                description="`this_step` (default, 500.9) or `this_phase`: the steps come in a "
                "phase of their own, of the kind that contains them, directly after this phase, "
                "whose other steps are skipped (500.10).",
            ),
            steps=Array(
                Str(
                    enum=(
                        "untap",
                        "upkeep",
                        "draw",
                        "beginning_of_combat",
                        "declare_attackers",
                        "declare_blockers",
                        "combat_damage",
                        "end_of_combat",
                        "end",
                        "cleanup",
                    )
                ),
                min_items=1,
            ),
        ),
        description="“There is an additional [step] after this step” (500.9): steps of the "
        "current phase added directly after the current step, in this order; steps added "
        "later come first.",
    ),
    "skip": Table(
        _fields(
            ("player", "step"),
            player=PLAYER,
            step=Str(enum=("untap", "upkeep", "draw")),
            times=count(),
        ),
        description="“[Player] skips their next [step]” (614.10): the next occurrence of that "
        "step in that player's turn is skipped; `times` skips that many (614.10a).",
    ),
    "choose_name": Table(
        _fields(("player", "name"), player=PLAYER, name=Str(min_length=1)),
        description="A player chooses a card name (709.4a).",
    ),
    "discard": REF_LIST,
    "search": Table(
        _fields(("player",), player=PLAYER, zone=Str(enum=ZONES), filter=SPELL_FILTER),
        description="A player searches a zone for cards with these qualities (701.23).",
    ),
    "gain_life": by_player(
        AMOUNT, "Each player gains that much life: one life-gain event (119.3, 119.9)."
    ),
    "lose_life": by_player(AMOUNT, "Each player loses that much life (119.3)."),
    "controller_loses_life": by_object(
        AMOUNT,
        "“Its controller loses N life”: the controller of each permanent, as it last existed "
        "on the battlefield if it has left (608.2h, 113.7a).",
    ),
    "set_life": by_player(
        AMOUNT,
        "“Your life total becomes N”: the player gains or loses the difference (119.5).",
    ),
    "double_life": Array(
        PLAYER,
        unique=True,
        description="“Double your life total”: the player gains or loses life so that it is "
        "twice what it was (701.10d, 119.5).",
    ),
    "life_rules": Table(
        _fields(
            rules=Array(LIFE_RULE, min_items=1),
            replace_gain=Array(LIFE_GAIN_REPLACEMENT, min_items=1),
            you=PLAYER,
        ),
        description="A resolving spell or ability's rules on life totals and replacements of "
        "life gain, until end of turn (119.7, 119.8, 120.4c, 614.1a); `you` is its controller "
        "if not the spell's.",
        min_properties=1,
    ),
    "fight": by_object(
        REF,
        "Each creature fights the one it is paired with: each deals damage equal to its power "
        "to the other (701.14a); if either is an illegal target or isn't a creature on the "
        "battlefield, neither does (701.14b).",
    ),
    "draw": by_player(COUNT_AMOUNT, "Each player draws that many cards (121.1)."),
    "mill": by_player(
        COUNT_AMOUNT,
        "Each player mills that many cards: from the top of their library into their graveyard "
        "(701.17a), no more than it holds (701.17b).",
    ),
    "scry": by_player(
        COUNT_AMOUNT,
        "Each player scries that many (701.22a); scry 0 is no scry event (701.22b). In an "
        "ability, the cards put on the bottom are its `choose_on_resolution` choice `scry`; "
        "otherwise every card stays on top.",
    ),
    "exile_until_source_leaves": Array(
        REF,
        unique=True,
        description="In a triggered ability: exile these until its source leaves the "
        "battlefield (610.3); nothing is exiled if the source has left since it triggered (610.3b).",
    ),
    "remove_counters": by_target(
        Array(Str(pattern=COUNTER, pattern_hint='"+1/+1"'), min_items=1, unique=True),
        "Removes all counters of these kinds from objects or players. In a spell's `resolve`, `that_much` in a later "
        "action is how many it removed (“that many”, 608.2c).",
    ),
    "create_token": Map(
        Table(
            _fields(
                name=Str(
                    min_length=1,
                    description="Default: its subtypes plus the word Token (111.4).",
                ),
                types=Array(Str(enum=CARD_TYPES), unique=True),
                subtypes=NAME_LIST,
                colors=Array(Str(enum=COLORS), unique=True),
                power=AnyOf([Int(), THAT_MUCH_SPEC]),
                toughness=AnyOf([Int(), THAT_MUCH_SPEC]),
                keywords=KEYWORD_LIST,
                **ENTERING,
            ),
            description="The token's characteristics (111.3); `types` defaults to creature "
            "when power is given. It may enter tapped, attacking or blocking. In a triggered "
            "ability, power and toughness may be `that_much` (“create an X/X ... token, where X "
            "is the amount of damage”, 608.2h).",
        ),
        key_pattern=OBJECT_REF,
        key_hint='a name for the new token, such as "centaur" (lower case)',
        description="The effect's controller creates these tokens (111.2), keyed by the names "
        "the probes call them; they enter the battlefield at the same time (603.6a).",
    ),
    "each_player_sacrifices": Array(
        FILTER_ITEM,
        min_items=1,
        description="Each player sacrifices a permanent they control that fits each of these "
        "(701.21a), chosen as it resolves (608.2d; the resolve action's `choose`).",
    ),
    "restrict": Table(
        _fields(
            ("to",),
            to=AnyOf([REF_LIST, FILTER, Str(enum=("targets",))]),
            you=PLAYER,
            until=Str(enum=DURATIONS),
        )
        | COMBAT_RULE_FIELDS,
        description="A resolving spell or ability's effect on attacking and blocking "
        "(508.1c–d, 509.1b–c), until end of turn by default. With a filter it applies to "
        "whatever fits while it lasts (611.2c).",
    ),
    "goad": Table(
        _fields(
            ("to",),
            to=AnyOf([REF_LIST, FILTER, Str(enum=("targets",))]),
            you=PLAYER,
        ),
        description="Goads each creature (701.15a): until `you`'s next turn it attacks each "
        "combat if able, and a player other than `you` if able (701.15b).",
    ),
    "create_emblem": Map(
        EMBLEM_TABLE,
        key_pattern=OBJECT_REF,
        key_hint='a name for the emblem, such as "emblem" (lower case)',
        description="“You get an emblem with [ability]” (114.2): the effect's controller puts "
        "an emblem into the command zone, keyed by the name the probes call it.",
    ),
    "move_cards": Table(
        _fields(
            ("to",),
            zone=Str(
                enum=("graveyard", "exile", "hand", "library"), description="Default graveyard."
            ),
            owner=Str(
                enum=("you", "opponents", "any"),
                description="Whose cards, relative to the effect's controller (default you).",
            ),
            filter=SPELL_FILTER,
            put_there_from_battlefield_this_turn=Bool(
                description="Only cards put into that graveyard from the battlefield this turn "
                "(700.4), as the objects they are now (400.7)."
            ),
            to=Str(enum=ZONES),
        ),
        description="Every card of a player's zone that fits moves to another zone (“return "
        "to your hand all creature cards in your graveyard ...”), counted as the effect "
        "applies (608.2h).",
    ),
    "put_onto_battlefield": Table(
        _fields(
            ("player",),
            player=PLAYER,
            **{"from": Str(enum=("hand", "graveyard", "library", "exile"))},
            filter=SPELL_FILTER,
            **ENTERING,
        ),
        description="A player puts a card with these qualities from a zone (default: hand) onto "
        "the battlefield: the first such card in the setup's order, if any.",
    ),
}

RESOLVE_ACTION_TABLE = Table(
    {name: Field(spec) for name, spec in STATE_ACTION_SPECS.items()},
    one_of=tuple(STATE_ACTION_SPECS),
    description="One step of what a spell does as it resolves.",
)
RESOLVE_ACTION = Defined("resolve_action", RESOLVE_ACTION_TABLE, item=True)

#: A mana ability a player activates while casting a spell or activating an
#: ability, before paying (601.2g, 605.3a).
MANA_ABILITY_ACTIVATION = Table(
    _fields(
        ("card",),
        card=REF,
        player=PLAYER,
        ability=Int(minimum=1, description="Which of its `abilities`, counting from 1."),
    ),
    description="Activates a mana ability (605.1a) of this permanent while paying (601.2g); "
    "any other ability is refused.",
)
DURING_ACTION_TABLE = Table(
    {
        **{name: Field(spec) for name, spec in STATE_ACTION_SPECS.items()},
        "activate": Field(MANA_ABILITY_ACTIVATION),
    },
    one_of=(*STATE_ACTION_SPECS, "activate"),
    description="One thing that happens while a spell is cast or an ability activated, "
    "before paying: a mana ability activated (601.2g), or an action.",
)
DURING_ACTION = Defined("during_action", DURING_ACTION_TABLE, item=True)

ACTION_SPECS: dict[str, Spec] = {
    "attack": by_object(TARGET, "Declare attackers (508.1): each attacker and what it attacks."),
    "block": by_object(AnyOf([REF, REF_LIST]), "Declare blockers (509.1); {} declares none."),
    "damage": by_object(
        Map(
            Int(minimum=0),
            key_pattern=f"{PLAYER_NAME}|{OBJECT_REF}",
            key_hint="a recipient",
            keys_refer_to="target",
        ),
        "Resolve the next combat damage step: explicit assignments per source, "
        "the default policy for the rest (510).",
    ),
    "advance": Str(enum=POSITIONS, description="Proceed to the start of this phase or step."),
    "next_turn": Str(
        enum=POSITIONS,
        description="Finish this turn and proceed to this phase or step of the next player's turn.",
    ),
    **STATE_ACTION_SPECS,
    "cast": Table(
        _fields(
            ("card",),
            card=REF,
            player=PLAYER,
            half=Str(min_length=1, description="The half of a split card to cast (709.3)."),
            x=Int(minimum=0),
            targets=AnyOf(
                [
                    TARGET_LIST,
                    Map(
                        TARGET_LIST,
                        key_hint="the name of a half, or a role of the spell's `targeting`",
                        description="A fused split spell's targets, by half (702.102d); or, for "
                        "a spell with target requirements (`targeting`), by role (601.2c).",
                    ),
                ]
            ),
            pay_flash_cost=Bool(
                description="Pay the extra cost that lets it be cast as though it had flash (601.3c)."
            ),
            fuse=Bool(description="Cast both halves of a split card with fuse (702.102a)."),
            mode=AnyOf(
                [count(minimum=1), Array(count(minimum=1), min_items=1)],
                description="The mode chosen for a modal spell, counting from 1 (700.2a); a "
                "list for a spell whose caster chooses several (`choose_modes`).",
            ),
            entwine=Bool(description="Pay the entwine cost and choose every mode (702.42a)."),
            divide=by_object(
                Int(minimum=0),
                "How what the spell divides is divided among its targets (601.2d).",
            ),
            kicked=Bool(
                description="Pay the spell's kicker cost: it is kicked (702.33a, 702.33d)."
            ),
            without_paying_mana_cost=Bool(
                description="Cast it without paying its mana cost, as a permission allows "
                "(118.9): its total cost is its additional costs only."
            ),
            sacrifice=Str(
                pattern=OBJECT_REF,
                pattern_hint=REF.pattern_hint,
                refers_to="object",
                description="The permanent sacrificed for the spell's `sacrifice_as_cost` "
                "(118.8, 601.2h).",
            ),
            alternative_cost=Str(
                description="An alternative cost paid instead of the mana cost (118.9)."
            ),
            additional_costs=Array(Str(), description="Additional mana costs (118.8)."),
            convoke_with=REF_LIST,
            mana_for_counters=by_object(
                Int(minimum=0),
                "The amount of mana paid for each permanent's additional cost of any amount of "
                "mana (601.2b); the spell enters with that many counters (614.1c).",
            ),
            during=Array(
                DURING_ACTION,
                description="Mana abilities activated (or actions taken) while casting, before "
                "paying (601.2g).",
            ),
        ),
        description="A player casts a spell (601.2).",
    ),
    "play_land": Table(
        _fields(("card",), card=REF, player=PLAYER),
        description="A player plays a land from their hand (305.1): a special action.",
    ),
    "activate": Table(
        _fields(
            ("card",),
            card=REF,
            player=PLAYER,
            ability=Int(minimum=1, description="Which of its `abilities`, counting from 1."),
            targets=AnyOf(
                [TARGET_LIST, Map(TARGET_LIST, key_hint="a role of the ability's `targeting`")],
                description="Its targets (601.2c, 602.2b): a list, or a table by role.",
            ),
            divide=by_object(
                Int(minimum=0),
                "How what it divides is divided among its targets (601.2d).",
            ),
            discard=REF_LIST,
            sacrifice=AnyOf(
                [REF],
                description="The permanent sacrificed for its `sacrifice_as_cost` (601.2h).",
            ),
            x=Int(
                minimum=0,
                description="The value announced for X in its cost (602.2b, 601.2b); its `do` "
                'uses it as `"x"`. Default 0.',
            ),
            during=Array(
                DURING_ACTION,
                description="Mana abilities activated (or actions taken) while activating, "
                "before paying (601.2g).",
            ),
        ),
        description="A player activates an activated ability of a permanent (602.2).",
    ),
    "resolve": AnyOf(
        [
            count(
                minimum=1, description="The top N objects of the stack resolve, one by one (608)."
            ),
            Table(
                _fields(
                    ("choose",),
                    choose=by_player(
                        REF_LIST, "The permanents each player chooses as it resolves (608.2d)."
                    ),
                ),
                description="The top object of the stack resolves, with the choices players "
                "make as it does (608.2d).",
            ),
        ]
    ),
    "copy_spell": by_object(
        PLAYER, "Puts a copy of a spell onto the stack under a player's control (707.10)."
    ),
    "ninjutsu": by_object(
        REF,
        "Its owner activates the ninjutsu ability of each card (in a hand) named, returning the "
        "unblocked attacking creature named with it; the card enters tapped and attacking what "
        "that creature attacked (702.49a, 702.49c).",
    ),
    "choose_on_resolution": by_object(
        Map(
            AnyOf(
                [
                    Bool(),
                    REF_LIST,
                    Str(pattern=CHOICE_NAME, pattern_hint='"flying" (an option of a `choose_one`)'),
                ]
            ),
            key_pattern=CHOICE_NAME,
            key_hint="the `name` of a `choose` or `may` in the object's triggered abilities",
        ),
        "The choices the next triggered or activated ability of each named object to resolve "
        "offers as it resolves (608.2d, 603.5), by the `name` of its `choose` (the permanents "
        "chosen), `may` (true or false) or `choose_one` (the option chosen). The ability must resolve during the probe's next action, and "
        "each choice given must be used.",
    ),
    "order_replacements": by_player(
        Array(REF, min_items=1, unique=True),
        "The order in which that player, the one the next damage affects, applies the "
        "replacement and prevention effects of these sources to it (616.1); the others follow "
        "in timestamp order.",
    ),
    "trigger_mode": by_object(
        Int(minimum=1, maximum=100),
        "The mode, counting from 1, that the controller of that object's next modal triggered "
        "ability to be put on the stack chooses for it (603.3c). Without it, the first mode "
        "that may be chosen.",
    ),
    "keep_legend": by_player(
        REF,
        "The legendary permanent that player keeps the next time the legend rule applies to "
        "them (704.5j): it must be one of the legendary permanents with the same name they "
        "control then. Without it, they keep the one that entered last.",
    ),
    "choose_prevention": by_object(
        Array(
            Table(
                _fields(("source", "to", "amount"), source=REF, to=TARGET, amount=Int(minimum=0))
            ),
            min_items=1,
        ),
        "How the controller of each named object's prevention effect divides it as the next "
        "damage would be dealt: which damage, from which source to what (615.1, 615.7).",
    ),
}

ACTION = Table(
    {name: Field(spec) for name, spec in ACTION_SPECS.items()},
    one_of=tuple(ACTION_SPECS),
    description="One action: a table with exactly one key, the action's kind.",
)

TRIGGER = WithNames(
    Table(
        _fields(
            ("event", "do"),
            event=Str(
                enum=tuple(EVENTS),
                description="The trigger event (603.1). (Not `when`: in a list, `when` is a "
                "parametric ruling's condition.)",
            ),
            filter=FILTER,
            to=Str(
                enum=RECIPIENTS,
                description="For damage events: what the damage is dealt to (for "
                "`damage_is_prevented`: what it would have been dealt to).",
            ),
            combat=Bool(description="For damage events: combat damage only."),
            from_zone=Str(
                enum=("graveyard", "exile", "hand", "library"),
                description="For `enters` and `a_creature_enters`: only a permanent that "
                "enters from this zone (“enters the battlefield from your graveyard”; the "
                "card's owner's zone).",
            ),
            first_time_each_turn=Bool(
                description="For life gain: only that player's first life-gain event each turn."
            ),
            at_least=Int(
                minimum=1,
                maximum=100,
                description="For `becomes_blocked_by_creatures` and `blocks_creatures`: how "
                "many creatures at least (509.3e); default 1.",
            ),
            once_each_turn=Bool(
                description="“Do this only once each turn” (603.2h): it triggers only if its "
                "source's controller hasn't taken its action this turn (a “you may” they "
                "declined isn't taken)."
            ),
            condition=CONDITION,
            targets=Array(
                TARGET, unique=True, description="Its targets, chosen as it's put on the stack."
            ),
            targeting=AnyOf(
                [TARGETING],
                description="What its targets must be (115.1d): each target in `targets` is "
                "chosen, as it is put on the stack, for the first requirement it fits; one that "
                "fits none isn't chosen (603.3d).",
            ),
            do=Array(
                RESOLVE_ACTION,
                description="What it does as it resolves. `that_creature` and `that_much` "
                "stand for the creature and the amount of its trigger event.",
            ),
            functions_in=Str(
                enum=("battlefield", "graveyard"),
                description="The zone it triggers from (113.6); default the battlefield.",
            ),
            description=Str(description="The ability in our words, for traces."),
            modes=Array(
                Table(
                    _fields(
                        ("do",),
                        do=Array(RESOLVE_ACTION, description="What the mode does."),
                        targets=Array(
                            TARGET,
                            unique=True,
                            description="The mode's targets, chosen as it's put on the stack.",
                        ),
                        targeting=AnyOf([TARGETING], description="What its targets must be."),
                        description=Str(description="The mode in our words, for traces."),
                    )
                ),
                min_items=2,
                description="A modal triggered ability's modes (“choose one —”, 603.3c): one "
                "is chosen as it is put on the stack (`trigger_mode`); it does `do`, then the "
                "mode's actions. A mode whose targets can't be chosen can't be chosen.",
            ),
        ),
        description="A triggered ability (603): when, if, and what it does.",
    ),
    objects=frozenset({THAT_CREATURE, CHOSEN, ATTACHED_CREATURE}),
)

EMBLEM_TABLE.fields["triggers"] = Field(Array(TRIGGER))
EFFECT.fields["grant_triggers"] = Field(
    Array(
        TRIGGER,
        min_items=1,
        description="Triggered abilities they gain (613.1f): “creatures you control gain "
        "‘Whenever this creature deals combat damage to a player, draw a card’”, each written "
        "as a permanent's `triggers`; the set of objects is locked in as the effect begins "
        "(611.2c).",
    )
)

#: A triggered ability that a resolving spell creates for a duration (603.7,
#: 603.7b): a resolve action only, whose own actions are resolve actions.
CREATED_TRIGGER = WithNames(
    Table(
        _fields(
            ("event", "do"),
            event=Str(
                enum=DELAYED_EVENTS,
                description="The trigger event (603.1); the events modelled for a delayed "
                "triggered ability.",
            ),
            object=Str(
                pattern=OBJECT_REF,
                pattern_hint=REF.pattern_hint,
                refers_to="object",
                description="The object it refers to (“when that creature becomes blocked”), "
                "for the events about one creature (`becomes_blocked`, `dies`): the object it "
                "is as the ability is created (603.7c); `that_creature` or a role may name it.",
            ),
            filter=FILTER,
            to=Str(enum=RECIPIENTS, description="For damage events: what the damage is dealt to."),
            combat=Bool(description="For damage events: combat damage only."),
            condition=CONDITION,
            do=Array(
                RESOLVE_ACTION,
                description="What it does as it resolves; `that_creature` and `that_much` stand "
                "for the creature and the amount of its trigger event.",
            ),
            until=Str(
                enum=("end_of_turn",),
                description="Its stated duration (603.7b): it triggers each time its event "
                "happens until then. Without one, it triggers only the next time, once.",
            ),
            description=Str(description="The ability in our words, for traces."),
        ),
        description="A resolving spell or ability creates a delayed triggered ability (603.7): "
        "its source is the spell (603.7d) or that ability's source (603.7e), its controller "
        "theirs, and it triggers only once it exists (603.7a).",
    ),
    objects=frozenset({THAT_CREATURE, CHOSEN}),
)
CHOOSE_ACTION = Table(
    _fields(
        ("name", "do"),
        name=Str(
            pattern=CHOICE_NAME,
            pattern_hint='"sacrifice" (lower case)',
            description="How a probe's `choose_on_resolution` names this choice.",
        ),
        chooser=Str(
            enum=("you", "target"),
            description="Who chooses: the ability's controller (default), or its target player.",
        ),
        among=AnyOf(
            [FILTER],
            description="The permanents that may be chosen, relative to the player who chooses.",
        ),
        cards=Table(
            _fields(zone=Str(enum=("hand", "graveyard", "library", "exile")), filter=SPELL_FILTER),
            description="Instead of `among`: cards in a zone of the player who chooses (default "
            "the hand), such as “discard a card”.",
        ),
        count=AnyOf(
            [Str(enum=CHOOSE_COUNTS), Int(minimum=0), THAT_MUCH_SPEC],
            description="How many: exactly one if there is one (default), up to one, any "
            "number, or exactly N (`that_much` in a triggered ability; all of them if fewer).",
        ),
        different_powers=Bool(description="The permanents chosen must have different powers."),
        do=Array(
            RESOLVE_ACTION,
            description=f"What happens to them: `{CHOSEN}` stands for the permanents chosen "
            "(in a list, each of them; as a key, each with the same value). Nothing happens if "
            "none is chosen.",
        ),
        description=Str(description="The choice in our words, for traces."),
    ),
    description="In a triggered ability: a player chooses permanents as it resolves (608.2d). "
    "Without a choice given (`choose_on_resolution`), the only candidate of a `one`, and none "
    "for `up_to_one` or `any_number`.",
)
MAY_ACTION = Table(
    _fields(
        ("name", "do"),
        name=Str(
            pattern=CHOICE_NAME,
            pattern_hint='"lifelink" (lower case)',
            description="How a probe's `choose_on_resolution` names this choice.",
        ),
        do=Array(RESOLVE_ACTION, description="What happens if its controller chooses to."),
        description=Str(description="The option in our words, for traces."),
    ),
    description="In a triggered ability: “you may ...”, chosen as it resolves (603.5, 608.2d); "
    "without a choice given (`choose_on_resolution`), its controller doesn't.",
)
RESOLVE_ACTION_TABLE.fields["create_trigger"] = Field(CREATED_TRIGGER)
RESOLVE_ACTION_TABLE.fields["prevent"] = Field(PREVENT_ACTION)
RESOLVE_ACTION_TABLE.fields["redirect"] = Field(REDIRECT_ACTION)
RESOLVE_ACTION_TABLE.fields["choose"] = Field(CHOOSE_ACTION)
CHOOSE_ONE_ACTION = Table(
    _fields(
        ("name", "options"),
        name=Str(
            pattern=CHOICE_NAME,
            pattern_hint='"keyword" (lower case)',
            description="How a probe's `choose_on_resolution` names this choice.",
        ),
        options=Map(
            Array(RESOLVE_ACTION),
            key_pattern=CHOICE_NAME,
            key_hint='an option\'s name, such as "flying"',
            description="What each option does.",
        ),
        description=Str(description="The choice in our words, for traces."),
    ),
    description="In an ability: “your choice of ...”: its controller chooses one option as "
    "that part of the effect applies (608.2d), by name with `choose_on_resolution`.",
)
RESOLVE_ACTION_TABLE.fields["may"] = Field(MAY_ACTION)
RESOLVE_ACTION_TABLE.fields["when_you_do"] = Field(
    Table(
        _fields(
            ("do",),
            do=Array(RESOLVE_ACTION, description="What the reflexive ability does as it resolves."),
            targets=Array(
                TARGET, unique=True, description="Its targets, chosen as it's put on the stack."
            ),
            targeting=AnyOf([TARGETING], description="What its targets must be (115.1d)."),
            description=Str(description="The reflexive ability in our words, for traces."),
        ),
        description="In a triggered or activated ability: “when you do, ...”, a reflexive "
        "triggered ability (603.12), written after the action it waits for (in a `may`'s `do`): "
        "reached only if that was done, it triggers, and goes on the stack the next time a "
        "player would receive priority, after the ability that created it has resolved.",
    )
)
RESOLVE_ACTION_TABLE.fields["choose_one"] = Field(CHOOSE_ONE_ACTION)
RESOLVE_ACTION_TABLE.fields["distribute"] = Field(
    Table(
        {},
        description="In an activated ability that divides counters (`divides`): each legal "
        "target gets the counters divided to it as the ability was activated (601.2d, 608.2b).",
    )
)
RESOLVE_ACTION_TABLE.one_of = (
    *RESOLVE_ACTION_TABLE.one_of,
    "create_trigger",
    "prevent",
    "redirect",
    "choose",
    "may",
    "when_you_do",
    "choose_one",
    "distribute",
)

ACTIVATED = Table(
    _fields(
        ("do",),
        cost=Str(description='The mana in its activation cost, as printed: "{1}{W}".'),
        tap=Bool(description="{T} is part of its cost (602.5a)."),
        loyalty=Int(
            description="A loyalty ability (606): its cost puts on (+) or removes (-) this many "
            "loyalty counters (606.4)."
        ),
        remove_counters=Map(
            Int(minimum=1),
            key_pattern=COUNTER,
            key_hint='a counter such as "+1/+1"',
            description="Counters removed from the permanent as part of the cost.",
        ),
        sacrifice_self=Bool(description="Sacrificing the permanent is part of the cost."),
        remove_all_counters=Str(
            pattern=COUNTER,
            pattern_hint='"+1/+1"',
            description="“Remove all [kind] counters from [this permanent]” is part of the cost "
            "(none is a cost paid, 118.3 aside: removing zero counters is possible). Its `do` "
            "may use `counters_removed`: how many it removed.",
        ),
        sacrifice_as_cost=AnyOf(
            [FILTER],
            description="“Sacrifice a [quality]” is part of the cost (701.21a; `other`: “other "
            "than [this permanent]”): `activate`'s `sacrifice` names it. Its `do` may use "
            f"`{SACRIFICED_POWER}`.",
        ),
        pay_life=Int(minimum=1, description="Life paid as part of the cost (119.4)."),
        discard_cards=Int(
            minimum=1,
            description="Cards discarded as part of the cost (`activate`'s `discard` names them).",
        ),
        timing=Str(
            enum=("instant", "sorcery"),
            description="“Activate only as a sorcery” (602.5d); a loyalty ability always is "
            "(606.3). Default: any time its controller could cast an instant.",
        ),
        once_each_turn=Bool(description="“Activate only once each turn” (602.5b)."),
        activate_only=TIMING_RESTRICTION,
        activators=Str(
            enum=("controller", "any", "opponents"),
            description="Who may activate it (602.1b, 602.2): its controller (default), any "
            "player (“any player may activate this ability”), or only its controller's "
            "opponents. The player who activates it controls it on the stack and pays its cost.",
        ),
        targeting=TARGETING,
        divides=Table(
            _fields(
                ("counter", "amount"),
                counter=Str(pattern=COUNTER, pattern_hint='"+1/+1"'),
                amount=Int(minimum=1),
            ),
            description="“Distribute N [counter] counters among ... targets”: the division is "
            "announced as it is activated (601.2d, `activate`'s `divide`); `distribute` puts them.",
        ),
        costs_less_for_each=Table(
            _fields(
                ("amount", "for_each"),
                amount=Str(description='"{1}": what each one takes off (601.2f).'),
                for_each=Str(enum=("creature_in_your_party",)),
            ),
            description='"This ability costs {1} less to activate for each creature in your party."',
        ),
        do=Array(
            RESOLVE_ACTION,
            description="What it does as it resolves (608.2); its roles stand for its targets.",
        ),
        description=Str(description="The ability in our words, for traces."),
    ),
    description="An activated ability of the permanent: “[cost]: [effect]” (602.1).",
)
STATIC.fields["grant_abilities"] = Field(
    Array(
        WithNames(ACTIVATED, objects=frozenset({CHOSEN, "this_object"})),
        min_items=1,
        description="Activated abilities the permanents it affects have (613.1f): “enchanted "
        "creature has ‘{R}: This creature gains trample until end of turn’”; `this_object` "
        "names the permanent that has the ability. Its controller activates it (602.2).",
    )
)

FACE = Table(
    _fields(
        ("name",),
        name=Str(min_length=1),
        mana_cost=Str(),
        types=Array(Str(enum=CARD_TYPES), unique=True),
        subtypes=NAME_LIST,
        colors=Array(Str(enum=COLORS), unique=True),
        resolve=Array(RESOLVE_ACTION),
    ),
    description="One half of a split card (709).",
)

OBJECT_TABLE = Table(
    _fields(
        name=Str(min_length=1),
        controller=PLAYER,
        owner=PLAYER,
        types=Array(Str(enum=CARD_TYPES), unique=True),
        subtypes=NAME_LIST,
        supertypes=NAME_LIST,
        colors=Array(Str(enum=COLORS), unique=True),
        mana_cost=Str(),
        power=Int(),
        toughness=Int(),
        loyalty=Int(minimum=0),
        keywords=KEYWORD_LIST,
        affinity=Array(
            FILTER_ITEM, description="Each instance of affinity for [quality] (702.41)."
        ),
        counters=Map(
            Int(minimum=0), key_pattern=COUNTER, key_hint='a counter such as "+1/+1" or "flying"'
        ),
        damage=Int(minimum=0),
        tapped=Bool(),
        summoning_sick=Bool(),
        token=Bool(),
        attached_to=REF,
        block_limit=count(
            minimum=0, description="How many attackers it may block; 0: it can't block."
        ),
        regeneration_shields=Int(
            minimum=0,
            description="Regeneration shields it already has (701.19a): status, not a result.",
        ),
        statics=Array(STATIC),
        permissions=Array(PERMISSION),
        prohibits=Array(PROHIBITION),
        cost_modifiers=Array(
            Table(
                _fields(
                    spells=SPELL_FILTER,
                    players=Str(enum=("you", "opponents", "any")),
                    increase=Str(),
                    reduce=Str(),
                ),
                description="A static ability that makes spells cost more or less (601.2f).",
            )
        ),
        prevents=Array(PREVENTION, description="Its prevention effects (615)."),
        unpreventable=Array(
            Table(
                {
                    k: v
                    for k, v in _damage_effect_fields(static=True).items()
                    if k not in ("condition", "description")
                },
                description="Which damage: dealt to what, by what (609.7).",
            ),
            description="Its static abilities that say damage “can't be prevented” (615.12): "
            "prevention effects still apply to it, prevent none of it, and don't use up "
            "shields; “combat damage that would be dealt by creatures you control can't be "
            'prevented” is `{ by = { controller = "you", types = ["creature"] }, combat = true }`.',
        ),
        modifies_damage=Array(
            DAMAGE_REPLACEMENT,
            description="Its replacement effects that modify damage as it would be dealt (614.1a).",
        ),
        redirects=Array(
            REDIRECTION, description="Its static abilities that redirect damage (614.1a)."
        ),
        life_rules=Array(
            LIFE_RULE, description="Its static abilities on life totals (119.7, 119.8, 120.4c)."
        ),
        counter_rules=Array(
            COUNTER_RULE,
            description="Its static abilities on counters (122.1, 122.1f, 614.1a).",
        ),
        max_counters=Map(
            Int(minimum=0, maximum=COUNT_BOUND, bound=COUNT_BOUND_REASON),
            key_pattern=COUNTER,
            key_hint='a counter such as "+1/+1"',
            description="“[This permanent] can't have more than N [kind] counters on it”: all "
            "but N are removed as a state-based action (704.5r).",
        ),
        replaces_life_gain=Array(
            LIFE_GAIN_REPLACEMENT,
            description="Its replacement effects on life gain (614.1a, 119.10).",
        ),
        replaces_draw=Array(
            Table(
                _fields(
                    ("instead",),
                    players=Str(enum=("you", "opponents", "any")),
                    instead=Array(RESOLVE_ACTION, min_items=1),
                    condition=CONDITION,
                    description=Str(),
                ),
                description="“If [a player] would draw a card, [instead] instead” (614.11): its "
                "controller does these actions instead of each draw it applies to.",
            ),
            description="Its replacement effects on card draws (614.11).",
        ),
        mana_for_counters=Array(
            Table(
                _fields(
                    ("spells",),
                    spells=SPELL_FILTER,
                    counter=Str(pattern=COUNTER, pattern_hint='a counter such as "+1/+1"'),
                ),
                description='"As an additional cost to cast [spells], you may pay any amount of mana. If you do, that permanent enters with that many additional [counter] counters on it."',
            )
        ),
        spells_you_cast_have=Array(
            Table(
                _fields(
                    ("spells",),
                    spells=SPELL_FILTER,
                    keywords=KEYWORD_LIST,
                    affinity=Array(
                        FILTER_ITEM,
                        description="Each instance of affinity for [quality] it gives.",
                    ),
                ),
                description='"[Spells] you cast have [abilities]": the spells gain them as they are put on the stack (601.2a, 611.3a).',
            )
        ),
        power_is=Str(
            enum=("creatures_in_your_party",),
            description="A characteristic-defining ability: its power is that number (604.3).",
        ),
        cast_only_if=Str(
            enum=("you_cast_another_spell_this_turn",),
            description='"Cast this spell only if ...": a restriction on casting it (601.3).',
        ),
        cast_only=TIMING_RESTRICTION,
        costs_less_for_each=Table(
            _fields(
                ("amount", "for_each"),
                amount=Str(description='"{1}": what each one takes off (601.2f).'),
                for_each=Str(enum=("creature_in_your_party",)),
            ),
            description='"This spell costs {1} less to cast for each creature in your party."',
        ),
        flash_if=CONDITION,
        flash_for_extra_cost=Str(
            description="601.3c: cast as though it had flash by paying this more."
        ),
        ninjutsu=Str(description="Its ninjutsu cost (702.49a), as printed: “{1}{U}”."),
        devour=Int(
            minimum=1,
            description="Devour N (702.82a): as it enters, its controller may sacrifice "
            "creatures (the resolve action's `choose`); N +1/+1 counters for each.",
        ),
        devour_quality=AnyOf(
            [FILTER],
            description="“Devour [quality] N” (702.82c): what may be sacrificed instead of "
            "creatures.",
        ),
        resolve=Array(RESOLVE_ACTION, description="What the spell does as it resolves (608.2)."),
        faces=Array(FACE, min_items=2),
        modes=Array(
            Table(
                _fields(
                    ("resolve",),
                    resolve=Array(RESOLVE_ACTION),
                    targets=count(
                        minimum=0,
                        description="How many targets the mode requires (601.2c, 700.2c).",
                    ),
                    targeting=AnyOf(
                        [TARGETING],
                        description="The mode's target requirements (700.2c), instead of "
                        "`targets`.",
                    ),
                    description=Str(description="The mode in our words."),
                ),
                description="One mode: what the spell does if it is chosen.",
            ),
            min_items=2,
            description="A modal spell's modes (700.2); the caster chooses one (`cast`'s `mode`).",
        ),
        choose_modes=AnyOf(
            [
                Int(minimum=1, description="“Choose two”: exactly this many."),
                Table(
                    _fields(
                        min=Int(minimum=1, description="At least (default 1)."),
                        max=Int(minimum=1, description="At most (default: every mode)."),
                    ),
                    description="“Choose one or more”, “choose one or both”.",
                ),
            ],
            description="How many modes its caster chooses (700.2; default one); never one "
            "mode twice (700.2d).",
        ),
        entwine=Str(
            description="Its entwine cost (702.42a): its caster may choose every mode by "
            "paying this much more (`cast`'s `entwine`)."
        ),
        kicker=Str(
            description="Its kicker cost (702.33a): an additional cost its caster may pay "
            "(`cast`'s `kicked`)."
        ),
        if_kicked=Table(
            _fields(
                counters=Map(Int(minimum=1), key_pattern=COUNTER, key_hint='"+1/+1"'),
                keywords=KEYWORD_LIST,
            ),
            description="“If it was kicked, it enters with [counters] and with [keywords]” "
            "(702.33e, 614.1c): the keywords last as long as it is on the battlefield.",
            min_properties=1,
        ),
        enters=Table(
            _fields(
                counters=Map(Int(minimum=1), key_pattern=COUNTER, key_hint='"+1/+1"'),
                tapped=Bool(),
            ),
            description="“[This permanent] enters tapped” or “enters with [counters]”: a static "
            "ability whose effect is part of the event that puts it onto the battlefield "
            "(603.6d, 614.1c), from anywhere.",
            min_properties=1,
        ),
        as_enters_choose=Table(
            _fields(
                ("name", "options"),
                name=Str(pattern=r"[a-z][a-z0-9_]*", pattern_hint="a word: its name in choices"),
                options=Map(
                    Table(
                        _fields(grant=KEYWORD_LIST, pump=PT_CHANGE),
                        description="What it has as long as this was chosen.",
                        min_properties=1,
                    ),
                    key_pattern=r"[a-z][a-z0-9_]*",
                    key_hint="an anchor word, such as khans",
                    min_properties=2,
                ),
            ),
            description="“As [this permanent] enters, choose [A] or [B]. • [A] — ... • [B] — "
            "...” (614.12c): its controller's choice, given with `choose_on_resolution` for "
            "it by `name` before it enters, is made before it enters (614.12a); it has that "
            "option's abilities as long as it is on the battlefield.",
        ),
        cant_enter=Array(
            FILTER,
            min_items=1,
            description="“[Permanents that fit] can't enter the battlefield” (614.17d), judged "
            "on each as it would exist on the battlefield: a card that would be moved there "
            "stays where it is, and a permanent spell goes to its owner's graveyard (608.3e).",
        ),
        others_enter=Array(
            Table(
                _fields(
                    ("filter",),
                    filter=FILTER,
                    counters=Map(Int(minimum=1), key_pattern=COUNTER, key_hint='"+1/+1"'),
                    tapped=Bool(),
                ),
                description="“Creatures your opponents control enter tapped”, “each other "
                "creature you control enters with an additional +1/+1 counter”: a replacement "
                "effect on how other permanents that fit enter, judged on the permanent as it "
                "would exist on the battlefield (614.12, 614.1c).",
                min_properties=2,
            ),
        ),
        # "As an additional cost to cast this spell, sacrifice a [quality]"
        # (118.8): a permanent its caster controls that fits (`cast`'s `sacrifice`).
        sacrifice_as_cost=FILTER,
        targeting=TARGETING,
        divides=Table(
            _fields(
                ("counter", "amount"),
                counter=Str(pattern=COUNTER, pattern_hint='"+1/+1"'),
                amount=Int(minimum=1),
            ),
            description="“Distribute N [counter] counters among ... targets”: the division is "
            "announced as the spell is cast (601.2d, `cast`'s `divide`); `distribute` puts them.",
        ),
        triggers=Array(TRIGGER, description="Its triggered abilities (603)."),
        back_face=Table(
            _fields(
                ("name",),
                name=Str(min_length=1),
                types=Array(Str(enum=CARD_TYPES), unique=True),
                subtypes=NAME_LIST,
                colors=Array(Str(enum=COLORS), unique=True),
                power=Int(),
                toughness=Int(),
                keywords=KEYWORD_LIST,
            ),
            description="The back face of a transforming double-faced card (712): what a "
            "transformed permanent is (712.8d). Types default to the front face's.",
        ),
        transformed=Bool(description="The permanent is back face up (701.27a): status."),
        devoured=Int(
            minimum=0, description="How many creatures it devoured as it entered (702.82b): status."
        ),
        instead_of_graveyard=Str(
            enum=("library", "exile"),
            description="“If [this card] would be put into a graveyard from anywhere, reveal it "
            "and shuffle it into its owner's library instead” (`library`), or “exile it "
            "instead” (`exile`): a replacement effect (614.1a) that functions in every zone "
            "(113.6b). The event is replaced: the card doesn't die (614.6, 700.4).",
        ),
        players_have=Array(
            Table(
                _fields(
                    ("keywords",),
                    players=Str(
                        enum=("you", "opponents", "each"),
                        description="Whose: its controller (the default), their opponents, "
                        "or each player.",
                    ),
                    keywords=Array(Str(enum=("hexproof", "shroud")), unique=True, min_items=1),
                ),
                description="“You have hexproof” (702.11c), “you have shroud” (702.18a): a "
                "static ability that gives players keywords while its source is on the "
                "battlefield (or is an emblem, 114.4).",
            ),
            description="Its static abilities that give players keywords.",
        ),
        additional_land_plays=Int(
            minimum=1,
            description="“You may play an additional land on each of your turns” (305.2): "
            "for its controller, this many more.",
        ),
        emblem=Bool(
            description="An emblem (114), in the command zone: no characteristics but its "
            "abilities (114.3), which function there (114.4); neither a card nor a permanent "
            "(114.5)."
        ),
        abilities=Array(
            WithNames(ACTIVATED, objects=frozenset({CHOSEN, "this_object"})),
            description="Its activated abilities (602), activated with `activate`.",
        ),
    ),
    description="A card, token or permanent. `types` defaults to creature when power is given.",
)

#: Every other key gives an object abilities or ties it to another object,
#: so the object can matter to a probe that never names it.
OBJECT_ABILITY_KEYS = frozenset(OBJECT_TABLE.fields) - OBJECT_STATE_KEYS

PLAYER_ENTRY = AnyOf(
    [
        PLAYER,
        Table(
            _fields(
                ("name",),
                name=PLAYER,
                life=Int(),
                mana=Str(
                    description='The mana in the player\'s mana pool, as symbols: "{R}{R}{W}".'
                ),
                dungeons_completed=Array(
                    Str(min_length=1),
                    description="The dungeons the player has completed, by name (309.7); a "
                    "name may repeat.",
                ),
                poison=Int(
                    minimum=0,
                    maximum=COUNT_BOUND,
                    bound=COUNT_BOUND_REASON,
                    description="The poison counters the player has (122.1f).",
                ),
            )
        ),
    ],
)

#: The parts the JSON Schema defines once (under ``$defs``); all are in
#: parts of a ruling file that may hold formulas.
OBJECT = Defined("object", OBJECT_TABLE)
DEFINED = (
    RESOLVE_ACTION,
    DURING_ACTION,
    OBJECT,
    FILTER,
    FILTER_ITEM,
    CONDITION,
    SPELL_FILTER,
    TIMING_RESTRICTION,
)

SETUP = Table(
    _fields(
        ("players",),
        players=Array(PLAYER_ENTRY, min_items=1),
        teams=Array(
            Array(PLAYER, min_items=2, unique=True),
            min_items=2,
            description="A Two-Headed Giant game (810): its two teams, each a list of the "
            "setup's players of the same size, every player on one. A team shares one life "
            "total, 30 unless its players give the same `life` (810.4; 15 more for each "
            "player beyond the second, 810.11), and its poison counters (810.10); it takes "
            "its turns, attacks and blocks together (805.4, 805.10) and wins or loses "
            "together (810.8a).",
        ),
        active_player=PLAYER,
        step=Str(enum=POSITIONS),
        day_night=Str(
            enum=("day", "night"),
            description="The game's day or night designation (730.1); default neither.",
        ),
        **{
            zone: Map(OBJECT, key_pattern=OBJECT_REF, key_hint="an object name")
            for zone in SETUP_ZONES
        },
    ),
    description="The board state every probe starts from.",
)

DEALT = Table(
    _fields(
        ("source", "to", "amount"),
        source=REF,
        to=TARGET,
        amount=Int(minimum=1),
        step=Str(enum=(*DAMAGE_STEPS, "noncombat")),
    )
)

LIFE_GAINED = Table(
    _fields(("player", "amount", "source"), player=PLAYER, amount=Int(minimum=1), source=REF)
)

ERROR = Table(
    _fields(
        ("fault",),
        fault=Str(
            enum=(*FAULTS, *CATEGORIES),
            description="The fault (docs/protocol.md), or its category alone for any fault "
            "of that kind.",
        ),
        rule=RULE,
    ),
    description="The probe's last action must be refused as illegal, for this fault.",
)

EXPECT_SPECS: dict[str, Spec] = {
    "life": by_player(Int()),
    "lost": Array(PLAYER, unique=True),
    "game_over": Bool(description="Whether the game is over (104.1)."),
    "winner": Str(
        pattern=f"{PLAYER_NAME}|",
        pattern_hint='a player, or "" for none (the game goes on, or a draw, 104.4a)',
        description="The player who won (104.2a).",
    ),
    "damage": by_object(Int(minimum=0), "Damage marked on each permanent."),
    "dealt": Array(DEALT, description="Every damage event of the probe (order doesn't matter)."),
    "dealt_by": by_object(Int(minimum=0), "Total damage each source dealt."),
    "life_gained": Array(
        LIFE_GAINED, description="Every life-gain event of the probe (order doesn't matter)."
    ),
    "zone": by_object(Str(enum=(*ZONES, "nowhere"))),
    "died": Array(
        REF,
        unique=True,
        description="Exactly the permanents put into a graveyard from the battlefield (700.4, "
        "“dies”), whatever put them there: state-based actions, destroy, sacrifice, move.",
    ),
    "damage_steps": Array(Str(enum=DAMAGE_STEPS)),
    "steps": Array(
        Str(enum=STEP_NAMES), description="The steps of the combat phases entered so far this turn."
    ),
    "keywords": by_object(KEYWORD_LIST, "Exactly the keywords each object has."),
    "prevented": Array(
        Table(_fields(("source", "to", "amount"), source=REF, to=TARGET, amount=Int(minimum=1))),
        description="Every amount of damage prevented (615), by source and recipient. Order "
        "doesn't matter.",
    ),
    "affinity": by_object(
        Int(minimum=0),
        "How many instances of affinity each object has where it is now (702.41b).",
    ),
    "power_toughness": by_object(PT_VALUE),
    "tapped": by_object(Bool()),
    "attacking": Array(REF, unique=True, description="Exactly the attacking creatures."),
    "blocking": Array(REF, unique=True, description="Exactly the blocking creatures."),
    "loyalty": by_object(Int(minimum=0)),
    "controller": by_object(PLAYER),
    "error": ERROR,
    "party": by_player(
        Int(minimum=0, maximum=4), "The number of creatures in each player's party (700.8)."
    ),
    "mana_value": by_object(Int(minimum=0), "Each object's mana value where it is now (202.3)."),
    "names": by_object(NAME_LIST, "Each object's names where it is now (709.3b, 709.4a)."),
    "types": by_object(
        Array(Str(enum=CARD_TYPES), unique=True), "Each object's card types where it is now."
    ),
    "subtypes": by_object(NAME_LIST, "Each object's subtypes where it is now."),
    "colors": by_object(
        Array(Str(enum=COLORS), unique=True), "Each object's colors where it is now."
    ),
    "same_object": by_object(
        Bool(), "Whether the name still refers to the object it did when the probe began (400.7)."
    ),
    "attached_to": by_object(
        Str(pattern=f"{OBJECT_REF}|", pattern_hint='an object name, or "" for nothing')
    ),
    "counters": by_object(Map(Int(minimum=0), key_pattern=COUNTER, key_hint="a counter name")),
    "stack": Array(
        AnyOf(
            [
                REF,
                Str(
                    pattern=f"(trigger|ability):{OBJECT_REF}",
                    pattern_hint='"trigger:pridemate" (a triggered ability of that source) or '
                    '"ability:vivien" (an activated ability)',
                    refers_to="stack_item",
                ),
            ]
        ),
        description="The spells, triggered and activated abilities on the stack, bottom first.",
    ),
    "triggered": by_object(
        Int(minimum=0), "How many times each source's triggered abilities triggered (603.2)."
    ),
    "total_cost": by_object(
        Str(),
        "The total cost each spell was cast for (601.2f), as mana symbols, compared as a cost "
        "(the order of the symbols doesn't matter; generic mana is one number).",
    ),
    "paid": by_object(
        Table(
            _fields(
                mana=Str(description="Mana spent from the pool, as symbols."),
                life=Int(minimum=0),
                creatures=Int(minimum=0, description="Creatures tapped for convoke."),
                artifacts=Int(minimum=0, description="Artifacts tapped for improvise."),
                graveyard=Int(minimum=0, description="Cards exiled for delve."),
            ),
            min_properties=1,
        ),
        "How each spell's total cost was paid (601.2h).",
    ),
    "mana_pool": by_player(Str(), "The mana left in each player's pool, as symbols."),
    "stack_names": Array(
        NAME_LIST,
        description="The names of each object on the stack, bottom first (copies included).",
    ),
    "card_count": Array(
        Table(
            _fields(
                ("player", "zone", "count"),
                player=PLAYER,
                zone=Str(enum=ZONES),
                types=Array(Str(enum=CARD_TYPES), unique=True),
                count=Int(minimum=0),
            )
        ),
        description="How many cards a player owns in a zone, with all of these types.",
    ),
    "found": Array(REF, unique=True, description="What the most recent search found."),
    "discarded": by_player(Int(minimum=0), "How many cards each player discarded."),
    "chosen_names": NAME_LIST,
    "has_chosen_name": by_object(
        Bool(), "Whether one of the object's names is a chosen name (709.4a)."
    ),
    "turn": Array(
        Str(enum=STEP_NAMES),
        description="Every phase and step entered this turn, in order, starting with the "
        "setup's step.",
    ),
    "active_player": PLAYER,
    "regenerated": Array(
        REF,
        description="Every time a permanent regenerated instead of being destroyed (701.19a), "
        "by name: once for each time (order doesn't matter).",
    ),
    "regeneration_shields": by_object(
        Int(minimum=0), "The regeneration shields each object has, unused (701.19a)."
    ),
    "day_night": Str(
        enum=("day", "night", ""),
        description='The game\'s designation (730.1): day, night, or "" for neither.',
    ),
    "poison": by_player(Int(minimum=0), "The poison counters each player has (122.1f)."),
}

EXPECT = Table(
    {name: Field(spec) for name, spec in EXPECT_SPECS.items()},
    min_properties=1,
    description="What must hold after the probe's actions.",
)

PROBE = Table(
    _fields(
        ("id", "expect"),
        id=Str(pattern=PROBE_ID, pattern_hint='"unblocked" (lower case)'),
        description=Str(),
        actions=Array(ACTION),
        expect=EXPECT,
    ),
    description="One probe: actions from the setup, then expectations.",
)

SOURCE = Table(
    _fields(
        cards=Array(
            Table(_fields(("name", "date"), name=Str(min_length=1), date=DATE)), min_items=1
        ),
        reference=Str(pattern=r"R[0-9a-f]{8}", pattern_hint='"R23e1e199" (an id in rulings.json)'),
        rule=RULE,
        seeds=Array(Str(pattern=r"\d{3}_[0-9a-f]{16}"), unique=True),
    ),
    description="Where the text comes from: cards and ruling dates, or a rule of the Comprehensive Rules.",
    min_properties=1,
)


PARAMETER_NAME = r"[a-z][a-z0-9_]*"
PRINCIPLE = r"[a-z0-9][a-z0-9-]*"
SCALAR = AnyOf([Int(), Bool(), Str()])
PARAMETER_VALUE = AnyOf(
    [Int(), Bool(), Str(), Array(SCALAR)],
    description="An integer, a boolean, a string, or a list of them.",
)

PARAMETER = Table(
    _fields(
        ("example",),
        min=Int(description="The smallest value (with `max`)."),
        max=Int(description="The largest value (with `min`)."),
        values=Array(PARAMETER_VALUE, min_items=1, unique=True, description="Every value."),
        example=AnyOf(
            [Int(), Bool(), Str(), Array(SCALAR)],
            description="The value in the literal example, which `mtgjudge check` runs.",
        ),
        description=Str(description="What the parameter is (our words)."),
    ),
    description="A parameter's domain: `min` and `max` (integers), or `values`.",
)

PARAMETERS = Map(
    PARAMETER,
    key_pattern=PARAMETER_NAME,
    key_hint='a parameter name such as "power" (lower case)',
    description="The ruling's parameters. Values in `setup` and `probe` may be formulas "
    'over them, such as "${20 - 2 * power}" (see rulings/README.md).',
)


def ruling_spec(features: tuple[str, ...]) -> Table:
    return Table(
        _fields(
            ("id", "text", "rules", "features", "source", "setup", "probe"),
            id=Str(pattern=RULING_ID, pattern_hint='"R23e1e199" or "CR-510.4"'),
            text=Str(min_length=1, description="The official text, verbatim."),
            rules=Array(RULE, min_items=1, unique=True),
            features=Array(Str(enum=features), min_items=1, unique=True),
            source=SOURCE,
            notes=Str(description="How the scenario tests the text (our words)."),
            principle=Str(
                pattern=PRINCIPLE,
                pattern_hint='"first-strike-damage-steps"',
                description="The general principle the ruling states. Rulings that state the "
                "same principle from different sources must agree (`mtgjudge fuzz`).",
            ),
            parameters=PARAMETERS,
            setup=SETUP,
            probe=Array(PROBE, min_items=1),
        ),
        description="One official ruling or rule as an executable scenario.",
    )


FORMULA_REF = {"$ref": "#/$defs/formula"}
FORMULA_SCHEMA = {
    "type": "string",
    "pattern": r"\$\{[^{}]*\}",
    "description": 'A formula over the ruling\'s parameters, such as "${20 - 2 * power}"; '
    "a string that is one formula and nothing else takes the formula's value.",
}
WHEN_SCHEMA = {
    "description": "On an item of a list: the item counts only when this holds.",
    "anyOf": [{"type": "boolean"}, FORMULA_REF],
}


def _templated(schema: dict[str, Any], item: bool = False) -> dict[str, Any]:
    """The schema of a part of a ruling file that may hold formulas: each
    value may be a formula instead, and each table in a list may have `when`."""
    schema = dict(schema)
    if "$ref" in schema:
        return schema  # templated once, in $defs
    if "anyOf" in schema:
        schema["anyOf"] = [_templated(option, item) for option in schema["anyOf"]]
        return schema
    kind = schema.get("type")
    if kind == "object":
        if "properties" in schema:
            schema["properties"] = {k: _templated(v) for k, v in schema["properties"].items()}
            if item:
                schema["properties"]["when"] = WHEN_SCHEMA
        if isinstance(schema.get("additionalProperties"), dict):
            schema["additionalProperties"] = _templated(schema["additionalProperties"])
        return schema
    if kind == "array":
        schema["items"] = _templated(schema["items"], item=True)
    elif kind == "string" and "pattern" not in schema and "enum" not in schema:
        return schema  # a formula is a string already
    description = schema.pop("description", None)
    wrapped: dict[str, Any] = {"anyOf": [schema, FORMULA_REF]}
    return {"description": description, **wrapped} if description else wrapped


def json_schema(features: tuple[str, ...]) -> dict[str, Any]:
    schema = ruling_spec(features).schema()
    properties = dict(schema["properties"])
    properties["setup"] = _templated(properties["setup"])
    properties["probe"] = _templated(properties["probe"])
    schema["properties"] = properties
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://mtgjudge.invalid/ruling.schema.json",
        "title": "mtgjudge ruling",
        **schema,
        "$defs": {
            "formula": FORMULA_SCHEMA,
            **{part.name: _templated(part.spec.schema(), part.item) for part in DEFINED},
        },
    }
