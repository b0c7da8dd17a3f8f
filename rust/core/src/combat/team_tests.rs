//! Unit tests of Two-Headed Giant combat (805.10, 810): a team's shared
//! life total and poison counters, one combined attack and block, and
//! losing as a team. Each expected value comes from the rules cited beside
//! it.

use super::*;
use crate::board::{Creature, GameResult, Player};
use crate::damage::DamageLog;
use crate::keywords::Keyword;

// Alice and Andy are one team, Bob and Beth the other.
const ALICE: PlayerId = 0;
const ANDY: PlayerId = 1;
const BOB: PlayerId = 2;
const BETH: PlayerId = 3;

fn two_headed_giant(life: i32) -> Vec<Player> {
    [0, 0, 1, 1]
        .iter()
        .map(|&team| Player {
            team: Some(team),
            ..Player::with_life(life)
        })
        .collect()
}

fn creature(controller: PlayerId, power: i32, toughness: i32, keywords: &[Keyword]) -> Creature {
    keywords
        .iter()
        .fold(Creature::new(controller, power, toughness), |c, k| {
            c.with_keyword(*k)
        })
}

fn at(player: PlayerId) -> AttackTarget {
    AttackTarget::Player(player)
}

fn lives(board: &Board) -> Vec<i32> {
    board.players.iter().map(|player| player.life).collect()
}

fn resolve(combat: &mut Combat, board: &mut Board) -> DamageLog {
    let mut log = DamageLog::default();
    combat.resolve_all_damage_steps(board, &mut log).unwrap();
    log
}

#[test]
fn both_players_of_the_active_team_attack_in_one_declaration() {
    // 805.10a, 805.10b: each player on the active team is an attacking
    // player; their creatures attack the other team's players together.
    // Damage happens to each player, and the result is applied to the
    // team's shared total (810.9): 30 - 3 - 2 = 25 for Bob and Beth.
    let mut board = Board {
        players: two_headed_giant(30),
        creatures: vec![creature(ALICE, 3, 3, &[]), creature(ANDY, 2, 2, &[])],
        planeswalkers: vec![],
    };
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[(0, at(BOB)), (1, at(BETH))])
        .unwrap();
    combat.declare_blockers(&board, &[]).unwrap();
    resolve(&mut combat, &mut board);
    assert_eq!(lives(&board), [30, 30, 25, 25]);
}

#[test]
fn a_team_attacks_neither_of_its_own_players() {
    // 508.1b, 805.10a: a teammate is no opponent to attack.
    let mut board = Board {
        players: two_headed_giant(30),
        creatures: vec![creature(ALICE, 3, 3, &[])],
        planeswalkers: vec![],
    };
    let error = Combat::new()
        .declare_attackers(&mut board, ALICE, &[(0, at(ANDY))])
        .unwrap_err();
    assert!(matches!(
        error,
        CombatError::IllegalAttack {
            fault: AttackFault::NotAnOpponent,
            ..
        }
    ));
}

#[test]
fn the_nonactive_team_s_creatures_cant_attack() {
    // 805.10a: only the active team attacks.
    let mut board = Board {
        players: two_headed_giant(30),
        creatures: vec![creature(BOB, 3, 3, &[])],
        planeswalkers: vec![],
    };
    let error = Combat::new()
        .declare_attackers(&mut board, ALICE, &[(0, at(BETH))])
        .unwrap_err();
    assert!(matches!(
        error,
        CombatError::IllegalAttack {
            fault: AttackFault::NotControlledByActivePlayer,
            ..
        }
    ));
}

#[test]
fn a_defending_player_blocks_a_creature_attacking_their_teammate() {
    // 805.10d: Beth's creature blocks the creature attacking Bob, and one
    // creature attacking Bob is blocked while the other hits Beth.
    let mut board = Board {
        players: two_headed_giant(30),
        creatures: vec![
            creature(ALICE, 3, 3, &[]),
            creature(ANDY, 4, 4, &[]),
            creature(BETH, 1, 5, &[]),
        ],
        planeswalkers: vec![],
    };
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[(0, at(BOB)), (1, at(BETH))])
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
    resolve(&mut combat, &mut board);
    assert_eq!(lives(&board), [30, 30, 26, 26]);
    assert_eq!(board.creatures[2].damage, 3);
}

#[test]
fn the_attacking_team_can_t_block_its_own_attackers() {
    // 805.10d: only the defending team's creatures block.
    let mut board = Board {
        players: two_headed_giant(30),
        creatures: vec![creature(ALICE, 3, 3, &[]), creature(ANDY, 1, 5, &[])],
        planeswalkers: vec![],
    };
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[(0, at(BOB))])
        .unwrap();
    let error = combat
        .declare_blockers(
            &board,
            &[Block {
                blocker: 1,
                attacker: 0,
            }],
        )
        .unwrap_err();
    assert!(matches!(
        error,
        CombatError::IllegalBlock {
            fault: BlockFault::NotDefending,
            ..
        }
    ));
}

#[test]
fn lifelink_gains_for_its_controller_and_the_team_total_shows_it() {
    // 810.9: Andy gains the life, the team's total goes up by it; the
    // gain is Andy's own event (the log names Andy, not Alice).
    let mut board = Board {
        players: two_headed_giant(30),
        creatures: vec![creature(ANDY, 5, 5, &[Keyword::Lifelink])],
        planeswalkers: vec![],
    };
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[(0, at(BOB))])
        .unwrap();
    combat.declare_blockers(&board, &[]).unwrap();
    let log = resolve(&mut combat, &mut board);
    assert_eq!(lives(&board), [35, 35, 25, 25]);
    assert_eq!(
        log.life_gains
            .iter()
            .map(|gain| (gain.player, gain.amount))
            .collect::<Vec<_>>(),
        [(ANDY, 5)]
    );
}

#[test]
fn a_team_at_zero_life_loses_though_neither_player_took_it_all() {
    // 704.6a, 810.8c: the team has 4 life; 2 damage to each player takes
    // the shared total to 0, and the whole team loses (810.8a); the other
    // team wins (104.2a).
    let mut board = Board {
        players: two_headed_giant(4),
        creatures: vec![creature(ALICE, 2, 2, &[]), creature(ANDY, 2, 2, &[])],
        planeswalkers: vec![],
    };
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[(0, at(BOB)), (1, at(BETH))])
        .unwrap();
    combat.declare_blockers(&board, &[]).unwrap();
    let log = resolve(&mut combat, &mut board);
    assert_eq!(lives(&board), [4, 4, 0, 0]);
    let mut losers = log.losers.clone();
    losers.sort_unstable();
    assert_eq!(losers, [BOB, BETH]);
    assert!(matches!(
        board.game_result(),
        Some(GameResult::Won(ALICE | ANDY))
    ));
}

#[test]
fn a_team_loses_at_fifteen_poison_counters_not_ten() {
    // 704.6b, 810.10: infect gives each player poison counters, shared by
    // the team. 4 + 6 = 10 doesn't lose (704.5c is for ten, a team needs
    // fifteen); 5 more makes 15, and the team loses.
    let mut board = Board {
        players: two_headed_giant(30),
        creatures: vec![
            creature(ALICE, 6, 6, &[Keyword::Infect]),
            creature(ANDY, 5, 5, &[Keyword::Infect]),
        ],
        planeswalkers: vec![],
    };
    board.add_poison(BOB, 4);
    assert_eq!(board.players[usize::from(BETH)].poison, 4);
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[(0, at(BOB))])
        .unwrap();
    combat.declare_blockers(&board, &[]).unwrap();
    let log = resolve(&mut combat, &mut board);
    assert_eq!(board.players[usize::from(BETH)].poison, 10);
    assert!(log.losers.is_empty());

    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[(1, at(BETH))])
        .unwrap();
    combat.declare_blockers(&board, &[]).unwrap();
    let log = resolve(&mut combat, &mut board);
    assert_eq!(board.players[usize::from(BOB)].poison, 15);
    assert_eq!(log.losers.len(), 2);
}

#[test]
fn a_bigger_team_needs_five_more_poison_counters_for_each_extra_player() {
    // 810.11: a team of three loses at twenty poison counters.
    let board = Board {
        players: [0, 0, 0, 1, 1, 1]
            .iter()
            .map(|&team| Player {
                team: Some(team),
                ..Player::with_life(45)
            })
            .collect(),
        creatures: vec![],
        planeswalkers: vec![],
    };
    assert_eq!(board.poison_to_lose(0), 20);
    assert_eq!(Board::default().poison_to_lose(0), 10);
}

#[test]
fn a_player_who_loses_takes_their_team_out_of_the_game() {
    // 810.8a: Andy concedes or an effect makes him lose; Alice loses with
    // him, and the other team wins.
    let mut board = Board {
        players: two_headed_giant(30),
        creatures: vec![],
        planeswalkers: vec![],
    };
    let mut log = DamageLog::default();
    Combat::new()
        .player_loses(&mut board, ANDY, &mut log)
        .unwrap();
    assert_eq!(log.losers, [ANDY, ALICE]);
    assert!(matches!(
        board.game_result(),
        Some(GameResult::Won(BOB | BETH))
    ));
}

#[test]
fn a_teammate_who_cant_lose_life_keeps_the_team_from_losing_any() {
    // 810.9h: Bob can't lose life, so no player on his team can: damage
    // dealt to Beth is dealt but the team's total stays (119.8).
    let mut players = two_headed_giant(30);
    players[usize::from(BOB)].can_lose_life = false;
    let mut board = Board {
        players,
        creatures: vec![creature(ALICE, 3, 3, &[])],
        planeswalkers: vec![],
    };
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[(0, at(BETH))])
        .unwrap();
    combat.declare_blockers(&board, &[]).unwrap();
    let log = resolve(&mut combat, &mut board);
    assert_eq!(log.damage.len(), 1);
    assert_eq!(lives(&board), [30, 30, 30, 30]);
}

#[test]
fn a_teammate_who_cant_gain_life_keeps_lifelink_from_gaining() {
    // 810.9g: Alice can't gain life, so Andy's lifelink gains nothing.
    let mut players = two_headed_giant(30);
    players[usize::from(ALICE)].can_gain_life = false;
    let mut board = Board {
        players,
        creatures: vec![creature(ANDY, 2, 2, &[Keyword::Lifelink])],
        planeswalkers: vec![],
    };
    let mut combat = Combat::new();
    combat
        .declare_attackers(&mut board, ALICE, &[(0, at(BOB))])
        .unwrap();
    combat.declare_blockers(&board, &[]).unwrap();
    let log = resolve(&mut combat, &mut board);
    assert!(log.life_gains.is_empty());
    assert_eq!(lives(&board), [30, 30, 28, 28]);
}
