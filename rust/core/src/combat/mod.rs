//! The combat phase's kernel: declaring attackers and blockers, and the
//! combat damage steps (506–511, 702.2, 702.4, 702.7, 702.15, 702.19).
//!
//! The caller owns a [`Board`] and a [`Combat`] and may change the board
//! between the two damage steps (grant or remove a keyword, pump, remove a
//! creature from combat); the kernel reads the board as it is when each
//! step begins, as 510.4 requires.

mod damage;
mod declare;
mod error;
#[cfg(test)]
mod game_end_tests;
#[cfg(test)]
mod team_tests;
#[cfg(test)]
mod tests;

pub use crate::damage::{DamageAssignment, DamageEvent, DamageLog, Death, DeathReason, LifeGain};
pub use declare::{attack_fault, evasion_fault, menace_fault};
pub use error::{AssignmentFault, AttackFault, BlockFault, CombatError};

use crate::board::{Board, CreatureId, PlaneswalkerId, PlayerId};

/// What an attacking creature is attacking (506.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttackTarget {
    Player(PlayerId),
    Planeswalker(PlaneswalkerId),
    /// It attacked this planeswalker, which was removed from combat. It now
    /// attacks nothing and deals no combat damage if unblocked (506.4c), but
    /// the planeswalker's controller is still its defending player (508.5),
    /// who may block it (506.4c), and trample over planeswalkers still lets
    /// its damage reach that player (702.19e).
    RemovedPlaneswalker(PlaneswalkerId),
    /// It attacks nothing, and no defending player is known (506.4c).
    Nothing,
}

/// The player or planeswalker an attack target names must be on the
/// board; the error names the target, not the attacker.
pub fn check_attack_target(board: &Board, target: AttackTarget) -> Result<(), CombatError> {
    let missing = match target {
        AttackTarget::Player(id) => board
            .player(id)
            .is_none()
            .then_some(("player", usize::from(id))),
        AttackTarget::Planeswalker(id) | AttackTarget::RemovedPlaneswalker(id) => board
            .planeswalker(id)
            .is_none()
            .then_some(("planeswalker", usize::from(id))),
        AttackTarget::Nothing => None,
    };
    match missing {
        Some((kind, index)) => Err(CombatError::UnknownObject { kind, index }),
        None => Ok(()),
    }
}

/// One attacking creature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attack {
    pub attacker: CreatureId,
    pub target: AttackTarget,
    /// Became blocked as blockers were declared; stays so even if every
    /// blocker is removed from combat (509.1h).
    pub blocked: bool,
}

/// One blocking relation: `blocker` blocks `attacker`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    pub blocker: CreatureId,
    pub attacker: CreatureId,
}

/// A combat damage step (510, 510.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DamageStep {
    /// The first-strike combat damage step: only creatures with first
    /// strike or double strike assign damage.
    FirstStrike,
    /// The only combat damage step, or the second one after a first-strike step.
    Regular,
}

impl DamageStep {
    pub const fn name(self) -> &'static str {
        match self {
            DamageStep::FirstStrike => "first_strike",
            DamageStep::Regular => "regular",
        }
    }
}

/// How far the combat damage steps have gone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DamageProgress {
    #[default]
    NotStarted,
    /// The first-strike step happened; the second step is next (510.4).
    FirstStrikeDealt,
    /// No combat damage step remains.
    Finished,
}

/// The combat of one combat phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Combat {
    pub attacks: Vec<Attack>,
    pub blocks: Vec<Block>,
    /// Blocking creatures that block no attacker any more, because each
    /// creature they blocked was removed from combat. They stay blocking
    /// creatures until they are removed from combat themselves (509.1g), so
    /// their first strike still makes a first-strike step (510.4), but they
    /// assign no combat damage (510.1d).
    pub blocking_nothing: Vec<CreatureId>,
    /// Some creature was declared as an attacker or put onto the battlefield
    /// attacking this combat. Without that the declare blockers and combat
    /// damage steps are skipped (508.8); with it they happen even if every
    /// attacker was removed from combat since.
    pub attacked: bool,
    pub progress: DamageProgress,
    /// The assignments of the most recent damage step, kept for the caller
    /// and reused as scratch space.
    pub last_assignments: Vec<DamageAssignment>,
    /// The step whose damage is assigned and not dealt yet, between
    /// [`Combat::assign_damage_step`] and [`Combat::deal_assigned_damage`].
    assigned: Option<DamageStep>,
    pending: Vec<i32>,
}

impl Combat {
    pub fn new() -> Combat {
        Combat::default()
    }

    /// Forgets damage assigned and not dealt (see
    /// [`Combat::assign_damage_step`]): nothing may happen between combat
    /// damage being assigned and dealt (510.2), so any change to the combat or
    /// the board in between makes the assignment void. Changes made through
    /// `Combat` do this themselves; a caller that changes the board directly
    /// calls it.
    pub fn forget_assignment(&mut self) {
        self.assigned = None;
    }

    /// Empties the combat but keeps its memory, for reuse across a batch.
    pub fn clear(&mut self) {
        self.attacks.clear();
        self.blocks.clear();
        self.blocking_nothing.clear();
        self.attacked = false;
        self.progress = DamageProgress::NotStarted;
        self.last_assignments.clear();
        self.assigned = None;
    }

    pub fn attack_of(&self, attacker: CreatureId) -> Option<&Attack> {
        self.attacks
            .iter()
            .find(|attack| attack.attacker == attacker)
    }

    pub fn is_attacking(&self, creature: CreatureId) -> bool {
        self.attack_of(creature).is_some()
    }

    pub fn is_blocking(&self, creature: CreatureId) -> bool {
        self.blocks.iter().any(|block| block.blocker == creature)
            || self.blocking_nothing.contains(&creature)
    }

    /// Attacking or blocking.
    pub fn is_in_combat(&self, creature: CreatureId) -> bool {
        self.is_attacking(creature) || self.is_blocking(creature)
    }

    /// The creatures currently blocking `attacker`, in declaration order.
    pub fn blockers_of(&self, attacker: CreatureId) -> impl Iterator<Item = CreatureId> + '_ {
        self.blocks
            .iter()
            .filter(move |block| block.attacker == attacker)
            .map(|block| block.blocker)
    }

    /// The creatures `blocker` is currently blocking, in declaration order.
    pub fn blocked_by(&self, blocker: CreatureId) -> impl Iterator<Item = CreatureId> + '_ {
        self.blocks
            .iter()
            .filter(move |block| block.blocker == blocker)
            .map(|block| block.attacker)
    }

    /// Each blocking creature once, in the order of its first block, then
    /// those that block nothing any more.
    pub fn blocking_creatures(&self) -> impl Iterator<Item = CreatureId> + '_ {
        self.blocks
            .iter()
            .enumerate()
            .filter(|(index, block)| {
                !self.blocks[..*index]
                    .iter()
                    .any(|earlier| earlier.blocker == block.blocker)
            })
            .map(|(_, block)| block.blocker)
            .chain(self.blocking_nothing.iter().copied())
    }

    /// Every attacking or blocking creature, attackers first; a creature
    /// blocking several attackers comes once per attacker. Cheaper than
    /// [`Combat::creatures_in_combat`] where repetition doesn't matter.
    pub(crate) fn combatants(&self) -> impl Iterator<Item = CreatureId> + '_ {
        self.attacks
            .iter()
            .map(|attack| attack.attacker)
            .chain(self.blocks.iter().map(|block| block.blocker))
            .chain(self.blocking_nothing.iter().copied())
    }

    /// Every attacking or blocking creature, attackers first, each once.
    pub fn creatures_in_combat(&self) -> impl Iterator<Item = CreatureId> + '_ {
        self.attacks
            .iter()
            .map(|attack| attack.attacker)
            .chain(self.blocking_creatures())
    }

    /// Removes a creature from combat (506.4). An attacker it was blocking
    /// stays blocked (509.1h); a creature that was blocking it stays a
    /// blocking creature, even if it now blocks nothing (509.1g).
    pub fn remove_from_combat(&mut self, creature: CreatureId) {
        self.assigned = None;
        self.attacks.retain(|attack| attack.attacker != creature);
        self.blocking_nothing.retain(|&blocker| blocker != creature);
        let mut index = 0;
        while index < self.blocks.len() {
            let block = self.blocks[index];
            if block.blocker != creature && block.attacker != creature {
                index += 1;
                continue;
            }
            self.blocks.remove(index);
            let blocker = block.blocker;
            if blocker != creature
                && !self.blocks.iter().any(|other| other.blocker == blocker)
                && !self.blocking_nothing.contains(&blocker)
            {
                self.blocking_nothing.push(blocker);
            }
        }
    }

    /// A player leaves the game (104.5) and the game goes on (800.4): the
    /// creatures and planeswalkers they control leave it too (800.4a), so
    /// they leave the battlefield and combat (506.4, 506.4c). Creatures
    /// attacking the player stay attacking: leaving the game isn't among
    /// the reasons of 506.4, and 800.4e keeps their damage from being
    /// assigned to the player. (The kernel knows controllers, not owners:
    /// an object the player owns and another controls is the caller's to
    /// remove.)
    pub fn player_leaves(&mut self, board: &mut Board, player: PlayerId) {
        self.assigned = None;
        for index in 0..board.creatures.len() {
            let creature = &mut board.creatures[index];
            if creature.controller == player && creature.on_battlefield {
                creature.on_battlefield = false;
                self.remove_from_combat(index as CreatureId);
            }
        }
        for index in 0..board.planeswalkers.len() {
            let walker = &mut board.planeswalkers[index];
            if walker.controller == player && walker.on_battlefield {
                walker.on_battlefield = false;
                self.remove_planeswalker_from_combat(index as PlaneswalkerId);
            }
        }
    }

    /// Removes a planeswalker from combat: creatures attacking it keep
    /// attacking, but attack nothing (506.4c).
    pub fn remove_planeswalker_from_combat(&mut self, planeswalker: PlaneswalkerId) {
        self.assigned = None;
        for attack in &mut self.attacks {
            if attack.target == AttackTarget::Planeswalker(planeswalker) {
                attack.target = AttackTarget::RemovedPlaneswalker(planeswalker);
            }
        }
    }

    /// Which combat damage step comes next, given the board as it is now
    /// (510.4), or `None` when no damage step remains. Without attackers
    /// there is no damage step at all (508.8), nor once the game is over
    /// (104.1).
    pub fn next_damage_step(&self, board: &Board) -> Option<DamageStep> {
        if board.is_game_over() {
            return None;
        }
        match self.progress {
            DamageProgress::Finished => None,
            DamageProgress::FirstStrikeDealt => Some(DamageStep::Regular),
            DamageProgress::NotStarted if !self.attacked => None,
            DamageProgress::NotStarted => {
                // 510.4: a first-strike step exists if some attacking or blocking
                // creature has first strike or double strike as the step begins.
                let first_strike = self.combatants().any(|id| {
                    board
                        .creature_on_battlefield(id)
                        .is_some_and(|creature| creature.has_first_or_double_strike())
                });
                Some(if first_strike {
                    DamageStep::FirstStrike
                } else {
                    DamageStep::Regular
                })
            }
        }
    }

    /// Whether `creature` assigns combat damage in `step`, apart from its
    /// power (510.4, 702.4b, 702.7b).
    pub fn assigns_in_step(&self, board: &Board, creature: CreatureId, step: DamageStep) -> bool {
        let Some(state) = board.creature_on_battlefield(creature) else {
            return false;
        };
        if !self.is_in_combat(creature) {
            return false;
        }
        state.strikes_in(step, self.progress)
    }
}
