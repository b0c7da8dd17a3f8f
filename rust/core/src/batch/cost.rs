//! A batch of castability queries: can this total cost be paid with these
//! resources? Each query is answered by [`PaymentSolver::can_pay`].
//!
//! # Columns
//!
//! | column | per | type | meaning |
//! | --- | --- | --- | --- |
//! | `costs` | table | [`PreparedCost`] | the distinct total costs the queries name |
//! | `cost` | query | `u32` | index into `costs` |
//! | `pool` | query × 6 | `u16` | mana in the pool: W, U, B, R, G, C |
//! | `snow` | query × 6 | `u16` | the part of it a snow source made (optional: none) |
//! | `life` | query | `i32` | the caster's life total (optional: 0) |
//! | `artifacts` | query | `u16` | untapped artifacts, for improvise (optional: 0) |
//! | `graveyard` | query | `u16` | cards in the graveyard, for delve (optional: 0) |
//! | `flags` | query | `u8` | bit 0 convoke, bit 1 improvise, bit 2 delve (optional: 0) |
//! | `convoker_offsets` | query + 1 | `u32` | each query's convoking creatures (optional: none) |
//! | `convoker_colors` | convoker row | `u8` | a creature's colours, bit 0 W … bit 4 G |

use crate::batch::{check_len, BatchError, Offsets, Unit};
use crate::cost::{Colors, CostError, ManaPool, PaymentSolver, PreparedCost, Resources};

/// The spell has convoke (702.51).
pub const PAYMENT_FLAG_CONVOKE: u8 = 1;
/// The spell has improvise (702.126).
pub const PAYMENT_FLAG_IMPROVISE: u8 = 2;
/// The spell has delve (702.66).
pub const PAYMENT_FLAG_DELVE: u8 = 4;

/// The input columns of a batch of castability queries (see the module
/// documentation).
#[derive(Clone, Copy, Debug)]
pub struct PaymentColumns<'a> {
    pub costs: &'a [PreparedCost],
    pub cost: &'a [u32],
    pub pool: &'a [u16],
    pub snow: Option<&'a [u16]>,
    pub life: Option<&'a [i32]>,
    pub artifacts: Option<&'a [u16]>,
    pub graveyard: Option<&'a [u16]>,
    pub flags: Option<&'a [u8]>,
    /// The convoking creatures: offsets per query, and their colours.
    pub convokers: Option<(&'a [u32], &'a [u8])>,
}

impl PaymentColumns<'_> {
    /// Checks every column's length, and the convokers' offsets: after
    /// this, a caller may cut the batch into ranges of queries (for
    /// threads) without going out of bounds. Returns the first convoker row.
    pub fn check(&self, first_query: usize) -> Result<usize, BatchError> {
        let queries = self.cost.len();
        let per_query = "one per query";
        check_len("pool", self.pool.len(), 6 * queries, "six per query")?;
        if let Some(snow) = self.snow {
            check_len("snow", snow.len(), 6 * queries, "six per query")?;
        }
        if let Some(life) = self.life {
            check_len("life", life.len(), queries, per_query)?;
        }
        if let Some(artifacts) = self.artifacts {
            check_len("artifacts", artifacts.len(), queries, per_query)?;
        }
        if let Some(graveyard) = self.graveyard {
            check_len("graveyard", graveyard.len(), queries, per_query)?;
        }
        if let Some(flags) = self.flags {
            check_len("flags", flags.len(), queries, per_query)?;
        }
        match self.convokers {
            Some((offsets, colors)) => {
                let offsets = Offsets {
                    offsets,
                    column: "convoker_offsets",
                };
                check_len(
                    "convoker_offsets",
                    offsets.offsets.len(),
                    queries + 1,
                    "one per query, and one more",
                )?;
                let (first, rows) = offsets.check(first_query)?;
                check_len(
                    "convoker_colors",
                    colors.len(),
                    rows,
                    "one per convoker row",
                )?;
                Ok(first)
            }
            None => Ok(0),
        }
    }
}

/// Answers every query: `payable[q]` is whether query `q`'s cost can be
/// paid. `first_query` is the number of the first query in the whole batch,
/// for errors, when this is a range of a larger batch.
pub fn can_pay_batch(
    input: &PaymentColumns<'_>,
    payable: &mut [bool],
    first_query: usize,
    solver: &mut PaymentSolver,
) -> Result<(), BatchError> {
    let first_convoker = input.check(first_query)?;
    check_len(
        "payable (out)",
        payable.len(),
        input.cost.len(),
        "one per query",
    )?;
    for (query, out) in payable.iter_mut().enumerate() {
        let at = |column, problem: String| {
            BatchError::at(Unit::Query, first_query + query, column, problem)
        };
        let index = input.cost[query];
        let total = input.costs.get(index as usize).ok_or_else(|| {
            at(
                "cost",
                format!(
                    "{index} is not an index into the {} costs",
                    input.costs.len()
                ),
            )
        })?;
        let mut pool = ManaPool::EMPTY;
        for t in 0..6 {
            pool.mana[t] = u32::from(input.pool[6 * query + t]);
            if let Some(snow) = input.snow {
                pool.snow[t] = u32::from(snow[6 * query + t]);
            }
        }
        let flags = input.flags.map_or(0, |flags| flags[query]);
        if flags > 0b111 {
            return Err(at("flags", format!("{flags:#x} has bits other than 0b111")));
        }
        let mut resources = Resources {
            pool,
            life: input.life.map_or(0, |life| life[query]),
            artifacts: input.artifacts.map_or(0, |a| u32::from(a[query])),
            graveyard: input.graveyard.map_or(0, |g| u32::from(g[query])),
            convoke: flags & super::PAYMENT_FLAG_CONVOKE != 0,
            improvise: flags & super::PAYMENT_FLAG_IMPROVISE != 0,
            delve: flags & super::PAYMENT_FLAG_DELVE != 0,
            ..Resources::default()
        };
        if let Some((offsets, colors)) = input.convokers {
            let start = offsets[query] as usize - first_convoker;
            let end = offsets[query + 1] as usize - first_convoker;
            for (row, &bits) in colors[start..end].iter().enumerate() {
                let Some(colors) = Colors::from_bits(bits) else {
                    return Err(BatchError::at(
                        Unit::Row,
                        first_convoker + start + row,
                        "convoker_colors",
                        format!("{bits:#x} is not a colour mask (bits 0–4: W U B R G)"),
                    ));
                };
                resources.creatures[colors.index()] += 1;
            }
        }
        *out = solver
            .can_pay_prepared(total, &resources)
            .map_err(|error| match error {
                CostError::InvalidInput { .. } => at("snow", error.to_string()),
                _ => at("cost", error.to_string()),
            })?;
    }
    Ok(())
}
