"""What the pytest plugin (:mod:`mtgjudge.pytest_plugin`) needs beyond
pytest's own collection, so that nothing in a folder of rulings is left out
silently:

- :class:`RulingFolder` (pytest 8 and newer) collects a folder of rulings
  as pytest's own ``Dir`` does, and also gives a failing item for each
  ``*.toml`` entry that isn't a regular file (a FIFO, a device, a broken
  link) and for each link back to a folder that holds it (a loop), which
  it doesn't follow;
- :class:`Duplicate` stands for a folder or file reached a second time
  through a link (the ``rulings`` link at a checkout's root): collected
  once, where it was first met, and reported as skipped here;
- :class:`VerdictRepr` is a failing probe's report: the whole explanation
  in the terminal, and the verdict as its one-line message, which the short
  summary and JUnit's ``message`` show.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from mtgjudge.errors import RulingFormatError
from mtgjudge.format.files import MAX_FILE_BYTES, read_bytes

#: (device, inode) of each folder and file of rulings collected, with its path.
_met_key = pytest.StashKey[dict]()
#: What makes a TOML file outside a folder with features.toml a ruling file:
#: probes (a top-level `probe`).
_HAS_PROBES = re.compile(rb"^[ \t]*(\[\[[ \t]*probe[ \t]*\]\]|probe[ \t]*=)", re.M)


def identity(path: Path) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino)


def met_before(session: pytest.Session, path: Path) -> str | None:
    """Where this folder or file was collected already, through another
    path (a link), or None; it is noted as met here."""
    key = identity(path)
    if key is None:
        return None
    met = session.stash.setdefault(_met_key, {})
    first = met.setdefault(key, str(path))
    return None if first == str(path) else first


def looks_like_a_ruling(path: Path) -> bool:
    """A TOML file with probes, read safely (a file that can't be read
    isn't one)."""
    try:
        return bool(_HAS_PROBES.search(read_bytes(path, MAX_FILE_BYTES)))
    except RulingFormatError:
        return False


class Duplicate(pytest.File):
    """A folder or file of rulings reached a second time, through a link."""

    def __init__(self, *, first: str, **kwargs):
        super().__init__(**kwargs)
        self.first = first

    def collect(self):
        pytest.skip(f"the same as {self.first} (a link); collected once, there")


class _Where:
    """Where and what a failure is, as pytest's reports read it (``reprcrash``)."""

    def __init__(self, path: Path, message: str):
        self.path = str(path)
        self.lineno = 0
        self.message = message


class VerdictRepr:
    """A report with a whole explanation and a one-line verdict."""

    def __init__(self, text: str, verdict: str, path: Path):
        self.text = text
        self.reprcrash = _Where(path, verdict)

    def toterminal(self, tw) -> None:
        for line in self.text.splitlines():
            tw.line(line)

    def __str__(self) -> str:
        return self.text


if hasattr(pytest, "Directory"):  # pytest 8 and newer

    class RulingFolder(pytest.Directory):
        """A folder of rulings."""

        def collect(self):
            from mtgjudge.pytest_plugin import BrokenRulingItem

            ancestors = {
                key
                for node in (self, *self.iter_parents())
                if isinstance(node, pytest.Directory)
                for key in [identity(node.path)]
                if key is not None
            }
            ihook = self.ihook
            for name in sorted(os.listdir(self.path)):
                path = self.path / name
                if path.is_dir():
                    if identity(path) in ancestors:
                        problem = RulingFormatError(
                            str(path),
                            "",
                            "a link back to a folder that holds it (a loop); not followed",
                        )
                        yield BrokenRulingItem.from_parent(self, name=name, problem=problem)
                        continue
                    if not self.session.isinitpath(path, with_parents=True) and (
                        ihook.pytest_ignore_collect(collection_path=path, config=self.config)
                    ):
                        continue
                    collector = ihook.pytest_collect_directory(path=path, parent=self)
                    if collector is not None:
                        yield collector
                elif path.is_file():
                    if not self.session.isinitpath(path) and ihook.pytest_ignore_collect(
                        collection_path=path, config=self.config
                    ):
                        continue
                    yield from ihook.pytest_collect_file(file_path=path, parent=self)
                elif name.endswith(".toml") or path.is_symlink():
                    try:
                        read_bytes(path)
                        problem = RulingFormatError(str(path), "", "not a regular file")
                    except RulingFormatError as error:
                        problem = error
                    yield BrokenRulingItem.from_parent(self, name=name, problem=problem)
