//! Declaring attackers (508.1) and blockers (509.1).

use super::{Attack, AttackTarget, Block, Combat, CombatError};
use crate::board::{Board, Creature, CreatureId, PlayerId};
use crate::combat::error::{AttackFault, BlockFault};
use crate::keywords::Keyword;

impl Combat {
    /// Declares attackers for `active_player` (508.1). On success each
    /// attacker without vigilance becomes tapped (508.1f, 702.20b). On
    /// failure nothing changes (508.1: the game returns to before the
    /// declaration).
    pub fn declare_attackers(
        &mut self,
        board: &mut Board,
        active_player: PlayerId,
        declared: &[(CreatureId, AttackTarget)],
    ) -> Result<(), CombatError> {
        self.assigned = None;
        if board.is_game_over() {
            return Err(CombatError::GameOver);
        }
        if !self.attacks.is_empty() {
            return Err(CombatError::AlreadyDeclared { what: "attackers" });
        }
        check_player(board, active_player)?;
        for (index, &(attacker, target)) in declared.iter().enumerate() {
            let illegal = |fault| CombatError::IllegalAttack { attacker, fault };
            let creature = on_battlefield(board, attacker)?;
            if declared[..index]
                .iter()
                .any(|(earlier, _)| *earlier == attacker)
            {
                return Err(illegal(AttackFault::DeclaredTwice));
            }
            // 805.10a: in Two-Headed Giant each player on the active team
            // is an attacking player.
            let attacking_player = if board.same_team(creature.controller, active_player) {
                creature.controller
            } else {
                active_player
            };
            if let Some(fault) = attack_fault(creature, attacking_player) {
                return Err(illegal(fault));
            }
            // 508.1b: an opponent, or a planeswalker an opponent controls.
            match target {
                AttackTarget::Player(player) => {
                    check_player(board, player)?;
                    // A player who left the game (104.5) is no opponent.
                    if board.same_team(player, active_player)
                        || board.players[usize::from(player)].has_lost
                    {
                        return Err(illegal(AttackFault::NotAnOpponent));
                    }
                }
                AttackTarget::Planeswalker(planeswalker) => {
                    let walker =
                        board
                            .planeswalker(planeswalker)
                            .ok_or(CombatError::UnknownObject {
                                kind: "planeswalker",
                                index: usize::from(planeswalker),
                            })?;
                    if !walker.on_battlefield || board.same_team(walker.controller, active_player) {
                        return Err(illegal(AttackFault::PlaneswalkerNotAttackable));
                    }
                }
                AttackTarget::RemovedPlaneswalker(_) | AttackTarget::Nothing => {
                    return Err(illegal(AttackFault::NotAnOpponent))
                }
            }
        }
        self.attacked = !declared.is_empty();
        for &(attacker, target) in declared {
            self.attacks.push(Attack {
                attacker,
                target,
                blocked: false,
            });
            let creature = &mut board.creatures[usize::from(attacker)];
            if !creature.has(Keyword::Vigilance) {
                creature.tapped = true;
            }
        }
        Ok(())
    }

    /// Declares blockers (509.1): each entry is one blocker blocking one
    /// attacker; a creature that may block several attackers appears once per
    /// attacker. On success attackers with blockers become blocked (509.1h).
    /// On failure nothing changes.
    pub fn declare_blockers(
        &mut self,
        board: &Board,
        declared: &[Block],
    ) -> Result<(), CombatError> {
        self.assigned = None;
        if board.is_game_over() {
            return Err(CombatError::GameOver);
        }
        if !self.blocks.is_empty() || !self.blocking_nothing.is_empty() {
            return Err(CombatError::AlreadyDeclared { what: "blockers" });
        }
        for (index, block) in declared.iter().enumerate() {
            let illegal = |fault| CombatError::IllegalBlock {
                blocker: block.blocker,
                attacker: block.attacker,
                fault,
            };
            let blocker = on_battlefield(board, block.blocker)?;
            let attacker = on_battlefield(board, block.attacker)?;
            if declared[..index].contains(block) {
                return Err(illegal(BlockFault::DeclaredTwice));
            }
            // 509.1a
            let attack = self
                .attack_of(block.attacker)
                .ok_or_else(|| illegal(BlockFault::NotAttacking))?;
            if blocker.tapped {
                return Err(illegal(BlockFault::Tapped));
            }
            // 805.10d: a defending team's creatures block creatures
            // attacking any of its players or their planeswalkers.
            let defending = defending_player(board, attack.target);
            if !defending.is_some_and(|player| board.same_team(blocker.controller, player)) {
                return Err(illegal(BlockFault::NotDefending));
            }
            let blocks_so_far = declared[..=index]
                .iter()
                .filter(|other| other.blocker == block.blocker)
                .count();
            if blocks_so_far > usize::from(blocker.block_limit) {
                return Err(illegal(BlockFault::TooManyAttackers));
            }
            if let Some(fault) = evasion_fault(blocker, attacker) {
                return Err(illegal(fault));
            }
        }
        // 702.111b: checked over the whole declaration.
        for attack in &self.attacks {
            let blockers = declared
                .iter()
                .filter(|block| block.attacker == attack.attacker)
                .count();
            let menace = board
                .creature(attack.attacker)
                .is_some_and(|creature| menace_fault(creature, blockers));
            if menace {
                let block = declared
                    .iter()
                    .find(|block| block.attacker == attack.attacker)
                    .copied()
                    .unwrap_or(Block {
                        blocker: attack.attacker,
                        attacker: attack.attacker,
                    });
                return Err(CombatError::IllegalBlock {
                    blocker: block.blocker,
                    attacker: block.attacker,
                    fault: BlockFault::Menace,
                });
            }
        }
        self.blocks.extend_from_slice(declared);
        for attack in &mut self.attacks {
            attack.blocked = declared
                .iter()
                .any(|block| block.attacker == attack.attacker);
        }
        Ok(())
    }
}

/// Why the creature can't attack for `active_player`, whatever it attacks
/// (508.1a, 302.6, 702.3b), in the order the kernel checks.
pub const fn attack_fault(creature: &Creature, active_player: PlayerId) -> Option<AttackFault> {
    // One test for the usual case, in which nothing is wrong.
    let sick = creature.summoning_sick & !creature.has(Keyword::Haste);
    let wrong = (creature.controller != active_player)
        | creature.tapped
        | sick
        | creature.has(Keyword::Defender);
    if !wrong {
        None
    } else if creature.controller != active_player {
        // 508.1a
        Some(AttackFault::NotControlledByActivePlayer)
    } else if creature.tapped {
        Some(AttackFault::Tapped)
    } else if sick {
        // 302.6: summoning sickness, unless it has haste (702.10b).
        Some(AttackFault::SummoningSick)
    } else if creature.has(Keyword::Defender) {
        // 702.3b
        Some(AttackFault::Defender)
    } else {
        None
    }
}

/// Why `blocker` can't block `attacker` because of their abilities
/// (702.147a, 702.9b, 702.17b, 702.28b), in the order the kernel checks.
pub const fn evasion_fault(blocker: &Creature, attacker: &Creature) -> Option<BlockFault> {
    // 702.147a
    let decayed = blocker.has(Keyword::Decayed);
    // 702.9b, 702.17b
    let flying = attacker.has(Keyword::Flying)
        & !(blocker.has(Keyword::Flying) | blocker.has(Keyword::Reach));
    // 702.28b
    let shadow = attacker.has(Keyword::Shadow) != blocker.has(Keyword::Shadow);
    if !(decayed | flying | shadow) {
        None
    } else if decayed {
        Some(BlockFault::Decayed)
    } else if flying {
        Some(BlockFault::Flying)
    } else {
        Some(BlockFault::Shadow)
    }
}

/// Whether blocking the attacker with `blockers` creatures breaks menace
/// (702.111b): one blocker is not enough.
pub const fn menace_fault(attacker: &Creature, blockers: usize) -> bool {
    attacker.has(Keyword::Menace) & (blockers == 1)
}

/// The player an attack is against: the attacked player, or the controller
/// of the planeswalker it attacks or attacked (508.5).
pub(crate) fn defending_player(board: &Board, target: AttackTarget) -> Option<PlayerId> {
    match target {
        AttackTarget::Player(player) => Some(player),
        AttackTarget::Planeswalker(planeswalker)
        | AttackTarget::RemovedPlaneswalker(planeswalker) => board
            .planeswalker(planeswalker)
            .map(|walker| walker.controller),
        AttackTarget::Nothing => None,
    }
}

fn check_player(board: &Board, player: PlayerId) -> Result<(), CombatError> {
    board
        .player(player)
        .map(|_| ())
        .ok_or(CombatError::UnknownObject {
            kind: "player",
            index: usize::from(player),
        })
}

fn on_battlefield(board: &Board, id: CreatureId) -> Result<&Creature, CombatError> {
    let creature = board.creature(id).ok_or(CombatError::UnknownObject {
        kind: "creature",
        index: usize::from(id),
    })?;
    if creature.on_battlefield {
        Ok(creature)
    } else {
        Err(CombatError::NotOnBattlefield { creature: id })
    }
}
