//! Party size (700.8) for Python.

use mtgjudge_core::{party_size as core_party_size, PartyTypes};
use pyo3::prelude::*;

use crate::args;
use crate::errors::invalid_input;

/// The party types among creature type names, as a mask (bit 0 Cleric,
/// 1 Rogue, 2 Warrior, 3 Wizard).
#[pyfunction]
pub fn party_types(#[pyo3(from_py_with = args::creature_types)] creature_types: Vec<String>) -> u8 {
    PartyTypes::from_creature_types(creature_types.iter().map(String::as_str)).bits()
}

/// The number of creatures in a party, from each creature's party-type mask.
#[pyfunction]
pub fn party_size(#[pyo3(from_py_with = args::party_masks)] creatures: Vec<u8>) -> PyResult<u8> {
    if let Some(bad) = creatures.iter().find(|mask| **mask > 0b1111) {
        return Err(invalid_input(format!(
            "a party-type mask has four bits (Cleric, Rogue, Warrior, Wizard); {bad} has more"
        )));
    }
    Ok(core_party_size(
        creatures.into_iter().map(PartyTypes::from_bits),
    ))
}
