"""Engines that misbehave, for the harness's tests. Each speaks the protocol
on stdin and stdout like any engine, wrapping our own model, and breaks in
the way its mode says:

- crash-at-start: exits before the handshake;
- crash-on-N: exits while running its Nth probe (counting from 1);
- hang: answers the handshake, then never answers a probe;
- garbage: writes a line that isn't JSON for each probe;
- wrong-id: answers each probe under another probe's id;
- slow: takes 3 seconds over each probe;
- liar: claims every feature, action and observation, then leaves out the
  observations it was asked for and names an object it wasn't;
- bad-handshake: claims protocol 2 and an action that doesn't exist;
- wrong-life: answers like the model, but every life total is one higher.
"""

from __future__ import annotations

import json
import sys
import time

from mtgjudge.adapters.model import ModelEngine


def main() -> int:
    mode = sys.argv[1]
    if mode == "crash-at-start":
        print("this engine crashes before its handshake", file=sys.stderr)
        return 3
    model = ModelEngine()
    probes = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "bye":
            return 0
        if message["type"] == "hello":
            answer = model.hello()
            if mode == "bad-handshake":
                answer["protocol"] = 2
                answer["supports"]["actions"].append("teleport")
            print(json.dumps(answer), flush=True)
            continue
        probes += 1
        if mode.startswith("crash-on-") and probes == int(mode.removeprefix("crash-on-")):
            print(f"crashing on probe {probes}", file=sys.stderr, flush=True)
            return 4
        if mode == "hang":
            time.sleep(3600)
        if mode == "garbage":
            print("Traceback (most recent call last): not JSON at all", flush=True)
            continue
        if mode == "slow":
            time.sleep(3)
        answer = model.run(message)
        if mode == "wrong-id":
            answer["id"] = "SOMEONE-ELSE/probe"
        if mode == "liar" and answer["type"] == "result":
            answer["final"] = {"life": {"Nobody": 20}}
        if mode == "wrong-life" and answer["type"] == "result":
            for observed in (answer["initial"], answer["final"]):
                for player in observed.get("life", {}):
                    observed["life"][player] += 1
        print(json.dumps(answer), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
