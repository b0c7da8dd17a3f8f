"""Devotion (700.5) as an amount: mana symbols of a color among the mana
costs of the permanents a player controls, hybrid ones included."""

from __future__ import annotations

from helpers import game_after, load_test_ruling

RULING = """\
id = "TEST-devotion"
text = "A test ruling."
rules = ["700.5"]
features = ["life_totals"]
source = { rule = "700.5" }

[setup]
players = ["Alice", "Bob"]

[setup.battlefield.a]
controller = "Alice"
types = ["enchantment"]
mana_cost = "{1}{W}{W}"

[setup.battlefield.b]
controller = "Alice"
types = ["artifact"]
mana_cost = "{W/U}{2/W}{U}"

[setup.battlefield.c]
controller = "Bob"
types = ["enchantment"]
mana_cost = "{W}{W}{W}"

[setup.hand.spell]
owner = "Alice"
mana_cost = "{W}"
types = ["instant"]
resolve = [{ gain_life = { Alice = { devotion = "white" } } }]

[[probe]]
id = "p"
actions = [{ cast = { card = "spell" } }, { resolve = 1 }]
expect.life = { Alice = 1 }
"""


def test_devotion_counts_hybrid_symbols_of_permanents_you_control(tmp_path):
    game = game_after(load_test_ruling(tmp_path, RULING))
    # 2 from a, 2 from b's hybrid symbols; Bob's and the spell's don't count.
    assert game.players["Alice"].life == 24
