"""Cards, permanents and tokens as objects (109, 110, 111), with their
printed characteristics and status. What they currently are after continuous
effects is computed in :mod:`mtgjudge.model.effects`."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field

_serials = itertools.count(1)


def new_serial() -> int:
    """A number no object has had: each zone change makes a new object (400.7)."""
    return next(_serials)


@dataclass(frozen=True)
class Face:
    """One half of a split card (709)."""

    name: str
    mana_cost: str | None = None
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    #: What the half does as it resolves: actions in the scenario vocabulary.
    resolve: tuple = ()


@dataclass(frozen=True)
class BackFace:
    """The back face of a transforming double-faced card (712): the
    characteristics it has while it is transformed (712.8d)."""

    name: str
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    power: int | None = None
    toughness: int | None = None
    keywords: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Mode:
    """One mode of a modal spell (700.2)."""

    #: What the spell does as it resolves with this mode chosen.
    resolve: tuple = ()
    #: How many targets the mode requires (601.2c, 700.2c); None: any number.
    targets: int | None = None
    description: str = ""
    #: The mode's target requirements (115.1, 700.2c), each a
    #: :class:`mtgjudge.model.targets.TargetSpec`.
    targeting: tuple = ()


@dataclass(eq=False)
class GameObject:
    """A card, token or copy in some zone.

    ``ref`` is the scenario's name for the card; it follows the card from
    zone to zone while ``serial`` changes, since the card becomes a new
    object each time (400.7)."""

    ref: str
    name: str
    owner: str
    controller: str
    zone: str
    serial: int = field(default_factory=new_serial)
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    mana_cost: str | None = None
    faces: tuple[Face, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    keywords: frozenset[str] = frozenset()
    #: Each instance of "affinity for [quality]" (702.41): the quality's filter.
    affinity: tuple = ()
    #: Static abilities that affect other objects (:class:`mtgjudge.model.effects.StaticAbility`).
    statics: tuple = ()
    #: Static abilities that let its controller cast spells (:class:`mtgjudge.model.timing.Permission`).
    permissions: tuple = ()
    #: Static abilities that prohibit casting spells or activating abilities
    #: (601.3, 602.5): :class:`mtgjudge.model.timing.Prohibition`.
    prohibits: tuple = ()
    #: Static abilities that make spells cost more or less (:class:`mtgjudge.model.cost.CostModifier`).
    cost_modifiers: tuple = ()
    #: "As an additional cost to cast [spells], you may pay any amount of
    #: mana" abilities (:class:`mtgjudge.model.cost.ManaForCounters`).
    mana_for_counters: tuple = ()
    #: Static abilities that prevent damage (:class:`mtgjudge.model.replacement.Prevention`, 615).
    preventions: tuple = ()
    #: Static abilities that say damage "can't be prevented" (615.12): which
    #: damage, each a :class:`mtgjudge.model.replacement.DamageFilter`.
    unpreventable: tuple = ()
    #: Static abilities that modify damage as it would be dealt
    #: (:class:`mtgjudge.model.replacement.DamageReplacement`, 614.1a).
    damage_replacements: tuple = ()
    #: Static abilities that redirect damage (:class:`mtgjudge.model.replacement.Redirection`, 614.1a).
    redirections: tuple = ()
    #: Static abilities on life totals and life gain
    #: (:class:`mtgjudge.model.life.LifeRule`, ``LifeGainReplacement``; 119.7, 119.8, 614.1a).
    life_rules: tuple = ()
    #: "If [a player] would draw a card, ... instead" (614.11): (players,
    #: actions, condition, description).
    replaces_draw: tuple = ()
    #: Static abilities on the counters objects and players may get
    #: (:class:`mtgjudge.model.counters.CounterRule`; 122.1, 614.1a).
    counter_rules: tuple = ()
    #: "[This permanent] can't have more than N [kind] counters on it"
    #: (704.5r): N by kind.
    counter_limits: tuple[tuple[str, int], ...] = ()
    #: Static abilities that give players keywords ("you have hexproof",
    #: 702.11c): :class:`mtgjudge.model.targets.PlayerKeywords`.
    players_have: tuple = ()
    #: Static abilities that give spells its controller casts abilities
    #: (:class:`mtgjudge.model.effects.SpellGrant`).
    spell_grants: tuple = ()
    #: Triggered abilities (:class:`mtgjudge.model.triggers.TriggeredAbility`, 603).
    triggers: tuple = ()
    #: Activated abilities (:class:`mtgjudge.model.activated.ActivatedAbility`, 602).
    activated: tuple = ()
    #: When it entered its zone, for timestamp order (613.7).
    timestamp: int = 0
    token: bool = False
    #: What the spell does as it resolves (608.2): actions in the scenario vocabulary.
    resolve: tuple = ()
    #: A characteristic-defining ability for its power (604.3, 613.4a): what
    #: it counts, by name ("creatures_in_your_party").
    power_is: str | None = None
    #: 601.3: "Cast this spell only if ...": the restriction, by name.
    cast_only_if: str | None = None
    #: 506.7: "Cast this spell only [before/after/during] ..." with respect to
    #: combat and turns (:class:`mtgjudge.model.timing.TimingRestriction`).
    cast_only: object = None
    #: "This spell costs {1} less to cast for each ...": (amount, what is counted).
    costs_less_for_each: tuple[str, str] | None = None
    #: 601.3d: the card may be cast as though it had flash while this condition holds.
    flash_if: object = None
    #: 601.3c: the card may be cast as though it had flash if this extra cost is paid.
    flash_for_extra_cost: str | None = None
    #: A modal spell's modes (700.2), each a :class:`Mode`.
    modes: tuple = ()
    #: Devour N (702.82a): N, and for "devour [quality] N" the quality's
    #: filter (702.82c); and how many it devoured as it entered (702.82b).
    devour: int | None = None
    devour_quality: object = None
    devoured: int = 0
    #: Its ninjutsu cost (702.49a), printed: the card may be put onto the
    #: battlefield from a hand attacking, in place of an unblocked attacker.
    ninjutsu: str | None = None
    #: What the spell divides among its targets (601.2d): (counter kind, how
    #: many); and, on the stack, how it was divided, by name.
    divides: tuple[str, int] | None = None
    division: dict = field(default_factory=dict)
    #: How many modes its caster chooses, at least and at most (700.2:
    #: "choose one", "choose two", "choose one or more").
    modes_to_choose: tuple[int, int] = (1, 1)
    #: Its entwine cost (702.42a), or None.
    entwine: str | None = None
    #: Its kicker cost (702.33a), or None; what it enters with if it was
    #: kicked (702.33e): counters and keywords; and, on the stack, whether
    #: it was kicked (702.33d).
    kicker: str | None = None
    if_kicked_counters: tuple[tuple[str, int], ...] = ()
    if_kicked_keywords: frozenset[str] = frozenset()
    #: "Enters tapped", "enters with [counters]" (603.6d): (tapped, counters).
    enters: tuple[bool, tuple[tuple[str, int], ...]] = (False, ())
    #: How other permanents that fit enter (614.12): (filter, tapped, counters).
    others_enter: tuple = ()
    #: "As [this] enters, choose [A] or [B]" (614.12c): (name, {anchor:
    #: (keywords, power, toughness)}).
    as_enters_choose: tuple | None = None
    #: "[Permanents that fit] can't enter the battlefield" (614.17d): filters.
    cant_enter: tuple = ()
    kicked: bool = False
    #: What each instance of the word "target" in the spell asks for (115.1,
    #: 601.2c), each a :class:`mtgjudge.model.targets.TargetSpec`.
    targeting: tuple = ()
    #: "As an additional cost to cast this spell, sacrifice a [quality]" (118.8):
    #: the quality's filter (:class:`mtgjudge.model.effects.ObjectFilter`), or None.
    sacrifice_cost: object = None
    # On the stack (601.2, 707.10, 709.3).
    cast_half: int | None = None
    #: The indexes of the modes chosen for a modal spell (700.2a), in the
    #: order written.
    mode: tuple[int, ...] | None = None
    x: int | None = None
    targets: tuple[str, ...] = ()
    #: The targets as chosen, each with its half and the object it was
    #: (:class:`mtgjudge.model.casting.SpellTarget`, 601.2c, 608.2b).
    spell_targets: tuple = ()
    is_copy: bool = False
    caster: str | None = None
    #: Counters the permanent spell will enter the battlefield with (614.1c).
    enters_with: Counter = field(default_factory=Counter)
    # Status on the battlefield (110.5).
    tapped: bool = False
    damage: int = 0
    counters: Counter = field(default_factory=Counter)
    summoning_sick: bool = False
    block_limit: int = 1
    attached_to: int | None = None
    struck_first: bool = False
    #: Dealt damage by a source with deathtouch since state-based actions were last checked (702.2b).
    dealt_deathtouch_damage: bool = False
    #: Regeneration shields from resolved spells and abilities (701.19a): each
    #: replaces the next time it would be destroyed this turn; unused ones end
    #: at cleanup (514.2).
    regeneration_shields: int = 0
    #: Whether the object has existed at all (a token off the battlefield ceases to exist, 111.8).
    exists: bool = True
    #: An emblem in the command zone (114): neither a card nor a permanent
    #: (114.5), with no characteristics but its abilities (114.3).
    emblem: bool = False
    #: "You may play an additional land on each of your turns" (305.2): how many.
    additional_land_plays: int = 0
    #: "If [this card] would be put into a graveyard from anywhere, ...
    #: instead" (614.1a, functioning in every zone, 113.6b): the zone it goes
    #: to instead, "library" (revealed and shuffled in) or "exile".
    instead_of_graveyard: str | None = None
    #: A transforming double-faced card's back face (712), and whether the
    #: permanent is transformed, back face up (701.27): status.
    back: BackFace | None = None
    transformed: bool = False

    @property
    def is_split(self) -> bool:
        return len(self.faces) == 2

    def printed_faces(self) -> tuple[Face, ...]:
        """Its halves, or one face made of its own characteristics."""
        if self.faces:
            return self.faces
        return (
            Face(
                name=self.name,
                mana_cost=self.mana_cost,
                types=self.types,
                subtypes=self.subtypes,
                colors=self.colors,
                resolve=self.resolve,
            ),
        )

    def existing_faces(self) -> tuple[Face, ...]:
        """The faces whose characteristics exist where the object is: on the
        stack only the half being cast (709.3b); elsewhere both halves
        combined (709.4)."""
        faces = self.printed_faces()
        if self.zone == "stack" and self.cast_half is not None:
            return (faces[self.cast_half],)
        return faces
