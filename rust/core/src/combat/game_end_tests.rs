//! Unit tests of the end of the game during combat (104.1–104.5, 704.3,
//! 704.5a) and of players leaving a multiplayer game (800.4a, 800.4e).
//! Each expected value comes from the rules cited beside it.

use super::*;
use crate::board::{Creature, GameResult, Planeswalker, Player, Recipient};
use crate::damage::deal_damage;
use crate::keywords::Keyword;

const ALICE: PlayerId = 0;
const BOB: PlayerId = 1;
const CAROL: PlayerId = 2;

fn players(life: &[i32]) -> Vec<Player> {
    life.iter().map(|&life| Player::with_life(life)).collect()
}

fn creature(controller: PlayerId, power: i32, toughness: i32, keywords: &[Keyword]) -> Creature {
    keywords
        .iter()
        .fold(Creature::new(controller, power, toughness), |c, k| {
            c.with_keyword(*k)
        })
}

fn dealt(log: &DamageLog, source: CreatureId, recipient: Recipient) -> i32 {
    log.damage
        .iter()
        .filter(|e| e.source == Some(source) && e.recipient == recipient)
        .map(|e| e.amount)
        .sum()
}

fn gained(log: &DamageLog, player: PlayerId) -> i32 {
    log.life_gains
        .iter()
        .filter(|gain| gain.player == player)
        .map(|gain| gain.amount)
        .sum()
}

fn at(player: PlayerId) -> AttackTarget {
    AttackTarget::Player(player)
}

#[test]
fn a_two_player_game_ends_at_the_check_after_the_first_strike_step() {
    // An unblocked 3/3 with double strike and lifelink attacks a player at
    // 3 life. Its first-strike damage takes them to 0 (510.4, 702.4b) and
    // Alice gains 3 (702.15b). At the state-based check that follows, Bob
    // loses (704.5a, 104.3b), leaves the game (104.5) and Alice, the only
    // player left, wins (104.2a): the game is over at once (104.1), so
    // there is no regular combat damage step.
    let mut board = Board {
        players: players(&[20, 3]),
        creatures: vec![creature(
            ALICE,
            3,
            3,
            &[Keyword::DoubleStrike, Keyword::Lifelink],
        )],
        planeswalkers: vec![],
    };
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[(0, at(BOB))])
        .unwrap();
    combat.declare_blockers(&board, &[]).unwrap();
    let mut log = DamageLog::default();
    combat
        .resolve_all_damage_steps(&mut board, &mut log)
        .unwrap();
    assert_eq!(log.steps, [DamageStep::FirstStrike]);
    assert_eq!([board.players[0].life, board.players[1].life], [23, 0]);
    assert_eq!(gained(&log, ALICE), 3);
    assert_eq!(log.losers, [BOB]);
    assert_eq!(board.game_result(), Some(GameResult::Won(ALICE)));
    assert_eq!(combat.next_damage_step(&board), None);
}

#[test]
fn deaths_at_the_check_that_ends_the_game_still_happen() {
    // 704.3: every applicable state-based action is performed at once, so
    // the blocker with lethal damage dies at the same check at which Bob
    // loses; then the game is over and the creature without first strike
    // never deals its damage (104.1).
    let mut board = Board {
        players: players(&[20, 2]),
        creatures: vec![
            creature(ALICE, 3, 3, &[Keyword::DoubleStrike, Keyword::Trample]),
            creature(ALICE, 2, 2, &[]),
            creature(BOB, 1, 1, &[]),
        ],
        planeswalkers: vec![],
    };
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[(0, at(BOB)), (1, at(BOB))])
        .unwrap();
    combat
        .declare_blockers(
            &board,
            &[Block {
                blocker: 2,
                attacker: 0,
            }],
        )
        .unwrap();
    let mut log = DamageLog::default();
    combat
        .resolve_all_damage_steps(&mut board, &mut log)
        .unwrap();
    // 702.19b: 1 lethal damage to the blocker, 2 trample over.
    assert_eq!(dealt(&log, 0, Recipient::Creature(2)), 1);
    assert_eq!(dealt(&log, 0, Recipient::Player(BOB)), 2);
    assert_eq!(dealt(&log, 1, Recipient::Player(BOB)), 0);
    assert_eq!(log.deaths.len(), 1);
    assert_eq!(log.deaths[0].creature, 2);
    assert_eq!(board.players[1].life, 0);
    assert_eq!(log.steps, [DamageStep::FirstStrike]);
}

/// Alice (0) attacks Bob (1) and Carol (2). Bob is at 3 life.
/// - 0: Alice's 3/3 double strike, lifelink, unblocked, attacking Bob;
/// - 1: Alice's 2/2 trample attacking Bob, blocked by 3;
/// - 2: Alice's 2/2 attacking Carol, blocked by 5;
/// - 3: Bob's 1/4 blocking 1; 4: Bob's 1/1, not in combat;
/// - 5: Carol's 1/3 blocking 2;
/// - planeswalker 0: Bob's, loyalty 3, not attacked.
fn three_player_combat() -> (Board, Combat) {
    let mut board = Board {
        players: players(&[20, 3, 20]),
        creatures: vec![
            creature(ALICE, 3, 3, &[Keyword::DoubleStrike, Keyword::Lifelink]),
            creature(ALICE, 2, 2, &[Keyword::Trample]),
            creature(ALICE, 2, 2, &[]),
            creature(BOB, 1, 4, &[]),
            creature(BOB, 1, 1, &[]),
            creature(CAROL, 1, 3, &[]),
        ],
        planeswalkers: vec![Planeswalker::new(BOB, 3)],
    };
    let mut combat = Combat::new();
    combat
        .declare_attackers(
            &mut board,
            ALICE,
            &[(0, at(BOB)), (1, at(BOB)), (2, at(CAROL))],
        )
        .unwrap();
    combat
        .declare_blockers(
            &board,
            &[
                Block {
                    blocker: 3,
                    attacker: 1,
                },
                Block {
                    blocker: 5,
                    attacker: 2,
                },
            ],
        )
        .unwrap();
    (board, combat)
}

#[test]
fn in_a_multiplayer_game_the_loser_leaves_and_combat_goes_on() {
    let (mut board, mut combat) = three_player_combat();
    let mut log = DamageLog::default();
    assert_eq!(
        combat
            .resolve_damage_step(&mut board, &[], &mut log)
            .unwrap(),
        DamageStep::FirstStrike
    );
    // 704.5a: Bob loses; 104.5: he leaves the game; 800.4: the game goes
    // on for Alice and Carol.
    assert_eq!(log.losers, [BOB]);
    assert!(board.players[1].has_lost);
    assert_eq!(board.game_result(), None);
    // 800.4a: Bob's objects leave the game with him: his creatures and his
    // planeswalker leave the battlefield, which isn't dying (they aren't
    // put into a graveyard), and so leave combat (506.4).
    assert!(log.deaths.is_empty());
    assert!(!board.creatures[3].on_battlefield);
    assert!(!board.creatures[4].on_battlefield);
    assert!(!board.planeswalkers[0].on_battlefield);
    assert!(!combat.is_in_combat(3));
    // 506.4 lists what removes a creature from combat; the player it
    // attacks leaving the game is not among them, so Alice's creatures
    // attacking Bob are still attacking (800.4e deals with their damage).
    assert!(combat.is_attacking(0) && combat.is_attacking(1));
    assert_eq!(combat.next_damage_step(&board), Some(DamageStep::Regular));

    log.clear();
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    // 800.4e: combat damage isn't assigned to a player who left the game:
    // the double striker deals none in the second step, and the trampler,
    // blocked (509.1h) with its blocker gone, has nowhere to assign its
    // damage (510.1c, 702.19e).
    assert_eq!(dealt(&log, 0, Recipient::Player(BOB)), 0);
    assert_eq!(dealt(&log, 1, Recipient::Player(BOB)), 0);
    assert_eq!(board.players[1].life, 0);
    assert_eq!(board.players[0].life, 23);
    // Carol's combat goes on as usual (510.1c, 510.1d).
    assert_eq!(dealt(&log, 2, Recipient::Creature(5)), 2);
    assert_eq!(dealt(&log, 5, Recipient::Creature(2)), 1);
    assert_eq!(combat.next_damage_step(&board), None);
}

#[test]
fn the_game_ends_when_one_player_remains() {
    // 104.2a: once Bob has left, Carol losing leaves Alice alone: she wins.
    let (mut board, mut combat) = three_player_combat();
    board.players[2].life = 1;
    let mut log = DamageLog::default();
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    assert_eq!(board.game_result(), None);
    // Carol's blocker takes the 2/2's damage and Carol none, so an effect
    // finishes her: noncombat damage, then state-based actions.
    deal_damage(
        &mut board,
        None,
        &[DamageAssignment {
            source: 5,
            recipient: Recipient::Player(CAROL),
            amount: 1,
        }],
        &mut log,
    )
    .unwrap();
    combat.check_state_based_actions(&mut board, &mut log);
    assert_eq!(board.game_result(), Some(GameResult::Won(ALICE)));
    // 104.1: no more combat damage steps, nor any other action.
    assert_eq!(combat.next_damage_step(&board), None);
    let error = combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap_err();
    assert_eq!(error, CombatError::GameOver);
    assert_eq!(
        (error.rule(), error.fault_name()),
        (Some("104.1"), Some("game_over"))
    );
}

#[test]
fn players_who_all_lose_at_once_draw() {
    // 104.4a: if all the players remaining in a game lose simultaneously,
    // the game is a draw: a creature deals 2 damage to each player.
    let mut board = Board {
        players: players(&[2, 2, 2]),
        creatures: vec![creature(ALICE, 2, 2, &[]), creature(BOB, 1, 1, &[])],
        planeswalkers: vec![],
    };
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[(0, at(BOB))])
        .unwrap();
    let mut log = DamageLog::default();
    let each = [ALICE, BOB, CAROL].map(|player| DamageAssignment {
        source: 1,
        recipient: Recipient::Player(player),
        amount: 2,
    });
    deal_damage(&mut board, None, &each, &mut log).unwrap();
    combat.check_state_based_actions(&mut board, &mut log);
    assert_eq!(log.losers, [ALICE, BOB, CAROL]);
    assert_eq!(board.game_result(), Some(GameResult::Draw));
    // Nothing more happens: the game is over (104.1).
    assert_eq!(combat.next_damage_step(&board), None);
    assert_eq!(
        combat.declare_blockers(&board, &[]),
        Err(CombatError::GameOver)
    );
    assert_eq!(
        deal_damage(&mut board, None, &each, &mut log),
        Err(CombatError::GameOver)
    );
    log.clear();
    combat.check_state_based_actions(&mut board, &mut log);
    assert_eq!(log, DamageLog::default());
    combat
        .resolve_all_damage_steps(&mut board, &mut log)
        .unwrap();
    assert!(log.steps.is_empty());
}

#[test]
fn a_player_who_left_the_game_cant_be_attacked() {
    // 508.1b: a creature attacks an opponent; a player who left the game
    // (104.5) is no longer in it.
    let mut board = Board {
        players: players(&[20, 0, 20]),
        creatures: vec![creature(ALICE, 2, 2, &[])],
        planeswalkers: vec![],
    };
    board.players[1].has_lost = true;
    let mut combat = Combat::new();
    let error = combat
        .declare_attackers(&mut board, ALICE, &[(0, at(BOB))])
        .unwrap_err();
    assert_eq!(
        error,
        CombatError::IllegalAttack {
            attacker: 0,
            fault: AttackFault::NotAnOpponent
        }
    );
    combat
        .declare_attackers(&mut board, ALICE, &[(0, at(CAROL))])
        .unwrap();
}

#[test]
fn combat_damage_cant_be_assigned_to_a_player_who_left() {
    // 800.4e, as an explicit assignment: a fault naming the rule.
    let (mut board, mut combat) = three_player_combat();
    let mut log = DamageLog::default();
    combat
        .resolve_damage_step(&mut board, &[], &mut log)
        .unwrap();
    let error = combat
        .resolve_damage_step(
            &mut board,
            &[DamageAssignment {
                source: 0,
                recipient: Recipient::Player(BOB),
                amount: 3,
            }],
            &mut log,
        )
        .unwrap_err();
    assert_eq!(
        error,
        CombatError::IllegalAssignment {
            source: 0,
            fault: AssignmentFault::PlayerLeftGame
        }
    );
    assert_eq!(error.rule(), Some("800.4e"));
    // Nor can noncombat damage be dealt to him: he isn't in the game.
    let error = deal_damage(
        &mut board,
        None,
        &[DamageAssignment {
            source: 5,
            recipient: Recipient::Player(BOB),
            amount: 1,
        }],
        &mut log,
    )
    .unwrap_err();
    assert_eq!(error, CombatError::NotInGame { player: BOB });
}

#[test]
fn a_player_who_concedes_leaves_the_game() {
    // 104.3a: a player who concedes leaves the game immediately and loses;
    // 800.4a: their objects leave with them. Carol concedes: her blocker
    // leaves, and the creature it blocked stays blocked (509.1h).
    let (mut board, mut combat) = three_player_combat();
    let mut log = DamageLog::default();
    combat.player_loses(&mut board, CAROL, &mut log).unwrap();
    assert_eq!(log.losers, [CAROL]);
    assert!(!board.creatures[5].on_battlefield);
    assert!(!combat.is_in_combat(5));
    assert!(combat.attack_of(2).is_some_and(|attack| attack.blocked));
    assert_eq!(board.game_result(), None);
    assert_eq!(
        combat.player_loses(&mut board, CAROL, &mut log),
        Err(CombatError::NotInGame { player: CAROL })
    );
    // Then Bob: Alice is the last player in the game and wins (104.2a).
    combat.player_loses(&mut board, BOB, &mut log).unwrap();
    assert_eq!(board.game_result(), Some(GameResult::Won(ALICE)));
    assert_eq!(
        combat.player_loses(&mut board, ALICE, &mut log),
        Err(CombatError::GameOver)
    );
}
