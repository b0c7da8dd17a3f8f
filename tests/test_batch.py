"""The batch API (``_core.resolve_combats``, ``can_pay_batch``,
``party_sizes``): results equal to single calls on random inputs, the same
results on any number of threads, and a clear ``InvalidInputError`` naming
the row and the column for every kind of bad batch."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgjudge import _core, batch
from mtgjudge.errors import IllegalActionError, InvalidInputError
from mtgjudge.testing import strategies

ALL_KEYWORDS = (1 << len(_core.KEYWORDS)) - 1
#: A batch takes every keyword but infect and wither, whose counters its
#: results have no column for (see the README's batch section).
BATCH_KEYWORDS = (
    ALL_KEYWORDS & ~(1 << _core.KEYWORDS.index("infect")) & ~(1 << _core.KEYWORDS.index("wither"))
)
STATUS_CODE = {name: code for code, (name, _) in enumerate(batch.COMBAT_STATUS)}
BIT = {name: 1 << index for index, name in enumerate(_core.KEYWORDS)}
#: Keywords that matter in combat, drawn more often than the others.
COMBAT_BITS = [BIT[name] for name in strategies.COMBAT_KEYWORDS]


@st.composite
def combats(draw: st.DrawFn) -> dict:
    """One combat as plain data: life totals and creature rows, attackers
    mostly controlled by player 0 and blockers by player 1, blocks mostly
    of attackers; sometimes anything at all."""
    size = draw(st.integers(0, 6))
    attackers = draw(st.integers(0, size))
    life = draw(
        st.tuples(
            st.one_of(st.just(20), st.integers(-3, 5), st.integers(-(2**31), 2**31 - 1)),
            st.one_of(st.just(20), st.integers(-3, 5), st.integers(-(2**31), 2**31 - 1)),
        )
    )
    creatures = []
    for row in range(size):
        attacking = row < attackers
        keywords = draw(
            st.one_of(
                st.lists(st.sampled_from(COMBAT_BITS), max_size=3).map(sum),
                st.integers(0, ALL_KEYWORDS).map(lambda mask: mask & BATCH_KEYWORDS),
            )
        )
        if attacking or attackers == 0:
            blocks = draw(st.one_of(st.just(-1), st.integers(-1, size - 1)))
        else:
            blocks = draw(st.one_of(st.integers(0, attackers - 1), st.integers(-1, size - 1)))
        creatures.append(
            {
                "controller": draw(st.sampled_from([0 if attacking else 1] * 9 + [0, 1])),
                "power": draw(st.one_of(st.integers(1, 6), st.integers(-2, 12))),
                "toughness": draw(st.one_of(st.integers(1, 6), st.integers(-1, 0))),
                "damage": draw(st.one_of(st.just(0), st.integers(0, 5))),
                "keywords": keywords,
                "attack": attacking,
                "blocks": blocks,
            }
        )
    return {"life": life, "creatures": creatures}


def single(combat: dict) -> tuple:
    """One combat through ``_core.Combat``, step by step: each creature's
    damage and death, both life totals, the life each player gained, the
    status code, whether the game is over and who won (-1: nobody)."""
    state = _core.Combat(list(combat["life"]))
    for creature in combat["creatures"]:
        state.add_creature(
            creature["controller"],
            creature["power"],
            creature["toughness"],
            damage=creature["damage"],
            keywords=creature["keywords"],
        )
    rows = range(len(combat["creatures"]))
    attacks = [(i, ("player", 1)) for i in rows if combat["creatures"][i]["attack"]]
    blocks = [(i, c["blocks"]) for i, c in enumerate(combat["creatures"]) if c["blocks"] >= 0]
    damage = [c["damage"] for c in combat["creatures"]]
    try:
        state.declare_attackers(0, attacks)
        state.declare_blockers(blocks)
    except IllegalActionError as error:
        kind = "attack" if "Attack" in type(error).__name__ else "block"
        status = STATUS_CODE[f"{kind}:{error.fault}"]
        return damage, [False] * len(damage), list(combat["life"]), [0, 0], status, False, -1
    gained = [0, 0]
    while state.next_damage_step() is not None:
        events = state.resolve_damage_step()
        for player, amount, _source, _step in events.life_gains:
            gained[player] += amount
    creatures = [state.creature(i) for i in rows]
    return (
        [c.damage for c in creatures],
        [not c.on_battlefield for c in creatures],
        [state.life(0), state.life(1)],
        gained,
        0,
        state.game_over,
        -1 if state.winner is None else state.winner,
    )


def from_batch(results: dict, columns: dict, index: int) -> tuple:
    rows = batch.combat_rows(columns, index)
    return (
        results["damage"][rows.start : rows.stop].tolist(),
        results["died"][rows.start : rows.stop].tolist(),
        results["life"][index].tolist(),
        results["life_gained"][index].tolist(),
        int(results["status"][index]),
        bool(results["game_over"][index]),
        int(results["winner"][index]),
    )


@settings(max_examples=300, deadline=None)
@given(st.lists(combats(), max_size=5), st.sampled_from([1, 2]))
def test_batch_equals_the_object_api(plain: list[dict], threads: int) -> None:
    columns = batch.combat_columns(plain)
    results = batch.resolve_combats(columns, threads=threads)
    for index, combat in enumerate(plain):
        assert from_batch(results, columns, index) == single(combat), combat


def test_object_api_one_call_helpers_match_the_step_by_step_api() -> None:
    columns = batch.sample_combats(300, seed=5)
    results = batch.resolve_combats(columns)
    from mtgjudge import bench

    for index, (life, creatures, attacks, blocks) in enumerate(bench._combat_inputs(columns, 300)):
        outcome = bench.single_combat(life, creatures, attacks, blocks)
        damage, died, life_after, _gained, status, _over, _winner = from_batch(
            results, columns, index
        )
        if status:
            assert outcome == status
        else:
            assert outcome == (damage, [not d for d in died], life_after)


def test_threads_give_the_same_results() -> None:
    columns = batch.sample_combats(60_000, seed=11)
    one = batch.resolve_combats(columns, threads=1)
    for threads in (2, 3, None):
        other = batch.resolve_combats(columns, threads=threads)
        for name in one:
            np.testing.assert_array_equal(one[name], other[name])
    # Most sample combats are legal and resolved.
    assert np.mean(one["status"] == 0) > 0.95


def test_a_known_combat() -> None:
    columns = batch.combat_columns(
        [
            {
                "life": (20, 20),
                "creatures": [
                    {
                        "controller": 0,
                        "power": 3,
                        "toughness": 3,
                        "keywords": ["trample"],
                        "attack": True,
                    },
                    {
                        "controller": 0,
                        "power": 2,
                        "toughness": 2,
                        "keywords": ["lifelink"],
                        "attack": True,
                    },
                    {"controller": 1, "power": 2, "toughness": 2, "blocks": 0},
                    {"controller": 1, "power": 1, "toughness": 4},
                ],
            },
            {
                "life": (20, 20),
                "creatures": [
                    {
                        "controller": 0,
                        "power": 3,
                        "toughness": 3,
                        "keywords": ["flying"],
                        "attack": True,
                    },
                    {"controller": 1, "power": 2, "toughness": 2, "blocks": 0},
                ],
            },
        ]
    )
    results = batch.resolve_combats(columns)
    assert results["damage"].tolist() == [2, 0, 2, 0, 0, 0]
    assert results["died"].tolist() == [False, False, True, False, False, False]
    assert results["life"].tolist() == [[22, 17], [20, 20]]
    assert results["life_gained"].tolist() == [[2, 0], [0, 0]]
    assert [batch.status_name(code) for code in results["status"]] == ["resolved", "block:flying"]
    assert batch.COMBAT_STATUS[results["status"][1]][1] == "702.9b"


def test_status_codes() -> None:
    names = [name for name, _ in batch.COMBAT_STATUS]
    assert names[0] == "resolved" and batch.COMBAT_STATUS[0][1] is None
    assert len(set(names)) == len(names) == 17
    assert all(rule for _, rule in batch.COMBAT_STATUS[1:])
    assert "attack:defender" in names and "block:menace" in names


# ----- castability and party size against single calls -----


@st.composite
def payment_queries(draw: st.DrawFn) -> dict:
    count = draw(st.integers(0, 12))
    costs = draw(
        st.lists(
            st.sampled_from(
                ["{2}{G}{W}", "{G/W}{G/W}", "{1}{B/P}", "{2/R}", "{S}{C}", "", "{0}", "{X}{U}"]
            ),
            min_size=1,
            max_size=4,
        )
    )
    pool = np.array(
        draw(st.lists(st.integers(0, 3), min_size=6 * count, max_size=6 * count)), np.uint16
    )
    snow = np.array([draw(st.integers(0, int(m))) for m in pool], np.uint16)
    convokers = [draw(st.lists(st.integers(0, 31), max_size=3)) for _ in range(count)]
    offsets = np.zeros(count + 1, np.uint32)
    np.cumsum([len(c) for c in convokers], out=offsets[1:])
    ints = lambda low, high, dtype: np.array(  # noqa: E731
        draw(st.lists(st.integers(low, high), min_size=count, max_size=count)), dtype
    )
    return {
        "costs": costs,
        "cost": ints(0, len(costs) - 1, np.uint32),
        "pool": pool.reshape(count, 6),
        "snow": snow.reshape(count, 6),
        "life": ints(-2, 6, np.int32),
        "artifacts": ints(0, 2, np.uint16),
        "graveyard": ints(0, 2, np.uint16),
        "flags": ints(0, 7, np.uint8),
        "convoker_offsets": offsets,
        "convoker_colors": np.array([c for cs in convokers for c in cs], np.uint8),
    }


@settings(max_examples=200, deadline=None)
@given(payment_queries(), st.sampled_from([1, 2]))
def test_can_pay_batch_equals_can_pay(queries: dict, threads: int) -> None:
    payable = _core.can_pay_batch(**queries, threads=threads)
    assert payable.dtype == np.bool_ and payable.shape == (len(queries["cost"]),)
    for q in range(len(queries["cost"])):
        cost = queries["costs"][int(queries["cost"][q])]
        assert payable[q] == _core.can_pay(cost, **batch.payment_resources(queries, q))


def test_can_pay_batch_on_many_queries_and_threads() -> None:
    queries = batch.sample_payments(20_000, seed=4)
    one = _core.can_pay_batch(**queries, threads=1)
    np.testing.assert_array_equal(one, _core.can_pay_batch(**queries, threads=2))
    for q in range(0, 20_000, 97):
        cost = queries["costs"][int(queries["cost"][q])]
        assert one[q] == _core.can_pay(cost, **batch.payment_resources(queries, q))
    assert 0.1 < one.mean() < 0.9


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.integers(0, 15), max_size=7), max_size=20), st.sampled_from([1, 2]))
def test_party_sizes_equal_party_size(parties: list[list[int]], threads: int) -> None:
    offsets = np.zeros(len(parties) + 1, np.uint32)
    np.cumsum([len(p) for p in parties], out=offsets[1:])
    types = np.array([t for p in parties for t in p], np.uint8)
    sizes = _core.party_sizes(offsets, types, threads=threads)
    assert sizes.tolist() == [_core.party_size(p) for p in parties]


def test_party_sizes_on_many_parties_and_threads() -> None:
    parties = batch.sample_parties(300_000, seed=6)
    one = _core.party_sizes(**parties, threads=1)
    np.testing.assert_array_equal(one, _core.party_sizes(**parties, threads=2))
    for p in range(0, 300_000, 1013):
        assert one[p] == _core.party_size(batch.party_members(parties, p))


# ----- bad input -----


def two_against_two() -> dict:
    return batch.combat_columns(
        [
            {
                "creatures": [
                    {"controller": 0, "power": 3, "toughness": 3, "attack": True},
                    {"controller": 0, "power": 2, "toughness": 2, "attack": True},
                    {"controller": 1, "power": 2, "toughness": 2, "blocks": 0},
                    {"controller": 1, "power": 1, "toughness": 4, "blocks": 1},
                ]
            }
        ]
        * 3
    )


def error_of(columns: dict, **kwargs) -> str:
    with pytest.raises(InvalidInputError) as raised:
        batch.resolve_combats(columns, **kwargs)
    return str(raised.value)


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        # Ragged columns.
        (lambda c: c.update(power=c["power"][:-1]), "column 'power': has 11 entries; expected 12"),
        (lambda c: c.update(life=c["life"][:2]), "column 'life': has 4 entries; expected 6"),
        (lambda c: c.update(offsets=c["offsets"][:-1]), "column 'life': has 6 entries; expected 4"),
        # Wrong dtypes, shapes and kinds.
        (
            lambda c: c.update(power=c["power"].astype(np.float64)),
            "column 'power' has dtype float64; expected int16",
        ),
        (
            lambda c: c.update(offsets=c["offsets"].astype(np.int64)),
            "column 'offsets' has dtype int64; expected uint32",
        ),
        (
            lambda c: c.update(keywords=c["keywords"].astype(np.int32)),
            "column 'keywords' has dtype int32; expected uint32",
        ),
        (
            lambda c: c.update(life=c["life"].ravel()),
            "column 'life' has shape [6]; expected (n, 2)",
        ),
        (
            lambda c: c.update(attack=c["attack"].reshape(3, 4)),
            "column 'attack' has shape [3, 4]; expected 1-D",
        ),
        (
            lambda c: c.update(blocks=list(c["blocks"])),
            "column 'blocks' must be a numpy array of int16 (1-D), not list",
        ),
        (
            lambda c: c.update(damage=np.zeros(24, np.int16)[::2]),
            "column 'damage' is not C-contiguous",
        ),
        # Offsets.
        (
            lambda c: c.update(offsets=np.array([0, 8, 4, 12], np.uint32)),
            "offset 2, column 'offsets': offsets must not decrease: 4 after 8",
        ),
        (
            lambda c: c.update(offsets=np.array([4, 8, 12, 12], np.uint32)),
            "offset 0, column 'offsets': offsets start at 0, not 4",
        ),
        (
            lambda c: c.update(offsets=np.array([], np.uint32)),
            "column 'offsets': an offsets array has one entry more than there are items",
        ),
        # Values out of range.
        (
            lambda c: c["blocks"].__setitem__(6, 4),
            "row 6, column 'blocks': 4 is not a creature of the combat (-1, or 0 to 3)",
        ),
        (
            lambda c: c["blocks"].__setitem__(7, -2),
            "row 7, column 'blocks': -2 is neither -1 nor a creature index",
        ),
        (
            lambda c: c["controller"].__setitem__(5, 2),
            "row 5, column 'controller': 2 is not a player (0 or 1)",
        ),
        (
            lambda c: c["damage"].__setitem__(9, -1),
            "row 9, column 'damage': marked damage can't be negative: -1",
        ),
        (
            lambda c: c["keywords"].__setitem__(3, 1 << 20),
            "row 3, column 'keywords': keyword mask 0x100000 has unknown bits",
        ),
        (
            # Infect (bit 17) and wither (18) need counters the results don't hold.
            lambda c: c["keywords"].__setitem__(2, 1 << 18),
            "row 2, column 'keywords': keyword mask 0x40000 has infect or wither",
        ),
        (lambda c: c["attack"].__setitem__(1, 2), "row 1, column 'attack': 2 is neither 0 nor 1"),
    ],
)
@pytest.mark.parametrize("threads", [1, 2])
def test_bad_batches_name_the_row_and_the_column(spoil, message: str, threads: int) -> None:
    columns = two_against_two()
    spoil(columns)
    assert message in error_of(columns, threads=threads)


def test_the_first_bad_row_is_reported_on_any_number_of_threads() -> None:
    columns = batch.sample_combats(100_000, seed=8)
    columns["controller"][[399_990, 7, 200_001]] = 5
    for threads in (1, 2):
        assert error_of(columns, threads=threads).startswith("row 7, column 'controller'")


def test_bad_thread_counts() -> None:
    columns = two_against_two()
    for threads in (0, -1, 5000):
        assert "threads must be a whole number from 1 to 1024" in error_of(columns, threads=threads)


def test_an_empty_batch_gives_empty_results() -> None:
    columns = batch.combat_columns([])
    assert columns["offsets"].tolist() == [0]
    results = batch.resolve_combats(columns)
    assert {name: array.shape for name, array in results.items()} == {
        "damage": (0,),
        "died": (0,),
        "life": (0, 2),
        "life_gained": (0, 2),
        "status": (0,),
        "game_over": (0,),
        "winner": (0,),
    }
    empty_party = _core.party_sizes(np.zeros(1, np.uint32), np.zeros(0, np.uint8))
    assert empty_party.shape == (0,)
    payable = _core.can_pay_batch(["{1}"], np.zeros(0, np.uint32), np.zeros((0, 6), np.uint16))
    assert payable.shape == (0,)


def test_ten_million_rows() -> None:
    # 2.5 million combats of four creatures: resolved, and compact.
    columns = batch.sample_combats(2_500_000, seed=9)
    assert len(columns["controller"]) == 10_000_000
    results = batch.resolve_combats(columns)
    assert results["status"].shape == (2_500_000,)
    inputs = sum(array.nbytes for array in columns.values())
    outputs = sum(array.nbytes for array in results.values())
    # 107 bytes a combat: ten million combats fit in 1 GiB, inputs and outputs.
    assert (inputs + outputs) * 4 < 2**30
    # The same rows as one combat: too big, said so.
    one = dict(columns, offsets=np.array([0, 10_000_000], np.uint32), life=columns["life"][:1])
    assert (
        "combat 0, column 'offsets': the combat has 10000000 creatures; at most 4096"
        in error_of(one)
    )


def test_bad_payment_batches() -> None:
    queries = batch.sample_payments(10, seed=1)

    def error(**changes) -> str:
        with pytest.raises(InvalidInputError) as raised:
            _core.can_pay_batch(**{**queries, **changes})
        return str(raised.value)

    assert "query 3, column 'cost': 9 is not an index into the 6 costs" in error(
        cost=np.where(np.arange(10) == 3, 9, queries["cost"]).astype(np.uint32)
    )
    assert "column 'pool' has shape [10, 5]; expected (n, 6)" in error(pool=queries["pool"][:, :5])
    assert "column 'flags' has dtype int64" in error(flags=queries["flags"].astype(np.int64))
    assert "column 'life': has 3 entries; expected 10" in error(life=np.zeros(3, np.int32))
    assert "give both or neither" in error(convoker_colors=None)
    assert "costs[1]" in error(costs=["{1}", "{Q}"])
    bad_colors = queries["convoker_colors"].copy()
    bad_colors[0] = 40
    assert "row 0, column 'convoker_colors'" in error(convoker_colors=bad_colors)
    snow = np.full((10, 6), 9, np.uint16)
    assert "column 'snow'" in error(snow=snow)


def test_bad_party_batches() -> None:
    with pytest.raises(
        InvalidInputError, match="row 2, column 'types': 16 is not a party-type mask"
    ):
        _core.party_sizes(np.array([0, 3], np.uint32), np.array([1, 2, 16], np.uint8))
    with pytest.raises(InvalidInputError, match="column 'types': has 2 entries; expected 3"):
        _core.party_sizes(np.array([0, 3], np.uint32), np.array([1, 2], np.uint8))
    with pytest.raises(InvalidInputError, match="column 'types' has dtype int64"):
        _core.party_sizes(np.array([0, 2], np.uint32), np.array([1, 2]))


def test_fight_is_the_three_calls_in_one() -> None:
    rows = [(0, 3, 3, 0, BIT["flying"]), (0, 2, 2, 0, 0), (1, 2, 2, 0, 0)]
    one = _core.Combat([20, 20])
    one.add_creatures(rows)
    assert one.fight(0, [(0, 1), (1, ("player", 1))], [(2, 1)]) == 1
    other = _core.Combat([20, 20])
    assert other.add_creatures(rows) == 0
    other.declare_attackers(0, [(0, ("player", 1)), (1, ("player", 1))])
    other.declare_blockers([(2, 1)])
    other.resolve_all_damage_steps()
    assert one.summary() == other.summary() == ([0, 2, 2], [True, False, False], [20, 17])
    # An illegal block fails as declare_blockers does; the attack stands.
    illegal = _core.Combat([20, 20])
    illegal.add_creatures(rows)
    with pytest.raises(IllegalActionError) as raised:
        illegal.fight(0, [(0, 1)], [(2, 0)])
    assert (raised.value.rule, raised.value.fault) == ("702.9b", "flying")
    assert illegal.in_combat(0) and not illegal.in_combat(2)
    with pytest.raises(InvalidInputError):
        illegal.add_creatures([(3, 1, 1, 0, 0)])
    with pytest.raises(InvalidInputError):
        illegal.add_creatures([(0, 1, 1, -1, 0)])


def test_results_can_go_into_arrays_reused_from_batch_to_batch() -> None:
    columns = batch.sample_combats(5_000, seed=12)
    expected = batch.resolve_combats(columns)
    out = {name: np.full_like(array, 7) for name, array in expected.items()}
    for threads in (1, 2):
        results = _core.resolve_combats(
            **{name: columns[name] for name in batch.COMBAT_COLUMNS}, threads=threads, out=out
        )
        for name, array in expected.items():
            assert results[name] is out[name]
            np.testing.assert_array_equal(out[name], array)
    arguments = {name: columns[name] for name in batch.COMBAT_COLUMNS}
    with pytest.raises(
        InvalidInputError, match=r"out\['life'\] must be a C-contiguous array of int32"
    ):
        _core.resolve_combats(**arguments, out={**out, "life": out["life"].astype(np.int64)})
    with pytest.raises(InvalidInputError, match="out has no 'status' array"):
        _core.resolve_combats(**arguments, out={k: v for k, v in out.items() if k != "status"})
    read_only = out["damage"].copy()
    read_only.flags.writeable = False
    with pytest.raises(InvalidInputError, match="output 'damage'"):
        _core.resolve_combats(**arguments, out={**out, "damage": read_only})
