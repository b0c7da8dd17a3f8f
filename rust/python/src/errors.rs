//! The one place where core errors become Python exceptions. The classes
//! live in `mtgjudge.errors` so that they can inherit from both
//! `MtgJudgeError` and the matching builtin (`ValueError`).

use mtgjudge_core::cost::CostError;
use mtgjudge_core::CombatError;
use pyo3::exceptions::{PyOverflowError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyTuple, PyType};

/// The exception classes of `mtgjudge.errors` that the binding raises.
#[derive(Clone, Copy)]
pub enum ErrorClass {
    InvalidInput,
    IllegalAttack,
    IllegalBlock,
    IllegalDamageAssignment,
    IllegalAction,
    IllegalPayment,
    ManaCostSyntax,
    Internal,
}

impl ErrorClass {
    fn name(self) -> &'static str {
        match self {
            ErrorClass::InvalidInput => "InvalidInputError",
            ErrorClass::IllegalAttack => "IllegalAttackError",
            ErrorClass::IllegalBlock => "IllegalBlockError",
            ErrorClass::IllegalDamageAssignment => "IllegalDamageAssignmentError",
            ErrorClass::IllegalAction => "IllegalActionError",
            ErrorClass::IllegalPayment => "IllegalPaymentError",
            ErrorClass::ManaCostSyntax => "ManaCostSyntaxError",
            ErrorClass::Internal => "InternalError",
        }
    }

    fn cell(self) -> &'static PyOnceLock<Py<PyType>> {
        static INVALID_INPUT: PyOnceLock<Py<PyType>> = PyOnceLock::new();
        static ILLEGAL_ATTACK: PyOnceLock<Py<PyType>> = PyOnceLock::new();
        static ILLEGAL_BLOCK: PyOnceLock<Py<PyType>> = PyOnceLock::new();
        static ILLEGAL_ASSIGNMENT: PyOnceLock<Py<PyType>> = PyOnceLock::new();
        static ILLEGAL_ACTION: PyOnceLock<Py<PyType>> = PyOnceLock::new();
        static ILLEGAL_PAYMENT: PyOnceLock<Py<PyType>> = PyOnceLock::new();
        static MANA_COST_SYNTAX: PyOnceLock<Py<PyType>> = PyOnceLock::new();
        static INTERNAL: PyOnceLock<Py<PyType>> = PyOnceLock::new();
        match self {
            ErrorClass::InvalidInput => &INVALID_INPUT,
            ErrorClass::IllegalAttack => &ILLEGAL_ATTACK,
            ErrorClass::IllegalBlock => &ILLEGAL_BLOCK,
            ErrorClass::IllegalDamageAssignment => &ILLEGAL_ASSIGNMENT,
            ErrorClass::IllegalAction => &ILLEGAL_ACTION,
            ErrorClass::IllegalPayment => &ILLEGAL_PAYMENT,
            ErrorClass::ManaCostSyntax => &MANA_COST_SYNTAX,
            ErrorClass::Internal => &INTERNAL,
        }
    }

    /// The exception, with `rule` and `fault` passed to its constructor.
    pub fn err(
        self,
        message: String,
        rule: Option<&'static str>,
        fault: Option<&'static str>,
    ) -> PyErr {
        Python::attach(
            |py| match self.cell().import(py, "mtgjudge.errors", self.name()) {
                Ok(class) if rule.is_none() && fault.is_none() => {
                    PyErr::from_type(class.clone(), (message,))
                }
                Ok(class) => PyErr::from_type(class.clone(), (message, rule, fault)),
                Err(import_error) => PyRuntimeError::new_err(format!(
                    "{message} (and mtgjudge.errors could not be imported: {import_error})"
                )),
            },
        )
    }
}

pub fn invalid_input(message: impl Into<String>) -> PyErr {
    ErrorClass::InvalidInput.err(message.into(), None, None)
}

/// `mtgjudge._core.OutOfRangeError`: an integer argument outside the range
/// the kernel takes. It is an `InvalidInputError` (so a `ValueError`) and,
/// as Python's own conversions of integers too large say, an
/// `OverflowError`.
pub fn out_of_range_class(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    CLASS
        .get_or_try_init(py, || {
            let invalid = py.import("mtgjudge.errors")?.getattr("InvalidInputError")?;
            let bases = PyTuple::new(py, [invalid, py.get_type::<PyOverflowError>().into_any()])?;
            let class = py
                .import("types")?
                .call_method1("new_class", ("OutOfRangeError", bases))?;
            class.setattr("__module__", "mtgjudge._core")?;
            class.setattr(
                "__doc__",
                "An integer argument outside the range the kernel takes: an \
                 InvalidInputError (a ValueError) and an OverflowError.",
            )?;
            Ok(class.cast_into::<PyType>()?.unbind())
        })
        .map(|class| class.bind(py))
}

/// An `OutOfRangeError` with this message.
pub fn out_of_range(message: String) -> PyErr {
    Python::attach(|py| match out_of_range_class(py) {
        Ok(class) => PyErr::from_type(class.clone(), (message,)),
        Err(_) => invalid_input(message),
    })
}

pub fn combat_error(error: CombatError) -> PyErr {
    let class = match error {
        CombatError::UnknownObject { .. }
        | CombatError::NotOnBattlefield { .. }
        | CombatError::NothingAssigned
        | CombatError::NotInGame { .. }
        | CombatError::InvalidDamageChange { .. } => ErrorClass::InvalidInput,
        CombatError::IllegalAttack { .. } => ErrorClass::IllegalAttack,
        CombatError::IllegalBlock { .. } => ErrorClass::IllegalBlock,
        CombatError::IllegalAssignment { .. } => ErrorClass::IllegalDamageAssignment,
        CombatError::AlreadyDeclared { .. }
        | CombatError::NoDamageStepLeft
        | CombatError::GameOver => ErrorClass::IllegalAction,
    };
    class.err(error.to_string(), error.rule(), error.fault_name())
}

/// Cost errors: a malformed mana cost is a `ManaCostSyntaxError` (with
/// `offset` and `expected`), an illegal payment an `IllegalPaymentError`
/// (with `rule` and `fault`), anything else an `InvalidInputError`.
pub fn cost_error(error: CostError) -> PyErr {
    cost_error_in(error, None)
}

/// [`cost_error`] for a cost given as the argument `name`, which the
/// message names first.
pub fn cost_error_at(error: CostError, name: impl std::fmt::Display) -> PyErr {
    cost_error_in(error, Some(name.to_string()))
}

fn cost_error_in(error: CostError, name: Option<String>) -> PyErr {
    let message = match name {
        Some(name) => format!("{name}: {error}"),
        None => error.to_string(),
    };
    match error {
        CostError::ManaCostSyntax { offset, expected } => {
            let class = ErrorClass::ManaCostSyntax;
            Python::attach(
                |py| match class.cell().import(py, "mtgjudge.errors", class.name()) {
                    Ok(class) => PyErr::from_type(class.clone(), (message, offset, expected)),
                    Err(import_error) => PyRuntimeError::new_err(format!(
                        "{message} (and mtgjudge.errors could not be imported: {import_error})"
                    )),
                },
            )
        }
        CostError::IllegalPayment { .. } => {
            ErrorClass::IllegalPayment.err(message, error.rule(), error.fault_name())
        }
        _ => ErrorClass::InvalidInput.err(message, None, None),
    }
}

/// Runs `f`, turning a Rust panic into `mtgjudge.errors.InternalError` so
/// that no panic ever crosses into Python.
pub fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(payload) => {
            let detail = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_owned());
            Err(ErrorClass::Internal.err(
                format!("internal error in mtgjudge-core: {detail}"),
                None,
                None,
            ))
        }
    }
}
