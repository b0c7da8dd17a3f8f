//! Batches from numpy: `resolve_combats`, `can_pay_batch` and
//! `party_sizes`. Each extracts its columns (checking dtype, shape and
//! contiguity), allocates its outputs, then releases the GIL and runs the
//! core's batch function over ranges of the batch on threads started for
//! the call. The rules live in `mtgjudge_core::batch`; nothing here
//! decides anything.
//!
//! With the GIL released, another Python thread may write into the input
//! arrays during the call. What the ranges are cut along (the offsets) is
//! copied first, and the core reads every value it checks once, so a
//! rewrite changes at most the answer, never where anything is read.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use mtgjudge_core::batch::{
    can_pay_batch as core_can_pay_batch, party_sizes as core_party_sizes,
    resolve_combats as core_resolve_combats, BatchError, CombatColumns, CombatResults,
    CombatScratch, CombatStatus, Offsets, PartyColumns, PaymentColumns,
};
use mtgjudge_core::cost::{PaymentSolver, PreparedCost, TotalCost};
use numpy::{
    dtype, Element, PyArray1, PyArrayDescrMethods, PyArrayMethods, PyReadonlyArray, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::args;
use crate::errors::{guard, invalid_input};

/// How many rows a range of a batch has, about, when split for threads.
const ROWS_PER_RANGE: usize = 16 * 1024;

/// The number of threads to use: `None` is every core.
fn thread_count(threads: Option<usize>) -> usize {
    threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
}

/// Runs `work` over the ranges on up to `threads` threads, the calling
/// thread among them, each with its own `state` (scratch memory) and
/// taking the next range not yet taken, and returns the error a
/// sequential run would have met first. The threads are started for this
/// call and joined before it returns, so no thread outlives it; if the
/// system refuses to start one, fewer do the work.
fn run_ranges<T: Send, S>(
    threads: usize,
    ranges: Vec<T>,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, T) -> Result<(), BatchError> + Sync,
) -> Result<(), BatchError> {
    if threads <= 1 || ranges.len() <= 1 {
        let mut state = state();
        return ranges
            .into_iter()
            .try_for_each(|range| work(&mut state, range));
    }
    let slots: Vec<Mutex<Option<T>>> = ranges.into_iter().map(|r| Mutex::new(Some(r))).collect();
    let next = AtomicUsize::new(0);
    let first_error: Mutex<Option<BatchError>> = Mutex::new(None);
    let run = || {
        let mut state = state();
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(slot) = slots.get(index) else { break };
            let Some(range) = slot.lock().unwrap_or_else(PoisonError::into_inner).take() else {
                continue;
            };
            if let Err(error) = work(&mut state, range) {
                let mut first = first_error.lock().unwrap_or_else(PoisonError::into_inner);
                *first = Some(match first.take() {
                    Some(earlier) => earlier.first(error),
                    None => error,
                });
            }
        }
    };
    std::thread::scope(|scope| {
        let mut helpers = Vec::new();
        for index in 1..threads.min(slots.len()) {
            match std::thread::Builder::new()
                .name(format!("mtgjudge-{index}"))
                .spawn_scoped(scope, run)
            {
                Ok(helper) => helpers.push(helper),
                Err(_) => break,
            }
        }
        run();
        // Joined one by one: the scope alone waits for the closures to
        // end, not for the system threads to exit.
        for helper in helpers {
            if let Err(panic) = helper.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
    let first = first_error
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    first.map_or(Ok(()), Err)
}

fn batch_error(error: BatchError) -> PyErr {
    invalid_input(error.to_string())
}

/// A numpy array of `T` with the given number of dimensions (and, for 2-D
/// arrays, this many columns), C-contiguous; anything else is an
/// `InvalidInputError` naming the column.
fn column<'py, T: Element>(
    value: &Bound<'py, PyAny>,
    name: &str,
    width: Option<usize>,
) -> PyResult<PyReadonlyArray<'py, T, numpy::IxDyn>> {
    let py = value.py();
    let expected = dtype::<T>(py);
    let shape = match width {
        None => "1-D".to_owned(),
        Some(width) => format!("(n, {width})"),
    };
    let Ok(array) = value.cast::<PyUntypedArray>() else {
        let kind = value.get_type().name()?;
        return Err(invalid_input(format!(
            "column '{name}' must be a numpy array of {expected} ({shape}), not {kind}"
        )));
    };
    let found = array.dtype();
    if !found.is_equiv_to(&expected) {
        return Err(invalid_input(format!(
            "column '{name}' has dtype {found}; expected {expected} (convert with .astype(numpy.{expected}))"
        )));
    }
    let good_shape = match width {
        None => array.ndim() == 1,
        Some(width) => array.ndim() == 2 && array.shape()[1] == width,
    };
    if !good_shape {
        return Err(invalid_input(format!(
            "column '{name}' has shape {:?}; expected {shape}",
            array.shape()
        )));
    }
    if !array.is_c_contiguous() {
        return Err(invalid_input(format!(
            "column '{name}' is not C-contiguous; pass numpy.ascontiguousarray(...)"
        )));
    }
    let typed = array
        .cast::<numpy::PyArrayDyn<T>>()
        .map_err(|_| invalid_input(format!("column '{name}': dtype {found}")))?;
    typed
        .try_readonly()
        .map_err(|error| invalid_input(format!("column '{name}': {error}")))
}

fn slice<'a, T: Element>(
    array: &'a PyReadonlyArray<'_, T, numpy::IxDyn>,
    name: &str,
) -> PyResult<&'a [T]> {
    array
        .as_slice()
        .map_err(|error| invalid_input(format!("column '{name}': {error}")))
}

/// Offsets must start at 0 for a whole batch.
fn check_first_offset(offsets: &[u32], name: &'static str) -> PyResult<()> {
    match offsets.first() {
        None => Err(batch_error(
            Offsets {
                offsets,
                column: name,
            }
            .check(0)
            .unwrap_err(),
        )),
        Some(0) => Ok(()),
        Some(first) => Err(invalid_input(format!(
            "offset 0, column '{name}': offsets start at 0, not {first}"
        ))),
    }
}

/// Resolves a batch of two-player combats (see the README, "Batch API").
#[pyfunction]
#[pyo3(signature = (offsets, life, controller, power, toughness, damage, keywords, attack, blocks, *, threads=None, out=None))]
#[allow(clippy::too_many_arguments)]
pub fn resolve_combats<'py>(
    py: Python<'py>,
    offsets: &Bound<'py, PyAny>,
    life: &Bound<'py, PyAny>,
    controller: &Bound<'py, PyAny>,
    power: &Bound<'py, PyAny>,
    toughness: &Bound<'py, PyAny>,
    damage: &Bound<'py, PyAny>,
    keywords: &Bound<'py, PyAny>,
    attack: &Bound<'py, PyAny>,
    blocks: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::threads)] threads: Option<usize>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let threads = thread_count(threads);
    let out = out
        .filter(|out| !out.is_none())
        .map(|out| {
            out.cast::<PyDict>()
                .map_err(|_| args::wrong_type(args::Name::Arg("out"), "a dict of arrays", out))
        })
        .transpose()?;
    let offsets_array = column::<u32>(offsets, "offsets", None)?;
    // The ranges are cut along the offsets: a copy no other thread writes.
    let offsets = slice(&offsets_array, "offsets")?.to_vec();
    let life_array = column::<i32>(life, "life", Some(2))?;
    let controller_array = column::<u8>(controller, "controller", None)?;
    let power_array = column::<i16>(power, "power", None)?;
    let toughness_array = column::<i16>(toughness, "toughness", None)?;
    let damage_array = column::<i16>(damage, "damage", None)?;
    let keywords_array = column::<u32>(keywords, "keywords", None)?;
    let attack_array = column::<u8>(attack, "attack", None)?;
    let blocks_array = column::<i16>(blocks, "blocks", None)?;
    let input = CombatColumns {
        offsets: &offsets,
        life: slice(&life_array, "life")?,
        controller: slice(&controller_array, "controller")?,
        power: slice(&power_array, "power")?,
        toughness: slice(&toughness_array, "toughness")?,
        damage: slice(&damage_array, "damage")?,
        keywords: slice(&keywords_array, "keywords")?,
        attack: slice(&attack_array, "attack")?,
        blocks: slice(&blocks_array, "blocks")?,
    };
    check_first_offset(input.offsets, "offsets")?;
    let combats = input.offsets.len() - 1;
    let rows = input.controller.len();
    let damage_out = output_array::<i32>(py, out, "damage", &[rows])?;
    let died_out = output_array::<bool>(py, out, "died", &[rows])?;
    let life_out = output_array::<i32>(py, out, "life", &[combats, 2])?;
    let gained_out = output_array::<i32>(py, out, "life_gained", &[combats, 2])?;
    let status_out = output_array::<u8>(py, out, "status", &[combats])?;
    let game_over_out = output_array::<bool>(py, out, "game_over", &[combats])?;
    let winner_out = output_array::<i8>(py, out, "winner", &[combats])?;
    {
        let mut damage_rw = writable(&damage_out, "damage")?;
        let mut died_rw = writable(&died_out, "died")?;
        let mut life_rw = writable(&life_out, "life")?;
        let mut gained_rw = writable(&gained_out, "life_gained")?;
        let mut status_rw = writable(&status_out, "status")?;
        let mut game_over_rw = writable(&game_over_out, "game_over")?;
        let mut winner_rw = writable(&winner_out, "winner")?;
        let mut output = CombatResults {
            damage: slice_mut(&mut damage_rw, "damage")?,
            died: slice_mut(&mut died_rw, "died")?,
            life: slice_mut(&mut life_rw, "life")?,
            life_gained: slice_mut(&mut gained_rw, "life_gained")?,
            status: slice_mut(&mut status_rw, "status")?,
            game_over: slice_mut(&mut game_over_rw, "game_over")?,
            winner: slice_mut(&mut winner_rw, "winner")?,
        };
        let result =
            py.detach(|| guard(|| Ok(resolve_combat_ranges(&input, &mut output, threads))))?;
        result.map_err(batch_error)?;
    }
    let results = PyDict::new(py);
    results.set_item("damage", damage_out)?;
    results.set_item("died", died_out)?;
    results.set_item("life", life_out)?;
    results.set_item("life_gained", gained_out)?;
    results.set_item("status", status_out)?;
    results.set_item("game_over", game_over_out)?;
    results.set_item("winner", winner_out)?;
    Ok(results)
}

/// An output array: `out[name]` if `out` is given (a C-contiguous,
/// writeable array of exactly this dtype and shape, reused rather than
/// allocated), otherwise a new one.
fn output_array<'py, T: Element>(
    py: Python<'py>,
    out: Option<&Bound<'py, PyDict>>,
    name: &str,
    shape: &[usize],
) -> PyResult<Bound<'py, numpy::PyArrayDyn<T>>> {
    let Some(out) = out else {
        return Ok(numpy::PyArrayDyn::<T>::zeros(py, shape, false));
    };
    let value = out
        .get_item(name)?
        .ok_or_else(|| invalid_input(format!("out has no '{name}' array")))?;
    let expected = dtype::<T>(py);
    let array = value
        .cast::<PyUntypedArray>()
        .map_err(|_| invalid_input(format!("out['{name}'] must be a numpy array of {expected}")))?;
    if !array.dtype().is_equiv_to(&expected) || array.shape() != shape || !array.is_c_contiguous() {
        return Err(invalid_input(format!(
            "out['{name}'] must be a C-contiguous array of {expected} with shape {shape:?}; it has dtype {} and shape {:?}",
            array.dtype(),
            array.shape()
        )));
    }
    Ok(array
        .cast::<numpy::PyArrayDyn<T>>()
        .map_err(|_| invalid_input(format!("out['{name}']: dtype")))?
        .clone())
}

fn writable<'py, T: Element>(
    array: &Bound<'py, numpy::PyArrayDyn<T>>,
    name: &str,
) -> PyResult<numpy::PyReadwriteArrayDyn<'py, T>> {
    array
        .try_readwrite()
        .map_err(|error| invalid_input(format!("output '{name}': {error}")))
}

fn slice_mut<'a, T: Element>(
    array: &'a mut numpy::PyReadwriteArrayDyn<'_, T>,
    name: &str,
) -> PyResult<&'a mut [T]> {
    array
        .as_slice_mut()
        .map_err(|error| invalid_input(format!("output '{name}': {error}")))
}

/// One range of a combat batch: its first combat, its columns and its
/// outputs.
struct CombatRange<'a> {
    first: usize,
    input: CombatColumns<'a>,
    output: CombatResults<'a>,
}

fn resolve_combat_ranges(
    input: &CombatColumns<'_>,
    output: &mut CombatResults<'_>,
    threads: usize,
) -> Result<(), BatchError> {
    let offsets = Offsets {
        offsets: input.offsets,
        column: "offsets",
    };
    // Check the offsets and lengths first: the ranges are cut along them.
    let (_, rows) = input.check_lengths(0)?;
    // Ranges even for one thread: each is checked and then resolved while
    // its columns are still in cache.
    let bounds = offsets.split(ROWS_PER_RANGE.min(rows / (4 * threads)).max(1024));
    let mut ranges = Vec::with_capacity(bounds.len());
    let (mut damage, mut died) = (&mut *output.damage, &mut *output.died);
    let (mut life, mut gained, mut status) = (
        &mut *output.life,
        &mut *output.life_gained,
        &mut *output.status,
    );
    let (mut game_over, mut winner) = (&mut *output.game_over, &mut *output.winner);
    for window in bounds.windows(2) {
        let (a, b) = (window[0], window[1]);
        let (start, end) = (input.offsets[a] as usize, input.offsets[b] as usize);
        let rows = start..end;
        macro_rules! take {
            ($slice:ident, $n:expr) => {{
                let (head, tail) = std::mem::take(&mut $slice).split_at_mut($n);
                $slice = tail;
                head
            }};
        }
        let range = CombatRange {
            first: a,
            input: CombatColumns {
                offsets: &input.offsets[a..=b],
                life: &input.life[2 * a..2 * b],
                controller: &input.controller[rows.clone()],
                power: &input.power[rows.clone()],
                toughness: &input.toughness[rows.clone()],
                damage: &input.damage[rows.clone()],
                keywords: &input.keywords[rows.clone()],
                attack: &input.attack[rows.clone()],
                blocks: &input.blocks[rows],
            },
            output: CombatResults {
                damage: take!(damage, end - start),
                died: take!(died, end - start),
                life: take!(life, 2 * (b - a)),
                life_gained: take!(gained, 2 * (b - a)),
                status: take!(status, b - a),
                game_over: take!(game_over, b - a),
                winner: take!(winner, b - a),
            },
        };
        ranges.push(range);
    }
    run_ranges(threads, ranges, CombatScratch::new, |scratch, mut range| {
        core_resolve_combats(&range.input, &mut range.output, range.first, scratch)
    })
}

/// `(name, rule)` of each combat status code, in code order.
pub fn combat_statuses() -> Vec<(&'static str, Option<&'static str>)> {
    CombatStatus::ALL
        .iter()
        .map(|status| (status.name(), status.rule()))
        .collect()
}

/// Whether each query's total cost can be paid (see the README, "Batch
/// API"). `costs` is a list of `TotalCost`, `ManaCost` or strings.
#[pyfunction]
#[pyo3(signature = (costs, cost, pool, *, snow=None, life=None, artifacts=None, graveyard=None, flags=None, convoker_offsets=None, convoker_colors=None, threads=None))]
#[allow(clippy::too_many_arguments)]
pub fn can_pay_batch<'py>(
    py: Python<'py>,
    costs: &Bound<'py, PyAny>,
    cost: &Bound<'py, PyAny>,
    pool: &Bound<'py, PyAny>,
    snow: Option<&Bound<'py, PyAny>>,
    life: Option<&Bound<'py, PyAny>>,
    artifacts: Option<&Bound<'py, PyAny>>,
    graveyard: Option<&Bound<'py, PyAny>>,
    flags: Option<&Bound<'py, PyAny>>,
    convoker_offsets: Option<&Bound<'py, PyAny>>,
    convoker_colors: Option<&Bound<'py, PyAny>>,
    #[pyo3(from_py_with = args::threads)] threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let threads = thread_count(threads);
    let list = costs.cast::<PyList>().map_err(|_| {
        args::wrong_type(
            args::Name::Arg("costs"),
            "a list of TotalCost, ManaCost or mana cost strings",
            costs,
        )
    })?;
    let table = list
        .iter()
        .enumerate()
        .map(|(index, value)| crate::cost::total_arg(&value, args::Name::Item("costs", index)))
        .collect::<PyResult<Vec<TotalCost>>>()?;
    let table: Vec<PreparedCost> = table.iter().map(PreparedCost::new).collect();
    let cost_array = column::<u32>(cost, "cost", None)?;
    let pool_array = column::<u16>(pool, "pool", Some(6))?;
    let optional = |value: Option<&Bound<'py, PyAny>>, name, width| {
        value
            .filter(|value| !value.is_none())
            .map(|value| column(value, name, width))
            .transpose()
    };
    let snow_array = optional(snow, "snow", Some(6))?;
    let life_array = life
        .filter(|value| !value.is_none())
        .map(|value| column::<i32>(value, "life", None))
        .transpose()?;
    let artifacts_array = optional(artifacts, "artifacts", None)?;
    let graveyard_array = optional(graveyard, "graveyard", None)?;
    let flags_array = flags
        .filter(|value| !value.is_none())
        .map(|value| column::<u8>(value, "flags", None))
        .transpose()?;
    let offsets_array = convoker_offsets
        .filter(|value| !value.is_none())
        .map(|value| column::<u32>(value, "convoker_offsets", None))
        .transpose()?;
    let colors_array = convoker_colors
        .filter(|value| !value.is_none())
        .map(|value| column::<u8>(value, "convoker_colors", None))
        .transpose()?;
    // The ranges are cut along the convokers' offsets: a copy no other
    // thread writes.
    let convoker_offsets = offsets_array
        .as_ref()
        .map(|offsets| slice(offsets, "convoker_offsets").map(<[u32]>::to_vec))
        .transpose()?;
    let convokers = match (&convoker_offsets, &colors_array) {
        (Some(offsets), Some(colors)) => {
            check_first_offset(offsets, "convoker_offsets")?;
            Some((offsets.as_slice(), slice(colors, "convoker_colors")?))
        }
        (None, None) => None,
        _ => {
            return Err(invalid_input(
                "convoker_offsets and convoker_colors go together: give both or neither",
            ))
        }
    };
    let input = PaymentColumns {
        costs: &table,
        cost: slice(&cost_array, "cost")?,
        pool: slice(&pool_array, "pool")?,
        snow: snow_array.as_ref().map(|a| slice(a, "snow")).transpose()?,
        life: life_array.as_ref().map(|a| slice(a, "life")).transpose()?,
        artifacts: artifacts_array
            .as_ref()
            .map(|a| slice(a, "artifacts"))
            .transpose()?,
        graveyard: graveyard_array
            .as_ref()
            .map(|a| slice(a, "graveyard"))
            .transpose()?,
        flags: flags_array
            .as_ref()
            .map(|a| slice(a, "flags"))
            .transpose()?,
        convokers,
    };
    let queries = input.cost.len();
    let payable_out = PyArray1::<bool>::zeros(py, queries, false);
    {
        let mut payable_rw = payable_out.readwrite();
        let payable = payable_rw
            .as_slice_mut()
            .map_err(|e| invalid_input(e.to_string()))?;
        let result = py.detach(|| guard(|| Ok(can_pay_ranges(&input, payable, threads))))?;
        result.map_err(batch_error)?;
    }
    Ok(payable_out)
}

fn can_pay_ranges(
    input: &PaymentColumns<'_>,
    payable: &mut [bool],
    threads: usize,
) -> Result<(), BatchError> {
    let queries = input.cost.len();
    let per_range = (queries / (8 * threads)).clamp(256, 4096);
    input.check(0)?;
    if threads == 1 || queries <= per_range {
        return core_can_pay_batch(input, payable, 0, &mut PaymentSolver::new());
    }
    let mut ranges = Vec::new();
    let mut rest = payable;
    let mut start = 0;
    while start < queries {
        let end = (start + per_range).min(queries);
        let (head, tail) = std::mem::take(&mut rest).split_at_mut(end - start);
        rest = tail;
        let q = start..end;
        let range = PaymentColumns {
            costs: input.costs,
            cost: &input.cost[q.clone()],
            pool: &input.pool[6 * start..6 * end],
            snow: input.snow.map(|s| &s[6 * start..6 * end]),
            life: input.life.map(|s| &s[q.clone()]),
            artifacts: input.artifacts.map(|s| &s[q.clone()]),
            graveyard: input.graveyard.map(|s| &s[q.clone()]),
            flags: input.flags.map(|s| &s[q.clone()]),
            convokers: input.convokers.map(|(offsets, colors)| {
                let rows = offsets[start] as usize..offsets[end] as usize;
                (&offsets[start..=end], &colors[rows])
            }),
        };
        ranges.push((start, range, head));
        start = end;
    }
    run_ranges(
        threads,
        ranges,
        PaymentSolver::new,
        |solver, (first, range, out)| core_can_pay_batch(&range, out, first, solver),
    )
}

/// The size of each party (see the README, "Batch API").
#[pyfunction]
#[pyo3(signature = (offsets, types, *, threads=None))]
pub fn party_sizes<'py>(
    py: Python<'py>,
    offsets: &Bound<'py, PyAny>,
    types: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::threads)] threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<u8>>> {
    let threads = thread_count(threads);
    let offsets_array = column::<u32>(offsets, "offsets", None)?;
    // The ranges are cut along the offsets: a copy no other thread writes.
    let offsets = slice(&offsets_array, "offsets")?.to_vec();
    let types_array = column::<u8>(types, "types", None)?;
    let input = PartyColumns {
        offsets: &offsets,
        types: slice(&types_array, "types")?,
    };
    check_first_offset(input.offsets, "offsets")?;
    let parties = input.offsets.len() - 1;
    let sizes_out = PyArray1::<u8>::zeros(py, parties, false);
    {
        let mut sizes_rw = sizes_out.readwrite();
        let sizes = sizes_rw
            .as_slice_mut()
            .map_err(|e| invalid_input(e.to_string()))?;
        let result = py.detach(|| guard(|| Ok(party_ranges(&input, sizes, threads))))?;
        result.map_err(batch_error)?;
    }
    Ok(sizes_out)
}

fn party_ranges(
    input: &PartyColumns<'_>,
    sizes: &mut [u8],
    threads: usize,
) -> Result<(), BatchError> {
    let offsets = Offsets {
        offsets: input.offsets,
        column: "offsets",
    };
    let (_, rows) = offsets.check(0)?;
    if rows != input.types.len() || threads == 1 || rows < 4 * ROWS_PER_RANGE {
        return core_party_sizes(input, sizes, 0);
    }
    let bounds = offsets.split((4 * ROWS_PER_RANGE).min(rows / (4 * threads)));
    let mut ranges = Vec::with_capacity(bounds.len());
    let mut rest = sizes;
    for window in bounds.windows(2) {
        let (a, b) = (window[0], window[1]);
        let (head, tail) = std::mem::take(&mut rest).split_at_mut(b - a);
        rest = tail;
        let rows = input.offsets[a] as usize..input.offsets[b] as usize;
        let range = PartyColumns {
            offsets: &input.offsets[a..=b],
            types: &input.types[rows],
        };
        ranges.push((a, range, head));
    }
    run_ranges(
        threads,
        ranges,
        || (),
        |(), (first, range, out)| core_party_sizes(&range, out, first),
    )
}
