"""The example Rust engine (examples/rust-engine) through the protocol.

It is written from docs/protocol.md alone and declares only vanilla combat.
Every probe its handshake covers must pass, and the harness must report
every other probe as unsupported, without sending it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from mtgjudge.format.corpus import load_corpus
from mtgjudge.judge.outcome import PASSED, UNSUPPORTED
from mtgjudge.judge.run import run
from mtgjudge.protocol.process import ProcessEngine

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "mtgjudge-example-engine"
#: The probes of the corpus within the engine's handshake when it was written.
AT_LEAST = 51


@pytest.fixture(scope="module")
def binary() -> Path:
    """The engine, built (or found up to date) in the repository's target dir."""
    cargo = shutil.which("cargo")
    if cargo is None:
        pytest.skip("cargo is not installed")
    subprocess.run([cargo, "build", "-q", "-p", PACKAGE], cwd=ROOT, check=True)
    metadata = subprocess.run(
        [cargo, "metadata", "--format-version", "1", "--no-deps"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    path = Path(json.loads(metadata.stdout)["target_directory"]) / "debug" / PACKAGE
    assert path.is_file(), path
    return path


def test_declared_probes_pass_and_the_rest_is_unsupported(binary: Path) -> None:
    corpus = load_corpus()
    result = run(lambda: ProcessEngine([str(binary)]), corpus)
    total = sum(len(ruling.probes) for ruling in corpus.rulings)
    assert len(result.outcomes) == total

    wrong = [
        f"{o.id}: {o.status}: {o.message}"
        for o in result.outcomes
        if o.status not in (PASSED, UNSUPPORTED)
    ]
    assert wrong == []
    assert sum(o.status == PASSED for o in result.outcomes) >= AT_LEAST

    # The handshake keeps out whatever the engine can't do: the harness
    # doesn't send those probes, and the engine never answers `unsupported`
    # to one it was sent.
    unsupported = [o for o in result.outcomes if o.status == UNSUPPORTED]
    assert unsupported
    assert sum(o.status == PASSED for o in result.outcomes) + len(unsupported) == total
    sent = [o.id for o in unsupported if not (o.message or "").startswith("not sent")]
    assert sent == []
