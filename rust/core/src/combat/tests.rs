//! Unit tests of the combat kernel. Each expected value comes from the
//! Comprehensive Rules or an official ruling, cited beside it.

use super::*;
use crate::board::{Creature, Planeswalker, Player, Recipient};
use crate::damage::deal_damage;
use crate::keywords::Keyword;

const ALICE: PlayerId = 0;
const BOB: PlayerId = 1;

fn board(creatures: &[Creature]) -> Board {
    Board {
        players: vec![Player::with_life(20), Player::with_life(20)],
        creatures: creatures.to_vec(),
        planeswalkers: Vec::new(),
    }
}

fn creature(controller: PlayerId, power: i32, toughness: i32, keywords: &[Keyword]) -> Creature {
    keywords
        .iter()
        .fold(Creature::new(controller, power, toughness), |c, k| {
            c.with_keyword(*k)
        })
}

fn to_player(creature: CreatureId, player: PlayerId) -> (CreatureId, AttackTarget) {
    (creature, AttackTarget::Player(player))
}

fn block(blocker: CreatureId, attacker: CreatureId) -> Block {
    Block { blocker, attacker }
}

fn dealt(log: &DamageLog, source: CreatureId, recipient: Recipient) -> i32 {
    log.damage
        .iter()
        .filter(|e| e.source == source && e.recipient == recipient)
        .map(|e| e.amount)
        .sum()
}

fn assign(source: CreatureId, recipient: Recipient, amount: i32) -> DamageAssignment {
    DamageAssignment {
        source,
        recipient,
        amount,
    }
}

// ----- 120.8: damage of 0 -----

#[test]
fn zero_damage_is_not_dealt() {
    // 120.8: a source that would deal 0 damage doesn't deal damage at all;
    // a deathtouch source dealing 0 destroys nothing (ruling on Pestilent
    // Spirit: "Dealing 0 damage isn't dealing damage"), and lifelink gains
    // nothing.
    let mut board = board(&[
        creature(ALICE, 0, 1, &[Keyword::Deathtouch, Keyword::Lifelink]),
        creature(BOB, 2, 2, &[]),
    ]);
    let mut log = DamageLog::default();
    deal_damage(
        &mut board,
        None,
        &[assign(0, Recipient::Creature(1), 0)],
        &mut log,
    )
    .unwrap();
    assert!(log.damage.is_empty());
    assert!(log.life_gains.is_empty());
    assert!(!board.creatures[1].dealt_deathtouch_damage);
    let mut combat = Combat::new();
    combat.check_state_based_actions(&mut board, &mut log);
    assert!(log.deaths.is_empty());
    assert!(board.creatures[1].on_battlefield);
}

// ----- 509.1g: a blocking creature stays one -----

#[test]
fn blocker_whose_attacker_left_combat_is_still_blocking() {
    // 509.1g: a blocking creature remains one until it is removed from
    // combat; 510.1d: blocking no creature, it assigns no combat damage.
    // 510.4: its first strike still gives the phase a first-strike step.
    let mut board = board(&[
        creature(ALICE, 2, 2, &[]),
        creature(BOB, 3, 3, &[Keyword::FirstStrike]),
    ]);
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[to_player(0, BOB)])
        .unwrap();
    combat.declare_blockers(&board, &[block(1, 0)]).unwrap();
    combat.remove_from_combat(0);
    assert!(combat.is_blocking(1));
    assert_eq!(
        combat.next_damage_step(&board),
        Some(DamageStep::FirstStrike)
    );
    let mut log = DamageLog::default();
    combat
        .resolve_all_damage_steps(&mut board, &mut log)
        .unwrap();
    assert_eq!(log.steps, [DamageStep::FirstStrike, DamageStep::Regular]);
    assert!(log.damage.is_empty());
    // Removing the blocker itself ends it.
    combat.remove_from_combat(1);
    assert!(!combat.is_in_combat(1));
}

#[test]
fn blocker_blocking_nothing_cannot_be_assigned_for() {
    // 510.1d: a blocking creature that isn't blocking any creature assigns
    // no combat damage, so an explicit assignment for it is illegal.
    let mut board = board(&[creature(ALICE, 2, 2, &[]), creature(BOB, 3, 3, &[])]);
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[to_player(0, BOB)])
        .unwrap();
    combat.declare_blockers(&board, &[block(1, 0)]).unwrap();
    combat.remove_from_combat(0);
    let mut log = DamageLog::default();
    for amount in [0, 3] {
        let error = combat
            .resolve_damage_step(
                &mut board,
                &[assign(1, Recipient::Player(ALICE), amount)],
                &mut log,
            )
            .unwrap_err();
        assert_eq!(
            error,
            CombatError::IllegalAssignment {
                source: 1,
                fault: AssignmentFault::NotAssigningInThisStep
            }
        );
    }
    assert!(log.damage.is_empty());
}

// ----- trample and planeswalkers -----

fn board_with_walker(creatures: &[Creature], loyalty: i32) -> Board {
    let mut board = board(creatures);
    board.planeswalkers.push(Planeswalker::new(BOB, loyalty));
    board
}

fn to_walker(creature: CreatureId) -> (CreatureId, AttackTarget) {
    (creature, AttackTarget::Planeswalker(0))
}

#[test]
fn trample_excess_stays_with_blockers_when_attacking_nothing() {
    // 506.4c, 702.19f: the planeswalker it attacked is gone, so nothing but
    // its blocker can be assigned its damage; 510.1a: it still assigns all
    // of its power.
    let mut board = board_with_walker(
        &[
            creature(ALICE, 5, 5, &[Keyword::Trample]),
            creature(ALICE, 3, 3, &[Keyword::FirstStrike]),
            creature(BOB, 2, 2, &[]),
        ],
        3,
    );
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[to_walker(0), to_walker(1)])
        .unwrap();
    combat.declare_blockers(&board, &[block(2, 0)]).unwrap();
    let mut log = DamageLog::default();
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert_eq!(log.planeswalker_deaths, [0]);
    assert_eq!(
        combat.attacks[0].target,
        AttackTarget::RemovedPlaneswalker(0)
    );
    log.clear();
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert_eq!(dealt(&log, 0, Recipient::Creature(2)), 5);
    assert_eq!(board.players[usize::from(BOB)].life, 20);
    // Nor may it be assigned to the planeswalker's controller (702.19f).
    let mut board = board_with_walker(
        &[
            creature(ALICE, 5, 5, &[Keyword::Trample]),
            creature(BOB, 2, 2, &[]),
        ],
        3,
    );
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[to_walker(0)])
        .unwrap();
    combat.declare_blockers(&board, &[block(1, 0)]).unwrap();
    combat.remove_planeswalker_from_combat(0);
    let error = combat
        .resolve_damage_step(
            &mut board,
            &[
                assign(0, Recipient::Creature(1), 2),
                assign(0, Recipient::Player(BOB), 3),
            ],
            &mut log,
        )
        .unwrap_err();
    assert_eq!(error.rule(), Some("702.19f"));
}

#[test]
fn trample_over_planeswalkers_reaches_the_defending_player_after_its_planeswalker_left() {
    // 702.19e: unblocked, all its damage goes to the defending player;
    // blocked, what exceeds lethal damage to its blockers does.
    let mut board = board_with_walker(
        &[
            creature(ALICE, 4, 4, &[Keyword::TrampleOverPlaneswalkers]),
            creature(ALICE, 5, 5, &[Keyword::TrampleOverPlaneswalkers]),
            creature(BOB, 2, 2, &[]),
        ],
        3,
    );
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[to_walker(0), to_walker(1)])
        .unwrap();
    combat.declare_blockers(&board, &[block(2, 1)]).unwrap();
    combat.remove_planeswalker_from_combat(0);
    let mut log = DamageLog::default();
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert_eq!(dealt(&log, 0, Recipient::Player(BOB)), 4);
    assert_eq!(dealt(&log, 1, Recipient::Creature(2)), 2);
    assert_eq!(dealt(&log, 1, Recipient::Player(BOB)), 3);
    assert_eq!(board.players[usize::from(BOB)].life, 13);
}

#[test]
fn attacker_of_a_removed_planeswalker_may_be_blocked() {
    // 506.4c: "It may be blocked", by its defending player (508.5).
    let mut board = board_with_walker(&[creature(ALICE, 2, 2, &[]), creature(BOB, 2, 2, &[])], 3);
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[to_walker(0)])
        .unwrap();
    combat.remove_planeswalker_from_combat(0);
    combat.declare_blockers(&board, &[block(1, 0)]).unwrap();
    let mut log = DamageLog::default();
    combat
        .resolve_all_damage_steps(&mut board, &mut log)
        .unwrap();
    assert_eq!(dealt(&log, 0, Recipient::Creature(1)), 2);
    assert_eq!(dealt(&log, 1, Recipient::Creature(0)), 2);
}

#[test]
fn unblocked_trample_over_planeswalkers_may_send_excess_to_the_controller() {
    // 702.19c, and the ruling on Thrasta, Tempest's Roar: when it deals
    // combat damage to a planeswalker it's attacking, it can assign excess
    // damage (beyond the loyalty) to that planeswalker's controller.
    let mut board = board_with_walker(
        &[creature(ALICE, 5, 5, &[Keyword::TrampleOverPlaneswalkers])],
        2,
    );
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[to_walker(0)])
        .unwrap();
    combat.declare_blockers(&board, &[]).unwrap();
    let mut log = DamageLog::default();
    // Not before the planeswalker has its loyalty.
    let error = combat
        .resolve_damage_step(
            &mut board,
            &[
                assign(0, Recipient::Planeswalker(0), 1),
                assign(0, Recipient::Player(BOB), 4),
            ],
            &mut log,
        )
        .unwrap_err();
    assert_eq!(error.rule(), Some("702.19c"));
    combat
        .resolve_damage_step(
            &mut board,
            &[
                assign(0, Recipient::Planeswalker(0), 2),
                assign(0, Recipient::Player(BOB), 3),
            ],
            &mut log,
        )
        .unwrap();
    assert_eq!(board.players[usize::from(BOB)].life, 17);
    assert_eq!(log.planeswalker_deaths, [0]);
}

#[test]
fn deathtouch_damage_from_another_attacker_is_lethal_for_trample() {
    // 702.2c: any nonzero combat damage assigned by a source with deathtouch
    // is lethal damage; 702.19b counts damage other creatures assign in the
    // same step. So once a deathtouch attacker assigns 1 to a 4/4 that
    // blocks both attackers, the trampler may assign all of its damage to
    // the player.
    let mut wall = creature(BOB, 0, 4, &[]);
    wall.block_limit = 2;
    let mut board = board(&[
        creature(ALICE, 1, 1, &[Keyword::Deathtouch]),
        creature(ALICE, 5, 5, &[Keyword::Trample]),
        wall,
    ]);
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[to_player(0, BOB), to_player(1, BOB)])
        .unwrap();
    combat
        .declare_blockers(&board, &[block(2, 0), block(2, 1)])
        .unwrap();
    let mut log = DamageLog::default();
    // The default assignment too.
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert_eq!(dealt(&log, 1, Recipient::Player(BOB)), 5);
    assert_eq!(
        log.deaths,
        [Death {
            creature: 2,
            reason: DeathReason::Deathtouch
        }]
    );
}
