//! Damage and its results (120.3, 120.4), and the state-based actions that
//! follow from it (704.5a, 704.5f–i), with regeneration (701.19).

use crate::board::{Board, CreatureId, PlaneswalkerId, PlayerId, Recipient};
use crate::combat::{CombatError, DamageStep};
use crate::keywords::Keyword;

/// Part of one creature's damage, to one recipient.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DamageAssignment {
    pub source: CreatureId,
    pub recipient: Recipient,
    pub amount: i32,
}

/// Damage dealt by one source to one recipient at one time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DamageEvent {
    pub source: CreatureId,
    pub recipient: Recipient,
    pub amount: i32,
    /// The combat damage step, or `None` for noncombat damage.
    pub step: Option<DamageStep>,
}

/// Life gained because a source with lifelink dealt damage: one event per
/// source (702.15b, 702.15e).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LifeGain {
    pub player: PlayerId,
    pub amount: i32,
    pub source: CreatureId,
    /// The combat damage step, or `None` for noncombat damage.
    pub step: Option<DamageStep>,
}

/// Why a creature left the battlefield through state-based actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeathReason {
    /// 704.5f: toughness 0 or less (indestructible doesn't help).
    ZeroToughness,
    /// 704.5g: lethal damage marked.
    LethalDamage,
    /// 704.5h: dealt damage by a source with deathtouch.
    Deathtouch,
}

impl DeathReason {
    pub const fn rule(self) -> &'static str {
        match self {
            DeathReason::ZeroToughness => "704.5f",
            DeathReason::LethalDamage => "704.5g",
            DeathReason::Deathtouch => "704.5h",
        }
    }
}

/// A creature put into the graveyard by state-based actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Death {
    pub creature: CreatureId,
    pub reason: DeathReason,
}

/// Everything that happened in the damage steps resolved so far. The kernel
/// appends; the caller clears it when it wants a fresh log.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DamageLog {
    pub steps: Vec<DamageStep>,
    pub damage: Vec<DamageEvent>,
    pub life_gains: Vec<LifeGain>,
    pub deaths: Vec<Death>,
    /// Planeswalkers put into the graveyard with 0 loyalty (704.5i).
    pub planeswalker_deaths: Vec<PlaneswalkerId>,
    /// Players who lost the game with 0 or less life (704.5a).
    pub losers: Vec<PlayerId>,
    /// Creatures that regenerated instead of being destroyed by state-based
    /// actions (701.19a, 704.5g, 704.5h), in the order of the board.
    pub regenerations: Vec<CreatureId>,
}

impl DamageLog {
    pub fn clear(&mut self) {
        self.steps.clear();
        self.damage.clear();
        self.life_gains.clear();
        self.deaths.clear();
        self.planeswalker_deaths.clear();
        self.losers.clear();
        self.regenerations.clear();
    }
}

/// Performs the state-based actions that damage can cause (704.5a,
/// 704.5f–i, with 702.12b), all at once (704.3). A creature with a
/// regeneration shield that would be destroyed (704.5g, 704.5h, or both:
/// one event) regenerates instead and uses one shield (701.19a, 614.8);
/// nothing replaces 704.5f. Nothing happens once the game is over
/// (104.1). Removing creatures from combat (506.4), and the objects of
/// players who lost from the game (800.4a), is
/// [`crate::Combat::check_state_based_actions`]'s part.
pub fn check_state_based_actions(board: &mut Board, log: &mut DamageLog) {
    if board.is_game_over() {
        return; // 104.1
    }
    for (index, player) in board.players.iter_mut().enumerate() {
        // 704.5a
        if player.life <= 0 && !player.has_lost {
            player.has_lost = true;
            log.losers.push(index as PlayerId);
        }
    }
    for index in 0..board.creatures.len() {
        let creature = &mut board.creatures[index];
        if !creature.on_battlefield {
            continue;
        }
        let regenerates = creature.regenerates();
        let reason = creature.death_reason();
        // 704.5h looks only at damage since the last check.
        creature.dealt_deathtouch_damage = false;
        if regenerates {
            // 701.19a: instead of being destroyed.
            creature.regenerate();
            log.regenerations.push(index as CreatureId);
        } else if let Some(reason) = reason {
            creature.on_battlefield = false;
            let id = index as CreatureId;
            log.deaths.push(Death {
                creature: id,
                reason,
            });
        }
    }
    for index in 0..board.planeswalkers.len() {
        let walker = &mut board.planeswalkers[index];
        // 704.5i
        if walker.on_battlefield && walker.loyalty <= 0 {
            walker.on_battlefield = false;
            let id = index as PlaneswalkerId;
            log.planeswalker_deaths.push(id);
        }
    }
}

/// Deals damage with its results (120.3): all of `assignments` at once, as
/// combat damage is dealt (510.2). Noncombat damage from one source is the
/// same with one assignment. Nothing is dealt once the game is over
/// (104.1), nor to a player who has left it (104.5).
pub fn deal_damage(
    board: &mut Board,
    step: Option<DamageStep>,
    assignments: &[DamageAssignment],
    log: &mut DamageLog,
) -> Result<(), CombatError> {
    if board.is_game_over() {
        return Err(CombatError::GameOver);
    }
    check_references(board, assignments)?;
    for assignment in assignments {
        if let Recipient::Player(player) = assignment.recipient {
            if board.players[usize::from(player)].has_lost {
                return Err(CombatError::NotInGame { player });
            }
        }
    }
    deal_checked_damage(board, step, assignments, log);
    Ok(())
}

/// [`deal_damage`] for assignments whose sources and recipients are known
/// to be on the board.
pub(crate) fn deal_checked_damage(
    board: &mut Board,
    step: Option<DamageStep>,
    assignments: &[DamageAssignment],
    log: &mut DamageLog,
) {
    let first_gain = log.life_gains.len();
    for assignment in assignments {
        let source = &board.creatures[usize::from(assignment.source)];
        let (deathtouch, lifelink, controller) = (
            source.has(Keyword::Deathtouch),
            source.has(Keyword::Lifelink),
            source.controller,
        );
        let amount = assignment.amount;
        // 120.8: a source that would deal 0 damage deals no damage at all, so
        // there is no event, no life gain and no deathtouch.
        if amount <= 0 {
            continue;
        }
        log.damage.push(DamageEvent {
            source: assignment.source,
            recipient: assignment.recipient,
            amount,
            step,
        });
        match assignment.recipient {
            // 120.3a
            Recipient::Player(id) => {
                let player = &mut board.players[usize::from(id)];
                player.life = player.life.saturating_sub(amount);
            }
            // 120.3e, 702.2b
            Recipient::Creature(id) => {
                board.creatures[usize::from(id)].take_damage(amount, deathtouch);
            }
            // 120.3c
            Recipient::Planeswalker(id) => {
                let walker = &mut board.planeswalkers[usize::from(id)];
                walker.loyalty = walker.loyalty.saturating_sub(amount).max(0);
            }
        }
        // 120.3f, 702.15b: one life gain per source (702.15e).
        if lifelink {
            match log.life_gains[first_gain..]
                .iter_mut()
                .find(|gain| gain.source == assignment.source)
            {
                Some(gain) => gain.amount = gain.amount.saturating_add(amount),
                None => log.life_gains.push(LifeGain {
                    player: controller,
                    amount,
                    source: assignment.source,
                    step,
                }),
            }
        }
    }
    for gain in &log.life_gains[first_gain..] {
        if let Some(player) = board.players.get_mut(usize::from(gain.player)) {
            player.life = player.life.saturating_add(gain.amount);
        }
    }
}

/// Every source and recipient named must exist on the board.
pub fn check_references(
    board: &Board,
    assignments: &[DamageAssignment],
) -> Result<(), CombatError> {
    for choice in assignments {
        if board.creature(choice.source).is_none() {
            return Err(CombatError::UnknownObject {
                kind: "creature",
                index: usize::from(choice.source),
            });
        }
        let known = match choice.recipient {
            Recipient::Player(id) => board.player(id).is_some(),
            Recipient::Creature(id) => board.creature(id).is_some(),
            Recipient::Planeswalker(id) => board.planeswalker(id).is_some(),
        };
        if !known {
            let (kind, index) = match choice.recipient {
                Recipient::Player(id) => ("player", usize::from(id)),
                Recipient::Creature(id) => ("creature", usize::from(id)),
                Recipient::Planeswalker(id) => ("planeswalker", usize::from(id)),
            };
            return Err(CombatError::UnknownObject { kind, index });
        }
    }
    Ok(())
}
