//! Colours, types of mana and mana symbols (105, 106.1, 107.4).

use std::fmt;

/// One of the five colours (105.1), in the order W, U, B, R, G.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    White = 0,
    Blue,
    Black,
    Red,
    Green,
}

impl Color {
    pub const ALL: [Color; 5] = [
        Color::White,
        Color::Blue,
        Color::Black,
        Color::Red,
        Color::Green,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter of its mana symbol (202.2a).
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Blue => 'U',
            Color::Black => 'B',
            Color::Red => 'R',
            Color::Green => 'G',
        }
    }

    pub const fn from_letter(letter: char) -> Option<Color> {
        match letter {
            'W' => Some(Color::White),
            'U' => Some(Color::Blue),
            'B' => Some(Color::Black),
            'R' => Some(Color::Red),
            'G' => Some(Color::Green),
            _ => None,
        }
    }

    pub const fn from_index(index: usize) -> Option<Color> {
        match index {
            0 => Some(Color::White),
            1 => Some(Color::Blue),
            2 => Some(Color::Black),
            3 => Some(Color::Red),
            4 => Some(Color::Green),
            _ => None,
        }
    }

    pub const fn mana(self) -> ManaType {
        match self {
            Color::White => ManaType::White,
            Color::Blue => ManaType::Blue,
            Color::Black => ManaType::Black,
            Color::Red => ManaType::Red,
            Color::Green => ManaType::Green,
        }
    }
}

/// A set of colours as a 5-bit mask (W = bit 0 ... G = bit 4). The empty
/// set is colourless.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Colors(u8);

impl Colors {
    pub const NONE: Colors = Colors(0);
    pub const ALL: Colors = Colors(0b1_1111);
    /// How many colour sets there are (2^5).
    pub const COUNT: usize = 32;

    /// `None` if `bits` has bits beyond the five colours.
    pub const fn from_bits(bits: u8) -> Option<Colors> {
        if bits < 32 {
            Some(Colors(bits))
        } else {
            None
        }
    }

    pub const fn bits(self) -> u8 {
        self.0
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn of(color: Color) -> Colors {
        Colors(1 << color as u8)
    }

    pub const fn contains(self, color: Color) -> bool {
        self.0 & (1 << color as u8) != 0
    }

    pub const fn with(self, color: Color) -> Colors {
        Colors(self.0 | (1 << color as u8))
    }

    pub const fn union(self, other: Colors) -> Colors {
        Colors(self.0 | other.0)
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The colours in W, U, B, R, G order.
    pub fn iter(self) -> impl Iterator<Item = Color> {
        Color::ALL.into_iter().filter(move |&c| self.contains(c))
    }

    /// Parses letters such as `"WU"` (any order, each at most once; `""`
    /// is colourless).
    pub fn parse(text: &str) -> Option<Colors> {
        let mut colors = Colors::NONE;
        for letter in text.chars() {
            let color = Color::from_letter(letter)?;
            if colors.contains(color) {
                return None;
            }
            colors = colors.with(color);
        }
        Some(colors)
    }
}

impl fmt::Display for Colors {
    /// The letters in W, U, B, R, G order; nothing for colourless.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for color in self.iter() {
            write!(f, "{}", color.letter())?;
        }
        Ok(())
    }
}

/// One of the six types of mana (106.1b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum ManaType {
    White = 0,
    Blue,
    Black,
    Red,
    Green,
    Colorless,
}

impl ManaType {
    pub const ALL: [ManaType; 6] = [
        ManaType::White,
        ManaType::Blue,
        ManaType::Black,
        ManaType::Red,
        ManaType::Green,
        ManaType::Colorless,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(index: usize) -> Option<ManaType> {
        match index {
            0 => Some(ManaType::White),
            1 => Some(ManaType::Blue),
            2 => Some(ManaType::Black),
            3 => Some(ManaType::Red),
            4 => Some(ManaType::Green),
            5 => Some(ManaType::Colorless),
            _ => None,
        }
    }

    /// Its colour; `None` for colorless mana.
    pub const fn color(self) -> Option<Color> {
        Color::from_index(self as usize)
    }

    pub const fn letter(self) -> char {
        match self.color() {
            Some(color) => color.letter(),
            None => 'C',
        }
    }

    pub const fn from_letter(letter: char) -> Option<ManaType> {
        match letter {
            'C' => Some(ManaType::Colorless),
            _ => match Color::from_letter(letter) {
                Some(color) => Some(color.mana()),
                None => None,
            },
        }
    }
}

/// The ten two-colour pairs of the hybrid symbols, written in the order
/// 107.4 lists them.
pub(crate) const PAIRS: [(Color, Color); 10] = [
    (Color::White, Color::Blue),
    (Color::White, Color::Black),
    (Color::Blue, Color::Black),
    (Color::Blue, Color::Red),
    (Color::Black, Color::Red),
    (Color::Black, Color::Green),
    (Color::Red, Color::Green),
    (Color::Red, Color::White),
    (Color::Green, Color::White),
    (Color::Green, Color::Blue),
];

/// The index in [`PAIRS`] of the pair `{a, b}`, in either order.
pub(crate) fn pair_index(a: Color, b: Color) -> Option<usize> {
    PAIRS
        .iter()
        .position(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b))
}

/// A kind of mana symbol (107.4). [`Symbol::Generic`] stands for one generic
/// mana: `{3}` is three of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symbol {
    /// `{X}` (107.3).
    X,
    /// One generic mana, part of a numerical symbol (107.4b).
    Generic,
    /// `{C}` (107.4c).
    Colorless,
    /// `{S}` (107.4h).
    Snow,
    /// `{W}` ... `{G}` (107.4a).
    Colored(Color),
    /// `{W/U}` ... (107.4e). The colours are in the order 107.4 writes them.
    Hybrid(Color, Color),
    /// `{2/W}` ...: one mana of the colour or two of any type (107.4e).
    TwoHybrid(Color),
    /// `{C/W}` ...: one colorless mana or one of the colour (107.4, 107.4e).
    ColorlessHybrid(Color),
    /// `{W/P}` ...: one mana of the colour or 2 life (107.4f).
    Phyrexian(Color),
    /// `{W/U/P}` ...: one mana of either colour or 2 life (107.4f).
    HybridPhyrexian(Color, Color),
}

const fn hybrid_at(index: usize) -> Symbol {
    Symbol::Hybrid(PAIRS[index].0, PAIRS[index].1)
}

const fn hybrid_phyrexian_at(index: usize) -> Symbol {
    Symbol::HybridPhyrexian(PAIRS[index].0, PAIRS[index].1)
}

impl Symbol {
    /// How many kinds of symbol there are.
    pub const COUNT: usize = 44;

    /// Every kind, in the canonical order a cost is printed in: X, generic,
    /// {C}, {S}, the five colours, then hybrid, {2/c}, {C/c}, Phyrexian and
    /// hybrid Phyrexian symbols, colours in W, U, B, R, G order and pairs in
    /// the order of 107.4. The position of a kind is its [`Symbol::index`].
    pub const ALL: [Symbol; Symbol::COUNT] = [
        Symbol::X,
        Symbol::Generic,
        Symbol::Colorless,
        Symbol::Snow,
        Symbol::Colored(Color::White),
        Symbol::Colored(Color::Blue),
        Symbol::Colored(Color::Black),
        Symbol::Colored(Color::Red),
        Symbol::Colored(Color::Green),
        hybrid_at(0),
        hybrid_at(1),
        hybrid_at(2),
        hybrid_at(3),
        hybrid_at(4),
        hybrid_at(5),
        hybrid_at(6),
        hybrid_at(7),
        hybrid_at(8),
        hybrid_at(9),
        Symbol::TwoHybrid(Color::White),
        Symbol::TwoHybrid(Color::Blue),
        Symbol::TwoHybrid(Color::Black),
        Symbol::TwoHybrid(Color::Red),
        Symbol::TwoHybrid(Color::Green),
        Symbol::ColorlessHybrid(Color::White),
        Symbol::ColorlessHybrid(Color::Blue),
        Symbol::ColorlessHybrid(Color::Black),
        Symbol::ColorlessHybrid(Color::Red),
        Symbol::ColorlessHybrid(Color::Green),
        Symbol::Phyrexian(Color::White),
        Symbol::Phyrexian(Color::Blue),
        Symbol::Phyrexian(Color::Black),
        Symbol::Phyrexian(Color::Red),
        Symbol::Phyrexian(Color::Green),
        hybrid_phyrexian_at(0),
        hybrid_phyrexian_at(1),
        hybrid_phyrexian_at(2),
        hybrid_phyrexian_at(3),
        hybrid_phyrexian_at(4),
        hybrid_phyrexian_at(5),
        hybrid_phyrexian_at(6),
        hybrid_phyrexian_at(7),
        hybrid_phyrexian_at(8),
        hybrid_phyrexian_at(9),
    ];

    /// The position of the kind in [`Symbol::ALL`]. A hybrid symbol whose
    /// colours are not one of the ten pairs (which the constructors below
    /// never build) maps to its pair in either order, or to the first pair.
    pub fn index(self) -> usize {
        match self {
            Symbol::X => 0,
            Symbol::Generic => 1,
            Symbol::Colorless => 2,
            Symbol::Snow => 3,
            Symbol::Colored(c) => 4 + c.index(),
            Symbol::Hybrid(a, b) => 9 + pair_index(a, b).unwrap_or(0),
            Symbol::TwoHybrid(c) => 19 + c.index(),
            Symbol::ColorlessHybrid(c) => 24 + c.index(),
            Symbol::Phyrexian(c) => 29 + c.index(),
            Symbol::HybridPhyrexian(a, b) => 34 + pair_index(a, b).unwrap_or(0),
        }
    }

    /// The hybrid symbol of two different colours, in the order of 107.4.
    pub fn hybrid(a: Color, b: Color) -> Option<Symbol> {
        pair_index(a, b).map(hybrid_at)
    }

    /// The hybrid Phyrexian symbol of two different colours (107.4f).
    pub fn hybrid_phyrexian(a: Color, b: Color) -> Option<Symbol> {
        pair_index(a, b).map(hybrid_phyrexian_at)
    }

    /// The colours of the symbol (202.2, 107.4e, 107.4f).
    pub fn colors(self) -> Colors {
        match self {
            Symbol::X | Symbol::Generic | Symbol::Colorless | Symbol::Snow => Colors::NONE,
            Symbol::Colored(c)
            | Symbol::TwoHybrid(c)
            | Symbol::ColorlessHybrid(c)
            | Symbol::Phyrexian(c) => Colors::of(c),
            Symbol::Hybrid(a, b) | Symbol::HybridPhyrexian(a, b) => Colors::of(a).with(b),
        }
    }

    /// Whether it can be paid with 2 life (107.4f).
    pub const fn is_phyrexian(self) -> bool {
        matches!(self, Symbol::Phyrexian(_) | Symbol::HybridPhyrexian(..))
    }

    /// What one of it adds to mana value off the stack (202.3, 202.3e–g).
    pub const fn mana_value(self) -> u64 {
        match self {
            Symbol::X => 0,
            Symbol::TwoHybrid(_) => 2,
            _ => 1,
        }
    }
}

impl fmt::Display for Symbol {
    /// As printed; [`Symbol::Generic`] is `{1}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Symbol::X => f.write_str("{X}"),
            Symbol::Generic => f.write_str("{1}"),
            Symbol::Colorless => f.write_str("{C}"),
            Symbol::Snow => f.write_str("{S}"),
            Symbol::Colored(c) => write!(f, "{{{}}}", c.letter()),
            Symbol::Hybrid(a, b) => write!(f, "{{{}/{}}}", a.letter(), b.letter()),
            Symbol::TwoHybrid(c) => write!(f, "{{2/{}}}", c.letter()),
            Symbol::ColorlessHybrid(c) => write!(f, "{{C/{}}}", c.letter()),
            Symbol::Phyrexian(c) => write!(f, "{{{}/P}}", c.letter()),
            Symbol::HybridPhyrexian(a, b) => write!(f, "{{{}/{}/P}}", a.letter(), b.letter()),
        }
    }
}
