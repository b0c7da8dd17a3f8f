"""The ``mtgjudge fuzz`` command: runs every target within a time budget,
shows progress on stderr, prints its seed, and on a failure prints the
shrunk counterexample as a ruling file and exits 1."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from mtgjudge.format.corpus import load_corpus
from mtgjudge.fuzz import runner, targets
from mtgjudge.fuzz.planted import PLANTED, planted
from mtgjudge.judge.run import DEFAULT_TIMEOUT


def _progress(stream: TextIO):
    live = stream.isatty()
    width = [0]

    def show(message: str, done: bool) -> None:
        if live:
            line = message[:119]
            stream.write("\r" + line.ljust(width[0]))
            width[0] = len(line)
            if done:
                stream.write("\n")
                width[0] = 0
        elif done:
            stream.write(message + "\n")
        stream.flush()

    return show


def command(
    paths: Sequence[Path],
    *,
    seconds: float,
    seed: int | None,
    only: Sequence[str] = (),
    plant: str | None = None,
    rounds: int | None = None,
    list_only: bool = False,
    engine_command: str | None = None,
    timeout: float | None = DEFAULT_TIMEOUT,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """The command. A ruling file that doesn't load is an error, printed
    with its location; the rest of the corpus is fuzzed all the same, and
    the exit status is 1. The last line is always the verdict."""
    started = time.monotonic()  # the budget bounds the whole command, loading included
    out = out or sys.stdout
    err = err or sys.stderr
    corpus = load_corpus(list(paths) or None)
    for problem in corpus.problems:
        print(f"ERROR {problem}", file=out)
    for skipped in corpus.skipped:
        print(f"SKIPPED {skipped}", file=out)
    broken = len(corpus.problems)
    not_loaded = f"{broken} ruling file{'s' if broken != 1 else ''} didn't load (above)"
    if engine_command is not None:
        return _fuzz_engine(
            corpus,
            engine_command,
            timeout or DEFAULT_TIMEOUT,
            seconds,
            seed,
            only,
            rounds,
            list_only,
            out,
            err,
        )
    chosen = targets(corpus.rulings, only, timeout)
    if list_only:
        for target in chosen:
            print(f"{target.name}: {target.description}", file=out)
        if broken:
            print(f"failed: {not_loaded}", file=out)
        return 1 if broken else 0
    if not chosen:
        print(f"no target matches {', '.join(only)}", file=out)
        return 2
    if plant is not None and plant not in PLANTED:
        print(f"no planted bug {plant!r}; there are: {', '.join(PLANTED)}", file=out)
        return 2
    engine: Any
    if plant is None:
        from mtgjudge import _core

        engine, engine_name = _core, "the Rust kernel"
    else:
        engine = planted(plant)
        engine_name = f"a planted bug, {plant}: {engine.description.strip()}"
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    replay = f"mtgjudge fuzz --seed {seed}" + "".join(f" --only {o}" for o in only)
    if plant:
        replay += f" --plant {plant}"
    print(
        f"mtgjudge fuzz: seed {seed}, {seconds:g} s, {len(chosen)} targets, on {engine_name}",
        file=out,
    )
    print(f"(the same run again: {replay})", file=out)
    out.flush()
    report = runner.run(
        chosen,
        engine,
        seconds=max(seconds - (time.monotonic() - started), 0.0),
        seed=seed,
        progress=_progress(err),
        max_rounds=rounds,
    )
    for name, reason in report.not_generated.items():
        print(
            f"NOT GENERATED {name}: no example could be drawn, so the property wasn't "
            f"checked ({reason})",
            file=out,
        )
    if report.not_run:
        print(
            f"NOT RUN (the time ran out first): {', '.join(report.not_run)}",
            file=out,
        )
    problems = []
    if broken:
        problems.append(not_loaded)
    if report.not_generated:
        count = len(report.not_generated)
        problems.append(f"{count} target{'s' if count != 1 else ''} couldn't be generated")
    failure = report.failure
    if failure is None:
        over = (
            f"over {len(chosen) - len(report.not_run)} targets in {report.seconds:.1f} s "
            f"({report.rounds} rounds"
            + (", stopped by the time budget" if report.out_of_time else "")
            + f"), seed {seed}"
        )
        if problems:
            print(f"failed: {'; '.join(problems)}; {report.total} examples passed {over}", file=out)
            return 1
        print(f"passed: {report.total} examples {over}", file=out)
        return 0
    print(
        f"FAIL {failure.target.name} (round {failure.round + 1}, {report.total} examples, "
        f"{report.seconds:.1f} s): {failure.message}",
        file=out,
    )
    print(f"  property: {failure.target.description}", file=out)
    print("\nThe shrunk counterexample, as a ruling file:\n", file=out)
    print(failure.reproducer, file=out)
    replay_target = f"mtgjudge fuzz --seed {seed} --only {failure.target.name}"
    if plant:
        replay_target += f" --plant {plant}"
    print(f"replay: {replay_target}", file=out)
    problems.insert(0, f"{failure.target.name} fails (above)")
    print(f"failed: {'; '.join(problems)}", file=out)
    return 1


def _fuzz_engine(
    corpus: Any,
    command: str,
    timeout: float,
    seconds: float,
    seed: int | None,
    only: Sequence[str],
    rounds: int | None,
    list_only: bool,
    out: TextIO,
    err: TextIO,
) -> int:
    """``mtgjudge fuzz --engine CMD``: the targets of :mod:`mtgjudge.fuzz.engine`."""
    from mtgjudge.fuzz.engine import engine_targets
    from mtgjudge.protocol.messages import hello_problems
    from mtgjudge.protocol.process import EngineBroke, ProcessEngine

    engine = ProcessEngine(command, timeout=timeout)
    try:
        try:
            hello = engine.hello()
        except EngineBroke as problem:
            print(f"the engine didn't start: {problem}", file=out)
            return 1
        problems = hello_problems(hello, corpus.features)
        if problems:
            print(f"the engine's handshake is wrong: {'; '.join(problems)}", file=out)
            return 1
        chosen, passed = engine_targets(corpus.rulings, corpus.features, hello["supports"])
        if only:
            chosen = [t for t in chosen if any(part in t.name for part in only)]
        if list_only:
            for target in chosen:
                print(f"{target.name}: {target.description}", file=out)
            return 0
        if not chosen:
            print("the engine supports none of the fuzz targets", file=out)
            return 2
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        name = f"{hello['engine']['name']} {hello['engine']['version']}"
        print(
            f"mtgjudge fuzz: seed {seed}, {seconds:g} s, {len(chosen)} targets, on {name}", file=out
        )
        replay = f"mtgjudge fuzz --engine {command!r} --seed {seed}" + "".join(
            f" --only {o}" for o in only
        )
        print(f"(the same run again: {replay})", file=out)
        out.flush()
        report = runner.run(
            chosen, engine, seconds=seconds, seed=seed, progress=_progress(err), max_rounds=rounds
        )
    finally:
        engine.close()
    skipped = ", ".join(f"{n} {target}" for target, n in sorted(passed.over.items()))
    if skipped:
        print(f"examples the engine couldn't run (passed over): {skipped}", file=out)
    if report.failure is None:
        print(
            f"passed: {report.total} examples over {len(chosen)} targets in "
            f"{report.seconds:.1f} s ({report.rounds} rounds), seed {seed}",
            file=out,
        )
        return 0
    failure = report.failure
    print(f"FAIL {failure.target.name}: {failure.message}", file=out)
    print(f"  property: {failure.target.description}", file=out)
    print("\nThe shrunk counterexample, as a ruling file:\n", file=out)
    print(failure.reproducer, file=out)
    return 1
