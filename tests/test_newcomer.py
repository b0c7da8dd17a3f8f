"""What a newcomer trips over (issue 11, section 4): the command line's
basics, dump, --features, explain, pytest's reports, fuzz reproducers and
the names in messages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from helpers import GOOD_RULING, make_corpus
from mtgjudge import __version__
from mtgjudge.cli import main

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 120

WRONG = GOOD_RULING.replace('id = "TEST-good"', 'id = "TEST-wrong"').replace(
    "expect.life = { Bob = 18 }", "expect.life = { Bob = 17 }"
)


#: The command, as its entry point runs it.
MAIN = "import sys; from mtgjudge.cli import main; sys.exit(main(sys.argv[1:]))"


def _run(*args: str, cwd=None, env=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, timeout=LIMIT, cwd=cwd, env=env
    )


# ----- the command line's basics -----


def test_version_and_python_dash_m():
    done = _run("-m", "mtgjudge", "--version")
    assert done.returncode == 0
    assert done.stdout.strip() == f"mtgjudge {__version__}"


def test_a_closed_pipe_ends_quietly():
    reader = subprocess.Popen(
        [sys.executable, "-c", MAIN, "dump", "--json", "--indent"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert reader.stdout is not None
    reader.stdout.readline()
    reader.stdout.close()  # as `| head -1` does
    _, err = reader.communicate(timeout=LIMIT)
    assert b"Traceback" not in err and b"BrokenPipeError" not in err
    assert reader.returncode == 1


def test_fuzz_without_hypothesis_says_what_to_install(tmp_path):
    # A hypothesis that can't be imported: the first on the path, broken.
    (tmp_path / "hypothesis").mkdir()
    (tmp_path / "hypothesis" / "__init__.py").write_text(
        "raise ModuleNotFoundError('No module named hypothesis', name='hypothesis')\n"
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]),
    }
    done = _run("-c", MAIN, "fuzz", "--list", env=env)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "mtgjudge fuzz needs hypothesis" in done.stderr


# ----- dump -----


def test_dump_takes_relative_paths_links_and_folders_without_features(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "good.toml").write_text(GOOD_RULING, encoding="utf-8")
    for args, cwd, path in [
        (["rulings/combat"], ROOT, "combat/CR-122.1b.toml"),
        (["rulings"], ROOT, "combat/CR-122.1b.toml"),
        (["mine"], tmp_path, "mine/good.toml"),
    ]:
        done = _run("-m", "mtgjudge", "dump", "--json", *args, cwd=cwd)
        assert done.returncode == 0, done.stderr
        assert path in [r["path"] for r in json.loads(done.stdout)["rulings"]]


# ----- check --features -----


def test_an_unknown_feature_is_an_error(capsys):
    assert main(["check", "--features", "first_strke"]) == 2
    assert "unknown feature 'first_strke' (did you mean 'first_strike'?)" in capsys.readouterr().err


def test_a_run_where_no_probe_ran_fails_and_counts_the_skipped(tmp_path, capsys):
    root = make_corpus(tmp_path, {"good.toml": GOOD_RULING})
    # The ruling needs damage_assignment: first_strike alone leaves it out.
    assert main(["check", str(root), "--features", "first_strike"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "0 passed, 0 failed, 1 skipped"
    assert "no probe ran" in out[-2]
    assert main(["check", str(root), "--features", "damage_assignment"]) == 0


# ----- explain -----


def test_explain_shows_why_a_file_didnt_load(tmp_path, capsys):
    broken = GOOD_RULING.replace("power = 2", "power = 2147483648")
    root = make_corpus(tmp_path, {"broken.toml": broken})
    assert main(["explain", "TEST-good", str(root)]) == 2
    err = capsys.readouterr().err
    assert "no ruling or probe with id 'TEST-good'" in err
    assert "broken.toml: setup.battlefield.bear.power: expected an integer from" in err


def test_messages_name_objects_as_the_file_does(tmp_path, capsys):
    flying = GOOD_RULING.replace("toughness = 2\n", 'toughness = 2\nkeywords = ["flying"]\n', 1)
    flying = flying.replace(
        "[[probe]]",
        '[setup.battlefield.wall]\ncontroller = "Bob"\npower = 0\ntoughness = 4\n\n[[probe]]',
    )
    flying = flying.replace("{ block = {} }", '{ block = { wall = "bear" } }')
    flying = flying.replace(
        'features = ["damage_assignment"]', 'features = ["damage_assignment", "flying"]'
    )
    root = make_corpus(tmp_path, {"t.toml": flying})
    assert main(["check", str(root)]) == 1
    out = capsys.readouterr().out
    assert "illegal block of bear by wall" in out
    assert "creature 0" not in out and "creature 1" not in out


# ----- pytest -----

pytest_plugins = ["pytester"]


def test_pytest_reports_the_verdict_in_the_summary_and_junit(
    pytester: pytest.Pytester, tmp_path, monkeypatch
):
    monkeypatch.setenv("COLUMNS", "300")  # room for the whole summary line
    root = make_corpus(tmp_path, {"good.toml": GOOD_RULING, "wrong.toml": WRONG})
    junit = tmp_path / "junit.xml"
    result = pytester.runpytest(str(root), "-rf", f"--junitxml={junit}")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        ["FAILED *wrong.toml::TEST-wrong/unblocked - failed: life.Bob: expected 17, got 18"]
    )
    messages = [f.get("message") for f in ET.parse(junit).iter("failure")]
    assert messages == ["failed: life.Bob: expected 17, got 18"]


def test_pytest_collects_a_folder_without_features_toml(pytester: pytest.Pytester, tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "good.toml").write_text(GOOD_RULING, encoding="utf-8")
    (folder / "wrong.toml").write_text(WRONG, encoding="utf-8")
    (folder / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    result = pytester.runpytest(str(folder))
    result.assert_outcomes(passed=1, failed=1)  # pyproject.toml has no probes: not a ruling
    assert main(["check", str(folder)]) == 1


@pytest.mark.skipif(not (ROOT / "rulings").is_symlink(), reason="needs the checkout's rulings link")
def test_pytest_at_the_root_collects_the_corpus_once():
    done = _run("-m", "pytest", "--co", "-q", "-p", "no:cacheprovider", ".", cwd=ROOT)
    assert done.returncode == 0, done.stdout[-2000:]
    items = done.stdout.splitlines()
    probes = [line for line in items if "::CR-506.1/" in line]
    assert probes and len(probes) == len({p.split("::")[1] for p in probes})
    # No file is collected a second time as a duplicate id.
    assert not [line for line in items if line.endswith(".toml::CR-506.1.toml")]


# ----- fuzz reproducers -----


def test_a_differential_reproducer_says_the_engine_differs():
    from mtgjudge.fuzz import targets
    from mtgjudge.fuzz.planted import planted
    from mtgjudge.fuzz.runner import run

    chosen = [t for t in targets([]) if t.name == "combat/differential"]
    report = run(chosen, planted("double-strike-once"), seconds=60, seed=1)
    assert report.failure is not None
    header = [line for line in report.failure.reproducer.splitlines() if line.startswith("#")]
    assert any("The engine differs from the reference model" in line for line in header)
    assert not any("agrees" in line for line in header)


# ----- the license -----


def test_the_license_is_mit():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "Copyright (c) 2026 the mtgjudge authors" in text


# ----- the documentation -----


def test_the_readmes_links_lead_somewhere():
    import re

    for readme in (ROOT / "README.md", ROOT / "python/mtgjudge/corpus/README.md"):
        text = readme.read_text(encoding="utf-8")
        anchors = {
            re.sub(r"[^a-z0-9 -]", "", heading.lower()).replace(" ", "-")
            for heading in re.findall(r"^#+ (.*)$", text, re.M)
        }
        for target in re.findall(r"\]\(([^)]+)\)", text):
            if target.startswith("http"):
                continue
            path, _, anchor = target.partition("#")
            if path:
                assert (readme.parent / path).exists(), f"{readme.name}: {target}"
            elif anchor:
                assert anchor in anchors, f"{readme.name}: {target}"


def test_the_schema_and_the_readme_say_the_same_of_died():
    from mtgjudge.format.schema import EXPECT_SPECS

    readme = (ROOT / "python/mtgjudge/corpus/README.md").read_text(encoding="utf-8")
    assert "put into a graveyard from the battlefield (700.4" in readme
    assert "put into a graveyard from the battlefield (700.4" in EXPECT_SPECS["died"].description
