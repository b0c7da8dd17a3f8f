//! `mtgjudge._core` cost API: `ManaCost`, `TotalCost`, `total_cost`,
//! `mana_value_of_split`, and the payment queries `can_pay`, `find_payment`,
//! `enumerate_payments` and `check_payment`. Conversions only: every rule
//! lives in `mtgjudge_core::cost`.

use std::cell::RefCell;

use mtgjudge_core::cost::{
    split_mana_value, total_cost as core_total_cost, verify_payment, Colors, CostModifiers,
    ManaCost, ManaPool, ManaType, PaidAs, Payment, PaymentPart, PaymentSearch, PaymentSolver,
    Reduction, Resources, Shortfall, Source, SplitCast, Symbol, TotalCost,
};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};

use crate::args::{self, Name};
use crate::errors::{cost_error, cost_error_at, guard, invalid_input};

/// The longest text `str()` and `repr()` print: a mana cost or pool can
/// hold 2^32 of a symbol, which would print gigabytes.
const MAX_PRINTED: u64 = 1 << 20;

/// `text()`, if it is at most [`MAX_PRINTED`] bytes long.
fn printed(len: u64, what: &str, text: impl FnOnce() -> String) -> PyResult<String> {
    if len <= MAX_PRINTED {
        Ok(text())
    } else {
        Err(invalid_input(format!(
            "the {what} would be {len} characters long, too long to print (at most {MAX_PRINTED})"
        )))
    }
}

thread_local! {
    /// One solver per thread, so that queries reuse its memory.
    static SOLVER: RefCell<PaymentSolver> = RefCell::new(PaymentSolver::new());
}

fn with_solver<T>(f: impl FnOnce(&mut PaymentSolver) -> PyResult<T>) -> PyResult<T> {
    guard(|| SOLVER.with_borrow_mut(f))
}

/// A mana cost as printed on a card.
#[pyclass(module = "mtgjudge._core", name = "ManaCost", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyManaCost(ManaCost);

#[pymethods]
impl PyManaCost {
    /// Parses `text`, e.g. `"{X}{2}{W/U}"`; `""` is no mana cost.
    #[new]
    #[pyo3(signature = (text=String::new()))]
    fn new(#[pyo3(from_py_with = args::text_arg)] text: String) -> PyResult<Self> {
        ManaCost::parse(&text).map(PyManaCost).map_err(cost_error)
    }

    /// The symbols as printed; `InvalidInputError` if that would be over
    /// a megabyte.
    fn __str__(&self) -> PyResult<String> {
        printed(self.0.printed_len(), "mana cost", || self.0.to_string())
    }

    fn __repr__(&self) -> String {
        match self.__str__() {
            Ok(text) => format!("ManaCost('{text}')"),
            Err(_) => format!(
                "<ManaCost of {} mana symbols, too long to print>",
                self.0.symbols().map(|(_, n)| u64::from(n)).sum::<u64>()
            ),
        }
    }

    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, (String,))> {
        let class = slf.get_type().into_any().unbind();
        Ok((class, (slf.get().__str__()?,)))
    }

    /// Mana value (202.3): off the stack X is 0, on the stack it is `x`.
    #[pyo3(signature = (on_stack=false, x=0))]
    fn mana_value(
        &self,
        #[pyo3(from_py_with = args::on_stack)] on_stack: bool,
        #[pyo3(from_py_with = args::x)] x: i64,
    ) -> PyResult<u64> {
        if on_stack {
            self.0.mana_value_on_stack(x).map_err(cost_error)
        } else if x < 0 {
            Err(cost_error(mtgjudge_core::cost::CostError::NegativeX { x }))
        } else {
            Ok(self.0.mana_value())
        }
    }

    /// No mana cost at all (202.1b), as opposed to `{0}`.
    #[getter]
    fn is_none(&self) -> bool {
        self.0.is_none()
    }

    /// The colours of its symbols in WUBRG order (202.2).
    #[getter]
    fn colors(&self) -> String {
        self.0.colors().to_string()
    }

    /// The amount of generic mana in numerical symbols.
    #[getter]
    fn generic(&self) -> u32 {
        self.0.generic()
    }

    /// `(symbol, count)` in printing order; `("{1}", n)` is n generic mana.
    #[getter]
    fn symbols(&self) -> Vec<(String, u32)> {
        self.0
            .symbols()
            .map(|(symbol, count)| (symbol.to_string(), count))
            .collect()
    }

    /// How many of one symbol (`"{W/U}"`, `"{X}"`; `"{1}"` gives the generic
    /// amount).
    fn count(&self, #[pyo3(from_py_with = args::symbol)] symbol: String) -> PyResult<u32> {
        Ok(self.0.count(one_symbol(&symbol)?))
    }

    /// The combined cost of two halves (709.4b).
    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyManaCost> {
        let other = cost_arg(other, Name::Arg("other"))?;
        self.0.plus(&other).map(PyManaCost).map_err(cost_error)
    }
}

/// The same as `ManaCost(text)`.
#[pyfunction]
pub fn parse_mana_cost(
    #[pyo3(from_py_with = args::text_arg)] text: String,
) -> PyResult<PyManaCost> {
    PyManaCost::new(text)
}

/// A `ManaCost` or a string.
fn cost_arg(value: &Bound<'_, PyAny>, name: Name) -> PyResult<ManaCost> {
    if let Ok(cost) = value.cast::<PyManaCost>() {
        return Ok(cost.get().0);
    }
    let text = value
        .cast::<PyString>()
        .map_err(|_| args::wrong_type(name, "a ManaCost or a mana cost string", value))?;
    ManaCost::parse(text.to_str()?).map_err(|error| cost_error_at(error, name))
}

/// A single symbol such as `"{W/U}"` or `"{1}"`.
fn one_symbol(text: &str) -> PyResult<Symbol> {
    let cost = ManaCost::parse(text).map_err(cost_error)?;
    let mut symbols = cost.symbols();
    match (symbols.next(), symbols.next()) {
        (Some((symbol, 1)), None) => Ok(symbol),
        _ => Err(invalid_input(format!(
            "expected one mana symbol such as {{W}} or {{1}}, not {text:?}"
        ))),
    }
}

/// The mana value of a split card (202.3d, 709.4b): `cast` is `None` when
/// it is not on the stack, else `"left"`, `"right"` or `"fused"`.
#[pyfunction]
#[pyo3(signature = (left, right, *, cast=None, x=0))]
pub fn mana_value_of_split(
    left: &Bound<'_, PyAny>,
    right: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::opt_cast)] cast: Option<String>,
    #[pyo3(from_py_with = args::x)] x: i64,
) -> PyResult<u64> {
    let cast = match cast.as_deref() {
        None => None,
        Some("left") => Some(SplitCast::Left),
        Some("right") => Some(SplitCast::Right),
        Some("fused") => Some(SplitCast::Fused),
        Some(other) => {
            return Err(invalid_input(format!(
                "cast must be None, 'left', 'right' or 'fused', not {other:?}"
            )))
        }
    };
    let (left, right) = (
        cost_arg(left, Name::Arg("left"))?,
        cost_arg(right, Name::Arg("right"))?,
    );
    split_mana_value(&left, &right, cast, x).map_err(cost_error)
}

/// The mana value of an object whose existing faces have these mana costs
/// (`None` or `""` is no mana cost): one face (202.3), or both halves of a
/// split card, combined off the stack (202.3d, 709.4b) and on the stack as a
/// fused split spell (702.102b). X counts only on the stack (202.3e).
#[pyfunction]
#[pyo3(signature = (costs, *, on_stack=false, x=0))]
pub fn mana_value(
    costs: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::on_stack)] on_stack: bool,
    #[pyo3(from_py_with = args::x)] x: i64,
) -> PyResult<u64> {
    let faces = args::items(costs, Name::Arg("costs"))?
        .iter()
        .enumerate()
        .map(|(index, cost)| {
            if cost.is_none() {
                Ok(ManaCost::NONE)
            } else {
                cost_arg(cost, Name::Item("costs", index))
            }
        })
        .collect::<PyResult<Vec<_>>>()?;
    let result = match (faces.as_slice(), on_stack) {
        ([one], false) if x >= 0 => Ok(one.mana_value()),
        ([one], _) => one.mana_value_on_stack(x),
        ([left, right], false) => split_mana_value(left, right, None, x),
        ([left, right], true) => split_mana_value(left, right, Some(SplitCast::Fused), x),
        _ => {
            return Err(invalid_input(format!(
                "an object has one or two faces with a mana cost, not {}",
                faces.len()
            )))
        }
    };
    result.map_err(cost_error)
}

/// A player's mana pool: mana per type, and the part of it that snow
/// sources produced (107.4h).
#[pyclass(module = "mtgjudge._core", name = "ManaPool", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyManaPool(ManaPool);

#[pymethods]
impl PyManaPool {
    /// `pool` and `snow` as the payment functions take them.
    #[new]
    #[pyo3(signature = (pool=None, snow=None))]
    fn new(pool: Option<&Bound<'_, PyAny>>, snow: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let pool = ManaPool {
            mana: mana_arg(pool, "pool")?,
            snow: mana_arg(snow, "snow")?,
        };
        pool.validate().map_err(cost_error)?;
        Ok(PyManaPool(pool))
    }

    /// A pool written as mana symbols, e.g. `"{R}{R}{W}"` (only `{W}`,
    /// `{U}`, `{B}`, `{R}`, `{G}` and `{C}`; none from snow sources).
    #[staticmethod]
    fn parse(#[pyo3(from_py_with = args::text_arg)] text: String) -> PyResult<PyManaPool> {
        let cost = ManaCost::parse(&text).map_err(cost_error)?;
        let mut mana = [0u32; 6];
        for (symbol, count) in cost.symbols() {
            let t = match symbol {
                Symbol::Colored(color) => color.mana(),
                Symbol::Colorless => ManaType::Colorless,
                _ => {
                    return Err(invalid_input(format!(
                        "a mana pool holds mana of the six types (106.1b), not {symbol}"
                    )))
                }
            };
            mana[t.index()] = count;
        }
        Ok(PyManaPool(ManaPool { mana, snow: [0; 6] }))
    }

    /// Mana per type, e.g. `{"R": 2, "W": 1}`.
    #[getter]
    fn mana<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        letters_with_counts(py, &self.0.mana.map(u64::from))
    }

    /// The part of it from snow sources, per type.
    #[getter]
    fn snow<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        letters_with_counts(py, &self.0.snow.map(u64::from))
    }

    /// The pool as mana symbols in WUBRG order, then `{C}`;
    /// `InvalidInputError` if that would be over a megabyte.
    fn __str__(&self) -> PyResult<String> {
        let symbols: u64 = self.0.mana.iter().map(|&n| u64::from(n)).sum();
        printed(3 * symbols, "mana pool", || {
            let mut text = String::new();
            for mana in ManaType::ALL {
                for _ in 0..self.0.mana[mana.index()] {
                    text.push('{');
                    text.push(mana.letter());
                    text.push('}');
                }
            }
            text
        })
    }

    /// `ManaPool({'W': 2}, snow={'W': 1})`: counts, however large.
    fn __repr__(&self) -> String {
        let counts = |counts: &[u32; 6]| {
            let items: Vec<String> = ManaType::ALL
                .iter()
                .zip(counts)
                .filter(|(_, &n)| n > 0)
                .map(|(mana, n)| format!("'{}': {n}", mana.letter()))
                .collect();
            format!("{{{}}}", items.join(", "))
        };
        if self.0 == ManaPool::EMPTY {
            "ManaPool()".to_owned()
        } else if self.0.snow == [0; 6] {
            format!("ManaPool({})", counts(&self.0.mana))
        } else {
            format!(
                "ManaPool({}, snow={})",
                counts(&self.0.mana),
                counts(&self.0.snow)
            )
        }
    }
}

/// The total cost of a spell (601.2f), locked in.
#[pyclass(module = "mtgjudge._core", name = "TotalCost", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyTotalCost(TotalCost);

#[pymethods]
impl PyTotalCost {
    /// What is left to pay: X turned into generic mana, hybrid and
    /// Phyrexian symbols kept. No mana cost when unpayable.
    #[getter]
    fn cost(&self) -> PyManaCost {
        PyManaCost(*self.0.cost())
    }

    /// Reductions whose target depends on how hybrid or Phyrexian symbols
    /// are paid, e.g. `"{W}"`; `None` when every reduction is applied.
    #[getter]
    fn pending(&self) -> Option<String> {
        (!self.0.is_settled()).then(|| self.0.pending().to_string())
    }

    /// Whether every reduction is applied to a symbol.
    #[getter]
    fn settled(&self) -> bool {
        self.0.is_settled()
    }

    /// Nothing can pay it: no mana cost and no alternative cost (118.6).
    #[getter]
    fn unpayable(&self) -> bool {
        self.0.is_unpayable()
    }

    fn __str__(&self) -> PyResult<String> {
        printed(self.0.printed_len(), "total cost", || self.0.to_string())
    }

    fn __repr__(&self) -> String {
        match self.__str__() {
            Ok(text) => format!("TotalCost('{text}')"),
            Err(_) => "<TotalCost, too long to print>".to_owned(),
        }
    }
}

/// An amount of generic mana or a mana cost, named `name`.
fn reduction_arg(value: &Bound<'_, PyAny>, name: Name) -> PyResult<Reduction> {
    if value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>() {
        return Ok(Reduction::generic(args::int(value, name)?));
    }
    Reduction::from_cost(&cost_arg(value, name)?).map_err(cost_error)
}

/// The items of an optional list argument (`None` is empty).
fn optional_items<'py>(
    value: Option<&Bound<'py, PyAny>>,
    name: &'static str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    match value.filter(|value| !value.is_none()) {
        Some(value) => args::items(value, Name::Arg(name)),
        None => Ok(Vec::new()),
    }
}

/// The total cost (601.2f). `reductions` are amounts of generic mana or
/// mana costs such as `"{W}"`; `affinity` has one count per instance.
#[pyfunction]
#[pyo3(signature = (mana_cost, *, x=0, alternative=None, additional=None, increases=None, reductions=None, affinity=Vec::new()))]
#[allow(clippy::too_many_arguments)]
pub fn total_cost(
    mana_cost: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::x)] x: i64,
    alternative: Option<&Bound<'_, PyAny>>,
    additional: Option<&Bound<'_, PyAny>>,
    increases: Option<&Bound<'_, PyAny>>,
    reductions: Option<&Bound<'_, PyAny>>,
    #[pyo3(from_py_with = args::affinity)] affinity: Vec<u32>,
) -> PyResult<PyTotalCost> {
    let mana_cost = cost_arg(mana_cost, Name::Arg("mana_cost"))?;
    let alternative = alternative
        .filter(|value| !value.is_none())
        .map(|value| cost_arg(value, Name::Arg("alternative")))
        .transpose()?;
    let costs = |value, name| -> PyResult<Vec<ManaCost>> {
        optional_items(value, name)?
            .iter()
            .enumerate()
            .map(|(index, item)| cost_arg(item, Name::Item(name, index)))
            .collect()
    };
    let additional = costs(additional, "additional")?;
    let increases = costs(increases, "increases")?;
    let reductions = optional_items(reductions, "reductions")?
        .iter()
        .enumerate()
        .map(|(index, item)| reduction_arg(item, Name::Item("reductions", index)))
        .collect::<PyResult<Vec<_>>>()?;
    let modifiers = CostModifiers {
        x,
        alternative,
        additional: &additional,
        increases: &increases,
        reductions: &reductions,
        affinity: &affinity,
    };
    guard(|| {
        core_total_cost(&mana_cost, &modifiers)
            .map(PyTotalCost)
            .map_err(cost_error)
    })
}

/// A `TotalCost`, or a `ManaCost` or string taken with nothing else (X = 0).
pub(crate) fn total_arg(value: &Bound<'_, PyAny>, name: Name) -> PyResult<TotalCost> {
    if let Ok(total) = value.cast::<PyTotalCost>() {
        return Ok(total.get().0);
    }
    TotalCost::of(&cost_arg(value, name)?).map_err(cost_error)
}

/// Mana counts from a `ManaPool`, `"WWU"`, `{"W": 2, "U": 1}` or six
/// numbers; errors name `what` ("pool" or "snow").
fn mana_arg(value: Option<&Bound<'_, PyAny>>, what: &'static str) -> PyResult<[u32; 6]> {
    let mut counts = [0u32; 6];
    let Some(value) = value.filter(|value| !value.is_none()) else {
        return Ok(counts);
    };
    let unknown =
        |letter: &str| invalid_input(format!("{what}: {letter:?} is not one of W, U, B, R, G, C"));
    if let Ok(pool) = value.cast::<PyManaPool>() {
        return Ok(pool.get().0.mana);
    }
    if let Ok(text) = value.cast::<PyString>() {
        for letter in text.to_str()?.chars() {
            let mana = ManaType::from_letter(letter).ok_or_else(|| unknown(&letter.to_string()))?;
            let count = &mut counts[mana.index()];
            *count = count.checked_add(1).ok_or_else(|| {
                invalid_input(format!("{what}: more than {} mana of one type", u32::MAX))
            })?;
        }
    } else if let Ok(dict) = value.cast::<PyDict>() {
        for (key, count) in dict.iter() {
            let key = args::text(&key, Name::Arg(what))?;
            let mut letters = key.chars();
            let mana = match (
                letters.next().and_then(ManaType::from_letter),
                letters.next(),
            ) {
                (Some(mana), None) => mana,
                _ => return Err(unknown(&key)),
            };
            counts[mana.index()] = args::int(&count, Name::Key(what, mana.letter()))?;
        }
    } else if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        let list = args::int_list::<u32>(value, what)?;
        let len = list.len();
        counts = list.try_into().map_err(|_| {
            invalid_input(format!(
                "{what} must be six counts (W U B R G C), not {len}"
            ))
        })?;
    } else {
        return Err(args::wrong_type(
            Name::Arg(what),
            "a ManaPool, a string of mana letters, a dict or six counts",
            value,
        ));
    }
    Ok(counts)
}

/// The resource keyword arguments shared by the payment functions.
#[allow(clippy::too_many_arguments)]
fn resources_arg(
    pool: Option<&Bound<'_, PyAny>>,
    snow: Option<&Bound<'_, PyAny>>,
    life: i32,
    convokers: Vec<String>,
    artifacts: u32,
    graveyard: u32,
    convoke: bool,
    improvise: bool,
    delve: bool,
) -> PyResult<Resources> {
    let mut creatures = [0u32; Colors::COUNT];
    for colors in &convokers {
        let colors = Colors::parse(colors).ok_or_else(|| {
            invalid_input(format!(
                "a convoking creature's colours are letters of WUBRG, each once; not {colors:?}"
            ))
        })?;
        creatures[colors.index()] += 1;
    }
    // A ManaPool brings its snow mana unless `snow` is given.
    let pool_snow = pool
        .and_then(|pool| pool.cast::<PyManaPool>().ok())
        .map(|pool| pool.get().0.snow);
    let snow = match (snow, pool_snow) {
        (None, Some(snow)) => snow,
        (snow, _) => mana_arg(snow, "snow")?,
    };
    Ok(Resources {
        pool: ManaPool {
            mana: mana_arg(pool, "pool")?,
            snow,
        },
        life,
        creatures,
        artifacts,
        graveyard,
        convoke,
        improvise,
        delve,
    })
}

/// One way to pay a total cost.
#[pyclass(module = "mtgjudge._core", name = "Payment", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyPayment {
    payment: Payment,
}

#[pymethods]
impl PyPayment {
    /// `(source, symbol, paid_as, count)` tuples, e.g.
    /// `("creature:GW", "{W}", "W", 1)`.
    #[getter]
    fn parts(&self) -> Vec<(String, String, String, u64)> {
        self.payment
            .parts
            .iter()
            .map(|part| {
                (
                    part.source.to_string(),
                    part.symbol.to_string(),
                    part.paid_as.to_string(),
                    part.count,
                )
            })
            .collect()
    }

    /// Life paid for Phyrexian symbols.
    #[getter]
    fn life(&self) -> u64 {
        self.payment.life()
    }

    /// Mana spent from the pool per type (snow or not), e.g. `{"W": 2}`.
    #[getter]
    fn mana<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let (all, _) = self.payment.mana();
        letters_with_counts(py, &all)
    }

    /// Mana from snow sources spent, per type.
    #[getter]
    fn snow<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let (_, snow) = self.payment.mana();
        letters_with_counts(py, &snow)
    }

    /// Creatures tapped for convoke, per colours (`""` is colourless).
    #[getter]
    fn creatures<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (bits, &n) in self.payment.creatures().iter().enumerate() {
            if n > 0 {
                let colors = Colors::from_bits(bits as u8).unwrap_or_default();
                dict.set_item(colors.to_string(), n)?;
            }
        }
        Ok(dict)
    }

    #[getter]
    fn artifacts(&self) -> u64 {
        self.payment.artifacts()
    }

    #[getter]
    fn graveyard(&self) -> u64 {
        self.payment.graveyard_cards()
    }

    fn __repr__(&self) -> String {
        let parts: Vec<String> = self
            .parts()
            .iter()
            .map(|(source, symbol, paid_as, count)| {
                format!("('{source}', '{symbol}', '{paid_as}', {count})")
            })
            .collect();
        format!("Payment([{}])", parts.join(", "))
    }
}

fn letters_with_counts<'py>(py: Python<'py>, counts: &[u64; 6]) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (mana, &n) in ManaType::ALL.iter().zip(counts) {
        if n > 0 {
            dict.set_item(mana.letter().to_string(), n)?;
        }
    }
    Ok(dict)
}

/// Why a cost can't be paid.
#[pyclass(module = "mtgjudge._core", name = "Shortfall", frozen)]
pub struct PyShortfall(Shortfall);

#[pymethods]
impl PyShortfall {
    /// No mana cost (118.6).
    #[getter]
    fn unpayable(&self) -> bool {
        self.0.unpayable
    }

    /// The rule: "118.6" when unpayable, else "601.2h".
    #[getter]
    fn rule(&self) -> &'static str {
        if self.0.unpayable {
            "118.6"
        } else {
            "601.2h"
        }
    }

    /// Units left unpaid in all.
    #[getter]
    fn missing(&self) -> u64 {
        self.0.total()
    }

    /// `(requirement, units)`: `"{G}"`, `"generic mana"`, `"generic mana
    /// for {2/W}"`, ...
    #[getter]
    fn unpaid(&self) -> Vec<(String, u64)> {
        self.0
            .entries()
            .map(|(requirement, count)| (requirement.to_string(), count))
            .collect()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Shortfall('{}')", self.0)
    }
}

/// The answer of `find_payment`.
#[pyclass(module = "mtgjudge._core", name = "PaymentResult", frozen)]
pub struct PaymentResult {
    #[pyo3(get)]
    payable: bool,
    #[pyo3(get)]
    payment: Option<Py<PyPayment>>,
    #[pyo3(get)]
    shortfall: Option<Py<PyShortfall>>,
}

#[pymethods]
impl PaymentResult {
    fn __bool__(&self) -> bool {
        self.payable
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        match (&self.payment, &self.shortfall) {
            (Some(payment), _) => format!("PaymentResult({})", payment.borrow(py).__repr__()),
            (_, Some(shortfall)) => format!("PaymentResult({})", shortfall.borrow(py).__repr__()),
            _ => "PaymentResult()".to_owned(),
        }
    }
}

/// Whether the cost can be paid.
#[pyfunction]
#[pyo3(signature = (cost, *, pool=None, snow=None, life=0, convokers=Vec::new(), artifacts=0, graveyard=0, convoke=false, improvise=false, delve=false))]
#[allow(clippy::too_many_arguments)]
pub fn can_pay(
    cost: &Bound<'_, PyAny>,
    pool: Option<&Bound<'_, PyAny>>,
    snow: Option<&Bound<'_, PyAny>>,
    #[pyo3(from_py_with = args::life)] life: i32,
    #[pyo3(from_py_with = args::convokers)] convokers: Vec<String>,
    #[pyo3(from_py_with = args::artifacts)] artifacts: u32,
    #[pyo3(from_py_with = args::graveyard)] graveyard: u32,
    #[pyo3(from_py_with = args::convoke)] convoke: bool,
    #[pyo3(from_py_with = args::improvise)] improvise: bool,
    #[pyo3(from_py_with = args::delve)] delve: bool,
) -> PyResult<bool> {
    let total = total_arg(cost, Name::Arg("cost"))?;
    let resources = resources_arg(
        pool, snow, life, convokers, artifacts, graveyard, convoke, improvise, delve,
    )?;
    with_solver(|solver| solver.can_pay(&total, &resources).map_err(cost_error))
}

/// One payment, or the shortfall.
#[pyfunction]
#[pyo3(signature = (cost, *, pool=None, snow=None, life=0, convokers=Vec::new(), artifacts=0, graveyard=0, convoke=false, improvise=false, delve=false))]
#[allow(clippy::too_many_arguments)]
pub fn find_payment(
    py: Python<'_>,
    cost: &Bound<'_, PyAny>,
    pool: Option<&Bound<'_, PyAny>>,
    snow: Option<&Bound<'_, PyAny>>,
    #[pyo3(from_py_with = args::life)] life: i32,
    #[pyo3(from_py_with = args::convokers)] convokers: Vec<String>,
    #[pyo3(from_py_with = args::artifacts)] artifacts: u32,
    #[pyo3(from_py_with = args::graveyard)] graveyard: u32,
    #[pyo3(from_py_with = args::convoke)] convoke: bool,
    #[pyo3(from_py_with = args::improvise)] improvise: bool,
    #[pyo3(from_py_with = args::delve)] delve: bool,
) -> PyResult<PaymentResult> {
    let total = total_arg(cost, Name::Arg("cost"))?;
    let resources = resources_arg(
        pool, snow, life, convokers, artifacts, graveyard, convoke, improvise, delve,
    )?;
    let search = with_solver(|solver| solver.find_payment(&total, &resources).map_err(cost_error))?;
    Ok(match search {
        PaymentSearch::Payable(payment) => PaymentResult {
            payable: true,
            payment: Some(Py::new(py, PyPayment { payment })?),
            shortfall: None,
        },
        PaymentSearch::NotPayable(shortfall) => PaymentResult {
            payable: false,
            payment: None,
            shortfall: Some(Py::new(py, PyShortfall(*shortfall))?),
        },
    })
}

/// Up to `limit` distinct payments.
#[pyfunction]
#[pyo3(signature = (cost, *, limit=100, pool=None, snow=None, life=0, convokers=Vec::new(), artifacts=0, graveyard=0, convoke=false, improvise=false, delve=false))]
#[allow(clippy::too_many_arguments)]
pub fn enumerate_payments(
    cost: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::limit)] limit: usize,
    pool: Option<&Bound<'_, PyAny>>,
    snow: Option<&Bound<'_, PyAny>>,
    #[pyo3(from_py_with = args::life)] life: i32,
    #[pyo3(from_py_with = args::convokers)] convokers: Vec<String>,
    #[pyo3(from_py_with = args::artifacts)] artifacts: u32,
    #[pyo3(from_py_with = args::graveyard)] graveyard: u32,
    #[pyo3(from_py_with = args::convoke)] convoke: bool,
    #[pyo3(from_py_with = args::improvise)] improvise: bool,
    #[pyo3(from_py_with = args::delve)] delve: bool,
) -> PyResult<Vec<PyPayment>> {
    let total = total_arg(cost, Name::Arg("cost"))?;
    let resources = resources_arg(
        pool, snow, life, convokers, artifacts, graveyard, convoke, improvise, delve,
    )?;
    let payments = with_solver(|solver| {
        solver
            .enumerate_payments(&total, &resources, limit)
            .map_err(cost_error)
    })?;
    Ok(payments
        .into_iter()
        .map(|payment| PyPayment { payment })
        .collect())
}

/// `payment[index]`: `(source, symbol, paid_as, count)`.
fn part_arg(value: &Bound<'_, PyAny>, index: usize) -> PyResult<PaymentPart> {
    let field = |field, what| Name::Field("payment", index, field, what);
    let [source, symbol, paid_as, count] = args::fields(
        value,
        Name::Item("payment", index),
        "(source, symbol, paid_as, count)",
    )?;
    Ok(PaymentPart {
        source: args::text(&source, field(0, "source"))?
            .parse::<Source>()
            .map_err(cost_error)?,
        symbol: one_symbol(&args::text(&symbol, field(1, "symbol"))?)?,
        paid_as: args::text(&paid_as, field(2, "paid_as"))?
            .parse::<PaidAs>()
            .map_err(cost_error)?,
        count: args::int(&count, field(3, "count"))?,
    })
}

/// Raises `IllegalPaymentError` unless `payment` (a `Payment` or a list of
/// `(source, symbol, paid_as, count)`) pays the total cost exactly.
#[pyfunction]
#[pyo3(signature = (cost, payment, *, pool=None, snow=None, life=0, convokers=Vec::new(), artifacts=0, graveyard=0, convoke=false, improvise=false, delve=false))]
#[allow(clippy::too_many_arguments)]
pub fn check_payment(
    cost: &Bound<'_, PyAny>,
    payment: &Bound<'_, PyAny>,
    pool: Option<&Bound<'_, PyAny>>,
    snow: Option<&Bound<'_, PyAny>>,
    #[pyo3(from_py_with = args::life)] life: i32,
    #[pyo3(from_py_with = args::convokers)] convokers: Vec<String>,
    #[pyo3(from_py_with = args::artifacts)] artifacts: u32,
    #[pyo3(from_py_with = args::graveyard)] graveyard: u32,
    #[pyo3(from_py_with = args::convoke)] convoke: bool,
    #[pyo3(from_py_with = args::improvise)] improvise: bool,
    #[pyo3(from_py_with = args::delve)] delve: bool,
) -> PyResult<()> {
    let total = total_arg(cost, Name::Arg("cost"))?;
    let resources = resources_arg(
        pool, snow, life, convokers, artifacts, graveyard, convoke, improvise, delve,
    )?;
    let parts = match payment.cast::<PyPayment>() {
        Ok(payment) => payment.get().payment.parts.clone(),
        Err(_) => args::items(payment, Name::Arg("payment"))?
            .iter()
            .enumerate()
            .map(|(index, part)| part_arg(part, index))
            .collect::<PyResult<Vec<_>>>()?,
    };
    guard(|| verify_payment(&total, &resources, &parts).map_err(cost_error))
}
