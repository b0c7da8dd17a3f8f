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
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{cost_error, guard, invalid_input};

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
    #[pyo3(signature = (text=""))]
    fn new(text: &str) -> PyResult<Self> {
        ManaCost::parse(text).map(PyManaCost).map_err(cost_error)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("ManaCost('{}')", self.0)
    }

    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, (String,))> {
        let class = slf.get_type().into_any().unbind();
        Ok((class, (slf.get().0.to_string(),)))
    }

    /// Mana value (202.3): off the stack X is 0, on the stack it is `x`.
    #[pyo3(signature = (on_stack=false, x=0))]
    fn mana_value(&self, on_stack: bool, x: i64) -> PyResult<u64> {
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
    fn count(&self, symbol: &str) -> PyResult<u32> {
        Ok(self.0.count(one_symbol(symbol)?))
    }

    /// The combined cost of two halves (709.4b).
    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyManaCost> {
        let other = cost_arg(other)?;
        self.0.plus(&other).map(PyManaCost).map_err(cost_error)
    }
}

/// The same as `ManaCost(text)`.
#[pyfunction]
pub fn parse_mana_cost(text: &str) -> PyResult<PyManaCost> {
    PyManaCost::new(text)
}

/// A `ManaCost` or a string.
fn cost_arg(value: &Bound<'_, PyAny>) -> PyResult<ManaCost> {
    if let Ok(cost) = value.cast::<PyManaCost>() {
        return Ok(cost.get().0);
    }
    let text: String = value
        .extract()
        .map_err(|_| PyTypeError::new_err("a mana cost is a ManaCost or a string"))?;
    ManaCost::parse(&text).map_err(cost_error)
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
    cast: Option<&str>,
    x: i64,
) -> PyResult<u64> {
    let cast = match cast {
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
    split_mana_value(&cost_arg(left)?, &cost_arg(right)?, cast, x).map_err(cost_error)
}

/// The mana value of an object whose existing faces have these mana costs
/// (`None` or `""` is no mana cost): one face (202.3), or both halves of a
/// split card, combined off the stack (202.3d, 709.4b) and on the stack as a
/// fused split spell (702.102b). X counts only on the stack (202.3e).
#[pyfunction]
#[pyo3(signature = (costs, *, on_stack=false, x=0))]
pub fn mana_value(costs: Vec<Option<Bound<'_, PyAny>>>, on_stack: bool, x: i64) -> PyResult<u64> {
    let faces = costs
        .iter()
        .map(|cost| cost.as_ref().map_or(Ok(ManaCost::NONE), cost_arg))
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
    fn parse(text: &str) -> PyResult<PyManaPool> {
        let cost = ManaCost::parse(text).map_err(cost_error)?;
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

    /// The pool as mana symbols in WUBRG order, then `{C}`.
    fn __str__(&self) -> String {
        let mut text = String::new();
        for mana in ManaType::ALL {
            for _ in 0..self.0.mana[mana.index()] {
                text.push('{');
                text.push(mana.letter());
                text.push('}');
            }
        }
        text
    }

    fn __repr__(&self) -> String {
        format!("ManaPool.parse('{}')", self.__str__())
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

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("TotalCost('{}')", self.0)
    }
}

fn reduction_arg(value: &Bound<'_, PyAny>) -> PyResult<Reduction> {
    if let Ok(amount) = value.extract::<i64>() {
        let amount = u32::try_from(amount)
            .map_err(|_| invalid_input(format!("a reduction of {amount} generic mana")))?;
        return Ok(Reduction::generic(amount));
    }
    Reduction::from_cost(&cost_arg(value)?).map_err(cost_error)
}

/// The total cost (601.2f). `reductions` are amounts of generic mana or
/// mana costs such as `"{W}"`; `affinity` has one count per instance.
#[pyfunction]
#[pyo3(signature = (mana_cost, *, x=0, alternative=None, additional=Vec::new(), increases=Vec::new(), reductions=Vec::new(), affinity=Vec::new()))]
#[allow(clippy::too_many_arguments)]
pub fn total_cost(
    mana_cost: &Bound<'_, PyAny>,
    x: i64,
    alternative: Option<&Bound<'_, PyAny>>,
    additional: Vec<Bound<'_, PyAny>>,
    increases: Vec<Bound<'_, PyAny>>,
    reductions: Vec<Bound<'_, PyAny>>,
    affinity: Vec<i64>,
) -> PyResult<PyTotalCost> {
    let mana_cost = cost_arg(mana_cost)?;
    let alternative = alternative.map(cost_arg).transpose()?;
    let additional = additional
        .iter()
        .map(cost_arg)
        .collect::<PyResult<Vec<_>>>()?;
    let increases = increases
        .iter()
        .map(cost_arg)
        .collect::<PyResult<Vec<_>>>()?;
    let reductions = reductions
        .iter()
        .map(reduction_arg)
        .collect::<PyResult<Vec<_>>>()?;
    let affinity = affinity
        .into_iter()
        .map(|count| {
            u32::try_from(count).map_err(|_| invalid_input(format!("an affinity count of {count}")))
        })
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
pub(crate) fn total_arg(value: &Bound<'_, PyAny>) -> PyResult<TotalCost> {
    if let Ok(total) = value.cast::<PyTotalCost>() {
        return Ok(total.get().0);
    }
    TotalCost::of(&cost_arg(value)?).map_err(cost_error)
}

/// Mana counts from a `ManaPool`, `"WWU"`, `{"W": 2, "U": 1}` or six numbers.
fn mana_arg(value: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<[u32; 6]> {
    let mut counts = [0u32; 6];
    let Some(value) = value else {
        return Ok(counts);
    };
    if let Ok(pool) = value.cast::<PyManaPool>() {
        return Ok(pool.get().0.mana);
    }
    if let Ok(text) = value.extract::<String>() {
        for letter in text.chars() {
            let mana = ManaType::from_letter(letter).ok_or_else(|| {
                invalid_input(format!("{what}: {letter:?} is not one of W, U, B, R, G, C"))
            })?;
            counts[mana.index()] += 1;
        }
    } else if let Ok(dict) = value.cast::<PyDict>() {
        for (key, count) in dict.iter() {
            let key: String = key.extract()?;
            let mut letters = key.chars();
            let mana = match (
                letters.next().and_then(ManaType::from_letter),
                letters.next(),
            ) {
                (Some(mana), None) => mana,
                _ => {
                    return Err(invalid_input(format!(
                        "{what}: {key:?} is not one of W, U, B, R, G, C"
                    )))
                }
            };
            counts[mana.index()] = count
                .extract()
                .map_err(|_| invalid_input(format!("{what}: a count is a number 0..2^32")))?;
        }
    } else {
        let list: Vec<u32> = value.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "{what} is a string of mana letters, a dict or six counts"
            ))
        })?;
        counts = list
            .try_into()
            .map_err(|_| invalid_input(format!("{what}: six counts, W U B R G C")))?;
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
    life: i32,
    convokers: Vec<String>,
    artifacts: u32,
    graveyard: u32,
    convoke: bool,
    improvise: bool,
    delve: bool,
) -> PyResult<bool> {
    let total = total_arg(cost)?;
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
    life: i32,
    convokers: Vec<String>,
    artifacts: u32,
    graveyard: u32,
    convoke: bool,
    improvise: bool,
    delve: bool,
) -> PyResult<PaymentResult> {
    let total = total_arg(cost)?;
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
    limit: usize,
    pool: Option<&Bound<'_, PyAny>>,
    snow: Option<&Bound<'_, PyAny>>,
    life: i32,
    convokers: Vec<String>,
    artifacts: u32,
    graveyard: u32,
    convoke: bool,
    improvise: bool,
    delve: bool,
) -> PyResult<Vec<PyPayment>> {
    let total = total_arg(cost)?;
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

fn part_arg(value: (String, String, String, u64)) -> PyResult<PaymentPart> {
    let (source, symbol, paid_as, count) = value;
    Ok(PaymentPart {
        source: source.parse::<Source>().map_err(cost_error)?,
        symbol: one_symbol(&symbol)?,
        paid_as: paid_as.parse::<PaidAs>().map_err(cost_error)?,
        count,
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
    life: i32,
    convokers: Vec<String>,
    artifacts: u32,
    graveyard: u32,
    convoke: bool,
    improvise: bool,
    delve: bool,
) -> PyResult<()> {
    let total = total_arg(cost)?;
    let resources = resources_arg(
        pool, snow, life, convokers, artifacts, graveyard, convoke, improvise, delve,
    )?;
    let parts = match payment.cast::<PyPayment>() {
        Ok(payment) => payment.get().payment.parts.clone(),
        Err(_) => {
            let tuples: Vec<(String, String, String, u64)> = payment.extract().map_err(|_| {
                PyTypeError::new_err(
                    "a payment is a Payment or a list of (source, symbol, paid_as, count)",
                )
            })?;
            tuples
                .into_iter()
                .map(part_arg)
                .collect::<PyResult<Vec<_>>>()?
        }
    };
    guard(|| verify_payment(&total, &resources, &parts).map_err(cost_error))
}
