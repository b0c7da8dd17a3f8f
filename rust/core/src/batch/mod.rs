//! Batches: many combats, payment queries or party counts at once, as
//! columns of plain numbers (one row per creature or per query) grouped by
//! offsets arrays, with no object per creature and no allocation per item.
//!
//! Each batch function resolves its items one after the other, with scratch
//! memory the caller keeps ([`CombatScratch`], [`crate::cost::PaymentSolver`]),
//! through the same kernel functions as single calls, so a batch gives
//! exactly the results of the single calls. A caller that wants several
//! threads splits a batch into contiguous ranges of items (see
//! [`Offsets::split`]) and resolves each range on its own thread.
//!
//! Bad input (a ragged column, an offset out of order, a value out of
//! range) is reported as a [`BatchError`] naming the row or item and the
//! column; nothing panics and nothing reads out of bounds.

mod combat;
mod cost;
mod party;
#[cfg(test)]
mod tests;

pub use combat::{
    combat_status, resolve_combats, resolve_combats_through_kernel, CombatColumns, CombatResults,
    CombatScratch, CombatStatus, MAX_COMBAT_ROWS, NO_WINNER,
};
pub use cost::{
    can_pay_batch, PaymentColumns, PAYMENT_FLAG_CONVOKE, PAYMENT_FLAG_DELVE, PAYMENT_FLAG_IMPROVISE,
};
pub use party::{party_sizes, PartyColumns};

use std::fmt;

/// What a [`BatchError`]'s index counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A row of the per-creature (or per-convoker) columns.
    Row,
    /// A combat (an entry of a per-combat column).
    Combat,
    /// A query (an entry of a per-query column).
    Query,
    /// An entry of an offsets array.
    Offset,
}

impl Unit {
    pub const fn name(self) -> &'static str {
        match self {
            Unit::Row => "row",
            Unit::Combat => "combat",
            Unit::Query => "query",
            Unit::Offset => "offset",
        }
    }
}

/// Input that doesn't describe a batch: which row (or item) and which
/// column, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchError {
    pub unit: Unit,
    /// The row or item, counted from 0 over the whole batch; `None` when the
    /// problem is the column as a whole (its length).
    pub index: Option<usize>,
    pub column: &'static str,
    pub problem: String,
}

impl BatchError {
    pub(crate) fn at(
        unit: Unit,
        index: usize,
        column: &'static str,
        problem: impl Into<String>,
    ) -> BatchError {
        BatchError {
            unit,
            index: Some(index),
            column,
            problem: problem.into(),
        }
    }

    pub(crate) fn column(column: &'static str, problem: impl Into<String>) -> BatchError {
        BatchError {
            unit: Unit::Row,
            index: None,
            column,
            problem: problem.into(),
        }
    }

    /// Of two errors from ranges of one batch, the one a sequential run
    /// would have reported first: the lower index of the same kind.
    pub fn first(self, other: BatchError) -> BatchError {
        if other.index < self.index {
            other
        } else {
            self
        }
    }
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.index {
            Some(index) => write!(
                f,
                "{} {index}, column '{}': {}",
                self.unit.name(),
                self.column,
                self.problem
            ),
            None => write!(f, "column '{}': {}", self.column, self.problem),
        }
    }
}

impl std::error::Error for BatchError {}

/// An offsets array: item `i` owns rows `offsets[i]..offsets[i + 1]`.
/// Row numbers are absolute: a range of items taken from a larger batch
/// keeps its offsets, and its row columns start at row `offsets[0]`.
#[derive(Clone, Copy, Debug)]
pub struct Offsets<'a> {
    pub offsets: &'a [u32],
    /// The name of the offsets column, for errors.
    pub column: &'static str,
}

impl<'a> Offsets<'a> {
    /// How many items the offsets describe.
    pub fn items(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// The first row, and how many rows the items own, after checking that
    /// the offsets never decrease (every offset is checked, so a caller may
    /// then index rows without further checks).
    pub fn check(&self, first_item: usize) -> Result<(usize, usize), BatchError> {
        let Some((&first, rest)) = self.offsets.split_first() else {
            return Err(BatchError::column(
                self.column,
                "an offsets array has one entry more than there are items: at least [0]",
            ));
        };
        let mut previous = first;
        for (index, &offset) in rest.iter().enumerate() {
            if offset < previous {
                return Err(BatchError::at(
                    Unit::Offset,
                    first_item + index + 1,
                    self.column,
                    format!("offsets must not decrease: {offset} after {previous}"),
                ));
            }
            previous = offset;
        }
        Ok((first as usize, (previous - first) as usize))
    }

    /// Splits the items into contiguous ranges of about `rows` rows (and at
    /// least one item) each, for threads. Returns the item boundaries.
    pub fn split(&self, rows: usize) -> Vec<usize> {
        let items = self.items();
        let mut bounds = vec![0];
        let rows = rows.max(1) as u64;
        let mut start = 0;
        while start < items {
            let target = u64::from(self.offsets[start]) + rows;
            // The first item whose end reaches the target, at least one item.
            let mut end = start + 1;
            let (mut lo, mut hi) = (end, items);
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if u64::from(self.offsets[mid]) < target {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            end = end.max(lo).min(items);
            bounds.push(end);
            start = end;
        }
        bounds
    }
}

/// The length a column must have.
pub(crate) fn check_len(
    column: &'static str,
    len: usize,
    expected: usize,
    what: &str,
) -> Result<(), BatchError> {
    if len == expected {
        Ok(())
    } else {
        Err(BatchError::column(
            column,
            format!("has {len} entries; expected {expected} ({what})"),
        ))
    }
}
