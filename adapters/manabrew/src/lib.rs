//! The mtgjudge protocol adapter for manabrew-engine, as a library so that
//! its tests can run probes in-process. The binary is `src/main.rs`.
//!
//! Licence: this crate links manabrew-engine and the forge crates, which are
//! AGPL-3.0; see LICENSE-NOTICE.md.

pub mod observe;
pub mod record;
pub mod run;
pub mod script;
pub mod spec;

use std::panic::{catch_unwind, AssertUnwindSafe};

use serde_json::{json, Value};

use spec::Fail;

pub const PROTOCOL: u64 = 1;

/// Features of rulings/features.toml that the adapter runs.
pub const FEATURES: &[&str] = &[
    "combat_steps",
    "damage_assignment",
    "block_legality",
    "attack_legality",
    "first_strike",
    "double_strike",
    "trample",
    "deathtouch",
    "lifelink",
    "flying",
    "menace",
    "shadow",
    "vigilance",
    "indestructible",
    "haste",
    "defender",
    "keyword_counters",
    "counters",
    "state_based_actions",
    "remove_from_combat",
    "continuous_effects",
    "noncombat_damage",
    "triggered_abilities",
];

/// Action kinds (rulings/README.md, "Actions").
pub const ACTIONS: &[&str] = &[
    "attack",
    "block",
    "damage",
    "advance",
    "grant",
    "lose",
    "pump",
    "set_base",
    "effect",
    "counters",
    "tap",
    "untap",
    "destroy",
    "sacrifice",
    "remove_from_combat",
    "move",
    "deal_damage",
    "resolve",
];

/// Setup keys.
pub const SETUP: &[&str] = &[
    "players",
    "player.life",
    "active_player",
    "step",
    "battlefield",
    "object.owner",
    "object.types",
    "object.subtypes",
    "object.supertypes",
    "object.colors",
    "object.mana_cost",
    "object.power",
    "object.toughness",
    "object.keywords",
    "object.counters",
    "object.damage",
    "object.tapped",
    "object.summoning_sick",
    "object.triggers",
];

/// The handshake answer.
pub fn hello(_msg: &Value) -> Value {
    json!({
        "type": "hello",
        "protocol": PROTOCOL,
        "engine": {"name": "manabrew-engine", "version": "0.13.1",
                   "adapter": env!("CARGO_PKG_VERSION")},
        "supports": {
            "features": FEATURES,
            "actions": ACTIONS,
            "setup": SETUP,
            "observations": observe::KINDS,
        }
    })
}

fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic".to_string()
    }
}

/// The answer to one probe message: `result`, `unsupported` or `error`.
/// Never panics: a panic inside the engine becomes an `error`.
pub fn answer_probe(msg: &Value) -> Value {
    let id = msg.get("id").cloned().unwrap_or(Value::Null);
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let spec = spec::parse(msg)?;
        run::run(&spec)
    }));
    match outcome {
        Ok(Ok(o)) => json!({"type": "result", "id": id, "initial": o.initial,
                            "final": o.final_, "refused": o.refused}),
        Ok(Err(Fail::Unsupported(reason))) => {
            json!({"type": "unsupported", "id": id, "reason": reason})
        }
        Ok(Err(Fail::Bad(message))) => json!({"type": "error", "id": id, "message": message}),
        Err(p) => json!({"type": "error", "id": id,
                         "message": format!("manabrew panicked: {}", panic_text(p.as_ref()))}),
    }
}
