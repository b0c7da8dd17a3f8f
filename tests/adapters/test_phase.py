"""The phase.rs adapter (mtgjudge.adapters.phase) on real corpus probes.

The expected values below are worked out from the Comprehensive Rules
(2026-01-16), with the rule numbers beside them, not taken from a run. They
agree with the rulings' own expectations. Skipped when phase-python isn't
installed (``pip install 'mtgjudge[phase]'``).
"""

from __future__ import annotations

import io
import json
import random
import sys
from collections import Counter
from importlib.metadata import version

import pytest

if sys.version_info >= (3, 11):
    pass
else:  # pragma: no cover - phase-python needs 3.11
    pass

pytest.importorskip("phase")

from mtgjudge.adapters.phase import PhaseEngine, serve
from mtgjudge.format.corpus import load_corpus
from mtgjudge.judge import probes as judge_probes

CORPUS = load_corpus()


@pytest.fixture(scope="module")
def engine() -> PhaseEngine:
    return PhaseEngine()


def probe_message(ruling_id: str, probe_id: str, observe: dict | None = None) -> dict:
    """The protocol's probe message for a corpus probe, as the harness sends
    it (mtgjudge.judge.probes), with another ``observe`` if given."""
    (ruling,) = [r for r in CORPUS.rulings if r.id == ruling_id]
    (probe,) = [p for p in ruling.probes if p.id == probe_id]
    message = judge_probes.probe_message(ruling, probe)
    if observe is not None:
        message["observe"] = observe
    return message


def events(values: list[dict]) -> Counter:
    return Counter(json.dumps(v, sort_keys=True) for v in values)


def test_handshake(engine: PhaseEngine) -> None:
    hello = engine.hello()
    assert hello["type"] == "hello"
    assert hello["protocol"] == 1
    assert hello["engine"] == {"name": "phase.rs", "version": version("phase-python")}
    supports = hello["supports"]
    assert set(supports["features"]) <= set(CORPUS.features)
    assert {"first_strike", "double_strike", "trample", "deathtouch", "lifelink"} <= set(
        supports["features"]
    )
    assert {"attack", "block", "damage", "advance", "grant"} <= set(supports["actions"])
    # What it can't do, it doesn't claim: no casting of the corpus's spells,
    # no mana, no prevention or replacement effects.
    assert "cast" not in supports["actions"]
    assert not {"object.resolve", "object.prevents", "player.mana"} & set(supports["setup"])
    assert not {"damage_prevention", "payment"} & set(supports["features"])
    assert {"life", "dealt", "died", "zone", "damage_steps"} <= set(supports["observations"])


def test_faults_and_words_are_the_protocols() -> None:
    # Every fault the adapter can name is in the protocol's closed list, and
    # every word of its handshake is one the protocol knows.
    faults = pytest.importorskip("mtgjudge.protocol.faults")
    vocabulary = pytest.importorskip("mtgjudge.protocol.vocabulary")
    from mtgjudge.adapters.phase import faults as phase_faults

    named = {fault for _, _, fault, _ in phase_faults.REFUSALS}
    named |= {"action:no_blockers_step", "action:no_damage_step", "action:stack_empty"}
    assert named <= set(faults.FAULTS)
    for _, _, fault, rule in phase_faults.REFUSALS:
        assert rule in faults.FAULTS[fault][0], fault
    supports = PhaseEngine().hello()["supports"]
    assert set(supports["actions"]) <= set(vocabulary.ACTIONS)
    assert set(supports["observations"]) <= set(vocabulary.OBSERVATIONS)
    assert set(supports["setup"]) <= set(vocabulary.SETUP_FEATURES)


def test_double_strike_blocker_two_steps(engine: PhaseEngine) -> None:
    # 510.4: a blocker with double strike makes a first-strike damage step;
    # 702.4b: it deals damage in both steps (1 + 1 to the 2/2), and the bear
    # deals its 2 in the regular step; both die (704.5g).
    answer = engine.run(probe_message("CR-506.1", "blocker-with-double-strike"))
    assert answer["type"] == "result", answer
    assert answer["refused"] is None
    final = answer["final"]
    assert events(final["dealt"]) == events(
        [
            {"source": "fencer", "to": "bear", "amount": 1, "step": "first_strike"},
            {"source": "fencer", "to": "bear", "amount": 1, "step": "regular"},
            {"source": "bear", "to": "fencer", "amount": 2, "step": "regular"},
        ]
    )
    assert sorted(final["died"]) == ["bear", "fencer"]
    assert final["steps"] == [
        "beginning_of_combat",
        "declare_attackers",
        "declare_blockers",
        "first_strike_damage",
        "combat_damage",
        "end_of_combat",
    ]
    assert answer["initial"]["dealt"] == [] and answer["initial"]["died"] == []


def test_first_strike_attacker_two_damage_steps(engine: PhaseEngine) -> None:
    # 510.4 / 506.1: an attacker with first strike: two combat damage steps.
    answer = engine.run(probe_message("CR-506.1", "attacker-with-first-strike"))
    assert answer["type"] == "result", answer
    assert answer["final"]["damage_steps"] == ["first_strike", "regular"]


def test_double_strike_keeps_striking(engine: PhaseEngine) -> None:
    # 702.4b: a 3/1 double striker blocked by a 2/4 deals 3 in each step; the
    # 2/4 has 6 damage and dies, and its 2 in the regular step kill the 3/1.
    answer = engine.run(probe_message("R33933e12", "keeps-double-strike"))
    assert answer["type"] == "result", answer
    assert events(answer["final"]["dealt"]) == events(
        [
            {"source": "duelist", "to": "wall", "amount": 3, "step": "first_strike"},
            {"source": "duelist", "to": "wall", "amount": 3, "step": "regular"},
            {"source": "wall", "to": "duelist", "amount": 2, "step": "regular"},
        ]
    )
    assert sorted(answer["final"]["died"]) == ["duelist", "wall"]


def test_trample_explicit_division(engine: PhaseEngine) -> None:
    # 702.19b: the 5/5 trampler assigns lethal damage (1) or more to the 4/1
    # and the rest to Bob: 3 and 2 is legal; Bob goes to 18, the 4/1 dies.
    answer = engine.run(probe_message("Rcf6442b6", "three-and-two"))
    assert answer["type"] == "result", answer
    assert answer["refused"] is None
    assert answer["final"]["life"] == {"Bob": 18}
    assert answer["final"]["died"] == ["ambusher"]
    assert answer["initial"]["life"] == {"Bob": 20}


def test_trample_without_lethal_is_refused(engine: PhaseEngine) -> None:
    # 702.19b: all 5 to Bob, none to the blocker, is an illegal assignment.
    answer = engine.run(probe_message("Rcf6442b6", "none-to-ambusher", observe={}))
    assert answer["type"] == "result", answer
    refused = answer["refused"]
    assert refused["action"] == 2
    assert refused["fault"] == "assignment:trample_without_lethal"
    assert refused["rule"] == "702.19b"


def test_deathtouch_one_damage_is_lethal(engine: PhaseEngine) -> None:
    # 702.2c: 1 damage from a deathtouch source is lethal, so a 1/1 deathtouch
    # attacker blocked by five 2/2s may put its 1 on any one of them (510.1c);
    # that one is destroyed (704.5h) and the five blockers' 10 kill the 1/1.
    answer = engine.run(probe_message("R254c77e2", "power-one-chosen-blocker"))
    assert answer["type"] == "result", answer
    assert sorted(answer["final"]["died"]) == ["assassin", "b3"]
    assert answer["final"]["zone"] == dict.fromkeys(["b1", "b2", "b4", "b5"], "battlefield")


def test_deathtouch_wrong_total_is_refused(engine: PhaseEngine) -> None:
    # 510.1a: a creature assigns damage equal to its power: 1 + 1 from a 1/1 isn't.
    answer = engine.run(probe_message("R254c77e2", "power-one-cant-split-two", observe={}))
    assert answer["refused"]["action"] == 2
    assert answer["refused"]["fault"] == "assignment:wrong_total"


def test_lifelink_trampler_one_event(engine: PhaseEngine) -> None:
    # 702.15b, 702.15e, 119.9: the 6/6 lifelink trampler deals 2 to the 2/2 and
    # 4 to Bob at once: one life-gain event of 6 for Alice; Bob 16, Alice 26.
    answer = engine.run(probe_message("R1952acf5", "trample-one-event"))
    assert answer["type"] == "result", answer
    final = answer["final"]
    assert final["life_gained"] == [{"player": "Alice", "amount": 6, "source": "trampler"}]
    assert final["life"] == {"Alice": 26, "Bob": 16}
    assert final["died"] == ["guard"]


def test_lifelink_two_sources_two_events(engine: PhaseEngine) -> None:
    # 702.15e: each lifelink source's damage is its own life-gain event: 3 and 2.
    answer = engine.run(probe_message("R1952acf5", "two-lifelinkers"))
    assert answer["type"] == "result", answer
    assert events(answer["final"]["life_gained"]) == events(
        [
            {"player": "Alice", "amount": 3, "source": "first"},
            {"player": "Alice", "amount": 2, "source": "second"},
        ]
    )
    assert answer["final"]["life"] == {"Alice": 25, "Bob": 15}


def test_menace_single_blocker_is_refused(engine: PhaseEngine) -> None:
    # 702.111b: a creature with menace can't be blocked except by two or more
    # creatures. The grant comes first (a real until-end-of-turn effect).
    answer = engine.run(probe_message("R687a652d", "one-blocker-illegal", observe={}))
    assert answer["type"] == "result", answer
    assert answer["refused"]["action"] == 2
    assert answer["refused"]["fault"] == "block:menace"
    assert answer["refused"]["rule"] == "702.111b"


def test_static_ability_with_a_condition(engine: PhaseEngine) -> None:
    # The Lancer (1/1 Knight) has double strike while Alice controls a Dinosaur
    # (604.2). The 3/3 first striker blocking the Dinosaur kills it in the
    # first-strike step; then the Lancer no longer has double strike, so it
    # deals no damage in the regular step (510.4: only creatures that
    # "currently have double strike"). Bob: 20 - 1 = 19.
    answer = engine.run(
        probe_message(
            "R17876fb2",
            "dinosaur-dies-in-first-step",
            observe={"dealt": True, "died": True, "life": ["Bob"], "keywords": ["lancer"]},
        )
    )
    assert answer["type"] == "result", answer
    assert answer["initial"]["keywords"] == {"lancer": ["double strike"]}
    final = answer["final"]
    assert events(final["dealt"]) == events(
        [
            {"source": "lancer", "to": "Bob", "amount": 1, "step": "first_strike"},
            {"source": "guard", "to": "dino", "amount": 3, "step": "first_strike"},
        ]
    )
    assert final["died"] == ["dino"]
    assert final["life"] == {"Bob": 19}
    assert final["keywords"] == {"lancer": []}


def test_noncombat_damage_with_lifelink(engine: PhaseEngine) -> None:
    # 702.15b: damage dealt by a source with lifelink, combat or not, makes its
    # controller gain that much life: the 3/3 deals 3 to the 2/4; Alice 23.
    message = probe_message(
        "R1b3f58c3",
        "noncombat-damage",
        observe={"life": ["Alice"], "damage": ["ogre"], "dealt": True, "life_gained": True},
    )
    answer = engine.run(message)
    assert answer["type"] == "result", answer
    final = answer["final"]
    assert final["life"] == {"Alice": 23}
    assert final["damage"] == {"ogre": 3}
    assert final["dealt"] == [{"source": "bear", "to": "ogre", "amount": 3, "step": "noncombat"}]
    assert final["life_gained"] == [{"player": "Alice", "amount": 3, "source": "bear"}]


def test_life_gain_triggers_once_per_lifelink_source(engine: PhaseEngine) -> None:
    # 702.15e, 119.9: two 3/3 lifelinkers hitting Bob are two life-gain
    # events, so Ajani's Pridemate's "whenever you gain life" triggers twice
    # (603.2); both abilities wait on the stack after the damage step (510.3a).
    answer = engine.run(probe_message("R4c4887e9", "two-lifelinkers"))
    assert answer["type"] == "result", answer
    final = answer["final"]
    assert final["life"] == {"Alice": 26, "Bob": 14}
    assert final["triggered"] == {"pridemate": 2}
    assert final["stack"] == ["trigger:pridemate", "trigger:pridemate"]
    assert answer["initial"]["stack"] == [] and answer["initial"]["triggered"] == {"pridemate": 0}


def test_action_between_damage_steps_is_unsupported(engine: PhaseEngine) -> None:
    # phase.rs deals both combat damage steps in one call: a grant between them
    # (702.4d) can't be taken, and the adapter says so rather than guess.
    answer = engine.run(probe_message("CR-702.4d", "unblocked"))
    assert answer["type"] == "unsupported"
    assert "510.4" in answer["reason"] and "grant" in answer["reason"]
    assert answer["id"] == "CR-702.4d/unblocked"


GARBAGE = [
    None,
    "probe",
    42,
    [],
    {},
    {"type": "probe"},
    {"type": "probe", "id": "x", "setup": [], "actions": [], "observe": {}},
    {"type": "probe", "id": "x", "setup": {"players": []}, "actions": {}, "observe": []},
    {"type": "probe", "id": "x", "setup": {"players": ["A", "A"]}, "actions": []},
    {"type": "probe", "id": "x", "setup": {"players": ["A", "B", "C"]}, "actions": []},
    {
        "type": "probe",
        "id": "x",
        "setup": {
            "players": ["A", "B"],
            "battlefield": {"b": {"controller": "A", "power": "two", "toughness": None}},
        },
        "actions": [{"attack": {"b": "B"}}],
        "observe": {"life": ["B"]},
    },
    {
        "type": "probe",
        "id": "x",
        "setup": {
            "players": ["A", "B"],
            "battlefield": {"b": {"controller": "A", "power": 2, "toughness": 2}},
        },
        "actions": [{"attack": {"b": "nobody"}}, {"block": {"b": ["b", "b"]}}, {"damage": 7}],
        "observe": {"life": ["B"], "zone": ["ghost"]},
    },
    {
        "type": "probe",
        "id": "x",
        "setup": {
            "players": [{"name": "A", "life": 10**30}, "B"],
            "battlefield": {"b": {"controller": "A", "power": 2**40, "toughness": -5}},
        },
        "actions": [{"pump": {"b": "+1/+1"}}, {"advance": "combat_damage"}, {"nonsense": 1}],
        "observe": {"power_toughness": ["b"]},
    },
    {
        "type": "probe",
        "id": "x",
        "setup": {
            "players": ["A", "B"],
            "battlefield": {"b": {"controller": "A", "power": 2, "toughness": 2}},
        },
        "actions": [
            {"attack": {"b": "B"}},
            {"block": {}},
            {"damage": {"b": {"B": -3}}},
            {"damage": {}},
            {"damage": {}},
            {"move": {"b": "exile"}},
            {"grant": {"b": ["flying"]}},
        ],
        "observe": {"life": ["B"], "zone": ["b"], "dealt": True},
    },
]


@pytest.mark.parametrize("message", GARBAGE, ids=range(len(GARBAGE)))
def test_no_exception_escapes(engine: PhaseEngine, message: object) -> None:
    answer = engine.run(message)  # type: ignore[arg-type]
    assert isinstance(answer, dict)
    assert answer["type"] in ("result", "unsupported", "error")
    if answer["type"] == "unsupported":
        assert answer["reason"]
    if answer["type"] == "error":
        assert answer["message"]
    json.dumps(answer)  # every answer is JSON


JUNK = [None, 0, -1, 10**9, "x", "", [], {}, True, 2.5, ["a"], {"a": 1}]
SEEDS = [
    ("CR-506.1", "blocker-with-double-strike"),
    ("Rcf6442b6", "three-and-two"),
    ("R254c77e2", "power-one-chosen-blocker"),
    ("R1952acf5", "trample-one-event"),
    ("R687a652d", "one-blocker-illegal"),
    ("R4c4887e9", "two-lifelinkers"),
    ("R17876fb2", "dinosaur-dies-in-first-step"),
]


def mutate(rng: random.Random, value: object) -> object:
    """One random change deep inside a message: a key dropped, a value
    replaced by junk, an entry repeated."""
    if isinstance(value, dict) and value and rng.random() < 0.75:
        value = dict(value)
        key = rng.choice(list(value))
        roll = rng.random()
        if roll < 0.25:
            del value[key]
        elif roll < 0.5:
            value[key] = rng.choice(JUNK)
        else:
            value[key] = mutate(rng, value[key])
        return value
    if isinstance(value, list) and value and rng.random() < 0.75:
        value = list(value)
        index = rng.randrange(len(value))
        roll = rng.random()
        if roll < 0.25:
            del value[index]
        elif roll < 0.5:
            value.insert(index, value[index])
        else:
            value[index] = mutate(rng, value[index])
        return value
    return rng.choice(JUNK)


def test_no_exception_escapes_mutated_corpus_probes(engine: PhaseEngine) -> None:
    rng = random.Random(13)
    seeds = [probe_message(r, p) for r, p in SEEDS]
    kinds = Counter()
    for _ in range(150):
        message = json.loads(json.dumps(rng.choice(seeds)))
        for _ in range(rng.randint(1, 3)):
            part = rng.choice(["setup", "actions", "observe"])
            message[part] = mutate(rng, message[part])
        answer = engine.run(message)
        json.dumps(answer)
        kinds[answer["type"]] += 1
        assert answer["type"] in ("result", "unsupported", "error")
        if answer["type"] == "error":
            # Junk is reported as a malformed probe, not as a crash of the adapter.
            assert answer["message"].startswith("malformed probe"), answer["message"]
    assert kinds["result"] and kinds["error"]


def test_serves_json_lines(engine: PhaseEngine) -> None:
    lines = [
        json.dumps({"type": "hello", "protocol": 1}),
        "this is not JSON",
        json.dumps(probe_message("Rcf6442b6", "three-and-two")),
        json.dumps({"type": "what"}),
        json.dumps({"type": "bye"}),
        json.dumps({"type": "hello", "protocol": 1}),  # after bye: not answered
    ]
    out = io.StringIO()
    assert serve(engine, io.StringIO("\n".join(lines) + "\n"), out) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a["type"] for a in answers] == ["hello", "error", "result", "error"]
    assert answers[2]["id"] == "Rcf6442b6/three-and-two"
    assert answers[2]["final"]["life"] == {"Bob": 18}
