//! Keyword abilities that the kernels understand, as a copyable bit set.
//!
//! The set holds every keyword a keyword counter can be (122.1b), the
//! trample variant of 702.19c, defender (702.3), which matters for
//! declaring attackers, and infect and wither (702.90, 702.80), which
//! change what damage does.

use std::fmt;

/// One keyword ability.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Keyword {
    Flying = 0,
    FirstStrike,
    DoubleStrike,
    Deathtouch,
    Decayed,
    Exalted,
    Haste,
    Hexproof,
    Indestructible,
    Lifelink,
    Menace,
    Reach,
    Shadow,
    Trample,
    TrampleOverPlaneswalkers,
    Vigilance,
    Defender,
    Infect,
    Wither,
}

impl Keyword {
    /// Every keyword, in a fixed order (the order of the bits).
    pub const ALL: [Keyword; 19] = [
        Keyword::Flying,
        Keyword::FirstStrike,
        Keyword::DoubleStrike,
        Keyword::Deathtouch,
        Keyword::Decayed,
        Keyword::Exalted,
        Keyword::Haste,
        Keyword::Hexproof,
        Keyword::Indestructible,
        Keyword::Lifelink,
        Keyword::Menace,
        Keyword::Reach,
        Keyword::Shadow,
        Keyword::Trample,
        Keyword::TrampleOverPlaneswalkers,
        Keyword::Vigilance,
        Keyword::Defender,
        Keyword::Infect,
        Keyword::Wither,
    ];

    /// The keyword as printed on cards, in lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Keyword::Flying => "flying",
            Keyword::FirstStrike => "first strike",
            Keyword::DoubleStrike => "double strike",
            Keyword::Deathtouch => "deathtouch",
            Keyword::Decayed => "decayed",
            Keyword::Exalted => "exalted",
            Keyword::Haste => "haste",
            Keyword::Hexproof => "hexproof",
            Keyword::Indestructible => "indestructible",
            Keyword::Lifelink => "lifelink",
            Keyword::Menace => "menace",
            Keyword::Reach => "reach",
            Keyword::Shadow => "shadow",
            Keyword::Trample => "trample",
            Keyword::TrampleOverPlaneswalkers => "trample over planeswalkers",
            Keyword::Vigilance => "vigilance",
            Keyword::Defender => "defender",
            Keyword::Infect => "infect",
            Keyword::Wither => "wither",
        }
    }

    /// Parses a keyword name as printed (case-insensitive, `_` or `-` may stand for spaces).
    pub fn from_name(name: &str) -> Option<Keyword> {
        let normalized: String = name
            .trim()
            .chars()
            .map(|c| match c {
                '_' | '-' => ' ',
                c => c.to_ascii_lowercase(),
            })
            .collect();
        Keyword::ALL
            .into_iter()
            .find(|keyword| keyword.name() == normalized)
    }

    /// Whether a keyword counter can be this keyword (122.1b): every keyword
    /// listed there and its variants; defender, infect and wither are not
    /// among them.
    pub const fn can_be_a_counter(self) -> bool {
        !matches!(self, Keyword::Defender | Keyword::Infect | Keyword::Wither)
    }

    /// The variants a grant of this keyword also grants when an effect says
    /// "the same is true for" it (702.1c). Trample over planeswalkers is a
    /// variant of trample (702.19c).
    pub const fn variants(self) -> Keywords {
        match self {
            Keyword::Trample => Keywords::EMPTY.with(Keyword::TrampleOverPlaneswalkers),
            _ => Keywords::EMPTY,
        }
    }

    const fn bit(self) -> u32 {
        1 << (self as u8)
    }
}

impl fmt::Display for Keyword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of keywords. Multiple instances of a keyword are redundant
/// (702.2f, 702.4e, 702.7d, 702.15f, 702.19g ...), so a set is exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Keywords(u32);

impl Keywords {
    pub const EMPTY: Keywords = Keywords(0);
    /// Every keyword.
    pub const ALL: Keywords = Keywords(Keywords::all_bits());

    pub const fn from_bits(bits: u32) -> Keywords {
        Keywords(bits & Keywords::all_bits())
    }

    pub const fn bits(self) -> u32 {
        self.0
    }

    const fn all_bits() -> u32 {
        (1 << Keyword::ALL.len()) - 1
    }

    pub const fn contains(self, keyword: Keyword) -> bool {
        self.0 & keyword.bit() != 0
    }

    #[must_use]
    pub const fn with(self, keyword: Keyword) -> Keywords {
        Keywords(self.0 | keyword.bit())
    }

    #[must_use]
    pub const fn without(self, keyword: Keyword) -> Keywords {
        Keywords(self.0 & !keyword.bit())
    }

    /// Whether the two sets share a keyword.
    pub const fn intersects(self, other: Keywords) -> bool {
        self.0 & other.0 != 0
    }

    #[must_use]
    pub const fn union(self, other: Keywords) -> Keywords {
        Keywords(self.0 | other.0)
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Keyword> {
        Keyword::ALL
            .into_iter()
            .filter(move |keyword| self.contains(*keyword))
    }
}

impl FromIterator<Keyword> for Keywords {
    fn from_iter<I: IntoIterator<Item = Keyword>>(iter: I) -> Self {
        iter.into_iter().fold(Keywords::EMPTY, Keywords::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for keyword in Keyword::ALL {
            assert_eq!(Keyword::from_name(keyword.name()), Some(keyword));
        }
        assert_eq!(
            Keyword::from_name("First_Strike"),
            Some(Keyword::FirstStrike)
        );
        assert_eq!(Keyword::from_name("banding"), None);
    }

    #[test]
    fn bits_are_distinct_and_within_range() {
        let all: Keywords = Keyword::ALL.into_iter().collect();
        assert_eq!(all.iter().count(), Keyword::ALL.len());
        assert_eq!(Keywords::from_bits(u32::MAX), all);
    }

    #[test]
    fn every_122_1b_keyword_can_be_a_counter() {
        // 122.1b lists these fifteen keywords.
        for name in [
            "flying",
            "first strike",
            "double strike",
            "deathtouch",
            "decayed",
            "exalted",
            "haste",
            "hexproof",
            "indestructible",
            "lifelink",
            "menace",
            "reach",
            "shadow",
            "trample",
            "vigilance",
        ] {
            let keyword = Keyword::from_name(name).expect(name);
            assert!(keyword.can_be_a_counter(), "{name}");
        }
        for keyword in [Keyword::Defender, Keyword::Infect, Keyword::Wither] {
            assert!(!keyword.can_be_a_counter(), "{keyword}");
        }
    }

    #[test]
    fn trample_variants_include_trample_over_planeswalkers() {
        assert!(Keyword::Trample
            .variants()
            .contains(Keyword::TrampleOverPlaneswalkers));
        assert!(Keyword::Flying.variants().is_empty());
    }
}
