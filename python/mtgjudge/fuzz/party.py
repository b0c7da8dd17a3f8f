"""Fuzz targets for party size (700.8): the engine against the reference's
brute force, and the invariants: between 0 and 4, never fewer when a
creature is added, and the same in any order."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from hypothesis import strategies as st

from mtgjudge.format.writer import ruling_toml
from mtgjudge.fuzz.runner import Falsified, Target
from mtgjudge.reference.party import party_size as reference_party_size
from mtgjudge.testing import strategies as mst


def engine_party_size(engine: Any, creatures: list[list[str]]) -> int:
    return engine.party_size([engine.party_types(sorted(types)) for types in creatures])


def check_differential(creatures: list[list[str]], engine: Any) -> None:
    mine, reference = engine_party_size(engine, creatures), reference_party_size(creatures)
    if mine != reference:
        raise Falsified(f"party of {creatures}: engine {mine}, reference {reference}")


@st.composite
def growing_parties(draw: st.DrawFn) -> dict[str, Any]:
    creatures = draw(mst.party_creatures())
    return {
        "creatures": creatures,
        "added": sorted(
            draw(
                st.lists(
                    st.sampled_from((*mst.PARTY_TYPES, "Human")),
                    min_size=1,
                    max_size=3,
                    unique=True,
                )
            )
        ),
        "order": draw(st.permutations(list(range(len(creatures))))),
    }


def check_invariants(example: dict[str, Any], engine: Any) -> None:
    creatures = example["creatures"]
    size = engine_party_size(engine, creatures)
    if not 0 <= size <= 4:
        raise Falsified(f"party of {creatures}: {size}, not between 0 and 4")
    more = [*creatures, example["added"]]
    bigger = engine_party_size(engine, more)
    if bigger < size:
        raise Falsified(f"party of {creatures}: {size}; with {example['added']} added: {bigger}")
    shuffled = [creatures[i] for i in example["order"]]
    again = engine_party_size(engine, shuffled)
    if again != size:
        raise Falsified(f"party of {creatures}: {size}; listed as {shuffled}: {again}")


def party_ruling(creatures: list[list[str]], name: str) -> dict[str, Any]:
    """A ruling: Alice controls creatures of these types; her party size is
    what the reference's brute force counts (700.8, 700.8b)."""
    hand = {
        f"c{i}": {"owner": "Alice", "power": 1, "toughness": 1, "subtypes": types}
        for i, types in enumerate(creatures or [["Human"]])
    }
    digest = hashlib.sha256(json.dumps(creatures).encode()).hexdigest()[:8]
    return {
        "id": f"FUZZ-party-{name}-{digest}",
        "text": "To determine the number of creatures in your party, check whether you control "
        "a Cleric, a Rogue, a Warrior and a Wizard; each creature is counted once (700.8).",
        "rules": ["700.8", "700.8b"],
        "features": ["party"],
        "source": {"rule": "700.8"},
        "notes": "Found by mtgjudge fuzz. The expected party size is the reference's brute "
        "force (mtgjudge.reference.party); check it against 700.8 before adding it to the corpus.",
        "setup": {"players": ["Alice", "Bob"], "hand": hand},
        "probe": [
            {
                "id": "reproducer",
                "description": "Alice's creatures, as mtgjudge fuzz shrank them, enter the battlefield.",
                "actions": [{"move": {ref: "battlefield" for ref in hand}}],
                "expect": {
                    "party": {"Alice": reference_party_size(creatures)},
                    "zone": {ref: "battlefield" for ref in hand},
                },
            }
        ],
    }


def _reproducer(name: str):
    def make(example: Any, engine: Any, error: BaseException) -> str:
        from mtgjudge.fuzz.combat import verdict

        if isinstance(example, dict):
            candidates = [
                example["creatures"],
                [*example["creatures"], example["added"]],
                [example["creatures"][i] for i in example["order"]],
            ]
            wrong = [
                c for c in candidates if engine_party_size(engine, c) != reference_party_size(c)
            ]
            creatures = wrong[0] if wrong else candidates[0]
        else:
            creatures = example
        data = party_ruling(creatures, name)
        header = f"mtgjudge fuzz, party/{name}: {error}\n{verdict(data, engine)}"
        return ruling_toml(data, header)

    return make


def targets() -> list[Target]:
    return [
        Target(
            "party/differential",
            "The engine's party size is the reference's brute-force count (700.8, 700.8b).",
            mst.party_creatures(),
            check_differential,
            _reproducer("differential"),
            examples=100,
        ),
        Target(
            "party/invariants",
            "Party size is between 0 and 4, never drops when a creature is added, and doesn't "
            "depend on the order of the creatures.",
            growing_parties(),
            check_invariants,
            _reproducer("invariants"),
            examples=100,
        ),
    ]
