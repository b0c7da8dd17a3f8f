"""Hostile ruling files, each to be put alone in a folder beside a good
ruling, with what the error about it must name: the file, the key path and
what was expected (issue 11, section 2).

Run as a script (``python hostile_cases.py TOOL FOLDER...``), it runs one
tool (``check``, ``fuzz`` or ``pytest``) on each folder in turn, in this one
process, and prints one JSON line per folder: its exit status and its
output. The tests run it in a subprocess with a time limit, so that a case
that hangs fails the test instead of hanging the suite.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from helpers import GOOD_RULING

BAD = "b-bad.toml"


def _variant(old: str, new: str) -> str:
    assert old in GOOD_RULING, old
    return GOOD_RULING.replace(old, new).replace('id = "TEST-good"', 'id = "TEST-bad"')


def _parametric(expression: str, extra: str = "") -> str:
    """The good ruling, parametric, expecting Bob's life to be a formula."""
    text = _variant("expect.life = { Bob = 18 }", f'expect.life = {{ Bob = "${{{expression}}}" }}')
    text = text.replace("[[probe]]", f"[[probe]]\n{extra}") if extra else text
    return text.replace("[setup]", "parameters.n = { min = 0, max = 3, example = 2 }\n\n[setup]")


def _when(expression: str) -> str:
    """The good ruling, parametric, with a `when` on its action."""
    text = _parametric("20 - n")
    return text.replace("{ damage = {} }]", f'{{ damage = {{}}, when = "${{{expression}}}" }}]')


@dataclass(frozen=True)
class Case:
    """How to make the hostile entry in a folder, and what its error names
    (besides the file): the key path, and what was expected."""

    make: Callable[[Path], None]
    key_path: str
    expected: str
    #: The name the error and the test report give the entry.
    name: str = BAD


def _file(content: str | bytes) -> Callable[[Path], None]:
    def make(folder: Path) -> None:
        data = content.encode("utf-8") if isinstance(content, str) else content
        (folder / BAD).write_bytes(data)

    return make


def _fifo(folder: Path) -> None:
    os.mkfifo(folder / BAD)


def _link_to_dev_zero(folder: Path) -> None:
    os.symlink("/dev/zero", folder / BAD)


def _link_loop(folder: Path) -> None:
    os.symlink(folder / "loop-b", folder / "loop-a")
    os.symlink(folder / "loop-a", folder / "loop-b")


def _link_to_own_folder(folder: Path) -> None:
    os.symlink(".", folder / "again")


CASES: dict[str, Case] = {
    "not-utf-8": Case(
        _file(_variant("A test ruling.", "A test ruling.").encode().replace(b"A test", b"A \xff")),
        "",
        "isn't UTF-8: byte 0xff at line 2",
    ),
    "byte-order-mark": Case(_file(b"\xef\xbb\xbf" + GOOD_RULING.encode()), "", "byte-order mark"),
    "nested-500-arrays": Case(
        _file(_variant("[setup]", "notes = " + "[" * 500 + "]" * 500 + "\n\n[setup]")),
        "",
        "nested too deeply",
    ),
    "nested-400-tables": Case(
        _file(_variant("[setup]", "notes = " + "{ a = " * 400 + "1" + " }" * 400 + "\n\n[setup]")),
        "",
        "nested too deeply",
    ),
    "nested-60-arrays": Case(
        _file(_variant("[setup]", "notes = " + "[" * 60 + "]" * 60 + "\n\n[setup]")),
        "notes" + "[0]" * 31,
        "nest at most 32 levels",
    ),
    "probe-is-5": Case(
        _file(GOOD_RULING.split("[[probe]]")[0].replace("[setup]", "probe = 5\n\n[setup]")),
        "probe",
        "expected an array",
    ),
    "setup-is-a-list": Case(
        _file(
            GOOD_RULING.split("[setup]")[0]
            + 'setup = ["Alice"]\n\n[[probe]]'
            + GOOD_RULING.split("[[probe]]")[1]
        ),
        "setup",
        "expected a table",
    ),
    "parameters-is-a-string": Case(
        _file(_variant("[setup]", 'parameters = "n"\n\n[setup]')),
        "parameters",
        "expected a table",
    ),
    "rules-is-a-table": Case(
        _file(_variant('rules = ["510.1b"]', "rules = { a = 1 }")),
        "rules",
        "expected an array",
    ),
    "unary-minus-100000": Case(
        _file(_parametric("-" * 100_000 + "n")),
        "probe[0].expect.life.Bob",
        "at most 1000 are read",
    ),
    "sum-of-100000": Case(
        _file(_parametric("+".join(["n"] * 100_000))),
        "probe[0].expect.life.Bob",
        "at most 1000 are read",
    ),
    "hex-5000-digits": Case(
        _file(_parametric("0x" + "f" * 5000)),
        "probe[0].expect.life.Bob",
        "at most 1000 are read",
    ),
    "nested-list-repeated": Case(
        _file(_parametric("len([[1] * 1000] * 1000)")),
        "probe[0].expect.life.Bob",
        "more than 1000 items",
    ),
    "nested-list-compared": Case(
        _file(_parametric("20 - n if [[[0] * 20] * 20] * 20 == [] else 0")),
        "probe[0].expect.life.Bob",
        "more than 1000 items",
    ),
    "nested-list-in": Case(
        _file(_parametric("20 - n if 1 in [[[0] * 20] * 20] * 20 else 0")),
        "probe[0].expect.life.Bob",
        "more than 1000 items",
    ),
    "when-quotes-a-list": Case(
        _file(_when("[[n] * 40] * 40")),
        "probe[0].actions[2].when",
        "more than 1000 items",
    ),
    "when-not-a-boolean": Case(
        _file(_when("[n] * 900")),
        "probe[0].actions[2].when",
        "expected true or false, found a list of 900 items",
    ),
    "many-formulas-in-one-string": Case(
        _file(_parametric("20 - n", 'description = "' + "${'x' * 1000}" * 200 + '"')),
        "probe[0].description",
        "more than 100,000 items in all",
    ),
    "duplicate-among-40000-values": Case(
        _file(
            _parametric("20 - n").replace(
                "parameters.n = { min = 0, max = 3, example = 2 }",
                "parameters.n = { values = ["
                + ", ".join(str(i) for i in [*range(40_000), 0])
                + "], example = 2 }",
            )
        ),
        "parameters.n.values[40000]",
        "duplicate item 0",
    ),
    "resolve-10-to-the-8": Case(
        _file(_variant("{ damage = {} }]", "{ damage = {} }, { resolve = 100000000 }]")),
        "probe[0].actions[3].resolve",
        "expected an integer from 1 to 200, found 100000000 (a count is at most 200)",
    ),
    "resolve-2-to-the-63": Case(
        _file(_variant("{ damage = {} }]", "{ damage = {} }, { resolve = 9223372036854775807 }]")),
        "probe[0].actions[3].resolve",
        "a count is at most 200",
    ),
    "draw-10-to-the-8": Case(
        _file(_variant("{ damage = {} }]", "{ damage = {} }, { draw = { Alice = 100000000 } }]")),
        "probe[0].actions[3].draw.Alice",
        "expected an integer from 0 to 200, found 100000000 (a count is at most 200)",
    ),
    "power-2-to-the-31": Case(
        _file(_variant("power = 2", "power = 2147483648")),
        "setup.battlefield.bear.power",
        "expected an integer from -1,000,000 to 1,000,000, found 2147483648",
    ),
    "toughness-2-to-the-31": Case(
        _file(_variant("toughness = 2", "toughness = -2147483649")),
        "setup.battlefield.bear.toughness",
        "expected an integer from -1,000,000 to 1,000,000, found -2147483649",
    ),
    "life-2-to-the-31": Case(
        _file(
            _variant(
                'players = ["Alice", "Bob"]',
                'players = ["Alice", { name = "Bob", life = 2147483648 }]',
            )
        ),
        "setup.players[1].life",
        "expected an integer from -1,000,000 to 1,000,000, found 2147483648",
    ),
    "damage-2-to-the-31": Case(
        _file(_variant("toughness = 2\n", "toughness = 2\ndamage = 2147483648\n")),
        "setup.battlefield.bear.damage",
        "expected an integer from 0 to 1,000,000, found 2147483648",
    ),
    "block-limit-2-to-the-31": Case(
        _file(_variant("toughness = 2\n", "toughness = 2\nblock_limit = 2147483648\n")),
        "setup.battlefield.bear.block_limit",
        "expected an integer from 0 to 200, found 2147483648 (a count is at most 200)",
    ),
    "pump-of-ten-digits": Case(
        _file(
            _variant("{ damage = {} }]", '{ pump = { bear = "+2147483648/+0" } }, { damage = {} }]')
        ),
        "probe[0].actions[2].pump.bear",
        "at most six digits",
    ),
    "malformed-mana-pool": Case(
        _file(
            _variant(
                'players = ["Alice", "Bob"]',
                'players = ["Alice", { name = "Bob", mana = "{G}{Q}" }]',
            )
        ),
        "setup.players[1].mana",
        "Bob's mana pool: expected mana symbols",
    ),
    "generic-mana-in-a-pool": Case(
        _file(
            _variant(
                'players = ["Alice", "Bob"]', 'players = [{ name = "Alice", mana = "{2}" }, "Bob"]'
            )
        ),
        "setup.players[0].mana",
        "Alice's mana pool: expected mana symbols of one type each",
    ),
    "fifo": Case(_fifo, "", "a FIFO (named pipe), not a regular file"),
    "link-to-dev-zero": Case(_link_to_dev_zero, "", "a character device, not a regular file"),
    "loop-of-links": Case(_link_loop, "", "a loop of symbolic links", name="loop-a"),
    "link-to-its-own-folder": Case(_link_to_own_folder, "", "(a loop); not followed", name="again"),
}


def make_folder(base: Path, name: str) -> Path:
    """A folder with features.toml, the good ruling and the case's entry."""
    from mtgjudge.format.corpus import bundled_corpus

    folder = base / name
    folder.mkdir(parents=True)
    shutil.copy(bundled_corpus() / "features.toml", folder / "features.toml")
    (folder / "a-good.toml").write_text(GOOD_RULING, encoding="utf-8")
    CASES[name].make(folder)
    return folder


def run_tool(tool: str, folder: str) -> tuple[int, str]:
    """Runs one tool on a folder, in this process: (exit status, output)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        if tool == "pytest":
            import pytest

            args = [folder, "-q", "-rfE", "-p", "no:cacheprovider", "-p", "no:warnings"]
            status = int(pytest.main(args))
        else:
            from mtgjudge.cli import main

            args = [tool, folder]
            if tool == "fuzz":
                args += ["--seconds", "20", "--rounds", "1", "--seed", "1"]
                args += ["--only", "consistency/corpus"]
            status = main(args)
    return status, out.getvalue()


if __name__ == "__main__":
    tool, *folders = sys.argv[1:]
    for folder in folders:
        print(f"running {tool} on {folder}", file=sys.stderr, flush=True)
        status, output = run_tool(tool, folder)
        print(json.dumps({"folder": folder, "status": status, "output": output}), flush=True)
