//! `mtgjudge-manabrew`: the mtgjudge engine protocol (version 1 draft) on
//! stdin/stdout, answered by manabrew-engine, a Rust port of Forge.
//!
//! Each line on stdin is one JSON message; each answer is one line on
//! stdout. Every probe runs on its own thread under `catch_unwind` and a
//! time limit, so a panic or a runaway game in the engine becomes an
//! `error` answer for that probe and the adapter goes on.

use std::io::{BufRead, Write};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{json, Value};

use mtgjudge_manabrew::{answer_probe, hello};

/// The longest a probe may take before it is answered with an error: under
/// the harness's default timeout (30 s), so that the adapter answers first.
const PROBE_TIMEOUT: Duration = Duration::from_secs(20);

fn probe_on_thread(msg: Value) -> Value {
    let id = msg.get("id").cloned().unwrap_or(Value::Null);
    let (tx, rx) = mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("probe".into())
        .stack_size(64 << 20)
        .spawn(move || {
            let _ = tx.send(answer_probe(&msg));
        });
    if let Err(e) = spawned {
        return json!({"type": "error", "id": id, "message": format!("can't start a thread: {e}")});
    }
    match rx.recv_timeout(PROBE_TIMEOUT) {
        Ok(answer) => answer,
        // The thread is left behind; it can't be stopped from outside.
        Err(mpsc::RecvTimeoutError::Timeout) => json!({"type": "error", "id": id,
            "message": format!("no answer within {} s", PROBE_TIMEOUT.as_secs())}),
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            json!({"type": "error", "id": id, "message": "the probe's thread died"})
        }
    }
}

fn main() {
    // Panics become error answers; keep their report to one stderr line.
    std::panic::set_hook(Box::new(|info| {
        eprintln!("mtgjudge-manabrew: panic: {info}");
    }));
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let answer = match serde_json::from_str::<Value>(&line) {
            Err(e) => json!({"type": "error", "id": null, "message": format!("bad JSON: {e}")}),
            Ok(msg) => match msg.get("type").and_then(Value::as_str) {
                Some("hello") => hello(&msg),
                Some("probe") => probe_on_thread(msg),
                Some("bye") => break,
                other => json!({"type": "error", "id": msg.get("id"),
                                "message": format!("unknown message type {other:?}")}),
            },
        };
        if writeln!(out, "{answer}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
}
