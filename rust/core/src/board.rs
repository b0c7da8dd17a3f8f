//! The plain data the kernels work on: players, creatures and planeswalkers.
//!
//! Everything here is `Copy` and indexed by small integers, so a batch of
//! boards can be resolved by reusing the same vectors without allocating.

use crate::combat::{DamageProgress, DamageStep};
use crate::damage::DeathReason;
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
    /// Lost the game: set by state-based actions (704.5a) or
    /// [`crate::Combat::player_loses`]. A player who loses leaves the game
    /// (104.5); the kernel knows no other way to leave it.
    pub has_lost: bool,
    /// Poison counters (122.1f); ten or more lose the game (704.5c).
    pub poison: i32,
    /// False under "you can't gain life" (119.7): lifelink gains nothing.
    pub can_gain_life: bool,
    /// False under "you can't lose life" (119.8): damage is still dealt
    /// to the player but causes no life loss.
    pub can_lose_life: bool,
    /// False under "you can't get poison counters" (122.1f, 614.1a):
    /// infect damage to the player still is dealt but gives none.
    pub can_get_poison: bool,
    /// The team the player is on in a Two-Headed Giant game (810.1), or
    /// `None` outside one. Teammates share a life total and poison
    /// counters (810.4, 810.10), attack and block as a team (805.10), and
    /// win or lose together (810.8a); each holds the team's totals.
    pub team: Option<u8>,
}

/// How a game ended (104.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The one player still in the game won (104.2a).
    Won(PlayerId),
    /// Every player remaining lost at once (104.4a).
    Draw,
}

impl Player {
    pub const fn with_life(life: i32) -> Player {
        Player {
            life,
            has_lost: false,
            poison: 0,
            can_gain_life: true,
            can_lose_life: true,
            can_get_poison: true,
            team: None,
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
    /// -1/-1 counters the kernel put on it for damage from a source with
    /// infect or wither (120.3d, 702.80b, 702.90b). `power` and
    /// `toughness` don't include them; each lowers both by one (613.4c).
    pub minus_one_counters: i32,
    /// False under "can't have -1/-1 counters put on it" (122.1, 614.1a):
    /// damage from infect or wither is still dealt but puts none.
    pub can_get_minus_one_counters: bool,
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
    /// Regeneration shields from resolved spells and abilities (701.19a):
    /// each replaces the next time it would be destroyed this turn. They
    /// end at cleanup (514.2), which is the caller's business.
    pub regeneration_shields: u8,
}

impl Creature {
    /// An untapped creature with no keywords, no damage and no summoning sickness.
    pub const fn new(controller: PlayerId, power: i32, toughness: i32) -> Creature {
        Creature {
            controller,
            power,
            toughness,
            damage: 0,
            minus_one_counters: 0,
            can_get_minus_one_counters: true,
            keywords: Keywords::EMPTY,
            keyword_counters: Keywords::EMPTY,
            tapped: false,
            summoning_sick: false,
            block_limit: 1,
            dealt_deathtouch_damage: false,
            struck_first: false,
            on_battlefield: true,
            regeneration_shields: 0,
        }
    }

    #[must_use]
    pub const fn with_keyword(mut self, keyword: Keyword) -> Creature {
        self.keywords = self.keywords.with(keyword);
        self
    }

    /// The same creature with `shields` regeneration shields (701.19a).
    #[must_use]
    pub const fn with_regeneration_shields(mut self, shields: u8) -> Creature {
        self.regeneration_shields = shields;
        self
    }

    /// Its power with the -1/-1 counters the kernel put on it (613.4c).
    pub const fn current_power(&self) -> i32 {
        self.power.saturating_sub(self.minus_one_counters)
    }

    /// Its toughness with the -1/-1 counters the kernel put on it (613.4c).
    pub const fn current_toughness(&self) -> i32 {
        self.toughness.saturating_sub(self.minus_one_counters)
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
        const STRIKES: Keywords = Keywords::EMPTY
            .with(Keyword::FirstStrike)
            .with(Keyword::DoubleStrike);
        self.all_keywords().intersects(STRIKES)
    }

    /// Trample or its variant trample over planeswalkers (702.19c).
    pub const fn tramples(&self) -> bool {
        const TRAMPLES: Keywords = Keywords::EMPTY
            .with(Keyword::Trample)
            .with(Keyword::TrampleOverPlaneswalkers);
        self.all_keywords().intersects(TRAMPLES)
    }

    /// Whether it assigns combat damage in `step`, given how far the damage
    /// steps have gone, apart from its power and its place in combat (510.4,
    /// 702.4b, 702.7b): in a first-strike step, creatures with first strike
    /// or double strike; in the second step, creatures that had neither as
    /// the first step began, and creatures that now have double strike.
    pub const fn strikes_in(&self, step: DamageStep, progress: DamageProgress) -> bool {
        // Without branches: which step it is changes from combat to combat.
        let first_step = matches!(step, DamageStep::FirstStrike);
        let second_step = matches!(step, DamageStep::Regular)
            & matches!(progress, DamageProgress::FirstStrikeDealt);
        let only_step = !first_step & !second_step;
        (first_step & self.has_first_or_double_strike())
            | (second_step & (!self.struck_first | self.has(Keyword::DoubleStrike)))
            | only_step
    }

    /// The damage that is lethal to it (702.19b, 120.4a) from a source that
    /// others have already assigned `from_others` damage to it in the same
    /// step: its toughness less damage already marked and `from_others`,
    /// never below 0; any nonzero damage from a source with deathtouch is
    /// lethal (702.2c).
    pub const fn lethal_damage(&self, from_others: i32, deathtouch_source: bool) -> i32 {
        let needed = self
            .current_toughness()
            .saturating_sub(self.damage)
            .saturating_sub(from_others);
        let needed = if needed < 0 { 0 } else { needed };
        let most = if deathtouch_source { 1 } else { i32::MAX };
        if needed < most {
            needed
        } else {
            most
        }
    }

    /// Marks `amount` damage dealt to it (120.3e), remembering deathtouch
    /// until state-based actions are checked (702.2b).
    pub fn take_damage(&mut self, amount: i32, deathtouch_source: bool) {
        self.damage = self.damage.saturating_add(amount);
        self.dealt_deathtouch_damage |= deathtouch_source;
    }

    /// Damage from a source with infect or wither: that many -1/-1
    /// counters instead of marked damage (120.3d, 702.80b, 702.90b), none
    /// if it can't have them; the damage is still dealt, so deathtouch
    /// still applies (702.2b).
    pub fn take_damage_as_counters(&mut self, amount: i32, deathtouch_source: bool) {
        if self.can_get_minus_one_counters {
            self.minus_one_counters = self.minus_one_counters.saturating_add(amount);
        }
        self.dealt_deathtouch_damage |= deathtouch_source;
    }

    /// Whether state-based actions would destroy it (704.5g, 704.5h):
    /// toughness above 0 (otherwise 704.5f puts it into the graveyard,
    /// which isn't destruction), lethal damage marked or deathtouch damage
    /// since the last check, and not indestructible (702.12b). Before
    /// regeneration; computed without branches.
    pub const fn would_be_destroyed(&self) -> bool {
        let toughness = self.current_toughness();
        let lethal = (self.damage > 0) & (self.damage >= toughness);
        let destroyed = lethal | self.dealt_deathtouch_damage;
        (toughness > 0) & destroyed & !self.has(Keyword::Indestructible)
    }

    /// Whether a regeneration shield replaces its destruction by
    /// state-based actions (701.19a, 614.8): it would be destroyed (704.5g
    /// or 704.5h, or both at once: one event, one shield) and has a shield.
    pub const fn regenerates(&self) -> bool {
        self.would_be_destroyed() & (self.regeneration_shields > 0)
    }

    /// Whether state-based actions put it into its owner's graveyard
    /// (704.5f–h, 702.12b, 701.19a): [`Creature::death_reason`] is `Some`.
    /// Regeneration can't replace 704.5f. Computed without branches, since
    /// whether a creature dies is hard to predict.
    pub const fn dies(&self) -> bool {
        let zero_toughness = self.current_toughness() <= 0;
        zero_toughness | (self.would_be_destroyed() & (self.regeneration_shields == 0))
    }

    /// Why state-based actions put it into its owner's graveyard, if they do
    /// (704.5f–h, with 702.12b for indestructible and 701.19a for
    /// regeneration).
    pub const fn death_reason(&self) -> Option<DeathReason> {
        if !self.dies() {
            None
        } else if self.current_toughness() <= 0 {
            Some(DeathReason::ZeroToughness)
        } else if self.damage > 0 && self.damage >= self.current_toughness() {
            Some(DeathReason::LethalDamage)
        } else if self.dealt_deathtouch_damage {
            Some(DeathReason::Deathtouch)
        } else {
            None
        }
    }

    /// Uses a regeneration shield (701.19a, 614.8): instead of being
    /// destroyed, all damage marked on it is removed (with the deathtouch
    /// damage that would destroy it, 704.5h) and it becomes tapped. Removing
    /// it from combat is the combat's business (506.4).
    pub fn regenerate(&mut self) {
        self.damage = 0;
        self.dealt_deathtouch_damage = false;
        self.tapped = true;
        self.regeneration_shields = self.regeneration_shields.saturating_sub(1);
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

    /// Whether two players are the same player or teammates (810.1).
    pub fn same_team(&self, a: PlayerId, b: PlayerId) -> bool {
        if a == b {
            return true;
        }
        let team = |id: PlayerId| self.player(id).and_then(|player| player.team);
        team(a).is_some() && team(a) == team(b)
    }

    /// The player and their teammates (810.1).
    fn team_mut(&mut self, player: PlayerId) -> impl Iterator<Item = &mut Player> {
        let team = self.player(player).and_then(|state| state.team);
        self.players
            .iter_mut()
            .enumerate()
            .filter(move |(index, state)| {
                *index == usize::from(player) || (team.is_some() && state.team == team)
            })
            .map(|(_, state)| state)
    }

    /// Whether `allows` holds for the player and each teammate: in
    /// Two-Headed Giant "can't gain life", "can't lose life" and "can't get
    /// poison counters" hold for the whole team (810.9g, 810.9h, 810.10c).
    pub fn team_allows(&self, player: PlayerId, allows: impl Fn(&Player) -> bool) -> bool {
        let team = self.player(player).and_then(|state| state.team);
        self.players.iter().enumerate().all(|(index, state)| {
            let member = index == usize::from(player) || (team.is_some() && state.team == team);
            !member || allows(state)
        })
    }

    /// The player's life total changes by `change`. In Two-Headed Giant the
    /// player gains or loses the life, and the result is applied to the
    /// team's shared total, which each teammate holds (810.9).
    pub fn change_life(&mut self, player: PlayerId, change: i32) {
        for state in self.team_mut(player) {
            state.life = state.life.saturating_add(change);
        }
    }

    /// The player gets `count` poison counters (122.1f); a team shares them
    /// (810.10).
    pub fn add_poison(&mut self, player: PlayerId, count: i32) {
        for state in self.team_mut(player) {
            state.poison = state.poison.saturating_add(count);
        }
    }

    /// How many poison counters make the player lose: ten (704.5c), or for
    /// a team fifteen (704.6b), and five more for each teammate beyond the
    /// second (810.11).
    pub fn poison_to_lose(&self, player: PlayerId) -> i32 {
        let size = (0..self.players.len())
            .filter(|&other| self.same_team(player, other as PlayerId))
            .count();
        if size < 2 {
            10
        } else {
            let extra = i32::try_from(size - 2).unwrap_or(i32::MAX);
            extra.saturating_mul(5).saturating_add(15)
        }
    }

    /// Whether the game is over (104.1), and how. A player who loses leaves
    /// the game (104.5); once some player has lost and at most one player,
    /// or one team (810.8a), is left, that one wins (104.2a; `Won` names
    /// a player of the team), or, if none is, the game is a draw (104.4a).
    /// With more left, the game goes on (800.4).
    pub fn game_result(&self) -> Option<GameResult> {
        let mut left = self.players.iter().enumerate().filter(|(_, p)| !p.has_lost);
        let first = left.next();
        let other_side = first.and_then(|(winner, _)| {
            left.find(|&(other, _)| !self.same_team(winner as PlayerId, other as PlayerId))
        });
        let someone_lost = self.players.iter().any(|player| player.has_lost);
        match (someone_lost, first, other_side) {
            (false, _, _) | (true, Some(_), Some(_)) => None,
            (true, Some((winner, _)), None) => Some(GameResult::Won(winner as PlayerId)),
            (true, None, _) => Some(GameResult::Draw),
        }
    }

    /// [`Board::game_result`] is `Some`: nothing more happens (104.1).
    pub fn is_game_over(&self) -> bool {
        self.game_result().is_some()
    }

    /// The creature, if the id is in range and it is still on the battlefield.
    pub fn creature_on_battlefield(&self, id: CreatureId) -> Option<&Creature> {
        self.creature(id).filter(|creature| creature.on_battlefield)
    }
}
