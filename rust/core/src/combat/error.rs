//! Why a combat action is illegal, each with the rule it breaks.

use std::fmt;

use crate::board::{CreatureId, PlayerId};

/// Why a declaration of attackers is illegal (508.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttackFault {
    NotControlledByActivePlayer,
    Tapped,
    SummoningSick,
    Defender,
    NotAnOpponent,
    PlaneswalkerNotAttackable,
    DeclaredTwice,
}

impl AttackFault {
    /// A stable snake-case name for the fault.
    pub const fn name(self) -> &'static str {
        match self {
            AttackFault::NotControlledByActivePlayer => "not_controlled_by_active_player",
            AttackFault::Tapped => "tapped",
            AttackFault::SummoningSick => "summoning_sick",
            AttackFault::Defender => "defender",
            AttackFault::NotAnOpponent => "not_an_opponent",
            AttackFault::PlaneswalkerNotAttackable => "planeswalker_not_attackable",
            AttackFault::DeclaredTwice => "declared_twice",
        }
    }

    pub const fn rule(self) -> &'static str {
        match self {
            AttackFault::NotControlledByActivePlayer
            | AttackFault::Tapped
            | AttackFault::DeclaredTwice => "508.1a",
            AttackFault::SummoningSick => "302.6",
            AttackFault::Defender => "702.3b",
            AttackFault::NotAnOpponent | AttackFault::PlaneswalkerNotAttackable => "508.1b",
        }
    }

    pub const fn describe(self) -> &'static str {
        match self {
            AttackFault::NotControlledByActivePlayer => {
                "only creatures the active player controls can attack"
            }
            AttackFault::Tapped => "a tapped creature can't attack",
            AttackFault::SummoningSick => {
                "a creature without haste can't attack unless its controller has controlled it continuously since their most recent turn began"
            }
            AttackFault::Defender => "a creature with defender can't attack",
            AttackFault::NotAnOpponent => "a creature can attack only an opponent of its controller",
            AttackFault::PlaneswalkerNotAttackable => {
                "a creature can attack only a planeswalker an opponent controls that is on the battlefield"
            }
            AttackFault::DeclaredTwice => "a creature is declared as an attacker only once",
        }
    }
}

/// Why a declaration of blockers is illegal (509.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockFault {
    Tapped,
    Decayed,
    NotAttacking,
    NotDefending,
    Flying,
    Shadow,
    Menace,
    TooManyAttackers,
    DeclaredTwice,
}

impl BlockFault {
    /// A stable snake-case name for the fault.
    pub const fn name(self) -> &'static str {
        match self {
            BlockFault::Tapped => "tapped",
            BlockFault::Decayed => "decayed",
            BlockFault::NotAttacking => "not_attacking",
            BlockFault::NotDefending => "not_defending",
            BlockFault::Flying => "flying",
            BlockFault::Shadow => "shadow",
            BlockFault::Menace => "menace",
            BlockFault::TooManyAttackers => "too_many_attackers",
            BlockFault::DeclaredTwice => "declared_twice",
        }
    }

    pub const fn rule(self) -> &'static str {
        match self {
            BlockFault::Tapped
            | BlockFault::NotAttacking
            | BlockFault::NotDefending
            | BlockFault::TooManyAttackers
            | BlockFault::DeclaredTwice => "509.1a",
            BlockFault::Decayed => "702.147a",
            BlockFault::Flying => "702.9b",
            BlockFault::Shadow => "702.28b",
            BlockFault::Menace => "702.111b",
        }
    }

    pub const fn describe(self) -> &'static str {
        match self {
            BlockFault::Tapped => "a tapped creature can't block",
            BlockFault::Decayed => "a creature with decayed can't block",
            BlockFault::NotAttacking => "a creature can block only an attacking creature",
            BlockFault::NotDefending => {
                "a creature can block only a creature attacking its controller or a planeswalker its controller controls"
            }
            BlockFault::Flying => {
                "a creature with flying can't be blocked except by creatures with flying and/or reach"
            }
            BlockFault::Shadow => {
                "a creature with shadow can be blocked only by creatures with shadow, and a creature with shadow can block only creatures with shadow"
            }
            BlockFault::Menace => "a creature with menace can't be blocked except by two or more creatures",
            BlockFault::TooManyAttackers => "the creature blocks more attackers than it is allowed to",
            BlockFault::DeclaredTwice => "the same block is declared twice",
        }
    }
}

/// Why a combat damage assignment is illegal (510.1, 702.19).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssignmentFault {
    /// The creature assigns no combat damage in this step (510.4, 510.1a).
    NotAssigningInThisStep,
    /// The amounts don't add up to the creature's power (510.1a).
    WrongTotal {
        assigned: i32,
        power: i32,
    },
    NegativeAmount,
    /// An unblocked creature assigns only to what it attacks (510.1b).
    UnblockedRecipient,
    /// A blocked creature assigns only to its blockers (510.1c).
    NotABlocker,
    /// A blocker assigns only to the creatures it blocks (510.1d).
    NotBlockedByIt,
    /// Trample: every blocker must be assigned lethal damage before any
    /// goes to the player or planeswalker (702.19b).
    TrampleWithoutLethal,
    /// Trample over planeswalkers: the planeswalker needs damage equal to
    /// its loyalty before any goes to its controller (702.19c).
    PlaneswalkerWithoutLoyalty,
    /// A creature attacking a planeswalker without trample over
    /// planeswalkers can't assign damage to the player (702.19f).
    PlayerBehindPlaneswalker,
    /// Combat damage isn't assigned to a player who has left the game
    /// (800.4e).
    PlayerLeftGame,
}

impl AssignmentFault {
    /// A stable snake-case name for the fault.
    pub const fn name(self) -> &'static str {
        match self {
            AssignmentFault::NotAssigningInThisStep => "not_assigning_in_this_step",
            AssignmentFault::WrongTotal { .. } => "wrong_total",
            AssignmentFault::NegativeAmount => "negative_amount",
            AssignmentFault::UnblockedRecipient => "unblocked_recipient",
            AssignmentFault::NotABlocker => "not_a_blocker",
            AssignmentFault::NotBlockedByIt => "not_blocked_by_it",
            AssignmentFault::TrampleWithoutLethal => "trample_without_lethal",
            AssignmentFault::PlaneswalkerWithoutLoyalty => "planeswalker_without_loyalty",
            AssignmentFault::PlayerBehindPlaneswalker => "player_behind_planeswalker",
            AssignmentFault::PlayerLeftGame => "player_left_game",
        }
    }

    pub const fn rule(self) -> &'static str {
        match self {
            AssignmentFault::NotAssigningInThisStep => "510.4",
            AssignmentFault::WrongTotal { .. } | AssignmentFault::NegativeAmount => "510.1a",
            AssignmentFault::UnblockedRecipient => "510.1b",
            AssignmentFault::NotABlocker => "510.1c",
            AssignmentFault::NotBlockedByIt => "510.1d",
            AssignmentFault::TrampleWithoutLethal => "702.19b",
            AssignmentFault::PlaneswalkerWithoutLoyalty => "702.19c",
            AssignmentFault::PlayerBehindPlaneswalker => "702.19f",
            AssignmentFault::PlayerLeftGame => "800.4e",
        }
    }
}

impl fmt::Display for AssignmentFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AssignmentFault::NotAssigningInThisStep => {
                f.write_str("the creature doesn't assign combat damage in this step")
            }
            AssignmentFault::WrongTotal { assigned, power } => write!(
                f,
                "a creature assigns combat damage equal to its power: {assigned} assigned, power {power}"
            ),
            AssignmentFault::NegativeAmount => f.write_str("an amount of damage can't be negative"),
            AssignmentFault::UnblockedRecipient => f.write_str(
                "an unblocked creature assigns its combat damage to what it is attacking",
            ),
            AssignmentFault::NotABlocker => f.write_str(
                "a blocked creature assigns its combat damage to the creatures blocking it",
            ),
            AssignmentFault::NotBlockedByIt => f.write_str(
                "a blocking creature assigns combat damage to the creatures it is blocking",
            ),
            AssignmentFault::TrampleWithoutLethal => f.write_str(
                "damage can trample over only after every blocking creature is assigned lethal damage",
            ),
            AssignmentFault::PlaneswalkerWithoutLoyalty => f.write_str(
                "damage can go to the planeswalker's controller only after the planeswalker is assigned damage equal to its loyalty",
            ),
            AssignmentFault::PlayerBehindPlaneswalker => f.write_str(
                "a creature attacking a planeswalker can assign damage to its controller only with trample over planeswalkers",
            ),
            AssignmentFault::PlayerLeftGame => f.write_str(
                "combat damage isn't assigned to a player who has left the game",
            ),
        }
    }
}

/// An illegal combat action, or input that doesn't describe a combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CombatError {
    /// An index that names no player, creature or planeswalker on the board.
    UnknownObject { kind: &'static str, index: usize },
    /// The creature has left the battlefield.
    NotOnBattlefield { creature: CreatureId },
    IllegalAttack {
        attacker: CreatureId,
        fault: AttackFault,
    },
    IllegalBlock {
        blocker: CreatureId,
        attacker: CreatureId,
        fault: BlockFault,
    },
    IllegalAssignment {
        source: CreatureId,
        fault: AssignmentFault,
    },
    /// Attackers or blockers were already declared this combat.
    AlreadyDeclared { what: &'static str },
    /// No combat damage step remains (510.4, 508.8).
    NoDamageStepLeft,
    /// Damage was to be dealt before any was assigned.
    NothingAssigned,
    /// The game is over: nothing more happens (104.1).
    GameOver,
    /// The player has left the game (104.5, 800.4a).
    NotInGame { player: PlayerId },
    /// A change to damage that isn't assigned, given twice, or negative.
    InvalidDamageChange {
        source: CreatureId,
        reason: &'static str,
    },
}

impl CombatError {
    /// The fault's stable name, if it is a rules fault.
    pub const fn fault_name(&self) -> Option<&'static str> {
        match self {
            CombatError::IllegalAttack { fault, .. } => Some(fault.name()),
            CombatError::IllegalBlock { fault, .. } => Some(fault.name()),
            CombatError::IllegalAssignment { fault, .. } => Some(fault.name()),
            CombatError::NoDamageStepLeft => Some("no_damage_step_left"),
            CombatError::AlreadyDeclared { .. } => Some("already_declared"),
            CombatError::GameOver => Some("game_over"),
            CombatError::UnknownObject { .. }
            | CombatError::NotOnBattlefield { .. }
            | CombatError::NothingAssigned
            | CombatError::NotInGame { .. }
            | CombatError::InvalidDamageChange { .. } => None,
        }
    }

    /// The rule the action breaks, if it is a rules fault rather than bad input.
    pub const fn rule(&self) -> Option<&'static str> {
        match self {
            CombatError::IllegalAttack { fault, .. } => Some(fault.rule()),
            CombatError::IllegalBlock { fault, .. } => Some(fault.rule()),
            CombatError::IllegalAssignment { fault, .. } => Some(fault.rule()),
            CombatError::NoDamageStepLeft => Some("510.4"),
            CombatError::AlreadyDeclared { .. } => Some("508.1"),
            CombatError::GameOver => Some("104.1"),
            CombatError::UnknownObject { .. }
            | CombatError::NotOnBattlefield { .. }
            | CombatError::NothingAssigned
            | CombatError::NotInGame { .. }
            | CombatError::InvalidDamageChange { .. } => None,
        }
    }
}

impl fmt::Display for CombatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CombatError::UnknownObject { kind, index } => write!(f, "no {kind} with index {index}"),
            CombatError::NotOnBattlefield { creature } => {
                write!(f, "creature {creature} is not on the battlefield")
            }
            CombatError::IllegalAttack { attacker, fault } => write!(
                f,
                "illegal attack by creature {attacker}: {} ({})",
                fault.describe(),
                fault.rule()
            ),
            CombatError::IllegalBlock {
                blocker,
                attacker,
                fault,
            } => write!(
                f,
                "illegal block of creature {attacker} by creature {blocker}: {} ({})",
                fault.describe(),
                fault.rule()
            ),
            CombatError::IllegalAssignment { source, fault } => write!(
                f,
                "illegal combat damage assignment by creature {source}: {fault} ({})",
                fault.rule()
            ),
            CombatError::AlreadyDeclared { what } => {
                write!(f, "{what} were already declared in this combat")
            }
            CombatError::NoDamageStepLeft => f.write_str("no combat damage step remains"),
            CombatError::NothingAssigned => {
                f.write_str("no combat damage is assigned: assign it before dealing it")
            }
            CombatError::GameOver => f.write_str("the game is over: nothing more happens"),
            CombatError::NotInGame { player } => {
                write!(f, "player {player} has left the game")
            }
            CombatError::InvalidDamageChange { source, reason } => {
                write!(f, "changed damage from creature {source}: {reason}")
            }
        }
    }
}

impl std::error::Error for CombatError {}
