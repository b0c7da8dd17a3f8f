"""The words of the protocol: the names an engine and the harness share.

The ruling format writes setups, actions and expectations in these words,
and the game model implements them; neither imports the other. An engine in
another language reads the same lists in ``docs/protocol.md``.
"""

from __future__ import annotations

from collections.abc import Iterable

#: The protocol's version. A change that an engine could notice (a message's
#: shape, the meaning of a word) bumps it.
PROTOCOL_VERSION = 1

# ----- the turn and the zones -----

#: Every name a position in the turn can have (500.1, 501.1, 506.1, 512.1).
POSITIONS: tuple[str, ...] = (
    "untap",
    "upkeep",
    "draw",
    "precombat_main",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "combat_damage",
    "end_of_combat",
    "postcombat_main",
    "end",
    "cleanup",
)
#: The combat damage steps (510.4).
DAMAGE_STEPS = ("first_strike", "regular")
#: Steps as observed: a first-strike combat damage step is
#: ``first_strike_damage`` (510.4).
STEP_NAMES = (*POSITIONS, "first_strike_damage")
ZONES = ("battlefield", "graveyard", "exile", "hand", "library", "stack", "command")
#: The zones a setup may put objects in; the command zone holds emblems (114).
SETUP_ZONES = ("battlefield", "hand", "graveyard", "library", "exile", "command")
COLORS = ("white", "blue", "black", "red", "green")
CARD_TYPES = (
    "artifact",
    "battle",
    "creature",
    "enchantment",
    "instant",
    "kindred",
    "land",
    "planeswalker",
    "sorcery",
)

# ----- triggered abilities -----

#: The trigger events (603.1), with the rule each follows and what "that
#: creature" (``that_creature``) and "that much" (``that_much``) are in the
#: ability's actions.
EVENTS: dict[str, str] = {
    "attacks": "this creature is declared as an attacker (508.3a); that creature: it",
    "a_creature_attacks": "a creature that fits `filter` is declared as an attacker (508.3a), "
    "once for each; that creature: the attacker",
    "a_creature_attacks_alone": "a creature that fits `filter` is the only creature declared "
    "as an attacker in the declare attackers step (506.5, 702.83b); that creature: it",
    "you_attack": "you declare one or more creatures as attackers (508.3d), once for the "
    "declaration",
    "you_are_attacked": "one or more creatures are declared as attackers attacking you (not "
    "a planeswalker you control), once for the declaration (508.3b); not for a creature put "
    "onto the battlefield attacking",
    "you_attack_a_player": "one or more creatures you control are declared as attackers "
    "attacking a player (not a planeswalker or battle), once for each such player (508.3e)",
    "a_creature_attacks_you": "a creature is declared as an attacker attacking you or a "
    "planeswalker you control (508.3a), once for each; that creature: the attacker",
    "becomes_blocked": "this creature becomes blocked, once each combat (509.3c)",
    "attacks_and_isnt_blocked": "no creature is declared as a blocker for this attacking "
    "creature, in the declare blockers step (508.3f, 509.3g), even if it entered attacking; "
    "that creature: it",
    "a_creature_attacks_and_isnt_blocked": "no creature is declared as a blocker for an "
    "attacking creature that fits `filter` (508.3f, 509.3g), once for each; that creature: "
    "the attacker",
    "becomes_blocked_by_creatures": "this creature is blocked by `at_least` or more creatures "
    "when blockers are declared, or a blocker put onto the battlefield brings it to that many "
    "(509.3e)",
    "blocks_creatures": "this creature blocks `at_least` or more creatures when blockers are "
    "declared (509.3e)",
    "blocks_or_becomes_blocked_by": "this creature blocks, or becomes blocked by, a creature "
    "that fits `filter` as blockers are declared (509.3b, 509.3d, 509.3f); that creature: "
    "the other creature",
    "deals_damage": "this creature deals damage, once for each recipient of the kind `to` "
    "(once for all its damage of one event without `to`) (603.2c, 120.3); that creature: "
    "the creature dealt damage; that much: the damage",
    "attached_creature_deals_damage": "the creature this permanent is attached to (its "
    "enchanted or equipped creature, 301.5a, 303.4b) deals damage, as `deals_damage`; that "
    "creature: the creature dealt damage; that much: the damage",
    "a_creature_deals_damage": "a creature that fits `filter` deals damage: without `to`, once "
    "for each creature in each event, whatever it was dealt to (603.2c, 510.2), that much: "
    "all its damage; with `to`, once for each recipient of that kind, that much: the damage "
    "to it; that creature: the creature that dealt it",
    "creatures_deal_combat_damage_to_a_player": "one or more creatures that fit `filter` deal "
    "combat damage to a player, once for each player in each combat damage step (510.2); "
    "that much: all that damage",
    "a_source_deals_damage_to_you": "a source that fits `filter` deals damage to you, once "
    "for each source in each event (120.3); that much: the damage",
    "creatures_deal_combat_damage_to_opponents": "one or more creatures that fit `filter` "
    "deal combat damage to one or more of your opponents, once for each combat damage event "
    "(510.2); that much: the number of opponents dealt that damage",
    "a_creature_is_dealt_damage": "a creature that fits `filter` is dealt damage, once for "
    "each source in each event (120.3); that creature: it; that much: the damage",
    "a_mana_ability_is_activated": "a player activates a mana ability of a permanent that "
    "fits `filter` (605.1a); an ability that triggers on it, has no target and could add mana "
    "is a triggered mana ability and resolves at once, after that mana ability (605.1b, "
    "605.4a); otherwise it uses the stack (605.5a); that creature: that permanent",
    "damage_is_prevented": "a prevention effect prevents some or all of the damage that "
    "would be dealt to a recipient of the kind `to` (any without it), once each time it is "
    "applied to one or more simultaneous damage events (615.13); that much: the damage it "
    "prevented to them",
    "you_gain_life": "you gain life, once for each life-gain event (119.9, 702.15e); that "
    "much: the life gained",
    "an_opponent_gains_life": "an opponent gains life, once for each life-gain event "
    "(119.9, 702.15e); that much: the life gained",
    "dies": "this permanent is put into a graveyard from the battlefield (700.4); it looks "
    "back in time (603.10a)",
    "a_creature_dies": "a creature that fits `filter` dies (700.4), judged as it last "
    "existed on the battlefield (603.10a); that creature: the card in the graveyard (603.6c)",
    "leaves_the_battlefield": "this permanent moves from the battlefield to another zone "
    "(603.6c): dies, is exiled, returns to a hand ...; it looks back in time (603.10a); that "
    "creature: the card in the zone it went to",
    "a_creature_leaves_the_battlefield": "a creature that fits `filter` moves from the "
    "battlefield to another zone (603.6c), judged as it last existed on the battlefield "
    "(603.10a); that creature: the card in the zone it went to",
    "attached_permanent_leaves_the_battlefield": "the permanent this Aura or Equipment is "
    "attached to leaves the battlefield (603.6c, 603.6e), looked back at (603.10a); that "
    "creature: the card in the zone it went to; the Aura itself is found in its owner's "
    "graveyard",
    "becomes_unattached": "this Equipment (or other attachment that stays on the "
    "battlefield) becomes unattached as the permanent it was attached to leaves the "
    "battlefield (704.5n); it looks back in time (603.10c)",
    "a_permanent_becomes_unattached_from_this": "an Equipment that fits `filter` becomes "
    "unattached from this permanent as it leaves the battlefield (704.5n); it looks back in "
    "time (603.10c), to this permanent's abilities immediately before; that creature: the "
    "Equipment",
    "you_lose_control": "another player gains control of this permanent (`gain_control`), "
    "so its controller loses control of it; it looks back in time (603.10d): its controller "
    "is the player who lost control",
    "enters": "this permanent enters the battlefield (603.6a)",
    "a_creature_enters": "a creature that fits `filter` enters the battlefield, once for each "
    "(603.6a); that creature: it",
    "beginning_of_upkeep": "the upkeep step of each turn begins (603.2b, 503.1a)",
    "beginning_of_your_upkeep": "the upkeep step of your turn begins (603.2b, 503.1a)",
    "beginning_of_draw_step": "the draw step of each turn begins, after its draw (603.2b, 504.2)",
    "beginning_of_your_draw_step": "the draw step of your turn begins, after its draw "
    "(603.2b, 504.2)",
    "beginning_of_your_first_main_phase": "the first main phase of your turn begins (505.1b: "
    "counting this turn's main phases; it is the precombat main phase, 505.1a)",
    "beginning_of_your_second_main_phase": "the second main phase of your turn begins, an "
    "additional main phase included (505.1b)",
    "beginning_of_combat": "the beginning of combat step of each combat begins (603.2b, 507.2)",
    "beginning_of_combat_on_your_turn": "the beginning of combat step of a combat on your "
    "turn begins (603.2b, 507.2)",
    "end_of_combat": "“at end of combat”: the end of combat step of each combat begins "
    "(511.2, 603.2b)",
    "beginning_of_end_step": "the end step of each turn begins (603.2b, 513.1)",
    "you_scry": "you scry, once for each scry event, after it is complete (701.22d); scry 0 "
    "is no scry event (701.22b)",
    "beginning_of_your_end_step": "the end step of your turn begins (603.2b, 513.1)",
}

#: The events of declaring attackers (508.3).
ATTACK_EVENTS = (
    "you_attack",
    "you_are_attacked",
    "you_attack_a_player",
    "attacks",
    "a_creature_attacks",
    "a_creature_attacks_alone",
    "a_creature_attacks_you",
)
#: The events that take a `filter` on the object they are about.
TAKES_FILTER = frozenset(
    {
        "a_creature_attacks",
        "a_creature_attacks_alone",
        "a_creature_attacks_you",
        "a_creature_attacks_and_isnt_blocked",
        "blocks_or_becomes_blocked_by",
        "a_creature_deals_damage",
        "creatures_deal_combat_damage_to_a_player",
        "a_source_deals_damage_to_you",
        "a_creature_is_dealt_damage",
        "creatures_deal_combat_damage_to_opponents",
        "a_creature_dies",
        "a_creature_leaves_the_battlefield",
        "a_permanent_becomes_unattached_from_this",
        "a_creature_enters",
        "a_mana_ability_is_activated",
    }
)
#: The damage events: they may be narrowed to combat damage, and the first
#: two to a kind of recipient (`to`).
DAMAGE_EVENTS = frozenset(
    {
        "deals_damage",
        "attached_creature_deals_damage",
        "a_creature_deals_damage",
        "creatures_deal_combat_damage_to_a_player",
        "a_source_deals_damage_to_you",
        "a_creature_is_dealt_damage",
        "creatures_deal_combat_damage_to_opponents",
    }
)
TAKES_RECIPIENT = frozenset(
    {
        "deals_damage",
        "attached_creature_deals_damage",
        "a_creature_deals_damage",
        "damage_is_prevented",
    }
)
#: The events about damage a particular creature deals: "that creature" is
#: the creature dealt damage, with `to = "creature"`.
OWN_DAMAGE_EVENTS = frozenset({"deals_damage", "attached_creature_deals_damage"})
LIFE_EVENTS = frozenset({"you_gain_life", "an_opponent_gains_life"})
#: The events with a "that creature" (for `deals_damage`, only with `to = "creature"`).
HAS_THAT_CREATURE = frozenset(
    {
        "attacks",
        "a_creature_attacks",
        "a_creature_attacks_alone",
        "a_creature_attacks_you",
        "attacks_and_isnt_blocked",
        "a_creature_attacks_and_isnt_blocked",
        "blocks_or_becomes_blocked_by",
        "deals_damage",
        "attached_creature_deals_damage",
        "a_creature_deals_damage",
        "dies",
        "a_creature_dies",
        "leaves_the_battlefield",
        "a_creature_leaves_the_battlefield",
        "attached_permanent_leaves_the_battlefield",
        "a_permanent_becomes_unattached_from_this",
        "a_creature_enters",
        "a_creature_is_dealt_damage",
    }
)
#: The events with a "that much".
HAS_THAT_MUCH = DAMAGE_EVENTS | LIFE_EVENTS | {"damage_is_prevented"}

#: Kinds of recipient a damage event may be narrowed to.
RECIPIENTS = (
    "player",
    "opponent",
    "you",
    "creature",
    "planeswalker",
    "you_or_a_permanent_you_control",
)

#: Placeholders a triggered ability's actions may use.
THAT_CREATURE = "that_creature"
THAT_MUCH = "that_much"
#: In an ability with a "that creature": its power and toughness as the
#: event saw it (as it last existed, for one that died: 603.10a).
THAT_POWER = "that_power"
THAT_TOUGHNESS = "that_toughness"
#: In an ability a static ability grants: the object that has it ("this creature").
THIS_OBJECT = "this_object"
#: In an activated ability whose cost sacrifices a permanent: that
#: permanent's power as it last existed on the battlefield (608.2h).
SACRIFICED_POWER = "sacrificed_power"
#: In an activated ability whose cost removes all counters of a kind from
#: its permanent: how many its cost removed ("where X is the number of
#: counters removed this way").
COUNTERS_REMOVED = "counters_removed"
#: Those words, each with the cost key of an activated ability that gives it.
COST_WORDS = {SACRIFICED_POWER: "sacrifice_as_cost", COUNTERS_REMOVED: "remove_all_counters"}
#: In a triggered ability of an Aura or Equipment: the permanent it is
#: attached to ("enchanted creature"), or, once it has left the
#: battlefield, the one it was last attached to (608.2h, 113.7a).
ATTACHED_CREATURE = "attached_creature"
#: In the actions of a `choose`: the permanents chosen.
CHOSEN = "chosen"
#: How many permanents a `choose` takes (608.2d).
CHOOSE_COUNTS = ("one", "up_to_one", "any_number")


#: The events a delayed triggered ability (603.7) may have.
DELAYED_EVENTS = (
    "a_creature_enters",
    "becomes_blocked",
    "a_creature_is_dealt_damage",
    "creatures_deal_combat_damage_to_a_player",
    "a_creature_deals_damage",
    "dies",
    "beginning_of_end_step",
    "beginning_of_your_end_step",
)

# ----- observations -----

#: Each observation kind, with the shape of its query in a probe's
#: ``observe``: ``players``, a list of player names; ``objects``, a list of
#: object names; ``object_keys``, a table of object names to lists of keys
#: (counter names, or the parts of a payment); ``entries``, a list of
#: ``{player, zone, types}``; ``game``, ``true``: the whole game.
OBSERVATIONS: dict[str, str] = {
    "life": "players",
    "lost": "game",
    "game_over": "game",
    "winner": "game",
    "damage": "objects",
    "dealt": "game",
    "dealt_by": "objects",
    "life_gained": "game",
    "zone": "objects",
    "died": "game",
    "damage_steps": "game",
    "steps": "game",
    "keywords": "objects",
    "prevented": "game",
    "affinity": "objects",
    "power_toughness": "objects",
    "tapped": "objects",
    "attacking": "game",
    "blocking": "game",
    "loyalty": "objects",
    "controller": "objects",
    "party": "players",
    "mana_value": "objects",
    "names": "objects",
    "types": "objects",
    "subtypes": "objects",
    "colors": "objects",
    "same_object": "objects",
    "attached_to": "objects",
    "counters": "object_keys",
    "stack": "game",
    "triggered": "objects",
    "total_cost": "objects",
    "paid": "object_keys",
    "mana_pool": "players",
    "stack_names": "game",
    "card_count": "entries",
    "found": "game",
    "discarded": "players",
    "chosen_names": "game",
    "has_chosen_name": "objects",
    "turn": "game",
    "active_player": "game",
    "regenerated": "game",
    "regeneration_shields": "objects",
    "day_night": "game",
    "poison": "players",
}

# ----- setups and actions -----

#: The keys of a setup.
SETUP_KEYS = (
    "players",
    "teams",
    "active_player",
    "step",
    "day_night",
    *SETUP_ZONES,
)


def starting_life(setup: dict, player: str) -> int:
    """A player's life total when the setup gives none: 20 (103.4), or in
    Two-Headed Giant the team's 30 (103.4a, 810.4), 15 more for each player of the
    team beyond the second (810.11)."""
    for team in setup.get("teams", ()):
        if player in team:
            return 30 + 15 * max(len(team) - 2, 0)
    return 20


def seating_problem(players: Iterable[str], teams: list[list[str]]) -> str | None:
    """What is wrong with a Two-Headed Giant seating, or None: every
    player on exactly one team (810.1), the teams of the same size (810.1,
    810.11)."""
    if sorted(name for team in teams for name in team) != sorted(players):
        return "expected every player of the setup on exactly one team (810.1)"
    if len({len(team) for team in teams}) > 1:
        return "expected teams of the same size (810.1, 810.11)"
    return None


#: The keys of a player's entry in a setup, besides ``name``.
PLAYER_KEYS = ("life", "mana", "dungeons_completed", "poison")
#: The keys of an object in a setup: its characteristics, its status, and
#: its abilities.
OBJECT_KEYS = (
    "name",
    "controller",
    "owner",
    "types",
    "subtypes",
    "supertypes",
    "colors",
    "mana_cost",
    "power",
    "toughness",
    "loyalty",
    "keywords",
    "affinity",
    "counters",
    "damage",
    "tapped",
    "summoning_sick",
    "token",
    "attached_to",
    "block_limit",
    "regeneration_shields",
    "statics",
    "permissions",
    "cost_modifiers",
    "prevents",
    "unpreventable",
    "modifies_damage",
    "redirects",
    "life_rules",
    "replaces_life_gain",
    "counter_rules",
    "max_counters",
    "mana_for_counters",
    "spells_you_cast_have",
    "power_is",
    "cast_only_if",
    "cast_only",
    "prohibits",
    "costs_less_for_each",
    "flash_if",
    "flash_for_extra_cost",
    "ninjutsu",
    "devour",
    "devour_quality",
    "resolve",
    "faces",
    "modes",
    "choose_modes",
    "entwine",
    "divides",
    "kicker",
    "if_kicked",
    "replaces_draw",
    "enters",
    "others_enter",
    "cant_enter",
    "as_enters_choose",
    "sacrifice_as_cost",
    "targeting",
    "triggers",
    "abilities",
    "emblem",
    "additional_land_plays",
    "instead_of_graveyard",
    "players_have",
    "back_face",
    "transformed",
    "devoured",
)
#: An object's characteristics and status: what it is, compared as written.
OBJECT_STATE_KEYS = frozenset(
    {
        "name",
        "controller",
        "owner",
        "types",
        "subtypes",
        "supertypes",
        "colors",
        "mana_cost",
        "power",
        "toughness",
        "loyalty",
        "keywords",
        "counters",
        "damage",
        "tapped",
        "summoning_sick",
        "token",
        "block_limit",
        "regeneration_shields",
        "back_face",
        "transformed",
        "devoured",
    }
)

#: What a handshake's ``setup`` may list: a setup key, ``player.KEY`` or
#: ``object.KEY``.
SETUP_FEATURES = (
    *SETUP_KEYS,
    *(f"player.{key}" for key in PLAYER_KEYS),
    *(f"object.{key}" for key in OBJECT_KEYS),
)

#: Actions that change the game's state directly; a spell or ability does
#: these as it resolves, and a probe may take them too.
STATE_ACTIONS = (
    "grant",
    "lose",
    "pump",
    "set_base",
    "switch",
    "counters",
    "counter_rules",
    "remove_from_combat",
    "become_blocked",
    "destroy",
    "sacrifice",
    "regenerate",
    "move",
    "deal_damage",
    "effect",
    "gain_control",
    "add_mana",
    "attach",
    "tap",
    "transform",
    "untap",
    "untap_all",
    "add_phases",
    "skip",
    "add_steps",
    "extra_turns",
    "choose_name",
    "discard",
    "search",
    "gain_life",
    "lose_life",
    "controller_loses_life",
    "set_life",
    "double_life",
    "life_rules",
    "fight",
    "draw",
    "exile_until_source_leaves",
    "remove_counters",
    "create_token",
    "each_player_sacrifices",
    "put_onto_battlefield",
    "restrict",
    "goad",
    "move_cards",
    "mill",
    "scry",
    "create_emblem",
)
#: Every action a probe may take.
ACTIONS = (
    "attack",
    "block",
    "damage",
    "advance",
    "next_turn",
    *STATE_ACTIONS,
    "cast",
    "activate",
    "play_land",
    "resolve",
    "copy_spell",
    "choose_on_resolution",
    "choose_prevention",
    "ninjutsu",
    "order_replacements",
    "keep_legend",
    "trigger_mode",
)
