//! A mana cost as printed: parsing, printing, colours and mana value
//! (107.3, 107.4, 202, 709.4).

use std::fmt;
use std::str::FromStr;

use super::error::CostError;
use super::symbol::{pair_index, Color, Colors, Symbol, PAIRS};

/// A mana cost: how many symbols of each kind it has (the generic count is
/// the amount of generic mana), or no mana cost at all (202.1b).
///
/// Two costs are equal when they have the same symbols, whatever order they
/// were written in: `{R}{1}` equals `{1}{R}`, and `{2}{3}` equals `{5}`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ManaCost {
    counts: [u32; Symbol::COUNT],
    none: bool,
}

/// Which part of a split card is on the stack (709.3, 702.102).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SplitCast {
    Left,
    Right,
    /// Both halves, cast with fuse (702.102a).
    Fused,
}

impl ManaCost {
    /// No mana cost (202.1b): printed as nothing, unpayable (118.6), mana
    /// value 0 (202.3a).
    pub const NONE: ManaCost = ManaCost {
        counts: [0; Symbol::COUNT],
        none: true,
    };

    /// `{0}` (107.4d).
    pub const ZERO: ManaCost = ManaCost {
        counts: [0; Symbol::COUNT],
        none: false,
    };

    /// Parses a mana cost as printed, e.g. `{X}{2}{W/U}{G/P}`; `""` is no
    /// mana cost. See [`ManaCost::parse`] for the grammar.
    pub fn parse(text: &str) -> Result<ManaCost, CostError> {
        Parser::new(text).cost()
    }

    /// A cost with `count` symbols of one kind added. For
    /// [`Symbol::Generic`], `count` is an amount of generic mana.
    pub fn with(self, symbol: Symbol, count: u32) -> Result<ManaCost, CostError> {
        let index = symbol.index();
        if Symbol::ALL[index] != symbol {
            return Err(CostError::InvalidInput {
                what: "a hybrid symbol needs two different colours that form one of the pairs of 107.4",
            });
        }
        let mut cost = self;
        cost.none = false;
        cost.counts[index] = cost.counts[index]
            .checked_add(count)
            .ok_or(CostError::Overflow {
                what: "a count of mana symbols",
            })?;
        Ok(cost)
    }

    /// How many symbols of this kind the cost has; for
    /// [`Symbol::Generic`], its amount of generic mana.
    pub fn count(&self, symbol: Symbol) -> u32 {
        let index = symbol.index();
        if Symbol::ALL[index] == symbol {
            self.counts[index]
        } else {
            0
        }
    }

    /// The counts in the order of [`Symbol::ALL`].
    pub fn counts(&self) -> &[u32; Symbol::COUNT] {
        &self.counts
    }

    pub(crate) fn counts_mut(&mut self) -> &mut [u32; Symbol::COUNT] {
        &mut self.counts
    }

    /// The amount of generic mana in numerical symbols (not counting X).
    pub fn generic(&self) -> u32 {
        self.counts[Symbol::Generic.index()]
    }

    /// Whether this is no mana cost (202.1b), as opposed to `{0}`.
    pub fn is_none(&self) -> bool {
        self.none
    }

    /// Whether it has no symbols other than `{0}` (or is no mana cost).
    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|&n| n == 0)
    }

    /// The kinds of symbol in the cost with their counts, in printing order.
    pub fn symbols(&self) -> impl Iterator<Item = (Symbol, u32)> + '_ {
        Symbol::ALL
            .iter()
            .zip(self.counts.iter())
            .filter(|(_, &n)| n > 0)
            .map(|(&symbol, &n)| (symbol, n))
    }

    /// The colours of an object with this mana cost (202.2, 202.2d).
    pub fn colors(&self) -> Colors {
        self.symbols().fold(Colors::NONE, |colors, (symbol, _)| {
            colors.union(symbol.colors())
        })
    }

    /// The combined mana cost of two halves (709.4b, 702.102c): every symbol
    /// of both. It is no mana cost only if neither half has one.
    pub fn plus(&self, other: &ManaCost) -> Result<ManaCost, CostError> {
        let mut cost = *self;
        for (count, &more) in cost.counts.iter_mut().zip(other.counts.iter()) {
            *count = count.checked_add(more).ok_or(CostError::Overflow {
                what: "a count of mana symbols",
            })?;
        }
        cost.none = self.none && other.none;
        Ok(cost)
    }

    /// Mana value while the object is not on the stack (202.3): X is 0
    /// (202.3e, 107.3g), a `{2/C}` symbol counts 2 (202.3f), every other
    /// symbol 1 (202.3g for Phyrexian mana). No mana cost is 0 (202.3a).
    pub fn mana_value(&self) -> u64 {
        // At most 44 kinds times 2 times 2^32: no overflow in u64.
        self.symbols()
            .map(|(symbol, count)| match symbol {
                Symbol::Generic => u64::from(count),
                _ => symbol.mana_value() * u64::from(count),
            })
            .sum()
    }

    /// Mana value while the object is a spell on the stack, with X the value
    /// chosen for it (202.3e).
    pub fn mana_value_on_stack(&self, x: i64) -> Result<u64, CostError> {
        let x = checked_x(x)?;
        let xs = u64::from(self.counts[Symbol::X.index()]) * u64::from(x);
        xs.checked_add(self.mana_value())
            .ok_or(CostError::Overflow {
                what: "a mana value",
            })
    }
}

/// X as the kernel counts it: not negative (107.1b), at most 2^32 - 1.
pub(crate) fn checked_x(x: i64) -> Result<u32, CostError> {
    if x < 0 {
        return Err(CostError::NegativeX { x });
    }
    u32::try_from(x).map_err(|_| CostError::Overflow { what: "X" })
}

/// The mana value of a split card (202.3d, 709.4b): the two halves combined
/// while it is not on the stack (`cast` is `None`); on the stack only the
/// half being cast (709.3b), or both for a fused split spell (702.102b).
/// `x` counts only on the stack, for the halves being cast.
pub fn split_mana_value(
    left: &ManaCost,
    right: &ManaCost,
    cast: Option<SplitCast>,
    x: i64,
) -> Result<u64, CostError> {
    let x = i64::from(checked_x(x)?);
    let total = match cast {
        None => Some(left.mana_value() + right.mana_value()),
        Some(SplitCast::Left) => Some(left.mana_value_on_stack(x)?),
        Some(SplitCast::Right) => Some(right.mana_value_on_stack(x)?),
        Some(SplitCast::Fused) => left
            .mana_value_on_stack(x)?
            .checked_add(right.mana_value_on_stack(x)?),
    };
    total.ok_or(CostError::Overflow {
        what: "a mana value",
    })
}

impl ManaCost {
    /// The length of its text (`to_string`) in bytes, computed without
    /// printing it: a cost of 2^31 symbols prints 6 GB.
    pub fn printed_len(&self) -> u64 {
        if self.none {
            return 0;
        }
        if self.is_empty() {
            return "{0}".len() as u64;
        }
        self.symbols()
            .map(|(symbol, count)| match symbol {
                Symbol::Generic => count.to_string().len() as u64 + 2,
                _ => symbol.to_string().len() as u64 * u64::from(count),
            })
            .sum()
    }
}

impl fmt::Display for ManaCost {
    /// The cost as printed, symbols in the canonical order of
    /// [`Symbol::ALL`], generic mana as one number. Nothing for no mana
    /// cost, `{0}` for a cost of no symbols.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.none {
            return Ok(());
        }
        if self.is_empty() {
            return f.write_str("{0}");
        }
        for (symbol, count) in self.symbols() {
            if symbol == Symbol::Generic {
                write!(f, "{{{count}}}")?;
            } else {
                for _ in 0..count {
                    write!(f, "{symbol}")?;
                }
            }
        }
        Ok(())
    }
}

impl fmt::Debug for ManaCost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.none {
            f.write_str("ManaCost(none)")
        } else {
            write!(f, "ManaCost({self})")
        }
    }
}

impl FromStr for ManaCost {
    type Err = CostError;

    fn from_str(text: &str) -> Result<ManaCost, CostError> {
        ManaCost::parse(text)
    }
}

/// Reads the grammar of printed mana costs, one symbol at a time:
///
/// ```text
/// cost    = "" | symbol+
/// symbol  = "{" body "}"
/// body    = number | "X" | "S" | "C" | "C/" color | "2/" color
///         | color | color "/P" | pair | pair "/P"
/// number  = "0" | [1-9][0-9]*          (at most 4294967295 in all)
/// color   = "W" | "U" | "B" | "R" | "G"
/// pair    = one of the ten hybrid pairs of 107.4, in its printed order
/// ```
///
/// No spaces, lower case or other orders (`{U/W}`) are accepted.
struct Parser<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    offset: usize,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Parser<'a> {
        Parser {
            chars: text.chars().peekable(),
            offset: 0,
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn bump(&mut self) -> Option<char> {
        let next = self.chars.next();
        if next.is_some() {
            self.offset += 1;
        }
        next
    }

    fn error(&self, expected: &'static str) -> CostError {
        CostError::ManaCostSyntax {
            offset: self.offset,
            expected,
        }
    }

    /// Consumes `wanted` or fails at the current character.
    fn expect(&mut self, wanted: char, expected: &'static str) -> Result<(), CostError> {
        if self.peek() == Some(wanted) {
            self.bump();
            Ok(())
        } else {
            Err(self.error(expected))
        }
    }

    fn color(&mut self) -> Result<Color, CostError> {
        match self.peek().and_then(Color::from_letter) {
            Some(color) => {
                self.bump();
                Ok(color)
            }
            None => Err(self.error("'W', 'U', 'B', 'R' or 'G'")),
        }
    }

    fn cost(mut self) -> Result<ManaCost, CostError> {
        if self.peek().is_none() {
            return Ok(ManaCost::NONE);
        }
        let mut cost = ManaCost::ZERO;
        while self.peek().is_some() {
            let start = self.offset;
            let (symbol, count) = self.symbol()?;
            cost = cost
                .with(symbol, count)
                .map_err(|_| CostError::ManaCostSyntax {
                    offset: start,
                    expected: "at most 4294967295 generic mana or symbols of a kind",
                })?;
        }
        Ok(cost)
    }

    /// One symbol: its kind and how many (an amount for generic mana).
    fn symbol(&mut self) -> Result<(Symbol, u32), CostError> {
        self.expect('{', "'{'")?;
        let Some(first) = self.peek() else {
            return Err(self.error("a mana symbol"));
        };
        let symbol = match first {
            '0'..='9' => return self.number(),
            'X' => {
                self.bump();
                Symbol::X
            }
            'S' => {
                self.bump();
                Symbol::Snow
            }
            'C' => {
                self.bump();
                if self.peek() == Some('/') {
                    self.bump();
                    Symbol::ColorlessHybrid(self.color()?)
                } else {
                    Symbol::Colorless
                }
            }
            _ => match Color::from_letter(first) {
                Some(color) => {
                    self.bump();
                    self.colored(color)?
                }
                None => return Err(self.error("a mana symbol")),
            },
        };
        let expected = match symbol {
            Symbol::Colorless => "'}' or '/'",
            Symbol::Colored(_) => "'}' or '/'",
            Symbol::Hybrid(..) => "'}' or '/'",
            _ => "'}'",
        };
        self.expect('}', expected)?;
        Ok((symbol, 1))
    }

    /// After a colour letter: `{c}`, `{c/P}`, `{c/d}` or `{c/d/P}`.
    fn colored(&mut self, color: Color) -> Result<Symbol, CostError> {
        if self.peek() != Some('/') {
            return Ok(Symbol::Colored(color));
        }
        self.bump();
        let partner = self
            .peek()
            .and_then(Color::from_letter)
            .filter(|&other| PAIRS.contains(&(color, other)));
        if self.peek() == Some('P') {
            self.bump();
            return Ok(Symbol::Phyrexian(color));
        }
        let Some(partner) = partner else {
            return Err(self.error(partners(color)));
        };
        self.bump();
        let symbol = Symbol::Hybrid(color, partner);
        debug_assert!(pair_index(color, partner).is_some());
        if self.peek() != Some('/') {
            return Ok(symbol);
        }
        self.bump();
        self.expect('P', "'P'")?;
        Ok(Symbol::HybridPhyrexian(color, partner))
    }

    /// A numerical symbol, or `{2/c}`. A number that is too large is
    /// reported at its first digit, once the symbol is known to be well
    /// formed.
    fn number(&mut self) -> Result<(Symbol, u32), CostError> {
        let start = self.offset;
        let mut value: Option<u32> = Some(0);
        let mut digits = 0;
        while let Some(digit) = self.peek().and_then(|c| c.to_digit(10)) {
            if digits == 1 && value == Some(0) {
                // No leading zeros: "{0}" is the only number starting with 0.
                return Err(self.error("'}'"));
            }
            value = value
                .and_then(|v| v.checked_mul(10))
                .and_then(|v| v.checked_add(digit));
            digits += 1;
            self.bump();
        }
        if digits == 1 && value == Some(2) && self.peek() == Some('/') {
            self.bump();
            let color = self.color()?;
            self.expect('}', "'}'")?;
            return Ok((Symbol::TwoHybrid(color), 1));
        }
        let expected = match (digits, value) {
            (1, Some(0)) => "'}'",
            (1, Some(2)) => "a digit, '/' or '}'",
            _ => "a digit or '}'",
        };
        self.expect('}', expected)?;
        let value = value.ok_or(CostError::ManaCostSyntax {
            offset: start,
            expected: "a number at most 4294967295",
        })?;
        Ok((Symbol::Generic, value))
    }
}

/// What may follow `{c/` for colour `c`.
fn partners(color: Color) -> &'static str {
    match color {
        Color::White => "'U', 'B' or 'P'",
        Color::Blue => "'B', 'R' or 'P'",
        Color::Black => "'R', 'G' or 'P'",
        Color::Red => "'G', 'W' or 'P'",
        Color::Green => "'W', 'U' or 'P'",
    }
}
