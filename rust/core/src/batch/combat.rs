//! A batch of two-player combats, each resolved through the combat kernel
//! exactly as a single [`Combat`] would be.
//!
//! # Columns
//!
//! One row per creature; combat `c` owns rows `offsets[c]..offsets[c + 1]`,
//! and a creature's index within its combat is its row minus
//! `offsets[c]`. Player 0 is the active (attacking) player, player 1 the
//! defending player.
//!
//! | column | per | type | meaning |
//! | --- | --- | --- | --- |
//! | `offsets` | combat + 1 | `u32` | first row of each combat, then the end |
//! | `life` | combat × 2 | `i32` | starting life of players 0 and 1 |
//! | `controller` | row | `u8` | 0 or 1 |
//! | `power`, `toughness` | row | `i16` | any value (zero and negative allowed) |
//! | `damage` | row | `i16` | damage already marked, 0 or more |
//! | `keywords` | row | `u32` | keyword mask (bit `k` = [`crate::Keyword::ALL`]`[k]`) |
//! | `attack` | row | `u8` | 1: attacks player 1; 0: doesn't attack |
//! | `blocks` | row | `i16` | index within the combat of the attacker it blocks, or -1 |
//!
//! # Resolution
//!
//! A combat of the batch is the combat a [`Combat`] would resolve from the
//! same board: the attackers (rows with `attack = 1`, in row order) are
//! declared attacking player 1 ([`Combat::declare_attackers`]), then the
//! blockers (rows with `blocks >= 0`, in row order;
//! [`Combat::declare_blockers`]), then every combat damage step is resolved
//! with the default assignment ([`Combat::resolve_all_damage_steps`]), with
//! state-based actions after each step. A player who loses at one of those
//! checks (704.5a) ends the game (104.2a in a two-player game; 104.4a if
//! both lose at once), and nothing more happens (104.1). An illegal
//! declaration leaves the combat unresolved: its status names the first
//! fault ([`CombatStatus`]) and its results are its starting values.
//!
//! # Two resolvers, one result
//!
//! [`resolve_combats_through_kernel`] does exactly that, through
//! [`Board`] and [`Combat`]. [`resolve_combats`] gives the same results
//! about ten times faster: in a batch's combats only two players take part,
//! every attacker attacks player 1, each blocker blocks one attacker,
//! nothing changes between the steps and every assignment is the default
//! one, so most of what the general kernel keeps track of (planeswalkers,
//! explicit assignments, creatures removed from combat by effects, the
//! event log) has nothing to do; nor has regeneration (701.19), since a
//! batch's creatures have no regeneration shields. It decides with the
//! kernel's own rule
//! functions ([`attack_fault`], [`evasion_fault`], [`menace_fault`],
//! [`Creature::strikes_in`], [`Creature::lethal_damage`],
//! [`Creature::take_damage`], [`Creature::death_reason`]), and the tests
//! check it against the kernel on random combats.

use crate::batch::{check_len, BatchError, Offsets, Unit};
use crate::board::{Board, Creature, CreatureId, GameResult, Player};
use crate::combat::{
    attack_fault, evasion_fault, menace_fault, AttackFault, AttackTarget, Block, BlockFault,
    Combat, CombatError, DamageLog, DamageProgress, DamageStep,
};
use crate::keywords::{Keyword, Keywords};

/// The most creatures one combat of a batch may have.
pub const MAX_COMBAT_ROWS: usize = 4096;

/// The input columns of a batch of combats (see the module documentation).
#[derive(Clone, Copy, Debug)]
pub struct CombatColumns<'a> {
    pub offsets: &'a [u32],
    pub life: &'a [i32],
    pub controller: &'a [u8],
    pub power: &'a [i16],
    pub toughness: &'a [i16],
    pub damage: &'a [i16],
    pub keywords: &'a [u32],
    pub attack: &'a [u8],
    pub blocks: &'a [i16],
}

/// The output columns: per row, the damage marked after combat and whether
/// the creature died (left the battlefield through state-based actions);
/// per combat, both players' life after combat, the life each gained
/// (lifelink), the [`CombatStatus`] code, whether the game is over (104.1)
/// and who won it (104.2a): the player, or [`NO_WINNER`] when the game
/// goes on or is a draw (104.4a).
#[derive(Debug)]
pub struct CombatResults<'a> {
    pub damage: &'a mut [i32],
    pub died: &'a mut [bool],
    pub life: &'a mut [i32],
    pub life_gained: &'a mut [i32],
    pub status: &'a mut [u8],
    pub game_over: &'a mut [bool],
    pub winner: &'a mut [i8],
}

/// The `winner` of a combat whose game goes on, or ended in a draw.
pub const NO_WINNER: i8 = -1;

/// How a two-player game stands after combat, `(game over, winner)`: if
/// state-based actions were `checked`, over as soon as a player has lost
/// (704.5a), won by the other (104.2a), or drawn if both lost at once
/// (104.4a). Without branches, by the losers as two bits.
#[inline]
fn two_player_result(life: [i32; 2], checked: bool) -> (bool, i8) {
    const WINNER: [i8; 4] = [NO_WINNER, 1, 0, NO_WINNER];
    let losers =
        (usize::from(life[0] <= 0) | usize::from(life[1] <= 0) << 1) * usize::from(checked);
    (losers != 0, WINNER[losers])
}

/// How a combat of a batch went: resolved, or which rule its declarations
/// broke. The code is what the `status` column holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CombatStatus {
    Resolved,
    IllegalAttack(AttackFault),
    IllegalBlock(BlockFault),
}

const ATTACK_FAULTS: [AttackFault; 7] = [
    AttackFault::NotControlledByActivePlayer,
    AttackFault::Tapped,
    AttackFault::SummoningSick,
    AttackFault::Defender,
    AttackFault::NotAnOpponent,
    AttackFault::PlaneswalkerNotAttackable,
    AttackFault::DeclaredTwice,
];

const BLOCK_FAULTS: [BlockFault; 9] = [
    BlockFault::Tapped,
    BlockFault::Decayed,
    BlockFault::NotAttacking,
    BlockFault::NotDefending,
    BlockFault::Flying,
    BlockFault::Shadow,
    BlockFault::Menace,
    BlockFault::TooManyAttackers,
    BlockFault::DeclaredTwice,
];

impl CombatStatus {
    /// Every status, in the order of its code (0 is resolved).
    pub const ALL: [CombatStatus; 17] = {
        let mut all = [CombatStatus::Resolved; 17];
        let mut i = 0;
        while i < ATTACK_FAULTS.len() {
            all[1 + i] = CombatStatus::IllegalAttack(ATTACK_FAULTS[i]);
            i += 1;
        }
        let mut i = 0;
        while i < BLOCK_FAULTS.len() {
            all[1 + ATTACK_FAULTS.len() + i] = CombatStatus::IllegalBlock(BLOCK_FAULTS[i]);
            i += 1;
        }
        all
    };

    /// The code in the `status` column: its index in [`CombatStatus::ALL`].
    pub const fn code(self) -> u8 {
        match self {
            CombatStatus::Resolved => 0,
            CombatStatus::IllegalAttack(fault) => 1 + fault as u8,
            CombatStatus::IllegalBlock(fault) => 1 + ATTACK_FAULTS.len() as u8 + fault as u8,
        }
    }

    /// A stable name: `"resolved"`, `"attack:defender"`, `"block:flying"` ...
    pub const fn name(self) -> &'static str {
        match self {
            CombatStatus::Resolved => "resolved",
            CombatStatus::IllegalAttack(fault) => match fault {
                AttackFault::NotControlledByActivePlayer => {
                    "attack:not_controlled_by_active_player"
                }
                AttackFault::Tapped => "attack:tapped",
                AttackFault::SummoningSick => "attack:summoning_sick",
                AttackFault::Defender => "attack:defender",
                AttackFault::NotAnOpponent => "attack:not_an_opponent",
                AttackFault::PlaneswalkerNotAttackable => "attack:planeswalker_not_attackable",
                AttackFault::DeclaredTwice => "attack:declared_twice",
            },
            CombatStatus::IllegalBlock(fault) => match fault {
                BlockFault::Tapped => "block:tapped",
                BlockFault::Decayed => "block:decayed",
                BlockFault::NotAttacking => "block:not_attacking",
                BlockFault::NotDefending => "block:not_defending",
                BlockFault::Flying => "block:flying",
                BlockFault::Shadow => "block:shadow",
                BlockFault::Menace => "block:menace",
                BlockFault::TooManyAttackers => "block:too_many_attackers",
                BlockFault::DeclaredTwice => "block:declared_twice",
            },
        }
    }

    /// The rule the declaration broke, or `None` when resolved.
    pub const fn rule(self) -> Option<&'static str> {
        match self {
            CombatStatus::Resolved => None,
            CombatStatus::IllegalAttack(fault) => Some(fault.rule()),
            CombatStatus::IllegalBlock(fault) => Some(fault.rule()),
        }
    }
}

/// The status of a declaration that failed, or `None` for an error that is
/// not a rules fault.
pub fn combat_status(error: &CombatError) -> Option<CombatStatus> {
    match *error {
        CombatError::IllegalAttack { fault, .. } => Some(CombatStatus::IllegalAttack(fault)),
        CombatError::IllegalBlock { fault, .. } => Some(CombatStatus::IllegalBlock(fault)),
        _ => None,
    }
}

/// Memory reused from one combat to the next: keep one per thread.
#[derive(Clone, Debug, Default)]
pub struct CombatScratch {
    creatures: Vec<Creature>,
    /// The attackers, in declaration (row) order.
    attackers: Vec<u16>,
    /// The blockers, in declaration (row) order.
    blockers: Vec<u16>,
    /// Each attacker's first blocker, and each blocker's next one blocking
    /// the same attacker, in declaration order.
    first_blocker: Vec<u16>,
    last_blocker: Vec<u16>,
    next_blocker: Vec<u16>,
    /// How many creatures block each attacker.
    blocked_by: Vec<u16>,
    /// Each row's `attack` and `blocks` as read once, checked: the combat
    /// is resolved on these, whatever another thread writes into the
    /// columns meanwhile.
    attacking: Vec<bool>,
    block_of: Vec<u16>,
    /// The general kernel's state, for [`resolve_combats_through_kernel`].
    kernel: KernelScratch,
}

#[derive(Clone, Debug, Default)]
struct KernelScratch {
    board: Board,
    combat: Combat,
    log: DamageLog,
    attacks: Vec<(CreatureId, AttackTarget)>,
    blocks: Vec<Block>,
}

impl CombatScratch {
    pub fn new() -> CombatScratch {
        CombatScratch::default()
    }

    /// Room for a combat of `count` creatures in every per-creature list.
    #[inline]
    fn reserve(&mut self, count: usize) {
        if self.creatures.len() < count {
            let count = count.next_power_of_two();
            self.creatures.resize(count, Creature::new(0, 0, 0));
            self.blocked_by.resize(count, 0);
            self.attackers.resize(count, NONE);
            self.blockers.resize(count, NONE);
            self.first_blocker.resize(count, NONE);
            self.last_blocker.resize(count, NONE);
            self.next_blocker.resize(count, NONE);
            self.attacking.resize(count, false);
            self.block_of.resize(count, NONE);
        }
    }
}

impl CombatColumns<'_> {
    /// Checks the offsets, and the columns' lengths against them: after
    /// this, a caller may cut the batch into ranges of combats (for
    /// threads) without going out of bounds. Returns the first row and the
    /// number of rows.
    pub fn check_lengths(&self, first_combat: usize) -> Result<(usize, usize), BatchError> {
        let offsets = Offsets {
            offsets: self.offsets,
            column: "offsets",
        };
        let (first_row, rows) = offsets.check(first_combat)?;
        let combats = offsets.items();
        check_len("life", self.life.len(), 2 * combats, "two per combat")?;
        let per_row = "one per row";
        check_len("controller", self.controller.len(), rows, per_row)?;
        check_len("power", self.power.len(), rows, per_row)?;
        check_len("toughness", self.toughness.len(), rows, per_row)?;
        check_len("damage", self.damage.len(), rows, per_row)?;
        check_len("keywords", self.keywords.len(), rows, per_row)?;
        check_len("attack", self.attack.len(), rows, per_row)?;
        check_len("blocks", self.blocks.len(), rows, per_row)?;
        Ok((first_row, rows))
    }

    /// [`CombatColumns::check_lengths`], and every value that can be
    /// checked on its own.
    fn check(&self, first_combat: usize) -> Result<(usize, usize), BatchError> {
        let (first_row, rows) = self.check_lengths(first_combat)?;
        let combats = self.offsets.len() - 1;
        self.check_values(first_row)?;
        for combat in 0..combats {
            let count = (self.offsets[combat + 1] - self.offsets[combat]) as usize;
            if count > MAX_COMBAT_ROWS {
                return Err(BatchError::at(
                    Unit::Combat,
                    first_combat + combat,
                    "offsets",
                    format!("the combat has {count} creatures; at most {MAX_COMBAT_ROWS}"),
                ));
            }
        }
        Ok((first_row, rows))
    }

    /// The checks of single values, column by column over all rows (so that
    /// they vectorise); the row of the first bad value is looked for only
    /// when there is one. `blocks` is checked against its combat's size as
    /// the combat is resolved.
    fn check_values(&self, first_row: usize) -> Result<(), BatchError> {
        fn first_bad<T: Copy>(
            column: &'static str,
            values: &[T],
            first_row: usize,
            bad: impl Fn(T) -> bool,
            problem: impl Fn(T) -> String,
        ) -> Result<(), BatchError> {
            match values.iter().position(|&value| bad(value)) {
                Some(row) => Err(BatchError::at(
                    Unit::Row,
                    first_row + row,
                    column,
                    problem(values[row]),
                )),
                None => Ok(()),
            }
        }
        if self.controller.iter().fold(0, |m, &c| m | c) > 1 {
            first_bad(
                "controller",
                self.controller,
                first_row,
                |c| c > 1,
                |c| format!("{c} is not a player (0 or 1)"),
            )?;
        }
        if self.damage.iter().fold(0, |m: i16, &d| m.min(d)) < 0 {
            first_bad(
                "damage",
                self.damage,
                first_row,
                |d| d < 0,
                |d| format!("marked damage can't be negative: {d}"),
            )?;
        }
        let unknown = !Keywords::ALL.bits();
        let unsupported = !BATCH_KEYWORDS.bits();
        let used = self.keywords.iter().fold(0, |m, &k| m | k);
        if used & unknown != 0 {
            first_bad(
                "keywords",
                self.keywords,
                first_row,
                |k| k & unknown != 0,
                |k| format!("keyword mask {k:#x} has unknown bits"),
            )?;
        }
        if used & unsupported != 0 {
            first_bad(
                "keywords",
                self.keywords,
                first_row,
                |k| k & unsupported != 0,
                |k| {
                    format!(
                        "keyword mask {k:#x} has infect or wither, which a batch doesn't \
                         take: its results have no counters (use Combat)"
                    )
                },
            )?;
        }
        if self.attack.iter().fold(0, |m, &a| m | a) > 1 {
            first_bad(
                "attack",
                self.attack,
                first_row,
                |a| a > 1,
                |a| format!("{a} is neither 0 nor 1"),
            )?;
        }
        if self.blocks.iter().fold(0, |m: i16, &b| m.min(b)) < -1 {
            first_bad(
                "blocks",
                self.blocks,
                first_row,
                |b| b < -1,
                |b| format!("{b} is neither -1 nor a creature index"),
            )?;
        }
        Ok(())
    }

    /// The creature of a row, as the kernel's board holds it.
    fn creature(&self, row: usize) -> Creature {
        row_creature(
            self.controller[row],
            self.power[row],
            self.toughness[row],
            self.damage[row],
            self.keywords[row],
        )
    }

    /// The error for a `blocks` value past the end of its combat.
    fn block_out_of_range(&self, row: usize, first_row: usize, count: usize) -> BatchError {
        BatchError::at(
            Unit::Row,
            first_row + row,
            "blocks",
            format!(
                "{} is not a creature of the combat (-1, or 0 to {})",
                self.blocks[row],
                count as i64 - 1
            ),
        )
    }
}

impl CombatResults<'_> {
    fn check(&self, combats: usize, rows: usize) -> Result<(), BatchError> {
        check_len("damage (out)", self.damage.len(), rows, "one per row")?;
        check_len("died (out)", self.died.len(), rows, "one per row")?;
        check_len("life (out)", self.life.len(), 2 * combats, "two per combat")?;
        check_len(
            "life_gained (out)",
            self.life_gained.len(),
            2 * combats,
            "two per combat",
        )?;
        check_len("status (out)", self.status.len(), combats, "one per combat")?;
        check_len(
            "game_over (out)",
            self.game_over.len(),
            combats,
            "one per combat",
        )?;
        check_len("winner (out)", self.winner.len(), combats, "one per combat")
    }

    /// The results of a combat that was not resolved: its starting values.
    fn unresolved(
        &mut self,
        input: &CombatColumns<'_>,
        combat: usize,
        rows: std::ops::Range<usize>,
        status: CombatStatus,
    ) {
        self.status[combat] = status.code();
        for row in rows {
            self.damage[row] = i32::from(input.damage[row]);
            self.died[row] = false;
        }
        self.life[2 * combat..2 * combat + 2]
            .copy_from_slice(&input.life[2 * combat..2 * combat + 2]);
        self.life_gained[2 * combat..2 * combat + 2].fill(0);
        self.game_over[combat] = false;
        self.winner[combat] = NO_WINNER;
    }
}

/// Resolves every combat of the batch (see the module documentation).
/// `first_combat` is the number of the first combat in the whole batch, for
/// errors, when this is a range of a larger batch.
pub fn resolve_combats(
    input: &CombatColumns<'_>,
    output: &mut CombatResults<'_>,
    first_combat: usize,
    scratch: &mut CombatScratch,
) -> Result<(), BatchError> {
    for_each_combat(
        input,
        output,
        first_combat,
        |output, combat, rows, first_row| {
            let count = rows.len();
            resolve_one(input, output, combat, rows, scratch)
                .map_err(|row| input.block_out_of_range(row, first_row, count))
        },
    )
}

/// Checks the columns, then resolves each combat with `resolve`, given its
/// number, its rows (relative to the first row of this range) and the
/// range's first row, for errors.
fn for_each_combat<'a>(
    input: &CombatColumns<'_>,
    output: &mut CombatResults<'a>,
    first_combat: usize,
    mut resolve: impl FnMut(
        &mut CombatResults<'a>,
        usize,
        std::ops::Range<usize>,
        usize,
    ) -> Result<(), BatchError>,
) -> Result<(), BatchError> {
    let (first_row, rows) = input.check(first_combat)?;
    let combats = input.offsets.len() - 1;
    output.check(combats, rows)?;
    for combat in 0..combats {
        let start = input.offsets[combat] as usize - first_row;
        let end = input.offsets[combat + 1] as usize - first_row;
        resolve(output, combat, start..end, first_row)?;
    }
    Ok(())
}

/// One combat, on the batch's terms (see "Two resolvers, one result"). The
/// error is a row whose `blocks` is past the end of the combat.
fn resolve_one(
    input: &CombatColumns<'_>,
    output: &mut CombatResults<'_>,
    combat: usize,
    rows: std::ops::Range<usize>,
    scratch: &mut CombatScratch,
) -> Result<(), usize> {
    let count = rows.len();
    let attack = &input.attack[rows.clone()];
    let blocks = &input.blocks[rows.clone()];
    scratch.reserve(count);
    let CombatScratch {
        creatures,
        attackers,
        blockers,
        first_blocker,
        last_blocker,
        next_blocker,
        blocked_by,
        attacking: attacks,
        block_of,
        ..
    } = scratch;
    let creatures = &mut creatures[..count];
    let (attacks, block_of) = (&mut attacks[..count], &mut block_of[..count]);
    let controller = &input.controller[rows.clone()];
    let power = &input.power[rows.clone()];
    let toughness = &input.toughness[rows.clone()];
    let damage = &input.damage[rows.clone()];
    let keywords = &input.keywords[rows.clone()];
    // The creatures, and the lists of attackers and blockers, without
    // branches, as attacks and blocks are hard to predict (both lists have
    // room for every row).
    let (mut attacking, mut blocking, mut out_of_range) = (0, 0, false);
    for index in 0..count {
        creatures[index] = row_creature(
            controller[index],
            power[index],
            toughness[index],
            damage[index],
            keywords[index],
        );
        let (attacks_now, blocked) = (attack[index] != 0, blocks[index]);
        attacks[index] = attacks_now;
        // -1 is NONE as u16; only blockers' entries are read.
        block_of[index] = blocked as u16;
        attackers[attacking] = index as u16;
        attacking += usize::from(attacks_now);
        blockers[blocking] = index as u16;
        blocking += usize::from(blocked >= 0);
        out_of_range |= blocked >= 0 && blocked as usize >= count;
    }
    if out_of_range {
        let row = blocks.iter().position(|&b| b >= 0 && b as usize >= count);
        return Err(rows.start + row.unwrap_or(0));
    }
    let attackers = &attackers[..attacking];
    let blockers = &blockers[..blocking];
    let (attacks, block_of) = (&*attacks, &*block_of);
    let blocked_of = |blocker: u16| usize::from(block_of[usize::from(blocker)]);
    // Each attacker's blockers in declaration order, as a linked list:
    // first_blocker[attacker], then next_blocker[blocker] ... NONE, built
    // as the blocks are checked. (Every blocker blocks an attacker: only
    // attackers' entries are read.)
    let first_blocker = &mut first_blocker[..count];
    let last_blocker = &mut last_blocker[..count];
    let next_blocker = &mut next_blocker[..count];
    let blocked_by = &mut blocked_by[..count];

    // 508.1: declare attackers, all attacking player 1, which is always a
    // legal target for player 0. On success those without vigilance tap.
    // (Tapping as we go is harmless: an illegal combat's creatures are
    // dropped.) 510.4: whoever has first strike or double strike when the
    // first damage step begins, and every combatant is on the battlefield
    // then, strikes first; no other creature does.
    let mut first_strike = false;
    for &attacker in attackers.iter() {
        let a = usize::from(attacker);
        let creature = &mut creatures[a];
        if let Some(fault) = attack_fault(creature, 0) {
            output.unresolved(input, combat, rows, CombatStatus::IllegalAttack(fault));
            return Ok(());
        }
        creature.tapped = !creature.has(Keyword::Vigilance);
        creature.struck_first = creature.has_first_or_double_strike();
        first_strike |= creature.struck_first;
        first_blocker[a] = NONE;
        blocked_by[a] = 0;
    }

    // 509.1: declare blockers, in the kernel's order of checks; each blocker
    // blocks one attacker, so its block limit of 1 is never exceeded, and
    // no block is declared twice.
    for &blocker in blockers.iter() {
        let attacker = blocked_of(blocker);
        let fault = if !attacks[attacker] {
            Some(BlockFault::NotAttacking)
        } else {
            let (state, attacked) = (&creatures[usize::from(blocker)], &creatures[attacker]);
            if state.tapped {
                Some(BlockFault::Tapped)
            } else if state.controller != 1 {
                Some(BlockFault::NotDefending)
            } else {
                evasion_fault(state, attacked)
            }
        };
        if let Some(fault) = fault {
            output.unresolved(input, combat, rows, CombatStatus::IllegalBlock(fault));
            return Ok(());
        }
        let creature = &mut creatures[usize::from(blocker)];
        creature.struck_first = creature.has_first_or_double_strike();
        first_strike |= creature.struck_first;
        if blocked_by[attacker] == 0 {
            first_blocker[attacker] = blocker;
        } else {
            next_blocker[usize::from(last_blocker[attacker])] = blocker;
        }
        next_blocker[usize::from(blocker)] = NONE;
        last_blocker[attacker] = blocker;
        blocked_by[attacker] += 1;
    }
    // 702.111b, over the whole declaration, attackers in order.
    for &attacker in attackers.iter() {
        let a = usize::from(attacker);
        if menace_fault(&creatures[a], usize::from(blocked_by[a])) {
            let status = CombatStatus::IllegalBlock(BlockFault::Menace);
            output.unresolved(input, combat, rows, status);
            return Ok(());
        }
    }

    // 508.8: without attackers there is no combat damage step, and no
    // state-based check after one.
    let mut life = [input.life[2 * combat], input.life[2 * combat + 1]];
    let mut gained = [0i32; 2];
    let checked = !attackers.is_empty();
    if checked {
        let lists = Blocks {
            first: first_blocker,
            next: next_blocker,
            of: block_of,
        };
        // 510.4: a first-strike step if an attacking or blocking creature
        // has first strike or double strike as it begins.
        let mut step = if first_strike {
            DamageStep::FirstStrike
        } else {
            DamageStep::Regular
        };
        let mut progress = DamageProgress::NotStarted;
        loop {
            damage_step(
                creatures,
                attackers,
                blockers,
                &lists,
                step,
                progress,
                &mut life,
                &mut gained,
            );
            // 704.5f–h. A creature that dies leaves combat (506.4): it is
            // skipped from now on as no longer on the battlefield, and its
            // blockers block nothing (509.1g). (Without regeneration
            // shields, `dies` is all of it: nothing regenerates.)
            for creature in creatures.iter_mut() {
                creature.on_battlefield &= !creature.dies();
                creature.dealt_deathtouch_damage = false;
            }
            if step == DamageStep::Regular {
                break;
            }
            // 704.5a at the same check (704.3) ends the game: no regular
            // step (104.1).
            if (life[0] <= 0) | (life[1] <= 0) {
                break;
            }
            step = DamageStep::Regular;
            progress = DamageProgress::FirstStrikeDealt;
        }
    }
    output.status[combat] = CombatStatus::Resolved.code();
    for ((damage, died), creature) in output.damage[rows.clone()]
        .iter_mut()
        .zip(&mut output.died[rows])
        .zip(creatures.iter())
    {
        *damage = creature.damage;
        *died = !creature.on_battlefield;
    }
    output.life[2 * combat..2 * combat + 2].copy_from_slice(&life);
    output.life_gained[2 * combat..2 * combat + 2].copy_from_slice(&gained);
    let (game_over, winner) = two_player_result(life, checked);
    output.game_over[combat] = game_over;
    output.winner[combat] = winner;
    Ok(())
}

/// The keywords a batch's creatures may have: all but infect and wither,
/// whose -1/-1 counters and poison counters (702.80b, 702.90b) the
/// batch's results have no columns for.
pub const BATCH_KEYWORDS: Keywords = Keywords::ALL
    .without(Keyword::Infect)
    .without(Keyword::Wither);

/// No creature: the end of a list of blockers.
const NONE: u16 = u16::MAX;

/// A creature of a row, as the kernel's board holds it.
#[inline]
fn row_creature(
    controller: u8,
    power: i16,
    toughness: i16,
    damage: i16,
    keywords: u32,
) -> Creature {
    Creature {
        damage: i32::from(damage),
        keywords: Keywords::from_bits(keywords),
        ..Creature::new(controller, i32::from(power), i32::from(toughness))
    }
}

/// Who blocks whom: each attacker's blockers in declaration order, and the
/// attacker each blocker blocks.
struct Blocks<'a> {
    first: &'a [u16],
    next: &'a [u16],
    of: &'a [u16],
}

/// One combat damage step: the default assignment (510.1), attackers
/// first, then blockers, each in declaration order (see
/// `Combat::assign_by_default`), the damage (510.2, 120.3) and then the
/// life gained through lifelink (702.15b), as `deal_damage` does.
///
/// In a batch's combats nothing assigns damage to a blocker but the one
/// attacker it blocks, so lethal damage for a blocker counts only damage
/// already marked, and a blocker assigns all its power to its attacker. So
/// no assignment depends on damage assigned before it in the step except
/// through the attacker's own earlier assignments, and each can be dealt
/// as soon as it is made: the creatures end up as if the step's damage
/// were dealt at once.
///
/// No sum of damage can overflow: at most [`MAX_COMBAT_ROWS`] sources of
/// at most `i16::MAX` power each. Only life totals, which start anywhere,
/// saturate, and subtracting (then adding) nonnegative amounts one by one
/// with saturation gives the same as subtracting their sum.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn damage_step(
    creatures: &mut [Creature],
    attackers: &[u16],
    blockers: &[u16],
    blocks: &Blocks<'_>,
    step: DamageStep,
    progress: DamageProgress,
    life: &mut [i32; 2],
    gained: &mut [i32; 2],
) {
    let (mut to_player, mut gains) = (0i64, [0i32; 2]);
    let assigns = |creature: &Creature| {
        creature.on_battlefield
            & (creature.current_power() > 0)
            & creature.strikes_in(step, progress)
    };
    for &attacker in attackers {
        let a = usize::from(attacker);
        let source = &creatures[a];
        // The power it assigns in this step: none if it doesn't assign.
        let power = if assigns(source) {
            source.current_power()
        } else {
            0
        };
        let deathtouch = source.has(Keyword::Deathtouch);
        let tramples = i32::from(source.tramples());
        let lifelink = i32::from(source.has(Keyword::Lifelink));
        let mut blocker = blocks.first[a];
        // 510.1b: unblocked, all of it to the player it attacks.
        let unblocked = i32::from(blocker == NONE);
        to_player += i64::from(power * unblocked);
        // 510.1c: blocked. Lethal damage to each blocker still in combat, in
        // order; 702.19b: what is left tramples over, or goes to the first
        // blocker. (Every blocker has been assigned lethal damage whenever
        // some is left.)
        let mut left = power * (1 - unblocked);
        let mut first = NONE;
        while blocker != NONE && left > 0 {
            let target = &mut creatures[usize::from(blocker)];
            if target.on_battlefield {
                if first == NONE {
                    first = blocker;
                }
                let amount = target.lethal_damage(0, deathtouch).min(left);
                target.take_damage(amount, deathtouch & (amount > 0));
                left -= amount;
            }
            blocker = blocks.next[usize::from(blocker)];
        }
        let trampling = left * tramples;
        to_player += i64::from(trampling);
        left -= trampling;
        if left > 0 && first != NONE {
            creatures[usize::from(first)].take_damage(left, deathtouch);
            left = 0;
        }
        // What it couldn't assign (blocked, its blockers gone) isn't dealt.
        gains[0] += (power - left) * lifelink;
    }
    for &blocker in blockers {
        let source = &creatures[usize::from(blocker)];
        let attacker = usize::from(blocks.of[usize::from(blocker)]);
        // 510.1d: a blocker whose attacker left combat blocks nothing and
        // assigns no combat damage.
        let assigning = assigns(source) & creatures[attacker].on_battlefield;
        let power = if assigning { source.current_power() } else { 0 };
        let deathtouch = source.has(Keyword::Deathtouch) & assigning;
        let controller = usize::from(source.controller) & 1;
        gains[controller] += power * i32::from(source.has(Keyword::Lifelink));
        creatures[attacker].take_damage(power, deathtouch);
    }
    life[1] =
        (i64::from(life[1]) - to_player).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
    for player in 0..2 {
        life[player] = life[player].saturating_add(gains[player]);
        gained[player] = gained[player].saturating_add(gains[player]);
    }
}

/// [`resolve_combats`] through the general kernel: each combat on a
/// [`Board`], declared and resolved by a [`Combat`]. Slower; the tests and
/// benchmarks compare the two.
pub fn resolve_combats_through_kernel(
    input: &CombatColumns<'_>,
    output: &mut CombatResults<'_>,
    first_combat: usize,
    scratch: &mut CombatScratch,
) -> Result<(), BatchError> {
    for_each_combat(
        input,
        output,
        first_combat,
        |output, combat, rows, first_row| {
            let count = rows.len();
            resolve_through_kernel(input, output, combat, rows, &mut scratch.kernel).map_err(
                |problem| match problem {
                    Err(row) => input.block_out_of_range(row, first_row, count),
                    Ok(error) => BatchError::at(
                        Unit::Combat,
                        first_combat + combat,
                        "offsets",
                        error.to_string(),
                    ),
                },
            )
        },
    )
}

/// One combat through the kernel. The error is a row whose `blocks` is out
/// of range, or (a bug) an error of the kernel that is not a rules fault.
fn resolve_through_kernel(
    input: &CombatColumns<'_>,
    output: &mut CombatResults<'_>,
    combat: usize,
    rows: std::ops::Range<usize>,
    scratch: &mut KernelScratch,
) -> Result<(), Result<CombatError, usize>> {
    let count = rows.len();
    let KernelScratch {
        board,
        combat: state,
        log,
        attacks,
        blocks,
    } = scratch;
    board.clear();
    board
        .players
        .extend([input.life[2 * combat], input.life[2 * combat + 1]].map(Player::with_life));
    attacks.clear();
    blocks.clear();
    for (index, row) in rows.clone().enumerate() {
        let id = index as CreatureId;
        if input.attack[row] != 0 {
            attacks.push((id, AttackTarget::Player(1)));
        }
        let blocked = input.blocks[row];
        if blocked >= 0 {
            if blocked as usize >= count {
                return Err(Err(row));
            }
            blocks.push(Block {
                blocker: id,
                attacker: blocked as CreatureId,
            });
        }
        board.creatures.push(input.creature(row));
    }
    state.clear();
    log.clear();
    let declared = state
        .declare_attackers(board, 0, attacks)
        .and_then(|()| state.declare_blockers(board, blocks));
    if let Err(error) = declared {
        let status = combat_status(&error).ok_or(Ok(error))?;
        output.unresolved(input, combat, rows, status);
        return Ok(());
    }
    state.resolve_all_damage_steps(board, log).map_err(Ok)?;
    output.status[combat] = CombatStatus::Resolved.code();
    let mut gained = [0i32; 2];
    for gain in &log.life_gains {
        let player = usize::from(gain.player).min(1);
        gained[player] = gained[player].saturating_add(gain.amount);
    }
    for (row, creature) in rows.zip(&board.creatures) {
        output.damage[row] = creature.damage;
        output.died[row] = !creature.on_battlefield;
    }
    output.life[2 * combat] = board.players[0].life;
    output.life[2 * combat + 1] = board.players[1].life;
    output.life_gained[2 * combat..2 * combat + 2].copy_from_slice(&gained);
    let result = board.game_result();
    output.game_over[combat] = result.is_some();
    output.winner[combat] = match result {
        Some(GameResult::Won(player)) => player as i8,
        Some(GameResult::Draw) | None => NO_WINNER,
    };
    Ok(())
}
