"""``mtgjudge bench``: how many combats, castability queries and party sizes
per second, through the batch API (on one thread and on every core), through
single calls, and through the plain Python reference models, all on the same
generated inputs (:mod:`mtgjudge.batch`'s ``sample_*``).

Before timing, the single calls and the reference are checked against the
batch on the inputs they time, so a fast wrong answer can't pass.
"""

from __future__ import annotations

import os
import platform
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from mtgjudge import _core, batch
from mtgjudge.errors import IllegalActionError
from mtgjudge.keywords import KEYWORDS
from mtgjudge.reference import combat as reference_combat
from mtgjudge.reference import cost as reference_cost
from mtgjudge.reference import party as reference_party

#: The targets of the batch API (issue 7), checked in the report.
TARGETS = {
    "combat_rust_per_s": 10_000_000,
    "combat_parallel_speedup": 1.8,
    "combat_ratio": 100,
    "combat_single_us": 2.0,
    "cost_rust_per_s": 5_000_000,
    "party_rust_per_s": 50_000_000,
}

#: (batch size, single-call sample, reference sample, seconds per measurement)
SIZES = {
    "full": {
        "combats": 1_000_000,
        "queries": 1_000_000,
        "parties": 4_000_000,
        "single": 20_000,
        "reference": 2_000,
        "seconds": 1.0,
    },
    "quick": {
        "combats": 200_000,
        "queries": 200_000,
        "parties": 1_000_000,
        "single": 2_000,
        "reference": 200,
        "seconds": 0.2,
    },
}


def _progress(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


def _rate(items: int, run: Callable[[], Any], seconds: float) -> float:
    """Items per second of the fastest of repeated runs, repeated for about
    ``seconds`` (at least twice)."""
    best = float("inf")
    start = time.perf_counter()
    runs = 0
    while runs < 2 or time.perf_counter() - start < seconds:
        began = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - began)
        runs += 1
    return items / best


def _keyword_names(mask: int) -> list[str]:
    return [name for index, name in enumerate(KEYWORDS) if mask >> index & 1]


def _combat_inputs(columns: dict[str, np.ndarray], count: int) -> list[tuple]:
    """The first ``count`` combats as plain Python values: life, creature
    tuples (controller, power, toughness, damage, keywords), attacks and
    blocks, as a program holding Python objects would have them."""
    lists = {name: columns[name][: 4 * count + 1].tolist() for name in batch.COMBAT_COLUMNS}
    lists["life"] = columns["life"][:count].tolist()
    combats = []
    for index in range(count):
        rows = range(lists["offsets"][index], lists["offsets"][index + 1])
        start = rows.start
        creatures = [
            (
                lists["controller"][r],
                lists["power"][r],
                lists["toughness"][r],
                lists["damage"][r],
                lists["keywords"][r],
            )
            for r in rows
        ]
        attacks = [(r - start, 1) for r in rows if lists["attack"][r]]
        blocks = [(r - start, lists["blocks"][r]) for r in rows if lists["blocks"][r] >= 0]
        combats.append((lists["life"][index], creatures, attacks, blocks))
    return combats


_STATUS_CODE = {name: code for code, (name, _) in enumerate(batch.COMBAT_STATUS)}


def single_combat(life: list[int], creatures: list[tuple], attacks: list, blocks: list) -> tuple:
    """One combat through the object API (``_core.Combat``): ``(damage,
    on_battlefield, life)`` of :meth:`_core.Combat.summary`, or the status
    code of an illegal declaration."""
    combat = _core.Combat(life, creatures)
    try:
        combat.fight(0, attacks, blocks)
    except IllegalActionError as error:
        kind = "attack" if "Attack" in type(error).__name__ else "block"
        return _STATUS_CODE[f"{kind}:{error.fault}"]
    return combat.summary()


def reference_single_combat(life, creatures, attacks, blocks) -> tuple:
    """The same through the plain Python reference model."""
    combat = reference_combat.Combat(list(life))
    for controller, power, toughness, damage, keywords in creatures:
        combat.add_creature(
            controller, power, toughness, damage=damage, keywords=_keyword_names(keywords)
        )
    try:
        combat.declare_attackers(0, [(a, ("player", p)) for a, p in attacks])
        combat.declare_blockers(blocks)
    except IllegalActionError as error:
        kind = "attack" if "Attack" in type(error).__name__ else "block"
        return _STATUS_CODE.get(f"{kind}:{error.fault}", -1)
    while combat.next_damage_step() is not None:
        combat.resolve_damage_step()
    states = [combat.creature(i) for i in range(len(creatures))]
    return (
        [state.damage for state in states],
        [state.on_battlefield for state in states],
        [combat.life(0), combat.life(1)],
    )


def _check_combats(name: str, results: list, batch_results: dict, columns: dict) -> None:
    """Each result is a status code or ``(damage, on_battlefield, life)``."""
    for index, result in enumerate(results):
        status = result if isinstance(result, int) else 0
        if status != batch_results["status"][index]:
            expected = batch_results["status"][index]
            raise AssertionError(f"{name}: combat {index} has status {status}, batch {expected}")
        if status:
            continue
        rows = batch.combat_rows(columns, index)
        expected = (
            batch_results["damage"][rows.start : rows.stop].tolist(),
            (~batch_results["died"][rows.start : rows.stop]).tolist(),
            batch_results["life"][index].tolist(),
        )
        damage, on_battlefield, life = result
        if (damage, on_battlefield, list(life)) != expected:
            raise AssertionError(f"{name}: combat {index}: {result} != batch {expected}")


def bench_combat(size: dict[str, Any], threads: int) -> dict[str, Any]:
    count = size["combats"]
    _progress(f"combat: generating {count:,} combats (2 attackers against 2 blockers)")
    columns = batch.sample_combats(count, seed=1)
    results = batch.resolve_combats(columns, threads=1)
    _progress("combat: batch on 1 thread")
    rust = _rate(count, lambda: batch.resolve_combats(columns, threads=1), size["seconds"])
    _progress(f"combat: batch on {threads} threads")
    parallel = _rate(
        count, lambda: batch.resolve_combats(columns, threads=threads), size["seconds"]
    )
    inputs = _combat_inputs(columns, size["single"])
    _check_combats("single calls", [single_combat(*c) for c in inputs], results, columns)
    _progress(f"combat: {len(inputs):,} single calls through _core.Combat")
    single = _rate(len(inputs), lambda: [single_combat(*c) for c in inputs], size["seconds"])
    sample = inputs[: size["reference"]]
    _check_combats("reference", [reference_single_combat(*c) for c in sample], results, columns)
    _progress(f"combat: {len(sample):,} combats through the Python reference")
    reference = _rate(
        len(sample), lambda: [reference_single_combat(*c) for c in sample], size["seconds"]
    )
    resolved = float(np.mean(results["status"] == 0))
    return {
        "rust_per_s": rust,
        "rust_parallel_per_s": parallel,
        "single_per_s": single,
        "single_us": 1e6 / single,
        "reference_per_s": reference,
        "ratio": rust / reference,
        "parallel_speedup": parallel / rust,
        "items": count,
        "resolved_fraction": resolved,
    }


def bench_cost(size: dict[str, Any], threads: int) -> dict[str, Any]:
    count = size["queries"]
    _progress(f"cost: generating {count:,} castability queries (convoke, hybrid mana)")
    queries = batch.sample_payments(count, seed=2)
    payable = _core.can_pay_batch(**queries, threads=1)
    _progress("cost: batch on 1 thread")
    rust = _rate(count, lambda: _core.can_pay_batch(**queries, threads=1), size["seconds"])
    _progress(f"cost: batch on {threads} threads")
    parallel = _rate(
        count, lambda: _core.can_pay_batch(**queries, threads=threads), size["seconds"]
    )
    costs = queries["costs"]
    sample = [
        (costs[int(queries["cost"][q])], batch.payment_resources(queries, q))
        for q in range(size["single"])
    ]
    single_results = [_core.can_pay(cost, **arguments) for cost, arguments in sample]
    if single_results != payable[: len(sample)].tolist():
        raise AssertionError("cost: single calls disagree with the batch")
    _progress(f"cost: {len(sample):,} single calls to _core.can_pay")
    single = _rate(len(sample), lambda: [_core.can_pay(c, **a) for c, a in sample], size["seconds"])
    parsed = {text: reference_cost.parse(text) for text in costs}

    def reference_query(cost: str, arguments: dict) -> bool:
        pool = dict(zip("WUBRGC", arguments["pool"]))
        resources = reference_cost.Resources(
            pool=pool, creatures=tuple(arguments["convokers"]), convoke=arguments["convoke"]
        )
        return reference_cost.can_pay(parsed[cost], resources)

    reference_sample = sample[: size["reference"]]
    if [reference_query(c, a) for c, a in reference_sample] != payable[
        : len(reference_sample)
    ].tolist():
        raise AssertionError("cost: the reference disagrees with the batch")
    _progress(f"cost: {len(reference_sample):,} queries through the Python reference")
    reference = _rate(
        len(reference_sample),
        lambda: [reference_query(c, a) for c, a in reference_sample],
        size["seconds"],
    )
    return {
        "rust_per_s": rust,
        "rust_parallel_per_s": parallel,
        "single_per_s": single,
        "reference_per_s": reference,
        "ratio": rust / reference,
        "parallel_speedup": parallel / rust,
        "items": count,
        "payable_fraction": float(np.mean(payable)),
    }


def bench_party(size: dict[str, Any], threads: int) -> dict[str, Any]:
    count = size["parties"]
    _progress(f"party: generating {count:,} parties")
    parties = batch.sample_parties(count, seed=3)
    sizes = _core.party_sizes(**parties, threads=1)
    _progress("party: batch on 1 thread")
    rust = _rate(count, lambda: _core.party_sizes(**parties, threads=1), size["seconds"])
    _progress(f"party: batch on {threads} threads")
    parallel = _rate(count, lambda: _core.party_sizes(**parties, threads=threads), size["seconds"])
    sample = [batch.party_members(parties, p) for p in range(size["single"])]
    if [_core.party_size(m) for m in sample] != sizes[: len(sample)].tolist():
        raise AssertionError("party: single calls disagree with the batch")
    _progress(f"party: {len(sample):,} single calls to _core.party_size")
    single = _rate(len(sample), lambda: [_core.party_size(m) for m in sample], size["seconds"])
    roles = ("Cleric", "Rogue", "Warrior", "Wizard")
    named = [[[r for i, r in enumerate(roles) if t >> i & 1] for t in m] for m in sample]
    if [reference_party.party_size(m) for m in named] != sizes[: len(named)].tolist():
        raise AssertionError("party: the reference disagrees with the batch")
    _progress(f"party: {len(named):,} parties through the Python reference")
    reference = _rate(
        len(named), lambda: [reference_party.party_size(m) for m in named], size["seconds"]
    )
    return {
        "rust_per_s": rust,
        "rust_parallel_per_s": parallel,
        "single_per_s": single,
        "reference_per_s": reference,
        "ratio": rust / reference,
        "parallel_speedup": parallel / rust,
        "items": count,
    }


def machine() -> dict[str, Any]:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "mtgjudge": _core.__version__,
    }


def run(quick: bool = False) -> dict[str, Any]:
    size = SIZES["quick" if quick else "full"]
    threads = os.cpu_count() or 1
    report: dict[str, Any] = {"machine": machine(), "quick": quick, "threads": threads}
    report["combat"] = bench_combat(size, threads)
    report["cost"] = bench_cost(size, threads)
    report["party"] = bench_party(size, threads)
    combat = report["combat"]
    report["targets"] = {
        "combat batch >= 10M/s on one core": combat["rust_per_s"] >= TARGETS["combat_rust_per_s"],
        "combat batch >= 1.8x on two cores": combat["parallel_speedup"]
        >= TARGETS["combat_parallel_speedup"],
        "combat batch >= 100x the reference": combat["ratio"] >= TARGETS["combat_ratio"],
        "single combat <= 2 us": combat["single_us"] <= TARGETS["combat_single_us"],
        "castability >= 5M/s on one core": report["cost"]["rust_per_s"]
        >= TARGETS["cost_rust_per_s"],
        "party size >= 50M/s": report["party"]["rust_per_s"] >= TARGETS["party_rust_per_s"],
    }
    return report


def _si(value: float) -> str:
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if value >= scale:
            return f"{value / scale:.2f} {unit}"
    return f"{value:.1f} "


def format_report(report: dict[str, Any]) -> str:
    m = report["machine"]
    parallel = f"batch, {report['threads']} threads"
    lines = [
        f"machine: {m['cpu']}, {m['cores']} cores; Python {m['python']}, numpy {m['numpy']}",
        "",
        f"{'kernel':8} {'batch, 1 thread':>17} {parallel:>17} "
        f"{'single calls':>14} {'reference':>12} {'ratio':>9}",
    ]
    for name in ("combat", "cost", "party"):
        r = report[name]
        lines.append(
            f"{name:8} {_si(r['rust_per_s']) + '/s':>17} {_si(r['rust_parallel_per_s']) + '/s':>17} "
            f"{_si(r['single_per_s']) + '/s':>14} {_si(r['reference_per_s']) + '/s':>12} "
            f"{r['ratio']:>8.0f}x"
        )
    lines.append("")
    lines.append(f"one combat through _core.Combat: {report['combat']['single_us']:.2f} us")
    lines.append("")
    for target, met in report["targets"].items():
        lines.append(f"{'met ' if met else 'MISS'} {target}")
    return "\n".join(lines)
