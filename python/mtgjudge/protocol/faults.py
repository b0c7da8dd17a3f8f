"""The closed list of faults: why an engine refused an action.

An engine that refuses an action as illegal names the fault from this list,
``CATEGORY:NAME``, and may give the rule it applied. A ruling that expects an
action to be refused names the fault, or only its category when any fault of
that kind will do (``payment``). ``docs/protocol.md`` prints this list.
"""

from __future__ import annotations

#: What each category of fault is about.
CATEGORIES: dict[str, str] = {
    "attack": "declaring attackers (508.1)",
    "block": "declaring blockers (509.1)",
    "assignment": "assigning combat damage (510.1, 702.19)",
    "cast": "casting a spell (601.2, 601.3)",
    "activate": "activating an ability (602.2, 602.5, 606)",
    "land": "playing a land (305)",
    "payment": "paying a spell's total cost (601.2h)",
    "action": "any other action: choices, the stack, the turn",
}

#: Every fault: its rules (the first is the usual one) and what was wrong.
FAULTS: dict[str, tuple[tuple[str, ...], str]] = {
    # 508.1: declaring attackers.
    "attack:not_controlled_by_active_player": (
        ("508.1a",),
        "only the active player's creatures can attack",
    ),
    "attack:tapped": (("508.1a",), "a tapped creature can't attack"),
    "attack:summoning_sick": (
        ("302.6",),
        "a creature that came under its controller's control this turn can't attack",
    ),
    "attack:defender": (("702.3b",), "a creature with defender can't attack"),
    "attack:not_an_opponent": (("508.1b",), "a creature can attack only an opponent"),
    "attack:planeswalker_not_attackable": (
        ("508.1b",),
        "a creature can attack only a planeswalker an opponent controls",
    ),
    "attack:declared_twice": (("508.1a",), "a creature is declared as an attacker only once"),
    "attack:cant_attack": (
        ("508.1c",),
        "an effect says the creature can't attack (or can't attack alone, or unless ...)",
    ),
    "attack:cant_pay": (
        ("508.1j", "508.1h"),
        "the active player can't pay the total cost to attack (no partial payments)",
    ),
    "attack:requirement": (
        ("508.1d", "701.15b"),
        "fewer requirements (attacks if able, goad) are obeyed than could be",
    ),
    # 509.1: declaring blockers.
    "block:tapped": (("509.1a",), "a tapped creature can't block"),
    "block:decayed": (("702.147a",), "a creature with decayed can't block"),
    "block:not_attacking": (("509.1a",), "a creature can block only an attacking creature"),
    "block:not_defending": (
        ("509.1a",),
        "only the defending player's creatures can block, and only creatures attacking "
        "that player or their planeswalkers",
    ),
    "block:flying": (("702.9b",), "a creature with flying can be blocked only by flying or reach"),
    "block:shadow": (("702.28b",), "shadow blocks and is blocked only by shadow"),
    "block:menace": (
        ("702.111b",),
        "a creature with menace can't be blocked except by two or more creatures",
    ),
    "block:too_many_attackers": (
        ("509.1a",),
        "the creature blocks more attackers than it is allowed to",
    ),
    "block:declared_twice": (("509.1a",), "the same block is declared twice"),
    "block:cant_block": (
        ("509.1b",),
        "an effect says the creature can't block (or can't block alone)",
    ),
    "block:cant_be_blocked": (
        ("509.1b",),
        "an effect says the attacker can't be blocked, or not by this creature",
    ),
    "block:landwalk": (
        ("702.14c",),
        "a creature with landwalk can't be blocked while the defending player controls such a land",
    ),
    "block:cant_pay": (
        ("509.1f", "509.1d"),
        "the defending player can't pay the total cost to block (no partial payments)",
    ),
    "block:requirement": (
        ("509.1c",),
        "fewer requirements (blocks if able) are obeyed than could be",
    ),
    # 510.1: assigning combat damage.
    "assignment:not_assigning_in_this_step": (
        ("510.4",),
        "the creature doesn't assign combat damage in this step",
    ),
    "assignment:wrong_total": (
        ("510.1a",),
        "the amounts don't add up to the damage the creature assigns",
    ),
    "assignment:negative_amount": (("510.1a",), "an amount of damage is negative"),
    "assignment:unblocked_recipient": (
        ("510.1b",),
        "an unblocked creature assigns its damage to what it attacks",
    ),
    "assignment:not_a_blocker": (
        ("510.1c",),
        "a blocked creature assigns its damage to the creatures blocking it",
    ),
    "assignment:not_blocked_by_it": (
        ("510.1d",),
        "a blocking creature assigns its damage to the creatures it blocks",
    ),
    "assignment:trample_without_lethal": (
        ("702.19b",),
        "a trampler assigns damage beyond its blockers only after lethal damage to each",
    ),
    "assignment:planeswalker_without_loyalty": (
        ("702.19c",),
        "trample over planeswalkers: damage beyond the planeswalker's loyalty only",
    ),
    "assignment:player_left_game": (
        ("800.4e",),
        "combat damage isn't assigned to a player who has left the game",
    ),
    "assignment:player_behind_planeswalker": (
        ("702.19f",),
        "only trample over planeswalkers assigns damage to the planeswalker's controller",
    ),
    # 601.2, 601.3: casting.
    "cast:not_your_turn": (("307.1", "117.1a"), "it can't be cast on another player's turn now"),
    "cast:not_main_phase": (("307.1", "117.1a"), "it can be cast only in a main phase"),
    "cast:stack_not_empty": (("307.1", "117.1a"), "it can be cast only when the stack is empty"),
    "cast:no_permission": (("601.3",), "no rule or effect allows casting it from there now"),
    "cast:casting_restriction": (("601.3", "601.3a"), "an effect forbids casting it now"),
    "cast:no_priority": (
        ("502.4", "514.3", "500.3"),
        "no player receives priority in this step (the untap step, most cleanup steps)",
    ),
    "cast:timing_restriction": (
        ("506.7", "506.7a", "506.7b", "506.7c", "506.7f", "601.3"),
        "its text lets it be cast only at certain times (before blockers are declared, "
        "during combat, ...)",
    ),
    "cast:already_on_stack": (("601.2a",), "it is already on the stack"),
    "cast:no_single_half": (("709.3",), "a player casts one half of a split card"),
    "cast:no_mode": (("700.2a",), "a modal spell needs a mode that exists"),
    "cast:is_a_land": (("305.9",), "a land is played, never cast"),
    "cast:wrong_number_of_modes": (
        ("700.2a",),
        "the spell needs another number of modes chosen",
    ),
    "cast:same_mode_twice": (("700.2d",), "a mode is chosen more than once"),
    "cast:no_entwine": (("702.42a",), "only a spell with entwine is cast entwined"),
    "cast:no_fuse": (("702.102a",), "only a split card with fuse is cast fused"),
    "cast:fuse_not_from_hand": (("702.102a",), "a split card is cast fused only from a hand"),
    "cast:wrong_number_of_targets": (("601.2c",), "the spell needs another number of targets"),
    "cast:illegal_target": (("601.2c",), "a target doesn't fit the spell's requirements"),
    "cast:target_has_hexproof": (
        ("702.11b", "702.11c", "702.11d"),
        "the target has hexproof (or hexproof from a quality the spell or source has) and an "
        "opponent controls the spell or ability",
    ),
    "cast:target_has_shroud": (
        ("702.18a",),
        "the target has shroud: no spell or ability can target it",
    ),
    "cast:wrong_division": (
        ("601.2d",),
        "a division that doesn't give each target at least one, or doesn't add up",
    ),
    "cast:target_chosen_twice": (
        ("601.2c",),
        "the same object or player is chosen twice for one instance of the word “target”",
    ),
    "cast:no_such_additional_cost": (("601.2b",), "the spell has no such additional cost"),
    "cast:additional_cost_unpaid": (("118.8",), "a mandatory additional cost wasn't chosen"),
    "cast:cant_sacrifice": (("701.21a",), "the permanent can't be sacrificed for that cost"),
    # 602.2, 602.5, 606: activating an ability (its targets and division are
    # refused as a spell's are, 602.2b).
    "activate:not_controller": (
        ("602.2", "602.1b"),
        "only the controller of the object (or the players its text names) can activate "
        "its abilities",
    ),
    "activate:summoning_sick": (
        ("602.5a",),
        "a creature's {T} ability needs it under its controller's control since their turn began",
    ),
    "activate:not_your_turn": (
        ("602.5d", "606.3"),
        "it can be activated only as a sorcery: during its controller's turn",
    ),
    "activate:not_main_phase": (
        ("602.5d", "606.3"),
        "it can be activated only as a sorcery: during a main phase",
    ),
    "activate:stack_not_empty": (
        ("602.5d", "606.3"),
        "it can be activated only as a sorcery: when the stack is empty",
    ),
    "activate:loyalty_already_activated": (
        ("606.3",),
        "a loyalty ability of that permanent was already activated this turn",
    ),
    "activate:prohibited": (("602.5",), "an effect prohibits activating the ability"),
    "activate:no_priority": (
        ("502.4", "514.3", "500.3"),
        "no player receives priority in this step (the untap step, most cleanup steps)",
    ),
    "activate:timing_restriction": (
        ("506.7g", "506.7", "506.7a", "506.7b", "506.7c", "506.7f", "602.5"),
        "its text lets it be activated only at certain times (before attackers are "
        "declared, during your turn, ...)",
    ),
    "activate:once_each_turn": (("602.5b",), "the ability may be activated only once each turn"),
    "activate:not_a_mana_ability": (
        ("601.2g", "605.1a"),
        "while a spell is cast or an ability activated, only mana abilities can be activated",
    ),
    "activate:not_enough_loyalty": (
        ("606.6",),
        "the permanent has fewer loyalty counters than the ability removes",
    ),
    # 305: playing a land.
    "land:not_a_land": (("305.1",), "only a land card can be played as a land"),
    "land:not_your_turn": (("305.3",), "a player plays lands only during their own turn"),
    "land:not_main_phase": (("305.1",), "a land is played only during a main phase"),
    "land:stack_not_empty": (("305.1",), "a land is played only when the stack is empty"),
    "land:no_land_plays_left": (
        ("305.2b", "305.2"),
        "the player has already played as many lands this turn as they may",
    ),
    # 601.2h: paying.
    "payment:unpayable": (("118.6", "601.2h"), "the cost can't be paid at all"),
    "payment:cant_pay": (("601.2h",), "the resources at hand don't pay the total cost"),
    # Everything else.
    "action:not_a_candidate": (
        ("608.2d", "702.82a"),
        "the permanent chosen isn't one the effect (or devour) offers",
    ),
    "action:too_many_chosen": (("608.2d",), "more permanents were chosen than the effect takes"),
    "action:nothing_chosen": (("608.2d",), "the effect needs a choice and none was made"),
    "action:same_power": (("608.2d",), "the permanents chosen must have different powers"),
    "action:not_affected_player": (
        ("616.1",),
        "only the affected player, or the affected object's controller, orders the effects",
    ),
    "action:prevention_choice": (
        ("615.1", "615.7"),
        "a division of prevented damage that doesn't fit the damage being dealt",
    ),
    "action:illegal_mode": (
        ("603.3c",),
        "a mode of a modal triggered ability whose targets can't be chosen legally",
    ),
    "action:both_names": (("709.4a",), "a player chooses one name of a split card"),
    "action:not_in_hand": (("701.9a",), "only a card in a hand can be discarded"),
    "action:not_a_spell": (("707.10",), "only a spell on the stack can be copied"),
    "action:attackers_already_declared": (
        ("508.1",),
        "attackers were already declared in this combat",
    ),
    "action:blockers_already_declared": (
        ("509.1",),
        "blockers were already declared in this combat",
    ),
    "action:no_blockers_step": (
        ("508.8",),
        "no creatures attacked, so there is no declare blockers step",
    ),
    "action:no_damage_step": (
        ("510.4", "508.8"),
        "no combat damage step remains in this combat",
    ),
    "action:not_attacking": (("509.1h",), "only an attacking creature can become blocked"),
    "action:not_unblocked_attacker": (
        ("702.49a", "702.49c"),
        "ninjutsu returns an unblocked attacking creature its controller controls",
    ),
    "action:stack_empty": (("608.1",), "nothing is on the stack to resolve"),
    "action:stack_never_empties": (
        ("117.4",),
        "the stack doesn't empty: objects keep resolving and triggering",
    ),
    "action:turn_ended": (("500.1",), "that step doesn't come again this turn"),
    "action:step_skipped": (
        ("508.8", "614.10"),
        "that step is skipped (this combat, or by an effect that skips it)",
    ),
    "action:game_over": (("104.1", "104.3"), "the game is over"),
}


def category(fault: str) -> str:
    """The category of a fault, or of a category named alone."""
    return fault.partition(":")[0]


def fits(wanted: str, fault: str | None) -> bool:
    """Whether a refusal's fault satisfies the fault a ruling expects, which
    may be a category alone (``payment``: any payment fault)."""
    if fault is None:
        return False
    return fault == wanted if ":" in wanted else category(fault) == wanted
