"""Two-Headed Giant (810) and the shared team turns option (805): the
`teams` setup key, its errors, and what the rulings don't show."""

from __future__ import annotations

import pytest

from helpers import assert_error_names, game_after, load_test_ruling, placeholder_probe
from mtgjudge.errors import IllegalActionError, InvalidInputError, RulingFormatError
from mtgjudge.model.game import Game, Player

HEAD = """\
id = "TEST-2hg"
text = "A test ruling."
rules = ["810.4"]
features = ["two_headed_giant"]
source = { rule = "810.4" }

[setup]
players = %s
teams = %s
active_player = "Alice"

[setup.battlefield.bears]
controller = "Alice"
power = 2
toughness = 2

[setup.battlefield.armodon]
controller = "Andy"
power = 3
toughness = 3

[setup.battlefield.wall]
controller = "Beth"
power = 0
toughness = 4
"""

PLAYERS = '["Alice", "Andy", "Bob", "Beth"]'
TEAMS = '[["Alice", "Andy"], ["Bob", "Beth"]]'


def _game(tmp_path, actions: str = "[]", players: str = PLAYERS, teams: str = TEAMS):
    text = HEAD % (players, teams) + placeholder_probe(actions)
    return game_after(load_test_ruling(tmp_path, text))


def test_a_team_starts_at_thirty_life(tmp_path):
    # 103.4a, 810.4: the team's starting life total is 30, for each player.
    game = _game(tmp_path)
    assert [game.players[p].life for p in ("Alice", "Andy", "Bob", "Beth")] == [30] * 4


def test_three_headed_giant_starts_at_forty_five(tmp_path):
    # 810.11: 15 more for each player beyond the second.
    players = '["Alice", "Andy", "Ann", "Bob", "Beth", "Bill"]'
    teams = '[["Alice", "Andy", "Ann"], ["Bob", "Beth", "Bill"]]'
    game = _game(tmp_path, players=players, teams=teams)
    assert game.players["Ann"].life == 45


def test_every_player_must_be_on_a_team(tmp_path):
    with pytest.raises(RulingFormatError) as raised:
        _game(tmp_path, teams='[["Alice", "Andy"], ["Bob"]]')
    assert_error_names(raised.value, "setup.teams")


def test_teams_are_the_same_size(tmp_path):
    players = '["Alice", "Andy", "Ann", "Bob", "Beth"]'
    with pytest.raises(RulingFormatError) as raised:
        _game(tmp_path, players=players, teams='[["Alice", "Andy", "Ann"], ["Bob", "Beth"]]')
    assert_error_names(raised.value, "setup.teams", "same size")


def test_teammates_give_the_same_life(tmp_path):
    players = '[{ name = "Alice", life = 10 }, "Andy", "Bob", "Beth"]'
    with pytest.raises(RulingFormatError) as raised:
        _game(tmp_path, players=players)
    assert_error_names(raised.value, "setup.teams[0].life", "810.4")


def test_a_team_is_named_by_the_setups_players(tmp_path):
    with pytest.raises(RulingFormatError) as raised:
        _game(tmp_path, teams='[["Alice", "Andy"], ["Bob", "Carol"]]')
    assert_error_names(raised.value, "setup.teams")


def test_the_model_refuses_teammates_with_different_totals():
    game = Game([Player("Alice", 30), Player("Andy", 20)], "Alice")
    with pytest.raises(InvalidInputError, match=r"810\.4"):
        game.form_teams([["Alice", "Andy"]])


def test_life_loss_of_one_player_is_the_teams(tmp_path):
    # 810.9: Bob loses 3 life; the shared total shows it for Beth too.
    game = _game(tmp_path, "[{ lose_life = { Bob = 3 } }]")
    assert (game.players["Bob"].life, game.players["Beth"].life) == (27, 27)


def test_a_teammate_is_no_opponent_to_attack(tmp_path):
    # 508.1b, 102.3: Andy is on Alice's team.
    with pytest.raises(IllegalActionError) as raised:
        _game(tmp_path, '[{ attack = { bears = "Andy" } }]')
    assert raised.value.fault == "not_an_opponent"


def test_the_other_team_blocks_as_one(tmp_path):
    # 805.10d: Beth's Wall blocks the Bears, which attack Bob.
    game = _game(
        tmp_path,
        '[{ attack = { bears = "Bob", armodon = "Beth" } }, { block = { wall = ["bears"] } },'
        " { damage = {} }]",
    )
    assert game.players["Bob"].life == 27
    assert game.obj("wall").damage == 2


def test_the_attacking_team_cant_block(tmp_path):
    with pytest.raises(IllegalActionError) as raised:
        _game(tmp_path, '[{ attack = { bears = "Bob" } }, { block = { armodon = ["bears"] } }]')
    assert raised.value.fault == "not_defending"


def test_each_player_of_the_active_team_untaps_and_draws(tmp_path):
    # 805.4, 805.4b: the team's turn: both untap, both draw.
    text = HEAD % (PLAYERS, TEAMS)
    for owner in ("Alice", "Andy", "Bob", "Beth"):
        text += f'\n[setup.library.{owner.lower()}_card]\nowner = "{owner}"\ntypes = ["land"]\n'
    text += placeholder_probe(
        '[{ tap = ["bears", "armodon"] }, { next_turn = "upkeep" }, { next_turn = "draw" }]'
    )
    game = game_after(load_test_ruling(tmp_path, text))
    # Bob and Beth's turn came between: it is Alice and Andy's again.
    assert game.is_active("Andy")
    assert not game.obj("bears").tapped and not game.obj("armodon").tapped
    assert game.obj("alice_card").zone == "hand" and game.obj("andy_card").zone == "hand"


TEAMMATE_CARDS = """
[setup.hand.andys_sorcery]
owner = "Andy"
types = ["sorcery"]
resolve = [{ deal_damage = { to_players = "opponents", amount = 2 } }]

[setup.hand.andys_land]
owner = "Andy"
types = ["land"]

[setup.battlefield.andys_altar]
controller = "Andy"
types = ["enchantment"]
triggers = [{ event = "beginning_of_your_upkeep", do = [{ gain_life = { Andy = 1 } }], description = "you gain 1 life" }]
"""


def _teammate_game(tmp_path, actions: str):
    text = HEAD % (PLAYERS, TEAMS) + TEAMMATE_CARDS
    for owner in ("Alice", "Andy", "Bob", "Beth"):
        text += f'\n[setup.library.{owner.lower()}_card]\nowner = "{owner}"\ntypes = ["land"]\n'
    return game_after(load_test_ruling(tmp_path, text + placeholder_probe(actions)))


def test_the_teammate_casts_sorceries_and_plays_lands_in_the_teams_turn(tmp_path):
    # 805.4a, 805.4c, 805.5a: it is Andy's team's turn, so his own too. His
    # spell's "each opponent" is Bob and Beth, not his teammate (102.3).
    game = _teammate_game(
        tmp_path,
        '[{ cast = { card = "andys_sorcery", player = "Andy" } }, { resolve = 1 },'
        ' { play_land = { card = "andys_land", player = "Andy" } }]',
    )
    assert game.obj("andys_land").zone == "battlefield"
    # 2 to Bob and 2 to Beth, from the team's 30; Alice and Andy lose none.
    assert [game.players[p].life for p in ("Alice", "Andy", "Bob", "Beth")] == [30, 30, 26, 26]


def test_the_teammates_your_upkeep_ability_triggers(tmp_path):
    # 805.4a: the team's upkeep is Andy's too. Bob and Beth's turn comes
    # first, where it doesn't trigger; then Alice and Andy's, where it does.
    game = _teammate_game(
        tmp_path, '[{ next_turn = "upkeep" }, { next_turn = "upkeep" }, { resolve = 1 }]'
    )
    assert game.players["Andy"].life == 31


def test_a_teammates_extra_turn_is_the_teams(tmp_path):
    # 805.8: Andy's extra turn is taken by his team, after this one.
    game = _teammate_game(tmp_path, '[{ extra_turns = { Andy = 1 } }, { next_turn = "upkeep" }]')
    assert game.is_active("Alice") and game.is_active("Andy")
    assert not game.is_active("Bob")


@pytest.mark.parametrize(
    "teams",
    [
        [],
        [[0, 1, 2, 3]],
        [[0, 1], [2]],
        [[0, 1], [1, 2]],
        [[0, 1], [2, 9]],
        [[0, 1], [2, 3], []],
        [[0, 1]],
    ],
)
def test_the_kernel_refuses_teams_that_arent_two_headed_giants(teams):
    # 810.1, 810.11: equal teams of two or more, every player on one.
    from mtgjudge import _core
    from mtgjudge.reference.combat import Combat as Reference

    for combat in (_core.Combat([30, 30, 30, 30]), Reference([30, 30, 30, 30])):
        with pytest.raises(InvalidInputError):
            combat.set_teams(teams)


def test_the_kernel_refuses_teammates_with_different_life():
    from mtgjudge import _core

    with pytest.raises(InvalidInputError, match=r"810\.4"):
        _core.Combat([30, 20, 30, 30]).set_teams([[0, 1], [2, 3]])
