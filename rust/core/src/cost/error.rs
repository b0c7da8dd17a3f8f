//! Why a cost can't be read, computed or paid as asked, each with the rule
//! it relies on.

use std::fmt;

use super::payment::{Requirement, Source};
use super::symbol::Symbol;

/// Why an explicit payment doesn't pay a total cost (601.2h).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaymentFault {
    /// The spell has no mana cost and no alternative cost (118.6).
    Unpayable,
    /// The source can't pay that symbol that way.
    CantPay { source: Source, symbol: Symbol },
    /// A creature, artifact or graveyard card was used but the spell lacks
    /// convoke, improvise or delve.
    MissingAbility { source: Source },
    /// More of a resource was used than there is (118.3; life: 119.4).
    NotEnough { source: Source },
    /// A requirement was paid too little or too much (601.2h); `{2/C}` paid
    /// as generic must get an even number of generic mana.
    WrongAmount { requirement: Requirement },
    /// A pending reduction was left unused although it could reduce a part
    /// of the cost that was paid with resources (601.2f).
    ReductionUnused { source: Source },
    /// A colored or colorless reduction reduced generic mana while a
    /// requirement of its own type was paid with resources (118.7c, 118.7d).
    ReductionOrder { source: Source },
    /// The payment names `{X}`, or an impossible symbol: the total cost has
    /// none (601.2f fixes X first).
    UnknownSymbol { symbol: Symbol },
}

impl PaymentFault {
    /// A stable snake-case name for the fault.
    pub const fn name(&self) -> &'static str {
        match self {
            PaymentFault::Unpayable => "unpayable",
            PaymentFault::CantPay { .. } => "cant_pay_symbol",
            PaymentFault::MissingAbility { source } => match source {
                Source::Creature(_) => "no_convoke",
                Source::Artifact => "no_improvise",
                _ => "no_delve",
            },
            PaymentFault::NotEnough { source } => match source {
                Source::Mana { .. } => "not_enough_mana",
                Source::Creature(_) => "not_enough_creatures",
                Source::Artifact => "not_enough_artifacts",
                Source::GraveyardCard => "not_enough_cards",
                Source::Life => "not_enough_life",
                Source::Reduction(_) => "not_enough_reduction",
            },
            PaymentFault::WrongAmount { .. } => "wrong_amount",
            PaymentFault::ReductionUnused { .. } => "reduction_unused",
            PaymentFault::ReductionOrder { .. } => "reduction_order",
            PaymentFault::UnknownSymbol { .. } => "unknown_symbol",
        }
    }

    pub const fn rule(&self) -> &'static str {
        match self {
            PaymentFault::Unpayable => "118.6",
            PaymentFault::CantPay { source, symbol } => match (source, symbol) {
                (Source::Mana { .. }, Symbol::Snow) => "107.4h",
                (Source::Mana { .. }, Symbol::Colorless) => "107.4c",
                (Source::Mana { .. }, _) => "202.1a",
                (Source::Creature(_), _) => "702.51a",
                (Source::Artifact, _) => "702.126a",
                (Source::GraveyardCard, _) => "702.66a",
                (Source::Life, _) => "107.4f",
                (Source::Reduction(_), _) => "118.7",
            },
            PaymentFault::MissingAbility { source } => match source {
                Source::Creature(_) => "702.51a",
                Source::Artifact => "702.126a",
                _ => "702.66a",
            },
            PaymentFault::NotEnough { source } => match source {
                Source::Life => "119.4",
                _ => "118.3",
            },
            PaymentFault::WrongAmount { .. } => "601.2h",
            PaymentFault::ReductionUnused { .. } => "601.2f",
            PaymentFault::ReductionOrder { .. } => "118.7c",
            PaymentFault::UnknownSymbol { .. } => "601.2f",
        }
    }
}

impl fmt::Display for PaymentFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PaymentFault::Unpayable => f.write_str("a spell with no mana cost can't be paid for"),
            PaymentFault::CantPay { source, symbol } => {
                write!(f, "{source} can't pay {symbol} that way")
            }
            PaymentFault::MissingAbility { source } => {
                let ability = match source {
                    Source::Creature(_) => "convoke",
                    Source::Artifact => "improvise",
                    _ => "delve",
                };
                write!(f, "{source} can pay only for a spell with {ability}")
            }
            PaymentFault::NotEnough { source } => {
                write!(f, "the payment uses more {source} than is available")
            }
            PaymentFault::WrongAmount { requirement } => {
                write!(f, "{requirement} is not paid exactly")
            }
            PaymentFault::ReductionUnused { source } => write!(
                f,
                "{source} is left unused although it reduces a part of the cost paid with resources"
            ),
            PaymentFault::ReductionOrder { source } => write!(
                f,
                "{source} reduces generic mana while mana of its own type is paid with resources"
            ),
            PaymentFault::UnknownSymbol { symbol } => {
                write!(f, "the total cost has no {symbol} to pay")
            }
        }
    }
}

/// An error of the cost kernel: input it can't work on, or an illegal
/// payment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CostError {
    /// The text is not a mana cost as printed (107.4). `offset` counts
    /// characters from the start; `expected` says what could come there.
    ManaCostSyntax {
        offset: usize,
        expected: &'static str,
    },
    /// X can't be negative (107.1b, 107.3a).
    NegativeX { x: i64 },
    /// A number doesn't fit the kernel's counters (2^32 - 1 of each kind).
    Overflow { what: &'static str },
    /// A reduction by this symbol needs a choice the kernel doesn't make:
    /// a hybrid symbol's half is chosen by the player (118.7e), and `{X}` in
    /// a reduction needs a number.
    UnsupportedReduction { symbol: Symbol },
    /// Input that describes no game state, e.g. more snow mana of a type
    /// than mana of that type.
    InvalidInput { what: &'static str },
    /// The search would be too large: more than 4096 ways to split the
    /// `{2/C}` symbols between colored and generic payment, or an
    /// enumeration that rejects too many candidates.
    TooComplex { what: &'static str },
    /// The payment doesn't pay the total cost.
    IllegalPayment { fault: PaymentFault },
}

impl CostError {
    /// The fault's stable name, for illegal payments.
    pub const fn fault_name(&self) -> Option<&'static str> {
        match self {
            CostError::IllegalPayment { fault } => Some(fault.name()),
            _ => None,
        }
    }

    /// The rule the input or payment breaks, where there is one.
    pub const fn rule(&self) -> Option<&'static str> {
        match self {
            CostError::ManaCostSyntax { .. } => Some("107.4"),
            CostError::NegativeX { .. } => Some("107.1b"),
            CostError::UnsupportedReduction { .. } => Some("118.7e"),
            CostError::IllegalPayment { fault } => Some(fault.rule()),
            CostError::Overflow { .. }
            | CostError::InvalidInput { .. }
            | CostError::TooComplex { .. } => None,
        }
    }
}

impl fmt::Display for CostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CostError::ManaCostSyntax { offset, expected } => write!(
                f,
                "malformed mana cost at character {offset}: expected {expected}"
            ),
            CostError::NegativeX { x } => write!(f, "X can't be negative (X = {x})"),
            CostError::Overflow { what } => write!(f, "{what} is too large"),
            CostError::UnsupportedReduction { symbol } => match symbol {
                Symbol::X => f.write_str("a cost reduction needs a number in place of {X}"),
                _ => write!(
                    f,
                    "a cost reduction by {symbol} needs the half the player chooses (118.7e): pass that half instead"
                ),
            },
            CostError::InvalidInput { what } => f.write_str(what),
            CostError::TooComplex { what } => write!(f, "too complex: {what}"),
            CostError::IllegalPayment { fault } => {
                write!(f, "illegal payment: {fault} ({})", fault.rule())
            }
        }
    }
}

impl std::error::Error for CostError {}
