"""Continuous effects (611) and the characteristics they produce (613).

The model applies effects in the layer order (613.1), each layer's in
timestamp order (613.7): control (layer 2), types and subtypes (4), colors
(5), abilities (6), then power and toughness: a characteristic-defining
ability (7a), effects that set it (7b), modifications and counters (7c,
613.4). Only effects of resolved spells and abilities, with their sets
locked in, change types and colors, so no effect's set depends on
another's result in those layers; static abilities that look at keywords
or power are refused by the loader for the same reason (613.8)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from mtgjudge.keywords import COUNTER_KEYWORDS, HEXPROOF_FROM, is_hexproof

if TYPE_CHECKING:
    from mtgjudge.model.game import Game
    from mtgjudge.model.objects import GameObject
    from mtgjudge.model.timing import SpellFilter


#: The artifact, enchantment, land and battle types (205.3g–205.3i, 205.3q):
#: an effect that gives a permanent new creature types leaves these (205.1b).
NONCREATURE_SUBTYPES = frozenset(
    {
        "Attraction", "Blood", "Bobblehead", "Clue", "Contraption", "Equipment", "Food",
        "Fortification", "Gold", "Incubator", "Infinity", "Junk", "Lander", "Map",
        "Powerstone", "Spacecraft", "Stone", "Treasure", "Vehicle",
        "Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune",
        "Saga", "Shard", "Shrine",
        "Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain",
        "Plains", "Planet", "Power-Plant", "Sphere", "Swamp", "Tower", "Town", "Urza’s",
        "Siege",
    }
)  # fmt: skip


@dataclass(frozen=True)
class ObjectFilter:
    """Which permanents an effect looks at, relative to a player ("you")."""

    controller: str = "any"  # "you", "opponents" or "any"
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    #: Excludes the effect's own source ("other Slivers").
    other: bool = False
    #: "with power N or greater"
    power_at_least: int | None = None
    #: "with deathtouch": it has each of these keywords.
    keywords: frozenset[str] = frozenset()
    #: "without trample": it has none of these keywords.
    without_keywords: frozenset[str] = frozenset()
    #: "colorless" (105.2c).
    colorless: bool = False
    #: "[This permanent]": only the object with the ability.
    itself: bool = False
    #: "token" (True) or "nontoken" (False).
    token: bool | None = None
    #: "with power equal to its toughness"
    power_equals_toughness: bool = False
    #: "that's enchanted or equipped": an Aura or Equipment is attached to it.
    enchanted_or_equipped: bool = False
    #: "attacking": an attacking creature (506.3).
    attacking: bool = False
    #: "non-Human": it has none of these subtypes.
    not_subtypes: frozenset[str] = frozenset()
    #: "with a +1/+1 counter on it": at least one of each of these counters.
    with_counters: frozenset[str] = frozenset()
    #: "enchanted creature", "equipped creature": the permanent the source is
    #: attached to (301.5f, 303.4b). For static abilities.
    attached_by_source: bool = False
    #: "tapped" (True) or "untapped" (False) (110.5).
    tapped: bool | None = None
    #: "blocking" (True) or "nonblocking" (False): a blocking creature (509.1g).
    blocking: bool | None = None
    #: "blocked" (True) or "unblocked" (False): an attacking creature that
    #: became blocked or unblocked as blockers were declared (509.1h); before
    #: that it is neither.
    blocked: bool | None = None
    #: "blocking a [quality] creature": a blocking creature that blocks at
    #: least one attacking creature that fits (509.1g).
    blocking_creature: ObjectFilter | None = None
    #: Controlled by a player who cast a spell this turn (601.2i): "each
    #: opponent who cast a spell this turn can't attack with creatures".
    controller_cast_a_spell_this_turn: bool = False
    #: "that dealt damage this turn": this object dealt damage this turn.
    dealt_damage_this_turn: bool = False
    #: "dealt damage by [this source] this turn": the source that looks,
    #: as the object it is, dealt damage to this object this turn.
    dealt_damage_by_source: bool = False
    #: "with mana value N or less / N or greater" (202.3).
    mana_value_at_most: int | None = None
    mana_value_at_least: int | None = None
    #: "nonland": it has none of these card types.
    not_types: frozenset[str] = frozenset()
    #: "legendary", "basic": it has each of these supertypes (205.4).
    supertypes: frozenset[str] = frozenset()
    #: "nonlegendary", "nonbasic": it has none of these supertypes (205.4a, 205.4c).
    not_supertypes: frozenset[str] = frozenset()
    #: "enchanted": an Aura is attached to it (303.4).
    enchanted: bool = False
    #: "controlled by a player who was dealt combat damage by three or more
    #: Pirates this turn": (the sources' filter, how many different ones).
    controller_dealt_combat_damage_by: tuple | None = None

    @property
    def looks_back(self) -> bool:
        """Whether it looks at what happened this turn."""
        return (
            self.dealt_damage_this_turn
            or self.dealt_damage_by_source
            or self.controller_dealt_combat_damage_by is not None
        )

    def matches(
        self,
        game: Game,
        obj: GameObject,
        you: str,
        source_serial: int | None,
        up_to_layer: int | None = None,
    ) -> bool:
        """``up_to_layer``: judge the object's characteristics as they are
        before that layer's later effects (for a type-changing static
        ability, before layer 4: 613.1d)."""
        if obj.zone != "battlefield":
            return False
        if self.other and obj.serial == source_serial:
            return False
        if self.itself and obj.serial != source_serial:
            return False
        if self.attached_by_source:
            source = game.by_serial(source_serial) if source_serial is not None else None
            if source is None or source.attached_to != obj.serial:
                return False
        needs_layer_7 = (
            self.power_at_least is not None
            or self.keywords
            or self.without_keywords
            or self.power_equals_toughness
        )
        layer = 7 if needs_layer_7 else 5
        current = game.characteristics(obj, up_to_layer=min(layer, up_to_layer or layer))
        attached = self.enchanted_or_equipped and is_enchanted_or_equipped(game, obj)
        attacking = game.combat is not None and game.combat.is_attacking(obj.serial)
        if self.blocking_creature is not None and not self._blocks_one(game, obj, you):
            return False
        if self.controller_cast_a_spell_this_turn and not any(
            caster == current.controller and turn == game.turn_number
            for caster, _, turn in game.history.spells_cast
        ):
            return False
        if self.enchanted and not any(
            other.attached_to == obj.serial and "Aura" in other.subtypes
            for other in game.battlefield()
        ):
            return False
        if self.looks_back:
            from mtgjudge.model import history

            if not history.fits(game, self, obj.serial, source_serial):
                return False
        if self.mana_value_at_most is not None or self.mana_value_at_least is not None:
            from mtgjudge.model import cost

            value = cost.mana_value(game, obj)
            if self.mana_value_at_most is not None and value > self.mana_value_at_most:
                return False
            if self.mana_value_at_least is not None and value < self.mana_value_at_least:
                return False
        return self.describes(
            current,
            token=obj.token,
            enchanted_or_equipped=attached,
            attacking=attacking,
            counters=obj.counters,
            you=you,
            status=combat_status(game, obj),
            your_team=game.players[you].team if you in game.players else (),
        )

    def _blocks_one(self, game: Game, obj: GameObject, you: str) -> bool:
        """509.1g: it blocks an attacking creature that fits ``blocking_creature``."""
        record = game.combat
        wanted = self.blocking_creature
        if record is None or wanted is None:
            return False
        attackers = [game.by_serial(a) for b, a in record.blocks if b == obj.serial]
        return any(a is not None and wanted.matches(game, a, you, None) for a in attackers)

    def describes(
        self,
        current: Characteristics,
        *,
        token: bool,
        enchanted_or_equipped: bool,
        attacking: bool,
        counters: Mapping[str, int],
        you: str,
        status: CombatStatus | None = None,
        your_team: tuple[str, ...] = (),
    ) -> bool:
        """Whether an object with these characteristics and status (as they
        are now, or as they last were, 603.10) fits, apart from `other`."""
        status = status or CombatStatus()
        for wanted, actual in (
            (self.tapped, status.tapped),
            (self.blocking, status.blocking),
            (self.blocked, status.blocked),
        ):
            if wanted is not None and wanted != actual:
                return False
        if self.controller == "you" and current.controller != you:
            return False
        # 102.3: a teammate (``your_team``) is no opponent.
        if self.controller == "opponents" and current.controller in (you, *your_team):
            return False
        if self.types and not self.types <= current.types:
            return False
        if self.subtypes and not self.subtypes & current.subtypes:
            return False
        if self.not_subtypes & current.subtypes:
            return False
        if self.not_types & current.types:
            return False
        # 205.4: supertypes, written as the objects' are ("Legendary").
        supertypes = {name.casefold() for name in current.supertypes}
        if any(name.casefold() not in supertypes for name in self.supertypes):
            return False
        if any(name.casefold() in supertypes for name in self.not_supertypes):
            return False
        if self.colors and not self.colors & current.colors:
            return False
        if self.colorless and current.colors:
            return False
        if self.power_at_least is not None and (
            current.power is None or current.power < self.power_at_least
        ):
            return False
        if self.keywords and not self.keywords <= findable_keywords(current.all_keywords):
            return False
        if self.without_keywords & findable_keywords(current.all_keywords):
            return False
        if self.token is not None and token != self.token:
            return False
        if self.power_equals_toughness and (
            current.power is None or current.power != current.toughness
        ):
            return False
        if self.attacking and not attacking:
            return False
        if any(counters.get(name, 0) <= 0 for name in self.with_counters):
            return False
        return not self.enchanted_or_equipped or enchanted_or_equipped


@dataclass(frozen=True)
class CombatStatus:
    """An object's status as filters see it: tapped (110.5), blocking
    (509.1g), and, for an attacking creature, blocked or unblocked (509.1h:
    None before blockers are declared, and for a creature not attacking)."""

    tapped: bool = False
    blocking: bool = False
    blocked: bool | None = None


def combat_status(game: Game, obj: GameObject) -> CombatStatus:
    record = game.combat
    if record is None:
        return CombatStatus(tapped=obj.tapped)
    blocked = None
    if record.is_attacking(obj.serial) and (
        record.blockers_declared or obj.serial in record.blocked
    ):
        blocked = obj.serial in record.blocked
    return CombatStatus(obj.tapped, record.is_blocking(obj.serial), blocked)


@dataclass(frozen=True)
class AnyFilter:
    """Permanents that fit one of several filters: "Skeletons you control and
    other Zombies you control" affects each such permanent once."""

    filters: tuple[ObjectFilter, ...]

    def matches(
        self,
        game: Game,
        obj: GameObject,
        you: str,
        source_serial: int | None,
        up_to_layer: int | None = None,
    ) -> bool:
        return any(
            part.matches(game, obj, you, source_serial, up_to_layer) for part in self.filters
        )


def is_enchanted_or_equipped(game: Game, obj: GameObject) -> bool:
    """Whether an Aura or Equipment on the battlefield is attached to it (303.4, 301.5)."""
    return any(
        other.attached_to == obj.serial and {"Aura", "Equipment"} & other.subtypes
        for other in game.battlefield()
    )


@dataclass(frozen=True)
class Condition:
    """A simple board condition a static ability, or a triggered ability's
    intervening "if" clause (603.4), may depend on. Every part given must
    hold."""

    #: "you control a [filter] permanent" (the filter's controller is ignored).
    you_control: ObjectFilter | None = None
    #: "you control a [filter] or [filter] permanent": one of them.
    you_control_any: tuple[ObjectFilter, ...] = ()
    #: "you have more than N life".
    life_above: int | None = None
    #: "you have more life than an opponent".
    more_life_than_an_opponent: bool = False
    #: "you have a full party" (700.8: four creatures).
    full_party: bool = False
    #: "[this permanent] is untapped".
    source_untapped: bool = False
    #: "[this permanent] has [keywords]".
    source_has: frozenset[str] = frozenset()
    #: "as long as [this permanent] has N or more [kind] counters on it". It
    #: is false once the permanent has left (its counters are gone with it).
    source_counters: tuple[tuple[str, int], ...] = ()
    #: "if a [filter] entered the battlefield under your control this turn"
    #: (its characteristics as it entered; `other`: another than the source).
    entered_this_turn: ObjectFilter | None = None
    #: "if a creature died this turn" (700.4).
    a_creature_died_this_turn: bool = False
    #: "if you gained N or more life this turn": the player's own gains
    #: (119.9); in Two-Headed Giant a teammate's aren't theirs (810.9).
    you_gained_life_this_turn: int | None = None
    #: "if there are N or more [quality] cards in your graveyard": (the
    #: quality's :class:`~mtgjudge.model.timing.SpellFilter`, N, whether the
    #: object with the ability is left out, "other").
    cards_in_your_graveyard: tuple | None = None
    #: "during your turn".
    your_turn: bool = False
    #: "an opponent has been dealt damage this turn": by any source, combat
    #: or noncombat (120.3), since this turn began.
    opponent_dealt_damage_this_turn: bool = False
    #: "if it devoured a creature": the object with the ability sacrificed
    #: at least one for its devour ability as it entered (702.82b).
    source_devoured: bool = False

    def holds(self, game: Game, you: str, source_serial: int | None) -> bool:
        if self.your_turn and not game.is_active(you):  # 805.4a
            return False
        if self.you_gained_life_this_turn is not None:
            gained = sum(
                gain.amount
                for gain in game.history.life_gains
                if gain.player == you and gain.turn == game.turn_number
            )
            if gained < self.you_gained_life_this_turn:
                return False
        if self.source_devoured:
            source = game.by_serial(source_serial) if source_serial is not None else None
            if source is None or source.devoured <= 0:
                return False
        if self.cards_in_your_graveyard is not None:
            from mtgjudge.model import cost

            quality, least, other = self.cards_in_your_graveyard
            count = sum(
                1
                for obj in game.objects
                if obj.exists
                and obj.zone == "graveyard"
                and obj.owner == you
                and not (other and obj.serial == source_serial)
                and quality.matches(cost.card_qualities(game, obj))
            )
            if count < least:
                return False
        if self.entered_this_turn is not None or self.a_creature_died_this_turn:
            from mtgjudge.model import history

            if self.entered_this_turn is not None and not history.entered_this_turn(
                game, replace(self.entered_this_turn, controller="you"), you, source_serial
            ):
                return False
            if self.a_creature_died_this_turn and not history.creature_died_this_turn(game):
                return False
        if self.you_control is not None and not _you_control(
            game, self.you_control, you, source_serial
        ):
            return False
        if self.you_control_any and not any(
            _you_control(game, wanted, you, source_serial) for wanted in self.you_control_any
        ):
            return False
        if self.life_above is not None and game.players[you].life <= self.life_above:
            return False
        if self.more_life_than_an_opponent and not any(
            game.players[you].life > game.players[other].life for other in game.opponents(you)
        ):
            return False
        if self.opponent_dealt_damage_this_turn and not any(
            record.turn == game.turn_number and record.recipient in game.opponents(you)
            for record in game.history.damage
        ):
            return False
        if self.full_party:
            from mtgjudge.model.party import party_size

            if party_size(game, you) < 4:
                return False
        if self.source_counters:
            source = game.by_serial(source_serial) if source_serial is not None else None
            if source is None or not source.exists:
                return False
            if any(source.counters.get(kind, 0) < least for kind, least in self.source_counters):
                return False
        if self.source_untapped or self.source_has:
            source = game.by_serial(source_serial) if source_serial is not None else None
            if source is not None:
                tapped, keywords = source.tapped, game.characteristics(source).all_keywords
            elif source_serial in game.last_known:
                # 608.2b, 113.7a: the source has left; its last known information.
                tapped, keywords = game.last_known[source_serial]
            else:
                return False
            if self.source_untapped and tapped:
                return False
            if not self.source_has <= keywords:
                return False
        return True


def _you_control(game: Game, wanted: ObjectFilter, you: str, source_serial: int | None) -> bool:
    wanted = replace(wanted, controller="you")
    return any(wanted.matches(game, obj, you, source_serial) for obj in game.battlefield())


@dataclass(frozen=True)
class Modification:
    """What an effect does to each object it affects."""

    grant: frozenset[str] = frozenset()
    lose: frozenset[str] = frozenset()
    power: int = 0
    toughness: int = 0
    set_base: tuple[int, int] | None = None
    #: Layer 7d (613.4d): it switches the creature's power and toughness.
    switch: bool = False
    controller: str | None = None
    #: Layer 4 (613.1d): card types and subtypes it gains ("becomes an
    #: artifact creature in addition to its other types").
    add_types: frozenset[str] = frozenset()
    add_subtypes: frozenset[str] = frozenset()
    #: Layer 4: "becomes a Dragon": the creature types it has instead of its
    #: own (205.1b); its other subtypes stay.
    set_subtypes: frozenset[str] | None = None
    #: Layer 5 (613.1e): "becomes blue": the colors it has instead (105.3).
    set_colors: frozenset[str] | None = None
    #: Layer 6 (613.1f): triggered abilities it gains
    #: (:class:`mtgjudge.model.triggers.TriggeredAbility`).
    grant_triggers: tuple = ()
    #: Layer 6: activated abilities it gains
    #: (:class:`mtgjudge.model.activated.ActivatedAbility`).
    grant_activated: tuple = ()
    #: "... can't have or gain [keyword]": whatever gives them, the objects
    #: don't have these keywords, and an effect of a resolving spell or
    #: ability that would give them one isn't created for them (it gives
    #: them the rest).
    cant_have: frozenset[str] = frozenset()
    #: "[It] assigns no combat damage this turn" (510.1a: it assigns none).
    assigns_no_combat_damage: bool = False

    @property
    def changes_type_or_color(self) -> bool:
        return bool(
            self.add_types
            or self.add_subtypes
            or self.set_subtypes is not None
            or self.set_colors is not None
        )


@dataclass(frozen=True)
class StaticAbility:
    """A static ability of a permanent that affects what matches its filter
    while the permanent is on the battlefield (611.3), perhaps only while a
    condition holds."""

    modification: Modification
    filter: ObjectFilter | AnyFilter
    condition: Condition | None = None
    description: str = ""
    #: What it says about the creatures' part in combat ("can't block",
    #: "attacks each combat if able": :class:`mtgjudge.model.restrictions.CombatRule`).
    combat: object = None
    #: "gets +2/+2 for each [thing]": what multiplies its power and toughness
    #: change (:func:`multiplier`).
    times: str | None = None


#: A modification that changes nothing: an effect that only changes the
#: rules (a restriction on attacking or blocking, 611.2c) has it.
NO_CHANGE = Modification()


def multiplier(game: Game, times: str | None, you: str) -> int:
    """How many times a static ability's power and toughness change applies:
    "for each differently named dungeon you've completed" (309.7)."""
    if times is None:
        return 1
    if times == "dungeons_completed":
        return len(set(game.players[you].dungeons_completed))
    raise ValueError(f"unknown count {times!r}")


@dataclass(frozen=True)
class SpellGrant:
    """A static ability of a permanent that gives the spells its controller
    casts abilities: "Artifact spells you cast have convoke". A spell gains
    them as it is put on the stack (601.2a, 611.3a); a card in a hand
    doesn't have them, and the permanent's own spell doesn't either, since
    the ability works only on the battlefield (113.6)."""

    spells: SpellFilter
    keywords: frozenset[str] = frozenset()
    #: Instances of affinity it gives, one filter each (702.41).
    affinity: tuple[ObjectFilter, ...] = ()


def grants_to_spell(game: Game, spell: GameObject, partial: Characteristics) -> list[SpellGrant]:
    """The spell grants of permanents on the battlefield that apply to this
    spell on the stack. A copy of a spell isn't cast (707.10)."""
    if spell.zone != "stack" or spell.is_copy or spell.caster is None:
        return []
    from mtgjudge.model import cost
    from mtgjudge.model.timing import SpellQualities

    qualities = SpellQualities(
        names=partial.names,
        types=partial.types,
        colors=partial.colors,
        subtypes=partial.subtypes,
        mana_value=cost.mana_value_of_faces(
            list(partial.mana_costs), on_stack=True, x=spell.x or 0
        ),
    )
    return [
        grant
        for source in game.battlefield()
        if source.spell_grants and game.controller(source) == spell.caster
        for grant in source.spell_grants
        if grant.spells.matches(qualities)
    ]


@dataclass
class ContinuousEffect:
    """A continuous effect, either from a resolved spell or ability, with its
    affected set locked in as it began (611.2c), or from a static ability,
    applying to whatever matches while its source is on the battlefield
    (611.3)."""

    timestamp: int
    modification: Modification
    you: str
    duration: str  # "end_of_turn", "end_of_combat", "permanent" or "static"
    affected: frozenset[int] | None = None
    filter: ObjectFilter | AnyFilter | None = None
    source_serial: int | None = None
    condition: Condition | None = None
    description: str = ""
    #: For an effect that changes how the creatures it applies to may attack
    #: or block (508.1c–d, 509.1b–c), what it says
    #: (:class:`mtgjudge.model.restrictions.CombatRule`).
    combat: object = None
    #: For a static ability: what multiplies its power and toughness change.
    times: str | None = None
    #: For a resolved effect: by object, the keywords of its grant that
    #: weren't given to it because it couldn't have them as the effect was
    #: created (the effect isn't created for them).
    not_granted: Mapping[int, frozenset[str]] = field(default_factory=dict)

    def applies_to(
        self,
        game: Game,
        obj: GameObject,
        up_to_layer: int | None = None,
        without_keyword_parts: bool = False,
    ) -> bool:
        """``without_keyword_parts``: judge all of the filter but its
        keywords, which the caller judges on layer 6 as it goes (613.8)."""
        if self.affected is not None:
            return obj.serial in self.affected
        if self.source_serial is not None and not _functions(game, self.source_serial):
            return False
        if self.condition is not None and not self.condition.holds(
            game, self.you, self.source_serial
        ):
            return False
        wanted = self.filter
        if without_keyword_parts and isinstance(wanted, ObjectFilter):
            wanted = replace(wanted, keywords=frozenset(), without_keywords=frozenset())
        return wanted is not None and wanted.matches(
            game, obj, self.you, self.source_serial, up_to_layer
        )

    def filter_free_of_keywords(self) -> bool:
        """Whether its set can be judged before layer 6 is done: not a static
        ability filtered by keyword."""
        return keyword_parts(self) is None


def _functions(game: Game, serial: int) -> bool:
    """Whether the source of a static ability is where it functions: the
    battlefield (611.3), or the command zone for an emblem (114.4)."""
    if game.is_on_battlefield(serial):
        return True
    return any(obj.serial == serial for obj in game.emblems())


@dataclass(frozen=True)
class Characteristics:
    """An object's characteristics and controller after continuous effects."""

    controller: str
    types: frozenset[str]
    subtypes: frozenset[str]
    colors: frozenset[str]
    power: int | None
    toughness: int | None
    #: Its names: two for a split card off the stack (709.4a).
    names: tuple[str, ...] = ()
    #: The mana cost of each existing face (709.4b: a split card's combine).
    mana_costs: tuple[str | None, ...] = ()
    #: Keywords from abilities and effects.
    keywords: frozenset[str] = field(default_factory=frozenset)
    #: Its supertypes (205.4): printed; no effect in the model changes them.
    supertypes: frozenset[str] = field(default_factory=frozenset)
    #: Keywords from keyword counters (122.1b).
    counter_keywords: frozenset[str] = field(default_factory=frozenset)
    #: Each instance of affinity it has, as the filter of its quality (702.41).
    affinity: tuple[ObjectFilter, ...] = ()

    @property
    def all_keywords(self) -> frozenset[str]:
        return self.keywords | self.counter_keywords


def findable_keywords(keywords: frozenset[str]) -> frozenset[str]:
    """The keywords an effect that looks for keywords finds: 702.11e, one
    that looks for hexproof finds "hexproof from [quality]"."""
    if any(is_hexproof(k) for k in keywords):
        return keywords | {"hexproof"}
    return keywords


def lost_keywords(lose: frozenset[str]) -> frozenset[str]:
    """What an effect that removes ``lose`` removes: 702.11e, losing hexproof
    loses every "hexproof from [quality]" too."""
    if "hexproof" in lose:
        return lose | frozenset(HEXPROOF_FROM)
    return lose


def counter_keywords(counters: Iterable[str]) -> frozenset[str]:
    return frozenset(name for name in counters if name in COUNTER_KEYWORDS)


def compute(
    game: Game, obj: GameObject, effects: list[ContinuousEffect], up_to_layer: int = 7
) -> Characteristics:
    """The object's characteristics after ``effects`` (613.1)."""
    controller = obj.controller
    relevant = [effect for effect in effects if _could_apply(effect, obj)]
    # Layer 1: the faces that exist where the object is (709.3b, 709.4).
    faces = obj.existing_faces()
    names = tuple(face.name for face in faces)
    types = frozenset().union(*(face.types for face in faces))
    subtypes = frozenset().union(*(face.subtypes for face in faces))
    colors = frozenset().union(*(face.colors for face in faces))
    mana_costs = tuple(face.mana_cost for face in faces)
    # 712.8d, 712.8e: a transformed permanent has its back face's
    # characteristics (its mana value stays the front face's).
    back = obj.back if obj.transformed and obj.zone == "battlefield" else None
    if back is not None:
        names, types, subtypes, colors = (back.name,), back.types, back.subtypes, back.colors
    base_power = back.power if back is not None else obj.power
    base_toughness = back.toughness if back is not None else obj.toughness
    # Layer 2: control-changing effects, in timestamp order.
    for effect in relevant:
        if effect.modification.controller is not None and effect.applies_to(game, obj):
            controller = effect.modification.controller
    # Layers 4 and 5 (613.1d, 613.1e): type- and color-changing effects, in
    # timestamp order. Resolved effects have their sets locked in (611.2c);
    # a static ability that adds subtypes (the only type change a static may
    # make) judges what it affects as the object is before layer 4, and the
    # loader refuses one that looks at subtypes (613.8), so none depends on
    # another's result.
    if up_to_layer >= 4:
        for effect in relevant:
            change = effect.modification
            if not change.changes_type_or_color:
                continue
            if not effect.applies_to(game, obj, up_to_layer=3 if effect.affected is None else None):
                continue
            if change.set_subtypes is not None:
                subtypes = change.set_subtypes | (subtypes & NONCREATURE_SUBTYPES)
            types |= change.add_types
            subtypes |= change.add_subtypes
        for effect in relevant:
            change = effect.modification
            applies = effect.affected is not None and change.set_colors is not None
            if applies and effect.applies_to(game, obj):
                colors = change.set_colors
    partial = Characteristics(
        controller=controller,
        types=types,
        subtypes=subtypes,
        colors=colors,
        power=base_power,
        toughness=base_toughness,
        names=names,
        mana_costs=mana_costs,
        supertypes=obj.supertypes,
    )
    if up_to_layer < 6:
        return partial
    # Layer 6: abilities (613.1f), keyword counters included.
    keywords = set(back.keywords if back is not None else obj.keywords)
    affinity = obj.affinity
    for grant in grants_to_spell(game, obj, partial):
        keywords |= grant.keywords
        affinity += grant.affinity
    from_counters = set(counter_keywords(name for name, n in obj.counters.items() if n > 0))
    power, toughness = base_power, base_toughness
    # A static ability whose set is filtered by keyword ("creatures you
    # control with first strike have double strike") is judged on the
    # abilities the object has at that point of layer 6 (613.1f, 613.8).
    by_keyword = {
        id(effect): parts
        for effect in relevant
        if (parts := keyword_parts(effect)) is not None
        and effect.applies_to(game, obj, up_to_layer=5, without_keyword_parts=True)
    }
    plain = [e for e in relevant if id(e) not in by_keyword and e.filter_free_of_keywords()]
    applying = [effect for effect in plain if effect.applies_to(game, obj)]
    applying_ids = {id(effect) for effect in applying}
    layer_6 = [
        e
        for e in relevant
        if e.modification.grant or e.modification.lose or e.modification.cant_have
    ]
    layer_6 = [e for e in layer_6 if id(e) in by_keyword or id(e) in applying_ids]
    for effect in _dependency_order(layer_6, by_keyword):
        if id(effect) in by_keyword and not _has_keyword_parts(
            by_keyword[id(effect)], keywords | from_counters
        ):
            continue
        keywords |= effect.modification.grant - effect.not_granted.get(obj.serial, frozenset())
        keywords -= lost_keywords(effect.modification.lose)
        from_counters -= effect.modification.lose
    # "Can't have [keyword]": whatever the order, it doesn't have them.
    for effect in layer_6:
        if effect.modification.cant_have and (
            id(effect) not in by_keyword
            or _has_keyword_parts(by_keyword[id(effect)], keywords | from_counters)
        ):
            keywords -= lost_keywords(effect.modification.cant_have)
            from_counters -= effect.modification.cant_have
    # Layer 7 effects filtered by keyword see layer 6 finished (613.1f, 613.4).
    applying = [
        effect
        for effect in relevant
        if id(effect) in applying_ids
        or (
            id(effect) in by_keyword
            and _has_keyword_parts(by_keyword[id(effect)], keywords | from_counters)
        )
    ]
    # Layer 7a: a characteristic-defining ability sets power (604.3, 613.4a);
    # it works in every zone.
    if obj.power_is == "creatures_in_your_party":
        from mtgjudge.model.party import party_size

        power = party_size(game, controller)
    # Layer 7b: effects that set base power and toughness (an object that
    # becomes a creature gets them this way); 7c: modifications and counters
    # (613.4b, 613.4c).
    for effect in applying:
        if effect.modification.set_base is not None:
            power, toughness = effect.modification.set_base
    if power is not None and toughness is not None:
        for effect in applying:
            times = multiplier(game, effect.times, effect.you)
            power += effect.modification.power * times
            toughness += effect.modification.toughness * times
        plus = obj.counters.get("+1/+1", 0)
        minus = obj.counters.get("-1/-1", 0)
        power += plus - minus
        toughness += plus - minus
        # Layer 7d (613.4d): switches apply after every other change, in
        # timestamp order, so two of them undo each other.
        for effect in applying:
            if effect.modification.switch:
                power, toughness = toughness, power
    return Characteristics(
        controller=controller,
        types=types,
        subtypes=subtypes,
        colors=colors,
        power=power,
        toughness=toughness,
        names=names,
        mana_costs=mana_costs,
        keywords=frozenset(keywords),
        supertypes=obj.supertypes,
        counter_keywords=frozenset(from_counters),
        affinity=affinity,
    )


def assigns_no_combat_damage(game: Game, obj: GameObject) -> bool:
    """Whether an effect says the creature assigns no combat damage (510.1a)."""
    return any(
        effect.modification.assigns_no_combat_damage and effect.applies_to(game, obj)
        for effect in game.current_effects()
    )


def cant_have(game: Game, obj: GameObject) -> frozenset[str]:
    """The keywords effects say the object can't have, now."""
    found: set[str] = set()
    for effect in game.current_effects():
        if effect.modification.cant_have and effect.applies_to(game, obj):
            found |= effect.modification.cant_have
    return frozenset(found)


def keyword_parts(effect: ContinuousEffect) -> tuple[frozenset[str], frozenset[str]] | None:
    """For a static ability whose filter looks at keywords ("with first
    strike", "without flying"), the keywords it wants and those it excludes."""
    wanted = effect.filter
    if effect.affected is not None or not isinstance(wanted, ObjectFilter):
        return None
    if not wanted.keywords and not wanted.without_keywords:
        return None
    return wanted.keywords, wanted.without_keywords


def _has_keyword_parts(parts: tuple[frozenset[str], frozenset[str]], keywords: set[str]) -> bool:
    wanted, excluded = parts
    return wanted <= keywords and not excluded & keywords


def _dependency_order(
    layer_6: list[ContinuousEffect], by_keyword: dict[int, tuple[frozenset[str], frozenset[str]]]
) -> list[ContinuousEffect]:
    """613.8: within layer 6, an effect filtered by keyword depends on an
    effect that adds or removes a keyword it looks at (applying that one
    would change what it applies to, 613.8a), and applies after it
    (613.8b); the rest go in timestamp order (613.7). In a dependency loop
    (613.8b), timestamp order decides (the earliest goes first)."""
    remaining = list(layer_6)  # already in timestamp order
    ordered: list[ContinuousEffect] = []

    def depends(first: ContinuousEffect, other: ContinuousEffect) -> bool:
        parts = by_keyword.get(id(first))
        if parts is None or other is first:
            return False
        looked_at = parts[0] | parts[1]
        return bool((other.modification.grant | other.modification.lose) & looked_at)

    while remaining:
        free = [e for e in remaining if not any(depends(e, other) for other in remaining)]
        chosen = free[0] if free else remaining[0]
        ordered.append(chosen)
        remaining = [e for e in remaining if e is not chosen]
    return ordered


def _could_apply(effect: ContinuousEffect, obj: GameObject) -> bool:
    # An effect that only changes the rules (a combat restriction) changes no
    # characteristic.
    if effect.modification == NO_CHANGE:
        return False
    return effect.affected is None or obj.serial in effect.affected
