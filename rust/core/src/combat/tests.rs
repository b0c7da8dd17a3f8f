//! Unit tests of the combat kernel. Each expected value comes from the
//! Comprehensive Rules or an official ruling, cited beside it.

use super::*;
use crate::board::{Creature, Player, Recipient};
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
