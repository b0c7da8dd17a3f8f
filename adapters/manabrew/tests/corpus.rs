//! Real corpus probes (from `mtgjudge dump --json`, in
//! tests/fixtures/corpus-probes.jsonl with their expectations) fed through
//! the `mtgjudge-manabrew` binary over stdin and stdout, as the harness
//! does, and judged on the expectations they carry.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::{json, Value};

const FIXTURE: &str = include_str!("fixtures/corpus-probes.jsonl");

fn entries() -> Vec<Value> {
    FIXTURE
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("fixture line is JSON"))
        .collect()
}

/// Sends the messages to a fresh engine process and returns its answers.
fn talk(messages: &[Value]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mtgjudge-manabrew"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the adapter");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let mut answers = Vec::new();
    for m in messages {
        writeln!(stdin, "{m}").expect("write");
        stdin.flush().expect("flush");
        let line = lines.next().expect("an answer").expect("read");
        answers.push(serde_json::from_str(&line).expect("the answer is JSON"));
    }
    writeln!(stdin, "{}", json!({"type": "bye"})).expect("write bye");
    drop(stdin);
    assert!(child.wait().expect("exit").success());
    answers
}

fn names(v: &Value) -> Vec<String> {
    let mut out: Vec<String> = v
        .as_array()
        .unwrap_or(&Vec::new())
        .iter()
        .map(|s| s.as_str().unwrap_or("").to_lowercase())
        .collect();
    out.sort();
    out
}

/// Each expected event matches a distinct observed one on the fields it
/// gives, and none is left over.
fn events_match(want: &Value, got: &Value) -> bool {
    let want = want.as_array().expect("expected events");
    let mut left: Vec<&Value> = got
        .as_array()
        .map(|g| g.iter().collect())
        .unwrap_or_default();
    if want.len() != left.len() {
        return false;
    }
    for w in want {
        let fields = w.as_object().expect("an event");
        match left
            .iter()
            .position(|g| fields.iter().all(|(k, v)| &g[k] == v))
        {
            Some(i) => {
                left.remove(i);
            }
            None => return false,
        }
    }
    true
}

fn holds(key: &str, want: &Value, got: &Value) -> bool {
    match key {
        "died" | "attacking" | "blocking" | "lost" => names(want) == names(got),
        "dealt" | "life_gained" => events_match(want, got),
        "keywords" => want
            .as_object()
            .expect("per object")
            .iter()
            .all(|(o, w)| names(w) == names(&got[o])),
        "counters" => want
            .as_object()
            .expect("per object")
            .iter()
            .all(|(o, kinds)| {
                kinds
                    .as_object()
                    .expect("per kind")
                    .iter()
                    .all(|(k, n)| &got[o][k] == n)
            }),
        _ => match want.as_object() {
            Some(m) => m.iter().all(|(k, v)| &got[k] == v),
            None => want == got,
        },
    }
}

#[test]
fn the_handshake_declares_what_the_adapter_runs() {
    let answers = talk(&[json!({"type": "hello", "protocol": 1})]);
    let hello = &answers[0];
    assert_eq!(hello["type"], "hello");
    assert_eq!(hello["protocol"], 1);
    assert_eq!(hello["engine"]["name"], "manabrew-engine");
    let supports = &hello["supports"];
    for (kind, item) in [
        ("features", "first_strike"),
        ("features", "double_strike"),
        ("features", "trample"),
        ("features", "deathtouch"),
        ("features", "lifelink"),
        ("features", "menace"),
        ("actions", "attack"),
        ("actions", "damage"),
        ("actions", "grant"),
        ("setup", "object.keywords"),
        ("observations", "dealt"),
    ] {
        assert!(
            supports[kind]
                .as_array()
                .expect("a list")
                .contains(&json!(item)),
            "{kind} lacks {item}"
        );
    }
    // Never declared: what the adapter doesn't build.
    assert!(!supports["actions"]
        .as_array()
        .expect("a list")
        .contains(&json!("cast")));
}

#[test]
fn corpus_probes_through_the_binary() {
    let entries = entries();
    assert!(entries.len() >= 10);
    let mut messages = vec![json!({"type": "hello", "protocol": 1})];
    messages.extend(entries.iter().map(|e| e["probe"].clone()));
    let answers = talk(&messages);
    let mut failures = Vec::new();
    for (entry, answer) in entries.iter().zip(&answers[1..]) {
        let probe = &entry["probe"];
        let id = probe["id"].as_str().expect("an id");
        assert_eq!(answer["id"], probe["id"]);
        assert_eq!(answer["type"], "result", "{id}: {answer}");
        let expect = entry["expect"].as_object().expect("expectations");
        let last = probe["actions"].as_array().expect("actions").len() - 1;
        if let Some(err) = expect.get("error") {
            let refused = &answer["refused"];
            let fault = refused["fault"].as_str().unwrap_or("");
            let wanted = err["fault"].as_str().unwrap_or("");
            if refused["action"] != json!(last) || !fault.ends_with(wanted) {
                failures.push(format!("{id}: expected refusal {err}, got {refused}"));
            }
        } else if !answer["refused"].is_null() {
            failures.push(format!("{id}: refused {}", answer["refused"]));
        }
        for (key, want) in expect {
            if key == "error" {
                continue;
            }
            let got = &answer["final"][key];
            if !holds(key, want, got) {
                failures.push(format!("{id}: {key} expected {want}, got {got}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_message_gets_one_answer() {
    let answers = talk(&[
        json!({"type": "hello", "protocol": 1}),
        json!({"type": "probe", "id": "no-setup"}),
        json!({"type": "probe", "id": "a-cast",
               "setup": {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
                         "battlefield": {}},
               "actions": [{"cast": {"card": "bolt", "player": "Alice"}}],
               "observe": {"life": ["Bob"]}}),
        json!({"type": "what"}),
    ]);
    assert_eq!(answers.len(), 4);
    assert_eq!(answers[1]["type"], "error");
    assert_eq!(answers[1]["id"], "no-setup");
    assert_eq!(answers[2]["type"], "unsupported");
    assert_eq!(answers[3]["type"], "error");
}
