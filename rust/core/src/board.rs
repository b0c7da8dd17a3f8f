//! The plain data the kernels work on: players, creatures and planeswalkers.
//!
//! Everything here is `Copy` and indexed by small integers, so a batch of
//! boards can be resolved by reusing the same vectors without allocating.

use crate::keywords::{Keyword, Keywords};

/// Index of a player in [`Board::players`].
pub type PlayerId = u8;
/// Index of a creature in [`Board::creatures`].
pub type CreatureId = u16;
/// Index of a planeswalker in [`Board::planeswalkers`].
pub type PlaneswalkerId = u16;

/// A player's state as far as combat cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Player {
    pub life: i32,
    /// Set by state-based actions (704.5a).
    pub has_lost: bool,
}

impl Player {
    pub const fn with_life(life: i32) -> Player {
        Player {
            life,
            has_lost: false,
        }
    }
}

/// A creature's current characteristics and status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Creature {
    pub controller: PlayerId,
    /// Power after all effects. Zero or negative is allowed (510.1a).
    pub power: i32,
    /// Toughness after all effects. Zero or negative is allowed (704.5f).
    pub toughness: i32,
    /// Damage marked on it (120.3e).
    pub damage: i32,
    /// Keywords it has from abilities and effects.
    pub keywords: Keywords,
    /// Keywords it has from keyword counters (122.1b).
    pub keyword_counters: Keywords,
    pub tapped: bool,
    /// Not controlled continuously since the controller's most recent turn began (302.6).
    pub summoning_sick: bool,
    /// How many attackers it may block at once; 1 unless an effect says
    /// it can block additional creatures (509.1a).
    pub block_limit: u16,
    /// Dealt damage by a source with deathtouch since state-based actions
    /// were last checked (702.2b).
    pub dealt_deathtouch_damage: bool,
    /// Had first strike or double strike as the first-strike combat damage
    /// step began (510.4). Set by the kernel; false for creatures that were
    /// not in combat then.
    pub struck_first: bool,
    /// False once it has left the battlefield.
    pub on_battlefield: bool,
}

impl Creature {
    /// An untapped creature with no keywords, no damage and no summoning sickness.
    pub const fn new(controller: PlayerId, power: i32, toughness: i32) -> Creature {
        Creature {
            controller,
            power,
            toughness,
            damage: 0,
            keywords: Keywords::EMPTY,
            keyword_counters: Keywords::EMPTY,
            tapped: false,
            summoning_sick: false,
            block_limit: 1,
            dealt_deathtouch_damage: false,
            struck_first: false,
            on_battlefield: true,
        }
    }

    #[must_use]
    pub const fn with_keyword(mut self, keyword: Keyword) -> Creature {
        self.keywords = self.keywords.with(keyword);
        self
    }

    /// Every keyword it has, from abilities or from keyword counters (122.1b).
    pub const fn all_keywords(&self) -> Keywords {
        self.keywords.union(self.keyword_counters)
    }

    pub const fn has(&self, keyword: Keyword) -> bool {
        self.all_keywords().contains(keyword)
    }

    /// First strike or double strike: the creatures of the first-strike step (510.4).
    pub const fn has_first_or_double_strike(&self) -> bool {
        self.has(Keyword::FirstStrike) || self.has(Keyword::DoubleStrike)
    }

    /// Trample or its variant trample over planeswalkers (702.19c).
    pub const fn tramples(&self) -> bool {
        self.has(Keyword::Trample) || self.has(Keyword::TrampleOverPlaneswalkers)
    }
}

/// A planeswalker: only its loyalty and controller matter to combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Planeswalker {
    pub controller: PlayerId,
    pub loyalty: i32,
    pub on_battlefield: bool,
}

impl Planeswalker {
    pub const fn new(controller: PlayerId, loyalty: i32) -> Planeswalker {
        Planeswalker {
            controller,
            loyalty,
            on_battlefield: true,
        }
    }
}

/// What a piece of damage is dealt to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Recipient {
    Player(PlayerId),
    Creature(CreatureId),
    Planeswalker(PlaneswalkerId),
}

/// Players, creatures and planeswalkers of one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    pub players: Vec<Player>,
    pub creatures: Vec<Creature>,
    pub planeswalkers: Vec<Planeswalker>,
}

impl Board {
    /// Empties the board but keeps its memory, for reuse across a batch.
    pub fn clear(&mut self) {
        self.players.clear();
        self.creatures.clear();
        self.planeswalkers.clear();
    }

    pub fn creature(&self, id: CreatureId) -> Option<&Creature> {
        self.creatures.get(usize::from(id))
    }

    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.get(usize::from(id))
    }

    pub fn planeswalker(&self, id: PlaneswalkerId) -> Option<&Planeswalker> {
        self.planeswalkers.get(usize::from(id))
    }

    /// The creature, if the id is in range and it is still on the battlefield.
    pub fn creature_on_battlefield(&self, id: CreatureId) -> Option<&Creature> {
        self.creature(id).filter(|creature| creature.on_battlefield)
    }
}
