//! Building a probe's board in manabrew and performing its actions through
//! scripted `PlayerAgent`s.
//!
//! The game loop owns the game while a step runs and calls the agents for
//! every choice. Both agents share one `Driver`, which walks through the
//! probe's actions: it answers `choose_attackers`, `choose_blockers` and
//! `assign_combat_damage` from them, activates the hidden abilities that
//! perform effects when its player has priority, and decides at each
//! priority whether the current action is complete, refused, or still to
//! come. The observations are taken at the priority right after the last
//! action is complete, or from the game when the loop returns.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use forge_foundation::{PhaseType, ZoneType};
use manabrew_engine::agent::notification::GameNotification;
use manabrew_engine::agent::{
    ManaAbilityOption, ManaCostAction, PlayerAgent, PriorityActionSpace, TargetChoice,
};
use manabrew_engine::card::card_damage_history::TrackedEntity;
use manabrew_engine::card::counter_type::parse_counter_type;
use manabrew_engine::card::CardInstance;
use manabrew_engine::combat::{self, DefenderId};
use manabrew_engine::game::GameState;
use manabrew_engine::game_loop::GameLoop;
use manabrew_engine::ids::{CardId, PlayerId};
use manabrew_engine::mana::ManaPool;
use manabrew_engine::player::actions::{AbilityRef, PlayerAction};
use manabrew_engine::spellability::SpellAbility;
use manabrew_engine::staticability::layer::apply_continuous_effects;
use serde_json::{json, Value};

use crate::observe::{observe, Names};
use crate::record::Recorder;
use crate::script::{card_script, CardFace};
use crate::spec::{Action, Entity, Fail, Res, Spec, Step};

/// At most this many agent calls in one probe; a game that needs more is
/// stopped and reported as an error.
const MAX_CALLS: u64 = 20_000;
/// Wall-clock budget of one probe inside the engine.
const MAX_TIME: Duration = Duration::from_secs(10);

pub struct Outcome {
    pub initial: Value,
    pub final_: Value,
    pub refused: Option<Value>,
}

/// `MTGJUDGE_MANABREW_TRACE=1` prints the engine's notifications and the
/// adapter's steps to stderr.
fn trace() -> bool {
    static TRACE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *TRACE.get_or_init(|| std::env::var_os("MTGJUDGE_MANABREW_TRACE").is_some())
}

/// Where a phase stands in the turn, for "not yet" and "already past".
fn rank(phase: PhaseType) -> u8 {
    match phase {
        PhaseType::Untap | PhaseType::Upkeep | PhaseType::Draw => 0,
        PhaseType::Main1 => 1,
        PhaseType::CombatBegin => 2,
        PhaseType::CombatDeclareAttackers => 3,
        PhaseType::CombatDeclareBlockers => 4,
        PhaseType::CombatFirstStrikeDamage => 5,
        PhaseType::CombatDamage => 6,
        PhaseType::CombatEnd => 7,
        PhaseType::Main2 => 8,
        PhaseType::EndOfTurn => 9,
        PhaseType::Cleanup => 10,
        #[allow(unreachable_patterns)]
        _ => 11,
    }
}

fn step_phase(step: Step) -> PhaseType {
    match step {
        Step::BeginningOfCombat => PhaseType::CombatBegin,
        Step::DeclareAttackers => PhaseType::CombatDeclareAttackers,
        Step::DeclareBlockers => PhaseType::CombatDeclareBlockers,
        Step::EndOfCombat => PhaseType::CombatEnd,
        Step::PostcombatMain => PhaseType::Main2,
        Step::End => PhaseType::EndOfTurn,
        Step::Cleanup => PhaseType::Cleanup,
    }
}

/// What the driver knows of one probe object at the last snapshot.
#[derive(Debug, Clone)]
struct ObjView {
    zone: ZoneType,
    controller: usize,
    tapped: bool,
    sick: bool,
    haste: bool,
    defender: bool,
    flying: bool,
    reach: bool,
    shadow: bool,
    menace: bool,
    decayed: bool,
    first_strike: bool,
    double_strike: bool,
    attacking: bool,
}

/// Why an action is illegal: a fault from the protocol's closed list and
/// its rule, when the adapter can name them.
#[derive(Debug, Clone)]
struct Why {
    fault: Option<&'static str>,
    rule: Option<&'static str>,
    message: String,
}

impl Why {
    fn new(fault: &'static str, rule: &'static str, message: String) -> Why {
        Why {
            fault: Some(fault),
            rule: Some(rule),
            message,
        }
    }

    fn unknown(message: String) -> Why {
        Why {
            fault: None,
            rule: None,
            message,
        }
    }
}

/// A refusal: the action's index, the fault and its rule.
#[derive(Debug, Clone)]
struct Refusal {
    action: usize,
    why: Why,
}

impl Refusal {
    fn json(&self) -> Value {
        json!({"action": self.action, "fault": self.why.fault, "rule": self.why.rule,
               "message": self.why.message})
    }
}

/// Progress of the current action.
#[derive(Debug, Clone, Default)]
enum St {
    #[default]
    Idle,
    /// Attackers or blockers were declared to the engine.
    Declared,
    /// A damage action: how many damage steps had happened when it began,
    /// and the explicit assignments the engine asked for.
    Damage {
        start: usize,
        asked: Vec<usize>,
        faults: Vec<(usize, Why)>,
    },
    /// An effect: how many of its abilities were activated.
    Activating(usize),
    /// A resolve: the stack entries that must leave the stack.
    Resolving(Vec<u32>),
}

struct Driver {
    names: Names,
    ids: Vec<CardId>,
    actions: Vec<Action>,
    cursor: usize,
    st: St,
    rec: Recorder,
    observe_query: serde_json::Map<String, Value>,
    // From the last snapshot.
    phase: PhaseType,
    /// Ids of the stack's entries, bottom first.
    stack_ids: Vec<u32>,
    objs: Vec<ObjView>,
    blocks: Vec<(CardId, CardId)>,
    obs: Value,
    // Results.
    final_obs: Option<Value>,
    refused: Option<Refusal>,
    fail: Option<Fail>,
    done: bool,
    abort: Arc<AtomicBool>,
    calls: u64,
    deadline: Instant,
    /// Targets for the ability being activated.
    pending_target: Option<CardId>,
    /// Blocks the engine would refuse (from `combat::can_creature_block`),
    /// computed at the snapshot before `choose_blockers`.
    illegal_blocks: Vec<(usize, usize)>,
    /// The active player's index.
    active: usize,
    /// The fixed targets of triggered abilities, by their host.
    trigger_targets: Vec<(CardId, Entity)>,
}

impl Driver {
    fn obj_of(&self, id: CardId) -> Option<usize> {
        self.ids.iter().position(|&c| c == id)
    }

    fn snapshot(&mut self, game: &GameState) {
        self.tick();
        self.rec.update(game, &self.ids);
        self.phase = game.turn.phase;
        self.stack_ids = game.stack.iter().map(|e| e.id).collect();
        self.blocks = game.turn.combat_block_assignments.clone();
        self.objs = self
            .ids
            .iter()
            .map(|&id| {
                let c = game.card(id);
                ObjView {
                    zone: c.zone,
                    controller: c.controller.index(),
                    tapped: c.tapped,
                    sick: c.summoning_sick,
                    haste: c.has_haste(),
                    defender: c.has_defender(),
                    flying: c.has_flying(),
                    reach: c.has_reach(),
                    shadow: c.has_shadow(),
                    menace: c.has_menace(),
                    decayed: c.has_keyword("Decayed"),
                    first_strike: c.has_first_strike(),
                    double_strike: c.has_double_strike(),
                    attacking: c.zone == ZoneType::Battlefield && c.attacking_player.is_some(),
                }
            })
            .collect();
        self.obs = observe(game, &self.rec, &self.names, &self.observe_query);
        if !self.done && self.phase == PhaseType::CombatDeclareBlockers {
            if let Some(Action::Block(pairs)) = self.actions.get(self.cursor) {
                if matches!(self.st, St::Idle) {
                    self.illegal_blocks = pairs
                        .iter()
                        .copied()
                        .filter(|&(b, a)| {
                            !combat::can_creature_block(game, self.ids[b], self.ids[a])
                        })
                        .collect();
                }
            }
        }
        // The cleanup step has no priority in Forge: an advance to it is
        // complete as it begins.
        if !self.done && self.phase == PhaseType::Cleanup {
            if let Some(Action::Advance(Step::Cleanup)) = self.actions.get(self.cursor) {
                self.next_action();
            }
        }
    }

    fn tick(&mut self) {
        self.calls += 1;
        if !self.done && (self.calls > MAX_CALLS || Instant::now() > self.deadline) {
            self.fail = Some(Fail::Bad(format!(
                "the game didn't reach the end of the actions within {MAX_CALLS} agent calls \
                 or {} s (stopped at action {})",
                MAX_TIME.as_secs(),
                self.cursor
            )));
            self.stop();
        }
    }

    fn stop(&mut self) {
        self.done = true;
        self.abort.store(true, Ordering::Relaxed);
    }

    /// The current action is complete; when it was the last, the
    /// observations are those of the last snapshot.
    fn next_action(&mut self) {
        self.cursor += 1;
        self.st = St::Idle;
        if self.cursor >= self.actions.len() {
            self.final_obs = Some(self.obs.clone());
            self.stop();
        }
    }

    fn refuse(&mut self, why: Why) {
        self.refused = Some(Refusal {
            action: self.cursor,
            why,
        });
        self.final_obs = Some(self.obs.clone());
        self.stop();
    }

    fn player_name(&self, i: usize) -> &str {
        &self.names.players[i]
    }

    fn key(&self, obj: usize) -> &str {
        &self.names.objects[obj].0
    }

    /// Why the engine wouldn't let `obj` attack.
    fn attack_fault(&self, obj: usize, active: usize, target: Entity) -> Why {
        let o = &self.objs[obj];
        let k = self.key(obj);
        if o.controller != active {
            Why::new(
                "attack:not_controlled_by_active_player",
                "508.1a",
                format!("{k} isn't the active player's"),
            )
        } else if let Entity::Player(p) = target {
            if p == active {
                Why::new(
                    "attack:not_an_opponent",
                    "508.1b",
                    format!("{k} can't attack its controller"),
                )
            } else if o.tapped {
                Why::new("attack:tapped", "508.1a", format!("{k} is tapped"))
            } else if o.sick && !o.haste {
                Why::new(
                    "attack:summoning_sick",
                    "302.6",
                    format!("{k} has summoning sickness"),
                )
            } else if o.defender {
                Why::new("attack:defender", "702.3b", format!("{k} has defender"))
            } else {
                Why::unknown(format!("manabrew didn't let {k} attack"))
            }
        } else {
            Why::unknown(format!("manabrew didn't let {k} attack"))
        }
    }

    /// Why the engine wouldn't let `b` block `a`.
    fn block_fault(&self, b: usize, a: usize, pairs: &[(usize, usize)]) -> Why {
        let (bo, ao) = (&self.objs[b], &self.objs[a]);
        let (bk, ak) = (self.key(b), self.key(a));
        let blockers_of_a = pairs.iter().filter(|&&(_, x)| x == a).count();
        if !ao.attacking {
            Why::new(
                "block:not_attacking",
                "509.1a",
                format!("{ak} isn't attacking"),
            )
        } else if bo.tapped {
            Why::new("block:tapped", "509.1a", format!("{bk} is tapped"))
        } else if bo.decayed {
            Why::new("block:decayed", "702.147a", format!("{bk} has decayed"))
        } else if ao.flying && !bo.flying && !bo.reach {
            Why::new(
                "block:flying",
                "702.9b",
                format!("{ak} has flying and {bk} has neither flying nor reach"),
            )
        } else if ao.shadow != bo.shadow {
            Why::new(
                "block:shadow",
                "702.28b",
                format!("{ak} and {bk} differ in shadow"),
            )
        } else if ao.menace && blockers_of_a < 2 {
            Why::new(
                "block:menace",
                "702.111b",
                format!("{ak} has menace and only {bk} blocks it"),
            )
        } else if pairs.iter().filter(|&&(x, _)| x == b).count() > 1 {
            Why::new(
                "block:too_many_attackers",
                "509.1a",
                format!("{bk} blocks more than one attacker"),
            )
        } else {
            Why::unknown(format!("manabrew didn't let {bk} block {ak}"))
        }
    }

    // ----- the engine's questions -----

    fn on_priority(
        &mut self,
        player: PlayerId,
        space: &mut dyn FnMut() -> PriorityActionSpace,
    ) -> PlayerAction {
        loop {
            if self.done {
                return PlayerAction::PassPriority;
            }
            let Some(action) = self.actions.get(self.cursor).cloned() else {
                self.next_action();
                return PlayerAction::PassPriority;
            };
            let rank_now = rank(self.phase);
            match action {
                Action::Attack(pairs) => match self.st {
                    St::Idle if rank_now < rank(PhaseType::CombatDeclareAttackers) => {
                        return PlayerAction::PassPriority
                    }
                    St::Idle => {
                        // The engine declared attackers without asking:
                        // nothing could attack.
                        if pairs.is_empty() {
                            self.next_action();
                        } else {
                            let active = self.active;
                            let (o, t) = pairs[0];
                            let f = self.attack_fault(o, active, t);
                            self.refuse(f);
                        }
                    }
                    _ => {
                        let missing = pairs
                            .iter()
                            .find(|(o, _)| !self.objs[*o].attacking)
                            .copied();
                        match missing {
                            None => self.next_action(),
                            Some((o, t)) => {
                                let active = self.active;
                                let f = self.attack_fault(o, active, t);
                                self.refuse(f);
                            }
                        }
                    }
                },
                Action::Block(pairs) => {
                    let declare = rank(PhaseType::CombatDeclareBlockers);
                    match self.st {
                        St::Idle if rank_now < declare => return PlayerAction::PassPriority,
                        St::Idle
                            if rank_now > declare || !self.objs.iter().any(|o| o.attacking) =>
                        {
                            if pairs.is_empty() {
                                self.next_action();
                            } else {
                                self.refuse(Why::new("action:no_blockers_step", "508.8", "no creatures are attacking, so there is no declare blockers step".into())
                                );
                            }
                        }
                        St::Idle => {
                            // Not asked: no creature could block at all.
                            if pairs.is_empty() {
                                self.next_action();
                            } else {
                                let (b, a) = pairs[0];
                                let f = self.block_fault(b, a, &pairs);
                                self.refuse(f);
                            }
                        }
                        _ => {
                            let missing = pairs
                                .iter()
                                .find(|&&(b, a)| !self.blocks.contains(&(self.ids[b], self.ids[a])))
                                .copied();
                            match missing {
                                None => self.next_action(),
                                Some((b, a)) => {
                                    let f = self.block_fault(b, a, &pairs);
                                    self.refuse(f);
                                }
                            }
                        }
                    }
                }
                Action::Damage(explicit) => {
                    if matches!(self.st, St::Idle) {
                        self.st = St::Damage {
                            start: self.rec.damage_steps().len(),
                            asked: Vec::new(),
                            faults: Vec::new(),
                        };
                    }
                    let St::Damage { start, .. } = &self.st else {
                        unreachable!()
                    };
                    let start = *start;
                    let steps = self.rec.damage_steps();
                    if steps.len() > start {
                        self.check_assignments(&explicit, steps[start]);
                    } else if rank_now >= rank(PhaseType::CombatEnd) {
                        self.refuse(Why::new(
                            "action:no_damage_step",
                            "510.4",
                            "no combat damage step remains in this combat".into(),
                        ));
                    } else {
                        return PlayerAction::PassPriority;
                    }
                }
                Action::Advance(step) => {
                    let target = rank(step_phase(step));
                    if rank_now == target {
                        self.next_action();
                    } else if rank_now < target {
                        return PlayerAction::PassPriority;
                    } else {
                        self.refuse(Why::new(
                            "action:step_skipped",
                            "508.8",
                            format!("the game went past {step:?} without entering it"),
                        ));
                    }
                }
                Action::Resolve(n) => match &self.st {
                    St::Resolving(ids) if !self.stack_ids.iter().any(|i| ids.contains(i)) => {
                        self.next_action()
                    }
                    St::Resolving(_) => return PlayerAction::PassPriority,
                    _ if self.stack_ids.len() >= n => {
                        let top = self.stack_ids[self.stack_ids.len() - n..].to_vec();
                        self.st = St::Resolving(top);
                        return PlayerAction::PassPriority;
                    }
                    _ => self.refuse(Why::new(
                        "action:stack_empty",
                        "608.1",
                        format!("fewer than {n} objects are on the stack to resolve"),
                    )),
                },
                Action::Activate(list) => {
                    let n = match self.st {
                        St::Activating(n) => n,
                        _ => 0,
                    };
                    self.st = St::Activating(n);
                    if n >= list.len() {
                        if self.stack_ids.is_empty() {
                            self.next_action();
                            continue;
                        }
                        return PlayerAction::PassPriority;
                    }
                    let act = &list[n];
                    if self.objs[act.obj].controller != player.index() {
                        return PlayerAction::PassPriority;
                    }
                    let space = space();
                    let found = space.activatable.iter().find(|a| a.description == act.tag);
                    let Some(found) = found else {
                        let zone = self.objs[act.obj].zone;
                        self.fail = Some(Fail::Unsupported(format!(
                            "action {}: manabrew doesn't offer the ability that performs it on {} \
                             (zone {zone:?}, step {:?})",
                            self.cursor,
                            self.key(act.obj),
                            self.phase
                        )));
                        self.stop();
                        return PlayerAction::PassPriority;
                    };
                    self.pending_target = act.target.map(|t| self.ids[t]);
                    if let Some(to) = act.damage_to {
                        let to = match to {
                            Entity::Player(p) => TrackedEntity::Player(PlayerId(p as u32)),
                            Entity::Object(o) => TrackedEntity::Card(self.ids[o]),
                        };
                        self.rec.hints.push((self.ids[act.obj], to));
                    }
                    self.st = St::Activating(n + 1);
                    return PlayerAction::ActivateAbility(AbilityRef {
                        card_id: found.card_id,
                        ability_index: found.ability_index,
                    });
                }
            }
        }
    }

    /// The fixed target of the triggered ability `sa`, if it has one.
    fn trigger_target(&self, sa: Option<&SpellAbility>) -> Option<Entity> {
        let sa = sa.filter(|sa| sa.is_trigger)?;
        let host = sa.source?;
        self.trigger_targets
            .iter()
            .find(|(h, _)| *h == host)
            .map(|(_, e)| *e)
    }

    fn choose_attackers(
        &mut self,
        available: &[CardId],
        defenders: &[DefenderId],
    ) -> Vec<(CardId, DefenderId)> {
        if self.done {
            return Vec::new();
        }
        let Some(Action::Attack(pairs)) = self.actions.get(self.cursor).cloned() else {
            return Vec::new();
        };
        if !matches!(self.st, St::Idle) {
            // Asked again: the engine found the declaration illegal.
            return Vec::new();
        }
        self.st = St::Declared;
        let mut out = Vec::new();
        for &(obj, target) in &pairs {
            let id = self.ids[obj];
            let Entity::Player(p) = target else {
                return Vec::new();
            };
            let defender = DefenderId::Player(PlayerId(p as u32));
            if !available.contains(&id) || !defenders.contains(&defender) {
                // An illegal declaration is not made at all (508.1).
                return Vec::new();
            }
            out.push((id, defender));
        }
        out
    }

    fn choose_blockers(&mut self, available: &[CardId]) -> Vec<(CardId, CardId)> {
        if self.done {
            return Vec::new();
        }
        let Some(Action::Block(pairs)) = self.actions.get(self.cursor).cloned() else {
            return Vec::new();
        };
        self.st = St::Declared;
        let illegal = pairs.iter().any(|&(b, a)| {
            !available.contains(&self.ids[b]) || self.illegal_blocks.contains(&(b, a))
        });
        if illegal {
            return Vec::new();
        }
        pairs
            .iter()
            .map(|&(b, a)| (self.ids[b], self.ids[a]))
            .collect()
    }

    /// The assignment for `source` in the current damage step: the probe's
    /// explicit one, or the protocol's default policy.
    fn assign(
        &mut self,
        game: &GameState,
        source: CardId,
        recipients: &[CardId],
        defender: Option<DefenderId>,
        amount: i32,
    ) -> Vec<(Option<CardId>, i32)> {
        let explicit = match (self.actions.get(self.cursor), self.done) {
            (Some(Action::Damage(e)), false) => e.clone(),
            _ => Vec::new(),
        };
        let obj = self.obj_of(source);
        if let Some((_, split)) = explicit.iter().find(|(s, _)| Some(*s) == obj) {
            let obj = obj.expect("explicit source is a probe object");
            let mut out = Vec::new();
            for &(to, n) in split {
                if n == 0 {
                    continue;
                }
                match to {
                    Entity::Player(_) => out.push((None, n)),
                    Entity::Object(o) if defender == Some(DefenderId::Permanent(self.ids[o])) => {
                        out.push((None, n))
                    }
                    Entity::Object(o) => out.push((Some(self.ids[o]), n)),
                }
            }
            let fault = assignment_fault(game, self, obj, recipients, defender, amount, split);
            if let St::Damage { asked, faults, .. } = &mut self.st {
                asked.push(obj);
                faults.extend(fault.map(|why| (obj, why)));
            }
            return out;
        }
        default_assignment(game, source, recipients, defender, amount)
    }

    /// A damage step happened: were the explicit assignments dealt as given?
    fn check_assignments(&mut self, explicit: &[(usize, Vec<(Entity, i32)>)], step: &str) {
        let St::Damage { asked, faults, .. } = self.st.clone() else {
            return;
        };
        for (src, split) in explicit {
            let id = self.ids[*src];
            let mut dealt: Vec<(String, i32)> = self
                .rec
                .dealt
                .iter()
                .filter(|d| d.source == id && d.step == step)
                .map(|d| (self.names_entity(d.to), d.amount))
                .collect();
            dealt.sort();
            let mut wanted: Vec<(String, i32)> = split
                .iter()
                .filter(|(_, n)| *n != 0)
                .map(|(e, n)| (self.entity_name(*e), *n))
                .collect();
            wanted.sort();
            if dealt == wanted {
                continue;
            }
            if let Some((_, why)) = faults.iter().find(|(o, _)| o == src) {
                let m = format!("{}; manabrew dealt {dealt:?} instead", why.message);
                self.refuse(Why {
                    message: m,
                    ..why.clone()
                });
                return;
            }
            let o = &self.objs[*src];
            let deals_now = if step == "first_strike" {
                o.first_strike || o.double_strike
            } else {
                !o.first_strike || o.double_strike
            };
            let k = self.key(*src).to_string();
            if !asked.contains(src) && !deals_now {
                self.refuse(Why::new(
                    "assignment:not_assigning_in_this_step",
                    "510.4",
                    format!("{k} doesn't assign combat damage in the {step} step"),
                ));
            } else {
                self.refuse(Why::unknown(format!(
                    "manabrew dealt {dealt:?} for {k} instead of {wanted:?}"
                )));
            }
            return;
        }
        // Forge gives no priority in a first-strike damage step in which no
        // damage was dealt (combat_phase.rs, "Java parity"), so an effect
        // the probe performs between the two damage steps has no window.
        let missed = step == "first_strike" && self.phase != PhaseType::CombatFirstStrikeDamage;
        if missed {
            if let Some(next @ Action::Activate(_)) = self.actions.get(self.cursor + 1) {
                self.fail = Some(Fail::Unsupported(format!(
                    "action {} ({}) comes between the combat damage steps, but manabrew gives \
                     no priority in a first-strike damage step in which no damage is dealt",
                    self.cursor + 1,
                    next.kind()
                )));
                self.stop();
                return;
            }
        }
        self.next_action();
    }

    fn names_entity(&self, e: Option<TrackedEntity>) -> String {
        match e {
            Some(TrackedEntity::Player(p)) => self.player_name(p.index()).to_string(),
            Some(TrackedEntity::Card(c)) => self.names.object(c).unwrap_or("?").to_string(),
            None => "?".to_string(),
        }
    }

    fn entity_name(&self, e: Entity) -> String {
        match e {
            Entity::Player(p) => self.player_name(p).to_string(),
            Entity::Object(o) => self.key(o).to_string(),
        }
    }
}

/// Why an explicit assignment breaks 510.1, if it does, seen as the engine
/// asks for it. Used to name the fault when manabrew doesn't deal it.
fn assignment_fault(
    game: &GameState,
    d: &Driver,
    src: usize,
    recipients: &[CardId],
    defender: Option<DefenderId>,
    amount: i32,
    split: &[(Entity, i32)],
) -> Option<Why> {
    let k = d.key(src).to_string();
    let total: i32 = split.iter().map(|(_, n)| n).sum();
    if split.iter().any(|(_, n)| *n < 0) {
        return Some(Why::new(
            "assignment:negative_amount",
            "510.1a",
            format!("{k}: a negative amount"),
        ));
    }
    if total != amount {
        return Some(Why::new(
            "assignment:wrong_total",
            "510.1a",
            format!("{k} assigns {amount}, the amounts add up to {total}"),
        ));
    }
    let source = game.card(d.ids[src]);
    let mut to_player = 0;
    for (to, n) in split {
        if *n == 0 {
            continue;
        }
        match to {
            Entity::Player(_) => to_player += n,
            Entity::Object(o) if defender == Some(DefenderId::Permanent(d.ids[*o])) => {
                to_player += n
            }
            Entity::Object(o) if !recipients.contains(&d.ids[*o]) => {
                return Some(Why::new(
                    "assignment:not_a_blocker",
                    "510.1c",
                    format!("{k} isn't blocked by {}", d.key(*o)),
                ))
            }
            _ => {}
        }
    }
    if to_player > 0 {
        if defender.is_none() || !source.has_trample() {
            return Some(Why::new(
                "assignment:not_a_blocker",
                "510.1c",
                format!("{k} is blocked and has no trample"),
            ));
        }
        for &r in recipients {
            let given: i32 = split
                .iter()
                .filter(|(e, _)| *e == Entity::Object(d.obj_of(r).unwrap_or(usize::MAX)))
                .map(|(_, n)| n)
                .sum();
            let c = game.card(r);
            let lethal = if source.has_deathtouch() {
                1.min((c.toughness() - c.damage).max(0))
            } else {
                (c.toughness() - c.damage).max(0)
            };
            if given < lethal {
                return Some(Why::new(
                    "assignment:trample_without_lethal",
                    "702.19b",
                    format!("{k} assigns damage beyond its blockers before lethal damage to each"),
                ));
            }
        }
    }
    None
}

/// The protocol's default assignment (rulings/README.md): lethal damage to
/// each creature in the way in order (1 with deathtouch), counting damage
/// already marked; the rest to what it attacks with trample, else to the
/// first creature.
fn default_assignment(
    game: &GameState,
    source: CardId,
    recipients: &[CardId],
    defender: Option<DefenderId>,
    amount: i32,
) -> Vec<(Option<CardId>, i32)> {
    let src = game.card(source);
    let mut left = amount;
    let mut out: Vec<(Option<CardId>, i32)> = Vec::new();
    for &r in recipients {
        if left <= 0 {
            break;
        }
        let c = game.card(r);
        let remaining = (c.toughness() - c.damage).max(0);
        let lethal = if src.has_deathtouch() {
            remaining.min(1)
        } else {
            remaining
        };
        let n = lethal.min(left);
        if n > 0 {
            out.push((Some(r), n));
            left -= n;
        }
    }
    if left > 0 {
        if defender.is_some() && src.has_trample() {
            out.push((None, left));
        } else if let Some(&first) = recipients.first() {
            match out.iter_mut().find(|(a, _)| *a == Some(first)) {
                Some(entry) => entry.1 += left,
                None => out.insert(0, (Some(first), left)),
            }
        }
    }
    out
}

struct Agent {
    driver: Rc<RefCell<Driver>>,
}

impl PlayerAgent for Agent {
    fn snapshot_state(&mut self, game: &GameState, _pools: &[ManaPool]) {
        self.driver.borrow_mut().snapshot(game);
    }

    fn mulligan_decision(&mut self, _: PlayerId, _: &[CardId], _: u32) -> bool {
        true
    }

    fn choose_action(
        &mut self,
        player: PlayerId,
        _space: Option<&PriorityActionSpace>,
        request: &mut dyn FnMut() -> PriorityActionSpace,
    ) -> PlayerAction {
        let mut d = self.driver.borrow_mut();
        d.tick();
        d.on_priority(player, request)
    }

    fn choose_attackers(
        &mut self,
        _: PlayerId,
        available: &[CardId],
        defenders: &[DefenderId],
    ) -> Vec<(CardId, DefenderId)> {
        self.driver
            .borrow_mut()
            .choose_attackers(available, defenders)
    }

    fn choose_blockers(
        &mut self,
        _: PlayerId,
        _attackers: &[CardId],
        available: &[CardId],
        _max: Option<usize>,
    ) -> Vec<(CardId, CardId)> {
        self.driver.borrow_mut().choose_blockers(available)
    }

    fn assign_combat_damage(
        &mut self,
        game: &GameState,
        _player: PlayerId,
        attacker: CardId,
        blockers_in_order: &[CardId],
        defender_id: Option<DefenderId>,
        damage_to_assign: i32,
    ) -> Vec<(Option<CardId>, i32)> {
        self.driver.borrow_mut().assign(
            game,
            attacker,
            blockers_in_order,
            defender_id,
            damage_to_assign,
        )
    }

    fn pay_mana_cost(
        &mut self,
        _player: PlayerId,
        _card_id: CardId,
        _card_name: &str,
        _mana_cost: &str,
        _display: &str,
        _checkpoint: &str,
        _can_confirm_from_pool: bool,
        _allow_reuse: bool,
        _reserved: &[CardId],
        _options: &[ManaAbilityOption],
        _tappable: &[CardId],
        _untappable: &[CardId],
        _pool: &ManaPool,
    ) -> ManaCostAction {
        // Only the hidden abilities' {0} costs are ever paid.
        ManaCostAction::Pay { auto: false }
    }

    fn choose_targets_for(
        &mut self,
        sa: &mut SpellAbility,
        game: &GameState,
        pools: &[ManaPool],
    ) -> bool {
        manabrew_engine::spellability::choose_targets_by_kind(self, sa, game, pools)
    }

    fn choose_target_player(
        &mut self,
        _: PlayerId,
        valid: &[PlayerId],
        sa: Option<&SpellAbility>,
    ) -> Option<PlayerId> {
        match self.driver.borrow().trigger_target(sa) {
            Some(Entity::Player(p)) => Some(PlayerId(p as u32)).filter(|p| valid.contains(p)),
            _ => None,
        }
    }

    fn choose_target_card(
        &mut self,
        _: PlayerId,
        valid: &[CardId],
        sa: Option<&SpellAbility>,
    ) -> Option<CardId> {
        let d = self.driver.borrow();
        let target = match d.trigger_target(sa) {
            Some(Entity::Object(o)) => Some(d.ids[o]),
            Some(Entity::Player(_)) => None,
            None => d.pending_target,
        };
        target.filter(|t| valid.contains(t))
    }

    fn choose_target_any(
        &mut self,
        player: PlayerId,
        players: &[PlayerId],
        cards: &[CardId],
        sa: Option<&SpellAbility>,
    ) -> TargetChoice {
        if let Some(p) = self.choose_target_player(player, players, sa) {
            return TargetChoice::Player(p);
        }
        match self.choose_target_card(player, cards, sa) {
            Some(c) => TargetChoice::Card(c),
            None => TargetChoice::None,
        }
    }

    fn choose_land_or_spell(&mut self, _: PlayerId) -> Option<bool> {
        None
    }

    fn notify(&mut self, message: GameNotification) {
        if trace() {
            eprintln!("notify: {message:?}");
        }
        if let GameNotification::ActivatedAbilityPaymentFailed { card_id, .. } = message {
            let mut d = self.driver.borrow_mut();
            if !d.done {
                d.fail = Some(Fail::Bad(format!(
                    "manabrew refused to pay the {{0}} cost of a hidden ability of card {}",
                    card_id.0
                )));
                d.stop();
            }
        }
    }
}

/// Builds the board: every object as a card from its own script.
fn build(spec: &Spec) -> Res<(GameState, Vec<CardId>)> {
    let names: Vec<&str> = spec.players.iter().map(|p| p.name.as_str()).collect();
    let mut game = GameState::new(&names, 20);
    for (i, p) in spec.players.iter().enumerate() {
        game.player_mut(PlayerId(i as u32)).life = p.life;
    }
    let mut ids = Vec::new();
    for o in &spec.objects {
        if o.owner != o.controller {
            return Err(Fail::Unsupported(format!(
                "{}: an object controlled by a player other than its owner",
                o.key
            )));
        }
        let face = CardFace {
            name: &o.card_name,
            mana_cost: o.mana_cost.as_deref(),
            supertypes: &o.supertypes,
            types: &o.types,
            subtypes: &o.subtypes,
            colors: o.colors.as_deref(),
            power: o.power,
            toughness: o.toughness,
            keywords: &o.keywords,
            abilities: &o.abilities,
            triggers: &o.triggers,
            svars: &o.svars,
        };
        let script =
            card_script(&face).map_err(|e| Fail::Unsupported(format!("{}: {e}", o.key)))?;
        let rules = forge_carddb::parse_card_script(&script)
            .map_err(|e| Fail::Bad(format!("{}: Forge couldn't parse its script: {e}", o.key)))?;
        let owner = PlayerId(o.owner as u32);
        let id = game.create_card(CardInstance::from_rules(&rules, owner));
        game.move_card(id, ZoneType::Battlefield, PlayerId(o.controller as u32));
        let card = game.card_mut(id);
        card.summoning_sick = o.summoning_sick;
        card.set_tapped(o.tapped);
        card.damage = o.damage;
        for (kind, n) in &o.counters {
            card.add_counter(&parse_counter_type(kind), *n);
        }
        ids.push(id);
    }
    let active = PlayerId(spec.active as u32);
    game.turn.active_player = active;
    game.turn.priority_player = active;
    game.turn.turn_number = 2;
    game.turn.phase = PhaseType::Main1;
    apply_continuous_effects(&mut game);
    Ok((game, ids))
}

/// Builds the probe's board, performs its actions and observes.
pub fn run(spec: &Spec) -> Res<Outcome> {
    let (mut game, ids) = build(spec)?;
    let names = Names {
        players: spec.players.iter().map(|p| p.name.clone()).collect(),
        objects: spec
            .objects
            .iter()
            .zip(&ids)
            .map(|(o, &id)| (o.key.clone(), id))
            .collect(),
    };
    let rec = Recorder::new(&game, &ids);
    let trigger_targets = spec
        .objects
        .iter()
        .zip(&ids)
        .flat_map(|(o, &id)| o.trigger_targets.iter().map(move |&e| (id, e)))
        .collect();
    let initial = observe(&game, &rec, &names, &spec.observe);
    let abort = Arc::new(AtomicBool::new(false));
    let driver = Rc::new(RefCell::new(Driver {
        names,
        ids,
        actions: spec.actions.clone(),
        cursor: 0,
        st: St::Idle,
        rec,
        observe_query: spec.observe.clone(),
        phase: PhaseType::Main1,
        stack_ids: Vec::new(),
        objs: Vec::new(),
        blocks: Vec::new(),
        obs: initial.clone(),
        final_obs: None,
        refused: None,
        fail: None,
        done: spec.actions.is_empty(),
        abort: abort.clone(),
        calls: 0,
        deadline: Instant::now() + MAX_TIME,
        pending_target: None,
        illegal_blocks: Vec::new(),
        active: spec.active,
        trigger_targets,
    }));
    if spec.actions.is_empty() {
        return Ok(Outcome {
            initial: initial.clone(),
            final_: initial,
            refused: None,
        });
    }
    let mut agents: Vec<Box<dyn PlayerAgent>> = (0..spec.players.len())
        .map(|_| {
            Box::new(Agent {
                driver: driver.clone(),
            }) as Box<dyn PlayerAgent>
        })
        .collect();
    let mut gl = GameLoop::new(spec.players.len());
    gl.set_provide_priority_action_space(false);
    gl.set_abort_signal(abort);
    driver.borrow_mut().snapshot(&game);

    // The rest of the turn from the precombat main phase, step by step.
    let phases = [
        PhaseType::Main1,
        PhaseType::CombatBegin,
        PhaseType::Main2,
        PhaseType::EndOfTurn,
        PhaseType::Cleanup,
    ];
    for phase in phases {
        if driver.borrow().done || game.game_over {
            break;
        }
        match phase {
            PhaseType::CombatBegin => gl.step_combat(&mut game, &mut agents),
            PhaseType::Cleanup => {
                game.turn.phase = phase;
                driver.borrow_mut().snapshot(&game);
                if !driver.borrow().done {
                    gl.step_cleanup(&mut game, &mut agents);
                }
            }
            _ => {
                game.turn.phase = phase;
                driver.borrow_mut().snapshot(&game);
                if !driver.borrow().done {
                    let main = matches!(phase, PhaseType::Main1 | PhaseType::Main2);
                    gl.step_with_priority(&mut game, &mut agents, main);
                }
            }
        }
    }
    drop(agents);
    let mut d = Rc::try_unwrap(driver)
        .map_err(|_| Fail::Bad("driver still shared".into()))?
        .into_inner();
    if let Some(fail) = d.fail.take() {
        return Err(fail);
    }
    if d.final_obs.is_none() {
        // The loop returned before the last action was seen complete: the
        // game ended, or the turn did.
        d.snapshot(&game);
        let pending = d.cursor;
        let complete = match (d.actions.get(pending), &d.st) {
            (Some(Action::Damage(_)), St::Damage { start, .. }) => {
                d.rec.damage_steps().len() > *start
            }
            (Some(Action::Activate(list)), St::Activating(n)) => {
                *n >= list.len() && game.stack.is_empty()
            }
            (Some(Action::Resolve(_)), St::Resolving(ids)) => {
                !game.stack.iter().any(|e| ids.contains(&e.id))
            }
            _ => false,
        };
        if complete && pending + 1 == d.actions.len() {
            d.final_obs = Some(d.obs.clone());
        } else if game.game_over {
            let index = if complete { pending + 1 } else { pending };
            d.cursor = index;
            d.refuse(Why::new(
                "action:game_over",
                "104.1",
                "the game is over".into(),
            ));
        } else {
            return Err(Fail::Unsupported(format!(
                "action {pending} ({}) wasn't reached before the turn ended",
                d.actions.get(pending).map(Action::kind).unwrap_or("?")
            )));
        }
    }
    let final_ = d.final_obs.take().unwrap_or(Value::Null);
    unattributed(&final_)?;
    Ok(Outcome {
        initial,
        final_,
        refused: d.refused.as_ref().map(Refusal::json),
    })
}

/// An event the adapter couldn't attribute (a noncombat damage recipient
/// the game doesn't confirm, a life gain with no source it can name) makes
/// the answer an error: the protocol's events name their objects.
fn unattributed(obs: &Value) -> Res<()> {
    for (kind, fields) in [
        ("dealt", &["source", "to"][..]),
        ("life_gained", &["source"][..]),
    ] {
        for event in obs
            .get(kind)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if fields.iter().any(|f| event[*f].is_null()) {
                return Err(Fail::Bad(format!(
                    "manabrew reported an event the adapter can't attribute: {kind} {event}"
                )));
            }
        }
    }
    Ok(())
}
