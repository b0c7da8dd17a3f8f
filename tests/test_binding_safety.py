"""The binding never takes the process down (issue 11, section 3): sizes
are bounded, thread pools don't pile up, every bad argument is an error
that names it, and a batch is resolved on the values that were checked."""

from __future__ import annotations

import os
import pickle
import resource
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from mtgjudge import _core, batch
from mtgjudge.errors import InternalError, InvalidInputError

# ----- sizes: printing never allocates without bound -----


def run_isolated(code: str) -> subprocess.CompletedProcess:
    """Runs ``code`` in a fresh interpreter limited to 2 GiB of address
    space, so that an allocation that fails aborts that process only."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2**31, 2**31))

    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        preexec_fn=limit,
        timeout=120,
    )


def test_huge_pools_and_costs_print_within_bounds() -> None:
    done = run_isolated(
        """
        from mtgjudge import _core
        from mtgjudge.errors import InvalidInputError

        pool = _core.ManaPool([2**32 - 1, 0, 0, 0, 0, 0])
        text = repr(pool)
        assert len(text) < 200, text
        assert eval(text, {"ManaPool": _core.ManaPool}) == pool
        try:
            str(pool)
        except InvalidInputError as error:
            print("pool:", error)

        cost = _core.ManaCost("{W}")
        for _ in range(31):
            cost = cost + cost
        assert cost.count("{W}") == 2**31
        assert len(repr(cost)) < 200, repr(cost)
        for show in (str, lambda c: str(_core.total_cost(c))):
            try:
                show(cost)
            except InvalidInputError as error:
                print("cost:", error)
        print("done")
        """
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[-1] == "done"
    assert len([line for line in lines if line.startswith("pool:")]) == 1
    assert len([line for line in lines if line.startswith("cost:")]) == 2
    assert all("too long to print" in line for line in lines[:-1]), lines


def test_small_pools_and_costs_print_as_before() -> None:
    pool = _core.ManaPool("WWU", snow="W")
    assert str(pool) == "{W}{W}{U}"
    assert eval(repr(pool), {"ManaPool": _core.ManaPool}) == pool
    assert repr(_core.ManaCost("{X}{1}{R}")) == "ManaCost('{X}{1}{R}')"


# ----- threads -----


def os_threads() -> int:
    return len(os.listdir("/proc/self/task"))


def test_thread_counts_leave_no_threads_behind() -> None:
    # In a process of its own: other tests' threads (dask, the harness) come
    # and go, and would be counted.
    script = textwrap.dedent(
        """
        import os
        import time
        import numpy as np
        from mtgjudge import _core, batch

        def os_threads():
            return len(os.listdir("/proc/self/task"))

        parties = batch.sample_parties(300_000, seed=2)
        columns = batch.sample_combats(40_000, seed=3)
        expected = _core.party_sizes(**parties, threads=1)
        before = os_threads()
        for threads in range(2, 42):
            np.testing.assert_array_equal(_core.party_sizes(**parties, threads=threads), expected)
            batch.resolve_combats(columns, threads=threads)
        # A joined thread may still be listed for a moment while the
        # kernel reaps it: wait a little for the count to settle.
        for _ in range(200):
            if os_threads() - before <= 2:
                break
            time.sleep(0.01)
        print(os_threads() - before)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout.strip()) <= 2


@pytest.mark.parametrize("threads", [True, False, 0, -1, 1025, 2**70])
def test_bad_thread_counts_are_refused(threads: Any) -> None:
    columns = batch.sample_combats(10)
    with pytest.raises(InvalidInputError, match="threads must be"):
        batch.resolve_combats(columns, threads=threads)
    with pytest.raises(InvalidInputError, match="threads must be"):
        _core.party_sizes(**batch.sample_parties(10), threads=threads)


def test_a_thread_count_of_the_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="threads"):
        _core.party_sizes(**batch.sample_parties(10), threads="2")


# ----- every bad argument names itself -----


def combat() -> Any:
    c = _core.Combat([20, 20])
    c.add_creature(0, 2, 2)
    c.add_creature(1, 2, 2)
    return c


def attacking() -> Any:
    c = combat()
    c.declare_attackers(0, [(0, 1)])
    c.declare_blockers([])
    return c


#: (argument name, call with the value v in that argument); the kind of
#: argument decides the bad values tried.
INTEGERS: list[tuple[str, Callable[[Any], Any]]] = [
    ("life", lambda v: _core.Combat([20, v])),
    ("creatures", lambda v: _core.Combat([20, 20], [(0, 1, v, 0, 0)])),
    ("controller", lambda v: combat().add_creature(v, 1, 1)),
    ("power", lambda v: combat().add_creature(0, v, 1)),
    ("toughness", lambda v: combat().add_creature(0, 1, v)),
    ("damage", lambda v: combat().add_creature(0, 1, 1, damage=v)),
    ("keywords", lambda v: combat().add_creature(0, 1, 1, keywords=v)),
    ("keyword_counters", lambda v: combat().add_creature(0, 1, 1, keyword_counters=v)),
    ("block_limit", lambda v: combat().add_creature(0, 1, 1, block_limit=v)),
    ("regeneration_shields", lambda v: combat().add_creature(0, 1, 1, regeneration_shields=v)),
    ("creatures", lambda v: combat().add_creatures([(0, 1, 1, v, 0)])),
    ("controller", lambda v: combat().add_planeswalker(v, 3)),
    ("loyalty", lambda v: combat().add_planeswalker(1, v)),
    ("index", lambda v: combat().update_creature(v)),
    ("power", lambda v: combat().update_creature(0, power=v)),
    ("toughness", lambda v: combat().update_creature(0, toughness=v)),
    ("damage", lambda v: combat().update_creature(0, damage=v)),
    ("keywords", lambda v: combat().update_creature(0, keywords=v)),
    ("keyword_counters", lambda v: combat().update_creature(0, keyword_counters=v)),
    ("regeneration_shields", lambda v: combat().update_creature(0, regeneration_shields=v)),
    ("index", lambda v: combat().creature(v)),
    ("player", lambda v: combat().life(v)),
    ("player", lambda v: combat().has_lost(v)),
    ("player", lambda v: combat().player_loses(v)),
    ("planeswalker", lambda v: combat().loyalty(v)),
    ("index", lambda v: combat().remove_from_combat(v)),
    ("index", lambda v: combat().leave_battlefield(v)),
    ("index", lambda v: combat().in_combat(v)),
    ("active_player", lambda v: combat().declare_attackers(v, [])),
    ("attacks", lambda v: combat().declare_attackers(0, [(v, 1)])),
    ("attacks", lambda v: combat().declare_attackers(0, [(0, v)])),
    ("attacks", lambda v: combat().declare_attackers(0, [(0, ("player", v))])),
    ("blocks", lambda v: combat().declare_blockers([(v, 0)])),
    ("attacker", lambda v: combat().restore_attack(v, ("player", 1))),
    ("target", lambda v: combat().restore_attack(0, ("player", v))),
    ("blocker", lambda v: combat().restore_block(v, 0)),
    ("attacker", lambda v: combat().restore_block(1, v)),
    ("blocker", lambda v: combat().restore_blocking_nothing(v)),
    ("assignments", lambda v: attacking().resolve_damage_step([(v, ("player", 1), 2)])),
    ("assignments", lambda v: attacking().resolve_damage_step([(0, ("player", 1), v)])),
    ("assignments", lambda v: attacking().assign_damage_step([(0, ("player", v), 2)])),
    ("instead", lambda v: attacking().deal_assigned_damage([(0, ("player", 1), v)])),
    ("source", lambda v: combat().deal_damage(v, ("player", 1), 1)),
    ("recipient", lambda v: combat().deal_damage(0, ("creature", v), 1)),
    ("amount", lambda v: combat().deal_damage(0, ("player", 1), v)),
    ("active_player", lambda v: combat().fight(v, [], [])),
    ("x", lambda v: _core.ManaCost("{X}").mana_value(on_stack=True, x=v)),
    ("x", lambda v: _core.mana_value(["{X}"], on_stack=True, x=v)),
    ("x", lambda v: _core.mana_value_of_split("{X}", "{1}", cast="left", x=v)),
    ("x", lambda v: _core.total_cost("{X}", x=v)),
    ("affinity", lambda v: _core.total_cost("{3}", affinity=[v])),
    ("reductions", lambda v: _core.total_cost("{3}", reductions=[v])),
    ("pool", lambda v: _core.ManaPool([v, 0, 0, 0, 0, 0])),
    ("pool", lambda v: _core.ManaPool({"W": v})),
    ("snow", lambda v: _core.can_pay("{W}", pool="W", snow=[v, 0, 0, 0, 0, 0])),
    ("life", lambda v: _core.can_pay("{W/P}", life=v)),
    ("artifacts", lambda v: _core.can_pay("{1}", artifacts=v)),
    ("graveyard", lambda v: _core.find_payment("{1}", graveyard=v)),
    ("limit", lambda v: _core.enumerate_payments("{1}", limit=v)),
    ("payment", lambda v: _core.check_payment("{1}", [("mana:C", "{1}", "C", v)])),
    ("creatures", lambda v: _core.party_size([1, v])),
]

BOOLEANS: list[tuple[str, Callable[[Any], Any]]] = [
    ("tapped", lambda v: combat().add_creature(0, 1, 1, tapped=v)),
    ("summoning_sick", lambda v: combat().add_creature(0, 1, 1, summoning_sick=v)),
    ("struck_first", lambda v: combat().add_creature(0, 1, 1, struck_first=v)),
    (
        "dealt_deathtouch_damage",
        lambda v: combat().add_creature(0, 1, 1, dealt_deathtouch_damage=v),
    ),
    ("on_battlefield", lambda v: combat().add_planeswalker(1, 3, on_battlefield=v)),
    ("tapped", lambda v: combat().update_creature(0, tapped=v)),
    ("blocked", lambda v: combat().restore_attack(0, ("player", 1), blocked=v)),
    ("state_based_actions", lambda v: attacking().resolve_damage_step(state_based_actions=v)),
    ("on_stack", lambda v: _core.ManaCost("{1}").mana_value(on_stack=v)),
    ("on_stack", lambda v: _core.mana_value(["{1}"], on_stack=v)),
    ("convoke", lambda v: _core.can_pay("{1}", convoke=v)),
    ("improvise", lambda v: _core.find_payment("{1}", improvise=v)),
    ("delve", lambda v: _core.enumerate_payments("{1}", delve=v)),
]

STRINGS: list[tuple[str, Callable[[Any], Any]]] = [
    ("text", lambda v: _core.ManaCost(v)),
    ("text", lambda v: _core.parse_mana_cost(v)),
    ("text", lambda v: _core.ManaPool.parse(v)),
    ("symbol", lambda v: _core.ManaCost("{1}").count(v)),
    ("cast", lambda v: _core.mana_value_of_split("{1}", "{2}", cast=v)),
    ("convokers", lambda v: _core.can_pay("{1}", convokers=[v])),
    ("creature_types", lambda v: _core.party_types(["Cleric", v])),
    ("attacks", lambda v: combat().declare_attackers(0, [(0, (v, 1))])),
    ("recipient", lambda v: combat().deal_damage(0, (v, 1), 1)),
]


def raised(call: Callable[[Any], Any], value: Any) -> BaseException:
    with pytest.raises(Exception) as caught:
        call(value)
    return caught.value


@pytest.mark.parametrize(("name", "call"), INTEGERS)
@pytest.mark.parametrize("value", [2**70, -(2**70), 2**64, -(2**63) - 1])
def test_an_integer_out_of_range_is_an_invalid_input_naming_the_argument(
    name: str, call: Callable[[Any], Any], value: int
) -> None:
    error = raised(call, value)
    assert isinstance(error, InvalidInputError), f"{type(error).__name__}: {error}"
    assert name in str(error) and "from" in str(error), str(error)
    # As Python's own integer conversions say, also an OverflowError.
    assert isinstance(error, _core.OutOfRangeError) and isinstance(error, OverflowError)


@pytest.mark.parametrize(("name", "call"), INTEGERS)
@pytest.mark.parametrize("value", ["3", 1.5, None, [1]])
def test_a_non_integer_is_a_type_error_naming_the_argument(
    name: str, call: Callable[[Any], Any], value: Any
) -> None:
    if name == "reductions" and value == "3":
        return  # a reduction may be a mana cost's text: "3" is malformed, not of the wrong type
    try:
        call(value)
    except TypeError as error:
        assert name in str(error), str(error)
    else:
        # None leaves an optional argument as it is (update_creature).
        assert value is None, f"{value!r} was accepted as {name}"


@pytest.mark.parametrize(("name", "call"), BOOLEANS)
@pytest.mark.parametrize("value", ["yes", 2, 1.0])
def test_a_non_boolean_is_a_type_error_naming_the_argument(
    name: str, call: Callable[[Any], Any], value: Any
) -> None:
    error = raised(call, value)
    assert isinstance(error, TypeError), f"{type(error).__name__}: {error}"
    assert name in str(error), str(error)


@pytest.mark.parametrize(("name", "call"), STRINGS)
@pytest.mark.parametrize("value", [5, b"W", None])
def test_a_non_string_is_a_type_error_naming_the_argument(
    name: str, call: Callable[[Any], Any], value: Any
) -> None:
    if value is None and name == "cast":
        return  # cast=None is "not on the stack"
    error = raised(call, value)
    assert isinstance(error, TypeError), f"{type(error).__name__}: {error}"
    assert name in str(error), str(error)


def test_ranges_are_exact() -> None:
    c = combat()
    c.add_creature(0, 2**31 - 1, -(2**31), damage=2**31 - 1, block_limit=2**16 - 1)
    with pytest.raises(InvalidInputError, match=r"block_limit must be an integer from 0 to 65535"):
        c.add_creature(0, 1, 1, block_limit=2**16)
    with pytest.raises(InvalidInputError, match=r"controller must be an integer from 0 to 255"):
        c.add_creature(-1, 1, 1)
    with pytest.raises(InvalidInputError, match=r"life\[1\] must be an integer"):
        _core.Combat([20, 2**31])
    with pytest.raises(TypeError, match=r"creatures\[0\]"):
        _core.Combat([20, 20], [(0, 1, 1)])
    with pytest.raises(_core.OutOfRangeError) as caught:
        c.add_creature(0, 1, 1, regeneration_shields=256)
    copy = pickle.loads(pickle.dumps(caught.value))
    assert type(copy) is _core.OutOfRangeError and str(copy) == str(caught.value)


# ----- attack targets -----


def test_restored_attacks_name_real_targets() -> None:
    c = combat()
    with pytest.raises(InvalidInputError, match="no planeswalker with index 9"):
        c.restore_attack(0, ("planeswalker", 9))
    with pytest.raises(InvalidInputError, match="no planeswalker with index 9"):
        c.restore_attack(0, ("removed_planeswalker", 9))
    with pytest.raises(InvalidInputError, match="no player with index 7"):
        c.restore_attack(0, ("player", 7))
    with pytest.raises(InvalidInputError, match=r"\('nothing', 0\)"):
        c.restore_attack(0, ("nothing", 3))
    c.restore_attack(0, ("nothing", 0))
    assert c.in_combat(0)


# ----- a batch is resolved on the values that were checked -----


def test_a_batch_rewritten_during_the_call_never_panics() -> None:
    columns = batch.sample_combats(50_000, seed=1)
    arguments = {name: columns[name] for name in batch.COMBAT_COLUMNS}
    offsets = arguments["offsets"]
    good = offsets.copy()
    zeros = good.copy()
    zeros[1:-1] = 0
    full = good.copy()
    full[1:-1] = good[-1]
    blocks = arguments["blocks"]
    good_blocks, bad_blocks = blocks.copy(), np.full_like(blocks, 3000)
    stop = threading.Event()

    def rewrite() -> None:
        # Mostly the good values, so that they pass the checks, and now and
        # then, briefly, bad ones while the batch is being resolved.
        turn = 0
        while not stop.is_set():
            stop.wait(0.0005)
            offsets[:] = (zeros, full)[turn % 2]
            blocks[:] = bad_blocks
            offsets[:] = good
            blocks[:] = good_blocks
            turn += 1

    writer = threading.Thread(target=rewrite)
    writer.start()
    internal = []
    try:
        for call in range(1000):
            try:
                _core.resolve_combats(**arguments, threads=1 + call % 2)
            except InvalidInputError:
                pass
            except InternalError as error:
                internal.append(str(error))
    finally:
        stop.set()
        writer.join()
    assert internal == []
