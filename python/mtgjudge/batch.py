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

import importlib
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from itertools import pairwise
from typing import Any

import numpy as np

from mtgjudge import _core
from mtgjudge.errors import InvalidInputError
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


#: The keys of a plain combat and of a plain creature, for :func:`combat_columns`.
COMBAT_KEYS = ("life", "creatures")
CREATURE_KEYS = ("controller", "power", "toughness", "damage", "keywords", "attack", "blocks")


def keyword_mask(names: Iterable[str]) -> int:
    """The keyword mask of these keyword names (``_core.KEYWORDS``)."""
    mask = 0
    for name in names:
        if name not in _BIT:
            raise InvalidInputError(f"unknown keyword {name!r}")
        mask |= _BIT[name]
    return mask


def keyword_names(masks: Any) -> Any:
    """The keyword names of a mask, as a tuple in the order of
    ``_core.KEYWORDS``; for an array of masks, a list of such tuples (each
    distinct mask decoded once)."""
    array = np.asarray(masks)
    known = (1 << len(KEYWORDS)) - 1
    distinct, where = np.unique(array.ravel(), return_inverse=True)
    if distinct.size and (int(distinct.max()) & ~known or int(distinct.min()) < 0):
        bad = next(int(m) for m in distinct if int(m) & ~known or int(m) < 0)
        raise InvalidInputError(f"keyword mask {bad:#x} has unknown keyword bits")
    decoded = [tuple(n for i, n in enumerate(KEYWORDS) if int(m) >> i & 1) for m in distinct]
    if array.ndim == 0:
        return decoded[0] if decoded else ()
    return [decoded[i] for i in where]


def _in_range(value: Any, dtype: type, where: str) -> int:
    """An integer that fits ``dtype``, or an InvalidInputError saying where."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise InvalidInputError(f"{where}: an integer, not {type(value).__name__}")
    info = np.iinfo(dtype)
    if not info.min <= value <= info.max:
        raise InvalidInputError(f"{where}: {value} is out of range ({info.min} to {info.max})")
    return int(value)


def _plain_creature(creature: Any, where: str) -> tuple[int, ...]:
    if not isinstance(creature, Mapping):
        raise InvalidInputError(
            f"{where}: a creature is a dict with {', '.join(CREATURE_KEYS[:3])} ..., "
            f"not {type(creature).__name__}"
        )
    unknown = sorted(set(creature) - set(CREATURE_KEYS), key=str)
    if unknown:
        raise InvalidInputError(
            f"{where}: unknown key {unknown[0]!r} (the keys are {', '.join(CREATURE_KEYS)})"
        )
    for key in CREATURE_KEYS[:3]:
        if key not in creature:
            raise InvalidInputError(f"{where}: missing key {key!r}")

    def number(key: str, default: int = 0) -> int:
        return _in_range(creature.get(key, default), COMBAT_COLUMNS[key], f"{where}, key {key!r}")

    keywords = creature.get("keywords", 0)
    if not isinstance(keywords, (int, np.integer)):
        try:
            keywords = keyword_mask(keywords)
        except InvalidInputError as error:
            raise InvalidInputError(f"{where}, key 'keywords': {error}") from None
        except TypeError:
            raise InvalidInputError(
                f"{where}, key 'keywords': a mask or keyword names, not {type(keywords).__name__}"
            ) from None
    attack = creature.get("attack", False)
    if not isinstance(attack, (bool, np.bool_, int, np.integer)) or attack not in (0, 1):
        raise InvalidInputError(
            f"{where}, key 'attack': True or False, not {type(attack).__name__}"
        )
    return (
        number("controller"),
        number("power"),
        number("toughness"),
        number("damage"),
        _in_range(keywords, COMBAT_COLUMNS["keywords"], f"{where}, key 'keywords'"),
        int(bool(attack)),
        number("blocks", -1),
    )


def combat_columns(combats: Iterable[Mapping[str, Any]]) -> dict[str, np.ndarray]:
    """Columns from plain combats, each ``{"life": (20, 20), "creatures": [...]}``
    where a creature is a dict with ``controller``, ``power``, ``toughness``
    and optionally ``damage`` (0), ``keywords`` (names or a mask; none),
    ``attack`` (False) and ``blocks`` (index of the attacker it blocks, or
    -1, the default).

    Anything that doesn't fit the columns (a missing or unknown key, an
    unknown keyword, a value of the wrong type or out of its column's
    range) is an ``InvalidInputError`` naming the combat, the creature and
    the key; what the columns can hold but the rules refuse is
    ``resolve_combats``' to say."""
    offsets, life, rows = [0], [], []
    for index, combat in enumerate(combats):
        where = f"combat {index}"
        if not isinstance(combat, Mapping):
            raise InvalidInputError(
                f"{where}: a combat is a dict with 'life' and 'creatures', "
                f"not {type(combat).__name__}"
            )
        unknown = sorted(set(combat) - set(COMBAT_KEYS), key=str)
        if unknown:
            raise InvalidInputError(
                f"{where}: unknown key {unknown[0]!r} (the keys are life, creatures)"
            )
        if "creatures" not in combat:
            raise InvalidInputError(f"{where}: missing key 'creatures'")
        totals = combat.get("life", (20, 20))
        if not isinstance(totals, Sequence) or isinstance(totals, str) or len(totals) != 2:
            raise InvalidInputError(f"{where}, key 'life': two life totals, not {totals!r}")
        life.append(tuple(_in_range(t, np.int32, f"{where}, key 'life'") for t in totals))
        creatures = combat["creatures"]
        if not isinstance(creatures, Sequence) or isinstance(creatures, str):
            raise InvalidInputError(f"{where}, key 'creatures': a list of creatures")
        for number, creature in enumerate(creatures):
            rows.append(_plain_creature(creature, f"{where}, creature {number}"))
        offsets.append(len(rows))
    table = list(zip(*rows)) if rows else [()] * 7
    columns = {
        "offsets": np.array(offsets, np.uint32),
        "life": np.array(life, np.int32).reshape(-1, 2),
    }
    for name, values in zip(CREATURE_KEYS, table):
        columns[name] = np.array(values, COMBAT_COLUMNS[name])
    return columns


def combat_tables(
    columns: Mapping[str, np.ndarray],
    results: Mapping[str, np.ndarray],
    *,
    library: str = "pandas",
) -> tuple[Any, Any]:
    """A batch and its results (``resolve_combats``) as two data frames of
    ``library`` ("pandas" or "polars", imported only here): one row per
    combat and one per creature.

    - Per combat: ``combat``; the starting life ``life_0``, ``life_1``;
      ``life_after_0``, ``life_after_1``; ``life_gained_0``,
      ``life_gained_1``; ``status`` (its name, such as ``"block:flying"``)
      and ``status_rule``; ``game_over`` and ``winner`` (-1: nobody).
    - Per creature: ``combat``, ``creature`` (its index within the combat),
      the input columns (``keywords`` decoded into a tuple of names for
      pandas, a list for polars), ``damage_after`` and ``died``.
    """
    if library not in ("pandas", "polars"):
        raise InvalidInputError(f"library must be 'pandas' or 'polars', not {library!r}")
    offsets = np.asarray(columns["offsets"])
    combats = len(offsets) - 1
    rows = int(offsets[-1]) if combats >= 0 and len(offsets) else 0
    if len(results["status"]) != combats or len(results["damage"]) != rows:
        raise InvalidInputError(
            f"the results of another batch: {len(results['status'])} combats and "
            f"{len(results['damage'])} rows, the columns have {combats} and {rows}"
        )
    try:
        frames = importlib.import_module(library)
    except ImportError:
        raise ImportError(
            f"batch.combat_tables(library={library!r}) needs {library}: pip install {library}"
        ) from None
    per_row = np.repeat(np.arange(combats), np.diff(offsets.astype(np.int64)))
    names, rules = zip(*COMBAT_STATUS)
    status = np.asarray(results["status"])
    per_combat = {
        "combat": np.arange(combats),
        "life_0": columns["life"][:, 0],
        "life_1": columns["life"][:, 1],
        "life_after_0": results["life"][:, 0],
        "life_after_1": results["life"][:, 1],
        "life_gained_0": results["life_gained"][:, 0],
        "life_gained_1": results["life_gained"][:, 1],
        "status": [names[code] for code in status],
        "status_rule": [rules[code] for code in status],
        "game_over": results["game_over"],
        "winner": results["winner"],
    }
    keywords = keyword_names(columns["keywords"])
    per_creature = {
        "combat": per_row,
        "creature": np.arange(rows) - offsets[:-1].astype(np.int64)[per_row],
        "controller": columns["controller"],
        "power": columns["power"],
        "toughness": columns["toughness"],
        "damage": columns["damage"],
        "keywords": keywords if library == "pandas" else [list(k) for k in keywords],
        "attack": columns["attack"].astype(bool),
        "blocks": columns["blocks"],
        "damage_after": results["damage"],
        "died": results["died"],
    }
    return frames.DataFrame(per_combat), frames.DataFrame(per_creature)


@cache
def _table(outcomes: tuple, weights: tuple, dtype: type) -> np.ndarray:
    """Outcome ``i`` with probability ``weights[i] / sum(weights)``, as a
    table of 2^16 entries: indexed by 16 uniform random bits, it draws one
    (to within 2^-16)."""
    cumulative = np.cumsum(np.asarray(weights, np.float64))
    slots = (np.arange(1 << 16) + 0.5) / (1 << 16) * cumulative[-1]
    return np.asarray(outcomes, dtype)[np.searchsorted(cumulative, slots)]


@cache
def _keyword_table(chances: tuple[tuple[str, float], ...]) -> np.ndarray:
    """Keyword masks, each keyword present on its own with its chance."""
    masks = np.arange(1 << len(chances))
    outcomes = np.zeros(len(masks), np.uint32)
    weights = np.ones(len(masks))
    for index, (name, chance) in enumerate(chances):
        has = (masks >> index) & 1 == 1
        outcomes |= np.where(has, np.uint32(_BIT[name]), np.uint32(0))
        weights *= np.where(has, chance, 1 - chance)
    return _table(tuple(outcomes.tolist()), tuple(weights.tolist()), np.uint32)


#: The chance of each keyword on a sampled attacker and blocker.
SAMPLE_ATTACKER_KEYWORDS = (
    ("flying", 0.15),
    ("first strike", 0.15),
    ("double strike", 0.10),
    ("deathtouch", 0.15),
    ("lifelink", 0.15),
    ("trample", 0.20),
    ("menace", 0.10),
    ("vigilance", 0.10),
    ("indestructible", 0.05),
)
SAMPLE_BLOCKER_KEYWORDS = (
    ("reach", 0.20),
    ("flying", 0.10),
    ("first strike", 0.15),
    ("deathtouch", 0.15),
    ("lifelink", 0.10),
    ("indestructible", 0.05),
)


def sample_combats(count: int, seed: int = 0) -> dict[str, np.ndarray]:
    """``count`` combats of two attackers against two blockers with mixed
    keywords (each with the chance of :data:`SAMPLE_ATTACKER_KEYWORDS` or
    :data:`SAMPLE_BLOCKER_KEYWORDS`), powers and toughnesses 1 to 6, and
    each blocker blocking the first attacker, the second (2 in 5 each) or
    nothing; a block that flying (702.9b) or menace (702.111b) forbids is
    dropped, so every combat is legal. Vectorised: it takes less time than
    resolving what it makes."""
    rng = np.random.default_rng(seed)
    masks = np.empty((count, 4), np.uint32)
    attacker_table = _keyword_table(SAMPLE_ATTACKER_KEYWORDS)
    blocker_table = _keyword_table(SAMPLE_BLOCKER_KEYWORDS)
    masks[:, :2] = attacker_table[rng.integers(0, 1 << 16, (count, 2), dtype=np.uint16)]
    masks[:, 2:] = blocker_table[rng.integers(0, 1 << 16, (count, 2), dtype=np.uint16)]
    power = rng.integers(1, 7, (count, 4), dtype=np.int16)
    toughness = rng.integers(1, 7, (count, 4), dtype=np.int16)
    # 0: no block, 1 and 2: the first attacker, 3 and 4: the second.
    target = (rng.integers(0, 5, (count, 2), dtype=np.int8) + 1) // 2 - 1
    flying, reach, menace = _BIT["flying"], _BIT["reach"], _BIT["menace"]
    flies = (masks[:, :2] & flying) != 0
    can_block_fliers = (masks[:, 2:] & (flying | reach)) != 0
    evaded = ((target == 0) & flies[:, :1]) | ((target == 1) & flies[:, 1:])
    np.copyto(target, -1, where=evaded & ~can_block_fliers)
    for attacker in (0, 1):
        mine = target == attacker
        alone = (mine[:, 0] ^ mine[:, 1]) & ((masks[:, attacker] & menace) != 0)
        np.copyto(target, -1, where=mine & alone[:, None])
    blocks = np.full((count, 4), -1, np.int16)
    blocks[:, 2:] = target
    return {
        "offsets": np.arange(0, 4 * count + 1, 4, dtype=np.uint32),
        "life": np.full((count, 2), 20, np.int32),
        "controller": np.tile(np.array([0, 0, 1, 1], np.uint8), count),
        "power": power.ravel(),
        "toughness": toughness.ravel(),
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
