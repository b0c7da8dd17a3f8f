//! The total cost of a spell (601.2f): the mana cost or an alternative cost,
//! plus additional costs and cost increases, minus cost reductions (118.7),
//! with X fixed (107.3a) and affinity (702.41).
//!
//! # Reductions and the announcement of hybrid and Phyrexian halves
//!
//! The player announces how they will pay hybrid and Phyrexian symbols
//! (601.2b) *before* the total cost is determined (601.2f), so a reduction
//! sees the announced cost: a `{W}` reduction reduces a `{W/U}` the player
//! announced as `{W}`, and reduces generic mana if nothing was announced as
//! white (118.7b, 118.7c). The kernel keeps hybrid and Phyrexian symbols in
//! the total cost and settles every reduction whose best use doesn't depend
//! on the announcement:
//!
//! 1. A colored (or colorless) reduction reduces symbols of exactly its
//!    type first (118.7c, 118.7d).
//! 2. What is left of it goes to generic mana when the cost has no symbol
//!    with a half of that type (118.7b, 118.7c), and to the symbols with
//!    such a half when they are all of one kind and none is Phyrexian
//!    (the player announces that half; removing such a symbol is never worse
//!    than removing one generic mana).
//! 3. A generic reduction (and affinity, 702.41a) reduces the generic mana
//!    (118.7a). Once that is gone, it reduces `{2/C}` symbols announced as
//!    `{2}` when they are all of one colour: two of it remove one symbol,
//!    one left over turns one symbol into `{1}`. With no such symbols
//!    what is left does nothing: a cost can't go below `{0}` (601.2f).
//!
//! These steps are repeated until none applies. They are exact: each one
//! can be made in some best payment (an exchange argument: the resource
//! that paid the symbol in any payment can pay the generic mana instead).
//! Any reduction left is *pending*: it is kept in the [`TotalCost`] and the
//! payment search treats it as one more resource that pays a symbol it may
//! reduce under some announcement (a half of its type, or generic mana).
//! This happens only when the choice matters, for example `{W}` against
//! `{W/U}{W/B}`, or `{B}` against `{1}{B/P}` (announcing 2 life lets the
//! reduction take the `{1}` instead).
//!
//! Reductions by hybrid symbols (118.7e) need the player's choice of half
//! and are refused: pass the chosen half. A reduction by a Phyrexian symbol
//! is a reduction by its colour (118.7f), by `{S}` a generic one (118.7g).

use std::fmt;

use super::error::CostError;
use super::mana_cost::{checked_x, ManaCost};
use super::symbol::{Color, ManaType, Symbol, PAIRS};

/// An amount of mana a cost is reduced by (601.2f, 118.7): generic mana and
/// mana of each type (colours, then colorless, indexed by
/// [`ManaType::index`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Reduction {
    pub generic: u32,
    pub mana: [u32; 6],
}

impl Reduction {
    pub const NONE: Reduction = Reduction {
        generic: 0,
        mana: [0; 6],
    };

    /// "Costs {n} less".
    pub const fn generic(amount: u32) -> Reduction {
        Reduction {
            generic: amount,
            mana: [0; 6],
        }
    }

    /// The reduction written as mana symbols, e.g. `{2}{W}` (118.7a–d, f,
    /// g). Hybrid symbols and `{X}` are refused (118.7e).
    pub fn from_cost(cost: &ManaCost) -> Result<Reduction, CostError> {
        let mut reduction = Reduction::NONE;
        for (symbol, count) in cost.symbols() {
            let slot = match symbol {
                // 118.7g
                Symbol::Generic | Symbol::Snow => &mut reduction.generic,
                // 118.7f
                Symbol::Colored(c) | Symbol::Phyrexian(c) => &mut reduction.mana[c.index()],
                Symbol::Colorless => &mut reduction.mana[ManaType::Colorless.index()],
                Symbol::X
                | Symbol::Hybrid(..)
                | Symbol::TwoHybrid(_)
                | Symbol::ColorlessHybrid(_)
                | Symbol::HybridPhyrexian(..) => {
                    return Err(CostError::UnsupportedReduction { symbol })
                }
            };
            *slot = slot.checked_add(count).ok_or(CostError::Overflow {
                what: "a cost reduction",
            })?;
        }
        Ok(reduction)
    }

    /// Parses a reduction written as mana symbols (see [`Reduction::from_cost`]).
    pub fn parse(text: &str) -> Result<Reduction, CostError> {
        Reduction::from_cost(&ManaCost::parse(text)?)
    }

    pub fn is_zero(&self) -> bool {
        self.generic == 0 && self.mana.iter().all(|&n| n == 0)
    }

    /// Both reductions.
    pub fn plus(&self, other: &Reduction) -> Result<Reduction, CostError> {
        let overflow = CostError::Overflow {
            what: "a cost reduction",
        };
        let mut sum = *self;
        sum.generic = sum.generic.checked_add(other.generic).ok_or(overflow)?;
        for (mine, &theirs) in sum.mana.iter_mut().zip(other.mana.iter()) {
            *mine = mine.checked_add(theirs).ok_or(overflow)?;
        }
        Ok(sum)
    }

    /// The reduction as a cost, for printing.
    pub fn as_cost(&self) -> ManaCost {
        let mut cost = ManaCost::ZERO;
        let counts = cost.counts_mut();
        counts[Symbol::Generic.index()] = self.generic;
        for color in Color::ALL {
            counts[Symbol::Colored(color).index()] = self.mana[color.index()];
        }
        counts[Symbol::Colorless.index()] = self.mana[ManaType::Colorless.index()];
        cost
    }
}

impl fmt::Display for Reduction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_cost().fmt(f)
    }
}

/// Everything besides the mana cost that goes into the total cost (601.2f).
#[derive(Clone, Copy, Debug, Default)]
pub struct CostModifiers<'a> {
    /// The value announced for X (601.2b), used for every `{X}` in the mana
    /// or alternative cost and in additional costs and increases (107.3a).
    pub x: i64,
    /// An alternative cost paid instead of the mana cost (118.9).
    pub alternative: Option<ManaCost>,
    /// Additional costs, such as kicker (118.8). Only their mana counts.
    pub additional: &'a [ManaCost],
    /// Cost increases ("costs {1} more"). Like additional costs, they are
    /// applied before any reduction.
    pub increases: &'a [ManaCost],
    /// Cost reductions; every one applies (601.2f).
    pub reductions: &'a [Reduction],
    /// One entry per instance of affinity (702.41b): how many of the quality
    /// the caster controls. Each reduces generic mana by that much (702.41a).
    pub affinity: &'a [u32],
}

/// The locked-in total cost of a spell (601.2f), ready to be paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TotalCost {
    cost: ManaCost,
    pending: Reduction,
}

impl TotalCost {
    /// The total cost of a spell with this mana cost and nothing else (X is
    /// 0).
    pub fn of(cost: &ManaCost) -> Result<TotalCost, CostError> {
        total_cost(cost, &CostModifiers::default())
    }

    /// The symbols to pay, with X already turned into generic mana. It is
    /// [`ManaCost::NONE`] when the total cost is unpayable.
    pub fn cost(&self) -> &ManaCost {
        &self.cost
    }

    /// The reductions whose target depends on how the hybrid and Phyrexian
    /// symbols are announced (see the module documentation).
    pub fn pending(&self) -> &Reduction {
        &self.pending
    }

    /// Nothing can pay it: the spell has no mana cost and no alternative
    /// cost applies (118.6, 118.6a).
    pub fn is_unpayable(&self) -> bool {
        self.cost.is_none()
    }

    /// Every reduction has been applied to a symbol.
    pub fn is_settled(&self) -> bool {
        self.pending.is_zero()
    }
}

impl TotalCost {
    /// The length of its text (`to_string`) in bytes, without printing it.
    pub fn printed_len(&self) -> u64 {
        if self.is_unpayable() {
            return "unpayable".len() as u64;
        }
        let pending = if self.pending.is_zero() {
            0
        } else {
            " less ".len() as u64 + self.pending.as_cost().printed_len()
        };
        self.cost.printed_len() + pending
    }
}

impl fmt::Display for TotalCost {
    /// The cost, followed by `less {..}` for pending reductions;
    /// `unpayable` for an unpayable cost.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_unpayable() {
            return f.write_str("unpayable");
        }
        write!(f, "{}", self.cost)?;
        if !self.pending.is_zero() {
            write!(f, " less {}", self.pending)?;
        }
        Ok(())
    }
}

/// Determines the total cost (601.2f): the mana cost, or the alternative
/// cost, with X fixed (107.3a), plus additional costs and increases, minus
/// every reduction and affinity (702.41), never below `{0}`. A spell with no
/// mana cost and no alternative cost has an unpayable total cost (118.6a).
pub fn total_cost(
    mana_cost: &ManaCost,
    modifiers: &CostModifiers<'_>,
) -> Result<TotalCost, CostError> {
    let x = checked_x(modifiers.x)?;
    let base = modifiers.alternative.unwrap_or(*mana_cost);
    let mut credit = Reduction::NONE;
    for reduction in modifiers.reductions {
        credit = credit.plus(reduction)?;
    }
    for &count in modifiers.affinity {
        // 702.41a, 702.41b: each instance applies.
        credit = credit.plus(&Reduction::generic(count))?;
    }
    if base.is_none() {
        // 118.6, 118.6a: increases and additional costs leave it unpayable.
        return Ok(TotalCost {
            cost: ManaCost::NONE,
            pending: Reduction::NONE,
        });
    }
    let mut cost = base;
    for extra in modifiers.additional.iter().chain(modifiers.increases) {
        cost = cost.plus(extra)?;
    }
    // 107.3a: every X has the announced value.
    let counts = cost.counts_mut();
    let xs = std::mem::take(&mut counts[Symbol::X.index()]);
    let generic = &mut counts[Symbol::Generic.index()];
    *generic = xs
        .checked_mul(x)
        .and_then(|xs| xs.checked_add(*generic))
        .ok_or(CostError::Overflow {
            what: "the generic mana of the total cost",
        })?;
    settle(&mut cost, &mut credit);
    Ok(TotalCost {
        cost,
        pending: credit,
    })
}

/// The kinds of symbol with a half of colour `color` that isn't the plain
/// colored symbol (107.4e, 107.4f).
fn color_halves(color: Color) -> impl Iterator<Item = Symbol> {
    let pairs = PAIRS
        .iter()
        .filter(move |&&(a, b)| a == color || b == color);
    pairs
        .clone()
        .map(|&(a, b)| Symbol::Hybrid(a, b))
        .chain([
            Symbol::TwoHybrid(color),
            Symbol::ColorlessHybrid(color),
            Symbol::Phyrexian(color),
        ])
        .chain(pairs.map(|&(a, b)| Symbol::HybridPhyrexian(a, b)))
}

/// The one kind among `kinds` present in `cost`, if exactly one is; and
/// whether any is present.
fn single_kind(cost: &ManaCost, kinds: impl Iterator<Item = Symbol>) -> (Option<Symbol>, bool) {
    let mut found = None;
    let mut several = false;
    for kind in kinds.filter(|&kind| cost.count(kind) > 0) {
        if found.is_some() {
            several = true;
        }
        found = Some(kind);
    }
    if several {
        (None, true)
    } else {
        (found, found.is_some())
    }
}

/// Applies `credit` of one type to `cost` as far as it can be applied
/// without knowing the announcement. `own` is the symbol of exactly that
/// type, `halves` the kinds with a half of it. Returns whether anything
/// changed.
fn settle_typed(
    cost: &mut ManaCost,
    credit: &mut u32,
    generic_credit: &mut u32,
    own: Symbol,
    halves: impl Iterator<Item = Symbol>,
) -> bool {
    if *credit == 0 {
        return false;
    }
    let counts = cost.counts_mut();
    // 118.7c, 118.7d: symbols of its own type first.
    let own_count = &mut counts[own.index()];
    if *own_count > 0 {
        let used = (*credit).min(*own_count);
        *own_count -= used;
        *credit -= used;
        return true;
    }
    match single_kind(cost, halves) {
        // 118.7b: nothing of that type to reduce, so generic mana.
        (None, false) => {
            *generic_credit = generic_credit.saturating_add(std::mem::take(credit));
            true
        }
        // One kind, announced as that type and reduced.
        (Some(kind), _) if !kind.is_phyrexian() => {
            let count = &mut cost.counts_mut()[kind.index()];
            let used = (*credit).min(*count);
            *count -= used;
            *credit -= used;
            true
        }
        _ => false,
    }
}

/// Applies generic reductions (118.7a); see the module documentation.
fn settle_generic(cost: &mut ManaCost, credit: &mut u32) -> bool {
    if *credit == 0 {
        return false;
    }
    let generic = &mut cost.counts_mut()[Symbol::Generic.index()];
    if *generic > 0 {
        let used = (*credit).min(*generic);
        *generic -= used;
        *credit -= used;
        return true;
    }
    match single_kind(cost, Color::ALL.into_iter().map(Symbol::TwoHybrid)) {
        // 601.2f: it can't be reduced to less than {0}.
        (None, false) => {
            *credit = 0;
            true
        }
        (Some(kind), _) => {
            let counts = cost.counts_mut();
            let removed = (*credit / 2).min(counts[kind.index()]);
            counts[kind.index()] -= removed;
            *credit -= 2 * removed;
            if *credit == 1 && counts[kind.index()] > 0 {
                // {2/C} announced as {2}, reduced by one: {1}.
                counts[kind.index()] -= 1;
                counts[Symbol::Generic.index()] += 1;
                *credit = 0;
            }
            true
        }
        (None, true) => false,
    }
}

/// Applies every reduction that doesn't depend on the announcement, until
/// none applies; what is left of `credit` is pending.
fn settle(cost: &mut ManaCost, credit: &mut Reduction) {
    loop {
        let mut changed = false;
        for color in Color::ALL {
            changed |= settle_typed(
                cost,
                &mut credit.mana[color.index()],
                &mut credit.generic,
                Symbol::Colored(color),
                color_halves(color),
            );
        }
        changed |= settle_typed(
            cost,
            &mut credit.mana[ManaType::Colorless.index()],
            &mut credit.generic,
            Symbol::Colorless,
            Color::ALL.into_iter().map(Symbol::ColorlessHybrid),
        );
        changed |= settle_generic(cost, &mut credit.generic);
        if !changed {
            break;
        }
    }
}
