#!/usr/bin/env python3
"""Feed the corpus's probes through an engine that speaks the mtgjudge
protocol (version 1 draft) and judge its answers roughly.

This is a stand-in for `mtgjudge conformance` while the harness is being
built: it turns `mtgjudge dump --json` into protocol probes, sends only
those within the engine's handshake, and compares `final` with the probes'
expectations using the rules of rulings/README.md ("Expectations"). The real
judge is the harness; this script exists to measure the adapter.

    python3 scripts/corpus.py --dump dump.json --engine target/release/mtgjudge-manabrew
    python3 scripts/corpus.py --dump dump.json --engine ... --only combat/ --show-failures

It prints one line per probe that fails or errors, then the counts. With
--write-probes FILE it also writes the probes it sent, one JSON line each.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import subprocess
import sys
import time
from pathlib import Path

PER_PLAYER = {"life", "party", "mana_pool", "discarded"}
PER_OBJECT = {
    "damage",
    "dealt_by",
    "zone",
    "keywords",
    "affinity",
    "power_toughness",
    "tapped",
    "loyalty",
    "controller",
    "mana_value",
    "names",
    "types",
    "subtypes",
    "colors",
    "same_object",
    "attached_to",
    "total_cost",
    "triggered",
    "has_chosen_name",
    "regeneration_shields",
}
KEYED = {"counters", "paid"}
ERROR_CATEGORY = {
    "IllegalAttackError": "attack",
    "IllegalBlockError": "block",
    "IllegalDamageAssignmentError": "assignment",
    "IllegalCastError": "cast",
    "IllegalPaymentError": "payment",
    "IllegalActionError": "action",
}
ZONES = ("battlefield", "hand", "graveyard", "library", "exile")


def probes_of(dump: dict, only: str | None):
    """(probe message, expectations, ruling) for every probe of the corpus."""
    for ruling in dump["rulings"]:
        if only and not ruling["path"].startswith(only):
            continue
        inst = ruling.get("instance", ruling)
        setup = json.loads(json.dumps(inst["setup"]))
        setup["players"] = [
            p if isinstance(p, dict) else {"name": p, "life": 20} for p in setup["players"]
        ]
        for p in setup["players"]:
            p.setdefault("life", 20)
        for probe in inst["probe"]:
            expect = probe["expect"]
            observe: dict = {}
            for key, value in expect.items():
                if key == "error":
                    continue
                if key in PER_PLAYER or key in PER_OBJECT:
                    observe[key] = sorted(value)
                elif key in KEYED:
                    observe[key] = {k: sorted(v) for k, v in value.items()}
                elif key == "card_count":
                    observe[key] = [{k: v for k, v in q.items() if k != "count"} for q in value]
                else:
                    observe[key] = True
            message = {
                "type": "probe",
                "id": f"{inst['id']}/{probe['id']}",
                "setup": setup,
                "actions": probe["actions"],
                "observe": observe,
            }
            yield message, expect, inst


def needs(message: dict, inst: dict) -> dict[str, set[str]]:
    """What a probe needs from the handshake."""
    setup = message["setup"]
    setup_keys = set(setup)
    for player in setup["players"]:
        setup_keys |= {f"player.{k}" for k in player if k != "name"}
    for zone in ZONES:
        for obj in setup.get(zone, {}).values():
            setup_keys |= {f"object.{k}" for k in obj if k not in ("name", "controller")}
    return {
        "features": set(inst["features"]),
        "actions": {next(iter(a)) for a in message["actions"]},
        "setup": setup_keys,
        "observations": set(message["observe"]),
    }


def missing(need: dict[str, set[str]], supports: dict) -> list[str]:
    out = []
    for kind, wanted in need.items():
        out += [f"{kind}:{w}" for w in sorted(wanted - set(supports.get(kind, [])))]
    return out


def multiset_match(expected: list[dict], observed: list[dict], keys: tuple[str, ...]) -> bool:
    if len(expected) != len(observed):
        return False
    left = list(observed)
    for e in expected:
        for i, o in enumerate(left):
            if all(k not in e or e[k] == o.get(k) for k in keys):
                del left[i]
                break
        else:
            return False
    return True


def holds(key: str, want, obs: dict) -> bool:
    if key not in obs:
        return False
    got = obs[key]
    if key in ("died", "lost", "attacking", "blocking", "regenerated"):
        return sorted(want) == sorted(got)
    if key == "dealt":
        return multiset_match(want, got, ("source", "to", "amount", "step"))
    if key == "life_gained":
        return multiset_match(want, got, ("player", "amount", "source"))
    if key == "prevented":
        return multiset_match(want, got, ("source", "to", "amount"))
    if key == "keywords":
        return all(
            sorted(k.lower() for k in v) == sorted(k.lower() for k in got.get(o, []))
            for o, v in want.items()
        )
    if key == "counters":
        return all(
            all(got.get(o, {}).get(kind, 0) == n for kind, n in v.items()) for o, v in want.items()
        )
    if isinstance(want, dict):
        return all(got.get(k) == v for k, v in want.items())
    return want == got


def judge(expect: dict, answer: dict, n_actions: int) -> tuple[str, list[str]]:
    """'pass', 'fail' or 'vacuous', with what differed."""
    final, initial, refused = (
        answer.get("final") or {},
        answer.get("initial") or {},
        answer.get("refused"),
    )
    diffs = []
    err = expect.get("error")
    if err:
        want_cat = ERROR_CATEGORY.get(err.get("type", ""), "")
        want = f"{want_cat}:{err['fault']}" if "fault" in err else want_cat
        ok = (
            refused is not None
            and refused.get("action") == n_actions - 1
            and (
                refused.get("fault") == want
                if ":" in want
                else str(refused.get("fault", "")).split(":")[0] == want
            )
        )
        if not ok:
            diffs.append(
                f"error: expected refusal {want} at action {n_actions - 1}, observed {json.dumps(refused)}"
            )
    elif refused is not None:
        diffs.append(f"refused: observed {json.dumps(refused)}")
    for key, want in expect.items():
        if key == "error":
            continue
        if not holds(key, want, final):
            diffs.append(
                f"{key}: expected {json.dumps(want)}, observed {json.dumps(final.get(key))}"
            )
    if diffs:
        return "fail", diffs
    keys = [k for k in expect if k != "error"]
    if keys and not err and all(holds(k, expect[k], initial) for k in keys):
        return "vacuous", ["all expectations hold before the actions"]
    return "pass", []


class Engine:
    def __init__(self, cmd: list[str]):
        self.cmd = cmd
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, message: dict) -> dict:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(message) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("engine closed its output")
        return json.loads(line)

    def close(self):
        with contextlib.suppress(Exception):
            self.ask({"type": "bye"})
        self.proc.wait(timeout=5)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dump", required=True, help="output of `mtgjudge dump --json`")
    ap.add_argument("--engine", required=True, help="engine command (split on spaces)")
    ap.add_argument("--only", help="path prefix of ruling files, e.g. combat/")
    ap.add_argument("--show-failures", action="store_true")
    ap.add_argument("--write-probes", help="write the probes sent, one JSON line each")
    ap.add_argument("--json", help="write every result as JSON")
    args = ap.parse_args()

    dump = json.loads(Path(args.dump).read_text(encoding="utf-8"))
    engine = Engine(args.engine.split())
    hello = engine.ask({"type": "hello", "protocol": 1})
    supports = hello["supports"]
    counts: collections.Counter = collections.Counter()
    not_sent: collections.Counter = collections.Counter()
    results = []
    sent: list[str] = []
    times = []
    for message, expect, inst in probes_of(dump, args.only):
        counts["selected"] += 1
        lack = missing(needs(message, inst), supports)
        if lack:
            counts["not sent"] += 1
            for item in lack:
                not_sent[item] += 1
            continue
        sent.append(json.dumps(message) + "\n")
        start = time.perf_counter()
        answer = engine.ask(message)
        times.append(time.perf_counter() - start)
        kind = answer.get("type")
        if answer.get("id") != message["id"]:
            verdict, diffs = "error", [f"answer for {answer.get('id')!r}"]
        elif kind == "result":
            verdict, diffs = judge(expect, answer, len(message["actions"]))
        elif kind == "unsupported":
            verdict, diffs = "unsupported", [answer.get("reason", "")]
        else:
            verdict, diffs = "error", [answer.get("message", json.dumps(answer))]
        counts[verdict] += 1
        results.append(
            {"id": message["id"], "verdict": verdict, "details": diffs, "answer": answer}
        )
        if verdict in ("fail", "error", "vacuous") or (
            args.show_failures and verdict == "unsupported"
        ):
            print(f"{verdict.upper()} {message['id']}: " + "; ".join(diffs))
    engine.close()
    if args.write_probes:
        Path(args.write_probes).write_text("".join(sent), encoding="utf-8")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1), encoding="utf-8")
    answered = counts["pass"] + counts["fail"] + counts["vacuous"]
    print(
        f"{counts['selected']} probes, {counts['not sent']} not sent (outside the handshake), "
        f"{answered} answered: {counts['pass']} passed, {counts['fail']} failed, "
        f"{counts['vacuous']} vacuous; {counts['unsupported']} unsupported, {counts['error']} errors"
    )
    if times:
        times.sort()
        print(
            f"per probe: median {1000 * times[len(times) // 2]:.2f} ms, "
            f"max {1000 * times[-1]:.2f} ms, total {sum(times):.2f} s"
        )
    if args.show_failures:
        for item, n in not_sent.most_common(25):
            print(f"  not sent, needs {item}: {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
