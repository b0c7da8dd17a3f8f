//! `mtgjudge._core`: a thin PyO3 binding over `mtgjudge-core`. It converts
//! values, releases the GIL for batches, and maps core errors onto
//! `mtgjudge.errors` (see `errors.rs`).

mod combat;
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
    module.add_class::<combat::PyCombat>()?;
    module.add_class::<combat::CreatureView>()?;
    module.add_class::<combat::StepEvents>()?;
    module.add_function(wrap_pyfunction!(party::party_types, module)?)?;
    module.add_function(wrap_pyfunction!(party::party_size, module)?)?;
    Ok(())
}
