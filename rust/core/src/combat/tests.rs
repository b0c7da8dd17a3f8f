//! Unit tests of the combat kernel. Each expected value comes from the
//! Comprehensive Rules or an official ruling, cited beside it.

use super::*;
use crate::board::{Creature, Planeswalker, Player, Recipient};
use crate::damage::deal_damage;
use crate::keywords::{Keyword, Keywords};

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
        .filter(|e| e.source == Some(source) && e.recipient == recipient)
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

// ----- 508.1: declaring attackers -----

fn attack_fault(result: Result<(), CombatError>) -> (AttackFault, &'static str) {
    match result {
        Err(CombatError::IllegalAttack { fault, .. }) => (fault, fault.rule()),
        other => panic!("expected an illegal attack, got {other:?}"),
    }
}

fn block_fault(result: Result<(), CombatError>) -> (BlockFault, &'static str) {
    match result {
        Err(CombatError::IllegalBlock { fault, .. }) => (fault, fault.rule()),
        other => panic!("expected an illegal block, got {other:?}"),
    }
}

#[test]
fn attack_legality() {
    let mut tapped = creature(ALICE, 2, 2, &[]);
    tapped.tapped = true;
    let mut sick = creature(ALICE, 2, 2, &[]);
    sick.summoning_sick = true;
    let mut hasty = creature(ALICE, 2, 2, &[Keyword::Haste]);
    hasty.summoning_sick = true;
    let mut board = board_with_walker(
        &[
            tapped,
            sick,
            hasty,
            creature(ALICE, 0, 4, &[Keyword::Defender]),
            creature(BOB, 2, 2, &[]),
            creature(ALICE, 2, 2, &[Keyword::Vigilance]),
        ],
        3,
    );
    board.planeswalkers.push(Planeswalker::new(ALICE, 3));
    let before = board.clone();
    let mut combat = Combat::new();
    type Case<'a> = (&'a [(CreatureId, AttackTarget)], (AttackFault, &'a str));
    let cases: [Case; 7] = [
        (&[to_player(0, BOB)], (AttackFault::Tapped, "508.1a")),
        (&[to_player(1, BOB)], (AttackFault::SummoningSick, "302.6")),
        (&[to_player(3, BOB)], (AttackFault::Defender, "702.3b")),
        (
            &[to_player(4, ALICE)],
            (AttackFault::NotControlledByActivePlayer, "508.1a"),
        ),
        (
            &[to_player(2, ALICE)],
            (AttackFault::NotAnOpponent, "508.1b"),
        ),
        (
            &[(2, AttackTarget::Planeswalker(1))],
            (AttackFault::PlaneswalkerNotAttackable, "508.1b"),
        ),
        (
            &[to_player(2, BOB), to_player(2, BOB)],
            (AttackFault::DeclaredTwice, "508.1a"),
        ),
    ];
    for (declared, expected) in cases {
        let result = combat.declare_attackers(&mut board, ALICE, declared);
        assert_eq!(attack_fault(result), expected, "{declared:?}");
        // 508.1: the game returns to the moment before the declaration.
        assert_eq!(board, before);
        assert!(combat.attacks.is_empty());
    }
    // Haste overrides summoning sickness (302.6, 702.10b); vigilance keeps
    // the attacker untapped (702.20b), others tap (508.1f).
    combat
        .declare_attackers(&mut board, ALICE, &[to_player(2, BOB), to_walker(5)])
        .unwrap();
    assert!(board.creatures[2].tapped);
    assert!(!board.creatures[5].tapped);
    assert_eq!(
        combat.declare_attackers(&mut board, ALICE, &[to_player(2, BOB)]),
        Err(CombatError::AlreadyDeclared { what: "attackers" })
    );
}

// ----- 509.1: declaring blockers -----

#[test]
fn block_legality() {
    let mut tapped = creature(BOB, 2, 2, &[]);
    tapped.tapped = true;
    let mut two_blocks = creature(BOB, 2, 2, &[]);
    two_blocks.block_limit = 2;
    let mut board = board(&[
        creature(ALICE, 2, 2, &[]),                // 0
        creature(ALICE, 2, 2, &[Keyword::Flying]), // 1
        creature(ALICE, 2, 2, &[Keyword::Shadow]), // 2
        creature(ALICE, 2, 2, &[Keyword::Menace]), // 3
        creature(ALICE, 2, 2, &[]),                // 4, not attacking
        tapped,                                    // 5
        creature(BOB, 2, 2, &[Keyword::Decayed]),  // 6
        creature(BOB, 2, 2, &[]),                  // 7
        creature(BOB, 1, 1, &[Keyword::Reach]),    // 8
        creature(BOB, 1, 1, &[Keyword::Shadow]),   // 9
        two_blocks,                                // 10
        creature(2, 2, 2, &[]),                    // 11, a third player's
    ]);
    board.players.push(Player::with_life(20));
    let mut combat = Combat::new();
    combat
        .declare_attackers(
            &mut board,
            ALICE,
            &[
                to_player(0, BOB),
                to_player(1, BOB),
                to_player(2, BOB),
                to_player(3, BOB),
            ],
        )
        .unwrap();
    let cases: [(&[Block], (BlockFault, &str)); 9] = [
        (&[block(5, 0)], (BlockFault::Tapped, "509.1a")),
        (&[block(6, 0)], (BlockFault::Decayed, "702.147a")),
        (&[block(7, 4)], (BlockFault::NotAttacking, "509.1a")),
        (&[block(11, 0)], (BlockFault::NotDefending, "509.1a")),
        (&[block(7, 1)], (BlockFault::Flying, "702.9b")),
        (&[block(7, 2)], (BlockFault::Shadow, "702.28b")),
        // A creature with shadow can block only creatures with shadow.
        (&[block(9, 0)], (BlockFault::Shadow, "702.28b")),
        (&[block(7, 3)], (BlockFault::Menace, "702.111b")),
        (
            &[block(7, 0), block(7, 3)],
            (BlockFault::TooManyAttackers, "509.1a"),
        ),
    ];
    for (declared, expected) in cases {
        let result = combat.declare_blockers(&board, declared);
        assert_eq!(block_fault(result), expected, "{declared:?}");
        assert!(combat.blocks.is_empty());
    }
    assert_eq!(
        block_fault(combat.declare_blockers(&board, &[block(7, 0), block(7, 0)])),
        (BlockFault::DeclaredTwice, "509.1a")
    );
    // Reach blocks flying (702.17b), shadow blocks shadow (702.28b), two
    // creatures block menace (702.111b), and a creature that may block two
    // attackers does (509.1a).
    combat
        .declare_blockers(
            &board,
            &[
                block(8, 1),
                block(9, 2),
                block(7, 3),
                block(10, 3),
                block(10, 0),
            ],
        )
        .unwrap();
    assert!(combat.attacks.iter().all(|attack| attack.blocked));
}

// ----- 510.4: the damage steps -----

fn fight(creatures: &[Creature], blocks: &[Block]) -> (Board, Combat) {
    let mut board = board(creatures);
    let mut combat = Combat::new();
    let attackers: Vec<_> = (0..creatures.len())
        .filter(|&i| creatures[i].controller == ALICE)
        .map(|i| to_player(i as CreatureId, BOB))
        .collect();
    combat
        .declare_attackers(&mut board, ALICE, &attackers)
        .unwrap();
    combat.declare_blockers(&board, blocks).unwrap();
    (board, combat)
}

#[test]
fn first_strike_step_exists_only_with_first_or_double_strike_in_combat() {
    // 510.4
    let (board, combat) = fight(
        &[creature(ALICE, 2, 2, &[]), creature(BOB, 2, 2, &[])],
        &[block(1, 0)],
    );
    assert_eq!(combat.next_damage_step(&board), Some(DamageStep::Regular));
    // A first striker that isn't attacking or blocking doesn't count.
    let (board, combat) = fight(
        &[
            creature(ALICE, 2, 2, &[]),
            creature(BOB, 2, 2, &[Keyword::FirstStrike]),
        ],
        &[],
    );
    assert_eq!(combat.next_damage_step(&board), Some(DamageStep::Regular));
    // A blocker with first strike does; so does double strike.
    let (mut board, mut combat) = fight(
        &[
            creature(ALICE, 2, 2, &[]),
            creature(BOB, 1, 3, &[Keyword::FirstStrike]),
        ],
        &[block(1, 0)],
    );
    assert_eq!(
        combat.next_damage_step(&board),
        Some(DamageStep::FirstStrike)
    );
    let mut log = DamageLog::default();
    combat
        .resolve_all_damage_steps(&mut board, &mut log)
        .unwrap();
    assert_eq!(log.steps, [DamageStep::FirstStrike, DamageStep::Regular]);
    assert_eq!(
        log.damage
            .iter()
            .map(|e| (e.source, e.step))
            .collect::<Vec<_>>(),
        [
            (Some(1), Some(DamageStep::FirstStrike)),
            (Some(0), Some(DamageStep::Regular))
        ]
    );
    assert_eq!(combat.next_damage_step(&board), None);
    assert_eq!(
        combat.resolve_damage_step(&mut board, &[], &mut log),
        Err(CombatError::NoDamageStepLeft)
    );
}

#[test]
fn second_step_participants() {
    let mut log = DamageLog::default();
    // 702.4d: double strike given after the first step lets a first
    // striker deal damage again.
    let (mut board, mut combat) = fight(&[creature(ALICE, 2, 2, &[Keyword::FirstStrike])], &[]);
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    board.creatures[0].keywords = board.creatures[0].keywords.with(Keyword::DoubleStrike);
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert_eq!(board.players[usize::from(BOB)].life, 16);

    // 702.4c: double strike removed during the first step: no second hit.
    let (mut board, mut combat) = fight(&[creature(ALICE, 2, 2, &[Keyword::DoubleStrike])], &[]);
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    board.creatures[0].keywords = Keywords::EMPTY;
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert_eq!(board.players[usize::from(BOB)].life, 18);

    // 702.7c: first strike given after the first step doesn't stop a
    // creature that lacked it from dealing regular damage...
    let (mut board, mut combat) = fight(
        &[
            creature(ALICE, 2, 2, &[Keyword::FirstStrike]),
            creature(ALICE, 3, 3, &[]),
        ],
        &[],
    );
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert_eq!(board.players[usize::from(BOB)].life, 18);
    board.creatures[1].keywords = board.creatures[1].keywords.with(Keyword::FirstStrike);
    // ...and removing first strike after it dealt damage doesn't let it
    // deal damage again.
    board.creatures[0].keywords = Keywords::EMPTY;
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert_eq!(board.players[usize::from(BOB)].life, 15);
}

// ----- 510.1: assigning combat damage -----

#[test]
fn trample_counts_damage_already_marked() {
    // 702.19b: a 4/4 trampler blocked by a 4/4 with 2 damage marked may
    // assign 2 to it and 2 to the player.
    let mut hurt = creature(BOB, 4, 4, &[]);
    hurt.damage = 2;
    let creatures = [creature(ALICE, 4, 5, &[Keyword::Trample]), hurt];
    let (mut board, mut combat) = fight(&creatures, &[block(1, 0)]);
    let mut log = DamageLog::default();
    combat
        .resolve_damage_step(
            &mut board,
            &[
                assign(0, Recipient::Creature(1), 2),
                assign(0, Recipient::Player(BOB), 2),
            ],
            &mut log,
        )
        .unwrap();
    assert_eq!(board.players[usize::from(BOB)].life, 18);
    assert_eq!(
        log.deaths,
        [Death {
            creature: 1,
            reason: DeathReason::LethalDamage
        }]
    );
    // The default assignment does the same.
    let (mut board, mut combat) = fight(&creatures, &[block(1, 0)]);
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert_eq!(board.players[usize::from(BOB)].life, 18);
    // But 1 + 3 is not lethal first.
    let (mut board, mut combat) = fight(&creatures, &[block(1, 0)]);
    let error = combat
        .resolve_damage_step(
            &mut board,
            &[
                assign(0, Recipient::Creature(1), 1),
                assign(0, Recipient::Player(BOB), 3),
            ],
            &mut log,
        )
        .unwrap_err();
    assert_eq!(
        error,
        CombatError::IllegalAssignment {
            source: 0,
            fault: AssignmentFault::TrampleWithoutLethal
        }
    );
    assert_eq!(error.rule(), Some("702.19b"));
    // 510.1e: nothing happened.
    assert_eq!(board.players[usize::from(BOB)].life, 20);
    assert_eq!(board.creatures[1].damage, 2);
}

#[test]
fn trample_with_deathtouch_assigns_one_to_each_blocker() {
    // 702.2c, 702.19b
    let creatures = [
        creature(ALICE, 5, 5, &[Keyword::Trample, Keyword::Deathtouch]),
        creature(BOB, 0, 4, &[]),
        creature(BOB, 0, 4, &[]),
    ];
    let (mut board, mut combat) = fight(&creatures, &[block(1, 0), block(2, 0)]);
    let mut log = DamageLog::default();
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert_eq!(dealt(&log, 0, Recipient::Creature(1)), 1);
    assert_eq!(dealt(&log, 0, Recipient::Creature(2)), 1);
    assert_eq!(dealt(&log, 0, Recipient::Player(BOB)), 3);
    assert_eq!(log.deaths.len(), 2);
    assert!(log
        .deaths
        .iter()
        .all(|d| d.reason == DeathReason::Deathtouch));
}

#[test]
fn blocked_creature_without_blockers() {
    // 702.19d: with trample, as though every blocker got lethal damage.
    let (mut board, mut combat) = fight(
        &[
            creature(ALICE, 3, 3, &[Keyword::Trample]),
            creature(BOB, 2, 2, &[]),
        ],
        &[block(1, 0)],
    );
    combat.remove_from_combat(1);
    let mut log = DamageLog::default();
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert_eq!(board.players[usize::from(BOB)].life, 17);
    // 510.1c: without trample it stays blocked and assigns no damage.
    let (mut board, mut combat) = fight(
        &[creature(ALICE, 3, 3, &[]), creature(BOB, 2, 2, &[])],
        &[block(1, 0)],
    );
    board.creatures[1].on_battlefield = false;
    combat.remove_from_combat(1);
    let mut log = DamageLog::default();
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert!(log.damage.is_empty());
    assert_eq!(board.players[usize::from(BOB)].life, 20);
}

#[test]
fn damage_is_divided_freely_among_blockers() {
    // 510.1c: no damage assignment order; any division is legal, even all
    // to the second blocker.
    let creatures = [
        creature(ALICE, 5, 6, &[]),
        creature(BOB, 2, 2, &[]),
        creature(BOB, 3, 3, &[]),
    ];
    let blocks = [block(1, 0), block(2, 0)];
    let (mut board, mut combat) = fight(&creatures, &blocks);
    let mut log = DamageLog::default();
    combat
        .resolve_damage_step(
            &mut board,
            &[assign(0, Recipient::Creature(2), 5)],
            &mut log,
        )
        .unwrap();
    assert_eq!(board.creatures[1].damage, 0);
    assert_eq!(
        log.deaths,
        [Death {
            creature: 2,
            reason: DeathReason::LethalDamage
        }]
    );
    // Illegal divisions, each with its rule; nothing changes (510.1e).
    let cases: [(&[DamageAssignment], AssignmentFault); 4] = [
        (
            &[assign(0, Recipient::Creature(1), 4)],
            AssignmentFault::WrongTotal {
                assigned: 4,
                power: 5,
            },
        ),
        (
            &[
                assign(0, Recipient::Creature(1), 6),
                assign(0, Recipient::Creature(2), -1),
            ],
            AssignmentFault::NegativeAmount,
        ),
        (
            &[
                assign(0, Recipient::Creature(1), 2),
                assign(0, Recipient::Player(BOB), 3),
            ],
            AssignmentFault::NotABlocker,
        ),
        (
            &[assign(1, Recipient::Player(ALICE), 2)],
            AssignmentFault::NotBlockedByIt,
        ),
    ];
    for (choices, fault) in cases {
        let (mut board, mut combat) = fight(&creatures, &blocks);
        let before = board.clone();
        let error = combat
            .resolve_damage_step(&mut board, choices, &mut log)
            .unwrap_err();
        assert_eq!(
            error,
            CombatError::IllegalAssignment {
                source: choices[0].source,
                fault
            }
        );
        assert_eq!(board, before);
        assert_eq!(combat.progress, DamageProgress::NotStarted);
    }
    assert_eq!(
        AssignmentFault::WrongTotal {
            assigned: 0,
            power: 0
        }
        .rule(),
        "510.1a"
    );
    assert_eq!(AssignmentFault::NotABlocker.rule(), "510.1c");
    assert_eq!(AssignmentFault::NotBlockedByIt.rule(), "510.1d");
}

#[test]
fn blocker_of_several_attackers_divides_freely() {
    // 510.1d
    let mut wall = creature(BOB, 4, 6, &[]);
    wall.block_limit = 2;
    let creatures = [creature(ALICE, 2, 2, &[]), creature(ALICE, 3, 3, &[]), wall];
    let (mut board, mut combat) = fight(&creatures, &[block(2, 0), block(2, 1)]);
    let mut log = DamageLog::default();
    combat
        .resolve_damage_step(
            &mut board,
            &[
                assign(2, Recipient::Creature(0), 1),
                assign(2, Recipient::Creature(1), 3),
            ],
            &mut log,
        )
        .unwrap();
    assert_eq!(board.creatures[2].damage, 5);
    assert_eq!(
        log.deaths,
        [Death {
            creature: 1,
            reason: DeathReason::LethalDamage
        }]
    );
}

#[test]
fn unblocked_creature_assigns_only_to_what_it_attacks() {
    // 510.1b
    let (mut board, mut combat) =
        fight(&[creature(ALICE, 2, 2, &[]), creature(BOB, 1, 1, &[])], &[]);
    let mut log = DamageLog::default();
    let error = combat
        .resolve_damage_step(
            &mut board,
            &[assign(0, Recipient::Creature(1), 2)],
            &mut log,
        )
        .unwrap_err();
    assert_eq!(error.rule(), Some("510.1b"));
    // A creature that doesn't assign damage now can't be named (510.4).
    let error = combat
        .resolve_damage_step(
            &mut board,
            &[assign(1, Recipient::Player(ALICE), 1)],
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

#[test]
fn zero_or_negative_power_assigns_nothing() {
    // 510.1a
    let (mut board, mut combat) = fight(
        &[creature(ALICE, 0, 2, &[]), creature(ALICE, -2, 2, &[])],
        &[],
    );
    let mut log = DamageLog::default();
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert!(log.damage.is_empty());
}

// ----- 120.3, 702.15: damage and its results -----

#[test]
fn lifelink_gives_one_life_gain_event_per_source() {
    // 702.15e: separate events for separate sources; one source dealing
    // damage to two blockers gains life once.
    let creatures = [
        creature(ALICE, 4, 4, &[Keyword::Lifelink]),
        creature(ALICE, 2, 2, &[Keyword::Lifelink]),
        creature(BOB, 1, 1, &[]),
        creature(BOB, 1, 1, &[]),
    ];
    let (mut board, mut combat) = fight(&creatures, &[block(2, 0), block(3, 0)]);
    let mut log = DamageLog::default();
    combat
        .resolve_damage_step(
            &mut board,
            &[
                assign(0, Recipient::Creature(2), 2),
                assign(0, Recipient::Creature(3), 2),
            ],
            &mut log,
        )
        .unwrap();
    let mut gains = log.life_gains.clone();
    gains.sort_by_key(|gain| gain.source);
    assert_eq!(
        gains,
        [
            LifeGain {
                player: ALICE,
                amount: 4,
                source: Some(0),
                step: Some(DamageStep::Regular)
            },
            LifeGain {
                player: ALICE,
                amount: 2,
                source: Some(1),
                step: Some(DamageStep::Regular)
            },
        ]
    );
    assert_eq!(board.players[usize::from(ALICE)].life, 26);
    assert_eq!(board.players[usize::from(BOB)].life, 18);
}

#[test]
fn indestructible_and_zero_toughness() {
    // 702.12b: lethal damage and deathtouch don't destroy it; 704.5f:
    // toughness 0 puts it into the graveyard anyway.
    let creatures = [
        creature(ALICE, 5, 5, &[Keyword::Deathtouch]),
        creature(BOB, 1, 2, &[Keyword::Indestructible]),
    ];
    let (mut board, mut combat) = fight(&creatures, &[block(1, 0)]);
    let mut log = DamageLog::default();
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert!(log.deaths.is_empty());
    assert!(board.creatures[1].on_battlefield);
    assert_eq!(board.creatures[1].damage, 5);
    board.creatures[1].toughness = 0;
    combat.check_state_based_actions(&mut board, &mut log);
    assert_eq!(
        log.deaths,
        [Death {
            creature: 1,
            reason: DeathReason::ZeroToughness
        }]
    );
    assert_eq!(DeathReason::ZeroToughness.rule(), "704.5f");
    // 704.5h looks at damage since the last check only: an indestructible
    // creature dealt deathtouch damage that later loses indestructible
    // survives (ruling on Bonds of Mortality).
    let (mut board, mut combat) = fight(&creatures, &[block(1, 0)]);
    board.creatures[0].power = 1;
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    board.creatures[1].keywords = Keywords::EMPTY;
    log.clear();
    combat.check_state_based_actions(&mut board, &mut log);
    assert!(log.deaths.is_empty());
}

#[test]
fn damage_to_a_planeswalker_and_a_player() {
    // 120.3c, 704.5i; 120.3a, 704.5a.
    let mut board = board_with_walker(&[creature(ALICE, 3, 3, &[]), creature(ALICE, 4, 4, &[])], 3);
    board.players[usize::from(BOB)].life = 4;
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[to_walker(0), to_player(1, BOB)])
        .unwrap();
    combat.declare_blockers(&board, &[]).unwrap();
    let mut log = DamageLog::default();
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert_eq!(board.planeswalkers[0].loyalty, 0);
    assert_eq!(log.planeswalker_deaths, [0]);
    assert!(!board.planeswalkers[0].on_battlefield);
    assert_eq!(log.losers, [BOB]);
    assert!(board.players[usize::from(BOB)].has_lost);
}

// ----- bad input -----

#[test]
fn out_of_range_indices_are_errors_not_panics() {
    let (mut board, mut combat) =
        fight(&[creature(ALICE, 2, 2, &[]), creature(BOB, 2, 2, &[])], &[]);
    let mut log = DamageLog::default();
    let unknown = |result: Result<_, CombatError>| {
        assert!(
            matches!(result, Err(CombatError::UnknownObject { .. })),
            "{result:?}"
        );
    };
    let mut fresh = Combat::new();
    let mut spare = board.clone();
    spare.creatures[0].tapped = false;
    unknown(
        fresh
            .declare_attackers(&mut spare, ALICE, &[to_player(99, BOB)])
            .map(|_| ()),
    );
    unknown(fresh.declare_attackers(&mut spare, 9, &[]).map(|_| ()));
    unknown(
        fresh
            .declare_attackers(&mut spare, ALICE, &[to_player(0, 9)])
            .map(|_| ()),
    );
    unknown(
        fresh
            .declare_attackers(&mut spare, ALICE, &[(0, AttackTarget::Planeswalker(9))])
            .map(|_| ()),
    );
    unknown(fresh.declare_blockers(&board, &[block(99, 0)]).map(|_| ()));
    unknown(fresh.declare_blockers(&board, &[block(1, 99)]).map(|_| ()));
    for choice in [
        assign(99, Recipient::Player(BOB), 2),
        assign(0, Recipient::Creature(99), 2),
        assign(0, Recipient::Player(9), 2),
        assign(0, Recipient::Planeswalker(9), 2),
    ] {
        unknown(
            combat
                .resolve_damage_step(&mut board, &[choice], &mut log)
                .map(|_| ()),
        );
        unknown(deal_damage(&mut board, None, &[choice], &mut log));
    }
    // A combat built by hand that names objects the board doesn't have.
    let mut broken = combat.clone();
    broken.blocks.push(block(77, 0));
    unknown(
        broken
            .resolve_damage_step(&mut board, &[], &mut log)
            .map(|_| ()),
    );
    // The error names the missing target, not the attacker.
    let missing_walker = Err(CombatError::UnknownObject {
        kind: "planeswalker",
        index: 5,
    });
    let mut broken = combat.clone();
    broken.attacks.push(Attack {
        attacker: 0,
        target: AttackTarget::Planeswalker(5),
        blocked: false,
    });
    assert_eq!(
        broken
            .resolve_damage_step(&mut board, &[], &mut log)
            .map(|_| ()),
        missing_walker
    );
    let mut broken = combat.clone();
    broken.attacks[0].target = AttackTarget::RemovedPlaneswalker(5);
    assert_eq!(
        broken
            .resolve_damage_step(&mut board, &[], &mut log)
            .map(|_| ()),
        missing_walker
    );
    let mut broken = combat.clone();
    broken.attacks[0].target = AttackTarget::Player(4);
    assert_eq!(
        broken
            .resolve_damage_step(&mut board, &[], &mut log)
            .map(|_| ()),
        Err(CombatError::UnknownObject {
            kind: "player",
            index: 4
        })
    );
    // A creature that left the battlefield can't be declared.
    board.creatures[1].on_battlefield = false;
    assert_eq!(
        Combat::new().declare_blockers(&board, &[block(1, 0)]),
        Err(CombatError::NotOnBattlefield { creature: 1 })
    );
    // The untouched combat still works.
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert_eq!(board.players[usize::from(BOB)].life, 18);
}

// ----- 614.1a, 615: damage changed between assignment and dealing -----

#[test]
fn prevention_acts_on_assigned_damage_without_changing_the_assignment() {
    // Ruling on Fog Bank: its prevention isn't considered while a trampler
    // assigns; a 5/5 trampler blocked by a 0/2 assigns 2 to it and 3 to the
    // player, and the 2 is then prevented (615.1).
    let creatures = [
        creature(ALICE, 5, 5, &[Keyword::Trample]),
        creature(BOB, 0, 2, &[]),
    ];
    let (mut board, mut combat) = fight(&creatures, &[block(1, 0)]);
    let mut log = DamageLog::default();
    let step = combat.assign_damage_step(&board, &[]).unwrap();
    assert_eq!(step, DamageStep::Regular);
    // Nothing is dealt yet.
    assert_eq!(board.players[usize::from(BOB)].life, 20);
    assert!(log.damage.is_empty());
    let mut assigned = combat.last_assignments.clone();
    assigned.sort_by_key(|a| a.amount);
    assert_eq!(
        assigned,
        [
            assign(0, Recipient::Creature(1), 2),
            assign(0, Recipient::Player(BOB), 3)
        ]
    );
    combat
        .deal_assigned_damage(
            &mut board,
            &[assign(0, Recipient::Creature(1), 0)],
            &mut log,
        )
        .unwrap();
    combat.check_state_based_actions(&mut board, &mut log);
    assert_eq!(board.players[usize::from(BOB)].life, 17);
    assert_eq!(board.creatures[1].damage, 0);
    assert!(board.creatures[1].on_battlefield);
    assert_eq!(dealt(&log, 0, Recipient::Creature(1)), 0);
    assert_eq!(combat.progress, DamageProgress::Finished);
}

#[test]
fn prevented_damage_gives_no_life_and_no_deathtouch() {
    // 702.15b, 702.2b: lifelink and deathtouch act on damage dealt; 120.8:
    // damage all prevented is no damage at all. Partly prevented damage is
    // still dealt, and gains its amount.
    let creatures = [
        creature(ALICE, 3, 3, &[Keyword::Lifelink, Keyword::Deathtouch]),
        creature(BOB, 4, 4, &[]),
        creature(ALICE, 2, 2, &[Keyword::Lifelink]),
    ];
    let (mut board, mut combat) = fight(&creatures, &[block(1, 0)]);
    let mut log = DamageLog::default();
    combat.assign_damage_step(&board, &[]).unwrap();
    combat
        .deal_assigned_damage(
            &mut board,
            &[
                assign(0, Recipient::Creature(1), 0),
                assign(2, Recipient::Player(BOB), 1),
            ],
            &mut log,
        )
        .unwrap();
    combat.check_state_based_actions(&mut board, &mut log);
    assert!(board.creatures[1].on_battlefield);
    assert!(!board.creatures[1].dealt_deathtouch_damage);
    assert_eq!(board.players[usize::from(BOB)].life, 19);
    // Only the 2/2's 1 damage dealt gains life.
    assert_eq!(board.players[usize::from(ALICE)].life, 21);
    assert_eq!(log.life_gains.len(), 1);
}

#[test]
fn doubled_damage_is_dealt_with_its_results() {
    // Ruling on Furnace of Rath: the trample rules divide damage before it
    // is doubled. A 5/5 trampler blocked by a 2/2 assigns 2 and 3; 4 and 6
    // are dealt, and lifelink gains the 10 dealt (702.15b).
    let creatures = [
        creature(ALICE, 5, 5, &[Keyword::Trample, Keyword::Lifelink]),
        creature(BOB, 2, 2, &[]),
    ];
    let (mut board, mut combat) = fight(&creatures, &[block(1, 0)]);
    let mut log = DamageLog::default();
    combat.assign_damage_step(&board, &[]).unwrap();
    combat
        .deal_assigned_damage(
            &mut board,
            &[
                assign(0, Recipient::Creature(1), 4),
                assign(0, Recipient::Player(BOB), 6),
            ],
            &mut log,
        )
        .unwrap();
    assert_eq!(board.players[usize::from(BOB)].life, 14);
    assert_eq!(board.creatures[1].damage, 4);
    assert_eq!(board.players[usize::from(ALICE)].life, 30);
}

#[test]
fn changed_damage_must_name_assigned_damage() {
    let creatures = [creature(ALICE, 2, 2, &[]), creature(BOB, 2, 2, &[])];
    let (mut board, mut combat) = fight(&creatures, &[]);
    let mut log = DamageLog::default();
    // Dealing before assigning is bad input.
    assert_eq!(
        combat.deal_assigned_damage(&mut board, &[], &mut log),
        Err(CombatError::NothingAssigned)
    );
    combat.assign_damage_step(&board, &[]).unwrap();
    let wrong = assign(0, Recipient::Creature(1), 1);
    assert!(matches!(
        combat.deal_assigned_damage(&mut board, &[wrong], &mut log),
        Err(CombatError::InvalidDamageChange { source: 0, .. })
    ));
    let negative = assign(0, Recipient::Player(BOB), -1);
    assert!(matches!(
        combat.deal_assigned_damage(&mut board, &[negative], &mut log),
        Err(CombatError::InvalidDamageChange { source: 0, .. })
    ));
    let twice = [
        assign(0, Recipient::Player(BOB), 1),
        assign(0, Recipient::Player(BOB), 1),
    ];
    assert!(matches!(
        combat.deal_assigned_damage(&mut board, &twice, &mut log),
        Err(CombatError::InvalidDamageChange { source: 0, .. })
    ));
    // The failed calls dealt nothing; all of it prevented deals nothing.
    assert_eq!(board.players[usize::from(BOB)].life, 20);
    combat
        .deal_assigned_damage(
            &mut board,
            &[assign(0, Recipient::Player(BOB), 0)],
            &mut log,
        )
        .unwrap();
    assert_eq!(board.players[usize::from(BOB)].life, 20);
    assert!(log.damage.is_empty());
    assert_eq!(
        combat.deal_assigned_damage(&mut board, &[], &mut log),
        Err(CombatError::NothingAssigned)
    );
}

#[test]
fn nothing_happens_between_assigning_and_dealing() {
    // 510.2: the damage assigned is dealt at once; a change to the combat in
    // between voids the assignment, and a damage step resolved in between
    // leaves nothing to deal twice.
    let creatures = [creature(ALICE, 3, 3, &[]), creature(BOB, 2, 2, &[])];
    let (mut board, mut combat) = fight(&creatures, &[]);
    let mut log = DamageLog::default();
    combat.assign_damage_step(&board, &[]).unwrap();
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert_eq!(board.players[usize::from(BOB)].life, 17);
    assert_eq!(
        combat.deal_assigned_damage(&mut board, &[], &mut log),
        Err(CombatError::NothingAssigned)
    );
    assert_eq!(board.players[usize::from(BOB)].life, 17);

    let (mut board, mut combat) = fight(&creatures, &[]);
    combat.assign_damage_step(&board, &[]).unwrap();
    combat.remove_from_combat(0);
    assert_eq!(
        combat.deal_assigned_damage(&mut board, &[], &mut log),
        Err(CombatError::NothingAssigned)
    );
    assert_eq!(board.players[usize::from(BOB)].life, 20);
}

// ----- 701.19: regeneration -----

fn shielded(controller: PlayerId, power: i32, toughness: i32, shields: u8) -> Creature {
    Creature::new(controller, power, toughness).with_regeneration_shields(shields)
}

#[test]
fn a_shield_replaces_destruction_by_lethal_damage() {
    // 704.5g, 701.19a, 614.8 (rulings on Cudgel Troll and Vampire Warlord:
    // "This works only if [it] is dealt lethal damage ..."): instead of
    // being destroyed, all damage is removed, it becomes tapped and, as a
    // blocking creature, it is removed from combat (506.4). The attacker it
    // blocked stays blocked (509.1h).
    let creatures = [creature(ALICE, 4, 4, &[]), shielded(BOB, 2, 3, 1)];
    let (mut board, mut combat) = fight(&creatures, &[block(1, 0)]);
    let mut log = DamageLog::default();
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert!(log.deaths.is_empty());
    assert_eq!(log.regenerations, [1]);
    let troll = &board.creatures[1];
    assert!(troll.on_battlefield);
    assert_eq!(troll.damage, 0);
    assert!(troll.tapped);
    assert_eq!(troll.regeneration_shields, 0);
    assert!(!combat.is_blocking(1));
    assert!(combat.attack_of(0).is_some_and(|attack| attack.blocked));
    // The attacker was dealt 2 and survives.
    assert_eq!(board.creatures[0].damage, 2);
}

#[test]
fn a_shield_replaces_destruction_by_deathtouch_damage() {
    // 704.5h, 701.19a: 1 damage from a source with deathtouch destroys a
    // 5/5; a shield replaces that, and removes the damage.
    let creatures = [
        creature(ALICE, 1, 1, &[Keyword::Deathtouch]),
        shielded(BOB, 0, 5, 1),
    ];
    let (mut board, mut combat) = fight(&creatures, &[block(1, 0)]);
    let mut log = DamageLog::default();
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert!(log.deaths.is_empty());
    assert_eq!(log.regenerations, [1]);
    assert_eq!(board.creatures[1].damage, 0);
    assert!(!board.creatures[1].dealt_deathtouch_damage);
    assert!(board.creatures[1].on_battlefield);
}

#[test]
fn lethal_and_deathtouch_damage_at_once_use_one_shield() {
    // Ruling on Vampire Warlord: "If Vampire Warlord is dealt lethal damage
    // and is dealt damage by a source with deathtouch during the same
    // combat damage step, a single regeneration shield will save it." It
    // would be destroyed once (704.5g and 704.5h in one check), so one of
    // its two shields is used.
    let creatures = [
        creature(ALICE, 4, 4, &[]),
        creature(ALICE, 1, 1, &[Keyword::Deathtouch]),
        shielded(BOB, 0, 4, 2),
    ];
    let mut board = board(&creatures);
    // It may block both attackers (509.1a).
    board.creatures[2].block_limit = 2;
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[to_player(0, BOB), to_player(1, BOB)])
        .unwrap();
    combat
        .declare_blockers(&board, &[block(2, 0), block(2, 1)])
        .unwrap();
    let mut log = DamageLog::default();
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    let warlord = &board.creatures[2];
    assert_eq!(dealt(&log, 0, Recipient::Creature(2)), 4);
    assert_eq!(dealt(&log, 1, Recipient::Creature(2)), 1);
    assert!(log.deaths.is_empty());
    assert_eq!(log.regenerations, [2]);
    assert!(warlord.on_battlefield);
    assert_eq!(warlord.regeneration_shields, 1);
    assert_eq!(warlord.damage, 0);
}

#[test]
fn several_deathtouch_sources_one_regeneration() {
    // Ruling on Vectis Silencers: "a single regeneration effect will save it
    // regardless of how many instances of deathtouch the source had": a
    // source with deathtouch twice (702.2f: redundant) deals damage; one
    // shield saves the creature.
    let silencers = creature(ALICE, 1, 2, &[Keyword::Deathtouch]).with_keyword(Keyword::Deathtouch);
    let mut board = board(&[silencers, shielded(BOB, 0, 6, 1)]);
    let mut log = DamageLog::default();
    deal_damage(
        &mut board,
        None,
        &[assign(0, Recipient::Creature(1), 1)],
        &mut log,
    )
    .unwrap();
    let mut combat = Combat::new();
    combat.check_state_based_actions(&mut board, &mut log);
    assert!(log.deaths.is_empty());
    assert_eq!(log.regenerations, [1]);
    assert!(board.creatures[1].on_battlefield);
    assert_eq!(board.creatures[1].regeneration_shields, 0);
}

#[test]
fn zero_toughness_is_not_destruction() {
    // 704.5f: "Regeneration can't replace this event" (rulings on Cudgel
    // Troll and Vampire Warlord: reducing its toughness to 0 doesn't
    // destroy it). The shield stays unused.
    let mut board = board(&[shielded(BOB, 2, 0, 1)]);
    let mut log = DamageLog::default();
    let mut combat = Combat::new();
    combat.check_state_based_actions(&mut board, &mut log);
    assert_eq!(
        log.deaths,
        [Death {
            creature: 0,
            reason: DeathReason::ZeroToughness
        }]
    );
    assert!(log.regenerations.is_empty());
    assert_eq!(board.creatures[0].regeneration_shields, 1);
    // Lethal damage and toughness 0 at once: 704.5f still applies.
    let mut board = self::board(&[shielded(BOB, 2, 0, 1)]);
    board.creatures[0].damage = 3;
    log.clear();
    combat.check_state_based_actions(&mut board, &mut log);
    assert_eq!(log.deaths.len(), 1);
    assert!(log.regenerations.is_empty());
}

#[test]
fn nothing_to_replace_no_shield_used() {
    // 701.19a: the shield protects it the next time it would be destroyed;
    // an indestructible creature isn't destroyed (702.12b), and a creature
    // without lethal damage isn't either, so the shield stays.
    let mut board = board(&[
        shielded(BOB, 2, 2, 1).with_keyword(Keyword::Indestructible),
        shielded(BOB, 2, 2, 1),
    ]);
    board.creatures[0].damage = 5;
    board.creatures[1].damage = 1;
    let mut log = DamageLog::default();
    let mut combat = Combat::new();
    combat.check_state_based_actions(&mut board, &mut log);
    assert!(log.deaths.is_empty());
    assert!(log.regenerations.is_empty());
    assert_eq!(board.creatures[0].regeneration_shields, 1);
    assert_eq!(board.creatures[1].regeneration_shields, 1);
    assert!(!board.creatures[0].tapped);
    assert!(!board.creatures[1].tapped);
}

#[test]
fn each_shield_replaces_one_destruction() {
    // 701.19a: "the next time": a creature with two shields survives two
    // destructions and dies at the third.
    let mut board = board(&[creature(ALICE, 3, 3, &[]), shielded(BOB, 1, 2, 2)]);
    let mut combat = Combat::new();
    let mut log = DamageLog::default();
    for expected_shields in [1, 0] {
        deal_damage(
            &mut board,
            None,
            &[assign(0, Recipient::Creature(1), 3)],
            &mut log,
        )
        .unwrap();
        combat.check_state_based_actions(&mut board, &mut log);
        assert!(board.creatures[1].on_battlefield);
        assert_eq!(board.creatures[1].regeneration_shields, expected_shields);
    }
    assert_eq!(log.regenerations, [1, 1]);
    deal_damage(
        &mut board,
        None,
        &[assign(0, Recipient::Creature(1), 3)],
        &mut log,
    )
    .unwrap();
    combat.check_state_based_actions(&mut board, &mut log);
    assert!(!board.creatures[1].on_battlefield);
    assert_eq!(
        log.deaths,
        [Death {
            creature: 1,
            reason: DeathReason::LethalDamage
        }]
    );
}

#[test]
fn a_regenerated_attacker_deals_no_regular_damage() {
    // 506.4: an attacking creature that regenerates is removed from combat,
    // so after the first-strike step it assigns no combat damage (510.1);
    // the first striker that blocked it stays a blocking creature (509.1g).
    let creatures = [
        shielded(ALICE, 5, 2, 1),
        creature(BOB, 2, 2, &[Keyword::FirstStrike]),
    ];
    let (mut board, mut combat) = fight(&creatures, &[block(1, 0)]);
    let mut log = DamageLog::default();
    assert_eq!(
        combat
            .resolve_damage_step(&mut board, &[], &mut log)
            .unwrap(),
        DamageStep::FirstStrike
    );
    assert_eq!(log.regenerations, [0]);
    assert!(!combat.is_attacking(0));
    assert!(combat.is_blocking(1));
    log.clear();
    assert_eq!(
        combat
            .resolve_damage_step(&mut board, &[], &mut log)
            .unwrap(),
        DamageStep::Regular
    );
    assert!(log.damage.is_empty());
    assert_eq!(board.creatures[1].damage, 0);
    assert!(board.creatures[0].on_battlefield);
    assert_eq!(board.creatures[0].damage, 0);
}

#[test]
fn dies_and_regenerates_never_overlap() {
    // 704.5f–h with 701.19a: a creature state-based actions look at either
    // dies (death_reason says why), regenerates, or neither; never both. The
    // batch resolver relies on `dies` alone: without shields nothing
    // regenerates.
    for toughness in -1..=3 {
        for damage in 0..=4 {
            for deathtouch in [false, true] {
                for indestructible in [false, true] {
                    for shields in 0..=2u8 {
                        let mut c =
                            Creature::new(BOB, 1, toughness).with_regeneration_shields(shields);
                        c.damage = damage;
                        c.dealt_deathtouch_damage = deathtouch;
                        if indestructible {
                            c = c.with_keyword(Keyword::Indestructible);
                        }
                        assert_eq!(c.dies(), c.death_reason().is_some());
                        assert!(!(c.dies() && c.regenerates()));
                        let destroyed =
                            toughness > 0 && !indestructible && (deathtouch || damage >= toughness);
                        assert_eq!(c.regenerates(), destroyed && shields > 0);
                        assert_eq!(c.dies(), toughness <= 0 || (destroyed && shields == 0));
                    }
                }
            }
        }
    }
}
