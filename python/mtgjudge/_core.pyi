"""Type stubs for ``mtgjudge._core``, the PyO3 binding of ``mtgjudge-core``.

Errors are raised as the classes of :mod:`mtgjudge.errors`:
``InvalidInputError`` for input that doesn't describe a game,
``IllegalAttackError``, ``IllegalBlockError``, ``IllegalDamageAssignmentError``
and ``IllegalActionError`` for actions the rules forbid (with ``.rule`` and
``.fault``), and ``InternalError`` if the kernel ever panics.
"""

from typing import Literal

__version__: str

#: Keyword names, in the order of their bits in a keyword mask.
KEYWORDS: list[str]

#: ("player", index), ("creature", index), ("planeswalker", index) or ("nothing", 0).
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
    on_battlefield: bool

class StepEvents:
    #: The combat damage step, or None for noncombat damage and state-based actions.
    step: Step | None
    #: (source creature, recipient, amount, step)
    damage: list[tuple[int, Target, int, Step | None]]
    #: (player, amount, source creature, step): one per source with lifelink (702.15e).
    life_gains: list[tuple[int, int, int, Step | None]]
    #: (creature, rule): "704.5f", "704.5g" or "704.5h".
    deaths: list[tuple[int, str]]
    planeswalker_deaths: list[int]
    losers: list[int]

class Combat:
    """One combat among players, driven step by step (506–511)."""

    attacked: bool
    #: "not_started", "first_strike_dealt" or "finished".
    progress: str
    def __init__(self, life: list[int]) -> None: ...
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
    ) -> int: ...
    def add_planeswalker(self, controller: int, loyalty: int) -> int: ...
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
    ) -> None: ...
    def creature(self, index: int) -> CreatureState: ...
    def life(self, player: int) -> int: ...
    def has_lost(self, player: int) -> bool: ...
    def loyalty(self, planeswalker: int) -> int: ...
    def remove_from_combat(self, index: int) -> None: ...
    def leave_battlefield(self, index: int) -> None: ...
    def declare_attackers(self, active_player: int, attacks: list[tuple[int, Target]]) -> None: ...
    def declare_blockers(self, blocks: list[tuple[int, int]]) -> None: ...
    def restore_attack(self, attacker: int, target: Target, blocked: bool = False) -> None: ...
    def restore_block(self, blocker: int, attacker: int) -> None: ...
    def in_combat(self, index: int) -> bool: ...
    def next_damage_step(self) -> Step | None: ...
    def resolve_damage_step(
        self, assignments: list[tuple[int, Target, int]] | None = None
    ) -> StepEvents: ...
    def deal_damage(self, source: int, recipient: Target, amount: int) -> StepEvents: ...
    def check_state_based_actions(self) -> StepEvents: ...

# ----- party (700.8) -----

def party_types(creature_types: list[str]) -> int:
    """A creature's party types as a mask: bit 0 Cleric, 1 Rogue, 2 Warrior, 3 Wizard."""

def party_size(creatures: list[int]) -> int:
    """The number of creatures in a party (0–4), from each creature's party-type mask."""
