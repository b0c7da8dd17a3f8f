//! Damage and its results (120.3, 120.4), and the state-based actions that
//! follow from it (704.5a, 704.5c, 704.5f–i), with regeneration (701.19),
//! infect and wither (702.90, 702.80).

use crate::board::{Board, CreatureId, PlaneswalkerId, PlayerId, Recipient};
use crate::combat::{CombatError, DamageStep};
use crate::keywords::{Keyword, Keywords};

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
    /// The creature that dealt it, or `None` for a [`DamageSource`].
    pub source: Option<CreatureId>,
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
    /// The creature whose damage it came from, or `None` for a [`DamageSource`].
    pub source: Option<CreatureId>,
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

/// 810.8a: if either player on a team loses, the team loses: each
/// teammate of a loser logged from `first_loser` on loses too, and is
/// logged after them.
pub(crate) fn teams_lose_with(board: &mut Board, log: &mut DamageLog, first_loser: usize) {
    for loser in first_loser..log.losers.len() {
        let loser = log.losers[loser];
        for index in 0..board.players.len() {
            let id = index as PlayerId;
            if !board.players[index].has_lost && board.same_team(loser, id) {
                board.players[index].has_lost = true;
                log.losers.push(id);
            }
        }
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
    let first_loser = log.losers.len();
    for index in 0..board.players.len() {
        let id = index as PlayerId;
        let poison_to_lose = board.poison_to_lose(id);
        let player = &mut board.players[index];
        // 704.5a, 704.5c; for a team, 704.6a and 704.6b.
        if (player.life <= 0 || player.poison >= poison_to_lose) && !player.has_lost {
            player.has_lost = true;
            log.losers.push(id);
        }
    }
    teams_lose_with(board, log, first_loser);
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

/// A source of damage that is not a creature on the board: a spell, the
/// source of an ability that isn't a creature, or a creature that left the
/// battlefield, seen through its last known information (113.7a, 608.2h).
/// Its keywords apply to its damage as a creature's would (702.2, 702.15,
/// 702.80, 702.90).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DamageSource {
    pub controller: PlayerId,
    pub keywords: Keywords,
}

/// Who deals a piece of damage: a creature of the board, or another source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Creature(CreatureId),
    Other(DamageSource),
}

/// Deals noncombat damage from one source to one recipient (120.3), with
/// its results. The errors are [`deal_damage`]'s, and an unknown
/// controller of a [`DamageSource`].
pub fn deal_noncombat_damage(
    board: &mut Board,
    source: Source,
    recipient: Recipient,
    amount: i32,
    log: &mut DamageLog,
) -> Result<(), CombatError> {
    match source {
        Source::Creature(id) => deal_damage(
            board,
            None,
            &[DamageAssignment {
                source: id,
                recipient,
                amount,
            }],
            log,
        ),
        Source::Other(other) => {
            if board.is_game_over() {
                return Err(CombatError::GameOver);
            }
            if board.player(other.controller).is_none() {
                return Err(CombatError::UnknownObject {
                    kind: "player",
                    index: usize::from(other.controller),
                });
            }
            check_recipient(board, recipient)?;
            if let Recipient::Player(player) = recipient {
                if board.players[usize::from(player)].has_lost {
                    return Err(CombatError::NotInGame { player });
                }
            }
            let first_gain = log.life_gains.len();
            deal_one(
                board,
                (None, other, None),
                recipient,
                amount,
                log,
                first_gain,
            );
            apply_life_gains(board, log, first_gain);
            Ok(())
        }
    }
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
        let creature = &board.creatures[usize::from(assignment.source)];
        let source = DamageSource {
            controller: creature.controller,
            keywords: creature.all_keywords(),
        };
        deal_one(
            board,
            (step, source, Some(assignment.source)),
            assignment.recipient,
            assignment.amount,
            log,
            first_gain,
        );
    }
    apply_life_gains(board, log, first_gain);
}

/// One source's damage to one recipient (120.3), its lifelink gain added
/// to the gains from `first_gain` on (one per source, 702.15e).
fn deal_one(
    board: &mut Board,
    (step, source, id): (Option<DamageStep>, DamageSource, Option<CreatureId>),
    recipient: Recipient,
    amount: i32,
    log: &mut DamageLog,
    first_gain: usize,
) {
    let has = |keyword| source.keywords.contains(keyword);
    let (deathtouch, lifelink, infect) = (
        has(Keyword::Deathtouch),
        has(Keyword::Lifelink),
        has(Keyword::Infect),
    );
    let as_counters = infect | has(Keyword::Wither);
    // 120.8: a source that would deal 0 damage deals no damage at all, so
    // there is no event, no life gain and no deathtouch.
    if amount <= 0 {
        return;
    }
    log.damage.push(DamageEvent {
        source: id,
        recipient,
        amount,
        step,
    });
    match recipient {
        Recipient::Player(index) => {
            if infect {
                // 120.3b, 702.90b: poison counters instead of life loss.
                if board.team_allows(index, |player| player.can_get_poison) {
                    board.add_poison(index, amount);
                }
            } else if board.team_allows(index, |player| player.can_lose_life) {
                // 120.3a; 119.8: no loss for a player who can't lose life.
                board.change_life(index, amount.saturating_neg());
            }
        }
        Recipient::Creature(index) => {
            let creature = &mut board.creatures[usize::from(index)];
            if as_counters {
                // 120.3d, 702.80b, 702.90b, with 702.2b.
                creature.take_damage_as_counters(amount, deathtouch);
            } else {
                // 120.3e, 702.2b
                creature.take_damage(amount, deathtouch);
            }
        }
        // 120.3c
        Recipient::Planeswalker(index) => {
            let walker = &mut board.planeswalkers[usize::from(index)];
            walker.loyalty = walker.loyalty.saturating_sub(amount).max(0);
        }
    }
    // 120.3f, 702.15b: one life gain per source (702.15e); 119.7: none for
    // a player who can't gain life.
    let gains = board.player(source.controller).is_some()
        && board.team_allows(source.controller, |player| player.can_gain_life);
    if !(lifelink && gains) {
        return;
    }
    let same = log.life_gains[first_gain..]
        .iter_mut()
        .find(|gain| id.is_some() && gain.source == id);
    match same {
        Some(gain) => gain.amount = gain.amount.saturating_add(amount),
        None => log.life_gains.push(LifeGain {
            player: source.controller,
            amount,
            source: id,
            step,
        }),
    }
}

/// The life gains recorded since `first_gain` happen (702.15b).
fn apply_life_gains(board: &mut Board, log: &DamageLog, first_gain: usize) {
    for gain in &log.life_gains[first_gain..] {
        if board.player(gain.player).is_some() {
            board.change_life(gain.player, gain.amount);
        }
    }
}

fn check_recipient(board: &Board, recipient: Recipient) -> Result<(), CombatError> {
    let (kind, index, known) = match recipient {
        Recipient::Player(id) => ("player", usize::from(id), board.player(id).is_some()),
        Recipient::Creature(id) => ("creature", usize::from(id), board.creature(id).is_some()),
        Recipient::Planeswalker(id) => (
            "planeswalker",
            usize::from(id),
            board.planeswalker(id).is_some(),
        ),
    };
    if known {
        Ok(())
    } else {
        Err(CombatError::UnknownObject { kind, index })
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
        check_recipient(board, choice.recipient)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Creature, Player};

    fn board(creatures: Vec<Creature>) -> Board {
        Board {
            players: vec![Player::with_life(20), Player::with_life(20)],
            creatures,
            planeswalkers: Vec::new(),
        }
    }

    fn other(keywords: &[Keyword]) -> Source {
        Source::Other(DamageSource {
            controller: 0,
            keywords: keywords.iter().copied().collect(),
        })
    }

    #[test]
    fn wither_damage_is_minus_one_counters() {
        // 702.80b, 120.3d
        let mut b = board(vec![Creature::new(1, 2, 4)]);
        let mut log = DamageLog::default();
        deal_noncombat_damage(
            &mut b,
            other(&[Keyword::Wither]),
            Recipient::Creature(0),
            3,
            &mut log,
        )
        .unwrap();
        let c = b.creatures[0];
        assert_eq!((c.damage, c.minus_one_counters), (0, 3));
        assert_eq!((c.current_power(), c.current_toughness()), (-1, 1));
        assert_eq!(log.damage[0].source, None);
        check_state_based_actions(&mut b, &mut log);
        assert!(b.creatures[0].on_battlefield);
        deal_noncombat_damage(
            &mut b,
            other(&[Keyword::Wither]),
            Recipient::Creature(0),
            1,
            &mut log,
        )
        .unwrap();
        check_state_based_actions(&mut b, &mut log);
        assert_eq!(log.deaths[0].reason, DeathReason::ZeroToughness);
    }

    #[test]
    fn infect_to_a_player_is_poison_and_ten_lose() {
        // 702.90b, 120.3b, 704.5c
        let mut b = board(vec![]);
        b.players[1].poison = 7;
        let mut log = DamageLog::default();
        let source = other(&[Keyword::Infect, Keyword::Lifelink]);
        deal_noncombat_damage(&mut b, source, Recipient::Player(1), 3, &mut log).unwrap();
        assert_eq!((b.players[1].life, b.players[1].poison), (20, 10));
        // 702.15b: lifelink still gains, for the source's controller.
        assert_eq!(b.players[0].life, 23);
        check_state_based_actions(&mut b, &mut log);
        assert_eq!(log.losers, [1]);
    }

    #[test]
    fn deathtouch_damage_as_counters_still_destroys() {
        // 702.2b with 702.90b
        let mut b = board(vec![Creature::new(1, 5, 5)]);
        let mut log = DamageLog::default();
        let source = other(&[Keyword::Infect, Keyword::Deathtouch]);
        deal_noncombat_damage(&mut b, source, Recipient::Creature(0), 1, &mut log).unwrap();
        check_state_based_actions(&mut b, &mut log);
        assert_eq!(log.deaths[0].reason, DeathReason::Deathtouch);
    }

    #[test]
    fn life_rules_stop_loss_and_gain_but_not_the_damage() {
        // 119.7, 119.8
        let mut b = board(vec![]);
        b.players[0].can_gain_life = false;
        b.players[1].can_lose_life = false;
        let mut log = DamageLog::default();
        deal_noncombat_damage(
            &mut b,
            other(&[Keyword::Lifelink]),
            Recipient::Player(1),
            4,
            &mut log,
        )
        .unwrap();
        assert_eq!(log.damage.len(), 1);
        assert!(log.life_gains.is_empty());
        assert_eq!((b.players[0].life, b.players[1].life), (20, 20));
    }

    #[test]
    fn lethal_damage_counts_minus_one_counters() {
        // 702.19b, 613.4c
        let mut creature = Creature::new(1, 3, 3);
        creature.minus_one_counters = 1;
        creature.damage = 1;
        assert_eq!(creature.lethal_damage(0, false), 1);
    }

    #[test]
    fn an_unknown_controller_is_refused() {
        let mut b = board(vec![]);
        let source = Source::Other(DamageSource {
            controller: 5,
            keywords: Keywords::EMPTY,
        });
        let result = deal_noncombat_damage(
            &mut b,
            source,
            Recipient::Player(1),
            1,
            &mut DamageLog::default(),
        );
        assert!(result.is_err());
    }
}
