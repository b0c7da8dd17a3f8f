//! Pure-Rust kernels for the Magic: The Gathering Comprehensive Rules
//! (effective 2026-01-16): combat damage, costs and payment, mana value and
//! party size, as functions over plain data.
//!
//! This crate has no Python dependency; `mtgjudge-py` binds it for Python.

pub mod batch;
pub mod board;
pub mod combat;
pub mod cost;
pub mod damage;
pub mod keywords;
pub mod party;

pub use board::{
    Board, Creature, CreatureId, GameResult, Planeswalker, PlaneswalkerId, Player, PlayerId,
    Recipient,
};
pub use combat::{
    Attack, AttackTarget, Block, Combat, CombatError, DamageAssignment, DamageLog, DamageStep,
};
pub use keywords::{Keyword, Keywords};
pub use party::{party_size, PartyTypes};
