"""Type stubs for ``mtgjudge._core``, the PyO3 binding of ``mtgjudge-core``.

Errors are raised as the classes of :mod:`mtgjudge.errors`:
``InvalidInputError`` for input that doesn't describe a game,
``IllegalAttackError``, ``IllegalBlockError``, ``IllegalDamageAssignmentError``
and ``IllegalActionError`` for actions the rules forbid (with ``.rule`` and
``.fault``), and ``InternalError`` if the kernel ever panics.

Every argument is converted with an error that names it (``power``,
``life[1]``, ``creatures[0][2] (toughness)``) and says what it accepts: a
value of the wrong type is a ``TypeError``; an integer outside the range
the kernel takes is an :class:`OutOfRangeError`, such as ``block_limit must
be an integer from 0 to 65535, not 65536``.
"""

from collections.abc import Mapping, Sequence
from typing import Literal

import numpy as np
import numpy.typing as npt

from mtgjudge.errors import InvalidInputError

__version__: str

#: Keyword names, in the order of their bits in a keyword mask.
KEYWORDS: list[str]

class OutOfRangeError(InvalidInputError, OverflowError):
    """An integer argument outside the range the kernel takes (its message
    names the argument and the range): an ``InvalidInputError``, so a
    ``ValueError``, and an ``OverflowError``."""

#: ("player", index), ("creature", index), ("planeswalker", index),
#: ("removed_planeswalker", index) (506.4c) or ("nothing", 0).
Target = tuple[str, int]
Step = Literal["first_strike", "regular"]

class CreatureState:
    controller: int
    power: int
    toughness: int
    damage: int
    keywords: int
    keyword_counters: int
    tapped: bool
    struck_first: bool
    dealt_deathtouch_damage: bool
    on_battlefield: bool
    #: Regeneration shields it has (701.19a), each used up by one destruction.
    regeneration_shields: int
    #: -1/-1 counters the kernel put on it for damage from a source with
    #: infect or wither (702.80b, 702.90b). ``power`` and ``toughness``
    #: don't include them; the kernel lowers both by one per counter (613.4c).
    minus_one_counters: int
    #: False: infect and wither damage puts no -1/-1 counters on it (122.1).
    can_get_minus_one_counters: bool

class StepEvents:
    #: The combat damage step, or None for noncombat damage and state-based actions.
    step: Step | None
    #: (source creature, recipient, amount, step); the source is None for a DamageSource.
    damage: list[tuple[int | None, Target, int, Step | None]]
    #: (player, amount, source creature, step): one per source with lifelink
    #: (702.15e); the source is None for a DamageSource.
    life_gains: list[tuple[int, int, int | None, Step | None]]
    #: (creature, rule): "704.5f", "704.5g" or "704.5h".
    deaths: list[tuple[int, str]]
    planeswalker_deaths: list[int]
    #: Players who lost the game (704.5a), and so left it (104.5).
    losers: list[int]
    #: Creatures that regenerated instead of being destroyed by state-based
    #: actions (701.19a, 704.5g, 704.5h): tapped, damage removed, out of combat.
    regenerations: list[int]

class DamageSource:
    """A source of damage that is not a creature of the combat: a spell, an
    ability's source that isn't a creature, or a creature that left the
    battlefield, seen through its last known information (113.7a, 608.2h).
    Its keywords apply to its damage as a creature's would (702.2, 702.15,
    702.80, 702.90); an unknown keyword is an InvalidInputError."""

    def __init__(self, controller: int, keywords: Sequence[str]) -> None: ...
    @property
    def controller(self) -> int: ...
    @property
    def keywords(self) -> list[str]:
        """Its keyword names, in the order of ``KEYWORDS``."""

class Combat:
    """One combat among players, driven step by step (506–511).

    A player who loses (704.5a at a state-based check, or ``player_loses``)
    leaves the game (104.5). Once some player has lost and at most one is
    left, the game is over (104.1): ``game_over`` is true, ``winner`` is the
    player left (104.2a) or None for a draw (104.4a), and every action is
    refused with ``IllegalActionError`` (rule "104.1", fault "game_over"),
    while ``next_damage_step()`` is None, ``resolve_all_damage_steps()``
    resolves none and ``check_state_based_actions()`` does nothing. With
    two or more players left, the game goes on (800.4): the creatures and
    planeswalkers the player who left controlled leave the battlefield and
    combat (800.4a, 506.4), and creatures attacking that player stay
    attacking but assign no combat damage to them (800.4e).

    Damage from a source with infect or wither, combat or not, puts -1/-1
    counters on a creature instead of marking damage (120.3d, 702.80b,
    702.90b); infect damage to a player gives poison counters instead of
    life loss (120.3b). Ten or more poison counters lose the game at the
    next state-based check (704.5c)."""

    attacked: bool
    #: "not_started", "first_strike_dealt" or "finished".
    progress: str
    #: The game is over (104.1).
    @property
    def game_over(self) -> bool: ...
    #: The player who won (104.2a); None while the game goes on, or for a draw.
    @property
    def winner(self) -> int | None: ...
    def __init__(
        self, life: list[int], creatures: list[tuple[int, int, int, int, int]] | None = None
    ) -> None:
        """Players 0, 1, ... with these life totals; ``creatures`` as for
        ``add_creatures``."""
    def add_creature(
        self,
        controller: int,
        power: int,
        toughness: int,
        *,
        damage: int = 0,
        keywords: int = 0,
        keyword_counters: int = 0,
        tapped: bool = False,
        summoning_sick: bool = False,
        block_limit: int = 1,
        struck_first: bool = False,
        dealt_deathtouch_damage: bool = False,
        regeneration_shields: int = 0,
        minus_one_counters: int = 0,
        can_get_minus_one_counters: bool = True,
    ) -> int: ...
    def add_planeswalker(
        self, controller: int, loyalty: int, *, on_battlefield: bool = True
    ) -> int: ...
    def update_creature(
        self,
        index: int,
        *,
        power: int | None = None,
        toughness: int | None = None,
        damage: int | None = None,
        keywords: int | None = None,
        keyword_counters: int | None = None,
        tapped: bool | None = None,
        regeneration_shields: int | None = None,
        minus_one_counters: int | None = None,
        can_get_minus_one_counters: bool | None = None,
    ) -> None: ...
    def creature(self, index: int) -> CreatureState: ...
    def life(self, player: int) -> int: ...
    def set_teams(self, teams: list[list[int]]) -> None:
        """Two-Headed Giant (810): each list is a team, by player index.
        Teammates, who must hold the same life total and poison counters,
        share them from now on (810.4, 810.10), attack and block as a team
        (805.10) and lose together (810.8a); "can't gain life", "can't lose
        life" and "can't get poison counters" hold for the whole team (810.9g,
        810.9h, 810.10c). InvalidInputError unless there are two or more
        teams of the same size, two or more players each, with every player
        on one, and attackers haven't been declared."""
    def set_poison(self, player: int, count: int) -> None:
        """Sets the player's poison counters (122.1f): the team's, for a
        player on one (810.10)."""
    def poison(self, player: int) -> int: ...
    def set_life_rules(
        self, player: int, *, can_gain_life: bool = True, can_lose_life: bool = True
    ) -> None:
        """119.7: lifelink gains the player nothing; 119.8: damage to the
        player is dealt (an event) but causes no life loss."""
    def set_counter_rules(self, player: int, *, can_get_poison: bool = True) -> None:
        """ "You can't get poison counters" (122.1f): infect damage to the
        player is dealt but gives none."""
    def has_lost(self, player: int) -> bool:
        """Whether the player lost, and so left the game (104.5)."""
    def player_loses(self, player: int) -> None:
        """The player concedes (104.3a) or an effect makes them lose
        (104.3e): they leave the game, as a loss at a state-based check
        does. InvalidInputError if they already left."""
    def loyalty(self, planeswalker: int) -> int: ...
    def remove_from_combat(self, index: int) -> None: ...
    def leave_battlefield(self, index: int) -> None: ...
    def add_creatures(self, creatures: list[tuple[int, int, int, int, int]]) -> int:
        """Adds creatures given as ``(controller, power, toughness, damage,
        keywords)``, the rest as ``add_creature``'s defaults; returns the
        index of the first."""
    def declare_attackers(
        self, active_player: int, attacks: list[tuple[int, Target | int]]
    ) -> None:
        """``[(creature, ("player", 1)), ...]``; a bare int is a player index."""
    def declare_blockers(self, blocks: list[tuple[int, int]]) -> None: ...
    def restore_attack(self, attacker: int, target: Target, blocked: bool = False) -> None:
        """An attack restored without the declaration's checks; the target
        must be a player or planeswalker of the board (InvalidInputError
        naming it), or ("nothing", 0)."""
    def restore_block(self, blocker: int, attacker: int) -> None: ...
    def restore_blocking_nothing(self, blocker: int) -> None: ...
    def in_combat(self, index: int) -> bool: ...
    def next_damage_step(self) -> Step | None: ...
    def resolve_damage_step(
        self,
        assignments: list[tuple[int, Target, int]] | None = None,
        state_based_actions: bool = True,
    ) -> StepEvents: ...
    def assign_damage_step(
        self, assignments: list[tuple[int, Target, int]] | None = None
    ) -> tuple[Step, list[tuple[int, Target, int]]]:
        """Assigns the next step's combat damage (510.1) without dealing it;
        returns the step and the whole assignment."""
    def deal_assigned_damage(
        self, instead: list[tuple[int, Target, int]] | None = None
    ) -> StepEvents:
        """Deals the assigned damage, each `(source, recipient, amount)` of
        `instead` dealt instead of what was assigned (510.2, 614.1a, 615.1),
        without state-based actions."""
    def resolve_all_damage_steps(self) -> int:
        """Every remaining damage step with the default assignment and
        state-based actions, without building events; returns how many."""
    def fight(
        self,
        active_player: int,
        attacks: list[tuple[int, Target | int]],
        blocks: list[tuple[int, int]],
    ) -> int:
        """``declare_attackers``, ``declare_blockers`` and
        ``resolve_all_damage_steps`` in one call (same results and errors)."""
    def summary(self) -> tuple[list[int], list[bool], list[int]]:
        """``(damage, on_battlefield, life)``: each creature's marked damage
        and whether it is on the battlefield, and each player's life."""
    def deal_damage(self, source: int | DamageSource, recipient: Target, amount: int) -> StepEvents:
        """Noncombat damage (120.3) from a creature index or a
        DamageSource, whose lifelink gain goes to its controller;
        InvalidInputError for a player who left."""
    def check_state_based_actions(self) -> StepEvents: ...

# ----- party (700.8) -----

def party_types(creature_types: list[str]) -> int:
    """A creature's party types as a mask: bit 0 Cleric, 1 Rogue, 2 Warrior, 3 Wizard."""

def party_size(creatures: list[int]) -> int:
    """The number of creatures in a party (0–4), from each creature's party-type mask."""

# ----- costs: mana costs, mana value, total cost, payment -----
#
# Rules: 107.3-107.4 (symbols, X), 118.3-118.7 (costs, reductions), 119.4
# (paying life), 202 (mana cost, colour, mana value), 601.2b/f-h (total cost
# and payment), 702.41 (affinity), 702.51 (convoke), 702.66 (delve), 702.126
# (improvise), 709 (split cards).
#
# Malformed mana costs raise ``ManaCostSyntaxError`` (an ``InvalidInputError``)
# with ``offset`` (characters from the start) and ``expected``; other bad input
# raises ``InvalidInputError`` (or ``TypeError`` for an argument of the wrong
# type); ``check_payment`` raises ``IllegalPaymentError`` with ``rule`` and
# ``fault``.

#: (source, symbol, paid_as, count), e.g. ("creature:GW", "{W}", "W", 1).
#: Sources: "mana:W" ("mana:C" ...), "snow:W" (mana from a snow source),
#: "creature:GW" / "creature" (colourless; convoke), "artifact" (improvise),
#: "card" (delve), "life" (2 life per unit), "reduction:W" / "reduction:C" /
#: "reduction:generic" (a pending reduction). Symbols: "{W}", "{W/U}", "{2/W}",
#: "{C/W}", "{W/P}", "{W/U/P}", "{C}", "{S}", and "{1}" for one generic mana.
#: paid_as: "W".."G", "C", "generic", "snow" or "life". A count is one symbol,
#: or one mana for "{1}" and for a "{2/W}" paid as "generic" (2 per symbol).
PaymentPartTuple = tuple[str, str, str, int]

class ManaCost:
    """A mana cost as printed (107.4). ``ManaCost("")`` is no mana cost
    (202.1b: unpayable, mana value 0), distinct from ``ManaCost("{0}")``.
    ``str()`` prints the symbols in a canonical order (X, generic, {C}, {S},
    WUBRG, hybrid, {2/c}, {C/c}, Phyrexian, hybrid Phyrexian), so
    ``ManaCost(str(c)) == c``; equal costs have equal symbols in any order.
    A cost whose text would be over a megabyte (2^31 {W}, say) raises
    ``InvalidInputError`` from ``str()`` and pickling, and ``repr()`` shows
    its number of symbols instead."""

    def __init__(self, text: str = "") -> None: ...
    def mana_value(self, on_stack: bool = False, x: int = 0) -> int:
        """202.3: X counts 0 off the stack and ``x`` on it (202.3e); {2/c}
        counts 2 (202.3f); Phyrexian symbols 1 (202.3g)."""
    @property
    def is_none(self) -> bool:
        """No mana cost at all (202.1b)."""
    @property
    def colors(self) -> str:
        """Its colours in WUBRG order (202.2), e.g. "WU"; "" if colourless."""
    @property
    def generic(self) -> int:
        """The generic mana of its numerical symbols (X not counted)."""
    @property
    def symbols(self) -> list[tuple[str, int]]:
        """(symbol, count) in printing order; ("{1}", n) is n generic mana."""
    def count(self, symbol: str) -> int:
        """How many of one symbol, e.g. count("{W/U}"); count("{1}") is the generic mana."""
    def __add__(self, other: ManaCost | str) -> ManaCost:
        """The combined cost of two halves (709.4b)."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

#: A mana cost, or its text such as "{2}{W}".
CostLike = ManaCost | str

def parse_mana_cost(text: str) -> ManaCost:
    """The same as ``ManaCost(text)``."""

def mana_value(costs: Sequence[CostLike | None], *, on_stack: bool = False, x: int = 0) -> int:
    """The mana value of an object whose existing faces have these mana
    costs (None or "" is no mana cost): one face (202.3), or the two halves
    of a split card, combined off the stack (202.3d, 709.4b) and on the stack
    as a fused split spell (702.102b). ``x`` counts only on the stack."""

def mana_value_of_split(
    left: CostLike,
    right: CostLike,
    *,
    cast: Literal["left", "right", "fused"] | None = None,
    x: int = 0,
) -> int:
    """A split card's mana value (202.3d, 709.4b): both halves when it is not
    on the stack (``cast=None``); on the stack the half cast, or both halves
    of a fused split spell (702.102b). ``x`` counts only on the stack."""

class TotalCost:
    """A locked-in total cost (601.2f), as returned by ``total_cost``."""

    @property
    def cost(self) -> ManaCost:
        """What is left to pay: X is generic mana, hybrid and Phyrexian
        symbols are kept (the payment chooses their halves, 601.2b). No mana
        cost when the total cost is unpayable."""
    @property
    def pending(self) -> str | None:
        """Reductions whose target depends on how hybrid or Phyrexian symbols
        are announced, e.g. "{W}" for {W/U}{W/B} reduced by {W}; the payment
        functions apply them. ``None`` when every reduction is applied."""
    @property
    def settled(self) -> bool:
        """``pending is None``."""
    @property
    def unpayable(self) -> bool:
        """No mana cost and no alternative cost (118.6, 118.6a)."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

def total_cost(
    mana_cost: CostLike,
    *,
    x: int = 0,
    alternative: CostLike | None = None,
    additional: Sequence[CostLike] = (),
    increases: Sequence[CostLike] = (),
    reductions: Sequence[int | CostLike] = (),
    affinity: Sequence[int] = (),
) -> TotalCost:
    """The total cost (601.2f): the mana cost, or ``alternative`` in its
    place, plus ``additional`` costs and ``increases``, with every {X} equal
    to ``x`` (107.3a); then every reduction applies, never below {0}.

    - A reduction is an amount of generic mana (an int, or "{2}") or mana
      symbols: a colour or {C} reduces that type first and the rest generic
      mana (118.7b-d); {S} is generic (118.7g); {W/P} is white (118.7f);
      hybrid symbols are refused (118.7e: pass the half chosen).
    - ``affinity`` has one entry per instance of affinity (702.41b): how many
      of the quality the caster controls. Each reduces generic mana only.
    - Increases and additional costs apply before reductions, so a reduction
      larger than the cost leaves {0} (not an error).
    - A coloured reduction against a cost whose symbols of that colour are
      hybrid or Phyrexian: it reduces the symbol the player would announce as
      that colour (601.2b precedes 601.2f) when that is never worse, else it
      stays ``pending`` and the payment search picks the best target.
    - No mana cost without an alternative cost is unpayable (118.6)."""

class ManaPool:
    """A mana pool: mana per type, and the part of it produced by snow
    sources (107.4h). As ``pool=`` of the payment functions it brings its
    snow mana along unless ``snow=`` is given. ``repr()`` shows counts,
    ``ManaPool({'W': 2}, snow={'W': 1})``; ``str()`` the symbols, or
    ``InvalidInputError`` if they would be over a megabyte."""

    def __init__(
        self,
        pool: str | Mapping[str, int] | Sequence[int] | None = None,
        snow: str | Mapping[str, int] | Sequence[int] | None = None,
    ) -> None: ...
    @staticmethod
    def parse(text: str) -> ManaPool:
        """From mana symbols such as "{R}{R}{W}" ({W}..{G} and {C} only)."""
    @property
    def mana(self) -> dict[str, int]: ...
    @property
    def snow(self) -> dict[str, int]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

#: Mana as a ManaPool, letters ("WWUC"), a dict ({"W": 2, "C": 1}) or six
#: counts (W U B R G C).
ManaLike = ManaPool | str | Mapping[str, int] | Sequence[int]

class Payment:
    """One concrete payment. Two payments are equal when their parts are."""

    @property
    def parts(self) -> list[PaymentPartTuple]:
        """In a canonical order (by resource, then symbol)."""
    @property
    def life(self) -> int:
        """Life paid (2 per Phyrexian symbol paid with life)."""
    @property
    def mana(self) -> dict[str, int]:
        """Mana spent from the pool per type, snow or not."""
    @property
    def snow(self) -> dict[str, int]:
        """The part of ``mana`` produced by snow sources."""
    @property
    def creatures(self) -> dict[str, int]:
        """Creatures tapped for convoke, per colours ("" for colourless)."""
    @property
    def artifacts(self) -> int:
        """Artifacts tapped for improvise."""
    @property
    def graveyard(self) -> int:
        """Cards exiled from the graveyard for delve."""

class Shortfall:
    """Why a cost can't be paid: what a largest partial payment leaves
    unpaid. It pays coloured, colorless, hybrid, Phyrexian and snow
    requirements first and generic mana last; the total ``missing`` is the
    same for every largest partial payment."""

    @property
    def unpayable(self) -> bool:
        """No mana cost (118.6): nothing can pay it."""
    @property
    def rule(self) -> str:
        """The rule: "118.6" when unpayable, else "601.2h"."""
    @property
    def missing(self) -> int:
        """Units left unpaid in all."""
    @property
    def unpaid(self) -> list[tuple[str, int]]:
        """(requirement, units): "{G}", "{W/P}", "generic mana",
        "generic mana for {2/W}" (a {2/W} paid as {2}) ..."""

class PaymentResult:
    """``find_payment``'s answer; true if payable."""

    payable: bool
    payment: Payment | None
    shortfall: Shortfall | None
    def __bool__(self) -> bool: ...

# The payment functions take a TotalCost, or a ManaCost / string taken as the
# total cost with nothing else (X = 0), and these resources:
#
# - pool: the mana pool (default empty); snow: the part of it from snow
#   sources (107.4h), per type, at most the pool's count of that type (a
#   ManaPool passed as pool brings its own snow part).
# - life: the caster's life total (default 0); 2 per Phyrexian symbol paid
#   with life, never more than the life total (119.4).
# - convokers: the colours of each untapped creature the caster controls,
#   e.g. ["GW", "", "R"] ("" is colourless); they pay only with convoke=True
#   (702.51a: {1} or one mana of one of its colours). A creature tapped for
#   mana while casting is not untapped: leave it out.
# - artifacts (improvise=True) and graveyard cards (delve=True) pay generic
#   mana only (702.126a, 702.66a), including a {2/c} paid as {2}.
#
# The answers are exact (a maximum flow over resource and requirement
# classes), never a greedy guess.

def can_pay(
    cost: TotalCost | CostLike,
    *,
    pool: ManaLike | None = None,
    snow: ManaLike | None = None,
    life: int = 0,
    convokers: Sequence[str] = (),
    artifacts: int = 0,
    graveyard: int = 0,
    convoke: bool = False,
    improvise: bool = False,
    delve: bool = False,
) -> bool:
    """Whether the total cost can be paid (601.2h)."""

def find_payment(
    cost: TotalCost | CostLike,
    *,
    pool: ManaLike | None = None,
    snow: ManaLike | None = None,
    life: int = 0,
    convokers: Sequence[str] = (),
    artifacts: int = 0,
    graveyard: int = 0,
    convoke: bool = False,
    improvise: bool = False,
    delve: bool = False,
) -> PaymentResult:
    """One payment, or the shortfall. The payment spends pending reductions
    first, then pool mana, then creatures (convoke), artifacts (improvise),
    graveyard cards (delve), and life only for what nothing else can pay;
    a {2/c} is paid with its colour when that works."""

def enumerate_payments(
    cost: TotalCost | CostLike,
    *,
    limit: int = 100,
    pool: ManaLike | None = None,
    snow: ManaLike | None = None,
    life: int = 0,
    convokers: Sequence[str] = (),
    artifacts: int = 0,
    graveyard: int = 0,
    convoke: bool = False,
    improvise: bool = False,
    delve: bool = False,
) -> list[Payment]:
    """Up to ``limit`` distinct payments, in a fixed order. Distinct means a
    different multiset of (source, symbol, mode) where mode only tells a
    {2/c} paid with its colour from one paid as {2}: creatures of the same
    colours are not told apart, nor is the colour a multicoloured creature
    pays a hybrid symbol as. With pending reductions, payments where an
    announcement leaves a reduction nothing to reduce are listed too."""

def check_payment(
    cost: TotalCost | CostLike,
    payment: Payment | Sequence[PaymentPartTuple],
    *,
    pool: ManaLike | None = None,
    snow: ManaLike | None = None,
    life: int = 0,
    convokers: Sequence[str] = (),
    artifacts: int = 0,
    graveyard: int = 0,
    convoke: bool = False,
    improvise: bool = False,
    delve: bool = False,
) -> None:
    """Raises ``IllegalPaymentError`` unless the payment pays the total cost
    exactly (601.2h). Faults: "unpayable" (118.6), "cant_pay_symbol"
    (202.1a, 107.4c, 107.4h, 702.51a, 702.126a, 702.66a, 107.4f),
    "no_convoke" / "no_improvise" / "no_delve", "not_enough_mana" /
    "_creatures" / "_artifacts" / "_cards" / "_reduction" (118.3),
    "not_enough_life" (119.4), "wrong_amount" (601.2h), "reduction_unused"
    (601.2f), "reduction_order" (118.7c), "unknown_symbol". Each part's
    paid_as is the player's announcement (601.2b)."""

# ----- batches (see the README, "Batch API") -----
#
# One row per creature (or per query), grouped by an offsets array: item i
# owns rows offsets[i]..offsets[i+1]; offsets start at 0 and end at the
# number of rows. Every column is a C-contiguous numpy array of exactly the
# dtype shown; anything else (dtype, shape, length, a value out of range) is
# an InvalidInputError naming the row (or item) and the column. An empty
# batch (offsets == [0]) gives empty results. The GIL is released while the
# batch runs; ``threads`` is how many threads (None: every core; otherwise
# 1 to 1024, not a bool: InvalidInputError), started for the call and
# joined before it returns. The offsets are copied before the batch runs
# and every value checked is read once, so another thread writing into the
# arrays meanwhile can change the answers, never crash the call.

#: ``(name, rule)`` for each combat status code; 0 is ``("resolved", None)``,
#: then ``"attack:<fault>"`` (codes 1-7) and ``"block:<fault>"`` (8-16).
COMBAT_STATUS: list[tuple[str, str | None]]

#: What ``resolve_combats`` returns: a dict of these arrays.
#: damage: int32 per row, damage marked after combat;
#: died: bool per row, put into the graveyard by state-based actions;
#: life: int32 (combats, 2), life of players 0 and 1 after combat;
#: life_gained: int32 (combats, 2), life gained through lifelink;
#: status: uint8 per combat, an index into COMBAT_STATUS;
#: game_over: bool per combat, a player lost at a state-based check after a
#: combat damage step (704.5a), which ends a two-player game (104.2a);
#: winner: int8 per combat, the player who won, or -1 (the game goes on,
#: or a draw: both lost at once, 104.4a).
CombatResults = dict[str, npt.NDArray[np.generic]]

def resolve_combats(
    offsets: npt.NDArray[np.uint32],
    life: npt.NDArray[np.int32],
    controller: npt.NDArray[np.uint8],
    power: npt.NDArray[np.int16],
    toughness: npt.NDArray[np.int16],
    damage: npt.NDArray[np.int16],
    keywords: npt.NDArray[np.uint32],
    attack: npt.NDArray[np.uint8],
    blocks: npt.NDArray[np.int16],
    *,
    threads: int | None = None,
    out: CombatResults | None = None,
) -> CombatResults:
    """Resolves two-player combats: player 0 attacks player 1.

    Per combat: ``offsets`` (combats + 1, uint32), ``life`` ((combats, 2)
    int32: starting life of players 0 and 1). Per creature row:
    ``controller`` (uint8, 0 or 1), ``power``, ``toughness`` (int16, any),
    ``damage`` (int16, marked damage, >= 0), ``keywords`` (uint32 mask, bit k
    = KEYWORDS[k]), ``attack`` (uint8, 1 = attacks player 1), ``blocks``
    (int16, index within its combat of the attacker it blocks, or -1).

    Each combat is declared (attackers, then blockers, in row order) and
    resolved with the default damage assignment, as ``Combat`` would. An
    illegal declaration leaves it unresolved: its status names the fault and
    its results are its starting values. A player who loses at the check
    after a damage step ends the game: no further step (104.1). Returns a
    dict with ``damage``, ``died``, ``life``, ``life_gained``, ``status``,
    ``game_over`` and ``winner`` (see CombatResults):
    new arrays, or those of ``out`` (arrays of those dtypes and shapes,
    reused from batch to batch) written in place."""

def can_pay_batch(
    costs: list[TotalCost | CostLike],
    cost: npt.NDArray[np.uint32],
    pool: npt.NDArray[np.uint16],
    *,
    snow: npt.NDArray[np.uint16] | None = None,
    life: npt.NDArray[np.int32] | None = None,
    artifacts: npt.NDArray[np.uint16] | None = None,
    graveyard: npt.NDArray[np.uint16] | None = None,
    flags: npt.NDArray[np.uint8] | None = None,
    convoker_offsets: npt.NDArray[np.uint32] | None = None,
    convoker_colors: npt.NDArray[np.uint8] | None = None,
    threads: int | None = None,
) -> npt.NDArray[np.bool_]:
    """``can_pay`` for many queries: query q pays ``costs[cost[q]]`` with
    ``pool[q]`` ((queries, 6) uint16: W U B R G C), ``snow[q]`` (the part of
    it from snow sources), ``life[q]``, ``artifacts[q]``, ``graveyard[q]``,
    ``flags[q]`` (bit 0 convoke, 1 improvise, 2 delve) and the creatures
    ``convoker_colors[convoker_offsets[q]:convoker_offsets[q + 1]]`` (uint8
    colour masks, bit 0 W ... bit 4 G). Optional columns default to 0."""

def party_sizes(
    offsets: npt.NDArray[np.uint32],
    types: npt.NDArray[np.uint8],
    *,
    threads: int | None = None,
) -> npt.NDArray[np.uint8]:
    """``party_size`` for many parties: party p is the party-type masks
    ``types[offsets[p]:offsets[p + 1]]`` (bit 0 Cleric, 1 Rogue, 2 Warrior,
    3 Wizard)."""
