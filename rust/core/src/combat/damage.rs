//! The combat damage step: who assigns combat damage and how (510.1,
//! 510.4, 702.2c, 702.19).

use super::{check_attack_target, AttackTarget, Combat, CombatError, DamageProgress, DamageStep};
use crate::board::{Board, CreatureId, PlayerId, Recipient};
use crate::combat::declare::defending_player;
use crate::combat::error::AssignmentFault;
use crate::damage::{
    check_references, check_state_based_actions, deal_checked_damage, teams_lose_with,
    DamageAssignment, DamageLog,
};
use crate::keywords::Keyword;

impl Combat {
    /// Resolves the next combat damage step: decides which step it is
    /// (510.4), assigns damage (510.1), deals it (510.2) and performs
    /// state-based actions (704.5).
    ///
    /// `choices` holds explicit assignments; every source named there must be
    /// assigned completely and legally. Sources not named use the default
    /// policy: lethal damage to each recipient in declaration order, what is
    /// left over to the attacked player or planeswalker if the source
    /// tramples, otherwise to the first recipient.
    ///
    /// On an illegal assignment nothing changes (510.1e).
    pub fn resolve_damage_step(
        &mut self,
        board: &mut Board,
        choices: &[DamageAssignment],
        log: &mut DamageLog,
    ) -> Result<DamageStep, CombatError> {
        let step = self.deal_damage_step(board, choices, log)?;
        self.check_state_based_actions(board, log);
        Ok(step)
    }

    /// The next combat damage step up to the point where damage has been
    /// dealt (510.1, 510.2), without the state-based actions that follow.
    /// A caller whose continuous effects depend on the results of the damage
    /// (life gained, counters) recomputes characteristics, then performs the
    /// state-based actions itself (704.3).
    pub fn deal_damage_step(
        &mut self,
        board: &mut Board,
        choices: &[DamageAssignment],
        log: &mut DamageLog,
    ) -> Result<DamageStep, CombatError> {
        let step = self.checked_next_step(board)?;
        self.deal_step(board, step, choices, log)?;
        Ok(step)
    }

    /// The next combat damage step up to the point where its damage is
    /// assigned (510.1), checked, and kept in `last_assignments`. Nothing is
    /// dealt yet: prevention effects look at the assignment (615), then
    /// [`Combat::deal_assigned_damage`] deals it. Any other change to the
    /// combat in between voids the assignment
    /// ([`Combat::forget_assignment`]).
    pub fn assign_damage_step(
        &mut self,
        board: &Board,
        choices: &[DamageAssignment],
    ) -> Result<DamageStep, CombatError> {
        self.assigned = None;
        let step = self.checked_next_step(board)?;
        check_references(board, choices)?;
        self.assign(board, step, choices)?;
        self.assigned = Some(step);
        Ok(step)
    }

    /// Deals the damage [`Combat::assign_damage_step`] assigned (510.2), as
    /// replacement and prevention effects changed it: each entry of
    /// `instead` is the damage its source deals its recipient instead of the
    /// amount assigned (614.1a, 615.1); 0 when it is all prevented (615.6).
    /// The effects don't change the assignment, so trample and lethal damage
    /// were judged without them (702.19b); only the damage dealt has results
    /// (lifelink, deathtouch, 120.8).
    pub fn deal_assigned_damage(
        &mut self,
        board: &mut Board,
        instead: &[DamageAssignment],
        log: &mut DamageLog,
    ) -> Result<DamageStep, CombatError> {
        if board.is_game_over() {
            return Err(CombatError::GameOver);
        }
        let step = self.assigned.ok_or(CombatError::NothingAssigned)?;
        self.check_references(board)?;
        check_references(board, &self.last_assignments)?;
        let mut dealt = self.last_assignments.clone();
        for (index, change) in instead.iter().enumerate() {
            let invalid = |reason| CombatError::InvalidDamageChange {
                source: change.source,
                reason,
            };
            if change.amount < 0 {
                return Err(invalid("an amount of damage can't be negative"));
            }
            if instead[..index]
                .iter()
                .any(|other| other.source == change.source && other.recipient == change.recipient)
            {
                return Err(invalid("the same damage is changed twice"));
            }
            let assignment = dealt
                .iter_mut()
                .find(|a| a.source == change.source && a.recipient == change.recipient)
                .ok_or_else(|| {
                    invalid("no damage is assigned from that source to that recipient")
                })?;
            assignment.amount = change.amount;
        }
        self.assigned = None;
        self.deal_assigned(board, step, &dealt, log);
        Ok(step)
    }

    /// The next step, once the combat's references are checked: none once
    /// the game is over (104.1) or every step is done (510.4).
    fn checked_next_step(&self, board: &Board) -> Result<DamageStep, CombatError> {
        if board.is_game_over() {
            return Err(CombatError::GameOver);
        }
        self.check_references(board)?;
        self.next_damage_step(board)
            .ok_or(CombatError::NoDamageStepLeft)
    }

    /// [`Combat::deal_damage_step`] once the combat's references have been
    /// checked and the step is known.
    fn deal_step(
        &mut self,
        board: &mut Board,
        step: DamageStep,
        choices: &[DamageAssignment],
        log: &mut DamageLog,
    ) -> Result<(), CombatError> {
        self.assigned = None;
        check_references(board, choices)?;
        self.assign(board, step, choices)?;
        let assignments = std::mem::take(&mut self.last_assignments);
        self.deal_assigned(board, step, &assignments, log);
        self.last_assignments = assignments;
        Ok(())
    }

    /// Deals a checked assignment as the step's combat damage (510.2) and
    /// moves the combat on.
    fn deal_assigned(
        &mut self,
        board: &mut Board,
        step: DamageStep,
        assignments: &[DamageAssignment],
        log: &mut DamageLog,
    ) {
        // The step has begun: record who strikes first (510.4). Creatures
        // that join combat later never struck first. (Marking a creature
        // twice is harmless, so the combatants needn't be distinct.)
        if step == DamageStep::FirstStrike {
            for creature in &mut board.creatures {
                creature.struck_first = false;
            }
            for creature in self.combatants() {
                mark_struck_first(board, creature);
            }
        }

        // Every assignment names a checked source and recipient: the
        // combat's references and the choices were checked before.
        deal_checked_damage(board, Some(step), assignments, log);
        log.steps.push(step);
        self.progress = match step {
            DamageStep::FirstStrike => DamageProgress::FirstStrikeDealt,
            DamageStep::Regular => DamageProgress::Finished,
        };
    }

    /// Every index the combat holds must name an object on the board, so that
    /// a combat built by hand can't make the kernel read out of bounds.
    pub fn check_references(&self, board: &Board) -> Result<(), CombatError> {
        let creature = |id: CreatureId| {
            board
                .creature(id)
                .map(|_| ())
                .ok_or(CombatError::UnknownObject {
                    kind: "creature",
                    index: usize::from(id),
                })
        };
        for attack in &self.attacks {
            creature(attack.attacker)?;
            check_attack_target(board, attack.target)?;
        }
        for block in &self.blocks {
            creature(block.blocker)?;
            creature(block.attacker)?;
        }
        for creature in &board.creatures {
            if board.player(creature.controller).is_none() {
                return Err(CombatError::UnknownObject {
                    kind: "player",
                    index: usize::from(creature.controller),
                });
            }
        }
        for walker in &board.planeswalkers {
            if board.player(walker.controller).is_none() {
                return Err(CombatError::UnknownObject {
                    kind: "player",
                    index: usize::from(walker.controller),
                });
            }
        }
        Ok(())
    }

    /// Resolves every remaining damage step with the default assignments and
    /// no changes between steps.
    pub fn resolve_all_damage_steps(
        &mut self,
        board: &mut Board,
        log: &mut DamageLog,
    ) -> Result<(), CombatError> {
        let mut checked = false;
        while let Some(step) = self.next_damage_step(board) {
            // Nothing a damage step does changes which objects the combat
            // names, so checking them before the first step is enough.
            if !checked {
                self.check_references(board)?;
                checked = true;
            }
            self.deal_step(board, step, &[], log)?;
            self.check_state_based_actions(board, log);
        }
        Ok(())
    }

    /// The player loses the game for a reason other than state-based
    /// actions: they concede (104.3a) or an effect says so (104.3e). They
    /// leave the game (104.5), as [`Combat::check_state_based_actions`]
    /// describes; in Two-Headed Giant their team loses and leaves with
    /// them (810.8a).
    pub fn player_loses(
        &mut self,
        board: &mut Board,
        player: PlayerId,
        log: &mut DamageLog,
    ) -> Result<(), CombatError> {
        if board.is_game_over() {
            return Err(CombatError::GameOver);
        }
        let state =
            board
                .players
                .get_mut(usize::from(player))
                .ok_or(CombatError::UnknownObject {
                    kind: "player",
                    index: usize::from(player),
                })?;
        if state.has_lost {
            return Err(CombatError::NotInGame { player });
        }
        state.has_lost = true;
        let first_loser = log.losers.len();
        log.losers.push(player);
        teams_lose_with(board, log, first_loser);
        let leaving = log.losers[first_loser..].to_vec();
        self.players_leave(board, &leaving);
        Ok(())
    }

    /// Players who lost leave the game (104.5). If that ends it (104.2a,
    /// 104.4a), nothing more happens (104.1); otherwise their objects leave
    /// with them (800.4a, [`Combat::player_leaves`]).
    fn players_leave(&mut self, board: &mut Board, players: &[PlayerId]) {
        if !board.is_game_over() {
            for &player in players {
                self.player_leaves(board, player);
            }
        }
    }

    /// Performs state-based actions (704.5) and removes the creatures and
    /// planeswalkers that left the battlefield from combat (506.4), and the
    /// creatures that regenerated (506.4, 701.19a). Players who lost leave
    /// the game (104.5): the game is over if at most one player is left
    /// ([`Board::game_result`]); otherwise their objects leave the game
    /// too ([`Combat::player_leaves`]). Once the game is over, it does
    /// nothing (104.1).
    pub fn check_state_based_actions(&mut self, board: &mut Board, log: &mut DamageLog) {
        self.assigned = None;
        let first_loser = log.losers.len();
        let first_death = log.deaths.len();
        let first_walker = log.planeswalker_deaths.len();
        let first_regeneration = log.regenerations.len();
        check_state_based_actions(board, log);
        for index in first_death..log.deaths.len() {
            let creature = log.deaths[index].creature;
            self.remove_from_combat(creature);
        }
        for index in first_regeneration..log.regenerations.len() {
            let creature = log.regenerations[index];
            self.remove_from_combat(creature);
        }
        for index in first_walker..log.planeswalker_deaths.len() {
            let walker = log.planeswalker_deaths[index];
            self.remove_planeswalker_from_combat(walker);
        }
        self.players_leave(board, &log.losers[first_loser..]);
    }

    /// Fills `last_assignments` with the whole step's assignment and checks
    /// it (510.1e).
    fn assign(
        &mut self,
        board: &Board,
        step: DamageStep,
        choices: &[DamageAssignment],
    ) -> Result<(), CombatError> {
        self.last_assignments.clear();
        self.pending.clear();
        self.pending.resize(board.creatures.len(), 0);

        // 510.1: the active player assigns for attackers first, then the
        // defending player for blockers.
        for index in 0..self.attacks.len() {
            let attacker = self.attacks[index].attacker;
            self.assign_source(board, step, attacker, choices)?;
        }
        for index in 0..self.blocks.len() {
            let blocker = self.blocks[index].blocker;
            let first_block = !self.blocks[..index]
                .iter()
                .any(|earlier| earlier.blocker == blocker);
            if first_block {
                self.assign_source(board, step, blocker, choices)?;
            }
        }
        for choice in choices {
            if !self.assigns_damage(board, choice.source, step) {
                return Err(CombatError::IllegalAssignment {
                    source: choice.source,
                    fault: AssignmentFault::NotAssigningInThisStep,
                });
            }
        }
        // Trample is checked against the whole assignment, since lethal
        // damage counts damage other creatures assign in this step (702.19b).
        for index in 0..self.attacks.len() {
            let attacker = self.attacks[index].attacker;
            if choices.iter().any(|choice| choice.source == attacker) {
                self.check_trample(board, attacker)?;
            }
        }
        Ok(())
    }

    /// Whether the creature assigns combat damage in this step at all
    /// (510.1a, 510.4). A blocking creature that blocks no creature any more
    /// assigns none (510.1d).
    fn assigns_damage(&self, board: &Board, source: CreatureId, step: DamageStep) -> bool {
        self.assigns_in_step(board, source, step)
            && board
                .creature(source)
                .is_some_and(|creature| creature.current_power() > 0)
            && (self.is_attacking(source) || self.blocked_by(source).next().is_some())
    }

    fn assign_source(
        &mut self,
        board: &Board,
        step: DamageStep,
        source: CreatureId,
        choices: &[DamageAssignment],
    ) -> Result<(), CombatError> {
        if !self.assigns_damage(board, source, step) {
            return Ok(());
        }
        let explicit = choices.iter().any(|choice| choice.source == source);
        if explicit {
            self.check_explicit(board, source, choices)?;
            for choice in choices.iter().filter(|choice| choice.source == source) {
                self.record(*choice);
            }
        } else {
            self.assign_by_default(board, source);
        }
        Ok(())
    }

    fn record(&mut self, assignment: DamageAssignment) {
        if assignment.amount <= 0 {
            return;
        }
        if let Recipient::Creature(id) = assignment.recipient {
            if let Some(pending) = self.pending.get_mut(usize::from(id)) {
                *pending = pending.saturating_add(assignment.amount);
            }
        }
        // One entry per source and recipient.
        match self
            .last_assignments
            .iter_mut()
            .find(|a| a.source == assignment.source && a.recipient == assignment.recipient)
        {
            Some(existing) => existing.amount = existing.amount.saturating_add(assignment.amount),
            None => self.last_assignments.push(assignment),
        }
    }

    /// The default choice policy, for simulation.
    fn assign_by_default(&mut self, board: &Board, source: CreatureId) {
        let creature = board.creatures[usize::from(source)];
        let power = creature.current_power();
        if let Some(attack) = self.attack_of(source).copied() {
            if !attack.blocked {
                // 510.1b; 702.19e
                let recipient = self
                    .attacked_recipient(board, attack.target)
                    .or_else(|| behind_removed_planeswalker(board, &creature, attack.target));
                if let Some(recipient) = recipient {
                    self.record(DamageAssignment {
                        source,
                        recipient,
                        amount: power,
                    });
                }
                return;
            }
            let left = self.assign_lethal_in_order(board, source, true);
            if left > 0 {
                if creature.tramples() && self.every_blocker_has_lethal(board, source) {
                    // 702.19b, 702.19d: the excess tramples over.
                    self.assign_trample_excess(board, source, attack.target, left);
                } else if let Some(first) = self.first_blocker_of(source) {
                    self.record(DamageAssignment {
                        source,
                        recipient: Recipient::Creature(first),
                        amount: left,
                    });
                }
            }
        } else {
            // A blocker (510.1d).
            let left = self.assign_lethal_in_order(board, source, false);
            if left > 0 {
                let first = self.blocked_by(source).next();
                if let Some(first) = first {
                    self.record(DamageAssignment {
                        source,
                        recipient: Recipient::Creature(first),
                        amount: left,
                    });
                }
            }
        }
    }

    fn first_blocker_of(&self, attacker: CreatureId) -> Option<CreatureId> {
        self.blockers_of(attacker).next()
    }

    /// Assigns each opposing creature lethal damage in declaration order and
    /// returns the power left over.
    fn assign_lethal_in_order(
        &mut self,
        board: &Board,
        source: CreatureId,
        attacking: bool,
    ) -> i32 {
        let mut left = board.creatures[usize::from(source)].current_power();
        let mut index = 0;
        while index < self.blocks.len() && left > 0 {
            let block = self.blocks[index];
            index += 1;
            let opponent = if attacking {
                (block.attacker == source).then_some(block.blocker)
            } else {
                (block.blocker == source).then_some(block.attacker)
            };
            let Some(opponent) = opponent else { continue };
            let amount = self.lethal_needed(board, source, opponent).min(left);
            if amount > 0 {
                self.record(DamageAssignment {
                    source,
                    recipient: Recipient::Creature(opponent),
                    amount,
                });
                left -= amount;
            }
        }
        left
    }

    /// Lethal damage for `target` from `source`, counting damage already
    /// marked and damage other creatures assign in this step (702.19b); any
    /// nonzero damage from a source with deathtouch is lethal (702.2c).
    fn lethal_needed(&self, board: &Board, source: CreatureId, target: CreatureId) -> i32 {
        // 702.2c: any nonzero combat damage a source with deathtouch assigns
        // to it is lethal damage, and 702.19b counts damage other creatures
        // assign in the same step.
        let deathtouch_from_others = self.last_assignments.iter().any(|a| {
            a.source != source
                && a.recipient == Recipient::Creature(target)
                && a.amount > 0
                && board
                    .creature(a.source)
                    .is_some_and(|other| other.has(Keyword::Deathtouch))
        });
        if deathtouch_from_others {
            return 0;
        }
        let others = self.pending_from_others(source, target);
        let deathtouch = board.creatures[usize::from(source)].has(Keyword::Deathtouch);
        board.creatures[usize::from(target)].lethal_damage(others, deathtouch)
    }

    fn pending_from_others(&self, source: CreatureId, target: CreatureId) -> i32 {
        let total = self.pending.get(usize::from(target)).copied().unwrap_or(0);
        let own: i32 = self
            .last_assignments
            .iter()
            .filter(|a| a.source == source && a.recipient == Recipient::Creature(target))
            .map(|a| a.amount)
            .fold(0, i32::saturating_add);
        total.saturating_sub(own)
    }

    fn assigned_by(&self, source: CreatureId, recipient: Recipient) -> i32 {
        self.last_assignments
            .iter()
            .filter(|a| a.source == source && a.recipient == recipient)
            .map(|a| a.amount)
            .fold(0, i32::saturating_add)
    }

    fn every_blocker_has_lethal(&self, board: &Board, source: CreatureId) -> bool {
        self.blockers_of(source).all(|blocker| {
            self.assigned_by(source, Recipient::Creature(blocker))
                >= self.lethal_needed(board, source, blocker)
        })
    }

    /// Where trampling excess goes: the attacked player or planeswalker; with
    /// trample over planeswalkers, what exceeds the planeswalker's loyalty goes
    /// on to its controller (702.19c, 702.19e).
    fn assign_trample_excess(
        &mut self,
        board: &Board,
        source: CreatureId,
        target: AttackTarget,
        amount: i32,
    ) {
        let over_planeswalkers =
            board.creatures[usize::from(source)].has(Keyword::TrampleOverPlaneswalkers);
        match target {
            AttackTarget::Planeswalker(id) if over_planeswalkers => {
                let walker = board.planeswalkers[usize::from(id)];
                let to_walker = if walker.on_battlefield {
                    amount.min(walker.loyalty.max(0))
                } else {
                    0
                };
                if to_walker > 0 {
                    self.record(DamageAssignment {
                        source,
                        recipient: Recipient::Planeswalker(id),
                        amount: to_walker,
                    });
                }
                let rest = amount - to_walker;
                let controller = player_recipient(board, walker.controller);
                if let Some(recipient) = controller.filter(|_| rest > 0) {
                    self.record(DamageAssignment {
                        source,
                        recipient,
                        amount: rest,
                    });
                }
            }
            _ => {
                let creature = board.creatures[usize::from(source)];
                let recipient = self
                    .attacked_recipient(board, target)
                    .or_else(|| behind_removed_planeswalker(board, &creature, target))
                    .or_else(|| self.first_blocker_of(source).map(Recipient::Creature));
                // Attacking nothing, the excess can only stay with the
                // blockers (506.4c, 702.19f): a creature assigns all its
                // power (510.1a).
                if let Some(recipient) = recipient {
                    self.record(DamageAssignment {
                        source,
                        recipient,
                        amount,
                    });
                }
            }
        }
    }

    /// What an attacker's damage can go to if it isn't blocking-related: the
    /// attacked player while in the game (800.4e), or the attacked
    /// planeswalker while it is on the battlefield (510.1b, 506.4c, 702.19f).
    fn attacked_recipient(&self, board: &Board, target: AttackTarget) -> Option<Recipient> {
        match target {
            AttackTarget::Player(player) => player_recipient(board, player),
            AttackTarget::Planeswalker(id) => board
                .planeswalker(id)
                .filter(|walker| walker.on_battlefield)
                .map(|_| Recipient::Planeswalker(id)),
            AttackTarget::RemovedPlaneswalker(_) | AttackTarget::Nothing => None,
        }
    }

    /// Checks one source's explicit assignment, apart from trample's lethal
    /// condition (510.1a–d).
    fn check_explicit(
        &self,
        board: &Board,
        source: CreatureId,
        choices: &[DamageAssignment],
    ) -> Result<(), CombatError> {
        let fault = |fault| CombatError::IllegalAssignment { source, fault };
        let creature = board.creatures[usize::from(source)];
        let mut total: i32 = 0;
        for choice in choices.iter().filter(|choice| choice.source == source) {
            if choice.amount < 0 {
                return Err(fault(AssignmentFault::NegativeAmount));
            }
            total = total.saturating_add(choice.amount);
            if choice.amount > 0 && !self.may_receive(board, source, choice.recipient) {
                return Err(fault(self.recipient_fault(board, source, choice.recipient)));
            }
        }
        // 510.1a: all of its power is assigned.
        if total != creature.current_power() {
            return Err(fault(AssignmentFault::WrongTotal {
                assigned: total,
                power: creature.current_power(),
            }));
        }
        Ok(())
    }

    fn recipient_fault(
        &self,
        board: &Board,
        source: CreatureId,
        recipient: Recipient,
    ) -> AssignmentFault {
        if let Recipient::Player(player) = recipient {
            if player_recipient(board, player).is_none() {
                return AssignmentFault::PlayerLeftGame;
            }
        }
        match self.attack_of(source) {
            Some(attack) if !attack.blocked => AssignmentFault::UnblockedRecipient,
            // 702.19f: attacking a planeswalker, only trample over
            // planeswalkers lets damage reach its controller.
            Some(attack)
                if matches!(
                    attack.target,
                    AttackTarget::Planeswalker(_) | AttackTarget::RemovedPlaneswalker(_)
                ) && matches!(recipient, Recipient::Player(_))
                    && board.creatures[usize::from(source)].tramples() =>
            {
                AssignmentFault::PlayerBehindPlaneswalker
            }
            Some(_) => AssignmentFault::NotABlocker,
            None => AssignmentFault::NotBlockedByIt,
        }
    }

    /// Whether `recipient` may be assigned any of `source`'s damage at all.
    fn may_receive(&self, board: &Board, source: CreatureId, recipient: Recipient) -> bool {
        let Some(attack) = self.attack_of(source) else {
            // 510.1d
            return matches!(recipient, Recipient::Creature(id) if self.blocked_by(source).any(|a| a == id));
        };
        let creature = &board.creatures[usize::from(source)];
        let attacked = self.attacked_recipient(board, attack.target) == Some(recipient);
        // 702.19c, 702.19e: trample over planeswalkers lets damage reach the
        // controller of the planeswalker it attacks or attacked.
        let behind = creature.has(Keyword::TrampleOverPlaneswalkers)
            && matches!(
                attack.target,
                AttackTarget::Planeswalker(_) | AttackTarget::RemovedPlaneswalker(_)
            )
            && defending_player(board, attack.target).and_then(|p| player_recipient(board, p))
                == Some(recipient);
        if !attack.blocked {
            // 510.1b; 702.19c and 702.19e apply to an unblocked creature too
            // ("after lethal damage is assigned to all blocking creatures",
            // of which there are none).
            return attacked || behind;
        }
        if let Recipient::Creature(id) = recipient {
            // 510.1c
            return self.blockers_of(source).any(|blocker| blocker == id);
        }
        // 702.19b
        creature.tramples() && (attacked || behind)
    }

    /// 702.19b and 702.19c, checked against the complete assignment.
    fn check_trample(&self, board: &Board, source: CreatureId) -> Result<(), CombatError> {
        let Some(attack) = self.attack_of(source) else {
            return Ok(());
        };
        // An unblocked creature has no blockers to assign lethal damage to,
        // but with trample over planeswalkers it still owes the planeswalker
        // its loyalty before its controller gets any (702.19c).
        let past_blockers = self
            .last_assignments
            .iter()
            .any(|a| a.source == source && !matches!(a.recipient, Recipient::Creature(_)));
        if !past_blockers {
            return Ok(());
        }
        if !self.every_blocker_has_lethal(board, source) {
            return Err(CombatError::IllegalAssignment {
                source,
                fault: AssignmentFault::TrampleWithoutLethal,
            });
        }
        if let AttackTarget::Planeswalker(id) = attack.target {
            let walker = board.planeswalkers[usize::from(id)];
            let to_controller = self.assigned_by(source, Recipient::Player(walker.controller));
            if to_controller > 0 && walker.on_battlefield {
                let from_others: i32 = self
                    .last_assignments
                    .iter()
                    .filter(|a| a.source != source && a.recipient == Recipient::Planeswalker(id))
                    .map(|a| a.amount)
                    .fold(0, i32::saturating_add);
                let needed = walker.loyalty.saturating_sub(from_others).max(0);
                if self.assigned_by(source, Recipient::Planeswalker(id)) < needed {
                    return Err(CombatError::IllegalAssignment {
                        source,
                        fault: AssignmentFault::PlaneswalkerWithoutLoyalty,
                    });
                }
            }
        }
        Ok(())
    }
}

fn mark_struck_first(board: &mut Board, id: CreatureId) {
    if let Some(creature) = board.creatures.get_mut(usize::from(id)) {
        creature.struck_first = creature.on_battlefield && creature.has_first_or_double_strike();
    }
}

/// 702.19e: a creature with trample over planeswalkers whose planeswalker
/// was removed from combat may assign its damage to the defending player.
fn behind_removed_planeswalker(
    board: &Board,
    creature: &crate::board::Creature,
    target: AttackTarget,
) -> Option<Recipient> {
    match target {
        AttackTarget::RemovedPlaneswalker(_) if creature.has(Keyword::TrampleOverPlaneswalkers) => {
            defending_player(board, target).and_then(|player| player_recipient(board, player))
        }
        _ => None,
    }
}

/// The player as a recipient of combat damage, unless they have left the
/// game: then that damage isn't assigned (800.4e).
fn player_recipient(board: &Board, player: PlayerId) -> Option<Recipient> {
    board
        .player(player)
        .filter(|state| !state.has_lost)
        .map(|_| Recipient::Player(player))
}
