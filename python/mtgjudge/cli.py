"""The ``mtgjudge`` command."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from mtgjudge import __version__
from mtgjudge.check import check_corpus, check_probe
from mtgjudge.errors import RulingFormatError
from mtgjudge.format.corpus import Corpus, display_path, load_corpus, unknown_features
from mtgjudge.format.ruling import read_feature_table
from mtgjudge.format.schema import json_schema
from mtgjudge.format.unsupported import load_unsupported
from mtgjudge.judge.explain import explain_outcome
from mtgjudge.judge.outcome import ERROR, FAILED, PASSED, SKIPPED, Outcome
from mtgjudge.judge.run import DEFAULT_TIMEOUT, run, summary_line
from mtgjudge.protocol.engine import Engine
from mtgjudge.protocol.process import ProcessEngine


def ruling_counts(corpus: Corpus, outcomes: list[Outcome]) -> dict[str, int]:
    """How many distinct rulings passed every probe, by kind of source."""
    failing = {o.probe.ruling_id for o in outcomes if o.probe is not None and o.status != PASSED}
    ran = {o.probe.ruling_id for o in outcomes if o.probe is not None}
    passing = [r for r in corpus.rulings if r.id in ran and r.id not in failing]
    return {
        "official": sum(1 for r in passing if "reference" in r.source),
        "rules": sum(1 for r in passing if "reference" not in r.source),
        "seed_statements": sum(1 for r in passing if r.source.get("seeds")),
    }


def cmd_check(args: argparse.Namespace) -> int:
    corpus = load_corpus(args.paths or None)
    features = None
    if args.features is not None:
        features = {name.strip() for name in args.features.split(",") if name.strip()}
        wrong = unknown_features(features, corpus.features)
        if wrong:
            print(f"mtgjudge check --features: {wrong}", file=sys.stderr)
            return 2
    outcomes = check_corpus(corpus, features, args.timeout).outcomes
    outcomes += [
        Outcome(id=skipped.path, status=SKIPPED, message=skipped.reason, path=skipped.path)
        for skipped in corpus.skipped
    ]
    # A run that ran nothing (a folder without rulings, --features that
    # leaves everything out) must not pass.
    ran_nothing = not any(o.status != SKIPPED for o in outcomes)
    unsupported = load_unsupported(corpus.root) if not args.paths and corpus.root else []
    failed = [o for o in outcomes if o.status in (FAILED, ERROR)]
    if args.json:
        records = [{"id": o.id, "status": o.status, "message": o.message} for o in outcomes]
        records += [{"id": u.id, "status": "not_encoded", "message": u.reason} for u in unsupported]
        report = {
            "probes": records,
            "passed": sum(1 for o in outcomes if o.status == PASSED),
            "failed": len(failed),
            "not_encoded": len(unsupported),
            "rulings": ruling_counts(corpus, outcomes),
        }
        json.dump(report, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        for outcome in failed:
            where = f" ({outcome.path})" if outcome.path and outcome.path != outcome.id else ""
            label = "ERROR" if outcome.status == ERROR else "FAIL"
            if outcome.probe is None and outcome.message.startswith(outcome.id):
                print(f"{label} {outcome.message}")  # a file: the message names it
            else:
                print(f"{label} {outcome.id}{where}: {outcome.message}")
        for outcome in outcomes:
            if outcome.status == SKIPPED and outcome.probe is None:
                print(f"SKIPPED {outcome.id}: {outcome.message}")
        counts = ruling_counts(corpus, outcomes)
        print(
            f"rulings passing: {counts['official']} official card rulings, "
            f"{counts['rules']} rules of the Comprehensive Rules; "
            f"{counts['seed_statements']} of these carry a seed statement"
        )
        line = summary_line(outcomes)
        if unsupported:
            line += f"; {len(unsupported)} official rulings not encoded (unsupported.toml)"
        if ran_nothing:
            print(
                "no probe ran: "
                + ("--features left out every probe" if outcomes else "no ruling found")
            )
        print(line)
    return 1 if failed or ran_nothing else 0


def cmd_coverage(args: argparse.Namespace) -> int:
    from mtgjudge import coverage

    if args.schema:
        json.dump(coverage.coverage_schema(), sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    known = coverage.all_sections()
    wrong = [s for s in args.section or () if s not in known]
    if wrong:
        print(
            f"mtgjudge coverage --section: no section {wrong[0]!r}; expected one of "
            + ", ".join(known),
            file=sys.stderr,
        )
        return 2
    corpus = load_corpus(args.paths or None)
    outcomes = check_corpus(corpus, None, args.timeout).outcomes
    try:
        marks, marks_path = coverage.load_marks(corpus.root)
    except RulingFormatError as problem:
        print(f"ERROR {problem}")
        return 1
    measured = coverage.measure(outcomes, marks, marks_path, args.section)
    for outcome in outcomes:
        if outcome.status in (FAILED, ERROR):
            print(f"{outcome.status.upper()} {outcome.id}: covers nothing")
    for problem in measured.problems:
        print(f"ERROR {problem}")
    print(coverage.table(measured))
    if args.json_file:
        coverage.write_json(measured, args.json_file)
    if args.html:
        coverage.write_html(measured, args.html)
    print(coverage.closing_line(measured))
    if measured.problems:
        return 1
    if args.min is not None and measured.percent < args.min:
        print(f"coverage {measured.percent:.1f}% is under --min {args.min:g}%")
        return 1
    return 0


def explain(corpus: Corpus, wanted: str) -> tuple[int, str]:
    """The explanation of a ruling (every probe) or of one probe, and the
    exit status: 0 if it passed, 1 if not, 2 if there is no such id."""
    for ruling in corpus.rulings:
        if ruling.id == wanted or any(probe.full_id == wanted for probe in ruling.probes):
            outcomes = [
                check_probe(ruling, probe)
                for probe in ruling.probes
                if wanted in (ruling.id, probe.full_id)
            ]
            text = "\n\n".join(explain_outcome(outcome) for outcome in outcomes)
            return (0 if all(o.status == PASSED for o in outcomes) else 1), text
    text = f"no ruling or probe with id {wanted!r}"
    if corpus.problems:
        # It may be in a file that didn't load: say why each didn't.
        text += " among the rulings that loaded; these files didn't load:\n" + "\n".join(
            f"  {problem}" for problem in corpus.problems
        )
    return 2, text


def engine_factory(spec: str, timeout: float | None) -> Callable[[], Engine]:
    """How ``--engine`` makes an engine: ``python:MODULE:NAME`` is a Python
    engine made in-process by calling NAME; anything else is a command
    that speaks the protocol on stdin and stdout."""
    if spec.startswith("python:"):
        module_name, _, attribute = spec[len("python:") :].partition(":")
        make = getattr(importlib.import_module(module_name), attribute)
        return make
    return lambda: ProcessEngine(spec, timeout=timeout or DEFAULT_TIMEOUT)


class Progress:
    """A progress line on stderr: redrawn in place on a terminal, a line
    every tenth of the run otherwise."""

    def __init__(self) -> None:
        self.tty = sys.stderr.isatty()
        self.last = -1

    def __call__(self, done: int, total: int) -> None:
        if self.tty:
            end = "\n" if done == total else ""
            print(f"\r{done}/{total} probes", end=end, file=sys.stderr, flush=True)
            return
        tenth = done * 10 // max(total, 1)
        if tenth != self.last:
            self.last = tenth
            print(f"{done}/{total} probes", file=sys.stderr, flush=True)


def _unexpected_line(outcome: Outcome) -> str:
    where = f" ({outcome.path})" if outcome.path and outcome.path != outcome.id else ""
    if outcome.expected_failure is not None:
        return (
            f"XPASS {outcome.id}: passed, but the expectations file says it fails "
            f"({outcome.expected_failure.reason}): remove it from the file"
        )
    label = "ERROR" if outcome.status == ERROR else "FAIL"
    return f"{label} {outcome.id}{where}: {outcome.message}"


def cmd_conformance(args: argparse.Namespace) -> int:
    from mtgjudge.judge import reports
    from mtgjudge.judge.expectations import expectations_toml, read_expectations, stale

    if len(args.report or []) != len(args.output or []):
        print("each --report needs its --output FILE", file=sys.stderr)
        return 2
    corpus = load_corpus(args.paths or None)
    features = set(args.features.split(",")) if args.features else None
    known = read_expectations(args.expectations) if args.expectations else {}
    result = run(
        engine_factory(args.engine, args.timeout),
        corpus,
        features=features,
        timeout=args.timeout,
        jobs=args.jobs,
        known_failures=known,
        progress=Progress(),
    )
    for outcome in result.unexpected:
        print(_unexpected_line(outcome))
    for probe_id in stale(known, result):
        print(f"STALE {probe_id}: in the expectations file, but no such probe was selected")
    data = reports.report_data(result, corpus.root)
    for kind, path in zip(args.report or [], args.output or []):
        text = {
            "json": lambda: reports.json_text(data),
            "junit": lambda: reports.junit_xml(data),
            "markdown": lambda: reports.markdown([data]),
            "html": lambda: reports.html_page([data]),
        }[kind]()
        Path(path).write_text(text, encoding="utf-8")
    if args.write_expectations:
        args.write_expectations.write_text(expectations_toml(result, known), encoding="utf-8")
    print(f"{result.engine}: {summary_line(result.outcomes)}")
    return 1 if result.unexpected else 0


def cmd_report(args: argparse.Namespace) -> int:
    """Renders JSON reports of several runs as one Markdown or HTML page."""
    from mtgjudge.judge import reports

    data = [reports.read_report(path) for path in args.reports]
    text = reports.html_page(data) if args.format == "html" else reports.markdown(data)
    args.output.write_text(text, encoding="utf-8")
    return 0


def cmd_engine(args: argparse.Namespace) -> int:
    """Our game model as an engine of the protocol, on stdin and stdout."""
    from mtgjudge.adapters.model import main as serve_model

    return serve_model()


def cmd_explain(args: argparse.Namespace) -> int:
    status, text = explain(load_corpus(args.paths or None), args.id)
    print(text, file=sys.stderr if status == 2 else sys.stdout)
    return status


def cmd_dump(args: argparse.Namespace) -> int:
    """The whole corpus as one JSON document, for tools in other languages."""
    corpus = load_corpus(args.paths or None)
    if corpus.problems:
        for problem in corpus.problems:
            print(f"ERROR {problem}", file=sys.stderr)
        return 1
    features = read_feature_table(corpus.root) if corpus.root else {}
    document = {
        "format": "mtgjudge-rulings",
        "version": 1,
        "comprehensive_rules": "2026-01-16",
        "features": features,
        "rulings": [
            {
                "path": display_path(ruling.path, corpus.root),
                **ruling.raw,
                # A parametric ruling's literal example, with no formulas left.
                **({"instance": ruling.instance} if ruling.is_parametric else {}),
            }
            for ruling in corpus.rulings
        ],
        "unsupported": [
            {"id": entry.id, "reason": entry.reason, "cards": entry.cards}
            for entry in (load_unsupported(corpus.root) if corpus.root else [])
        ],
    }
    json.dump(document, sys.stdout, indent=2 if args.indent else None, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    corpus = load_corpus(None)
    json.dump(json_schema(corpus.features), sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Throughput of the batch API, single calls and the reference models."""
    if args.conformance:
        from mtgjudge import harness_bench as speed

        measured = speed.measure(
            quick=args.quick, progress=lambda text: print(text, file=sys.stderr, flush=True)
        )
        print(json.dumps(measured, indent=2) if args.json else speed.format_report(measured))
        return 0
    from mtgjudge import bench  # numpy is imported only for this command

    report = bench.run(quick=args.quick)
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(bench.format_report(report))
    return 0


def cmd_fuzz(args: argparse.Namespace) -> int:
    """Parametric rulings, invariants, differentials and consistency, fuzzed."""
    try:
        from mtgjudge.fuzz.command import command  # hypothesis is imported only here
    except ModuleNotFoundError as missing:
        if missing.name != "hypothesis":
            raise
        print(
            "mtgjudge fuzz needs hypothesis, which isn't installed: "
            "pip install hypothesis (or mtgjudge[test])",
            file=sys.stderr,
        )
        return 2
    return command(
        args.paths,
        seconds=args.seconds,
        seed=args.seed,
        only=args.only or (),
        plant=args.plant,
        rounds=args.rounds,
        list_only=args.list,
        engine_command=args.engine,
        timeout=args.timeout,
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mtgjudge",
        description="An executable test oracle for the official rules of Magic: The Gathering.",
    )
    parser.add_argument("--version", action="version", version=f"mtgjudge {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    check = commands.add_parser("check", help="run rulings and report the verdicts")
    check.add_argument(
        "paths",
        nargs="*",
        type=Path,
        help="ruling files or directories (default: the bundled corpus)",
    )
    check.add_argument("--json", action="store_true", help="print a machine-readable report")
    check.add_argument(
        "--features", help="run only rulings whose features are all in this comma-separated list"
    )
    check.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"the time limit of each probe (default {DEFAULT_TIMEOUT:g})",
    )
    check.set_defaults(run=cmd_check)

    conformance = commands.add_parser(
        "conformance",
        help="run the corpus against another engine through the protocol",
        description="Runs the corpus's probes on an engine that speaks the protocol "
        "(docs/protocol.md) and judges its answers. Prints one line for each unexpected "
        "result, then the counts; exits 0 only when nothing unexpected happened. Progress "
        "goes to stderr.",
    )
    conformance.add_argument(
        "--engine",
        required=True,
        metavar="CMD",
        help='the engine: a command ("mtgjudge engine", "./my-engine --flag"), or '
        "python:MODULE:NAME for a Python engine run in-process",
    )
    conformance.add_argument(
        "paths", nargs="*", type=Path, help="ruling files or directories (default: the corpus)"
    )
    conformance.add_argument(
        "--features", help="run only rulings whose features are all in this comma-separated list"
    )
    conformance.add_argument(
        "--expectations", type=Path, metavar="FILE", help="the engine's known failures"
    )
    conformance.add_argument(
        "--write-expectations",
        type=Path,
        metavar="FILE",
        help="write the run's failures as an expectations file (keeping known reasons)",
    )
    conformance.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"the time limit of each probe (default {DEFAULT_TIMEOUT:g})",
    )
    conformance.add_argument(
        "--jobs", type=int, default=1, metavar="N", help="run N engines side by side"
    )
    conformance.add_argument(
        "--report",
        action="append",
        choices=("json", "junit", "markdown", "html"),
        help="a report to write (repeatable, each with its --output)",
    )
    conformance.add_argument(
        "--output", action="append", type=Path, metavar="FILE", help="where --report goes"
    )
    conformance.set_defaults(run=cmd_conformance)

    engine = commands.add_parser(
        "engine", help="serve mtgjudge's own game model as an engine, on stdin and stdout"
    )
    engine.set_defaults(run=cmd_engine)

    report = commands.add_parser(
        "report", help="render JSON reports of several engines' runs as one page"
    )
    report.add_argument("reports", nargs="+", type=Path, help="JSON reports (--report json)")
    report.add_argument("--format", choices=("html", "markdown"), default="html")
    report.add_argument("--output", type=Path, required=True, metavar="FILE")
    report.set_defaults(run=cmd_report)

    cover = commands.add_parser(
        "coverage",
        help="which rules of the sections the model covers a passing probe cites",
        description="Runs the corpus on our model and prints, for each section of the "
        "Comprehensive Rules the model covers, how many of its rules a passing probe cites "
        "(covered) and how many the marks file (coverage.toml) marks definitional or as "
        "needing more of the model; then the closing line. Exits 1 if the marks file is "
        "wrong or coverage is under --min.",
    )
    cover.add_argument(
        "paths", nargs="*", type=Path, help="ruling files or directories (default: the corpus)"
    )
    cover.add_argument("--json", dest="json_file", type=Path, metavar="FILE", help="write JSON")
    cover.add_argument("--html", type=Path, metavar="FILE", help="write an HTML page")
    cover.add_argument(
        "--section", action="append", metavar="S", help="only this section (repeatable): 506, 702.9"
    )
    cover.add_argument(
        "--min", type=float, metavar="PERCENT", help="exit 1 if coverage is under PERCENT"
    )
    cover.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"the time limit of each probe (default {DEFAULT_TIMEOUT:g})",
    )
    cover.add_argument(
        "--schema", action="store_true", help="print the JSON Schema of --json and stop"
    )
    cover.set_defaults(run=cmd_coverage)

    explain = commands.add_parser(
        "explain", help="show a ruling, its setup and a step-by-step trace"
    )
    explain.add_argument("id", help="a ruling id, or a probe id RULING/PROBE")
    explain.add_argument(
        "paths", nargs="*", type=Path, help="where to look (default: the bundled corpus)"
    )
    explain.set_defaults(run=cmd_explain)

    dump = commands.add_parser("dump", help="write the whole corpus as JSON")
    dump.add_argument(
        "paths",
        nargs="*",
        type=Path,
        help="ruling files or directories (default: the bundled corpus)",
    )
    dump.add_argument(
        "--json", action="store_true", required=True, help="JSON output (the only format)"
    )
    dump.add_argument("--indent", action="store_true", help="pretty-print")
    dump.set_defaults(run=cmd_dump)

    schema = commands.add_parser("schema", help="print the JSON Schema of ruling files")
    schema.set_defaults(run=cmd_schema)

    bench = commands.add_parser(
        "bench",
        help="measure combats, castability queries and party sizes per second",
        description="Measures, on the same generated inputs, the batch API on one thread "
        "and on every core, single calls and the plain Python reference models, for "
        "combat, cost and party size. Progress goes to stderr.",
    )
    bench.add_argument("--quick", action="store_true", help="smaller inputs and shorter timing")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument(
        "--conformance",
        action="store_true",
        help="time the corpus through the protocol instead: in-process, over stdio, "
        "and over stdio with two jobs",
    )
    bench.set_defaults(run=cmd_bench)

    fuzz = commands.add_parser(
        "fuzz",
        help="check parametric rulings, the model's invariants and the reference models "
        "on random examples",
        description="Runs every fuzz target (parametric rulings, corpus consistency, "
        "the invariants of the model, the kernel against the reference models) in rounds "
        "until the time is up. Progress goes to stderr. The seed decides every example: "
        "the same seed replays the same run. On a failure it prints the shrunk "
        "counterexample as a ruling file and exits 1. Needs hypothesis.",
    )
    fuzz.add_argument(
        "paths",
        nargs="*",
        type=Path,
        help="ruling files or directories (default: the bundled corpus)",
    )
    fuzz.add_argument(
        "--seconds",
        type=float,
        default=60.0,
        help="the time budget of the whole run, drawing examples included (default 60)",
    )
    fuzz.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"the time limit of each probe (default {DEFAULT_TIMEOUT:g})",
    )
    fuzz.add_argument("--seed", type=int, help="the seed (default: a random one, printed)")
    fuzz.add_argument(
        "--only",
        action="append",
        metavar="NAME",
        help="only targets whose name contains NAME (repeatable), e.g. combat/ or R3204f1cd",
    )
    fuzz.add_argument("--rounds", type=int, help="stop after this many rounds")
    fuzz.add_argument("--list", action="store_true", help="list the targets and stop")
    fuzz.add_argument(
        "--engine",
        metavar="CMD",
        help="fuzz another engine through the protocol: the parametric rulings over their "
        "domains, corpus probes reordered, and random combats against mtgjudge's model",
    )
    fuzz.add_argument(
        "--plant",
        metavar="BUG",
        help="fuzz the kernel with a bug planted in it, to see the fuzzer catch it: "
        "lifelink-off-by-one, double-strike-once, greedy-party or affinity-once",
    )
    fuzz.set_defaults(run=cmd_fuzz)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status = int(args.run(args))
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (`mtgjudge check | head`): stop quietly, and
        # keep Python from complaining as it flushes stdout on exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 1
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
