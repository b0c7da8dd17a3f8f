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
