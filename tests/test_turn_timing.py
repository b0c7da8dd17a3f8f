"""Turn structure and timing: steps with no priority (500.3, 502.4, 514.3),
the draw step's draw (504.1), upkeep and draw step triggers (503.1a,
504.2), and timing restrictions with respect to combat (506.7), on small
made-up boards. The corpus rulings check the rules' texts."""

from __future__ import annotations

import pytest

from helpers import assert_error_names, game_after, load_test_ruling, placeholder_probe
from mtgjudge.errors import IllegalActivationError, IllegalCastError, RulingFormatError
from mtgjudge.model.timing import TimingRestriction, has_priority_now, timing_refusal

HEAD = """\
id = "TEST-turn-timing"
text = "A test ruling."
rules = ["502.4"]
features = ["turn_structure"]
source = { rule = "502.4" }

[setup]
players = ["Alice", "Bob"]
active_player = "Alice"
step = "STEP"

[setup.hand.shock]
owner = "Bob"
types = ["instant"]
resolve = [{ lose_life = { Alice = 2 } }]

[setup.battlefield.pinger]
controller = "Bob"
power = 1
toughness = 1
abilities = [{ cost = "{0}", do = [{ lose_life = { Alice = 1 } }] }]

[setup.library.top]
owner = "Alice"
types = ["land"]

[setup.library.bobs]
owner = "Bob"
types = ["land"]
"""


def _game(tmp_path, actions: str, step: str = "precombat_main", extra: str = ""):
    probe = placeholder_probe(f"[{actions}]")
    text = HEAD.replace("STEP", step) + extra + probe
    return game_after(load_test_ruling(tmp_path, text))


def test_no_spell_in_the_untap_step(tmp_path):
    with pytest.raises(IllegalCastError) as raised:
        _game(tmp_path, '{ cast = { card = "shock", player = "Bob" } }', step="untap")
    assert (raised.value.fault, raised.value.rule) == ("no_priority", "502.4")


def test_no_ability_in_the_untap_step(tmp_path):
    with pytest.raises(IllegalActivationError) as raised:
        _game(tmp_path, '{ activate = { card = "pinger", player = "Bob" } }', step="untap")
    assert (raised.value.fault, raised.value.rule) == ("no_priority", "502.4")


def test_no_spell_in_a_cleanup_step_where_nothing_happens(tmp_path):
    with pytest.raises(IllegalCastError) as raised:
        _game(tmp_path, '{ cast = { card = "shock", player = "Bob" } }', step="cleanup")
    assert (raised.value.fault, raised.value.rule) == ("no_priority", "514.3")


def test_a_cleanup_step_with_a_trigger_gives_priority(tmp_path):
    # 514.3a: with a triggered ability waiting, the active player gets priority.
    game = _game(tmp_path, "", step="cleanup")
    assert not has_priority_now(game)
    game.pending_triggers.append(object())  # type: ignore[arg-type]
    assert has_priority_now(game)


def test_the_upkeep_gives_priority_back(tmp_path):
    game = _game(
        tmp_path, '{ advance = "upkeep" }, { cast = { card = "shock", player = "Bob" } }', "untap"
    )
    assert game.obj("shock").zone == "stack"


def test_the_active_player_draws_as_the_draw_step_begins(tmp_path):
    game = _game(tmp_path, '{ advance = "draw" }', step="upkeep")
    assert game.obj("top").zone == "hand"
    assert game.obj("bobs").zone == "library"
    assert any(entry.rule == "121.1" for entry in game.trace)


def test_a_setup_in_the_draw_step_has_drawn_already(tmp_path):
    game = _game(tmp_path, '{ advance = "precombat_main" }', step="draw")
    assert game.obj("top").zone == "library"


UPKEEP = """
[setup.battlefield.altar]
controller = "Alice"
types = ["artifact"]
triggers = [
  { event = "beginning_of_your_upkeep", do = [{ gain_life = { Alice = 1 } }] },
  { event = "beginning_of_draw_step", do = [{ gain_life = { Alice = 10 } }] },
]
"""


def test_your_upkeep_only_on_your_turn(tmp_path):
    game = _game(tmp_path, '{ next_turn = "upkeep" }', extra=UPKEEP)
    assert game.stack_items() == [] and not game.pending_triggers
    game = _game(
        tmp_path,
        '{ next_turn = "upkeep" }, { next_turn = "upkeep" }, { resolve = 1 }',
        extra=UPKEEP,
    )
    # 10 from Bob's draw step ("each draw step"), 1 from her own upkeep.
    assert game.players["Alice"].life == 31


def test_each_draw_step_after_the_draw(tmp_path):
    game = _game(tmp_path, '{ next_turn = "draw" }, { resolve = 1 }', extra=UPKEEP)
    assert game.players["Alice"].life == 30
    assert game.obj("bobs").zone == "hand"


def _refusal(tmp_path, restriction: TimingRestriction, actions: str, player: str = "Alice"):
    game = _game(tmp_path, actions)
    return timing_refusal(game, player, restriction)


@pytest.mark.parametrize(
    ("restriction", "actions", "rule"),
    [
        (TimingRestriction(before="attackers"), '{ advance = "beginning_of_combat" }', None),
        (TimingRestriction(before="attackers"), '{ advance = "declare_attackers" }', "506.7a"),
        (TimingRestriction(after="attackers"), '{ advance = "declare_attackers" }', None),
        (TimingRestriction(after="attackers"), '{ advance = "beginning_of_combat" }', "506.7a"),
        (TimingRestriction(before="blockers"), "{ attack = {} }", None),
        (
            TimingRestriction(before="blockers"),
            '{ attack = {} }, { advance = "end_of_combat" }',
            "506.7b",
        ),
        (TimingRestriction(during_combat=True), "", "506.7c"),
        (TimingRestriction(during_combat=True), '{ advance = "end_of_combat" }', None),
        (
            TimingRestriction(during_combat=True, after="blockers"),
            '{ attack = {} }, { advance = "end_of_combat" }',
            "506.7f",
        ),
        (TimingRestriction(after="blockers"), '{ advance = "postcombat_main" }', None),
        (TimingRestriction(before="end_of_combat"), '{ advance = "postcombat_main" }', "506.7"),
    ],
)
def test_timing_restrictions(tmp_path, restriction, actions, rule):
    refused = _refusal(tmp_path, restriction, actions)
    assert (refused[0] if refused else None) == rule


def test_your_turn_only(tmp_path):
    restriction = TimingRestriction(your_turn=True)
    assert _refusal(tmp_path, restriction, "", player="Alice") is None
    assert _refusal(tmp_path, restriction, "", player="Bob") == (
        "601.3",
        "only during its controller's turn",
    )


def test_a_bad_point_names_its_key(tmp_path):
    extra = """
[setup.hand.trick]
owner = "Alice"
types = ["instant"]
cast_only = { before = "lunch" }
"""
    with pytest.raises(RulingFormatError) as raised:
        _game(tmp_path, "", extra=extra)
    assert_error_names(raised.value, "setup.hand.trick.cast_only.before", "attackers")


def test_a_bad_ability_restriction_names_its_key(tmp_path):
    extra = """
[setup.battlefield.sentry]
controller = "Alice"
power = 1
toughness = 1
abilities = [{ cost = "{0}", activate_only = { during = "combat" }, do = [] }]
"""
    with pytest.raises(RulingFormatError) as raised:
        _game(tmp_path, "", extra=extra)
    assert_error_names(raised.value, "abilities[0].activate_only")


PROHIBITS = """
[setup.battlefield.ban]
controller = "Bob"
types = ["enchantment"]
prohibits = [
  { players = "opponents", during_your_turn = true, cast = { types = ["instant"] } },
  { players = "you", activate = { types = ["creature"] } },
]

[setup.hand.trick]
owner = "Alice"
types = ["instant"]
"""


def test_a_prohibition_during_its_controllers_turn(tmp_path):
    # 601.3: Alice, Bob's opponent, can't cast an instant in his turn ...
    with pytest.raises(IllegalCastError) as raised:
        _game(tmp_path, '{ next_turn = "upkeep" }, { cast = { card = "trick" } }', extra=PROHIBITS)
    assert (raised.value.fault, raised.value.rule) == ("casting_restriction", "601.3")
    # ... but she can in her own.
    game = _game(tmp_path, '{ cast = { card = "trick" } }', extra=PROHIBITS)
    assert game.obj("trick").zone == "stack"


def test_a_prohibition_on_its_controller_only(tmp_path):
    # 602.5: Bob can't activate his creature's ability; the players = "you"
    # prohibition doesn't bind Alice (the pinger is Bob's: nobody else may).
    with pytest.raises(IllegalActivationError) as raised:
        _game(tmp_path, '{ activate = { card = "pinger", player = "Bob" } }', extra=PROHIBITS)
    assert (raised.value.fault, raised.value.rule) == ("prohibited", "602.5")


def test_a_bad_prohibition_names_its_key(tmp_path):
    extra = """
[setup.battlefield.ban]
controller = "Bob"
types = ["enchantment"]
prohibits = [{ players = "everyone" }]
"""
    with pytest.raises(RulingFormatError) as raised:
        _game(tmp_path, "", extra=extra)
    assert_error_names(raised.value, "setup.battlefield.ban.prohibits[0].players")


ONCE = """
[setup.battlefield.scout]
controller = "Alice"
power = 1
toughness = 1
triggers = [{ event = "you_gain_life", once_each_turn = true, do = [{ may = { name = "grow", do = [{ counters = { scout = { "+1/+1" = 1 } } }] } }] }]
"""


def test_once_each_turn_a_declined_may_isnt_done(tmp_path):
    # 603.2h: declining "you may" isn't taking the action, so it triggers again.
    game = _game(
        tmp_path,
        "{ gain_life = { Alice = 1 } }, { resolve = 1 }, { gain_life = { Alice = 1 } }, "
        "{ choose_on_resolution = { scout = { grow = true } } }, { resolve = 1 }, "
        "{ gain_life = { Alice = 1 } }",
        extra=ONCE,
    )
    assert len(game.history.triggers) == 2
    assert game.obj("scout").counters["+1/+1"] == 1


def test_until_your_next_upkeep_is_the_controllers(tmp_path):
    # 500.4: it expires in the upkeep of its controller's (`you`'s) turn only.
    pump = (
        '{ effect = { to = ["pinger"], you = "%s", pump = "+2/+2", until = "your_next_upkeep" } }'
    )
    game = _game(tmp_path, pump % "Bob" + ', { next_turn = "upkeep" }')
    assert game.characteristics(game.obj("pinger")).power == 1
    game = _game(tmp_path, pump % "Alice" + ', { next_turn = "upkeep" }')
    assert game.characteristics(game.obj("pinger")).power == 3


def test_a_skipped_draw_step_draws_nothing_and_is_used_up(tmp_path):
    # 614.10, 614.10a: one skip, one occurrence.
    game = _game(
        tmp_path,
        '{ skip = { player = "Alice", step = "draw" } }, { next_turn = "precombat_main" }, '
        '{ next_turn = "precombat_main" }',
    )
    assert game.obj("top").zone == "library"
    assert game.skips == []
    assert any(entry.rule == "614.10" for entry in game.trace)


def test_a_skip_names_its_step(tmp_path):
    with pytest.raises(RulingFormatError) as raised:
        _game(tmp_path, '{ skip = { player = "Alice", step = "combat" } }')
    assert_error_names(raised.value, "skip.step", "untap")


def test_the_second_main_phase_counts_this_turns_main_phases(tmp_path):
    # 505.1b: an additional main phase after the first is the second.
    extra = """
[setup.battlefield.idol]
controller = "Alice"
types = ["artifact"]
triggers = [{ event = "beginning_of_your_second_main_phase", do = [{ gain_life = { Alice = 5 } }] }]
"""
    game = _game(
        tmp_path,
        '{ add_phases = { after = "this_main_phase", phases = ["combat", "main"] } }, '
        '{ advance = "end" }',
        extra=extra,
    )
    assert game.players["Alice"].life == 25


def test_who_may_activate(tmp_path):
    # 602.1b: "any player may activate this ability"; the activator controls it.
    extra = """
[setup.battlefield.gate]
controller = "Bob"
power = 1
toughness = 1
abilities = [{ cost = "{0}", activators = "any", do = [{ gain_life = { Bob = 1 } }] }]
"""
    game = _game(tmp_path, '{ activate = { card = "gate", player = "Alice" } }', extra=extra)
    (item,) = game.stack_items()
    assert item.controller == "Alice"
    with pytest.raises(IllegalActivationError) as raised:
        _game(tmp_path, '{ activate = { card = "pinger", player = "Alice" } }', extra=extra)
    assert (raised.value.fault, raised.value.rule) == ("not_controller", "602.2")


def test_extra_turns_keep_the_normal_order(tmp_path):
    # 500.7: Bob's extra turn after Alice's, then his normal turn, then Alice's.
    game = _game(
        tmp_path,
        '{ extra_turns = { Bob = 1 } }, { next_turn = "upkeep" }, { next_turn = "upkeep" }',
    )
    assert game.turn.active_player == "Bob"
    assert game.extra_turns == []
    assert game.normal_turn_player == "Bob"


def test_added_steps_come_directly_after_this_step(tmp_path):
    # 500.9: the steps of one effect in order, a later effect's before them.
    game = _game(
        tmp_path,
        '{ add_steps = { steps = ["upkeep", "draw"] } }, { add_steps = { steps = ["untap"] } }',
        step="upkeep",
    )
    assert game.turn.phase.step_names() == ("untap", "upkeep", "untap", "upkeep", "draw", "draw")


def test_a_step_of_another_phase_is_refused(tmp_path):
    from mtgjudge.errors import InvalidInputError

    with pytest.raises(InvalidInputError):
        _game(tmp_path, '{ add_steps = { steps = ["upkeep"] } }', step="end")


def test_a_step_after_a_phase_gets_a_phase_of_its_own(tmp_path):
    # 500.10: a combat damage step can't be added after a phase alone with
    # an upkeep: the steps must be of one phase.
    from mtgjudge.errors import InvalidInputError

    game = _game(tmp_path, '{ add_steps = { after = "this_phase", steps = ["upkeep"] } }')
    added = game.turn.phases[game.turn.phase_index + 1]
    assert (added.kind, added.additional, added.step_names()) == ("beginning", True, ("upkeep",))
    with pytest.raises(InvalidInputError):
        _game(
            tmp_path,
            '{ add_steps = { after = "this_phase", steps = ["upkeep", "combat_damage"] } }',
        )
