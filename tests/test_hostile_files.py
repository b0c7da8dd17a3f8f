"""One bad file never stops the others (issue 11, section 2).

Each hostile entry of :mod:`hostile_cases`, alone in a folder beside a good
ruling, gives one error naming the file, the key path and what was expected,
while the good ruling still runs, the closing line is printed and the exit
status is non-zero: for ``mtgjudge check``, ``mtgjudge fuzz`` and pytest.

Each tool runs on every case's folder in one subprocess with a time limit,
so that a case that hangs (a FIFO, a parser bomb) fails here instead of
hanging the suite. Nothing is timed: the limit is there only to stop a hang.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import GOOD_RULING, make_corpus
from hostile_cases import CASES, make_folder

TESTS = Path(__file__).resolve().parent
#: Enough for every case many times over; a case that hangs takes forever.
LIMIT = 240


def _run_all(tool: str, base: Path) -> dict[str, dict]:
    folders = [str(make_folder(base / tool, name)) for name in sorted(CASES)]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]),
    }
    try:
        done = subprocess.run(
            [sys.executable, str(TESTS / "hostile_cases.py"), tool, *folders],
            capture_output=True,
            text=True,
            timeout=LIMIT,
            env=env,
            cwd=base,
        )
    except subprocess.TimeoutExpired as stopped:
        progress = (
            (stopped.stderr or b"").decode(errors="replace")
            if isinstance(stopped.stderr, bytes)
            else (stopped.stderr or "")
        )
        pytest.fail(f"{tool} didn't finish in {LIMIT} s; it was {progress.splitlines()[-1:]}")
    results = {}
    for line in done.stdout.splitlines():
        record = json.loads(line)
        results[Path(record["folder"]).name] = record
    assert len(results) == len(CASES), done.stderr[-3000:]
    return results


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, dict[str, dict]]:
    base = tmp_path_factory.mktemp("hostile")
    return {tool: _run_all(tool, base) for tool in ("check", "fuzz", "pytest")}


def _error_lines(output: str, name: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith("ERROR") and name in line]


@pytest.mark.parametrize("case", sorted(CASES))
def test_check_reports_the_bad_file_and_runs_the_good_one(runs, case):
    record = runs["check"][case]
    entry = CASES[case]
    assert record["status"] == 1, record["output"]
    errors = _error_lines(record["output"], entry.name)
    assert len(errors) >= 1, record["output"]
    assert entry.key_path in errors[0] and entry.expected in errors[0], errors[0]
    last = record["output"].splitlines()[-1]
    assert last.startswith("1 passed, 0 failed, "), last
    assert "error" in last


@pytest.mark.parametrize("case", sorted(CASES))
def test_fuzz_reports_the_bad_file_and_fuzzes_the_rest(runs, case):
    record = runs["fuzz"][case]
    entry = CASES[case]
    assert record["status"] == 1, record["output"]
    errors = _error_lines(record["output"], entry.name)
    assert errors and entry.key_path in errors[0] and entry.expected in errors[0], record["output"]
    last = record["output"].splitlines()[-1]
    assert last.startswith("failed: ") and "didn't load" in last and "examples passed" in last


@pytest.mark.parametrize("case", sorted(CASES))
def test_pytest_reports_the_bad_file_and_runs_the_good_one(runs, case):
    record = runs["pytest"][case]
    entry = CASES[case]
    output = record["output"]
    assert record["status"] == 1, output
    failed = [
        line for line in output.splitlines() if line.startswith("FAILED") and entry.name in line
    ]
    assert failed, output
    assert entry.key_path in output and entry.expected in output, output
    assert re.match(r"\d+ failed, 1 passed", output.splitlines()[-1]), output.splitlines()[-1]


# ----- paths that aren't errors, but are never skipped silently -----


def _check(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mtgjudge", "check", *args],
        capture_output=True,
        text=True,
        timeout=LIMIT,
    )


OTHER = GOOD_RULING.replace('id = "TEST-good"', 'id = "TEST-other"')


def test_a_linked_subfolder_is_followed(tmp_path):
    root = make_corpus(tmp_path, {"a-good.toml": GOOD_RULING})
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "other.toml").write_text(OTHER, encoding="utf-8")
    os.symlink(elsewhere, root / "linked")
    done = _check(str(root))
    assert done.returncode == 0, done.stdout
    assert done.stdout.splitlines()[-1] == "2 passed, 0 failed"


def test_a_folder_reached_twice_is_read_once_and_said_so(tmp_path):
    root = make_corpus(tmp_path, {"sub/a-good.toml": GOOD_RULING})
    os.symlink(root / "sub", root / "sub-again")
    done = _check(str(root))
    lines = done.stdout.splitlines()
    assert any(
        line.startswith("SKIPPED") and "sub-again" in line and "the same folder as" in line
        for line in lines
    ), lines
    assert lines[-1] == "1 passed, 0 failed, 1 skipped"


def test_a_file_named_like_the_corpus_files_in_a_subfolder_is_a_ruling(tmp_path):
    root = make_corpus(
        tmp_path,
        {"a-good.toml": GOOD_RULING, "sub/pyproject.toml": OTHER, "sub/features.toml": "x = 1"},
    )
    done = _check(str(root))
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert any("sub/features.toml" in line and "x: unknown key" in line for line in lines), lines
    assert lines[-1] == "2 passed, 0 failed, 1 error"


def test_a_loop_of_links_given_as_a_path(tmp_path):
    root = make_corpus(tmp_path, {"a-good.toml": GOOD_RULING})
    os.symlink(root / "b", root / "a")
    os.symlink(root / "a", root / "b")
    done = _check(str(root / "a"), str(root / "a-good.toml"))
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert any(line.startswith("ERROR") and "a loop of symbolic links" in line for line in lines)
    assert lines[-1] == "1 passed, 0 failed, 1 error"


def test_pytest_collects_a_corpus_reached_through_a_link_once(tmp_path):
    root = make_corpus(tmp_path, {"a-good.toml": GOOD_RULING})
    os.symlink(root, tmp_path / "link")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "corpus", "link"],
        capture_output=True,
        text=True,
        timeout=LIMIT,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout
    assert "1 passed, 1 skipped" in done.stdout.splitlines()[-1]
    assert "the same as" in done.stdout
