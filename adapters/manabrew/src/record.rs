//! What the adapter records while the engine runs: damage events, life-gain
//! events, deaths and the combat steps, read from the game state at each
//! `snapshot_state` (manabrew keeps no event log an agent can read).

use forge_foundation::{PhaseType, ZoneType};
use manabrew_engine::card::card_damage_history::TrackedEntity;
use manabrew_engine::game::GameState;
use manabrew_engine::ids::{CardId, PlayerId};

/// A damage event, from its source's damage history.
#[derive(Debug, Clone)]
pub struct Dealt {
    pub source: CardId,
    /// `None` when Forge recorded noncombat damage whose recipient the
    /// adapter couldn't confirm.
    pub to: Option<TrackedEntity>,
    pub amount: i32,
    /// `first_strike`, `regular` or `noncombat`.
    pub step: &'static str,
}

#[derive(Debug, Clone)]
pub struct Gain {
    pub player: PlayerId,
    pub amount: i32,
    pub source: Option<CardId>,
}

/// A combat step the game entered, and whether it happened in the sense of
/// the rules (see NOTES.md, "Steps").
#[derive(Debug, Clone)]
pub struct StepEntry {
    pub phase: PhaseType,
    pub happened: bool,
}

#[derive(Debug, Default)]
pub struct Recorder {
    /// Damage-history entries already read, by card index.
    seen: Vec<usize>,
    pub dealt: Vec<Dealt>,
    pub gains: Vec<Gain>,
    /// Zone of each probe object when last seen.
    zones: Vec<Option<ZoneType>>,
    /// Probe objects (by index) put into a graveyard from the battlefield.
    pub died: Vec<usize>,
    gained_times: Vec<i32>,
    gained_amount: Vec<i32>,
    last_phase: Option<PhaseType>,
    /// Combat steps entered this turn, in order.
    pub steps: Vec<StepEntry>,
    /// Whether creatures were declared as attackers in this combat.
    declared: bool,
    life_lost: Vec<i32>,
    /// Noncombat damage the driver had the engine deal: (source, recipient).
    pub hints: Vec<(CardId, TrackedEntity)>,
    /// How many times each card's triggered abilities went on the stack.
    pub triggered: std::collections::HashMap<CardId, i32>,
    /// The stack when last seen: (entry id, source).
    stack: Vec<(u32, Option<CardId>)>,
}

fn is_combat_step(phase: PhaseType) -> bool {
    matches!(
        phase,
        PhaseType::CombatBegin
            | PhaseType::CombatDeclareAttackers
            | PhaseType::CombatDeclareBlockers
            | PhaseType::CombatFirstStrikeDamage
            | PhaseType::CombatDamage
            | PhaseType::CombatEnd
    )
}

impl Recorder {
    pub fn new(game: &GameState, objects: &[CardId]) -> Recorder {
        let mut rec = Recorder {
            seen: game
                .cards
                .iter()
                .map(|c| c.damage_history.damage_done_this_turn.len())
                .collect(),
            gained_times: game
                .players
                .iter()
                .map(|p| p.life_gained_times_this_turn)
                .collect(),
            gained_amount: game
                .players
                .iter()
                .map(|p| p.life_gained_this_turn)
                .collect(),
            life_lost: game.players.iter().map(|p| p.life_lost_this_turn).collect(),
            zones: objects.iter().map(|&id| Some(game.card(id).zone)).collect(),
            last_phase: Some(game.turn.phase),
            ..Recorder::default()
        };
        rec.seen.resize(game.cards.len(), 0);
        rec
    }

    /// Whether damage steps happened, for `damage_steps`.
    pub fn damage_steps(&self) -> Vec<&'static str> {
        self.steps
            .iter()
            .filter(|s| s.happened)
            .filter_map(|s| match s.phase {
                PhaseType::CombatFirstStrikeDamage => Some("first_strike"),
                PhaseType::CombatDamage => Some("regular"),
                _ => None,
            })
            .collect()
    }

    /// Reads what changed since the last call.
    pub fn update(&mut self, game: &GameState, objects: &[CardId]) {
        let phase = game.turn.phase;
        let attacking = |c: &manabrew_engine::card::Card| {
            c.zone == ZoneType::Battlefield && c.attacking_player.is_some()
        };
        if self.last_phase != Some(phase) {
            self.last_phase = Some(phase);
            if phase == PhaseType::CombatBegin {
                // A new combat: its steps are listed after the previous one's.
                self.steps.retain(|s| s.happened);
                self.declared = false;
            }
            if game.cards.iter().any(attacking) {
                self.declared = true;
            }
            if is_combat_step(phase) {
                let happened = match phase {
                    // Forge enters these even when no creature attacked
                    // (Java parity); 508.8 skips them.
                    PhaseType::CombatDeclareBlockers | PhaseType::CombatDamage => self.declared,
                    // Forge enters the first-strike step in every combat;
                    // 510.4 has it only if an attacking or blocking creature
                    // has first strike or double strike as it begins.
                    PhaseType::CombatFirstStrikeDamage => game.cards.iter().any(|c| {
                        let blocking = game
                            .turn
                            .combat_block_assignments
                            .iter()
                            .any(|(b, _)| *b == c.id);
                        c.zone == ZoneType::Battlefield
                            && (attacking(c) || blocking)
                            && (c.has_first_strike() || c.has_double_strike())
                    }),
                    _ => true,
                };
                self.steps.push(StepEntry { phase, happened });
            }
        } else if game.cards.iter().any(attacking) {
            self.declared = true;
        }
        if self.seen.len() < game.cards.len() {
            self.seen.resize(game.cards.len(), 0);
        }
        let first_new = self.dealt.len();
        for (i, card) in game.cards.iter().enumerate() {
            let entries = &card.damage_history.damage_done_this_turn;
            if entries.len() < self.seen[i] {
                self.seen[i] = 0; // a new turn cleared the history
            }
            for e in &entries[self.seen[i]..] {
                if e.amount <= 0 {
                    continue;
                }
                let source = e.source.unwrap_or(card.id);
                let to = match e.target {
                    Some(to) => Some(to),
                    // Combat damage to a player is recorded twice, once
                    // without its recipient.
                    None if e.is_combat => continue,
                    None => self.noncombat_recipient(game, source),
                };
                let step = if !e.is_combat {
                    "noncombat"
                } else if phase == PhaseType::CombatFirstStrikeDamage {
                    "first_strike"
                } else {
                    "regular"
                };
                self.dealt.push(Dealt {
                    source,
                    to,
                    amount: e.amount,
                    step,
                });
            }
            self.seen[i] = entries.len();
        }
        let now: Vec<(u32, Option<CardId>)> = game
            .stack
            .iter()
            .map(|e| (e.id, e.spell_ability.source))
            .collect();
        for e in game.stack.iter() {
            if e.spell_ability.is_trigger && !self.stack.iter().any(|(id, _)| *id == e.id) {
                if let Some(src) = e.spell_ability.source {
                    *self.triggered.entry(src).or_insert(0) += 1;
                }
            }
        }
        let resolved: Vec<CardId> = self
            .stack
            .iter()
            .filter(|(id, _)| !now.iter().any(|(n, _)| n == id))
            .filter_map(|(_, src)| *src)
            .collect();
        self.stack = now;
        self.read_gains(game, first_new, &resolved);
        for (p, player) in game.players.iter().enumerate() {
            self.life_lost[p] = player.life_lost_this_turn;
        }
        for (i, &id) in objects.iter().enumerate() {
            let zone = game.card(id).zone;
            if self.zones[i] == Some(ZoneType::Battlefield) && zone == ZoneType::Graveyard {
                self.died.push(i);
            }
            self.zones[i] = Some(zone);
        }
    }

    /// Forge records noncombat damage with its source and amount but not its
    /// recipient (ability/effects/damage_deal_effect.rs `record_damage`).
    /// The recipient is the one the driver had the source's ability deal
    /// damage to, confirmed by the game: a player who lost life since the
    /// last call, or a creature that has the source among its damage
    /// sources this turn.
    fn noncombat_recipient(&self, game: &GameState, source: CardId) -> Option<TrackedEntity> {
        let &(_, to) = self.hints.iter().rev().find(|(s, _)| *s == source)?;
        let confirmed = match to {
            TrackedEntity::Player(p) => {
                game.player(p).life_lost_this_turn > self.life_lost[p.index()]
            }
            TrackedEntity::Card(c) => game.card(c).damage_sources_this_turn.contains(&source),
        };
        confirmed.then_some(to)
    }

    /// Life-gain events since the last call. Forge counts each gain in
    /// `life_gained_times_this_turn`; lifelink gains once per damage event
    /// (combat/mod.rs `deal_combat_damage_to_*`), so the new damage events
    /// of lifelink sources name the sources of the new gains.
    fn read_gains(&mut self, game: &GameState, first_new: usize, resolved: &[CardId]) {
        for (p, player) in game.players.iter().enumerate() {
            let times = player.life_gained_times_this_turn;
            let amount = player.life_gained_this_turn;
            if times < self.gained_times[p] {
                self.gained_times[p] = 0;
                self.gained_amount[p] = 0;
            }
            let d_times = times - self.gained_times[p];
            let d_amount = amount - self.gained_amount[p];
            self.gained_times[p] = times;
            self.gained_amount[p] = amount;
            if d_times <= 0 {
                continue;
            }
            let pid = player.id;
            let lifelink: Vec<(CardId, i32)> = self.dealt[first_new..]
                .iter()
                .filter(|d| {
                    let c = game.card(d.source);
                    c.controller == pid && c.has_lifelink()
                })
                .map(|d| (d.source, d.amount))
                .collect();
            let total: i32 = lifelink.iter().map(|(_, a)| a).sum();
            if lifelink.len() as i32 == d_times && total == d_amount {
                for (source, amount) in lifelink {
                    self.gains.push(Gain {
                        player: pid,
                        amount,
                        source: Some(source),
                    });
                }
            } else if d_times == 1 {
                // One gain: from the lifelink source, or from the spell or
                // ability that just resolved.
                let mut sources: Vec<CardId> = if lifelink.is_empty() {
                    resolved.to_vec()
                } else {
                    lifelink.iter().map(|(s, _)| *s).collect()
                };
                sources.dedup();
                self.gains.push(Gain {
                    player: pid,
                    amount: d_amount,
                    source: if sources.len() == 1 {
                        Some(sources[0])
                    } else {
                        None
                    },
                });
            } else {
                for _ in 0..d_times {
                    self.gains.push(Gain {
                        player: pid,
                        amount: d_amount / d_times,
                        source: None,
                    });
                }
            }
        }
    }
}
