"""Time limits: each probe's, in ``check``, ``fuzz`` and pytest, and the
whole run's in ``mtgjudge fuzz --seconds`` (issue 11, section 2).

Nothing is timed: a limit is set far below what the work would take, and
the test checks that the work was stopped, in a subprocess with a generous
limit of its own so that a limit that doesn't work fails instead of hanging.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

from helpers import GOOD_RULING, make_corpus

LIMIT = 120

PARAMETRIC = GOOD_RULING.replace(
    "[setup]", "parameters.n = { min = 0, max = 3, example = 2 }\n\n[setup]"
).replace("expect.life = { Bob = 18 }", 'expect.life = { Bob = "${20 - n}" }')
PARAMETRIC = PARAMETRIC.replace("power = 2", 'power = "${n}"')


def _run(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, timeout=LIMIT, cwd=cwd
    )


def test_a_time_limit_set_within_keeps_the_outer_one():
    # A probe's limit inside the run's budget: the run's budget still stops
    # a loop that would go on for hours, whether it runs during the probe
    # or after it.
    done = _run(
        "-c",
        textwrap.dedent(
            """
            from mtgjudge.fuzz.runner import OutOfTime, deadline
            from mtgjudge.judge.run import _time_limited

            def forever():
                for _ in range(10**12):
                    pass

            for inner in (forever, lambda: None):
                try:
                    with deadline(0.5):
                        _time_limited(30, inner)
                        forever()
                except OutOfTime:
                    print("stopped")
            """
        ),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["stopped", "stopped"]


def test_the_probe_time_limit_of_check_fuzz_and_pytest(tmp_path):
    root = make_corpus(tmp_path, {"p.toml": PARAMETRIC})
    # A limit no probe can meet: every probe runs out of time.
    check = _run("-m", "mtgjudge", "check", str(root), "--timeout", "0.000001")
    assert check.returncode == 1
    assert "no answer within 1e-06 s (the probe's time limit)" in check.stdout
    fuzz = _run(
        "-m", "mtgjudge", "fuzz", str(root), "--timeout", "0.000001", "--seconds", "60",
        "--seed", "1", "--only", "ruling/",
    )  # fmt: skip
    assert fuzz.returncode == 1
    assert "no answer within 1e-06 s (the probe's time limit)" in fuzz.stdout
    for option in (["--mtgjudge-timeout", "0.000001"], ["-o", "mtgjudge_timeout=0.000001"]):
        pytest_run = _run(
            "-m", "pytest", str(root), "-q", "-p", "no:cacheprovider", *option, cwd=tmp_path
        )
        assert pytest_run.returncode == 1, pytest_run.stdout
        assert "no answer within 1e-06 s" in pytest_run.stdout
    # And without it, the probe passes.
    assert _run("-m", "mtgjudge", "check", str(root)).returncode == 0


def _many_parameters(count: int) -> str:
    values = ", ".join(repr("v" * 30 + str(j)) for j in range(3))
    lines = [
        f"p{i} = {{ values = [{values}], example = {'v' * 30 + '0'!r} }}" for i in range(count)
    ]
    text = GOOD_RULING.replace('id = "TEST-good"', 'id = "TEST-many"')
    return text.replace("[setup]", "[parameters]\n" + "\n".join(lines) + "\n\n[setup]")


def test_an_example_that_cant_be_drawn_is_reported_as_such(tmp_path):
    # 3,000 parameters: hypothesis can't draw an example of them all.
    root = make_corpus(tmp_path, {"many.toml": _many_parameters(3000)})
    done = _run(
        "-m", "mtgjudge", "fuzz", str(root), "--seconds", "3", "--seed", "1", "--only", "ruling/"
    )
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert any(line.startswith("NOT GENERATED ruling/TEST-many: no example") for line in lines)
    assert not any(line.startswith("FAIL") for line in lines), lines
    assert lines[-1].startswith("failed: 1 target couldn't be generated")
