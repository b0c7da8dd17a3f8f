//! The number of creatures in a player's party (700.8).
//!
//! A party has up to one Cleric, one Rogue, one Warrior and one Wizard, and
//! each creature fills at most one of those roles (700.8b). The number is the
//! largest such assignment; the player can't choose a smaller one (700.8a,
//! 700.8b). It is a maximum bipartite matching between creatures and four
//! roles, small enough to solve exactly by tracking which sets of roles can
//! be filled.

/// A creature's party types as a bit set: one bit per role.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PartyTypes(u8);

impl PartyTypes {
    pub const NONE: PartyTypes = PartyTypes(0);
    pub const CLERIC: PartyTypes = PartyTypes(1);
    pub const ROGUE: PartyTypes = PartyTypes(1 << 1);
    pub const WARRIOR: PartyTypes = PartyTypes(1 << 2);
    pub const WIZARD: PartyTypes = PartyTypes(1 << 3);
    /// A creature with every creature type (changeling) can fill any role.
    pub const ALL: PartyTypes = PartyTypes(0b1111);

    /// The roles, in bit order, with their creature types' names.
    pub const ROLES: [(&'static str, PartyTypes); 4] = [
        ("Cleric", PartyTypes::CLERIC),
        ("Rogue", PartyTypes::ROGUE),
        ("Warrior", PartyTypes::WARRIOR),
        ("Wizard", PartyTypes::WIZARD),
    ];

    /// The roles from the low four bits; other bits are ignored.
    pub const fn from_bits(bits: u8) -> PartyTypes {
        PartyTypes(bits & 0b1111)
    }

    pub const fn bits(self) -> u8 {
        self.0
    }

    #[must_use]
    pub const fn union(self, other: PartyTypes) -> PartyTypes {
        PartyTypes(self.0 | other.0)
    }

    /// The party types among a creature's creature types (case-sensitive, as printed).
    pub fn from_creature_types<'a>(types: impl IntoIterator<Item = &'a str>) -> PartyTypes {
        types.into_iter().fold(PartyTypes::NONE, |found, name| {
            PartyTypes::ROLES
                .iter()
                .find(|(role, _)| *role == name)
                .map_or(found, |(_, bit)| found.union(*bit))
        })
    }
}

/// The states (sets of filled roles) that can't contain `role`, for each
/// role: bit `s` is set when state `s` lacks the role.
const LACKING: [u16; 4] = lacking_masks();

const fn lacking_masks() -> [u16; 4] {
    let mut masks = [0u16; 4];
    let mut role = 0;
    while role < 4 {
        let mut state = 0;
        while state < 16 {
            if state & (1 << role) == 0 {
                masks[role] |= 1 << state;
            }
            state += 1;
        }
        role += 1;
    }
    masks
}

/// The states with at least `k` roles filled, for each `k`: bit `s` of
/// `AT_LEAST[k]` is set when state `s` has `k` bits or more.
const AT_LEAST: [u16; 5] = at_least();

const fn at_least() -> [u16; 5] {
    let mut masks = [0u16; 5];
    let mut state = 0;
    while state < 16 {
        let roles = (state as u32).count_ones() as usize;
        let mut k = 0;
        while k <= roles {
            masks[k] |= 1 << state;
            k += 1;
        }
        state += 1;
    }
    masks
}

/// For a set of reachable states, the largest party among them: how many
/// of "some reachable state has at least k roles" hold, for k = 1 to 4.
const fn largest_party(reachable: u16) -> u8 {
    (reachable & AT_LEAST[1] != 0) as u8
        + (reachable & AT_LEAST[2] != 0) as u8
        + (reachable & AT_LEAST[3] != 0) as u8
        + (reachable & AT_LEAST[4] != 0) as u8
}

/// The number of creatures in the party of a player who controls creatures
/// with these party types (700.8): between 0 and 4.
pub fn party_size(creatures: impl IntoIterator<Item = PartyTypes>) -> u8 {
    // Bit `s` of `reachable` is set when the roles in `s` can be filled by
    // distinct creatures seen so far. Initially only the empty party is.
    let mut reachable: u16 = 1;
    for creature in creatures {
        let types = u16::from(creature.bits());
        let mut next = reachable;
        for (role, lacking) in LACKING.iter().enumerate() {
            // If this creature has `role`, it fills it in any state that
            // lacks it: state s becomes s | role, which is index
            // s + (1 << role). (Without branches: whether a creature has a
            // type is hard to predict.)
            let has = 0u16.wrapping_sub((types >> role) & 1);
            next |= ((reachable & lacking) << (1u16 << role)) & has;
        }
        reachable = next;
        if reachable & (1 << 15) != 0 {
            return 4; // a full party (700.8c)
        }
    }
    largest_party(reachable)
}

#[cfg(test)]
mod tests {
    use super::*;

    const C: PartyTypes = PartyTypes::CLERIC;
    const R: PartyTypes = PartyTypes::ROGUE;
    const WA: PartyTypes = PartyTypes::WARRIOR;
    const WI: PartyTypes = PartyTypes::WIZARD;

    #[test]
    fn nobody_means_zero() {
        assert_eq!(party_size([]), 0);
        assert_eq!(party_size([PartyTypes::NONE, PartyTypes::NONE]), 0);
    }

    #[test]
    fn one_of_each_is_a_full_party() {
        assert_eq!(party_size([C, R, WA, WI]), 4);
    }

    #[test]
    fn a_creature_counts_once() {
        // 700.8b: a Cleric Wizard alone is a party of one.
        assert_eq!(party_size([C.union(WI)]), 1);
        assert_eq!(party_size([PartyTypes::ALL]), 1);
    }

    #[test]
    fn the_highest_count_is_used() {
        // The seed ruling: a Cleric and a Cleric Wizard make a party of two.
        assert_eq!(party_size([C, C.union(WI)]), 2);
        assert_eq!(party_size([C.union(WI), C]), 2);
    }

    #[test]
    fn two_of_one_type_fill_one_role() {
        assert_eq!(party_size([WA, WA, WA]), 1);
    }

    #[test]
    fn a_matching_not_a_greedy_count() {
        // Greedily giving the first creature the Cleric role would miss
        // the assignment Rogue, Cleric, Warrior.
        assert_eq!(party_size([C.union(R), C, R.union(WA)]), 3);
        assert_eq!(party_size([PartyTypes::ALL, PartyTypes::ALL, C, C]), 3);
    }

    #[test]
    fn types_by_name() {
        assert_eq!(
            PartyTypes::from_creature_types(["Human", "Cleric", "Wizard"]),
            C.union(WI)
        );
        assert_eq!(PartyTypes::from_creature_types(["Elf"]), PartyTypes::NONE);
    }

    #[test]
    fn adding_a_creature_never_lowers_the_count() {
        let all: Vec<PartyTypes> = (0..16).map(PartyTypes::from_bits).collect();
        for a in &all {
            for b in &all {
                for c in &all {
                    let before = party_size([*a, *b]);
                    assert!(party_size([*a, *b, *c]) >= before);
                }
            }
        }
    }
}
