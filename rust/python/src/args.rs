//! Python arguments to Rust values. Every failure names the argument (or
//! its item, `life[2]`, or field, `creatures[0][1] (power)`) and what it
//! accepts: an integer out of range is an `OutOfRangeError` (an
//! `InvalidInputError`, so a `ValueError`, and an `OverflowError`), a value
//! of the wrong type a `TypeError`.
//!
//! The functions named after arguments (`power`, `opt_power` ...) are the
//! extractors of `#[pyo3(from_py_with = ...)]`.

use std::fmt;

use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyList, PyString, PyTuple};

use crate::errors::{invalid_input, out_of_range as out_of_range_error};

/// What an error names: an argument, an item of one, or a field of an item.
#[derive(Clone, Copy, Debug)]
pub enum Name {
    Arg(&'static str),
    Item(&'static str, usize),
    Field(&'static str, usize, usize, &'static str),
    /// `pool['W']`
    Key(&'static str, char),
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Name::Arg(name) => f.write_str(name),
            Name::Item(name, index) => write!(f, "{name}[{index}]"),
            Name::Field(name, index, field, what) => write!(f, "{name}[{index}][{field}] ({what})"),
            Name::Key(name, key) => write!(f, "{name}['{key}']"),
        }
    }
}

/// An integer type an argument converts to, with its range.
pub trait Int: Copy + TryFrom<i64> + TryFrom<u64> {
    const MIN: i128;
    const MAX: i128;
}

macro_rules! ints {
    ($($t:ty),*) => {$(
        impl Int for $t {
            const MIN: i128 = <$t>::MIN as i128;
            const MAX: i128 = <$t>::MAX as i128;
        }
    )*};
}
ints!(u8, u16, u32, u64, i16, i32, i64, usize);

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |name| name.to_string())
}

/// `TypeError: {name} must be {what}, not {type}`.
pub fn wrong_type(name: Name, what: &str, value: &Bound<'_, PyAny>) -> PyErr {
    PyTypeError::new_err(format!("{name} must be {what}, not {}", type_name(value)))
}

/// `InvalidInputError: {name} must be an integer from MIN to MAX, not v`.
fn out_of_range<T: Int>(name: Name, value: &Bound<'_, PyAny>) -> PyErr {
    // A huge integer's text is itself huge (and limited by Python).
    let bits: u64 = value
        .call_method0("bit_length")
        .and_then(|bits| bits.extract())
        .unwrap_or(u64::MAX);
    let shown = if bits <= 128 {
        value
            .repr()
            .map_or_else(|_| "?".to_owned(), |text| text.to_string())
    } else {
        format!("an integer of {bits} bits")
    };
    out_of_range_error(format!(
        "{name} must be an integer from {} to {}, not {shown}",
        T::MIN,
        T::MAX
    ))
}

/// An integer in `T`'s range.
pub fn int<T: Int>(value: &Bound<'_, PyAny>, name: Name) -> PyResult<T> {
    match value.extract::<i64>() {
        Ok(n) => T::try_from(n).map_err(|_| out_of_range::<T>(name, value)),
        Err(error) if error.is_instance_of::<PyOverflowError>(value.py()) => value
            .extract::<u64>()
            .ok()
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| out_of_range::<T>(name, value)),
        Err(_) => Err(wrong_type(name, "an integer", value)),
    }
}

/// `True` or `False` (or a numpy bool).
pub fn flag(value: &Bound<'_, PyAny>, name: Name) -> PyResult<bool> {
    value
        .extract::<bool>()
        .map_err(|_| wrong_type(name, "True or False", value))
}

/// A string.
pub fn text(value: &Bound<'_, PyAny>, name: Name) -> PyResult<String> {
    value
        .cast::<PyString>()
        .map_err(|_| wrong_type(name, "a string", value))?
        .to_str()
        .map(str::to_owned)
}

/// The items of a list, tuple or other iterable that isn't a string.
pub fn items<'py>(value: &Bound<'py, PyAny>, name: Name) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if let Ok(list) = value.cast::<PyList>() {
        return Ok(list.iter().collect());
    }
    if let Ok(tuple) = value.cast::<PyTuple>() {
        return Ok(tuple.iter().collect());
    }
    if value.is_instance_of::<PyString>() || value.is_instance_of::<PyBytes>() {
        return Err(wrong_type(name, "a list", value));
    }
    value
        .try_iter()
        .map_err(|_| wrong_type(name, "a list", value))?
        .collect()
}

/// A tuple (or list) of exactly `N` fields, described as `what`.
pub fn fields<'py, const N: usize>(
    value: &Bound<'py, PyAny>,
    name: Name,
    what: &str,
) -> PyResult<[Bound<'py, PyAny>; N]> {
    let tuple = if let Ok(tuple) = value.cast::<PyTuple>() {
        tuple.clone()
    } else if let Ok(list) = value.cast::<PyList>() {
        list.to_tuple()
    } else {
        return Err(wrong_type(name, &format!("a tuple {what}"), value));
    };
    if tuple.len() != N {
        return Err(PyTypeError::new_err(format!(
            "{name} must be a tuple {what}, not a {} of {}",
            type_name(value),
            tuple.len()
        )));
    }
    // Without allocating: this is on the path of every creature added.
    let mut failed = None;
    let fields = std::array::from_fn(|index| match tuple.get_item(index) {
        Ok(item) => item,
        Err(error) => {
            failed = Some(error);
            value.py().None().into_bound(value.py())
        }
    });
    match failed {
        Some(error) => Err(error),
        None => Ok(fields),
    }
}

/// The integers of a list, each named `name[i]`.
pub fn int_list<T: Int>(value: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Vec<T>> {
    items(value, Name::Arg(name))?
        .iter()
        .enumerate()
        .map(|(index, item)| int(item, Name::Item(name, index)))
        .collect()
}

/// The strings of a list, each named `name[i]`.
pub fn text_list(value: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Vec<String>> {
    items(value, Name::Arg(name))?
        .iter()
        .enumerate()
        .map(|(index, item)| text(item, Name::Item(name, index)))
        .collect()
}

/// Extractors named after the argument they convert.
macro_rules! named {
    ($($f:ident: $t:ty = $convert:ident($name:literal);)*) => {$(
        pub fn $f(value: &Bound<'_, PyAny>) -> PyResult<$t> {
            $convert(value, Name::Arg($name))
        }
    )*};
}

/// Extractors of optional arguments: `None` is `None`.
macro_rules! optional {
    ($($f:ident: $t:ty = $convert:ident($name:literal);)*) => {$(
        pub fn $f(value: &Bound<'_, PyAny>) -> PyResult<Option<$t>> {
            if value.is_none() {
                Ok(None)
            } else {
                $convert(value, Name::Arg($name)).map(Some)
            }
        }
    )*};
}

named! {
    controller: u8 = int("controller");
    active_player: u8 = int("active_player");
    player: u8 = int("player");
    power: i32 = int("power");
    toughness: i32 = int("toughness");
    damage: i32 = int("damage");
    loyalty: i32 = int("loyalty");
    amount: i32 = int("amount");
    life: i32 = int("life");
    keywords: u32 = int("keywords");
    keyword_counters: u32 = int("keyword_counters");
    block_limit: u16 = int("block_limit");
    regeneration_shields: u8 = int("regeneration_shields");
    minus_one_counters: i32 = int("minus_one_counters");
    can_get_minus_one_counters: bool = flag("can_get_minus_one_counters");
    count: i32 = int("count");
    can_gain_life: bool = flag("can_gain_life");
    can_lose_life: bool = flag("can_lose_life");
    can_get_poison: bool = flag("can_get_poison");
    index: u16 = int("index");
    planeswalker: u16 = int("planeswalker");
    attacker: u16 = int("attacker");
    blocker: u16 = int("blocker");
    source: u16 = int("source");
    x: i64 = int("x");
    artifacts: u32 = int("artifacts");
    graveyard: u32 = int("graveyard");
    tapped: bool = flag("tapped");
    summoning_sick: bool = flag("summoning_sick");
    struck_first: bool = flag("struck_first");
    dealt_deathtouch_damage: bool = flag("dealt_deathtouch_damage");
    on_battlefield: bool = flag("on_battlefield");
    blocked: bool = flag("blocked");
    state_based_actions: bool = flag("state_based_actions");
    on_stack: bool = flag("on_stack");
    convoke: bool = flag("convoke");
    improvise: bool = flag("improvise");
    delve: bool = flag("delve");
    text_arg: String = text("text");
    symbol: String = text("symbol");
}

optional! {
    opt_power: i32 = int("power");
    opt_toughness: i32 = int("toughness");
    opt_damage: i32 = int("damage");
    opt_keywords: u32 = int("keywords");
    opt_keyword_counters: u32 = int("keyword_counters");
    opt_tapped: bool = flag("tapped");
    opt_regeneration_shields: u8 = int("regeneration_shields");
    opt_minus_one_counters: i32 = int("minus_one_counters");
    opt_can_get_minus_one_counters: bool = flag("can_get_minus_one_counters");
    opt_cast: String = text("cast");
}

/// At most this many payments are listed at once.
pub const MAX_PAYMENTS: usize = 1_000_000;

/// `limit` of `enumerate_payments`: 0 to [`MAX_PAYMENTS`].
pub fn limit(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    let limit: usize = int(value, Name::Arg("limit"))?;
    if limit > MAX_PAYMENTS {
        return Err(invalid_input(format!(
            "limit must be an integer from 0 to {MAX_PAYMENTS}, not {limit}"
        )));
    }
    Ok(limit)
}

pub fn convokers(value: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    text_list(value, "convokers")
}

pub fn creature_types(value: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    text_list(value, "creature_types")
}

pub fn party_masks(value: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    int_list(value, "creatures")
}

pub fn affinity(value: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    int_list(value, "affinity")
}

pub fn life_totals(value: &Bound<'_, PyAny>) -> PyResult<Vec<i32>> {
    // PyO3's conversion when it works (it is faster), else ours.
    value
        .extract::<Vec<i32>>()
        .or_else(|_| int_list(value, "life"))
}

/// The most threads a batch may use.
pub const MAX_THREADS: usize = 1024;

/// `threads` of the batch functions: `None` is every core; otherwise a
/// whole number from 1 to [`MAX_THREADS`], and not a bool.
pub fn threads(value: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    if value.is_none() {
        return Ok(None);
    }
    let refuse = |shown: String| {
        invalid_input(format!(
            "threads must be a whole number from 1 to {MAX_THREADS}, or None for every core; not {shown}"
        ))
    };
    if value.is_instance_of::<PyBool>() {
        return Err(refuse(value.to_string()));
    }
    match int::<i64>(value, Name::Arg("threads")) {
        Ok(n) if (1..=MAX_THREADS as i64).contains(&n) => Ok(Some(n as usize)),
        Ok(n) => Err(refuse(n.to_string())),
        Err(error) if error.is_instance_of::<PyTypeError>(value.py()) => Err(error),
        Err(_) => Err(refuse("an integer that large".to_owned())),
    }
}
