//! The cost kernel: mana costs as printed (107.3, 107.4, 202), mana value
//! (202.3, 709.4), the total cost of a spell (601.2f, 118.7, 702.41) and
//! paying it (601.2g–h, 107.4e–h, 702.51, 702.66, 702.126).
//!
//! # Model
//!
//! - A [`ManaCost`] counts its symbols by kind (a `Copy` array, no
//!   allocation). `""` is *no mana cost* (202.1b), which is unpayable (118.6)
//!   and has mana value 0 (202.3a); `"{0}"` is a cost of zero mana (107.4d).
//!   Printing puts the symbols in one canonical order (see [`Symbol::ALL`]),
//!   so `parse(print(c)) == c` for every cost.
//! - [`total_cost`] fixes X (107.3a), starts from the mana cost or an
//!   alternative cost, adds additional costs and increases, then applies
//!   every reduction (601.2f), never below zero.
//! - Hybrid and Phyrexian symbols stay in the total cost: the player's
//!   announcement of how to pay them (601.2b) is part of the payment search.
//!   A reduction whose effect depends on that announcement (118.7b–e) is
//!   kept as a *pending* reduction of the [`TotalCost`] and becomes one more
//!   way to pay (see `total.rs` for the exact rules and why it is exact).
//! - [`PaymentSolver`] decides whether a total cost can be paid from a mana
//!   pool (with snow mana counted per type), life (Phyrexian mana), creatures
//!   for convoke (counted per colour set), artifacts for improvise and cards
//!   for delve. It is exact: a maximum flow over resource classes and
//!   requirement classes, with `{2/C}` symbols enumerated.

mod error;
mod flow;
mod mana_cost;
mod payment;
mod symbol;
mod total;

#[cfg(test)]
mod tests;

pub use error::{CostError, PaymentFault};
pub use mana_cost::{split_mana_value, ManaCost, SplitCast};
pub use payment::{
    find_payment, verify_payment, ManaPool, PaidAs, Payment, PaymentPart, PaymentSearch,
    PaymentSolver, PreparedCost, Requirement, Resources, Shortfall, Source,
};
pub use symbol::{Color, Colors, ManaType, Symbol};
pub use total::{total_cost, CostModifiers, Reduction, TotalCost};
