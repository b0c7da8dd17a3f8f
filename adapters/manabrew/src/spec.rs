//! A probe message read into what the adapter can build and perform.
//!
//! Reading fails with `Fail::Unsupported` for a setup or action the adapter
//! can't express in manabrew (each with the reason) and with `Fail::Bad` for
//! a message that isn't a well-formed probe.

use serde_json::{Map, Value};

use crate::script::{forge_counter, forge_keyword};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fail {
    /// The probe is within the handshake but the adapter can't express it.
    Unsupported(String),
    /// The probe message is malformed, or the adapter broke.
    Bad(String),
}

pub type Res<T> = Result<T, Fail>;

fn unsupported<T>(reason: impl Into<String>) -> Res<T> {
    Err(Fail::Unsupported(reason.into()))
}

fn bad<T>(reason: impl Into<String>) -> Res<T> {
    Err(Fail::Bad(reason.into()))
}

#[derive(Debug, Clone)]
pub struct PlayerSpec {
    pub name: String,
    pub life: i32,
}

#[derive(Debug, Clone)]
pub struct ObjSpec {
    /// The probe's lower-case name for the object.
    pub key: String,
    pub card_name: String,
    pub controller: usize,
    pub owner: usize,
    pub supertypes: Vec<String>,
    pub types: Vec<String>,
    pub subtypes: Vec<String>,
    pub colors: Option<Vec<String>>,
    pub mana_cost: Option<String>,
    pub power: Option<i32>,
    pub toughness: Option<i32>,
    pub keywords: Vec<String>,
    /// Counters it starts with, by Forge counter name.
    pub counters: Vec<(String, i32)>,
    pub damage: i32,
    pub tapped: bool,
    pub summoning_sick: bool,
    /// Hidden activated abilities (Forge ability lines) that perform the
    /// probe's actions on this object, each tagged by its SpellDescription.
    pub abilities: Vec<String>,
    /// Its triggered abilities as Forge `T:` lines, and the SVars they use.
    pub triggers: Vec<String>,
    pub svars: Vec<(String, String)>,
    /// The fixed target of each of its triggered abilities that has one.
    pub trigger_targets: Vec<Entity>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entity {
    Player(usize),
    Object(usize),
}

/// The steps `advance` can go to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Step {
    BeginningOfCombat,
    DeclareAttackers,
    DeclareBlockers,
    EndOfCombat,
    PostcombatMain,
    End,
    Cleanup,
}

impl Step {
    fn parse(word: &str) -> Option<Step> {
        Some(match word {
            "beginning_of_combat" => Step::BeginningOfCombat,
            "declare_attackers" => Step::DeclareAttackers,
            "declare_blockers" => Step::DeclareBlockers,
            "end_of_combat" => Step::EndOfCombat,
            "postcombat_main" => Step::PostcombatMain,
            "end" => Step::End,
            "cleanup" => Step::Cleanup,
            _ => return None,
        })
    }
}

/// One hidden ability to activate for an action.
#[derive(Debug, Clone)]
pub struct Activation {
    /// The object whose ability it is; its controller activates it.
    pub obj: usize,
    /// The ability's SpellDescription, which identifies it.
    pub tag: String,
    /// The object it must target.
    pub target: Option<usize>,
    /// For damage dealt by the ability: who it is dealt to (Forge records
    /// noncombat damage with its source and amount only).
    pub damage_to: Option<Entity>,
}

#[derive(Debug, Clone)]
pub enum Action {
    Attack(Vec<(usize, Entity)>),
    /// (blocker, attacker) pairs.
    Block(Vec<(usize, usize)>),
    /// Explicit assignments by source; empty for the default assignment.
    Damage(Vec<(usize, Vec<(Entity, i32)>)>),
    Advance(Step),
    /// Effects performed by activating hidden abilities.
    Activate(Vec<Activation>),
    /// The top objects of the stack resolve, this many, one at a time.
    Resolve(usize),
}

impl Action {
    pub fn kind(&self) -> &'static str {
        match self {
            Action::Attack(_) => "attack",
            Action::Block(_) => "block",
            Action::Damage(_) => "damage",
            Action::Advance(_) => "advance",
            Action::Activate(_) => "effect",
            Action::Resolve(_) => "resolve",
        }
    }
}

#[derive(Debug, Clone)]
pub struct Spec {
    pub id: String,
    pub players: Vec<PlayerSpec>,
    pub active: usize,
    pub objects: Vec<ObjSpec>,
    pub actions: Vec<Action>,
    pub observe: Map<String, Value>,
}

impl Spec {
    pub fn player_index(&self, name: &str) -> Option<usize> {
        self.players.iter().position(|p| p.name == name)
    }

    pub fn object_index(&self, key: &str) -> Option<usize> {
        self.objects.iter().position(|o| o.key == key)
    }

    fn entity(&self, name: &str) -> Res<Entity> {
        if let Some(i) = self.player_index(name) {
            return Ok(Entity::Player(i));
        }
        match self.object_index(name) {
            Some(i) => Ok(Entity::Object(i)),
            None => bad(format!("unknown player or object {name:?}")),
        }
    }

    fn object(&self, name: &str) -> Res<usize> {
        match self.object_index(name) {
            Some(i) => Ok(i),
            None => bad(format!("unknown object {name:?}")),
        }
    }
}

const SETUP_KEYS: &[&str] = &["players", "active_player", "step", "battlefield"];
const OBJECT_KEYS: &[&str] = &[
    "name",
    "controller",
    "owner",
    "types",
    "subtypes",
    "supertypes",
    "colors",
    "mana_cost",
    "power",
    "toughness",
    "keywords",
    "counters",
    "damage",
    "tapped",
    "summoning_sick",
    "triggers",
];

fn as_str<'a>(v: &'a Value, what: &str) -> Res<&'a str> {
    match v.as_str() {
        Some(s) => Ok(s),
        None => bad(format!("{what}: expected a string, got {v}")),
    }
}

fn as_int(v: &Value, what: &str) -> Res<i32> {
    match v.as_i64().and_then(|n| i32::try_from(n).ok()) {
        Some(n) => Ok(n),
        None => bad(format!("{what}: expected an integer, got {v}")),
    }
}

fn as_bool(v: &Value, what: &str) -> Res<bool> {
    match v.as_bool() {
        Some(b) => Ok(b),
        None => bad(format!("{what}: expected a boolean, got {v}")),
    }
}

fn as_obj<'a>(v: &'a Value, what: &str) -> Res<&'a Map<String, Value>> {
    match v.as_object() {
        Some(m) => Ok(m),
        None => bad(format!("{what}: expected a table, got {v}")),
    }
}

fn as_list<'a>(v: &'a Value, what: &str) -> Res<&'a Vec<Value>> {
    match v.as_array() {
        Some(l) => Ok(l),
        None => bad(format!("{what}: expected a list, got {v}")),
    }
}

fn strings(v: &Value, what: &str) -> Res<Vec<String>> {
    as_list(v, what)?
        .iter()
        .map(|s| as_str(s, what).map(str::to_string))
        .collect()
}

/// "+2/-1" as (2, -1).
fn parse_pt_change(text: &str, what: &str) -> Res<(i32, i32)> {
    let Some((p, t)) = text.split_once('/') else {
        return bad(format!("{what}: {text:?}"));
    };
    let num = |s: &str| {
        s.trim_start_matches('+')
            .parse::<i32>()
            .map_err(|_| Fail::Bad(format!("{what}: {text:?}")))
    };
    Ok((num(p)?, num(t)?))
}

fn forge_keywords(words: &[String], what: &str) -> Res<String> {
    let mut out = Vec::new();
    for w in words {
        match forge_keyword(w) {
            Some(f) => out.push(f),
            None => {
                return unsupported(format!("{what}: keyword {w:?} has no Forge spelling here"))
            }
        }
    }
    Ok(out.join(" & "))
}

pub fn parse(msg: &Value) -> Res<Spec> {
    let id = msg
        .get("id")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let setup = as_obj(msg.get("setup").unwrap_or(&Value::Null), "setup")?;
    for key in setup.keys() {
        if !SETUP_KEYS.contains(&key.as_str()) {
            return unsupported(format!("setup.{key} is not built by this adapter"));
        }
    }
    let mut players = Vec::new();
    for p in as_list(
        setup.get("players").unwrap_or(&Value::Null),
        "setup.players",
    )? {
        let (name, life) = match p {
            Value::String(name) => (name.clone(), 20),
            Value::Object(m) => {
                for k in m.keys() {
                    if k != "name" && k != "life" {
                        return unsupported(format!("setup.players.{k}"));
                    }
                }
                let name = as_str(m.get("name").unwrap_or(&Value::Null), "player name")?;
                let life = match m.get("life") {
                    Some(v) => as_int(v, "player life")?,
                    None => 20,
                };
                (name.to_string(), life)
            }
            other => return bad(format!("setup.players: {other}")),
        };
        players.push(PlayerSpec { name, life });
    }
    if players.len() != 2 {
        return unsupported(format!(
            "{} players: the adapter plays two-player games",
            players.len()
        ));
    }
    let mut spec = Spec {
        id,
        players,
        active: 0,
        objects: Vec::new(),
        actions: Vec::new(),
        observe: Map::new(),
    };
    if let Some(a) = setup.get("active_player") {
        let name = as_str(a, "active_player")?;
        spec.active = match spec.player_index(name) {
            Some(i) => i,
            None => return bad(format!("active_player {name:?} isn't a player")),
        };
    }
    if let Some(step) = setup.get("step") {
        let step = as_str(step, "step")?;
        if step != "precombat_main" {
            return unsupported(format!(
                "setup.step {step:?}: the adapter starts games only in the precombat main phase"
            ));
        }
    }
    if let Some(bf) = setup.get("battlefield") {
        for (key, obj) in as_obj(bf, "battlefield")? {
            let o = read_object(&spec, key, as_obj(obj, key)?)?;
            spec.objects.push(o);
        }
    }
    let actions = as_list(msg.get("actions").unwrap_or(&Value::Null), "actions")?;
    for (i, a) in actions.iter().enumerate() {
        let action = read_action(&mut spec, i, a)?;
        spec.actions.push(action);
    }
    if let Some(obs) = msg.get("observe") {
        spec.observe = as_obj(obs, "observe")?.clone();
    }
    Ok(spec)
}

fn read_object(spec: &Spec, key: &str, m: &Map<String, Value>) -> Res<ObjSpec> {
    for k in m.keys() {
        if !OBJECT_KEYS.contains(&k.as_str()) {
            return unsupported(format!(
                "object key {k:?} ({key}) is not built by this adapter"
            ));
        }
    }
    let player = |field: &str| -> Res<Option<usize>> {
        match m.get(field) {
            None => Ok(None),
            Some(v) => {
                let name = as_str(v, field)?;
                match spec.player_index(name) {
                    Some(i) => Ok(Some(i)),
                    None => bad(format!("{key}.{field}: {name:?} isn't a player")),
                }
            }
        }
    };
    let controller = player("controller")?;
    let owner = player("owner")?;
    let Some(controller) = controller.or(owner) else {
        return bad(format!("{key}: no controller"));
    };
    let list = |field: &str| -> Res<Vec<String>> {
        match m.get(field) {
            None => Ok(Vec::new()),
            Some(v) => strings(v, &format!("{key}.{field}")),
        }
    };
    let int = |field: &str| -> Res<Option<i32>> {
        match m.get(field) {
            None => Ok(None),
            Some(v) => as_int(v, &format!("{key}.{field}")).map(Some),
        }
    };
    let flag = |field: &str| -> Res<bool> {
        match m.get(field) {
            None => Ok(false),
            Some(v) => as_bool(v, &format!("{key}.{field}")),
        }
    };
    let power = int("power")?;
    let toughness = int("toughness")?;
    let mut types = list("types")?;
    if types.is_empty() && power.is_some() {
        types.push("creature".to_string());
    }
    if types.iter().any(|t| t == "planeswalker" || t == "battle") {
        return unsupported(format!("{key}: planeswalkers and battles aren't built"));
    }
    let keywords = list("keywords")?;
    for k in &keywords {
        if forge_keyword(k).is_none() {
            return unsupported(format!("{key}: keyword {k:?} has no Forge spelling here"));
        }
    }
    let mut counters = Vec::new();
    if let Some(c) = m.get("counters") {
        for (kind, n) in as_obj(c, &format!("{key}.counters"))? {
            let Some(forge) = forge_counter(kind) else {
                return unsupported(format!("{key}: counter {kind:?}"));
            };
            counters.push((forge, as_int(n, "counter")?));
        }
    }
    let colors = match m.get("colors") {
        None => None,
        Some(v) => Some(strings(v, &format!("{key}.colors"))?),
    };
    let mut obj = ObjSpec {
        key: key.to_string(),
        card_name: match m.get("name") {
            Some(v) => as_str(v, "name")?.to_string(),
            None => key.to_string(),
        },
        controller,
        owner: owner.unwrap_or(controller),
        supertypes: list("supertypes")?,
        types,
        subtypes: list("subtypes")?,
        colors,
        mana_cost: match m.get("mana_cost") {
            Some(v) => Some(as_str(v, "mana_cost")?.to_string()),
            None => None,
        },
        power,
        toughness,
        keywords,
        counters,
        damage: int("damage")?.unwrap_or(0),
        tapped: flag("tapped")?,
        summoning_sick: flag("summoning_sick")?,
        abilities: Vec::new(),
        triggers: Vec::new(),
        svars: Vec::new(),
        trigger_targets: Vec::new(),
    };
    if let Some(list) = m.get("triggers") {
        for (i, t) in as_list(list, &format!("{key}.triggers"))?
            .iter()
            .enumerate()
        {
            read_trigger(spec, &mut obj, i, as_obj(t, "trigger")?)?;
        }
    }
    Ok(obj)
}

/// Stands for the target of a triggered ability's effect until the
/// effect is known to be its first.
const TARGETED: &str = "\u{1}target";

/// A triggered ability (rulings/README.md, "Triggered abilities") as a
/// Forge trigger and its effect SVars. Only what is written here is
/// translated; anything else is unsupported.
fn read_trigger(spec: &Spec, obj: &mut ObjSpec, i: usize, t: &Map<String, Value>) -> Res<()> {
    let key = obj.key.clone();
    let what = format!("{key}.triggers[{i}]");
    for k in t.keys() {
        if !["event", "do", "description", "to", "combat", "targets"].contains(&k.as_str()) {
            return unsupported(format!("{what}: `{k}` isn't translated to a Forge trigger"));
        }
    }
    let event = as_str(t.get("event").unwrap_or(&Value::Null), &what)?;
    let combat = match t.get("combat") {
        Some(v) => as_bool(v, &what)?,
        None => false,
    };
    let to = match t.get("to") {
        Some(v) => Some(as_str(v, &what)?),
        None => None,
    };
    let (mode, that_much) = match (event, to) {
        ("you_gain_life", None) => (
            "Mode$ LifeGained | ValidPlayer$ You".to_string(),
            "LifeAmount",
        ),
        ("an_opponent_gains_life", None) => (
            "Mode$ LifeGained | ValidPlayer$ Opponent".to_string(),
            "LifeAmount",
        ),
        ("deals_damage", Some(to)) => {
            let target = match to {
                "player" => "Player",
                "opponent" => "Player.Opponent",
                "you" => "You",
                "creature" => "Creature",
                other => return unsupported(format!("{what}: damage to {other:?}")),
            };
            let combat = if combat { " | CombatDamage$ True" } else { "" };
            (
                format!(
                    "Mode$ DamageDone | ValidSource$ Card.Self | ValidTarget$ {target}{combat}"
                ),
                "DamageAmount",
            )
        }
        ("attacks", None) => ("Mode$ Attacks | ValidCard$ Card.Self".to_string(), ""),
        ("becomes_blocked", None) => (
            "Mode$ AttackerBlocked | ValidCard$ Card.Self".to_string(),
            "",
        ),
        (other, _) => {
            return unsupported(format!(
                "{what}: the event {other:?} isn't translated to a Forge trigger"
            ))
        }
    };
    if combat && event != "deals_damage" {
        return unsupported(format!("{what}: `combat` with {event}"));
    }
    let prefix = format!("MtgjudgeTrig{i}");
    let x_name = format!("{prefix}X");
    let amount = |v: &Value| -> Res<String> {
        match v {
            Value::String(s) if s == "that_much" && !that_much.is_empty() => Ok(x_name.clone()),
            Value::Number(_) => Ok(as_int(v, &what)?.to_string()),
            other => unsupported(format!("{what}: amount {other}")),
        }
    };
    // One fixed target (603.3d), chosen by the ability's first effect; the
    // adapter doesn't pass a target down to sub-abilities.
    let target = match t.get("targets") {
        None => None,
        Some(v) => {
            let names = strings(v, &what)?;
            if names.len() != 1 {
                return unsupported(format!("{what}: {} targets", names.len()));
            }
            Some((names[0].clone(), spec.entity(&names[0])?))
        }
    };
    let valid_tgts = match target {
        Some((_, Entity::Player(_))) => "ValidTgts$ Player",
        Some((_, Entity::Object(o))) if spec.objects[o].types.iter().any(|t| t == "creature") => {
            "ValidTgts$ Creature"
        }
        Some(_) => "ValidTgts$ Permanent",
        None => "",
    };
    let is_target = |name: &str| target.as_ref().is_some_and(|(n, _)| n == name);
    let on_object = |name: &str| -> Res<&'static str> {
        if is_target(name) {
            Ok(TARGETED)
        } else if name == key {
            Ok("Defined$ Self")
        } else {
            unsupported(format!(
                "{what}: an effect on {name:?}, neither the trigger's own object nor its target"
            ))
        }
    };
    let on_player = |name: &str| -> Res<&'static str> {
        if is_target(name) {
            return Ok(TARGETED);
        }
        match spec.player_index(name) {
            Some(p) if p == obj.controller => Ok("Defined$ You"),
            Some(_) => Ok("Defined$ Opponent"),
            None => unsupported(format!("{what}: {name:?} as a player")),
        }
    };
    let mut bodies: Vec<String> = Vec::new();
    let effects = as_list(t.get("do").unwrap_or(&Value::Null), &what)?;
    for e in effects {
        let em = as_obj(e, &what)?;
        let Some((kind, arg)) = em.iter().next().filter(|_| em.len() == 1) else {
            return bad(format!("{what}: an effect with several keys"));
        };
        match kind.as_str() {
            "counters" => {
                for (name, kinds) in as_obj(arg, &what)? {
                    let defined = on_object(name)?;
                    for (kind, n) in as_obj(kinds, &what)? {
                        let Some(counter) = forge_counter(kind) else {
                            return unsupported(format!("{what}: counter {kind:?}"));
                        };
                        let n = amount(n)?;
                        bodies.push(format!(
                            "DB$ PutCounter | {defined} | CounterType$ {counter} | CounterNum$ {n}"
                        ));
                    }
                }
            }
            "lose_life" | "gain_life" => {
                let api = if kind == "lose_life" {
                    "LoseLife"
                } else {
                    "GainLife"
                };
                for (name, n) in as_obj(arg, &what)? {
                    let defined = on_player(name)?;
                    let n = amount(n)?;
                    bodies.push(format!("DB$ {api} | {defined} | LifeAmount$ {n}"));
                }
            }
            "grant" | "pump" => {
                for (name, value) in as_obj(arg, &what)? {
                    let defined = on_object(name)?;
                    let body = effect_body(kind, value, &what)?;
                    bodies.push(format!("DB$ {}", body.replace("Defined$ Self", defined)));
                }
            }
            other => return unsupported(format!("{what}: the effect {other:?} isn't translated")),
        }
    }
    if bodies.is_empty() {
        // An ability whose effect the probe doesn't model: it still
        // triggers and resolves, doing nothing.
        bodies.push("DB$ Pump | Defined$ Self".to_string());
    }
    let uses: Vec<usize> = (0..bodies.len())
        .filter(|&j| bodies[j].contains(TARGETED))
        .collect();
    match (&target, uses.as_slice()) {
        (None, []) => {}
        (Some((_, entity)), [0]) => {
            bodies[0] = bodies[0].replace(TARGETED, valid_tgts);
            obj.trigger_targets.push(*entity);
        }
        _ => {
            return unsupported(format!(
                "{what}: its target must be what its first effect, and only that, acts on"
            ))
        }
    }
    for (j, body) in bodies.iter().enumerate() {
        let mut line = body.clone();
        if j + 1 < bodies.len() {
            line.push_str(&format!(" | SubAbility$ {prefix}_{}", j + 1));
        }
        obj.svars.push((format!("{prefix}_{j}"), line));
    }
    if !that_much.is_empty() {
        obj.svars
            .push((x_name.clone(), format!("TriggerCount${that_much}")));
    }
    obj.triggers.push(format!(
        "{mode} | TriggerZones$ Battlefield | Execute$ {prefix}_0 | TriggerDescription$ mtgjudge trigger {key} {i}"
    ));
    Ok(())
}

/// Adds a hidden ability to an object and returns its activation.
fn hidden(
    spec: &mut Spec,
    index: usize,
    obj: usize,
    body: &str,
    target: Option<usize>,
) -> Activation {
    let n = spec.objects[obj].abilities.len();
    let tag = format!("mtgjudge action {index}.{n}");
    spec.objects[obj]
        .abilities
        .push(format!("AB$ {body} | Cost$ 0 | SpellDescription$ {tag}"));
    Activation {
        obj,
        tag,
        target,
        damage_to: None,
    }
}

fn read_action(spec: &mut Spec, index: usize, a: &Value) -> Res<Action> {
    let m = as_obj(a, "action")?;
    if m.len() != 1 {
        return bad(format!("action {index}: expected one key, got {a}"));
    }
    let (kind, arg) = m.iter().next().expect("one key");
    let what = format!("action {index} ({kind})");
    Ok(match kind.as_str() {
        "attack" => {
            let mut pairs = Vec::new();
            for (att, target) in as_obj(arg, &what)? {
                let target = spec.entity(as_str(target, &what)?)?;
                if let Entity::Object(_) = target {
                    return unsupported("attacking a planeswalker");
                }
                pairs.push((spec.object(att)?, target));
            }
            Action::Attack(pairs)
        }
        "block" => {
            let mut pairs = Vec::new();
            for (blocker, attackers) in as_obj(arg, &what)? {
                let b = spec.object(blocker)?;
                let names = match attackers {
                    Value::String(s) => vec![s.clone()],
                    other => strings(other, &what)?,
                };
                for name in names {
                    pairs.push((b, spec.object(&name)?));
                }
            }
            Action::Block(pairs)
        }
        "damage" => {
            let mut by_source = Vec::new();
            for (source, split) in as_obj(arg, &what)? {
                let s = spec.object(source)?;
                let mut parts = Vec::new();
                for (to, amount) in as_obj(split, &what)? {
                    parts.push((spec.entity(to)?, as_int(amount, &what)?));
                }
                by_source.push((s, parts));
            }
            Action::Damage(by_source)
        }
        "advance" => {
            let word = as_str(arg, &what)?;
            match Step::parse(word) {
                Some(step) => Action::Advance(step),
                None => return unsupported(format!("advance to {word:?}")),
            }
        }
        "grant" | "lose" | "pump" | "set_base" => {
            let mut acts = Vec::new();
            for (name, value) in as_obj(arg, &what)? {
                let obj = spec.object(name)?;
                let body = effect_body(kind, value, &what)?;
                acts.push(hidden(spec, index, obj, &body, None));
            }
            Action::Activate(acts)
        }
        "effect" => read_effect(spec, index, arg, &what)?,
        "counters" => {
            let mut acts = Vec::new();
            for (name, kinds) in as_obj(arg, &what)? {
                let obj = spec.object(name)?;
                for (kind, n) in as_obj(kinds, &what)? {
                    let Some(counter) = forge_counter(kind) else {
                        return unsupported(format!("{what}: counter {kind:?}"));
                    };
                    let n = as_int(n, &what)?;
                    let body = if n >= 0 {
                        format!(
                            "PutCounter | Defined$ Self | CounterType$ {counter} | CounterNum$ {n}"
                        )
                    } else {
                        format!(
                            "RemoveCounter | Defined$ Self | CounterType$ {counter} | CounterNum$ {}",
                            -n
                        )
                    };
                    acts.push(hidden(spec, index, obj, &body, None));
                }
            }
            Action::Activate(acts)
        }
        "tap" | "untap" | "destroy" | "sacrifice" | "remove_from_combat" => {
            // Each Forge effect finds its object its own way: Destroy only
            // through a target, Sacrifice through SacValid$, the others
            // through Defined$.
            let mut acts = Vec::new();
            for name in strings(arg, &what)? {
                let obj = spec.object(&name)?;
                let (body, target) = match kind.as_str() {
                    "tap" => ("Tap | Defined$ Self", None),
                    "untap" => ("Untap | Defined$ Self", None),
                    "destroy" => ("Destroy | ValidTgts$ Permanent", Some(obj)),
                    "sacrifice" => ("Sacrifice | SacValid$ Self", None),
                    _ => ("RemoveFromCombat | Defined$ Self", None),
                };
                acts.push(hidden(spec, index, obj, body, target));
            }
            Action::Activate(acts)
        }
        "move" => {
            let mut acts = Vec::new();
            for (name, zone) in as_obj(arg, &what)? {
                let obj = spec.object(name)?;
                let dest = match as_str(zone, &what)? {
                    "graveyard" => "Graveyard",
                    "exile" => "Exile",
                    "hand" => "Hand",
                    "library" => "Library",
                    other => return unsupported(format!("{what}: a move to {other:?}")),
                };
                let body = format!(
                    "ChangeZone | Defined$ Self | Origin$ Battlefield | Destination$ {dest}"
                );
                acts.push(hidden(spec, index, obj, &body, None));
            }
            Action::Activate(acts)
        }
        "deal_damage" => {
            let m = as_obj(arg, &what)?;
            for k in m.keys() {
                if !["source", "to", "amount"].contains(&k.as_str()) {
                    return unsupported(format!("{what}: {k}"));
                }
            }
            let source = spec.object(as_str(m.get("source").unwrap_or(&Value::Null), &what)?)?;
            let to = spec.entity(as_str(m.get("to").unwrap_or(&Value::Null), &what)?)?;
            let amount = match m.get("amount") {
                Some(Value::Number(_)) => as_int(&m["amount"], &what)?,
                Some(other) => return unsupported(format!("{what}: amount {other}")),
                None => return bad(format!("{what}: no amount")),
            };
            let controller = spec.objects[source].controller;
            let (defined, target) = match to {
                Entity::Object(o) => ("ValidTgts$ Creature,Planeswalker".to_string(), Some(o)),
                Entity::Player(p) if p == controller => ("Defined$ You".to_string(), None),
                Entity::Player(_) => ("Defined$ Opponent".to_string(), None),
            };
            let body = format!("DealDamage | {defined} | NumDmg$ {amount}");
            let mut act = hidden(spec, index, source, &body, target);
            act.damage_to = Some(to);
            Action::Activate(vec![act])
        }
        "resolve" => match arg.as_u64() {
            Some(n @ 1..=20) => Action::Resolve(n as usize),
            _ => return unsupported(format!("{what}: resolve {arg}")),
        },
        other => return unsupported(format!("action {other:?} is not performed by this adapter")),
    })
}

/// The Forge ability body for grant, lose, pump or set_base on one object.
fn effect_body(kind: &str, value: &Value, what: &str) -> Res<String> {
    Ok(match kind {
        "grant" => {
            let kws = forge_keywords(&strings(value, what)?, what)?;
            format!("Pump | Defined$ Self | KW$ {kws}")
        }
        "lose" => {
            let kws = forge_keywords(&strings(value, what)?, what)?;
            format!("Debuff | Defined$ Self | Keywords$ {kws}")
        }
        "pump" => {
            let (p, t) = parse_pt_change(as_str(value, what)?, what)?;
            format!("Pump | Defined$ Self | NumAtt$ {p:+} | NumDef$ {t:+}")
        }
        _ => {
            let (p, t) = parse_pt_change(as_str(value, what)?, what)?;
            format!("Animate | Defined$ Self | Power$ {p} | Toughness$ {t}")
        }
    })
}

fn read_effect(spec: &mut Spec, index: usize, arg: &Value, what: &str) -> Res<Action> {
    let m = as_obj(arg, what)?;
    for k in m.keys() {
        if !["to", "you", "grant", "lose", "pump", "set_base", "until"].contains(&k.as_str()) {
            return unsupported(format!("{what}: {k}"));
        }
    }
    let duration = match m.get("until").and_then(Value::as_str) {
        None | Some("end_of_turn") => "",
        Some("permanent") => " | Duration$ Permanent",
        Some(other) => return unsupported(format!("{what}: until {other:?}")),
    };
    let to = match m.get("to") {
        Some(Value::Array(_)) => strings(&m["to"], what)?,
        Some(_) => return unsupported(format!("{what}: an effect on a filter (611.2c)")),
        None => return bad(format!("{what}: no `to`")),
    };
    let mut acts = Vec::new();
    for name in to {
        let obj = spec.object(&name)?;
        for kind in ["set_base", "lose", "grant", "pump"] {
            if let Some(value) = m.get(kind) {
                let body = effect_body(kind, value, what)? + duration;
                acts.push(hidden(spec, index, obj, &body, None));
            }
        }
    }
    Ok(Action::Activate(acts))
}
