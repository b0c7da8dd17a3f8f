//! `mtgjudge._core.Combat`: one combat, driven step by step from Python.

use mtgjudge_core::combat::{check_attack_target, DamageProgress, Death};
use mtgjudge_core::damage::{deal_noncombat_damage, DamageSource, Source};
use mtgjudge_core::{
    Attack, AttackTarget, Block, Board, Combat, Creature, DamageAssignment, DamageLog, DamageStep,
    GameResult, Keyword, Keywords, Planeswalker, Player, Recipient,
};
use pyo3::prelude::*;
use pyo3::types::PyInt;

use crate::args::{self, Name};
use crate::errors::{combat_error, guard, invalid_input};

/// A damage event: `(source, (kind, index), amount, step)`; the source is
/// `None` for a `DamageSource`.
type DamageTuple = (Option<u16>, (&'static str, u16), i32, Option<&'static str>);
/// A creature for `add_creatures`: `(controller, power, toughness, damage, keywords)`.
type CreatureRow = (u8, i32, i32, i32, u32);
/// `(source, recipient, amount)`: damage assigned (510.1).
type AssignmentTuple = (u16, (&'static str, u16), i32);
/// A life gain: `(player, amount, source, step)`.
type GainTuple = (u8, i32, Option<u16>, Option<&'static str>);
/// A death: `(creature, rule)`.
type DeathTuple = (u16, &'static str);

/// A source of damage that is not a creature of the combat (113.7a,
/// 608.2h): its controller and keywords.
#[pyclass(module = "mtgjudge._core", name = "DamageSource", frozen)]
pub struct PyDamageSource {
    source: DamageSource,
}

#[pymethods]
impl PyDamageSource {
    #[new]
    fn new(
        #[pyo3(from_py_with = args::controller)] controller: u8,
        keywords: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        if keywords.is_instance_of::<pyo3::types::PyString>() {
            return Err(args::wrong_type(
                Name::Arg("keywords"),
                "a sequence of keyword names",
                keywords,
            ));
        }
        let mut set = Keywords::EMPTY;
        for (index, item) in args::items(keywords, Name::Arg("keywords"))?
            .iter()
            .enumerate()
        {
            let name = args::text(item, Name::Item("keywords", index))?;
            let keyword = Keyword::from_name(&name).ok_or_else(|| {
                invalid_input(format!("keywords[{index}]: unknown keyword {name:?}"))
            })?;
            set = set.with(keyword);
        }
        Ok(PyDamageSource {
            source: DamageSource {
                controller,
                keywords: set,
            },
        })
    }

    #[getter]
    fn controller(&self) -> u8 {
        self.source.controller
    }

    /// Its keyword names, in the order of `KEYWORDS`.
    #[getter]
    fn keywords(&self) -> Vec<&'static str> {
        self.source.keywords.iter().map(Keyword::name).collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "DamageSource({}, {:?})",
            self.source.controller,
            self.keywords()
        )
    }
}

/// `deal_damage`'s source: a creature index or a `DamageSource`.
fn damage_source(value: &Bound<'_, PyAny>) -> PyResult<Source> {
    if let Ok(other) = value.cast::<PyDamageSource>() {
        return Ok(Source::Other(other.get().source));
    }
    if value.is_instance_of::<PyInt>() {
        return Ok(Source::Creature(args::source(value)?));
    }
    Err(args::wrong_type(
        Name::Arg("source"),
        "a creature index or a DamageSource",
        value,
    ))
}

#[pyclass(module = "mtgjudge._core", name = "Combat")]
pub struct PyCombat {
    board: Board,
    combat: Combat,
    log: DamageLog,
}

fn recipient_tuple(recipient: Recipient) -> (&'static str, u16) {
    match recipient {
        Recipient::Player(id) => ("player", u16::from(id)),
        Recipient::Creature(id) => ("creature", id),
        Recipient::Planeswalker(id) => ("planeswalker", id),
    }
}

/// A recipient: `("player", 1)`, `("creature", 3)` or `("planeswalker", 0)`.
fn parse_recipient(value: &Bound<'_, PyAny>, name: Name) -> PyResult<Recipient> {
    let [kind, index] = args::fields(value, name, "(kind, index)")?;
    match args::text(&kind, name)?.as_str() {
        "player" => Ok(Recipient::Player(args::int(&index, name)?)),
        "creature" => Ok(Recipient::Creature(args::int(&index, name)?)),
        "planeswalker" => Ok(Recipient::Planeswalker(args::int(&index, name)?)),
        other => Err(invalid_input(format!(
            "{name}: the kind of a recipient is 'player', 'creature' or 'planeswalker', not {other:?}"
        ))),
    }
}

/// `[(source, recipient, amount), ...]`, or `None` for none.
fn parse_assignments(
    value: Option<&Bound<'_, PyAny>>,
    name: &'static str,
) -> PyResult<Vec<DamageAssignment>> {
    let Some(value) = value.filter(|value| !value.is_none()) else {
        return Ok(Vec::new());
    };
    let field = |index, field, what| Name::Field(name, index, field, what);
    args::items(value, Name::Arg(name))?
        .iter()
        .enumerate()
        .map(|(index, item)| {
            let [source, recipient, amount] =
                args::fields(item, Name::Item(name, index), "(source, recipient, amount)")?;
            Ok(DamageAssignment {
                source: args::int(&source, field(index, 0, "source"))?,
                recipient: parse_recipient(&recipient, field(index, 1, "recipient"))?,
                amount: args::int(&amount, field(index, 2, "amount"))?,
            })
        })
        .collect()
}

/// An attack target: `("player", 1)`, `("planeswalker", 0)`,
/// `("removed_planeswalker", 0)`, `("nothing", 0)`, or a bare player index.
fn parse_target(value: &Bound<'_, PyAny>, name: Name) -> PyResult<AttackTarget> {
    if value.is_instance_of::<PyInt>() {
        return Ok(AttackTarget::Player(args::int(value, name)?));
    }
    let [kind, index] = args::fields(value, name, "(kind, index) or a player index")?;
    match args::text(&kind, name)?.as_str() {
        "player" => Ok(AttackTarget::Player(args::int(&index, name)?)),
        "planeswalker" => Ok(AttackTarget::Planeswalker(args::int(&index, name)?)),
        "removed_planeswalker" => Ok(AttackTarget::RemovedPlaneswalker(args::int(&index, name)?)),
        "nothing" => match args::int::<u16>(&index, name)? {
            0 => Ok(AttackTarget::Nothing),
            other => Err(invalid_input(format!(
                "{name}: attacking nothing is ('nothing', 0), not ('nothing', {other})"
            ))),
        },
        other => Err(invalid_input(format!(
            "{name}: the kind of an attack target is 'player', 'planeswalker', 'removed_planeswalker' or 'nothing', not {other:?}"
        ))),
    }
}

/// `[(attacker, target), ...]`.
fn parse_attacks(value: &Bound<'_, PyAny>) -> PyResult<Vec<(u16, AttackTarget)>> {
    // Bare player indices through PyO3's faster conversion; the rest, and
    // the errors, through ours.
    if let Ok(pairs) = value.extract::<Vec<(u16, u8)>>() {
        return Ok(pairs
            .into_iter()
            .map(|(attacker, player)| (attacker, AttackTarget::Player(player)))
            .collect());
    }
    args::items(value, Name::Arg("attacks"))?
        .iter()
        .enumerate()
        .map(|(index, item)| {
            let [attacker, target] =
                args::fields(item, Name::Item("attacks", index), "(attacker, target)")?;
            Ok((
                args::int(&attacker, Name::Field("attacks", index, 0, "attacker"))?,
                parse_target(&target, Name::Field("attacks", index, 1, "target"))?,
            ))
        })
        .collect()
}

/// `[(blocker, attacker), ...]`.
fn parse_blocks(value: &Bound<'_, PyAny>) -> PyResult<Vec<Block>> {
    // PyO3's conversion when it works (it is faster); ours, which says
    // what is wrong, when it doesn't.
    if let Ok(pairs) = value.extract::<Vec<(u16, u16)>>() {
        return Ok(pairs
            .into_iter()
            .map(|(blocker, attacker)| Block { blocker, attacker })
            .collect());
    }
    args::items(value, Name::Arg("blocks"))?
        .iter()
        .enumerate()
        .map(|(index, item)| {
            let [blocker, attacker] =
                args::fields(item, Name::Item("blocks", index), "(blocker, attacker)")?;
            Ok(Block {
                blocker: args::int(&blocker, Name::Field("blocks", index, 0, "blocker"))?,
                attacker: args::int(&attacker, Name::Field("blocks", index, 1, "attacker"))?,
            })
        })
        .collect()
}

/// `[(controller, power, toughness, damage, keywords), ...]`.
fn creature_rows(value: &Bound<'_, PyAny>) -> PyResult<Vec<CreatureRow>> {
    // PyO3's conversion when it works (it is faster); ours, which says
    // what is wrong, when it doesn't.
    if let Ok(rows) = value.extract::<Vec<CreatureRow>>() {
        return Ok(rows);
    }
    const WHAT: &str = "(controller, power, toughness, damage, keywords)";
    let field = |index, field, what| Name::Field("creatures", index, field, what);
    args::items(value, Name::Arg("creatures"))?
        .iter()
        .enumerate()
        .map(|(index, item)| {
            let [controller, power, toughness, damage, keywords] =
                args::fields(item, Name::Item("creatures", index), WHAT)?;
            Ok((
                args::int(&controller, field(index, 0, "controller"))?,
                args::int(&power, field(index, 1, "power"))?,
                args::int(&toughness, field(index, 2, "toughness"))?,
                args::int(&damage, field(index, 3, "damage"))?,
                args::int(&keywords, field(index, 4, "keywords"))?,
            ))
        })
        .collect()
}

fn opt_creature_rows(value: &Bound<'_, PyAny>) -> PyResult<Option<Vec<CreatureRow>>> {
    if value.is_none() {
        Ok(None)
    } else {
        creature_rows(value).map(Some)
    }
}

fn target_arg(value: &Bound<'_, PyAny>) -> PyResult<AttackTarget> {
    parse_target(value, Name::Arg("target"))
}

fn recipient_arg(value: &Bound<'_, PyAny>) -> PyResult<Recipient> {
    parse_recipient(value, Name::Arg("recipient"))
}

fn keywords(bits: u32) -> PyResult<Keywords> {
    let keywords = Keywords::from_bits(bits);
    if keywords.bits() == bits {
        Ok(keywords)
    } else {
        Err(invalid_input(format!(
            "keyword mask {bits:#x} has unknown bits"
        )))
    }
}

fn death_rule(death: &Death) -> DeathTuple {
    (death.creature, death.reason.rule())
}

fn step_name(step: DamageStep) -> &'static str {
    step.name()
}

impl PyCombat {
    fn creature_mut(&mut self, index: u16) -> PyResult<&mut Creature> {
        self.board
            .creatures
            .get_mut(usize::from(index))
            .ok_or_else(|| invalid_input(format!("no creature with index {index}")))
    }

    fn player_mut(&mut self, index: u8) -> PyResult<&mut Player> {
        self.board
            .players
            .get_mut(usize::from(index))
            .ok_or_else(|| invalid_input(format!("no player with index {index}")))
    }

    fn creature_ref(&self, index: u16) -> PyResult<&Creature> {
        self.board
            .creature(index)
            .ok_or_else(|| invalid_input(format!("no creature with index {index}")))
    }
}

#[pymethods]
impl PyCombat {
    /// A combat among players with the given life totals (player 0, 1, ...).
    /// `creatures`, if given, are added as by `add_creatures`.
    #[new]
    #[pyo3(signature = (life, creatures=None))]
    fn new(
        #[pyo3(from_py_with = args::life_totals)] life: Vec<i32>,
        #[pyo3(from_py_with = opt_creature_rows)] creatures: Option<Vec<CreatureRow>>,
    ) -> PyResult<Self> {
        if life.is_empty() || life.len() > usize::from(u8::MAX) {
            return Err(invalid_input("a combat needs between 1 and 255 players"));
        }
        let mut combat = PyCombat {
            board: Board {
                players: life.into_iter().map(Player::with_life).collect(),
                creatures: Vec::new(),
                planeswalkers: Vec::new(),
            },
            combat: Combat::new(),
            log: DamageLog::default(),
        };
        if let Some(creatures) = creatures {
            combat.add_creatures(creatures)?;
        }
        Ok(combat)
    }

    /// Adds a creature and returns its index.
    /// `regeneration_shields` counts the regeneration shields it has (701.19a).
    /// `minus_one_counters` are -1/-1 counters the kernel put on it before
    /// (not in `power` and `toughness`, 613.4c); with
    /// `can_get_minus_one_counters=False`, infect and wither put none (122.1).
    #[pyo3(signature = (controller, power, toughness, *, damage=0, keywords=0, keyword_counters=0, tapped=false, summoning_sick=false, block_limit=1, struck_first=false, dealt_deathtouch_damage=false, regeneration_shields=0, minus_one_counters=0, can_get_minus_one_counters=true))]
    #[allow(clippy::too_many_arguments)]
    fn add_creature(
        &mut self,
        #[pyo3(from_py_with = args::controller)] controller: u8,
        #[pyo3(from_py_with = args::power)] power: i32,
        #[pyo3(from_py_with = args::toughness)] toughness: i32,
        #[pyo3(from_py_with = args::damage)] damage: i32,
        #[pyo3(from_py_with = args::keywords)] keywords: u32,
        #[pyo3(from_py_with = args::keyword_counters)] keyword_counters: u32,
        #[pyo3(from_py_with = args::tapped)] tapped: bool,
        #[pyo3(from_py_with = args::summoning_sick)] summoning_sick: bool,
        #[pyo3(from_py_with = args::block_limit)] block_limit: u16,
        #[pyo3(from_py_with = args::struck_first)] struck_first: bool,
        #[pyo3(from_py_with = args::dealt_deathtouch_damage)] dealt_deathtouch_damage: bool,
        #[pyo3(from_py_with = args::regeneration_shields)] regeneration_shields: u8,
        #[pyo3(from_py_with = args::minus_one_counters)] minus_one_counters: i32,
        #[pyo3(from_py_with = args::can_get_minus_one_counters)] can_get_minus_one_counters: bool,
    ) -> PyResult<u16> {
        self.combat.forget_assignment();
        if self.board.player(controller).is_none() {
            return Err(invalid_input(format!("no player with index {controller}")));
        }
        if damage < 0 {
            return Err(invalid_input("marked damage can't be negative"));
        }
        if minus_one_counters < 0 {
            return Err(invalid_input("minus_one_counters can't be negative"));
        }
        let index = u16::try_from(self.board.creatures.len())
            .map_err(|_| invalid_input("too many creatures in one combat"))?;
        self.board.creatures.push(Creature {
            damage,
            keywords: self::keywords(keywords)?,
            keyword_counters: self::keywords(keyword_counters)?,
            tapped,
            summoning_sick,
            block_limit,
            struck_first,
            dealt_deathtouch_damage,
            regeneration_shields,
            minus_one_counters,
            can_get_minus_one_counters,
            ..Creature::new(controller, power, toughness)
        });
        Ok(index)
    }

    /// Adds creatures given as `(controller, power, toughness, damage,
    /// keywords)` tuples, with the defaults of `add_creature` for the rest,
    /// and returns the index of the first.
    fn add_creatures(
        &mut self,
        #[pyo3(from_py_with = creature_rows)] creatures: Vec<CreatureRow>,
    ) -> PyResult<u16> {
        self.combat.forget_assignment();
        let first = u16::try_from(self.board.creatures.len())
            .map_err(|_| invalid_input("too many creatures in one combat"))?;
        if self.board.creatures.len() + creatures.len() > usize::from(u16::MAX) {
            return Err(invalid_input("too many creatures in one combat"));
        }
        for &(controller, _, _, damage, bits) in &creatures {
            if self.board.player(controller).is_none() {
                return Err(invalid_input(format!("no player with index {controller}")));
            }
            if damage < 0 {
                return Err(invalid_input("marked damage can't be negative"));
            }
            keywords(bits)?;
        }
        self.board.creatures.extend(creatures.into_iter().map(
            |(controller, power, toughness, damage, bits)| Creature {
                damage,
                keywords: Keywords::from_bits(bits),
                ..Creature::new(controller, power, toughness)
            },
        ));
        Ok(first)
    }

    /// Adds a planeswalker and returns its index.
    /// `on_battlefield=False` stands for a planeswalker that has left the
    /// battlefield but that creatures attacked this combat (506.4c, 508.5).
    #[pyo3(signature = (controller, loyalty, *, on_battlefield=true))]
    fn add_planeswalker(
        &mut self,
        #[pyo3(from_py_with = args::controller)] controller: u8,
        #[pyo3(from_py_with = args::loyalty)] loyalty: i32,
        #[pyo3(from_py_with = args::on_battlefield)] on_battlefield: bool,
    ) -> PyResult<u16> {
        self.combat.forget_assignment();
        if self.board.player(controller).is_none() {
            return Err(invalid_input(format!("no player with index {controller}")));
        }
        let index = u16::try_from(self.board.planeswalkers.len())
            .map_err(|_| invalid_input("too many planeswalkers in one combat"))?;
        self.board.planeswalkers.push(Planeswalker {
            on_battlefield,
            ..Planeswalker::new(controller, loyalty)
        });
        Ok(index)
    }

    /// Changes a creature between steps; arguments left out keep their value.
    /// `regeneration_shields` sets how many regeneration shields it has
    /// (701.19a: a resolving spell or ability creates one).
    /// `minus_one_counters` sets the -1/-1 counters the kernel counts
    /// (0 once the caller's `power` and `toughness` include them).
    #[pyo3(signature = (index, *, power=None, toughness=None, damage=None, keywords=None, keyword_counters=None, tapped=None, regeneration_shields=None, minus_one_counters=None, can_get_minus_one_counters=None))]
    #[allow(clippy::too_many_arguments)]
    fn update_creature(
        &mut self,
        #[pyo3(from_py_with = args::index)] index: u16,
        #[pyo3(from_py_with = args::opt_power)] power: Option<i32>,
        #[pyo3(from_py_with = args::opt_toughness)] toughness: Option<i32>,
        #[pyo3(from_py_with = args::opt_damage)] damage: Option<i32>,
        #[pyo3(from_py_with = args::opt_keywords)] keywords: Option<u32>,
        #[pyo3(from_py_with = args::opt_keyword_counters)] keyword_counters: Option<u32>,
        #[pyo3(from_py_with = args::opt_tapped)] tapped: Option<bool>,
        #[pyo3(from_py_with = args::opt_regeneration_shields)] regeneration_shields: Option<u8>,
        #[pyo3(from_py_with = args::opt_minus_one_counters)] minus_one_counters: Option<i32>,
        #[pyo3(from_py_with = args::opt_can_get_minus_one_counters)]
        can_get_minus_one_counters: Option<bool>,
    ) -> PyResult<()> {
        self.combat.forget_assignment();
        let keywords = keywords.map(self::keywords).transpose()?;
        let keyword_counters = keyword_counters.map(self::keywords).transpose()?;
        if damage.is_some_and(|damage| damage < 0) {
            return Err(invalid_input("marked damage can't be negative"));
        }
        if minus_one_counters.is_some_and(|counters| counters < 0) {
            return Err(invalid_input("minus_one_counters can't be negative"));
        }
        let creature = self.creature_mut(index)?;
        if let Some(power) = power {
            creature.power = power;
        }
        if let Some(toughness) = toughness {
            creature.toughness = toughness;
        }
        if let Some(damage) = damage {
            creature.damage = damage;
        }
        if let Some(keywords) = keywords {
            creature.keywords = keywords;
        }
        if let Some(keyword_counters) = keyword_counters {
            creature.keyword_counters = keyword_counters;
        }
        if let Some(tapped) = tapped {
            creature.tapped = tapped;
        }
        if let Some(shields) = regeneration_shields {
            creature.regeneration_shields = shields;
        }
        if let Some(counters) = minus_one_counters {
            creature.minus_one_counters = counters;
        }
        if let Some(allowed) = can_get_minus_one_counters {
            creature.can_get_minus_one_counters = allowed;
        }
        Ok(())
    }

    /// The creature's state: a dict of its fields.
    fn creature(&self, #[pyo3(from_py_with = args::index)] index: u16) -> PyResult<CreatureView> {
        let creature = self.creature_ref(index)?;
        Ok(CreatureView {
            controller: creature.controller,
            power: creature.power,
            toughness: creature.toughness,
            damage: creature.damage,
            keywords: creature.keywords.bits(),
            keyword_counters: creature.keyword_counters.bits(),
            tapped: creature.tapped,
            struck_first: creature.struck_first,
            dealt_deathtouch_damage: creature.dealt_deathtouch_damage,
            on_battlefield: creature.on_battlefield,
            regeneration_shields: creature.regeneration_shields,
            minus_one_counters: creature.minus_one_counters,
            can_get_minus_one_counters: creature.can_get_minus_one_counters,
        })
    }

    /// Two-Headed Giant (810): each list is a team, by player index. A
    /// team's players must already hold the same life total and poison
    /// counters, which they share from now on (810.4, 810.10).
    fn set_teams(&mut self, teams: Vec<Vec<u8>>) -> PyResult<()> {
        let players = self.board.players.len();
        // 810.1, 810.11: two or more teams of the same size, at least two
        // players each, with every player on one.
        let size = teams.first().map_or(0, Vec::len);
        if teams.len() < 2 || size < 2 || teams.iter().any(|team| team.len() != size) {
            return Err(invalid_input(
                "teams: expected two or more teams of the same size, two or more players each \
                 (810.1, 810.11)",
            ));
        }
        if self.combat.attacked {
            return Err(invalid_input(
                "teams: they are formed before attackers are declared",
            ));
        }
        let mut team_of = vec![None; players];
        for (team, members) in teams.iter().enumerate() {
            for &player in members {
                let slot = team_of.get_mut(usize::from(player)).ok_or_else(|| {
                    invalid_input(format!("teams[{team}]: no player with index {player}"))
                })?;
                if slot.is_some() {
                    return Err(invalid_input(format!(
                        "teams[{team}]: player {player} is already on a team"
                    )));
                }
                *slot = Some(team as u8);
            }
            let first = self.board.players[usize::from(members[0])];
            let shared = members.iter().all(|&player| {
                let state = self.board.players[usize::from(player)];
                (state.life, state.poison, state.has_lost)
                    == (first.life, first.poison, first.has_lost)
            });
            if !shared {
                return Err(invalid_input(format!(
                    "teams[{team}]: teammates share one life total and their poison \
                     counters (810.4, 810.10), so they must start with the same"
                )));
            }
        }
        if team_of.iter().any(Option::is_none) {
            return Err(invalid_input(
                "teams: expected every player on a team (810.1)",
            ));
        }
        self.combat.forget_assignment();
        for (state, team) in self.board.players.iter_mut().zip(team_of) {
            state.team = team;
        }
        Ok(())
    }

    /// Sets the player's poison counters (122.1f); a team's, for a player
    /// on one (810.10).
    fn set_poison(
        &mut self,
        #[pyo3(from_py_with = args::player)] player: u8,
        #[pyo3(from_py_with = args::count)] count: i32,
    ) -> PyResult<()> {
        self.combat.forget_assignment();
        if count < 0 {
            return Err(invalid_input("count: poison counters can't be negative"));
        }
        let have = self.player_mut(player)?.poison;
        self.board.add_poison(player, count.saturating_sub(have));
        Ok(())
    }

    /// The player's poison counters (122.1f).
    fn poison(&self, #[pyo3(from_py_with = args::player)] player: u8) -> PyResult<i32> {
        self.board
            .player(player)
            .map(|player| player.poison)
            .ok_or_else(|| invalid_input(format!("no player with index {player}")))
    }

    /// 119.7 (can't gain life: lifelink gains nothing) and 119.8 (can't
    /// lose life: damage is dealt but causes no life loss).
    #[pyo3(signature = (player, *, can_gain_life=true, can_lose_life=true))]
    fn set_life_rules(
        &mut self,
        #[pyo3(from_py_with = args::player)] player: u8,
        #[pyo3(from_py_with = args::can_gain_life)] can_gain_life: bool,
        #[pyo3(from_py_with = args::can_lose_life)] can_lose_life: bool,
    ) -> PyResult<()> {
        self.combat.forget_assignment();
        let state = self.player_mut(player)?;
        state.can_gain_life = can_gain_life;
        state.can_lose_life = can_lose_life;
        Ok(())
    }

    /// "You can't get poison counters" (122.1f): infect damage to the
    /// player is dealt but gives none.
    #[pyo3(signature = (player, *, can_get_poison=true))]
    fn set_counter_rules(
        &mut self,
        #[pyo3(from_py_with = args::player)] player: u8,
        #[pyo3(from_py_with = args::can_get_poison)] can_get_poison: bool,
    ) -> PyResult<()> {
        self.combat.forget_assignment();
        self.player_mut(player)?.can_get_poison = can_get_poison;
        Ok(())
    }

    fn life(&self, #[pyo3(from_py_with = args::player)] player: u8) -> PyResult<i32> {
        self.board
            .player(player)
            .map(|player| player.life)
            .ok_or_else(|| invalid_input(format!("no player with index {player}")))
    }

    /// Whether the player lost the game, and so left it (104.5).
    fn has_lost(&self, #[pyo3(from_py_with = args::player)] player: u8) -> PyResult<bool> {
        self.board
            .player(player)
            .map(|player| player.has_lost)
            .ok_or_else(|| invalid_input(format!("no player with index {player}")))
    }

    /// Whether the game is over (104.1): some player lost and at most one
    /// is left. Then every action is refused (`IllegalActionError`, rule
    /// 104.1, fault "game_over"), `next_damage_step()` is None,
    /// `resolve_all_damage_steps()` resolves none and
    /// `check_state_based_actions()` does nothing.
    #[getter]
    fn game_over(&self) -> bool {
        self.board.is_game_over()
    }

    /// The player who won (104.2a), or None: the game goes on, or it is a
    /// draw (104.4a: `game_over` and no winner).
    #[getter]
    fn winner(&self) -> Option<u8> {
        match self.board.game_result() {
            Some(GameResult::Won(player)) => Some(player),
            Some(GameResult::Draw) | None => None,
        }
    }

    /// The player loses the game other than by state-based actions: they
    /// concede (104.3a) or an effect says so (104.3e). They leave the
    /// game (104.5); if the game goes on, the creatures and planeswalkers
    /// they control leave it too, and so leave combat (800.4a, 506.4).
    fn player_loses(&mut self, #[pyo3(from_py_with = args::player)] player: u8) -> PyResult<()> {
        self.log.clear();
        let (combat, board, log) = (&mut self.combat, &mut self.board, &mut self.log);
        guard(|| {
            combat
                .player_loses(board, player, log)
                .map_err(combat_error)
        })
    }

    fn loyalty(
        &self,
        #[pyo3(from_py_with = args::planeswalker)] planeswalker: u16,
    ) -> PyResult<i32> {
        self.board
            .planeswalker(planeswalker)
            .map(|walker| walker.loyalty)
            .ok_or_else(|| invalid_input(format!("no planeswalker with index {planeswalker}")))
    }

    /// Removes a creature from combat (506.4).
    fn remove_from_combat(
        &mut self,
        #[pyo3(from_py_with = args::index)] index: u16,
    ) -> PyResult<()> {
        self.creature_ref(index)?;
        self.combat.remove_from_combat(index);
        Ok(())
    }

    /// The creature leaves the battlefield, and so combat (506.4).
    fn leave_battlefield(
        &mut self,
        #[pyo3(from_py_with = args::index)] index: u16,
    ) -> PyResult<()> {
        self.combat.forget_assignment();
        self.creature_mut(index)?.on_battlefield = false;
        self.combat.remove_from_combat(index);
        Ok(())
    }

    /// Declares attackers for `active_player`: `[(creature, ("player", 1)), ...]`;
    /// a bare index stands for a player: `[(creature, 1), ...]`.
    fn declare_attackers(
        &mut self,
        #[pyo3(from_py_with = args::active_player)] active_player: u8,
        #[pyo3(from_py_with = parse_attacks)] declared: Vec<(u16, AttackTarget)>,
    ) -> PyResult<()> {
        let (combat, board) = (&mut self.combat, &mut self.board);
        guard(|| {
            combat
                .declare_attackers(board, active_player, &declared)
                .map_err(combat_error)
        })
    }

    /// Declares blockers: `[(blocker, attacker), ...]`.
    fn declare_blockers(
        &mut self,
        #[pyo3(from_py_with = parse_blocks)] declared: Vec<Block>,
    ) -> PyResult<()> {
        let (combat, board) = (&mut self.combat, &self.board);
        guard(|| {
            combat
                .declare_blockers(board, &declared)
                .map_err(combat_error)
        })
    }

    /// Restores an attack made earlier without checking declaration rules,
    /// for a creature put onto the battlefield attacking (508.4) or a combat
    /// rebuilt from saved state. The target must be an object of the board.
    #[pyo3(signature = (attacker, target, blocked=false))]
    fn restore_attack(
        &mut self,
        #[pyo3(from_py_with = args::attacker)] attacker: u16,
        #[pyo3(from_py_with = target_arg)] target: AttackTarget,
        #[pyo3(from_py_with = args::blocked)] blocked: bool,
    ) -> PyResult<()> {
        self.combat.forget_assignment();
        self.creature_ref(attacker)?;
        check_attack_target(&self.board, target).map_err(combat_error)?;
        self.combat.remove_from_combat(attacker);
        self.combat.attacked = true;
        self.combat.attacks.push(Attack {
            attacker,
            target,
            blocked,
        });
        Ok(())
    }

    /// Restores a block made earlier without checking declaration rules.
    fn restore_block(
        &mut self,
        #[pyo3(from_py_with = args::blocker)] blocker: u16,
        #[pyo3(from_py_with = args::attacker)] attacker: u16,
    ) -> PyResult<()> {
        self.combat.forget_assignment();
        self.creature_ref(blocker)?;
        self.creature_ref(attacker)?;
        self.combat.blocks.push(Block { blocker, attacker });
        Ok(())
    }

    /// Restores a blocking creature whose attackers have all left combat: it
    /// is still blocking (509.1g).
    fn restore_blocking_nothing(
        &mut self,
        #[pyo3(from_py_with = args::blocker)] blocker: u16,
    ) -> PyResult<()> {
        self.combat.forget_assignment();
        self.creature_ref(blocker)?;
        if !self.combat.blocking_nothing.contains(&blocker) {
            self.combat.blocking_nothing.push(blocker);
        }
        Ok(())
    }

    /// Whether any creature attacked this combat (508.8).
    #[getter]
    fn attacked(&self) -> bool {
        self.combat.attacked
    }

    #[setter]
    fn set_attacked(&mut self, attacked: &Bound<'_, PyAny>) -> PyResult<()> {
        self.combat.forget_assignment();
        self.combat.attacked = args::flag(attacked, Name::Arg("attacked"))?;
        Ok(())
    }

    /// `"not_started"`, `"first_strike_dealt"` or `"finished"`.
    #[getter]
    fn progress(&self) -> &'static str {
        match self.combat.progress {
            DamageProgress::NotStarted => "not_started",
            DamageProgress::FirstStrikeDealt => "first_strike_dealt",
            DamageProgress::Finished => "finished",
        }
    }

    #[setter]
    fn set_progress(&mut self, progress: &Bound<'_, PyAny>) -> PyResult<()> {
        self.combat.forget_assignment();
        self.combat.progress = match args::text(progress, Name::Arg("progress"))?.as_str() {
            "not_started" => DamageProgress::NotStarted,
            "first_strike_dealt" => DamageProgress::FirstStrikeDealt,
            "finished" => DamageProgress::Finished,
            other => {
                return Err(invalid_input(format!(
                "progress must be 'not_started', 'first_strike_dealt' or 'finished', not {other:?}"
            )))
            }
        };
        Ok(())
    }

    /// `"first_strike"`, `"regular"`, or `None` when no damage step remains (510.4).
    fn next_damage_step(&self) -> Option<&'static str> {
        self.combat.next_damage_step(&self.board).map(step_name)
    }

    /// Whether the creature is attacking or blocking.
    fn in_combat(&self, #[pyo3(from_py_with = args::index)] index: u16) -> bool {
        self.combat.is_in_combat(index)
    }

    /// Resolves the next damage step. `assignments` lists explicit choices
    /// as `(source, ("creature", 3), amount)`; other sources use the default
    /// policy. Returns the step's events.
    /// With `state_based_actions=False` the step stops once damage is dealt;
    /// call `check_state_based_actions` after updating characteristics.
    #[pyo3(signature = (assignments=None, state_based_actions=true))]
    fn resolve_damage_step(
        &mut self,
        assignments: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = args::state_based_actions)] state_based_actions: bool,
    ) -> PyResult<StepEvents> {
        let choices = parse_assignments(assignments, "assignments")?;
        self.log.clear();
        let (combat, board, log) = (&mut self.combat, &mut self.board, &mut self.log);
        let step = guard(|| {
            if state_based_actions {
                combat.resolve_damage_step(board, &choices, log)
            } else {
                combat.deal_damage_step(board, &choices, log)
            }
            .map_err(combat_error)
        })?;
        Ok(StepEvents::from_log(Some(step), &self.log))
    }

    /// Assigns the next combat damage step's damage (510.1) without dealing
    /// it, so that prevention effects can look at it (615). Takes explicit
    /// assignments as `resolve_damage_step` does; returns the step and the
    /// whole assignment as `(source, ("player", 1), amount)` tuples.
    #[pyo3(signature = (assignments=None))]
    fn assign_damage_step(
        &mut self,
        assignments: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(&'static str, Vec<AssignmentTuple>)> {
        let choices = parse_assignments(assignments, "assignments")?;
        let (combat, board) = (&mut self.combat, &self.board);
        let step = guard(|| {
            combat
                .assign_damage_step(board, &choices)
                .map_err(combat_error)
        })?;
        let assigned = self
            .combat
            .last_assignments
            .iter()
            .map(|a| (a.source, recipient_tuple(a.recipient), a.amount))
            .collect();
        Ok((step_name(step), assigned))
    }

    /// Deals the damage `assign_damage_step` assigned (510.2), with the
    /// amounts replacement and prevention effects made of it: `instead`
    /// holds `(source, recipient, amount)` dealt instead of the amount
    /// assigned (614.1a, 615.1). State-based actions are not performed; call
    /// `check_state_based_actions`.
    #[pyo3(signature = (instead=None))]
    fn deal_assigned_damage(&mut self, instead: Option<&Bound<'_, PyAny>>) -> PyResult<StepEvents> {
        let instead = parse_assignments(instead, "instead")?;
        self.log.clear();
        let (combat, board, log) = (&mut self.combat, &mut self.board, &mut self.log);
        let step = guard(|| {
            combat
                .deal_assigned_damage(board, &instead, log)
                .map_err(combat_error)
        })?;
        Ok(StepEvents::from_log(Some(step), &self.log))
    }

    /// Resolves every remaining combat damage step with the default
    /// assignment and state-based actions, as `resolve_damage_step()` in a
    /// loop would, without building the events; returns how many steps
    /// there were.
    fn resolve_all_damage_steps(&mut self) -> PyResult<usize> {
        self.log.clear();
        let (combat, board, log) = (&mut self.combat, &mut self.board, &mut self.log);
        guard(|| {
            combat
                .resolve_all_damage_steps(board, log)
                .map_err(combat_error)
        })?;
        Ok(self.log.steps.len())
    }

    /// `declare_attackers`, `declare_blockers` and
    /// `resolve_all_damage_steps` in one call: the same results, the same
    /// errors (an illegal declaration of blockers leaves the attackers
    /// declared, as the separate calls do). Returns how many damage steps
    /// there were.
    fn fight(
        &mut self,
        #[pyo3(from_py_with = args::active_player)] active_player: u8,
        #[pyo3(from_py_with = parse_attacks)] attacks: Vec<(u16, AttackTarget)>,
        #[pyo3(from_py_with = parse_blocks)] blocks: Vec<Block>,
    ) -> PyResult<usize> {
        self.declare_attackers(active_player, attacks)?;
        self.declare_blockers(blocks)?;
        self.resolve_all_damage_steps()
    }

    /// `(damage, on_battlefield, life)`: every creature's marked damage and
    /// whether it is on the battlefield, and every player's life total.
    fn summary(&self) -> (Vec<i32>, Vec<bool>, Vec<i32>) {
        let creatures = &self.board.creatures;
        (
            creatures.iter().map(|c| c.damage).collect(),
            creatures.iter().map(|c| c.on_battlefield).collect(),
            self.board.players.iter().map(|p| p.life).collect(),
        )
    }

    /// Deals noncombat damage from a creature or a `DamageSource` (120.3),
    /// with deathtouch, lifelink, infect and wither applying (702.2d,
    /// 702.15d, 702.80b, 702.90b). State-based actions are not performed;
    /// call `check_state_based_actions`.
    fn deal_damage(
        &mut self,
        #[pyo3(from_py_with = damage_source)] source: Source,
        #[pyo3(from_py_with = recipient_arg)] recipient: Recipient,
        #[pyo3(from_py_with = args::amount)] amount: i32,
    ) -> PyResult<StepEvents> {
        self.combat.forget_assignment();
        if amount < 0 {
            return Err(invalid_input("an amount of damage can't be negative"));
        }
        self.log.clear();
        let (board, log) = (&mut self.board, &mut self.log);
        guard(|| {
            deal_noncombat_damage(board, source, recipient, amount, log).map_err(combat_error)
        })?;
        Ok(StepEvents::from_log(None, &self.log))
    }

    /// Performs state-based actions (704.5a, 704.5c, 704.5f–i) and removes what left
    /// the battlefield from combat; a creature with a regeneration shield
    /// regenerates instead of being destroyed, and leaves combat (701.19a,
    /// 506.4).
    fn check_state_based_actions(&mut self) -> StepEvents {
        self.log.clear();
        self.combat
            .check_state_based_actions(&mut self.board, &mut self.log);
        StepEvents::from_log(None, &self.log)
    }
}

/// A creature's state, returned by `Combat.creature`.
#[pyclass(module = "mtgjudge._core", name = "CreatureState", frozen, get_all)]
pub struct CreatureView {
    controller: u8,
    power: i32,
    toughness: i32,
    damage: i32,
    keywords: u32,
    keyword_counters: u32,
    tapped: bool,
    struck_first: bool,
    dealt_deathtouch_damage: bool,
    on_battlefield: bool,
    regeneration_shields: u8,
    /// -1/-1 counters the kernel put on it (702.80b, 702.90b).
    minus_one_counters: i32,
    can_get_minus_one_counters: bool,
}

/// What one damage step did.
#[pyclass(module = "mtgjudge._core", name = "StepEvents", frozen, get_all)]
pub struct StepEvents {
    step: Option<&'static str>,
    damage: Vec<DamageTuple>,
    life_gains: Vec<GainTuple>,
    deaths: Vec<DeathTuple>,
    planeswalker_deaths: Vec<u16>,
    /// Players who lost (704.5a): a list, not bytes.
    losers: Vec<u16>,
    /// Creatures that regenerated instead of being destroyed (701.19a).
    regenerations: Vec<u16>,
}

impl StepEvents {
    fn from_log(step: Option<DamageStep>, log: &DamageLog) -> StepEvents {
        StepEvents {
            step: step.map(step_name),
            damage: log
                .damage
                .iter()
                .map(|event| {
                    (
                        event.source,
                        recipient_tuple(event.recipient),
                        event.amount,
                        event.step.map(step_name),
                    )
                })
                .collect(),
            life_gains: log
                .life_gains
                .iter()
                .map(|gain| {
                    (
                        gain.player,
                        gain.amount,
                        gain.source,
                        gain.step.map(step_name),
                    )
                })
                .collect(),
            deaths: log.deaths.iter().map(death_rule).collect(),
            planeswalker_deaths: log.planeswalker_deaths.clone(),
            losers: log.losers.iter().map(|&player| u16::from(player)).collect(),
            regenerations: log.regenerations.clone(),
        }
    }
}
