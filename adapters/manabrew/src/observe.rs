//! Observations in the protocol's shapes, read from the game and the
//! recorder.

use forge_foundation::ZoneType;
use manabrew_engine::card::card_damage_history::TrackedEntity;
use manabrew_engine::card::counter_type::parse_counter_type;
use manabrew_engine::game::GameState;
use manabrew_engine::ids::{CardId, PlayerId};
use serde_json::{json, Map, Value};

use crate::record::Recorder;
use crate::script::{forge_counter, our_keyword};

/// The observation kinds this adapter answers (the handshake's list).
pub const KINDS: &[&str] = &[
    "life",
    "lost",
    "damage",
    "dealt",
    "dealt_by",
    "life_gained",
    "died",
    "zone",
    "keywords",
    "power_toughness",
    "tapped",
    "controller",
    "counters",
    "damage_steps",
    "steps",
    "attacking",
    "blocking",
    "active_player",
    "triggered",
    "stack",
];

/// Names of the probe's players and objects, by engine id.
pub struct Names {
    pub players: Vec<String>,
    pub objects: Vec<(String, CardId)>,
}

impl Names {
    pub fn object(&self, id: CardId) -> Option<&str> {
        self.objects
            .iter()
            .find(|(_, c)| *c == id)
            .map(|(k, _)| k.as_str())
    }

    fn id(&self, key: &str) -> Option<CardId> {
        self.objects.iter().find(|(k, _)| k == key).map(|(_, c)| *c)
    }

    fn player(&self, pid: PlayerId) -> &str {
        self.players
            .get(pid.index())
            .map(String::as_str)
            .unwrap_or("?")
    }

    fn entity(&self, e: Option<TrackedEntity>) -> Value {
        match e {
            Some(TrackedEntity::Player(p)) => json!(self.player(p)),
            Some(TrackedEntity::Card(c)) => self.object(c).map(|k| json!(k)).unwrap_or(Value::Null),
            None => Value::Null,
        }
    }
}

/// A token that leaves the battlefield goes to no zone in Forge
/// (action.rs, 111.7): `nowhere`.
fn zone_word(zone: ZoneType) -> &'static str {
    match zone {
        ZoneType::Battlefield => "battlefield",
        ZoneType::Hand => "hand",
        ZoneType::Graveyard => "graveyard",
        ZoneType::Library => "library",
        ZoneType::Exile => "exile",
        ZoneType::Stack => "stack",
        ZoneType::Command => "command",
        _ => "nowhere",
    }
}

/// The keywords a card has now, in the protocol's words, sorted.
pub fn keywords(game: &GameState, id: CardId) -> Vec<String> {
    let card = game.card(id);
    let mut out: Vec<String> = card
        .keywords
        .as_string_list()
        .into_iter()
        .chain(card.granted_keywords.as_string_list())
        .chain(card.pump_keywords.as_string_list())
        .filter(|k| !card.cant_have_keywords.contains(&k.to_ascii_lowercase()))
        .map(|k| our_keyword(&k))
        .collect();
    out.sort();
    out.dedup();
    out
}

fn names_in(query: &Value) -> Vec<String> {
    query
        .as_array()
        .map(|l| {
            l.iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// Every observation the probe asked for.
pub fn observe(
    game: &GameState,
    rec: &Recorder,
    names: &Names,
    query: &Map<String, Value>,
) -> Value {
    let mut out = Map::new();
    for (kind, q) in query {
        if let Some(v) = one(game, rec, names, kind, q) {
            out.insert(kind.clone(), v);
        }
    }
    Value::Object(out)
}

fn per_object(names: &Names, q: &Value, f: impl Fn(CardId) -> Value) -> Value {
    let mut m = Map::new();
    for key in names_in(q) {
        if let Some(id) = names.id(&key) {
            m.insert(key, f(id));
        }
    }
    Value::Object(m)
}

fn one(game: &GameState, rec: &Recorder, names: &Names, kind: &str, q: &Value) -> Option<Value> {
    let on_battlefield = |id: CardId| game.card(id).zone == ZoneType::Battlefield;
    Some(match kind {
        "life" => {
            let mut m = Map::new();
            for name in names_in(q) {
                if let Some(i) = names.players.iter().position(|p| *p == name) {
                    m.insert(name, json!(game.players[i].life));
                }
            }
            Value::Object(m)
        }
        "lost" => Value::Array(
            game.players
                .iter()
                .filter(|p| p.has_lost)
                .map(|p| json!(names.player(p.id)))
                .collect(),
        ),
        "active_player" => json!(names.player(game.turn.active_player)),
        "damage" => per_object(names, q, |id| {
            json!(if on_battlefield(id) {
                game.card(id).damage
            } else {
                0
            })
        }),
        "zone" => per_object(names, q, |id| json!(zone_word(game.card(id).zone))),
        "keywords" => per_object(names, q, |id| json!(keywords(game, id))),
        "power_toughness" => per_object(names, q, |id| {
            let c = game.card(id);
            json!(format!("{}/{}", c.power(), c.toughness()))
        }),
        "tapped" => per_object(names, q, |id| json!(game.card(id).tapped)),
        "controller" => per_object(names, q, |id| json!(names.player(game.card(id).controller))),
        "counters" => {
            // The kinds asked for, 0 when absent.
            let mut m = Map::new();
            for (key, kinds) in q.as_object()? {
                let Some(id) = names.id(key) else { continue };
                let mut counts = Map::new();
                for kind in names_in(kinds) {
                    let n = forge_counter(&kind)
                        .map(|f| game.card(id).counter_count(&parse_counter_type(&f)))
                        .unwrap_or(0);
                    counts.insert(kind, json!(n));
                }
                m.insert(key.clone(), Value::Object(counts));
            }
            Value::Object(m)
        }
        "dealt" => Value::Array(
            rec.dealt
                .iter()
                .filter_map(|d| {
                    let source = names.object(d.source)?;
                    Some(json!({"source": source, "to": names.entity(d.to),
                                "amount": d.amount, "step": d.step}))
                })
                .collect(),
        ),
        "dealt_by" => per_object(names, q, |id| {
            json!(rec
                .dealt
                .iter()
                .filter(|d| d.source == id)
                .map(|d| d.amount)
                .sum::<i32>())
        }),
        "life_gained" => Value::Array(
            rec.gains
                .iter()
                .map(|g| {
                    let source = g.source.and_then(|s| names.object(s));
                    json!({"player": names.player(g.player), "amount": g.amount,
                           "source": source})
                })
                .collect(),
        ),
        "died" => Value::Array(
            rec.died
                .iter()
                .map(|&i| json!(names.objects[i].0))
                .collect(),
        ),
        "damage_steps" => json!(rec.damage_steps()),
        "triggered" => per_object(names, q, |id| {
            json!(rec.triggered.get(&id).copied().unwrap_or(0))
        }),
        "stack" => Value::Array(
            game.stack
                .iter()
                .map(|e| {
                    let source = e.spell_ability.source.and_then(|s| names.object(s));
                    let source = source.unwrap_or("?");
                    if e.spell_ability.is_trigger {
                        json!(format!("trigger:{source}"))
                    } else {
                        json!(source)
                    }
                })
                .collect(),
        ),
        "steps" => Value::Array(
            rec.steps
                .iter()
                .filter(|s| s.happened)
                .filter_map(|s| step_word(s.phase).map(|w| json!(w)))
                .collect(),
        ),
        "attacking" => Value::Array(
            names
                .objects
                .iter()
                .filter(|(_, id)| on_battlefield(*id) && game.card(*id).attacking_player.is_some())
                .map(|(k, _)| json!(k))
                .collect(),
        ),
        "blocking" => Value::Array(
            names
                .objects
                .iter()
                .filter(|(_, id)| {
                    on_battlefield(*id)
                        && game
                            .turn
                            .combat_block_assignments
                            .iter()
                            .any(|(b, _)| b == id)
                })
                .map(|(k, _)| json!(k))
                .collect(),
        ),
        _ => return None,
    })
}

fn step_word(phase: forge_foundation::PhaseType) -> Option<&'static str> {
    use forge_foundation::PhaseType as P;
    Some(match phase {
        P::CombatBegin => "beginning_of_combat",
        P::CombatDeclareAttackers => "declare_attackers",
        P::CombatDeclareBlockers => "declare_blockers",
        P::CombatFirstStrikeDamage => "first_strike_damage",
        P::CombatDamage => "combat_damage",
        P::CombatEnd => "end_of_combat",
        _ => return None,
    })
}
