//! Declaring attackers (508.1) and blockers (509.1).

use super::{Attack, AttackTarget, Block, Combat, CombatError};
use crate::board::{Board, CreatureId, PlayerId};
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
            // 508.1a
            if creature.controller != active_player {
                return Err(illegal(AttackFault::NotControlledByActivePlayer));
            }
            if creature.tapped {
                return Err(illegal(AttackFault::Tapped));
            }
            // 302.6: summoning sickness, unless it has haste (702.10b).
            if creature.summoning_sick && !creature.has(Keyword::Haste) {
                return Err(illegal(AttackFault::SummoningSick));
            }
            // 702.3b
            if creature.has(Keyword::Defender) {
                return Err(illegal(AttackFault::Defender));
            }
            // 508.1b: an opponent, or a planeswalker an opponent controls.
            match target {
                AttackTarget::Player(player) => {
                    check_player(board, player)?;
                    if player == active_player {
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
                    if !walker.on_battlefield || walker.controller == active_player {
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
            if Some(blocker.controller) != defending_player(board, attack.target) {
                return Err(illegal(BlockFault::NotDefending));
            }
            let blocks_so_far = declared[..=index]
                .iter()
                .filter(|other| other.blocker == block.blocker)
                .count();
            if blocks_so_far > usize::from(blocker.block_limit) {
                return Err(illegal(BlockFault::TooManyAttackers));
            }
            // 702.147a
            if blocker.has(Keyword::Decayed) {
                return Err(illegal(BlockFault::Decayed));
            }
            // 702.9b, 702.17b
            if attacker.has(Keyword::Flying)
                && !blocker.has(Keyword::Flying)
                && !blocker.has(Keyword::Reach)
            {
                return Err(illegal(BlockFault::Flying));
            }
            // 702.28b
            if attacker.has(Keyword::Shadow) != blocker.has(Keyword::Shadow) {
                return Err(illegal(BlockFault::Shadow));
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
                .is_some_and(|creature| creature.has(Keyword::Menace));
            if menace && blockers == 1 {
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

fn on_battlefield(board: &Board, id: CreatureId) -> Result<&crate::board::Creature, CombatError> {
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
