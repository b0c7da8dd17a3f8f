//! An engine for the mtgjudge protocol (docs/protocol.md), version 1: JSON
//! lines on stdin and stdout. It plays vanilla combat with `mtgjudge-core`
//! and declares exactly that in its handshake; the harness reports every
//! other probe as unsupported without sending it.
//!
//! Run it under the harness:
//! `mtgjudge conformance --engine target/debug/mtgjudge-example-engine`.

mod game;

use std::io::{self, BufRead, Write};
use std::panic::{self, AssertUnwindSafe};

use game::{table, Game, Stop};
use serde_json::{json, Value};

/// The harness never sends a longer line (docs/protocol.md, Transport).
const MAX_LINE: usize = 8 << 20;

/// What this engine implements, in the handshake's words: the features of
/// rulings/features.toml it fully supports, and the actions, setup keys and
/// observations it builds and reports. Space-separated, to stay short.
const FEATURES: &str = "combat_steps damage_assignment block_legality attack_legality \
    first_strike double_strike trample trample_over_planeswalkers deathtouch lifelink flying \
    menace shadow vigilance indestructible haste defender planeswalkers state_based_actions";
const ACTIONS: &str = "attack block damage advance become_blocked";
const SETUP: &str = "players player.life active_player step battlefield object.types \
    object.power object.toughness object.keywords object.damage object.tapped \
    object.summoning_sick object.block_limit object.loyalty";
const OBSERVATIONS: &str = "life lost damage dealt dealt_by life_gained zone died damage_steps \
    steps tapped attacking blocking loyalty";

fn words(list: &str) -> Vec<&str> {
    list.split_whitespace().collect()
}

fn main() {
    let mut input = io::stdin().lock();
    let mut output = io::stdout().lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) => break, // the harness closed our input
            Ok(_) => {}
            Err(error) => {
                eprintln!("reading stdin: {error}");
                break;
            }
        }
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        // `bye` has no answer: the engine exits.
        let Some(answer) = answer(&line) else { break };
        // One line per answer, flushed, or the harness waits for it.
        if writeln!(output, "{answer}").and_then(|()| output.flush()).is_err() {
            break;
        }
    }
}

/// The answer to one message, or `None` for `bye`.
fn answer(line: &[u8]) -> Option<Value> {
    if line.len() > MAX_LINE {
        return Some(error(None, "a line longer than 8 MiB"));
    }
    let message: Value = match serde_json::from_slice(line) {
        Ok(message) => message,
        Err(problem) => return Some(error(None, &format!("not a JSON line: {problem}"))),
    };
    let id = message.get("id").and_then(Value::as_str);
    match message.get("type").and_then(Value::as_str) {
        Some("hello") if message.get("protocol") == Some(&json!(1)) => Some(hello()),
        Some("hello") => Some(error(None, "this engine speaks protocol 1 only")),
        Some("probe") => Some(match id {
            Some(id) => probe(id, &message),
            None => error(None, "a probe without an id"),
        }),
        Some("bye") => None,
        _ => Some(error(id, "unknown message type")),
    }
}

fn hello() -> Value {
    json!({
        "type": "hello",
        "protocol": 1,
        "engine": {"name": env!("CARGO_PKG_NAME"), "version": env!("CARGO_PKG_VERSION")},
        "supports": {
            "features": words(FEATURES),
            "actions": words(ACTIONS),
            "setup": words(SETUP),
            "observations": words(OBSERVATIONS),
        },
    })
}

fn error(id: Option<&str>, message: &str) -> Value {
    json!({"type": "error", "id": id, "message": message})
}

/// Runs one probe. A bug in this engine or the kernel becomes an `error`
/// answer for this probe, and the engine goes on with the next one.
fn probe(id: &str, message: &Value) -> Value {
    match panic::catch_unwind(AssertUnwindSafe(|| run(id, message))) {
        Ok(Ok(result)) => result,
        Ok(Err(Stop::Unsupported(reason))) => {
            json!({"type": "unsupported", "id": id, "reason": reason})
        }
        Ok(Err(Stop::Bad(problem))) => error(Some(id), &problem),
        // `run` turns refusals into results; this is for completeness.
        Ok(Err(Stop::Refused(why))) => error(Some(id), &why.message),
        Err(_) => error(Some(id), "the engine panicked (its stderr says where)"),
    }
}

fn run(id: &str, message: &Value) -> Result<Value, Stop> {
    // The harness sends only what the handshake allows; check it anyway.
    let features = message.get("features").and_then(Value::as_array);
    for feature in features.into_iter().flatten() {
        if !feature.as_str().is_some_and(|f| words(FEATURES).contains(&f)) {
            return Err(Stop::Unsupported(format!("the feature {feature}")));
        }
    }
    let observe = message.get("observe").unwrap_or(&Value::Null);
    table(observe, "observe")?;
    let actions = message.get("actions").and_then(Value::as_array);
    let actions = actions.ok_or(Stop::Bad("actions must be a list".into()))?;

    let mut game = Game::build(message.get("setup").unwrap_or(&Value::Null))?;
    let initial = game.observe(observe)?;
    let mut refused = Value::Null;
    for (index, action) in actions.iter().enumerate() {
        match game.act(action) {
            Ok(()) => {}
            // An illegal action ends the probe; `final` is the state after it.
            Err(Stop::Refused(why)) => {
                let (fault, rule, message) = (why.fault, why.rule, why.message);
                refused =
                    json!({"action": index, "fault": fault, "rule": rule, "message": message});
                break;
            }
            Err(other) => return Err(other),
        }
    }
    let last = game.observe(observe)?;
    Ok(json!({"type": "result", "id": id, "initial": initial, "final": last, "refused": refused}))
}

#[cfg(test)]
mod tests {
    //! The JSON side: the handshake, the message kinds, and answers to probes.
    use super::*;

    fn ask(message: Value) -> Value {
        answer(message.to_string().as_bytes()).expect("an answer")
    }

    #[test]
    fn the_handshake_names_only_features_of_features_toml() {
        let hello = ask(json!({"type": "hello", "protocol": 1}));
        assert_eq!((hello["type"].as_str(), hello["protocol"].as_i64()), (Some("hello"), Some(1)));
        let features = include_str!("../../../rulings/features.toml");
        for feature in hello["supports"]["features"].as_array().unwrap() {
            let feature = feature.as_str().unwrap();
            assert!(features.contains(&format!("[features.{feature}]")), "{feature}");
        }
        let wrong = ask(json!({"type": "hello", "protocol": 2}));
        assert_eq!((wrong["type"].as_str(), &wrong["id"]), (Some("error"), &Value::Null));
    }

    #[test]
    fn bad_lines_get_errors_and_bye_ends() {
        assert_eq!(answer(b"{not json").unwrap()["type"], "error");
        assert_eq!(ask(json!({"type": "dance", "id": "x"}))["id"], "x");
        assert_eq!(answer(br#"{"type": "bye"}"#), None);
        let probe =
            ask(json!({"type": "probe", "id": "p", "setup": {}, "actions": [], "observe": {}}));
        assert_eq!((probe["type"].as_str(), probe["id"].as_str()), (Some("error"), Some("p")));
    }

    fn probe(actions: Value, observe: Value) -> Value {
        let players = json!([{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}]);
        let bear =
            json!({"name": "Grizzly Bears", "controller": "Alice", "power": 2, "toughness": 2});
        let setup = json!({"players": players, "active_player": "Alice", "step": "precombat_main",
                           "battlefield": {"bear": bear}});
        ask(json!({"type": "probe", "id": "R1/p", "features": ["trample"], "setup": setup,
                   "actions": actions, "observe": observe}))
    }

    #[test]
    fn a_probe_gets_a_result_with_initial_and_final_observations() {
        // 510.1b, 120.3a: an unblocked creature's damage goes to the player.
        let actions = json!([{"attack": {"bear": "Bob"}}, {"block": {}}, {"damage": {}}]);
        let result = probe(actions, json!({"life": ["Bob"], "tapped": ["bear"]}));
        assert_eq!(result["type"], "result");
        assert_eq!(result["initial"], json!({"life": {"Bob": 20}, "tapped": {"bear": false}}));
        assert_eq!(result["final"], json!({"life": {"Bob": 18}, "tapped": {"bear": true}}));
        assert_eq!(result["refused"], Value::Null);
        // 508.1b: Alice's bear can't attack Alice.
        let refused = probe(json!([{"attack": {"bear": "Alice"}}]), json!({}))["refused"].clone();
        assert_eq!(refused["action"], 0);
        assert_eq!(refused["fault"], "attack:not_an_opponent");
    }

    #[test]
    fn what_the_engine_cant_express_is_unsupported() {
        let answer = probe(json!([{"pump": {"bear": "+1/+1"}}]), json!({}));
        assert_eq!(
            (answer["type"].as_str(), answer["reason"].as_str()),
            (Some("unsupported"), Some("the action pump"))
        );
        let answer = probe(json!([]), json!({"keywords": ["bear"]}));
        assert_eq!(answer["type"], "unsupported");
    }
}
