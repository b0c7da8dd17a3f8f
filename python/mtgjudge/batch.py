"""The batch API: many combats, castability queries or party sizes in one
call, as numpy columns (one row per creature or per query) grouped by
offsets arrays. See the README, "Batch API", for the columns.

The functions here are thin conveniences over ``mtgjudge._core``
(``resolve_combats``, ``can_pay_batch``, ``party_sizes``), which check every
column (dtype, shape, length, values) and raise ``InvalidInputError`` naming
the row and the column. ``sample_*`` make random inputs of the shapes
``mtgjudge bench`` measures, for examples and tests.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import pairwise
from typing import Any

import numpy as np

from mtgjudge import _core
from mtgjudge.keywords import KEYWORDS

#: The input columns of a combat batch and their dtypes; ``life`` has shape
#: (combats, 2), every other row column is 1-D with one entry per creature.
COMBAT_COLUMNS: dict[str, type] = {
    "offsets": np.uint32,
    "life": np.int32,
    "controller": np.uint8,
    "power": np.int16,
    "toughness": np.int16,
    "damage": np.int16,
    "keywords": np.uint32,
    "attack": np.uint8,
    "blocks": np.int16,
}

#: ``(name, rule)`` for each combat status code: code 0 is ``"resolved"``
#: (rule ``None``), the others name the declaration's first fault, such as
#: ``("block:flying", "702.9b")``.
COMBAT_STATUS: tuple[tuple[str, str | None], ...] = tuple(_core.COMBAT_STATUS)

#: Payment flags: the spell has convoke, improvise, delve.
CONVOKE, IMPROVISE, DELVE = 1, 2, 4

_BIT = {name: 1 << index for index, name in enumerate(KEYWORDS)}


def status_name(code: int) -> str:
    """The name of a combat status code (``"resolved"``, ``"block:menace"`` ...)."""
    return COMBAT_STATUS[code][0]


def resolve_combats(
    columns: Mapping[str, np.ndarray],
    *,
    threads: int | None = None,
    out: dict[str, np.ndarray] | None = None,
) -> dict[str, np.ndarray]:
    """``_core.resolve_combats`` over a mapping with the keys of
    :data:`COMBAT_COLUMNS` (other keys are ignored)."""
    arguments = {name: columns[name] for name in COMBAT_COLUMNS}
    return _core.resolve_combats(**arguments, threads=threads, out=out)


def combat_columns(combats: Iterable[Mapping[str, Any]]) -> dict[str, np.ndarray]:
    """Columns from plain combats, each ``{"life": (20, 20), "creatures": [...]}``
    where a creature is a dict with ``controller``, ``power``, ``toughness``
    and optionally ``damage`` (0), ``keywords`` (names or a mask; none),
    ``attack`` (False) and ``blocks`` (index of the attacker it blocks, or
    -1, the default)."""
    offsets, life, rows = [0], [], []
    for combat in combats:
        life.append(tuple(combat.get("life", (20, 20))))
        for creature in combat["creatures"]:
            keywords = creature.get("keywords", 0)
            if not isinstance(keywords, int):
                keywords = sum(_BIT[name] for name in set(keywords))
            rows.append(
                (
                    creature["controller"],
                    creature["power"],
                    creature["toughness"],
                    creature.get("damage", 0),
                    keywords,
                    int(bool(creature.get("attack", False))),
                    creature.get("blocks", -1),
                )
            )
        offsets.append(len(rows))
    table = list(zip(*rows)) if rows else [()] * 7
    names = ("controller", "power", "toughness", "damage", "keywords", "attack", "blocks")
    columns = {
        "offsets": np.array(offsets, np.uint32),
        "life": np.array(life, np.int32).reshape(-1, 2),
    }
    for name, values in zip(names, table):
        columns[name] = np.array(values, COMBAT_COLUMNS[name])
    return columns


def sample_combats(count: int, seed: int = 0) -> dict[str, np.ndarray]:
    """``count`` combats of two attackers against two blockers with mixed
    keywords (flying, first strike, double strike, deathtouch, lifelink,
    trample, menace, vigilance, indestructible; blockers with reach),
    powers and toughnesses 1 to 6, and blocks that are mostly legal."""
    rng = np.random.default_rng(seed)
    masks = np.zeros((count, 4), np.uint32)
    attacker_keywords = {
        "flying": 0.15,
        "first strike": 0.15,
        "double strike": 0.10,
        "deathtouch": 0.15,
        "lifelink": 0.15,
        "trample": 0.20,
        "menace": 0.10,
        "vigilance": 0.10,
        "indestructible": 0.05,
    }
    blocker_keywords = {
        "reach": 0.20,
        "flying": 0.10,
        "first strike": 0.15,
        "deathtouch": 0.15,
        "lifelink": 0.10,
        "indestructible": 0.05,
    }
    for side, table in ((slice(0, 2), attacker_keywords), (slice(2, 4), blocker_keywords)):
        for name, chance in table.items():
            has = rng.random((count, 2)) < chance
            masks[:, side] |= np.where(has, np.uint32(_BIT[name]), np.uint32(0))
    blocks = np.full((count, 4), -1, np.int16)
    choice = rng.integers(0, 5, (count, 2))
    blocks[:, 2:] = np.where(choice == 0, -1, np.where(choice <= 2, 0, 1))
    flying, reach, menace = _BIT["flying"], _BIT["reach"], _BIT["menace"]
    rows = np.arange(count)
    for blocker in (2, 3):
        attacker = blocks[:, blocker]
        attacker_mask = masks[rows, np.clip(attacker, 0, 1)]
        evades = (
            (attacker >= 0)
            & (attacker_mask & flying != 0)
            & (masks[:, blocker] & (flying | reach) == 0)
        )
        blocks[evades, blocker] = -1
    for attacker in (0, 1):
        alone = ((blocks[:, 2:] == attacker).sum(axis=1) == 1) & (masks[:, attacker] & menace != 0)
        for blocker in (2, 3):
            blocks[alone & (blocks[:, blocker] == attacker), blocker] = -1
    return {
        "offsets": np.arange(0, 4 * count + 1, 4, dtype=np.uint32),
        "life": np.full((count, 2), 20, np.int32),
        "controller": np.tile(np.array([0, 0, 1, 1], np.uint8), count),
        "power": rng.integers(1, 7, 4 * count).astype(np.int16),
        "toughness": rng.integers(1, 7, 4 * count).astype(np.int16),
        "damage": np.zeros(4 * count, np.int16),
        "keywords": masks.ravel(),
        "attack": np.tile(np.array([1, 1, 0, 0], np.uint8), count),
        "blocks": blocks.ravel(),
    }


#: The costs :func:`sample_payments` draws from: convoke spells with hybrid mana.
SAMPLE_COSTS: tuple[str, ...] = (
    "{2}{G}{W}",
    "{3}{G/W}{G/W}",
    "{1}{W}{W}",
    "{4}{G}",
    "{2}{R/G}{W}",
    "{G/W}{G/W}{G/W}",
)


def sample_payments(count: int, seed: int = 0) -> dict[str, Any]:
    """``count`` castability queries for convoke spells with hybrid mana
    (:data:`SAMPLE_COSTS`): a few mana in the pool and 0 to 3 untapped
    creatures of random colours. The keys are the arguments of
    ``_core.can_pay_batch``."""
    rng = np.random.default_rng(seed)
    convokers = rng.integers(0, 4, count)
    offsets = np.zeros(count + 1, np.uint32)
    np.cumsum(convokers, out=offsets[1:])
    pool = np.where(rng.random((count, 6)) < 0.4, rng.integers(0, 3, (count, 6)), 0)
    return {
        "costs": list(SAMPLE_COSTS),
        "cost": rng.integers(0, len(SAMPLE_COSTS), count).astype(np.uint32),
        "pool": pool.astype(np.uint16),
        "flags": np.full(count, CONVOKE, np.uint8),
        "convoker_offsets": offsets,
        "convoker_colors": rng.integers(0, 32, int(offsets[-1])).astype(np.uint8),
    }


def sample_parties(count: int, seed: int = 0) -> dict[str, np.ndarray]:
    """``count`` parties of 0 to 6 creatures, half of them of no party type."""
    rng = np.random.default_rng(seed)
    sizes = rng.integers(0, 7, count)
    offsets = np.zeros(count + 1, np.uint32)
    np.cumsum(sizes, out=offsets[1:])
    rows = int(offsets[-1])
    types = np.where(rng.random(rows) < 0.5, 0, rng.integers(0, 16, rows)).astype(np.uint8)
    return {"offsets": offsets, "types": types}


def payment_resources(queries: Mapping[str, Any], index: int) -> dict[str, Any]:
    """The keyword arguments of ``_core.can_pay`` for one query of a batch."""
    pool = queries["pool"][index]
    snow = queries.get("snow")
    flags = int(queries["flags"][index]) if queries.get("flags") is not None else 0
    arguments: dict[str, Any] = {
        "pool": [int(n) for n in pool],
        "snow": [int(n) for n in snow[index]] if snow is not None else None,
        "convoke": bool(flags & CONVOKE),
        "improvise": bool(flags & IMPROVISE),
        "delve": bool(flags & DELVE),
    }
    for name in ("life", "artifacts", "graveyard"):
        if queries.get(name) is not None:
            arguments[name] = int(queries[name][index])
    offsets = queries.get("convoker_offsets")
    if offsets is not None:
        colors = queries["convoker_colors"][int(offsets[index]) : int(offsets[index + 1])]
        arguments["convokers"] = [
            "".join(c for i, c in enumerate("WUBRG") if m >> i & 1) for m in colors
        ]
    return arguments


def party_members(parties: Mapping[str, np.ndarray], index: int) -> list[int]:
    """The party-type masks of one party of a batch."""
    offsets = parties["offsets"]
    return [int(t) for t in parties["types"][int(offsets[index]) : int(offsets[index + 1])]]


def combat_rows(columns: Mapping[str, np.ndarray], index: int) -> Sequence[range]:
    """The rows of one combat of a batch."""
    offsets = columns["offsets"]
    return range(int(offsets[index]), int(offsets[index + 1]))


def split_combats(columns: Mapping[str, np.ndarray], parts: int) -> list[dict[str, np.ndarray]]:
    """Cuts a combat batch into at most ``parts`` batches of whole combats
    and about the same number of rows, each with its own offsets from 0:
    the pieces a distributed runtime (Dask, Ray) hands to its workers.
    Views, not copies, where numpy allows."""
    offsets = columns["offsets"]
    combats = len(offsets) - 1
    rows = int(offsets[-1]) if combats else 0
    wanted = np.linspace(0, rows, max(1, parts) + 1)
    bounds = np.unique(np.searchsorted(offsets, wanted, side="left").clip(0, combats))
    bounds[0], bounds[-1] = 0, combats
    bounds = np.unique(bounds)
    pieces = []
    for start, end in pairwise(bounds):
        first, last = int(offsets[start]), int(offsets[end])
        piece = {
            name: columns[name][first:last]
            for name in COMBAT_COLUMNS
            if name not in ("offsets", "life")
        }
        piece["offsets"] = (offsets[start : end + 1] - offsets[start]).astype(np.uint32)
        piece["life"] = columns["life"][start:end]
        pieces.append(piece)
    return pieces or [dict(columns)]


def concat_combat_results(results: Sequence[Mapping[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """The results of the pieces of :func:`split_combats`, put back together."""
    names = ("damage", "died", "life", "life_gained", "status", "game_over", "winner")
    return {name: np.concatenate([result[name] for result in results]) for name in names}
