"""Hexproof and shroud in target legality (702.11, 702.18): who they stop,
the variants "hexproof from [quality]", players with them, and the checks
as targets are chosen and as spells and abilities resolve (601.2c,
603.3d, 608.2b). The corpus rulings (rulings/targeting) check the rules'
texts."""

from __future__ import annotations

import pytest

from mtgjudge.errors import IllegalCastError
from mtgjudge.model import effects, targets
from mtgjudge.model.setup import build_game


def _game(**battlefield):
    return build_game({"players": ["Alice", "Bob"], "battlefield": battlefield})


def _creature(controller, *keywords, colors=()):
    return {
        "controller": controller,
        "power": 2,
        "toughness": 2,
        "keywords": list(keywords),
        "colors": list(colors),
    }


def test_hexproof_stops_only_opponents():
    game = _game(scout=_creature("Alice", "hexproof"))
    fault, rule, _ = targets.untargetable(game, "scout", "Bob", None)
    assert (fault, rule) == ("target_has_hexproof", "702.11b")
    assert targets.untargetable(game, "scout", "Alice", None) is None


def test_shroud_stops_everyone():
    game = _game(sentinel=_creature("Alice", "shroud"))
    for player in ("Alice", "Bob"):
        assert targets.untargetable(game, "sentinel", player, None)[:2] == (
            "target_has_shroud",
            "702.18a",
        )


def test_hexproof_from_a_color_judges_the_source():
    game = _game(
        knight=_creature("Alice", "hexproof from black"),
        black=_creature("Bob", colors=["black"]),
        red=_creature("Bob", colors=["red"]),
        gold=_creature("Bob", colors=["black", "red"]),
    )
    serial = {ref: game.obj(ref).serial for ref in ("black", "red", "gold")}
    assert targets.untargetable(game, "knight", "Bob", serial["black"])[1] == "702.11d"
    assert targets.untargetable(game, "knight", "Bob", serial["gold"])[1] == "702.11d"
    assert targets.untargetable(game, "knight", "Bob", serial["red"]) is None
    assert targets.untargetable(game, "knight", "Alice", serial["black"]) is None


@pytest.mark.parametrize(
    ("keyword", "colors", "stopped"),
    [
        ("hexproof from monocolored", ["green"], True),
        ("hexproof from monocolored", ["green", "white"], False),
        ("hexproof from multicolored", ["green", "white"], True),
        ("hexproof from multicolored", ["green"], False),
        ("hexproof from each color", ["blue"], True),
        ("hexproof from each color", [], False),
    ],
)
def test_hexproof_from_qualities(keyword, colors, stopped):
    game = _game(knight=_creature("Alice", keyword), source=_creature("Bob", colors=colors))
    why = targets.untargetable(game, "knight", "Bob", game.obj("source").serial)
    assert (why is not None) == stopped


def test_players_have_hexproof_from_a_permanent_while_it_is_there():
    leyline = {
        "controller": "Alice",
        "types": ["enchantment"],
        "players_have": [{"keywords": ["hexproof"]}],
    }
    game = _game(leyline=leyline)
    assert targets.untargetable(game, "Alice", "Bob", None)[1] == "702.11c"
    assert targets.untargetable(game, "Bob", "Alice", None) is None
    game.move(game.obj("leyline"), "graveyard")
    assert targets.untargetable(game, "Alice", "Bob", None) is None


def test_check_targetable_raises_the_fault():
    game = _game(scout=_creature("Alice", "hexproof"))
    with pytest.raises(IllegalCastError) as refused:
        targets.check_targetable(game, "scout", "Bob", None)
    assert refused.value.fault == "target_has_hexproof"


def test_losing_hexproof_loses_its_variants_and_looking_finds_them():
    assert effects.lost_keywords(frozenset({"hexproof"})) >= {"hexproof from black"}
    assert effects.lost_keywords(frozenset({"flying"})) == {"flying"}
    assert "hexproof" in effects.findable_keywords(frozenset({"hexproof from red"}))
    assert "hexproof" not in effects.findable_keywords(frozenset({"shroud"}))
