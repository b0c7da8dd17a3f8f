//! `mtgjudge._core`: a thin PyO3 binding over `mtgjudge-core`. It converts
//! values, releases the GIL for batches, and maps core errors onto
//! `mtgjudge.errors` (see `errors.rs`).

mod args;
mod batch;
mod combat;
mod cost;
mod errors;
mod party;

use mtgjudge_core::Keyword;
use pyo3::prelude::*;

/// Keyword names in the order of their bits in a keyword mask.
fn keyword_names() -> Vec<&'static str> {
    Keyword::ALL.iter().map(|keyword| keyword.name()).collect()
}

#[pymodule]
fn _core(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add("KEYWORDS", keyword_names())?;
    module.add("COMBAT_STATUS", batch::combat_statuses())?;
    module.add("OutOfRangeError", errors::out_of_range_class(module.py())?)?;
    module.add_function(wrap_pyfunction!(batch::resolve_combats, module)?)?;
    module.add_function(wrap_pyfunction!(batch::can_pay_batch, module)?)?;
    module.add_function(wrap_pyfunction!(batch::party_sizes, module)?)?;
    module.add_class::<combat::PyCombat>()?;
    module.add_class::<combat::PyDamageSource>()?;
    module.add_class::<combat::CreatureView>()?;
    module.add_class::<combat::StepEvents>()?;
    module.add_function(wrap_pyfunction!(party::party_types, module)?)?;
    module.add_function(wrap_pyfunction!(party::party_size, module)?)?;
    module.add_class::<cost::PyManaCost>()?;
    module.add_class::<cost::PyManaPool>()?;
    module.add_class::<cost::PyTotalCost>()?;
    module.add_class::<cost::PyPayment>()?;
    module.add_class::<cost::PyShortfall>()?;
    module.add_class::<cost::PaymentResult>()?;
    module.add_function(wrap_pyfunction!(cost::parse_mana_cost, module)?)?;
    module.add_function(wrap_pyfunction!(cost::mana_value, module)?)?;
    module.add_function(wrap_pyfunction!(cost::mana_value_of_split, module)?)?;
    module.add_function(wrap_pyfunction!(cost::total_cost, module)?)?;
    module.add_function(wrap_pyfunction!(cost::can_pay, module)?)?;
    module.add_function(wrap_pyfunction!(cost::find_payment, module)?)?;
    module.add_function(wrap_pyfunction!(cost::enumerate_payments, module)?)?;
    module.add_function(wrap_pyfunction!(cost::check_payment, module)?)?;
    Ok(())
}
