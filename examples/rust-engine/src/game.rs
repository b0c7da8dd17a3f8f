//! One probe's game: the board of its setup, the actions it takes and the
//! observations it reports, on top of `mtgjudge-core`.
//!
//! Only vanilla combat: players and life; creatures with power, toughness,
//! keywords and status; planeswalkers with loyalty; the turn from the
//! precombat main phase to the cleanup step.

use mtgjudge_core::{
    AttackTarget, Block, Board, Combat, CombatError, Creature, CreatureId, DamageAssignment,
    DamageLog, DamageStep, Keyword, Planeswalker, PlaneswalkerId, Player, PlayerId, Recipient,
};
use serde_json::{json, Map, Value};

/// Why a probe stops short of a result.
#[derive(Debug, PartialEq)]
pub enum Stop {
    /// The action is illegal: the answer's `refused`. No later action is taken.
    Refused(Refusal),
    /// This engine can't express the probe: an `unsupported` answer.
    Unsupported(String),
    /// The probe is malformed: an `error` answer.
    Bad(String),
}

#[derive(Debug, PartialEq)]
pub struct Refusal {
    /// From the protocol's closed list, or `None` if the engine can't tell.
    pub fault: Option<String>,
    pub rule: Option<&'static str>,
    pub message: String,
}

/// The faults this engine finds itself, with their rules and messages; the
/// kernel finds the others.
const FAULTS: [(&str, &str, &str); 9] = [
    ("attack:not_an_opponent", "508.1b", "a creature attacks a player or a planeswalker"),
    ("action:turn_ended", "500.1", "the turn would end before that step began"),
    ("action:attackers_already_declared", "508.1", "attackers were already declared"),
    ("action:blockers_already_declared", "509.1", "blockers were already declared"),
    ("action:no_blockers_step", "508.8", "no creatures attacked: no declare blockers step"),
    ("action:no_damage_step", "508.8", "no creatures attacked: no combat damage step"),
    ("action:step_skipped", "508.8", "no creatures attacked, so that step is skipped"),
    ("action:not_attacking", "509.1h", "only an attacking creature can become blocked"),
    ("action:game_over", "104.1", "the game is over"),
];

fn refused(fault: &str) -> Stop {
    let (fault, rule, message) = FAULTS.into_iter().find(|f| f.0 == fault).unwrap_or_default();
    let (fault, message) = (Some(fault.to_string()), message.to_string());
    Stop::Refused(Refusal { fault, rule: Some(rule), message })
}

/// The kernel's errors, named as the protocol's faults.
impl From<CombatError> for Stop {
    fn from(error: CombatError) -> Stop {
        let fault = match error {
            CombatError::IllegalAttack { fault, .. } => Some(format!("attack:{}", fault.name())),
            CombatError::IllegalBlock { fault, .. } => Some(format!("block:{}", fault.name())),
            CombatError::IllegalAssignment { fault, .. } => {
                Some(format!("assignment:{}", fault.name()))
            }
            CombatError::AlreadyDeclared { what } => {
                Some(format!("action:{what}_already_declared"))
            }
            CombatError::NoDamageStepLeft => Some("action:no_damage_step".into()),
            // Bad references, not rules: no fault of the list fits.
            _ => None,
        };
        let (rule, message) = (error.rule(), error.to_string());
        Stop::Refused(Refusal { fault, rule, message })
    }
}

fn bad(message: impl Into<String>) -> Stop {
    Stop::Bad(message.into())
}

fn unsupported(what: impl Into<String>) -> Stop {
    Stop::Unsupported(what.into())
}

/// The positions of a turn in order (500.1), by the protocol's names.
const POSITIONS: &str = "untap upkeep draw precombat_main beginning_of_combat declare_attackers \
    declare_blockers combat_damage end_of_combat postcombat_main end cleanup";
const PRECOMBAT_MAIN: usize = 3;
const BEGINNING_OF_COMBAT: usize = 4;
const DECLARE_ATTACKERS: usize = 5;
const DECLARE_BLOCKERS: usize = 6;
const COMBAT_DAMAGE: usize = 7;
const END_OF_COMBAT: usize = 8;
const CLEANUP: usize = 11;

fn position(name: &str) -> Result<usize, Stop> {
    let found = POSITIONS.split_whitespace().position(|p| p == name);
    found.ok_or_else(|| bad(format!("unknown step {name:?}")))
}

/// The keys of an object this engine builds, besides `name` and `controller`.
const CREATURE_KEYS: &str =
    "types power toughness keywords damage tapped summoning_sick block_limit";
const PLANESWALKER_KEYS: &str = "types loyalty";

#[derive(Default)]
pub struct Game {
    players: Vec<String>,
    /// The probe's names of `board.creatures` and `board.planeswalkers`.
    creatures: Vec<String>,
    planeswalkers: Vec<String>,
    board: Board,
    combat: Combat,
    log: DamageLog,
    active: PlayerId,
    /// Where the turn is: an index into `POSITIONS`.
    at: usize,
    attackers_declared: bool,
    blockers_declared: bool,
    /// Attackers an effect made blocked (509.1h), kept when blockers are declared.
    made_blocked: Vec<CreatureId>,
    /// The combat steps entered, for the `steps` observation.
    steps: Vec<&'static str>,
}

impl Game {
    /// The board of a probe's `setup` (rulings/README.md, Setup).
    pub fn build(setup: &Value) -> Result<Game, Stop> {
        let setup = table(setup, "setup")?;
        let known = ["players", "active_player", "step", "battlefield"];
        for (key, value) in setup {
            let empty = value.as_object().is_some_and(Map::is_empty);
            if !known.contains(&key.as_str()) && !empty {
                return Err(unsupported(format!("setup key {key}")));
            }
        }
        let mut game = Game::default();
        let players = setup.get("players").unwrap_or(&Value::Null);
        for entry in need(players.as_array(), "setup.players", "a list")? {
            let entry = table(entry, "a player")?;
            if let Some(key) = entry.keys().find(|key| *key != "name" && *key != "life") {
                return Err(unsupported(format!("setup key player.{key}")));
            }
            let name = text(entry.get("name"), "a player's name")?;
            let life = entry.get("life").map_or(Ok(20), |life| integer(life, "life"))?;
            game.players.push(name.to_string());
            game.board.players.push(Player::with_life(life));
        }
        if game.players.len() < 2 || game.players.len() > 8 {
            return Err(bad("a game has two to eight players"));
        }
        game.active = game.player(text(setup.get("active_player"), "active_player")?)?;
        let step = text(setup.get("step"), "setup.step")?;
        game.at = position(step)?;
        // Before the main phase or within combat, the setup would need what
        // happened earlier in the turn.
        if game.at < PRECOMBAT_MAIN || (DECLARE_ATTACKERS..=END_OF_COMBAT).contains(&game.at) {
            return Err(unsupported(format!("a setup in the {step} step")));
        }
        game.enter(game.at);
        if let Some(battlefield) = setup.get("battlefield") {
            for (name, object) in table(battlefield, "setup.battlefield")? {
                game.add_object(name, table(object, name)?)?;
            }
        }
        Ok(game)
    }

    fn add_object(&mut self, name: &str, object: &Map<String, Value>) -> Result<(), Stop> {
        let controller = self.player(text(object.get("controller"), "controller")?)?;
        let types = object.get("types").map(|types| strings(types, "types"));
        let types = types.transpose()?;
        let has_type = |wanted| types.as_ref().is_some_and(|types| types.contains(&wanted));
        // rulings/README.md: without `types`, an object with power is a creature.
        let creature = has_type("creature") || (types.is_none() && object.contains_key("power"));
        let keys = match (creature, has_type("planeswalker")) {
            (true, false) => CREATURE_KEYS,
            (false, true) => PLANESWALKER_KEYS,
            _ => return Err(unsupported(format!("{name}: not a creature or a planeswalker"))),
        };
        let known =
            |key: &str| keys.split_whitespace().chain(["name", "controller"]).any(|k| k == key);
        if let Some(key) = object.keys().find(|key| !known(key)) {
            return Err(unsupported(format!("setup key object.{key} ({name})")));
        }
        let number = |key, default| object.get(key).map_or(Ok(default), |v| integer(v, key));
        let flag = |key| object.get(key).map_or(Ok(false), |v| boolean(v, key));
        if !creature {
            let loyalty = number("loyalty", 0)?;
            self.board.planeswalkers.push(Planeswalker::new(controller, loyalty));
            self.planeswalkers.push(name.to_string());
            return Ok(());
        }
        let (power, toughness) = (number("power", 0)?, number("toughness", 0)?);
        let mut creature = Creature::new(controller, power, toughness);
        let keywords = object.get("keywords").map(|k| strings(k, "keywords"));
        for word in keywords.transpose()?.unwrap_or_default() {
            match Keyword::from_name(word) {
                // Exalted is a triggered ability, which the kernel doesn't trigger.
                Some(Keyword::Exalted) | None => {
                    return Err(unsupported(format!("the keyword {word:?}")))
                }
                Some(keyword) => creature = creature.with_keyword(keyword),
            }
        }
        creature.damage = number("damage", 0)?;
        creature.tapped = flag("tapped")?;
        creature.summoning_sick = flag("summoning_sick")?;
        let limit = u16::try_from(number("block_limit", 1)?);
        creature.block_limit = limit.map_err(|_| bad("block_limit must be 0 to 65535"))?;
        if self.creatures.len() >= 1000 {
            return Err(bad("too many creatures"));
        }
        self.board.creatures.push(creature);
        self.creatures.push(name.to_string());
        Ok(())
    }

    /// Takes one action (rulings/README.md, Actions), then performs
    /// state-based actions, as a player would receive priority (704.3).
    pub fn act(&mut self, action: &Value) -> Result<(), Stop> {
        let action = table(action, "an action")?;
        let Some((kind, args)) = action.iter().next().filter(|_| action.len() == 1) else {
            return Err(bad("an action is a table with one key"));
        };
        if self.game_over() {
            return Err(refused("action:game_over"));
        }
        match kind.as_str() {
            "attack" => self.attack(table(args, "attack")?)?,
            "block" => self.block(table(args, "block")?)?,
            "damage" => self.damage(table(args, "damage")?)?,
            "advance" => self.advance(text(Some(args), "advance")?)?,
            "become_blocked" => self.become_blocked(&strings(args, "become_blocked")?)?,
            other => return Err(unsupported(format!("the action {other}"))),
        }
        let log = &mut self.log;
        self.combat.check_state_based_actions(&mut self.board, log);
        if self.board.players.iter().any(|p| p.has_lost) && !self.game_over() {
            return Err(unsupported("a player leaving a multiplayer game (800.4a)"));
        }
        Ok(())
    }

    /// Refuses a combat action once the turn's combat is over, or once the
    /// declaration it would make was made.
    fn still_in_combat(&self, declared: bool, fault: &str) -> Result<(), Stop> {
        if self.at > END_OF_COMBAT {
            return Err(refused("action:turn_ended"));
        }
        if declared {
            return Err(refused(fault));
        }
        Ok(())
    }

    fn attack(&mut self, declared: &Map<String, Value>) -> Result<(), Stop> {
        let fault = "action:attackers_already_declared";
        self.still_in_combat(self.attackers_declared, fault)?;
        let mut attacks = Vec::new();
        for (name, target) in declared {
            let target = match self.recipient(text(Some(target), "an attack's target")?)? {
                Recipient::Player(player) => AttackTarget::Player(player),
                Recipient::Planeswalker(walker) => AttackTarget::Planeswalker(walker),
                Recipient::Creature(_) => return Err(refused("attack:not_an_opponent")),
            };
            attacks.push((self.creature(name)?, target));
        }
        self.forward_to(DECLARE_ATTACKERS)?;
        let board = &mut self.board;
        self.combat.declare_attackers(board, self.active, &attacks)?;
        self.attackers_declared = true;
        Ok(())
    }

    fn block(&mut self, declared: &Map<String, Value>) -> Result<(), Stop> {
        let fault = "action:blockers_already_declared";
        self.still_in_combat(self.blockers_declared, fault)?;
        let mut blocks = Vec::new();
        for (name, attackers) in declared {
            let blocker = self.creature(name)?;
            // One attacker, or a list for a creature that can block several.
            let attackers = match attackers {
                Value::String(one) => vec![one.as_str()],
                many => strings(many, "a block")?,
            };
            for attacker in attackers {
                let attacker = self.creature(attacker)?;
                blocks.push(Block { blocker, attacker });
            }
        }
        self.forward_to(DECLARE_BLOCKERS)?;
        if self.at != DECLARE_BLOCKERS {
            return Err(refused("action:no_blockers_step"));
        }
        self.declare_blockers(&blocks)
    }

    fn declare_blockers(&mut self, blocks: &[Block]) -> Result<(), Stop> {
        self.combat.declare_blockers(&self.board, blocks)?;
        self.blockers_declared = true;
        // The kernel sets each attacker's blocked status from the blocks alone.
        for attack in &mut self.combat.attacks {
            attack.blocked |= self.made_blocked.contains(&attack.attacker);
        }
        Ok(())
    }

    fn become_blocked(&mut self, names: &[&str]) -> Result<(), Stop> {
        for name in names {
            let creature = self.creature(name)?;
            let attacks = &mut self.combat.attacks;
            let Some(attack) = attacks.iter_mut().find(|a| a.attacker == creature) else {
                return Err(refused("action:not_attacking"));
            };
            attack.blocked = true;
            self.made_blocked.push(creature);
        }
        Ok(())
    }

    /// The next combat damage step, with explicit assignments for the
    /// sources named: `{"knight": {"bear": 2, "Bob": 3}}`.
    fn damage(&mut self, choices: &Map<String, Value>) -> Result<(), Stop> {
        self.still_in_combat(false, "")?;
        let mut assignments = Vec::new();
        for (source, split) in choices {
            let source = self.creature(source)?;
            for (recipient, amount) in table(split, "an assignment")? {
                let recipient = self.recipient(recipient)?;
                let amount = integer(amount, "an amount of damage")?;
                assignments.push(DamageAssignment { source, recipient, amount });
            }
        }
        self.forward_to(COMBAT_DAMAGE)?;
        if self.at != COMBAT_DAMAGE {
            return Err(refused("action:no_damage_step"));
        }
        self.damage_step(&assignments)
    }

    fn damage_step(&mut self, assignments: &[DamageAssignment]) -> Result<(), Stop> {
        // The kernel knows which step comes next (510.4); none after the second.
        let step = self.combat.next_damage_step(&self.board);
        let step = step.ok_or(CombatError::NoDamageStepLeft)?;
        // The step begins, then its damage is assigned and dealt (510.1, 510.2).
        let first = step == DamageStep::FirstStrike;
        self.steps.push(if first { "first_strike_damage" } else { "combat_damage" });
        let log = &mut self.log;
        self.combat.resolve_damage_step(&mut self.board, assignments, log)?;
        Ok(())
    }

    /// Proceeds until that phase or step begins; the steps on the way run
    /// with no choices made.
    fn advance(&mut self, target: &str) -> Result<(), Stop> {
        let target = position(target)?;
        if target == COMBAT_DAMAGE {
            // Its damage is dealt as it begins: that's the `damage` action.
            return Err(unsupported("advance to combat_damage"));
        }
        if target <= self.at {
            return Err(refused("action:turn_ended"));
        }
        self.forward_to(target)?;
        if self.at > target && !self.game_over() {
            return Err(refused("action:step_skipped"));
        }
        Ok(())
    }

    /// Finishes the current step and begins the next ones until `target`
    /// (or a later step, if 508.8 skips it) has begun, or the game is over.
    /// Each pass moves forward, so the loop ends.
    fn forward_to(&mut self, target: usize) -> Result<(), Stop> {
        while self.at < target && !self.game_over() {
            self.finish_step()?;
            self.at += 1;
            // 508.8: without attackers, no declare blockers or combat damage step.
            let skipped = self.at == DECLARE_BLOCKERS || self.at == COMBAT_DAMAGE;
            if skipped && !self.combat.attacked {
                self.at = END_OF_COMBAT;
            }
            self.enter(self.at);
        }
        Ok(())
    }

    /// What the current step still owes as it ends, with no choices made.
    fn finish_step(&mut self) -> Result<(), Stop> {
        match self.at {
            DECLARE_ATTACKERS => self.attackers_declared = true,
            DECLARE_BLOCKERS if !self.blockers_declared => self.declare_blockers(&[])?,
            COMBAT_DAMAGE => {
                // The damage steps left: two at most (510.4).
                while self.combat.next_damage_step(&self.board).is_some() && !self.game_over() {
                    self.damage_step(&[])?;
                }
            }
            END_OF_COMBAT => {
                // 511.3: as the end of combat step ends, creatures leave combat.
                self.combat.attacks.clear();
                self.combat.blocks.clear();
                self.combat.blocking_nothing.clear();
            }
            _ => {}
        }
        Ok(())
    }

    /// What happens as a step begins.
    fn enter(&mut self, at: usize) {
        // Damage steps are recorded as they happen: there may be two.
        if (BEGINNING_OF_COMBAT..=END_OF_COMBAT).contains(&at) && at != COMBAT_DAMAGE {
            self.steps.extend(POSITIONS.split_whitespace().nth(at));
        }
        if at == CLEANUP {
            // 514.2: damage marked on permanents is removed.
            for creature in &mut self.board.creatures {
                creature.damage = 0;
            }
        }
    }

    /// 104.2a, 104.1: the game ends when one player is left in it.
    fn game_over(&self) -> bool {
        self.board.players.iter().filter(|p| !p.has_lost).count() <= 1
    }

    fn player(&self, name: &str) -> Result<PlayerId, Stop> {
        let index = self.players.iter().position(|player| player == name);
        need(index, &format!("{name:?}"), "a player").map(|i| i as PlayerId)
    }

    /// A name as what damage is dealt to: a creature, a planeswalker or a player.
    fn recipient(&self, name: &str) -> Result<Recipient, Stop> {
        if let Some(id) = self.creatures.iter().position(|n| n == name) {
            return Ok(Recipient::Creature(id as CreatureId));
        }
        match self.planeswalkers.iter().position(|n| n == name) {
            Some(id) => Ok(Recipient::Planeswalker(id as PlaneswalkerId)),
            None => self.player(name).map(Recipient::Player),
        }
    }

    fn creature(&self, name: &str) -> Result<CreatureId, Stop> {
        match self.recipient(name) {
            Ok(Recipient::Creature(id)) => Ok(id),
            _ => Err(bad(format!("{name:?} must be a creature"))),
        }
    }

    fn name_of(&self, recipient: Recipient) -> &str {
        match recipient {
            Recipient::Player(id) => &self.players[usize::from(id)],
            Recipient::Creature(id) => &self.creatures[usize::from(id)],
            Recipient::Planeswalker(id) => &self.planeswalkers[usize::from(id)],
        }
    }

    /// The creature that dealt damage; this engine's sources are all
    /// creatures, so `None` (a non-creature source) has no name.
    fn source_name(&self, source: Option<CreatureId>) -> &str {
        source.map_or("", |id| self.name_of(Recipient::Creature(id)))
    }

    /// What a probe's `observe` asks for (docs/protocol.md, Observations).
    pub fn observe(&self, query: &Value) -> Result<Value, Stop> {
        let mut answer = Map::new();
        for (kind, wanted) in table(query, "observe")? {
            let value = match kind.as_str() {
                "life" | "damage" | "dealt_by" | "zone" | "tapped" | "loyalty" => {
                    let mut values = Map::new();
                    for name in strings(wanted, kind)? {
                        values.insert(name.to_string(), self.observe_one(kind, name));
                    }
                    Value::Object(values)
                }
                "dealt" => Value::Array(self.dealt()),
                "life_gained" => Value::Array(self.life_gained()),
                "lost" => json!(self.players_who(|p| p.has_lost)),
                "died" => json!(self.died()),
                "damage_steps" => {
                    json!(self.log.steps.iter().map(|s| s.name()).collect::<Vec<_>>())
                }
                "steps" => json!(self.steps),
                "attacking" => json!(self.creatures_where(|id| self.combat.is_attacking(id))),
                "blocking" => json!(self.creatures_where(|id| self.combat.is_blocking(id))),
                other => return Err(unsupported(format!("the observation {other}"))),
            };
            answer.insert(kind.clone(), value);
        }
        Ok(Value::Object(answer))
    }

    fn dealt(&self) -> Vec<Value> {
        let mut events = Vec::new();
        for event in &self.log.damage {
            events.push(json!({
                "source": self.source_name(event.source),
                "to": self.name_of(event.recipient),
                "amount": event.amount,
                "step": event.step.map_or("noncombat", |step| step.name()),
            }));
        }
        events
    }

    fn life_gained(&self) -> Vec<Value> {
        let mut events = Vec::new();
        for gain in &self.log.life_gains {
            events.push(json!({
                "player": self.name_of(Recipient::Player(gain.player)),
                "amount": gain.amount,
                "source": self.source_name(gain.source),
            }));
        }
        events
    }

    fn players_who(&self, f: impl Fn(&Player) -> bool) -> Vec<&str> {
        let players = self.players.iter().zip(&self.board.players);
        players.filter(|(_, p)| f(p)).map(|(name, _)| name.as_str()).collect()
    }

    fn died(&self) -> Vec<&str> {
        let creatures = self.log.deaths.iter().map(|d| Recipient::Creature(d.creature));
        let walkers = self.log.planeswalker_deaths.iter();
        let walkers = walkers.map(|&w| Recipient::Planeswalker(w));
        creatures.chain(walkers).map(|r| self.name_of(r)).collect()
    }

    fn creatures_where(&self, f: impl Fn(CreatureId) -> bool) -> Vec<&str> {
        let ids = (0..self.creatures.len()).map(|id| id as CreatureId);
        let ids = ids.filter(|&id| f(id));
        ids.map(|id| self.name_of(Recipient::Creature(id))).collect()
    }

    /// One player's or object's value; `null` for what it doesn't have.
    fn observe_one(&self, kind: &str, name: &str) -> Value {
        let (creature, walker) = match self.recipient(name) {
            Ok(Recipient::Player(id)) if kind == "life" => {
                return json!(self.board.players[usize::from(id)].life)
            }
            Ok(Recipient::Creature(id)) => (self.board.creature(id), None),
            Ok(Recipient::Planeswalker(id)) => (None, self.board.planeswalker(id)),
            _ if kind == "zone" => return json!("nowhere"),
            _ => return Value::Null,
        };
        let here = creature.is_some_and(|c| c.on_battlefield);
        let here = here || walker.is_some_and(|w| w.on_battlefield);
        // A card that left the battlefield is a new object (400.7): untapped,
        // without damage.
        let creature = creature.filter(|_| here);
        match kind {
            "zone" => json!(if here { "battlefield" } else { "graveyard" }),
            "damage" => json!(creature.map_or(0, |c| c.damage)),
            "tapped" => json!(creature.is_some_and(|c| c.tapped)),
            "loyalty" => walker.map_or(Value::Null, |w| json!(w.loyalty)),
            // dealt_by
            _ => {
                let dealt = self.log.damage.iter();
                let dealt = dealt.filter(|e| self.source_name(e.source) == name);
                json!(dealt.map(|e| e.amount).sum::<i32>())
            }
        }
    }
}

// Readers of JSON values, with errors that say what was wrong.

fn need<T>(found: Option<T>, what: &str, shape: &str) -> Result<T, Stop> {
    found.ok_or_else(|| bad(format!("{what} must be {shape}")))
}

pub fn table<'a>(value: &'a Value, what: &str) -> Result<&'a Map<String, Value>, Stop> {
    need(value.as_object(), what, "a table")
}

fn text<'a>(value: Option<&'a Value>, what: &str) -> Result<&'a str, Stop> {
    need(value.and_then(Value::as_str), what, "a string")
}

fn strings<'a>(value: &'a Value, what: &str) -> Result<Vec<&'a str>, Stop> {
    let list = need(value.as_array(), what, "a list")?;
    list.iter().map(|item| text(Some(item), what)).collect()
}

fn integer(value: &Value, what: &str) -> Result<i32, Stop> {
    let number = value.as_i64().and_then(|n| i32::try_from(n).ok());
    need(number, what, "an integer")
}

fn boolean(value: &Value, what: &str) -> Result<bool, Stop> {
    need(value.as_bool(), what, "true or false")
}

#[cfg(test)]
mod tests {
    //! Combats whose results come from the Comprehensive Rules.
    use super::*;

    /// Plays `actions` on a board of Alice's and Bob's creatures, with Alice
    /// active, and observes `observe` afterwards.
    fn play(battlefield: Value, actions: Value, observe: Value) -> (Value, Option<Refusal>) {
        let players = json!([{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}]);
        let setup = json!({"players": players, "active_player": "Alice",
                           "step": "precombat_main", "battlefield": battlefield});
        let mut game = Game::build(&setup).expect("a valid setup");
        let mut refusal = None;
        for action in actions.as_array().expect("a list") {
            match game.act(action) {
                Ok(()) => {}
                Err(Stop::Refused(why)) => {
                    refusal = Some(why);
                    break;
                }
                Err(other) => panic!("{other:?}"),
            }
        }
        (game.observe(&observe).expect("known observations"), refusal)
    }

    fn creature(controller: &str, power: i32, toughness: i32, keywords: &[&str]) -> Value {
        json!({"controller": controller, "power": power, "toughness": toughness, "keywords": keywords})
    }

    #[test]
    fn first_strike_kills_the_blocker_before_it_deals_damage() {
        // 702.7b, 510.4: only the first striker deals damage in the first
        // step; the blocker dies (704.5g) before the second.
        let board = json!({"knight": creature("Alice", 2, 2, &["first strike"]),
                           "bear": creature("Bob", 2, 2, &[])});
        let actions = json!([{"attack": {"knight": "Bob"}}, {"block": {"bear": "knight"}},
                             {"advance": "postcombat_main"}]);
        let observe = json!({"died": true, "damage": ["knight"], "damage_steps": true});
        let (seen, refusal) = play(board, actions, observe);
        assert_eq!(refusal, None);
        assert_eq!(seen["died"], json!(["bear"]));
        assert_eq!(seen["damage"], json!({"knight": 0}));
        assert_eq!(seen["damage_steps"], json!(["first_strike", "regular"]));
    }

    #[test]
    fn deathtouch_trample_assigns_one_to_each_blocker() {
        // 702.2c: 1 damage from a deathtouch source is lethal; 702.19b: the
        // rest tramples over to the player.
        let board = json!({"wurm": creature("Alice", 4, 4, &["deathtouch", "trample"]),
                           "ogre": creature("Bob", 3, 3, &[]), "troll": creature("Bob", 3, 3, &[])});
        let actions = json!([{"attack": {"wurm": "Bob"}}, {"block": {"ogre": "wurm", "troll": "wurm"}},
                             {"damage": {}}]);
        let (seen, _) = play(board, actions, json!({"life": ["Bob"], "died": true}));
        assert_eq!(seen["life"], json!({"Bob": 18}));
        assert_eq!(seen["died"], json!(["wurm", "ogre", "troll"]));
    }

    #[test]
    fn double_strike_with_lifelink_gains_life_in_each_step() {
        // 702.4b: damage in both steps; 702.15b: its controller gains that much each time.
        let board = json!({"cleric": creature("Alice", 3, 3, &["double strike", "lifelink"])});
        let actions = json!([{"attack": {"cleric": "Bob"}}, {"block": {}}, {"advance": "end"}]);
        let observe = json!({"life": ["Alice", "Bob"], "life_gained": true});
        let (seen, _) = play(board, actions, observe);
        assert_eq!(seen["life"], json!({"Alice": 26, "Bob": 14}));
        let gain = json!({"player": "Alice", "amount": 3, "source": "cleric"});
        assert_eq!(seen["life_gained"], json!([gain, gain]));
    }

    #[test]
    fn without_attackers_blockers_and_damage_steps_are_skipped() {
        // 508.8
        let board = json!({"bear": creature("Alice", 2, 2, &[])});
        let (seen, refusal) = play(board, json!([{"advance": "end"}]), json!({"steps": true}));
        assert_eq!(refusal, None);
        assert_eq!(
            seen["steps"],
            json!(["beginning_of_combat", "declare_attackers", "end_of_combat"])
        );
        let board = json!({"bear": creature("Alice", 2, 2, &[])});
        let (_, refusal) = play(board, json!([{"attack": {}}, {"damage": {}}]), json!({}));
        assert_eq!(refusal.and_then(|r| r.fault).as_deref(), Some("action:no_damage_step"));
    }

    #[test]
    fn illegal_actions_are_refused_with_the_fault_and_rule() {
        // 702.9b: a creature with flying can't be blocked except by flying or reach.
        let board = json!({"drake": creature("Alice", 2, 2, &["flying"]), "bear": creature("Bob", 2, 2, &[])});
        let (_, why) = play(
            board,
            json!([{"attack": {"drake": "Bob"}}, {"block": {"bear": "drake"}}]),
            json!({}),
        );
        let why = why.expect("refused");
        assert_eq!((why.fault.as_deref(), why.rule), (Some("block:flying"), Some("702.9b")));
        // 702.19b: a trampler assigns to the player only after lethal damage to its blockers.
        let board = json!({"rhino": creature("Alice", 4, 4, &["trample"]), "bear": creature("Bob", 2, 2, &[])});
        let actions = json!([{"attack": {"rhino": "Bob"}}, {"block": {"bear": "rhino"}},
                             {"damage": {"rhino": {"bear": 1, "Bob": 3}}}]);
        let (seen, why) = play(board, actions, json!({"life": ["Bob"]}));
        assert_eq!(why.and_then(|r| r.fault).as_deref(), Some("assignment:trample_without_lethal"));
        assert_eq!(seen["life"], json!({"Bob": 20}));
    }

    #[test]
    fn what_it_cant_build_is_unsupported() {
        let setup = json!({"players": [{"name": "Alice"}, {"name": "Bob"}], "active_player": "Alice",
                           "step": "precombat_main", "hand": {"bolt": {"owner": "Alice"}}});
        assert_eq!(Game::build(&setup).err(), Some(Stop::Unsupported("setup key hand".into())));
    }
}
