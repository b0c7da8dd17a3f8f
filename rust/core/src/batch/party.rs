//! A batch of party sizes (700.8): one row per creature, with its
//! party-type mask (bit 0 Cleric, 1 Rogue, 2 Warrior, 3 Wizard), and an
//! offsets array grouping the rows into parties: party `p` is rows
//! `offsets[p]..offsets[p + 1]`.

use crate::batch::{check_len, BatchError, Offsets, Unit};
use crate::party::{party_size, PartyTypes};

/// The input columns of a batch of parties.
#[derive(Clone, Copy, Debug)]
pub struct PartyColumns<'a> {
    pub offsets: &'a [u32],
    pub types: &'a [u8],
}

/// `sizes[p]` is the size of party `p` (0 to 4). `first_party` is the number
/// of the first party in the whole batch, for errors, when this is a range
/// of a larger batch.
pub fn party_sizes(
    input: &PartyColumns<'_>,
    sizes: &mut [u8],
    first_party: usize,
) -> Result<(), BatchError> {
    let offsets = Offsets {
        offsets: input.offsets,
        column: "offsets",
    };
    let (first_row, rows) = offsets.check(first_party)?;
    check_len("types", input.types.len(), rows, "one per row")?;
    check_len("sizes (out)", sizes.len(), offsets.items(), "one per party")?;
    if let Some(bad) = input.types.iter().position(|&types| types > 0b1111) {
        return Err(BatchError::at(
            Unit::Row,
            first_row + bad,
            "types",
            format!(
                "{} is not a party-type mask (four bits: Cleric, Rogue, Warrior, Wizard)",
                input.types[bad]
            ),
        ));
    }
    for (party, size) in sizes.iter_mut().enumerate() {
        let start = input.offsets[party] as usize - first_row;
        let end = input.offsets[party + 1] as usize - first_row;
        *size = party_size(
            input.types[start..end]
                .iter()
                .map(|&bits| PartyTypes::from_bits(bits)),
        );
    }
    Ok(())
}
