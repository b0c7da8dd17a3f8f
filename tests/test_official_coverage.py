"""The corpus against the official material: every seed statement is
executable, and every official ruling text is either encoded or listed as
unsupported with a reason.

The material is in ../shared beside a checkout; a clean clone (as CI has)
reads tests/data/official.json instead: each official text's SHA-256, its
cards and dates, and each seed statement's SHA-256, made from ../shared by
``python tests/test_official_coverage.py`` and checked against it whenever
../shared is there."""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

import pytest

from mtgjudge.check import check_ruling
from mtgjudge.format.corpus import load_corpus
from mtgjudge.format.unsupported import load_unsupported
from mtgjudge.judge.outcome import PASSED

SHARED = Path(__file__).resolve().parents[2] / "shared"
DIGESTS = Path(__file__).resolve().parent / "data" / "official.json"

#: Lines of the seed documents that are headings, not statements.
HEADINGS = {"Search", "Double Strike"}


def _normalize(text: str) -> str:
    """Texts are compared with curly and straight quotes made the same: the
    seeds and the newer Gatherer builds differ only in that."""
    return text.replace("’", "'").replace("“", '"').replace("”", '"').strip()


def seed_statements() -> list[str]:
    statements = []
    for path in sorted((SHARED / "seeds").glob("*.txt")):
        text = path.read_text(encoding="utf-8").replace("Search", "\nSearch\n")
        for line in text.splitlines():
            line = line.strip()
            if line and line not in HEADINGS and line not in statements:
                statements.append(line)
    return statements


def _digest(text: str) -> str:
    return hashlib.sha256(_normalize(text).encode()).hexdigest()


def digests_from_shared() -> dict:
    reference = json.loads((SHARED / "reference" / "rulings.json").read_text(encoding="utf-8"))
    return {
        "rulings": {
            entry["id"]: {
                "text_sha256": _digest(entry["text"]),
                "cards": sorted([c["card"], c["date"]] for c in entry["cards"]),
            }
            for entry in sorted(reference, key=lambda e: e["id"])
        },
        "seed_statements_sha256": [_digest(s) for s in seed_statements()],
    }


def official() -> dict:
    if SHARED.is_dir():
        return digests_from_shared()
    return json.loads(DIGESTS.read_text(encoding="utf-8"))


OFFICIAL = official()
CORPUS = load_corpus()


def test_every_seed_statement_is_a_passing_ruling():
    passing = {
        _digest(ruling.text)
        for ruling in CORPUS.rulings
        if all(outcome.status == PASSED for outcome in check_ruling(ruling))
    }
    missing = [d for d in OFFICIAL["seed_statements_sha256"] if d not in passing]
    assert missing == []


def test_every_official_ruling_is_encoded_or_listed_unsupported():
    texts = {ref: entry["text_sha256"] for ref, entry in OFFICIAL["rulings"].items()}
    encoded = {r.source["reference"] for r in CORPUS.rulings if "reference" in r.source}
    unsupported = {entry.id: entry for entry in load_unsupported(CORPUS.root)}
    assert not encoded & set(unsupported), "a ruling is both encoded and listed unsupported"
    assert encoded | set(unsupported) == set(texts)
    # An encoded ruling carries the official text.
    for ruling in CORPUS.rulings:
        if "reference" in ruling.source:
            assert _digest(ruling.text) == texts[ruling.source["reference"]], ruling.id


def test_unsupported_reasons_are_reasons():
    for entry in load_unsupported(CORPUS.root):
        assert len(entry.reason) >= 15, entry.id
        vague = r"\b(todo|tbd|not done|not yet (done|encoded|implemented)|no time|for later)\b"
        assert not re.search(vague, entry.reason, re.I), entry.id


def test_encoded_rulings_cite_the_cards_and_dates_of_the_official_record():
    for ruling in CORPUS.rulings:
        ref = ruling.source.get("reference")
        if ref is None:
            continue
        official = {tuple(card) for card in OFFICIAL["rulings"][ref]["cards"]}
        cited = {(c["name"], c["date"]) for c in ruling.source.get("cards", [])}
        assert cited and cited <= official, ruling.id


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared is not present")
def test_the_digests_a_clean_clone_reads_are_those_of_the_official_material():
    assert json.loads(DIGESTS.read_text(encoding="utf-8")) == digests_from_shared()


if __name__ == "__main__":
    DIGESTS.write_text(json.dumps(digests_from_shared(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {DIGESTS}", file=sys.stderr)
