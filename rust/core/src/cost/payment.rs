//! Paying a total cost (601.2g–h): mana from the pool, 2 life for
//! Phyrexian mana (107.4f, 119.4), snow mana for `{S}` (107.4h), creatures
//! for convoke (702.51), artifacts for improvise (702.126) and graveyard
//! cards for delve (702.66).
//!
//! # The matching problem
//!
//! Resources come in classes that are interchangeable within the class:
//! mana of each type (snow or not), creatures of each colour set (32),
//! artifacts, graveyard cards, life (2 per unit) and pending reductions of
//! each type. Requirements come in classes too: generic mana, each colour,
//! `{C}`, each hybrid pair, `{2/C}` paid with its colour or as `{2}`,
//! `{C/C}`, Phyrexian and hybrid Phyrexian symbols, and `{S}`. A resource
//! class can pay a requirement class or not (see [`PaidAs`]). Once the
//! number of `{2/C}` symbols of each colour paid as `{2}` is fixed, paying
//! is a transportation problem, decided exactly by a maximum flow; the
//! kernel tries every split of the `{2/C}` symbols (at most 4096).
//!
//! # Which payment is returned
//!
//! [`PaymentSolver::find_payment`] spends pending reductions first, then
//! mana from the pool, then creatures (convoke), artifacts (improvise),
//! graveyard cards (delve), and pays life only for what nothing else can
//! pay: each class is used as much as possible before the next is touched.
//! `{2/C}` symbols are paid with their colour when that works.
//!
//! # A shortfall
//!
//! When a cost can't be paid, [`Shortfall`] says how much of each
//! requirement is left unpaid by a largest partial payment, one that pays
//! the colored, colorless, hybrid, Phyrexian and snow requirements first and
//! generic mana last. The total missing is the same for every largest
//! partial payment; how it splits between requirements is one explanation.
//!
//! # Distinct payments
//!
//! A payment is a multiset of (resource class, symbol, how) triples, where
//! the resource class is e.g. "white mana from a snow source" or "a creature
//! that is green and white", and "how" only tells apart a `{2/C}` paid with
//! its colour from one paid as `{2}`. Two payments are the same when the
//! multisets are: creatures of the same colours, and symbols of the same
//! kind, are not told apart, nor is the colour a multicoloured creature
//! pays a hybrid symbol as. [`PaymentSolver::enumerate_payments`] lists
//! distinct payments. Where a pending reduction could go unused (because
//! the announcement of a hybrid or Phyrexian symbol leaves it nothing to
//! reduce) both kinds of payment are listed.

use std::fmt;

use super::error::{CostError, PaymentFault};
use super::flow::Network;
use super::symbol::{Color, Colors, ManaType, Symbol, PAIRS};
use super::total::{Reduction, TotalCost};

/// The mana in a player's mana pool, per type (indexed by
/// [`ManaType::index`]), and how much of it was produced by snow sources
/// (107.4h): `snow[t] <= mana[t]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ManaPool {
    pub mana: [u32; 6],
    pub snow: [u32; 6],
}

impl ManaPool {
    pub const EMPTY: ManaPool = ManaPool {
        mana: [0; 6],
        snow: [0; 6],
    };

    pub fn validate(&self) -> Result<(), CostError> {
        if self.snow.iter().zip(self.mana.iter()).any(|(s, m)| s > m) {
            return Err(CostError::InvalidInput {
                what: "the pool has more snow mana of a type than mana of that type",
            });
        }
        Ok(())
    }
}

/// What the caster can pay with. Creatures are the untapped creatures the
/// caster controls, counted by colour set ([`Colors::index`]; index 0 is
/// colourless); they pay only if the spell has convoke. A creature tapped
/// for mana while casting the spell is not untapped, so is not counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Resources {
    pub pool: ManaPool,
    /// The caster's life total. Each Phyrexian symbol paid with life costs
    /// 2, and the total paid can't exceed it (119.4).
    pub life: i32,
    pub creatures: [u32; Colors::COUNT],
    /// Untapped artifacts the caster controls (improvise).
    pub artifacts: u32,
    /// Cards in the caster's graveyard (delve).
    pub graveyard: u32,
    pub convoke: bool,
    pub improvise: bool,
    pub delve: bool,
}

impl Default for Resources {
    fn default() -> Resources {
        Resources {
            pool: ManaPool::EMPTY,
            life: 0,
            creatures: [0; Colors::COUNT],
            artifacts: 0,
            graveyard: 0,
            convoke: false,
            improvise: false,
            delve: false,
        }
    }
}

impl Resources {
    /// The same resources with a mana pool.
    pub fn with_pool(pool: ManaPool) -> Resources {
        Resources {
            pool,
            ..Resources::default()
        }
    }
}

/// One resource class: what pays a part of a cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Source {
    /// Mana from the pool; `snow` if a snow source produced it.
    Mana { mana: ManaType, snow: bool },
    /// An untapped creature of these colours, tapped for convoke (702.51a).
    Creature(Colors),
    /// An untapped artifact, tapped for improvise (702.126a).
    Artifact,
    /// A card exiled from the graveyard for delve (702.66a).
    GraveyardCard,
    /// 2 life, for one Phyrexian symbol (107.4f).
    Life,
    /// A pending reduction of one type, or generic (`None`) (601.2f).
    Reduction(Option<ManaType>),
}

impl fmt::Display for Source {
    /// `mana:W`, `snow:W`, `creature:GW` (`creature` if colourless),
    /// `artifact`, `card`, `life`, `reduction:W`, `reduction:generic`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Mana { mana, snow: false } => write!(f, "mana:{}", mana.letter()),
            Source::Mana { mana, snow: true } => write!(f, "snow:{}", mana.letter()),
            Source::Creature(colors) if colors.is_empty() => f.write_str("creature"),
            Source::Creature(colors) => write!(f, "creature:{colors}"),
            Source::Artifact => f.write_str("artifact"),
            Source::GraveyardCard => f.write_str("card"),
            Source::Life => f.write_str("life"),
            Source::Reduction(Some(mana)) => write!(f, "reduction:{}", mana.letter()),
            Source::Reduction(None) => f.write_str("reduction:generic"),
        }
    }
}

impl std::str::FromStr for Source {
    type Err = CostError;

    fn from_str(text: &str) -> Result<Source, CostError> {
        let invalid = CostError::InvalidInput {
            what: "a payment source is mana:T, snow:T, creature[:COLORS], artifact, card, life or reduction:T|generic",
        };
        let mana_type = |letters: &str| {
            let mut chars = letters.chars();
            match (chars.next().and_then(ManaType::from_letter), chars.next()) {
                (Some(mana), None) => Ok(mana),
                _ => Err(invalid),
            }
        };
        let (kind, detail) = match text.split_once(':') {
            Some((kind, detail)) => (kind, Some(detail)),
            None => (text, None),
        };
        match (kind, detail) {
            ("mana", Some(t)) => Ok(Source::Mana {
                mana: mana_type(t)?,
                snow: false,
            }),
            ("snow", Some(t)) => Ok(Source::Mana {
                mana: mana_type(t)?,
                snow: true,
            }),
            ("creature", None) => Ok(Source::Creature(Colors::NONE)),
            ("creature", Some(colors)) => {
                Colors::parse(colors).map(Source::Creature).ok_or(invalid)
            }
            ("artifact", None) => Ok(Source::Artifact),
            ("card", None) => Ok(Source::GraveyardCard),
            ("life", None) => Ok(Source::Life),
            ("reduction", Some("generic")) => Ok(Source::Reduction(None)),
            ("reduction", Some(t)) => Ok(Source::Reduction(Some(mana_type(t)?))),
            _ => Err(invalid),
        }
    }
}

/// How a part of a payment pays its symbol: as mana of a colour, as
/// colorless mana (`{C}` or the C half of `{C/W}`), as generic mana, as
/// snow mana (`{S}`), or with 2 life (107.4f).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PaidAs {
    Color(Color),
    Colorless,
    Generic,
    Snow,
    Life,
}

impl fmt::Display for PaidAs {
    /// `W` ... `G`, `C`, `generic`, `snow`, `life`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PaidAs::Color(color) => write!(f, "{}", color.letter()),
            PaidAs::Colorless => f.write_str("C"),
            PaidAs::Generic => f.write_str("generic"),
            PaidAs::Snow => f.write_str("snow"),
            PaidAs::Life => f.write_str("life"),
        }
    }
}

impl std::str::FromStr for PaidAs {
    type Err = CostError;

    fn from_str(text: &str) -> Result<PaidAs, CostError> {
        match text {
            "C" => Ok(PaidAs::Colorless),
            "generic" => Ok(PaidAs::Generic),
            "snow" => Ok(PaidAs::Snow),
            "life" => Ok(PaidAs::Life),
            _ => {
                let mut chars = text.chars();
                match (chars.next().and_then(Color::from_letter), chars.next()) {
                    (Some(color), None) => Ok(PaidAs::Color(color)),
                    _ => Err(CostError::InvalidInput {
                        what: "a payment's 'paid as' is W, U, B, R, G, C, generic, snow or life",
                    }),
                }
            }
        }
    }
}

/// A requirement class of a total cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Requirement {
    /// Symbols of this kind; for [`Symbol::Generic`], units of generic mana.
    Symbol(Symbol),
    /// Units of generic mana for `{2/C}` symbols of this colour paid as `{2}`.
    TwoGeneric(Color),
}

impl fmt::Display for Requirement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Requirement::Symbol(Symbol::Generic) => f.write_str("generic mana"),
            Requirement::Symbol(symbol) => write!(f, "{symbol}"),
            Requirement::TwoGeneric(color) => {
                write!(f, "generic mana for {}", Symbol::TwoHybrid(*color))
            }
        }
    }
}

/// `count` units of one symbol kind paid by one resource class. A unit is
/// one symbol, except for [`Symbol::Generic`] and a `{2/C}` paid as generic
/// ([`PaidAs::Generic`]), where it is one generic mana (2 per `{2/C}`). For
/// [`Source::Life`] each unit is 2 life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PaymentPart {
    pub source: Source,
    pub symbol: Symbol,
    pub paid_as: PaidAs,
    pub count: u64,
}

/// One concrete way to pay a total cost.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Payment {
    /// In a canonical order (by resource class, then requirement class).
    pub parts: Vec<PaymentPart>,
}

impl Payment {
    fn used(&self, wanted: impl Fn(Source) -> bool) -> u64 {
        self.parts
            .iter()
            .filter(|part| wanted(part.source))
            .fold(0u64, |sum, part| sum.saturating_add(part.count))
    }

    /// Life paid (2 per Phyrexian symbol paid with life).
    pub fn life(&self) -> u64 {
        self.used(|source| source == Source::Life).saturating_mul(2)
    }

    /// Mana spent from the pool: all of it, and the part from snow sources.
    pub fn mana(&self) -> ([u64; 6], [u64; 6]) {
        let mut all = [0; 6];
        let mut snow = [0; 6];
        for part in &self.parts {
            if let Source::Mana {
                mana,
                snow: is_snow,
            } = part.source
            {
                let t = mana.index();
                all[t] = u64::saturating_add(all[t], part.count);
                if is_snow {
                    snow[t] = u64::saturating_add(snow[t], part.count);
                }
            }
        }
        (all, snow)
    }

    /// Creatures tapped for convoke, per colour set.
    pub fn creatures(&self) -> [u64; Colors::COUNT] {
        let mut creatures = [0; Colors::COUNT];
        for part in &self.parts {
            if let Source::Creature(colors) = part.source {
                let slot: &mut u64 = &mut creatures[colors.index()];
                *slot = slot.saturating_add(part.count);
            }
        }
        creatures
    }

    /// Artifacts tapped for improvise.
    pub fn artifacts(&self) -> u64 {
        self.used(|source| source == Source::Artifact)
    }

    /// Cards exiled for delve.
    pub fn graveyard_cards(&self) -> u64 {
        self.used(|source| source == Source::GraveyardCard)
    }
}

/// Why a total cost can't be paid: how much of each requirement a largest
/// partial payment leaves unpaid (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shortfall {
    /// The spell has no mana cost (118.6): nothing can pay it.
    pub unpayable: bool,
    missing: [u64; DEMANDS],
}

impl Shortfall {
    const UNPAYABLE: Shortfall = Shortfall {
        unpayable: true,
        missing: [0; DEMANDS],
    };

    /// The unpaid requirements, in a fixed order, with how many units each.
    pub fn entries(&self) -> impl Iterator<Item = (Requirement, u64)> + '_ {
        self.missing
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(d, &n)| (requirement(d), n))
    }

    /// How many units are unpaid in all.
    pub fn total(&self) -> u64 {
        self.missing.iter().sum()
    }
}

impl fmt::Display for Shortfall {
    /// For example `1 {G} unpaid` or `1 {W/P}, 2 generic mana unpaid`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.unpayable {
            return f.write_str("unpayable: the spell has no mana cost (118.6)");
        }
        for (index, (requirement, count)) in self.entries().enumerate() {
            if index > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{count} {requirement}")?;
        }
        f.write_str(" unpaid")
    }
}

/// The answer to "can this total cost be paid?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PaymentSearch {
    Payable(Payment),
    NotPayable(Box<Shortfall>),
}

// Requirement classes (demand nodes).
const DEMANDS: usize = 48;
const D_GENERIC: usize = 0;
const D_COLORED: usize = 1;
const D_COLORLESS: usize = 6;
const D_HYBRID: usize = 7;
const D_TWO_COLOR: usize = 17;
const D_TWO_GENERIC: usize = 22;
const D_COLORLESS_HYBRID: usize = 27;
const D_PHYREXIAN: usize = 32;
const D_HYBRID_PHYREXIAN: usize = 37;
const D_SNOW: usize = 47;

// Resource classes (supply nodes).
const SUPPLIES: usize = 54;
const S_MANA: usize = 0;
const S_SNOW: usize = 6;
const S_CREATURE: usize = 12;
const S_ARTIFACT: usize = 44;
const S_CARD: usize = 45;
const S_LIFE: usize = 46;
const S_CREDIT: usize = 47;
const S_CREDIT_GENERIC: usize = 53;

/// The most ways to split `{2/C}` symbols between colored and generic
/// payment that a query may need.
const MAX_SPLITS: u64 = 4096;
/// The most candidate payments an enumeration may reject.
const MAX_REJECTED: u64 = 1_000_000;
/// An edge that never limits the flow.
const UNLIMITED: u64 = u64::MAX / 4;

fn requirement(d: usize) -> Requirement {
    match d {
        D_TWO_GENERIC..D_COLORLESS_HYBRID => Requirement::TwoGeneric(Color::ALL[d - D_TWO_GENERIC]),
        _ => Requirement::Symbol(demand_symbol(d)),
    }
}

fn demand_symbol(d: usize) -> Symbol {
    match d {
        D_GENERIC => Symbol::Generic,
        D_COLORED..D_COLORLESS => Symbol::Colored(Color::ALL[d - D_COLORED]),
        D_COLORLESS => Symbol::Colorless,
        D_HYBRID..D_TWO_COLOR => {
            let (a, b) = PAIRS[d - D_HYBRID];
            Symbol::Hybrid(a, b)
        }
        D_TWO_COLOR..D_TWO_GENERIC => Symbol::TwoHybrid(Color::ALL[d - D_TWO_COLOR]),
        D_TWO_GENERIC..D_COLORLESS_HYBRID => Symbol::TwoHybrid(Color::ALL[d - D_TWO_GENERIC]),
        D_COLORLESS_HYBRID..D_PHYREXIAN => {
            Symbol::ColorlessHybrid(Color::ALL[d - D_COLORLESS_HYBRID])
        }
        D_PHYREXIAN..D_HYBRID_PHYREXIAN => Symbol::Phyrexian(Color::ALL[d - D_PHYREXIAN]),
        D_HYBRID_PHYREXIAN..D_SNOW => {
            let (a, b) = PAIRS[d - D_HYBRID_PHYREXIAN];
            Symbol::HybridPhyrexian(a, b)
        }
        _ => Symbol::Snow,
    }
}

/// The requirement class a part pays, from its symbol and how it pays it.
fn demand_of(symbol: Symbol, paid_as: PaidAs) -> Option<usize> {
    let pair = |a, b| PAIRS.iter().position(|&pair| pair == (a, b));
    Some(match symbol {
        Symbol::X => return None,
        Symbol::Generic => D_GENERIC,
        Symbol::Colored(c) => D_COLORED + c.index(),
        Symbol::Colorless => D_COLORLESS,
        Symbol::Snow => D_SNOW,
        Symbol::Hybrid(a, b) => D_HYBRID + pair(a, b)?,
        Symbol::TwoHybrid(c) if paid_as == PaidAs::Generic => D_TWO_GENERIC + c.index(),
        Symbol::TwoHybrid(c) => D_TWO_COLOR + c.index(),
        Symbol::ColorlessHybrid(c) => D_COLORLESS_HYBRID + c.index(),
        Symbol::Phyrexian(c) => D_PHYREXIAN + c.index(),
        Symbol::HybridPhyrexian(a, b) => D_HYBRID_PHYREXIAN + pair(a, b)?,
    })
}

fn is_generic_demand(d: usize) -> bool {
    d == D_GENERIC || (D_TWO_GENERIC..D_COLORLESS_HYBRID).contains(&d)
}

fn supply_source(s: usize) -> Source {
    let mana = |index: usize| ManaType::ALL[index % 6];
    match s {
        S_MANA..S_SNOW => Source::Mana {
            mana: mana(s - S_MANA),
            snow: false,
        },
        S_SNOW..S_CREATURE => Source::Mana {
            mana: mana(s - S_SNOW),
            snow: true,
        },
        S_CREATURE..S_ARTIFACT => {
            Source::Creature(Colors::from_bits((s - S_CREATURE) as u8).unwrap_or_default())
        }
        S_ARTIFACT => Source::Artifact,
        S_CARD => Source::GraveyardCard,
        S_LIFE => Source::Life,
        S_CREDIT..S_CREDIT_GENERIC => Source::Reduction(Some(mana(s - S_CREDIT))),
        _ => Source::Reduction(None),
    }
}

fn supply_of(source: Source) -> usize {
    match source {
        Source::Mana { mana, snow: false } => S_MANA + mana.index(),
        Source::Mana { mana, snow: true } => S_SNOW + mana.index(),
        Source::Creature(colors) => S_CREATURE + colors.index(),
        Source::Artifact => S_ARTIFACT,
        Source::GraveyardCard => S_CARD,
        Source::Life => S_LIFE,
        Source::Reduction(Some(mana)) => S_CREDIT + mana.index(),
        Source::Reduction(None) => S_CREDIT_GENERIC,
    }
}

fn is_credit(s: usize) -> bool {
    s >= S_CREDIT
}

/// What a resource class can be spent as.
#[derive(Clone, Copy)]
struct Ability {
    colors: Colors,
    colorless: bool,
    generic: bool,
    snow: bool,
    life: bool,
}

fn ability(s: usize) -> Ability {
    let none = Ability {
        colors: Colors::NONE,
        colorless: false,
        generic: false,
        snow: false,
        life: false,
    };
    // Mana of one type, or a reduction of one type (a reduction of a type
    // can reduce a requirement of that type, or generic mana: 118.7b–d).
    let typed = |mana: ManaType, snow: bool| Ability {
        colors: mana.color().map_or(Colors::NONE, Colors::of),
        colorless: mana == ManaType::Colorless,
        generic: true,
        snow,
        ..none
    };
    match supply_source(s) {
        Source::Mana { mana, snow } => typed(mana, snow),
        Source::Reduction(Some(mana)) => typed(mana, false),
        // 702.51a: a creature pays one mana of one of its colours, or generic.
        Source::Creature(colors) => Ability {
            colors,
            generic: true,
            ..none
        },
        // 702.126a, 702.66a, 118.7a: generic mana only.
        Source::Artifact | Source::GraveyardCard | Source::Reduction(None) => Ability {
            generic: true,
            ..none
        },
        Source::Life => Ability { life: true, ..none },
    }
}

/// The ways a resource class can pay a requirement class, best first (at
/// most three).
#[derive(Clone, Copy)]
struct Options {
    ways: [PaidAs; 3],
    len: usize,
}

impl Options {
    fn iter(&self) -> impl Iterator<Item = PaidAs> + '_ {
        self.ways[..self.len].iter().copied()
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn contains(&self, way: PaidAs) -> bool {
        self.iter().any(|w| w == way)
    }
}

/// [`options`] for every pair, computed once.
fn options_table() -> &'static [[Options; DEMANDS]; SUPPLIES] {
    static TABLE: std::sync::OnceLock<[[Options; DEMANDS]; SUPPLIES]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| std::array::from_fn(|s| std::array::from_fn(|d| compute_options(s, d))))
}

fn options(s: usize, d: usize) -> Options {
    options_table()[s][d]
}

fn compute_options(s: usize, d: usize) -> Options {
    let ability = ability(s);
    let mut options = Options {
        ways: [PaidAs::Generic; 3],
        len: 0,
    };
    let mut add = |ok: bool, way: PaidAs| {
        if ok {
            options.ways[options.len] = way;
            options.len += 1;
        }
    };
    let color = |add: &mut dyn FnMut(bool, PaidAs), c: Color| {
        add(ability.colors.contains(c), PaidAs::Color(c));
    };
    match d {
        // 107.4b
        D_GENERIC | D_TWO_GENERIC..D_COLORLESS_HYBRID => add(ability.generic, PaidAs::Generic),
        // 107.4a
        D_COLORED..D_COLORLESS => color(&mut add, Color::ALL[d - D_COLORED]),
        D_TWO_COLOR..D_TWO_GENERIC => color(&mut add, Color::ALL[d - D_TWO_COLOR]),
        // 107.4c
        D_COLORLESS => add(ability.colorless, PaidAs::Colorless),
        // 107.4e
        D_HYBRID..D_TWO_COLOR => {
            let (a, b) = PAIRS[d - D_HYBRID];
            color(&mut add, a);
            color(&mut add, b);
        }
        D_COLORLESS_HYBRID..D_PHYREXIAN => {
            add(ability.colorless, PaidAs::Colorless);
            color(&mut add, Color::ALL[d - D_COLORLESS_HYBRID]);
        }
        // 107.4f
        D_PHYREXIAN..D_HYBRID_PHYREXIAN => {
            color(&mut add, Color::ALL[d - D_PHYREXIAN]);
            add(ability.life, PaidAs::Life);
        }
        D_HYBRID_PHYREXIAN..D_SNOW => {
            let (a, b) = PAIRS[d - D_HYBRID_PHYREXIAN];
            color(&mut add, a);
            color(&mut add, b);
            add(ability.life, PaidAs::Life);
        }
        // 107.4h
        _ => add(ability.snow, PaidAs::Snow),
    }
    options
}

/// How many units of each resource class there are.
fn supplies(total: &TotalCost, resources: &Resources) -> [u64; SUPPLIES] {
    let mut supply = [0u64; SUPPLIES];
    let pool = &resources.pool;
    for t in 0..6 {
        supply[S_MANA + t] = u64::from(pool.mana[t].saturating_sub(pool.snow[t]));
        supply[S_SNOW + t] = u64::from(pool.snow[t]);
    }
    if resources.convoke {
        for (index, &count) in resources.creatures.iter().enumerate() {
            supply[S_CREATURE + index] = u64::from(count);
        }
    }
    if resources.improvise {
        supply[S_ARTIFACT] = u64::from(resources.artifacts);
    }
    if resources.delve {
        supply[S_CARD] = u64::from(resources.graveyard);
    }
    // 119.4: life can pay only as much as the life total.
    supply[S_LIFE] = u64::try_from(resources.life.max(0) / 2).unwrap_or(0);
    let pending: &Reduction = total.pending();
    for t in 0..6 {
        supply[S_CREDIT + t] = u64::from(pending.mana[t]);
    }
    supply[S_CREDIT_GENERIC] = u64::from(pending.generic);
    supply
}

/// The requirement classes of a total cost, with `split[c]` of the `{2/C}`
/// symbols of colour `c` paid as `{2}`.
fn demands(total: &TotalCost, split: &[u32; 5]) -> [u64; DEMANDS] {
    let cost = total.cost();
    let count = |symbol: Symbol| u64::from(cost.count(symbol));
    let mut demand = [0u64; DEMANDS];
    demand[D_GENERIC] = count(Symbol::Generic);
    demand[D_COLORLESS] = count(Symbol::Colorless);
    demand[D_SNOW] = count(Symbol::Snow);
    for color in Color::ALL {
        let c = color.index();
        demand[D_COLORED + c] = count(Symbol::Colored(color));
        let two = count(Symbol::TwoHybrid(color));
        let generic = u64::from(split[c]).min(two);
        demand[D_TWO_COLOR + c] = two - generic;
        demand[D_TWO_GENERIC + c] = 2 * generic;
        demand[D_COLORLESS_HYBRID + c] = count(Symbol::ColorlessHybrid(color));
        demand[D_PHYREXIAN + c] = count(Symbol::Phyrexian(color));
    }
    for (p, &(a, b)) in PAIRS.iter().enumerate() {
        demand[D_HYBRID + p] = count(Symbol::Hybrid(a, b));
        demand[D_HYBRID_PHYREXIAN + p] = count(Symbol::HybridPhyrexian(a, b));
    }
    demand
}

/// The `{2/C}` counts per colour, and how many splits there are.
fn two_hybrids(total: &TotalCost) -> Result<[u32; 5], CostError> {
    let mut counts = [0u32; 5];
    let mut splits: u64 = 1;
    for color in Color::ALL {
        let count = total.cost().count(Symbol::TwoHybrid(color));
        counts[color.index()] = count;
        splits = splits.saturating_mul(u64::from(count) + 1);
    }
    if splits > MAX_SPLITS {
        return Err(CostError::TooComplex {
            what: "more than 4096 ways to pay the {2/C} symbols",
        });
    }
    Ok(counts)
}

/// The next split in a fixed order (white changes fastest), or `false`
/// after the last one.
fn next_split(split: &mut [u32; 5], limits: &[u32; 5]) -> bool {
    for c in 0..5 {
        if split[c] < limits[c] {
            split[c] += 1;
            return true;
        }
        split[c] = 0;
    }
    false
}

/// The order in which resource classes are spent (see the module
/// documentation).
const STAGES: [std::ops::Range<usize>; 6] = [
    S_CREDIT..SUPPLIES,
    S_MANA..S_CREATURE,
    S_CREATURE..S_ARTIFACT,
    S_ARTIFACT..S_CARD,
    S_CARD..S_LIFE,
    S_LIFE..S_CREDIT,
];

/// The most requirement classes for which [`PaymentSolver::can_pay`]
/// checks Hall's condition over every subset rather than running a flow.
const HALL_MAX: usize = 6;

/// The requirement classes present in a demand (at most [`HALL_MAX`], or
/// `count` is `None`), and for each resource class the set of them it can
/// pay, as a bit mask over `present`.
#[derive(Clone, Copy, Debug)]
struct Classes {
    present: [u8; HALL_MAX],
    count: Option<u8>,
    masks: [u8; SUPPLIES],
}

impl Classes {
    fn of(demand: &[u64; DEMANDS]) -> Classes {
        let mut classes = Classes {
            present: [0; HALL_MAX],
            count: Some(0),
            masks: [0; SUPPLIES],
        };
        let mut count = 0;
        for (d, &amount) in demand.iter().enumerate() {
            if amount > 0 {
                if count == HALL_MAX {
                    classes.count = None;
                    return classes;
                }
                classes.present[count] = d as u8;
                count += 1;
            }
        }
        classes.count = Some(count as u8);
        let table = options_table();
        for (s, mask) in classes.masks.iter_mut().enumerate() {
            for (bit, &d) in classes.present[..count].iter().enumerate() {
                if !table[s][usize::from(d)].is_empty() {
                    *mask |= 1 << bit;
                }
            }
        }
        classes
    }
}

/// A total cost made ready for many [`PaymentSolver::can_pay_prepared`]
/// queries: its `{2/C}` counts and its requirement classes.
#[derive(Clone, Copy, Debug)]
pub struct PreparedCost {
    total: TotalCost,
    limits: Result<[u32; 5], CostError>,
    demand: [u64; DEMANDS],
    classes: Classes,
}

impl PreparedCost {
    pub fn new(total: &TotalCost) -> PreparedCost {
        let demand = demands(total, &[0; 5]);
        PreparedCost {
            total: *total,
            limits: two_hybrids(total),
            demand,
            classes: Classes::of(&demand),
        }
    }

    pub fn total(&self) -> &TotalCost {
        &self.total
    }
}

/// Decides, finds, lists and explains payments. It keeps its memory from
/// one query to the next: reuse one solver (per thread) for many queries
/// and [`PaymentSolver::can_pay`] doesn't allocate.
#[derive(Clone, Debug)]
pub struct PaymentSolver {
    net: Network,
    supply: [u64; SUPPLIES],
    demand: [u64; DEMANDS],
    supply_node: [u8; SUPPLIES],
    demand_node: [u8; DEMANDS],
    source_edge: [usize; SUPPLIES],
    sink_edge: [usize; DEMANDS],
    /// (resource class, requirement class, edge) for each middle edge.
    middle: Vec<(u8, u8, u32)>,
}

const SOURCE: usize = 0;
const SINK: usize = 1;
const ABSENT: u8 = u8::MAX;

impl Default for PaymentSolver {
    fn default() -> PaymentSolver {
        PaymentSolver::new()
    }
}

impl PaymentSolver {
    pub fn new() -> PaymentSolver {
        let middle = SUPPLIES * DEMANDS;
        PaymentSolver {
            net: Network::with_capacity(SUPPLIES + DEMANDS + middle),
            supply: [0; SUPPLIES],
            demand: [0; DEMANDS],
            supply_node: [ABSENT; SUPPLIES],
            demand_node: [ABSENT; DEMANDS],
            source_edge: [0; SUPPLIES],
            sink_edge: [0; DEMANDS],
            middle: Vec::with_capacity(middle),
        }
    }

    /// Builds the network for `self.supply` and `self.demand`, with every
    /// source and sink edge at capacity 0 (the caller opens them).
    /// `restrict` limits requirement class `d` to the resource classes
    /// allowed by the callback.
    fn build(&mut self, restrict: Option<(usize, &dyn Fn(usize) -> bool)>) {
        let table = options_table();
        let mut nodes = 2;
        let mut present_supplies = [0u8; SUPPLIES];
        let mut supply_count = 0;
        for s in 0..SUPPLIES {
            self.supply_node[s] = ABSENT;
            if self.supply[s] > 0 {
                self.supply_node[s] = nodes as u8;
                nodes += 1;
                present_supplies[supply_count] = s as u8;
                supply_count += 1;
            }
        }
        for d in 0..DEMANDS {
            self.demand_node[d] = ABSENT;
            if self.demand[d] > 0 {
                self.demand_node[d] = nodes as u8;
                nodes += 1;
            }
        }
        self.net.reset(nodes);
        self.middle.clear();
        for &s in &present_supplies[..supply_count] {
            let s = usize::from(s);
            let node = usize::from(self.supply_node[s]);
            self.source_edge[s] = self.net.add_edge(SOURCE, node, 0);
        }
        for (d, &node) in self.demand_node.iter().enumerate() {
            if node == ABSENT {
                continue;
            }
            self.sink_edge[d] = self.net.add_edge(usize::from(node), SINK, 0);
            for &s in &present_supplies[..supply_count] {
                let s = usize::from(s);
                if table[s][d].is_empty() {
                    continue;
                }
                if let Some((only, allowed)) = restrict {
                    if only == d && !allowed(s) {
                        continue;
                    }
                }
                let from = usize::from(self.supply_node[s]);
                let edge = self.net.add_edge(from, usize::from(node), UNLIMITED);
                self.middle.push((s as u8, d as u8, edge as u32));
            }
        }
    }

    fn open_supplies(&mut self, range: std::ops::Range<usize>) {
        for s in range {
            if self.supply_node[s] != ABSENT {
                self.net.set_capacity(self.source_edge[s], self.supply[s]);
            }
        }
    }

    fn open_demands(&mut self, wanted: impl Fn(usize) -> bool) {
        for d in 0..DEMANDS {
            if self.demand_node[d] != ABSENT && wanted(d) {
                self.net.set_capacity(self.sink_edge[d], self.demand[d]);
            }
        }
    }

    /// A quick necessary condition: enough units in all, of snow mana and
    /// of colorless mana.
    fn plausible(&self) -> bool {
        let phyrexian: u64 = self.demand[D_PHYREXIAN..D_SNOW].iter().sum();
        let mana: u64 = self
            .supply
            .iter()
            .enumerate()
            .filter(|&(s, _)| s != S_LIFE)
            .map(|(_, &n)| n)
            .sum();
        let needed: u64 = self.demand.iter().sum();
        let snow: u64 = self.supply[S_SNOW..S_CREATURE].iter().sum();
        let colorless =
            self.supply[S_MANA + 5] + self.supply[S_SNOW + 5] + self.supply[S_CREDIT + 5];
        needed <= mana.saturating_add(self.supply[S_LIFE].min(phyrexian))
            && self.demand[D_SNOW] <= snow
            && self.demand[D_COLORLESS] <= colorless
    }

    /// Whether the total cost can be paid. Doesn't allocate.
    pub fn can_pay(&mut self, total: &TotalCost, resources: &Resources) -> Result<bool, CostError> {
        self.can_pay_prepared(&PreparedCost::new(total), resources)
    }

    /// [`PaymentSolver::can_pay`] for a cost prepared once for many
    /// queries. Doesn't allocate.
    pub fn can_pay_prepared(
        &mut self,
        prepared: &PreparedCost,
        resources: &Resources,
    ) -> Result<bool, CostError> {
        resources.pool.validate()?;
        let total = &prepared.total;
        if total.is_unpayable() {
            return Ok(false);
        }
        let limits = prepared.limits?;
        self.supply = supplies(total, resources);
        let mut split = [0u32; 5];
        loop {
            self.demand = if split == [0; 5] {
                prepared.demand
            } else {
                demands(total, &split)
            };
            let classes = (split == [0; 5]).then_some(&prepared.classes);
            if self.feasible(classes) {
                return Ok(true);
            }
            if !next_split(&mut split, &limits) {
                return Ok(false);
            }
        }
    }

    /// Whether every requirement can be met at once: by Hall's condition
    /// when few requirement classes are present, otherwise by a maximum
    /// flow. The two agree: with unlimited edges between resource and
    /// requirement classes, the demand can be met exactly when every set of
    /// requirement classes needs no more than the resource classes that can
    /// pay any of them hold (Gale's supply-demand theorem, the
    /// transportation form of Hall's marriage theorem). `classes` is
    /// [`Classes::of`] the current demand, if known.
    fn feasible(&mut self, classes: Option<&Classes>) -> bool {
        let computed;
        let classes = match classes {
            Some(classes) => classes,
            None => {
                computed = Classes::of(&self.demand);
                &computed
            }
        };
        let Some(count) = classes.count else {
            return self.plausible() && self.flow_feasible();
        };
        let count = usize::from(count);
        let full = (1usize << count) - 1;
        // held[m]: the resources that can pay exactly the present classes
        // in `m`; then (zeta transform) the resources that can pay only
        // classes within `m`.
        let mut held = [0u64; 1 << HALL_MAX];
        let mut total: u64 = 0;
        for (&supply, &mask) in self.supply.iter().zip(&classes.masks) {
            held[usize::from(mask)] += supply;
            total += supply;
        }
        for bit in 0..count {
            for m in 0..=full {
                if m & (1 << bit) != 0 {
                    held[m] += held[m ^ (1 << bit)];
                }
            }
        }
        // needed[m]: what the classes in `m` ask for.
        let mut needed = [0u64; 1 << HALL_MAX];
        for m in 1..=full {
            let low = m.trailing_zeros() as usize;
            needed[m] = needed[m & (m - 1)] + self.demand[usize::from(classes.present[low])];
            // Resources that can pay some class in `m`: all but those that
            // pay only classes outside it.
            if needed[m] > total - held[full ^ m] {
                return false;
            }
        }
        true
    }

    /// [`PaymentSolver::feasible`] by a maximum flow.
    fn flow_feasible(&mut self) -> bool {
        self.build(None);
        self.open_supplies(0..SUPPLIES);
        self.open_demands(|_| true);
        let needed: u64 = self.demand.iter().sum();
        self.net.augment(SOURCE, SINK) == needed
    }

    /// One payment of the total cost (see the module documentation for
    /// which), or what can't be paid.
    pub fn find_payment(
        &mut self,
        total: &TotalCost,
        resources: &Resources,
    ) -> Result<PaymentSearch, CostError> {
        resources.pool.validate()?;
        if total.is_unpayable() {
            return Ok(PaymentSearch::NotPayable(Box::new(Shortfall::UNPAYABLE)));
        }
        let limits = two_hybrids(total)?;
        self.supply = supplies(total, resources);
        let mut split = [0u32; 5];
        loop {
            self.demand = demands(total, &split);
            if self.plausible() {
                self.build(None);
                self.open_demands(|_| true);
                let mut paid = 0;
                for stage in STAGES {
                    self.open_supplies(stage);
                    paid += self.net.augment(SOURCE, SINK);
                }
                if paid == self.demand.iter().sum::<u64>() {
                    return Ok(PaymentSearch::Payable(self.extract()));
                }
            }
            if !next_split(&mut split, &limits) {
                break;
            }
        }
        Ok(PaymentSearch::NotPayable(Box::new(
            self.shortfall(total, &limits),
        )))
    }

    /// The shortfall of the best split (the first with the least missing).
    fn shortfall(&mut self, total: &TotalCost, limits: &[u32; 5]) -> Shortfall {
        let mut best: Option<Shortfall> = None;
        let mut split = [0u32; 5];
        loop {
            self.demand = demands(total, &split);
            self.build(None);
            self.open_supplies(0..SUPPLIES);
            self.open_demands(|d| !is_generic_demand(d));
            self.net.augment(SOURCE, SINK);
            self.open_demands(is_generic_demand);
            self.net.augment(SOURCE, SINK);
            let missing: [u64; DEMANDS] = std::array::from_fn(|d| {
                if self.demand_node[d] == ABSENT {
                    0
                } else {
                    self.demand[d] - self.net.flow(self.sink_edge[d])
                }
            });
            let candidate = Shortfall {
                unpayable: false,
                missing,
            };
            if best.is_none_or(|best| candidate.total() < best.total()) {
                best = Some(candidate);
            }
            if !next_split(&mut split, limits) {
                break;
            }
        }
        best.unwrap_or(Shortfall::UNPAYABLE)
    }

    /// The flow as a payment, made to follow 118.7c (see `fix_order`).
    fn extract(&self) -> Payment {
        let mut flows: Vec<(usize, usize, u64)> = self
            .middle
            .iter()
            .map(|&(s, d, edge)| (usize::from(s), usize::from(d), self.net.flow(edge as usize)))
            .filter(|&(_, _, amount)| amount > 0)
            .collect();
        fix_order(&mut flows);
        let used = used_supply(&flows);
        let unused: [u64; SUPPLIES] = std::array::from_fn(|s| self.supply[s] - used[s]);
        let payment = to_payment(&flows, &unused);
        debug_assert!(
            payment.is_some(),
            "a largest use of reductions follows 601.2f"
        );
        payment.unwrap_or_else(|| to_payment(&flows, &[0; SUPPLIES]).unwrap_or_default())
    }

    /// Lists up to `limit` distinct payments (see the module documentation
    /// for "distinct"), in a fixed order.
    pub fn enumerate_payments(
        &mut self,
        total: &TotalCost,
        resources: &Resources,
        limit: usize,
    ) -> Result<Vec<Payment>, CostError> {
        resources.pool.validate()?;
        let mut found = Vec::new();
        if total.is_unpayable() || limit == 0 {
            return Ok(found);
        }
        let limits = two_hybrids(total)?;
        let supply = supplies(total, resources);
        let mut split = [0u32; 5];
        let mut search = Enumeration {
            supply,
            demand: [0; DEMANDS],
            order: Vec::new(),
            flows: Vec::new(),
            found: &mut found,
            limit,
            rejected: 0,
        };
        loop {
            search.demand = demands(total, &split);
            search.order = (0..DEMANDS).filter(|&d| search.demand[d] > 0).collect();
            if search.feasible(self, 0, 0, search.first_amount()) {
                search.requirement(self, 0)?;
            }
            if search.found.len() >= limit || !next_split(&mut split, &limits) {
                break;
            }
        }
        Ok(found)
    }
}

/// Units of each resource class a flow uses.
fn used_supply(flows: &[(usize, usize, u64)]) -> [u64; SUPPLIES] {
    let mut used = [0u64; SUPPLIES];
    for &(s, _, amount) in flows {
        used[s] += amount;
    }
    used
}

/// The `paid as` values forbidden to resources (not reductions) by 601.2f
/// and 118.7c, given which reductions are unused and which pay generic
/// mana: a reduction left unused must have nothing it could reduce paid
/// by a resource, and a typed reduction may reduce generic mana only when
/// nothing of its type is paid by a resource.
#[derive(Clone, Copy)]
struct Forbidden {
    /// Per type (colours, then colorless): an unused reduction of it.
    unused: [bool; 6],
    unused_generic: bool,
    /// Per type: a reduction of it pays generic mana.
    on_generic: [bool; 6],
}

impl Forbidden {
    fn new(flows: &[(usize, usize, u64)], unused: &[u64; SUPPLIES]) -> Forbidden {
        let mut forbidden = Forbidden {
            unused: std::array::from_fn(|t| unused[S_CREDIT + t] > 0),
            unused_generic: unused[S_CREDIT_GENERIC] > 0,
            on_generic: [false; 6],
        };
        for &(s, d, _) in flows {
            if (S_CREDIT..S_CREDIT_GENERIC).contains(&s) && is_generic_demand(d) {
                forbidden.on_generic[s - S_CREDIT] = true;
            }
        }
        forbidden
    }

    /// The reduction that forbids a resource to pay this way, and the
    /// fault, if any.
    fn check(&self, way: PaidAs) -> Option<PaymentFault> {
        let typed = |t: usize| {
            let source = Source::Reduction(ManaType::from_index(t));
            if self.unused[t] {
                Some(PaymentFault::ReductionUnused { source })
            } else if self.on_generic[t] {
                Some(PaymentFault::ReductionOrder { source })
            } else {
                None
            }
        };
        match way {
            PaidAs::Color(color) => typed(color.index()),
            PaidAs::Colorless => typed(ManaType::Colorless.index()),
            PaidAs::Generic => {
                let unused = (0..6)
                    .find(|&t| self.unused[t])
                    .map(|t| Source::Reduction(ManaType::from_index(t)))
                    .or(self.unused_generic.then_some(Source::Reduction(None)));
                unused.map(|source| PaymentFault::ReductionUnused { source })
            }
            PaidAs::Snow | PaidAs::Life => None,
        }
    }
}

/// Makes typed reductions follow 118.7c: while a reduction of type `t` pays
/// generic mana and a resource pays a requirement only as type `t`, they
/// swap. Pending reductions are used as much as possible (the first stage),
/// so they are never left unused while they could apply.
fn fix_order(flows: &mut Vec<(usize, usize, u64)>) {
    loop {
        let unused = [0u64; SUPPLIES];
        let forbidden = Forbidden::new(flows, &unused);
        let conflict = flows.iter().enumerate().find_map(|(index, &(r, d, _))| {
            if is_credit(r) {
                return None;
            }
            let ways = options(r, d);
            if ways.iter().any(|way| forbidden.check(way).is_none()) {
                return None;
            }
            let t = match ways.iter().next()? {
                PaidAs::Color(color) => color.index(),
                _ => ManaType::Colorless.index(),
            };
            let credit = flows
                .iter()
                .position(|&(s, g, _)| s == S_CREDIT + t && is_generic_demand(g))?;
            Some((index, credit))
        });
        let Some((resource, credit)) = conflict else {
            return;
        };
        let (r, d, r_amount) = flows[resource];
        let (c, g, c_amount) = flows[credit];
        let moved = r_amount.min(c_amount);
        flows[resource].2 -= moved;
        flows[credit].2 -= moved;
        add_flow(flows, c, d, moved);
        add_flow(flows, r, g, moved);
        flows.retain(|&(_, _, amount)| amount > 0);
    }
}

fn add_flow(flows: &mut Vec<(usize, usize, u64)>, s: usize, d: usize, amount: u64) {
    match flows.iter_mut().find(|(fs, fd, _)| (*fs, *fd) == (s, d)) {
        Some(flow) => flow.2 += amount,
        None => flows.push((s, d, amount)),
    }
}

/// Turns flows into a payment, choosing for each part a way of paying that
/// 601.2f and 118.7c allow; `None` if some part has none.
fn to_payment(flows: &[(usize, usize, u64)], unused: &[u64; SUPPLIES]) -> Option<Payment> {
    let forbidden = Forbidden::new(flows, unused);
    let mut parts = Vec::with_capacity(flows.len());
    let mut sorted: Vec<(usize, usize, u64)> = flows.to_vec();
    sorted.sort_unstable();
    for (s, d, count) in sorted {
        let ways = options(s, d);
        let paid_as = if is_credit(s) {
            ways.iter().next()?
        } else {
            ways.iter().find(|&way| forbidden.check(way).is_none())?
        };
        parts.push(PaymentPart {
            source: supply_source(s),
            symbol: demand_symbol(d),
            paid_as,
            count,
        });
    }
    Some(Payment { parts })
}

/// The depth-first search of `enumerate_payments`: requirement classes in
/// a fixed order, each split among the resource classes that can pay it,
/// more from earlier classes first. Every branch is checked with a maximum
/// flow before it is entered, so every branch ends in a payment (which is
/// then checked against 601.2f and 118.7c).
struct Enumeration<'a> {
    supply: [u64; SUPPLIES],
    demand: [u64; DEMANDS],
    /// The requirement classes to pay, in order.
    order: Vec<usize>,
    flows: Vec<(usize, usize, u64)>,
    found: &'a mut Vec<Payment>,
    limit: usize,
    rejected: u64,
}

impl Enumeration<'_> {
    fn first_amount(&self) -> u64 {
        self.order.first().map_or(0, |&d| self.demand[d])
    }

    /// Whether what is left can be paid: `left` units of requirement
    /// `order[k]` from resource classes `from..`, then every later
    /// requirement in full.
    fn feasible(&self, solver: &mut PaymentSolver, k: usize, from: usize, left: u64) -> bool {
        let Some(&current) = self.order.get(k) else {
            return true;
        };
        solver.supply = self.supply;
        solver.demand = [0; DEMANDS];
        solver.demand[current] = left;
        for &d in &self.order[k + 1..] {
            solver.demand[d] = self.demand[d];
        }
        solver.build(Some((current, &|s| s >= from)));
        solver.open_supplies(0..SUPPLIES);
        solver.open_demands(|_| true);
        let needed: u64 = solver.demand.iter().sum();
        solver.net.augment(SOURCE, SINK) == needed
    }

    /// Pays requirement `order[k]` and everything after it.
    fn requirement(&mut self, solver: &mut PaymentSolver, k: usize) -> Result<(), CostError> {
        let Some(&d) = self.order.get(k) else {
            return self.leaf();
        };
        self.split(solver, k, d, 0, self.demand[d])
    }

    /// Splits the `left` units of requirement `d` among resource classes
    /// `from..`.
    fn split(
        &mut self,
        solver: &mut PaymentSolver,
        k: usize,
        d: usize,
        from: usize,
        left: u64,
    ) -> Result<(), CostError> {
        if left == 0 {
            return self.requirement(solver, k + 1);
        }
        let Some(s) = (from..SUPPLIES).find(|&s| self.supply[s] > 0 && !options(s, d).is_empty())
        else {
            return Ok(());
        };
        let most = left.min(self.supply[s]);
        for amount in (0..=most).rev() {
            if self.found.len() >= self.limit {
                break;
            }
            self.supply[s] -= amount;
            if self.feasible(solver, k, s + 1, left - amount) {
                if amount > 0 {
                    self.flows.push((s, d, amount));
                }
                let result = self.split(solver, k, d, s + 1, left - amount);
                if amount > 0 {
                    self.flows.pop();
                }
                self.supply[s] += amount;
                result?;
            } else {
                self.supply[s] += amount;
            }
        }
        Ok(())
    }

    /// A complete candidate: kept if 601.2f and 118.7c allow it.
    fn leaf(&mut self) -> Result<(), CostError> {
        match to_payment(&self.flows, &self.supply) {
            Some(payment) => self.found.push(payment),
            None => {
                self.rejected += 1;
                if self.rejected > MAX_REJECTED {
                    return Err(CostError::TooComplex {
                        what: "the enumeration rejected too many candidate payments",
                    });
                }
            }
        }
        Ok(())
    }
}

/// Finds one payment with a fresh solver (see [`PaymentSolver`] to reuse
/// memory).
pub fn find_payment(total: &TotalCost, resources: &Resources) -> Result<PaymentSearch, CostError> {
    PaymentSolver::new().find_payment(total, resources)
}

/// Checks that an explicit payment pays the total cost exactly with the
/// resources available (601.2h): every part pays its symbol in a way the
/// rules allow, no resource is used more than there is of it, every
/// requirement is paid exactly, and pending reductions are applied as
/// 601.2f and 118.7c require (using the `paid as` of each part as the
/// player's announcement).
pub fn verify_payment(
    total: &TotalCost,
    resources: &Resources,
    parts: &[PaymentPart],
) -> Result<(), CostError> {
    let illegal = |fault| CostError::IllegalPayment { fault };
    resources.pool.validate()?;
    if total.is_unpayable() {
        return Err(illegal(PaymentFault::Unpayable));
    }
    let supply = supplies(total, resources);
    let mut used = [0u64; SUPPLIES];
    let mut paid = [0u64; DEMANDS];
    let mut flows = Vec::with_capacity(parts.len());
    for part in parts {
        if part.count == 0 {
            continue;
        }
        let source = part.source;
        let s = supply_of(source);
        let missing_ability = match source {
            Source::Creature(_) => !resources.convoke,
            Source::Artifact => !resources.improvise,
            Source::GraveyardCard => !resources.delve,
            _ => false,
        };
        if missing_ability {
            return Err(illegal(PaymentFault::MissingAbility { source }));
        }
        let symbol = part.symbol;
        let d = demand_of(symbol, part.paid_as)
            .filter(|&d| demand_symbol(d) == symbol)
            .ok_or(illegal(PaymentFault::UnknownSymbol { symbol }))?;
        if !options(s, d).contains(part.paid_as) {
            return Err(illegal(PaymentFault::CantPay { source, symbol }));
        }
        used[s] = used[s].saturating_add(part.count);
        paid[d] = paid[d].saturating_add(part.count);
        flows.push((s, d, part.count));
    }
    for s in 0..SUPPLIES {
        if used[s] > supply[s] {
            return Err(illegal(PaymentFault::NotEnough {
                source: supply_source(s),
            }));
        }
    }
    let needed = demands(total, &[0; 5]);
    for d in 0..DEMANDS {
        let exact = match d {
            D_TWO_COLOR..D_TWO_GENERIC => {
                let c = d - D_TWO_COLOR;
                let generic = paid[D_TWO_GENERIC + c];
                generic % 2 == 0 && paid[d].checked_add(generic / 2) == Some(needed[d])
            }
            D_TWO_GENERIC..D_COLORLESS_HYBRID => true,
            _ => paid[d] == needed[d],
        };
        if !exact {
            return Err(illegal(PaymentFault::WrongAmount {
                requirement: Requirement::Symbol(demand_symbol(d)),
            }));
        }
    }
    let unused: [u64; SUPPLIES] = std::array::from_fn(|s| supply[s] - used[s]);
    let forbidden = Forbidden::new(&flows, &unused);
    for part in parts {
        if part.count == 0 || is_credit(supply_of(part.source)) {
            continue;
        }
        if let Some(fault) = forbidden.check(part.paid_as) {
            return Err(illegal(fault));
        }
    }
    Ok(())
}
