//! Combats run in-process through the adapter, with expected values worked
//! out from the Comprehensive Rules (effective 2026-01-16), not from running
//! the engine. The last tests pin down where manabrew 0.13.1 departs from
//! the rules, so that a change in the engine or the adapter shows.

use mtgjudge_manabrew::answer_probe;
use serde_json::{json, Value};

fn creature(name: &str, controller: &str, p: i32, t: i32, keywords: &[&str]) -> Value {
    json!({"name": name, "controller": controller, "power": p, "toughness": t,
           "keywords": keywords})
}

fn probe(battlefield: Value, actions: Value, observe: Value) -> Value {
    json!({"type": "probe", "id": "test",
           "setup": {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
                     "active_player": "Alice", "step": "precombat_main",
                     "battlefield": battlefield},
           "actions": actions, "observe": observe})
}

/// The answer, which must be a result.
fn run(msg: Value) -> Value {
    let answer = answer_probe(&msg);
    assert_eq!(answer["type"], "result", "not a result: {answer}");
    answer
}

fn sorted_events(v: &Value) -> Vec<String> {
    let mut out: Vec<String> = v
        .as_array()
        .expect("a list")
        .iter()
        .map(|e| {
            format!(
                "{} -> {}: {} ({})",
                e["source"].as_str().unwrap_or("?"),
                e["to"].as_str().unwrap_or("?"),
                e["amount"],
                e["step"].as_str().unwrap_or("?")
            )
        })
        .collect();
    out.sort();
    out
}

fn sorted_names(v: &Value) -> Vec<String> {
    let mut out: Vec<String> = v
        .as_array()
        .expect("a list")
        .iter()
        .map(|s| s.as_str().expect("a name").to_string())
        .collect();
    out.sort();
    out
}

#[test]
fn unblocked_attacker_damages_the_defending_player() {
    // 510.1b: an unblocked creature assigns its damage to the player it
    // attacks; 120.3a: damage to a player makes them lose that much life.
    let a = run(probe(
        json!({"bear": creature("Grizzly Bears", "Alice", 2, 2, &[])}),
        json!([{"attack": {"bear": "Bob"}}, {"block": {}}, {"damage": {}}]),
        json!({"life": ["Bob"], "dealt": true, "damage_steps": true}),
    ));
    assert_eq!(a["initial"]["life"]["Bob"], 20);
    assert_eq!(a["final"]["life"]["Bob"], 18);
    assert_eq!(
        sorted_events(&a["final"]["dealt"]),
        ["bear -> Bob: 2 (regular)"]
    );
    assert_eq!(a["final"]["damage_steps"], json!(["regular"]));
    assert_eq!(a["refused"], Value::Null);
}

#[test]
fn first_striker_kills_its_blocker_before_it_strikes_back() {
    // 510.4, 702.7b: only the first striker deals damage in the first step;
    // 704.5g: the 2/2 blocker dies before the regular step, so it deals none.
    let a = run(probe(
        json!({"knight": creature("White Knight", "Alice", 2, 2, &["first strike"]),
               "bear": creature("Grizzly Bears", "Bob", 2, 2, &[])}),
        json!([{"attack": {"knight": "Bob"}}, {"block": {"bear": "knight"}},
               {"advance": "postcombat_main"}]),
        json!({"dealt": true, "died": true, "damage": ["knight"], "damage_steps": true}),
    ));
    let f = &a["final"];
    assert_eq!(
        sorted_events(&f["dealt"]),
        ["knight -> bear: 2 (first_strike)"]
    );
    assert_eq!(sorted_names(&f["died"]), ["bear"]);
    assert_eq!(f["damage"]["knight"], 0);
    assert_eq!(f["damage_steps"], json!(["first_strike", "regular"]));
}

#[test]
fn double_strike_deals_damage_in_both_steps() {
    // 702.4b: a double striker assigns damage in the first-strike step and
    // again in the regular step.
    let a = run(probe(
        json!({"fencer": creature("Fencing Ace", "Alice", 1, 1, &["double strike"])}),
        json!([{"attack": {"fencer": "Bob"}}, {"block": {}}, {"damage": {}}, {"damage": {}}]),
        json!({"life": ["Bob"], "dealt": true}),
    ));
    assert_eq!(a["final"]["life"]["Bob"], 18);
    assert_eq!(
        sorted_events(&a["final"]["dealt"]),
        [
            "fencer -> Bob: 1 (first_strike)",
            "fencer -> Bob: 1 (regular)"
        ]
    );
}

#[test]
fn trample_assigns_the_excess_to_the_player() {
    // 702.19b: lethal damage to the blocker (2), the rest (4) to Bob.
    let a = run(probe(
        json!({"wurm": creature("Craw Wurm", "Alice", 6, 4, &["trample"]),
               "bear": creature("Grizzly Bears", "Bob", 2, 2, &[])}),
        json!([{"attack": {"wurm": "Bob"}}, {"block": {"bear": "wurm"}}, {"damage": {}}]),
        json!({"life": ["Bob"], "dealt": true, "died": true}),
    ));
    let f = &a["final"];
    assert_eq!(f["life"]["Bob"], 16);
    assert_eq!(
        sorted_events(&f["dealt"]),
        [
            "bear -> wurm: 2 (regular)",
            "wurm -> Bob: 4 (regular)",
            "wurm -> bear: 2 (regular)"
        ]
    );
    assert_eq!(sorted_names(&f["died"]), ["bear"]);
}

#[test]
fn trample_with_deathtouch_needs_only_one_damage_per_blocker() {
    // 702.2c, 702.19b: with deathtouch, 1 damage is lethal for assignment;
    // an explicit 1 to the 5/5 and 4 to Bob is legal, and 704.5h kills it.
    let a = run(probe(
        json!({"tuskodon": creature("Tuskodon", "Alice", 5, 5, &["trample", "deathtouch"]),
               "giant": creature("Hill Giant", "Bob", 5, 5, &[])}),
        json!([{"attack": {"tuskodon": "Bob"}}, {"block": {"giant": "tuskodon"}},
               {"damage": {"tuskodon": {"giant": 1, "Bob": 4}}}]),
        json!({"life": ["Bob"], "died": true}),
    ));
    assert_eq!(a["refused"], Value::Null, "{a}");
    assert_eq!(a["final"]["life"]["Bob"], 16);
    assert_eq!(sorted_names(&a["final"]["died"]), ["giant", "tuskodon"]);
}

#[test]
fn lifelink_gains_what_its_creature_deals() {
    // 702.15b: damage dealt by a source with lifelink makes its controller
    // gain that much life.
    let a = run(probe(
        json!({"cleric": creature("Cleric", "Alice", 3, 3, &["lifelink"])}),
        json!([{"attack": {"cleric": "Bob"}}, {"block": {}}, {"damage": {}}]),
        json!({"life": ["Alice", "Bob"], "life_gained": true}),
    ));
    let f = &a["final"];
    assert_eq!(f["life"]["Alice"], 23);
    assert_eq!(f["life"]["Bob"], 17);
    assert_eq!(
        f["life_gained"],
        json!([{"player": "Alice", "amount": 3, "source": "cleric"}])
    );
}

#[test]
fn vigilance_attacker_stays_untapped() {
    // 702.20b: attacking doesn't cause a creature with vigilance to tap;
    // 508.1f: others tap.
    let a = run(probe(
        json!({"watcher": creature("Watcher", "Alice", 2, 2, &["vigilance"]),
               "bear": creature("Grizzly Bears", "Alice", 2, 2, &[])}),
        json!([{"attack": {"watcher": "Bob", "bear": "Bob"}}]),
        json!({"tapped": ["watcher", "bear"], "attacking": true}),
    ));
    assert_eq!(
        a["final"]["tapped"],
        json!({"watcher": false, "bear": true})
    );
    assert_eq!(sorted_names(&a["final"]["attacking"]), ["bear", "watcher"]);
}

#[test]
fn a_non_flyer_cant_block_a_flyer() {
    // 702.9b: a creature with flying can't be blocked except by creatures
    // with flying or reach; the declaration is refused.
    let a = run(probe(
        json!({"drake": creature("Drake", "Alice", 2, 2, &["flying"]),
               "bear": creature("Grizzly Bears", "Bob", 2, 2, &[])}),
        json!([{"attack": {"drake": "Bob"}}, {"block": {"bear": "drake"}}]),
        json!({"blocking": true}),
    ));
    assert_eq!(a["refused"]["action"], 1);
    assert_eq!(a["refused"]["fault"], "block:flying");
    assert_eq!(a["final"]["blocking"], json!([]));
}

#[test]
fn reach_blocks_a_flyer() {
    // 702.17b: a creature with reach can block a creature with flying.
    let a = run(probe(
        json!({"drake": creature("Drake", "Alice", 2, 2, &["flying"]),
               "spider": creature("Giant Spider", "Bob", 2, 4, &["reach"])}),
        json!([{"attack": {"drake": "Bob"}}, {"block": {"spider": "drake"}}, {"damage": {}}]),
        json!({"life": ["Bob"], "died": true}),
    ));
    assert_eq!(a["refused"], Value::Null);
    assert_eq!(a["final"]["life"]["Bob"], 20);
    assert_eq!(sorted_names(&a["final"]["died"]), ["drake"]);
}

#[test]
fn a_summoning_sick_creature_cant_attack() {
    // 302.6: a creature can't attack unless it has been under its
    // controller's control continuously since their most recent turn began.
    let mut bear = creature("Grizzly Bears", "Alice", 2, 2, &[]);
    bear["summoning_sick"] = json!(true);
    let a = run(probe(
        json!({"bear": bear}),
        json!([{"attack": {"bear": "Bob"}}]),
        json!({"attacking": true}),
    ));
    assert_eq!(a["refused"]["action"], 0);
    assert_eq!(a["refused"]["fault"], "attack:summoning_sick");
}

#[test]
fn haste_lets_a_new_creature_attack() {
    // 702.10b: haste overrides 302.6.
    let mut goblin = creature("Raging Goblin", "Alice", 1, 1, &["haste"]);
    goblin["summoning_sick"] = json!(true);
    let a = run(probe(
        json!({"goblin": goblin}),
        json!([{"attack": {"goblin": "Bob"}}, {"block": {}}, {"damage": {}}]),
        json!({"life": ["Bob"]}),
    ));
    assert_eq!(a["refused"], Value::Null);
    assert_eq!(a["final"]["life"]["Bob"], 19);
}

#[test]
fn a_trampler_cant_skip_lethal_damage_to_its_blocker() {
    // 702.19b: damage can go to the player only once each blocker has been
    // assigned lethal damage. Forge replaces the assignment with its own;
    // the adapter reports the refusal with the fault.
    let a = run(probe(
        json!({"wurm": creature("Craw Wurm", "Alice", 6, 4, &["trample"]),
               "bear": creature("Grizzly Bears", "Bob", 2, 2, &[])}),
        json!([{"attack": {"wurm": "Bob"}}, {"block": {"bear": "wurm"}},
               {"damage": {"wurm": {"bear": 1, "Bob": 5}}}]),
        json!({"life": ["Bob"]}),
    ));
    assert_eq!(a["refused"]["action"], 2);
    assert_eq!(a["refused"]["fault"], "assignment:trample_without_lethal");
    assert_eq!(a["refused"]["rule"], "702.19b");
}

#[test]
fn a_damage_action_after_the_last_damage_step_is_refused() {
    // 510.4: without first or double strike there is one combat damage step.
    let a = run(probe(
        json!({"bear": creature("Grizzly Bears", "Alice", 2, 2, &[])}),
        json!([{"attack": {"bear": "Bob"}}, {"block": {}}, {"damage": {}}, {"damage": {}}]),
        json!({"life": ["Bob"]}),
    ));
    assert_eq!(a["refused"]["action"], 3);
    assert_eq!(a["refused"]["fault"], "action:no_damage_step");
    assert_eq!(a["final"]["life"]["Bob"], 18);
}

#[test]
fn lethal_damage_ends_the_game() {
    // 704.5a: a player with 0 or less life loses the game.
    let a = answer_probe(&json!({"type": "probe", "id": "lethal",
        "setup": {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 3}],
                  "active_player": "Alice", "step": "precombat_main",
                  "battlefield": {"giant": creature("Hill Giant", "Alice", 3, 3, &[])}},
        "actions": [{"attack": {"giant": "Bob"}}, {"block": {}}, {"damage": {}}],
        "observe": {"life": ["Bob"], "lost": true}}));
    assert_eq!(a["type"], "result", "{a}");
    assert_eq!(a["final"]["life"]["Bob"], 0);
    assert_eq!(a["final"]["lost"], json!(["Bob"]));
}

#[test]
fn granted_double_strike_after_the_first_step_adds_a_second_hit() {
    // 702.4d: giving double strike to a first striker after it has dealt
    // first-strike damage lets it deal damage in the second step too. The
    // grant goes through a hidden activated ability between the steps.
    let a = run(probe(
        json!({"knight": creature("White Knight", "Alice", 2, 2, &["first strike"])}),
        json!([{"attack": {"knight": "Bob"}}, {"block": {}}, {"damage": {}},
               {"grant": {"knight": ["double strike"]}}, {"damage": {}}]),
        json!({"life": ["Bob"], "keywords": ["knight"]}),
    ));
    assert_eq!(a["final"]["life"]["Bob"], 16);
    assert_eq!(
        a["final"]["keywords"]["knight"],
        json!(["double strike", "first strike"])
    );
}

// Where manabrew-engine 0.13.1 departs from the rules (see NOTES.md). These
// assert what the engine does, so a fix upstream makes them fail on purpose.

#[test]
fn manabrew_0_13_1_lets_a_creature_granted_first_strike_late_skip_the_regular_step() {
    // 702.7c says the bear still deals its 2 in the second step; manabrew
    // decides who deals regular damage from the keywords at that moment.
    let a = run(probe(
        json!({"knight": creature("White Knight", "Alice", 2, 2, &["first strike"]),
               "bear": creature("Grizzly Bears", "Alice", 2, 2, &[])}),
        json!([{"attack": {"knight": "Bob", "bear": "Bob"}}, {"block": {}}, {"damage": {}},
               {"grant": {"bear": ["first strike"]}}, {"damage": {}}]),
        json!({"life": ["Bob"]}),
    ));
    assert_eq!(a["final"]["life"]["Bob"], 18, "the rules give 16 (702.7c)");
}

#[test]
fn manabrew_0_13_1_lets_one_creature_block_a_menace_attacker() {
    // 702.111b forbids it; manabrew's combat never checks menace.
    let a = run(probe(
        json!({"rogue": creature("Rogue", "Alice", 2, 2, &["menace"]),
               "bear": creature("Grizzly Bears", "Bob", 2, 2, &[])}),
        json!([{"attack": {"rogue": "Bob"}}, {"block": {"bear": "rogue"}}]),
        json!({"blocking": true}),
    ));
    assert_eq!(a["refused"], Value::Null, "the rules refuse it (702.111b)");
    assert_eq!(a["final"]["blocking"], json!(["bear"]));
}

#[test]
fn manabrew_0_13_1_gains_lifelink_life_once_per_recipient() {
    // 702.15b, 120.3: a trampling lifelinker blocked by a 2/2 deals 2 and 4
    // at the same time, one life-gain event of 6 for the corpus; manabrew
    // gains twice.
    let a = run(probe(
        json!({"wurm": creature("Wurm", "Alice", 6, 6, &["trample", "lifelink"]),
               "bear": creature("Grizzly Bears", "Bob", 2, 2, &[])}),
        json!([{"attack": {"wurm": "Bob"}}, {"block": {"bear": "wurm"}}, {"damage": {}}]),
        json!({"life": ["Alice"], "life_gained": true}),
    ));
    assert_eq!(a["final"]["life"]["Alice"], 26);
    assert_eq!(a["final"]["life_gained"].as_array().map(Vec::len), Some(2));
}

#[test]
fn a_life_gain_trigger_triggers_once_and_resolves() {
    // 702.15b: lifelink damage makes Alice gain 3; 603.2: "whenever you gain
    // life" triggers once; 608: it resolves and puts a +1/+1 counter on its
    // creature.
    let mut pridemate = creature("Ajani's Pridemate", "Alice", 2, 2, &[]);
    pridemate["triggers"] = json!([{"event": "you_gain_life",
        "do": [{"counters": {"pridemate": {"+1/+1": 1}}}], "description": "a +1/+1 counter"}]);
    let a = run(probe(
        json!({"cleric": creature("Cleric", "Alice", 3, 3, &["lifelink"]), "pridemate": pridemate}),
        json!([{"attack": {"cleric": "Bob"}}, {"block": {}}, {"damage": {}}, {"resolve": 1}]),
        json!({"triggered": ["pridemate"], "counters": {"pridemate": ["+1/+1"]},
               "life": ["Alice"], "stack": true}),
    ));
    let f = &a["final"];
    assert_eq!(a["refused"], Value::Null, "{a}");
    assert_eq!(f["triggered"]["pridemate"], 1);
    assert_eq!(f["counters"]["pridemate"]["+1/+1"], 1);
    assert_eq!(f["life"]["Alice"], 23);
    assert_eq!(f["stack"], json!([]));
}

#[test]
fn manabrew_0_13_1_triggers_a_life_gain_ability_once_per_recipient() {
    // 603.2c, 702.15e: one life-gain event for the trampling lifelinker's
    // damage, so one trigger; manabrew gains twice and triggers twice.
    let mut pridemate = creature("Ajani's Pridemate", "Alice", 2, 2, &[]);
    pridemate["triggers"] = json!([{"event": "you_gain_life",
        "do": [{"counters": {"pridemate": {"+1/+1": 1}}}], "description": "a +1/+1 counter"}]);
    let a = run(probe(
        json!({"wurm": creature("Wurm", "Alice", 6, 6, &["trample", "lifelink"]),
               "bear": creature("Grizzly Bears", "Bob", 2, 2, &[]), "pridemate": pridemate}),
        json!([{"attack": {"wurm": "Bob"}}, {"block": {"bear": "wurm"}}, {"damage": {}}]),
        json!({"triggered": ["pridemate"], "stack": true}),
    ));
    assert_eq!(
        a["final"]["triggered"]["pridemate"], 2,
        "the rules give 1 (603.2c)"
    );
    assert_eq!(
        a["final"]["stack"],
        json!(["trigger:pridemate", "trigger:pridemate"])
    );
}
