"""Reading ruling files and walking folders of them, safely.

A ruling file comes from anyone, so reading one never blocks, never reads
without bound and never recurses without bound:

- only regular files are read: a FIFO, a device, a socket or a link to one
  is reported, never opened for reading (the file is opened non-blocking
  and checked again once open);
- a file is at most :data:`MAX_FILE_BYTES`; it must be UTF-8 without a
  byte-order mark, and its tables and arrays nest at most :data:`MAX_DEPTH`
  levels deep;
- a folder is walked with its links to other folders followed, but a link
  back to a folder being walked (a loop) is reported, not followed, and a
  folder or file reached twice (through links) is read once.

Every file that isn't read is reported, with the reason: as a
:class:`~mtgjudge.errors.RulingFormatError` when it should have been a
ruling, or as a :class:`Skipped` note when its content is read elsewhere.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mtgjudge.errors import RulingFormatError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python < 3.11 only
    import tomli as tomllib

#: The largest ruling file read: 1 MiB (the corpus's largest file is 26 KB).
MAX_FILE_BYTES = 1 << 20
#: How deep tables and arrays may nest in a ruling file (the corpus goes to 14).
MAX_DEPTH = 32
#: The corpus's own files, at its root: not rulings.
CORPUS_FILES = ("features.toml", "unsupported.toml", "coverage.toml")

_BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True)
class Skipped:
    """A file or folder that was found but not read, and why."""

    path: str
    reason: str

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "not a regular file"


def _stat_problem(path: Path, error: OSError) -> str:
    """Why ``path`` can't be followed, in words."""
    if error.errno == errno.ELOOP:
        return "a loop of symbolic links; not followed"
    if error.errno == errno.ENOENT and os.path.islink(path):
        try:
            target = os.readlink(path)
        except OSError:  # pragma: no cover - the link vanished meanwhile
            target = "?"
        return f"a symbolic link to {target}, which doesn't exist"
    if error.errno == errno.ENAMETOOLONG:
        return "the path is too long (a loop of symbolic links?); not followed"
    return f"can't read it: {error.strerror or error}"


def read_bytes(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The content of a regular file of at most ``limit`` bytes. Anything
    else raises RulingFormatError naming the file and the reason; a special
    file is never read, and opening never blocks."""
    where = str(path)
    try:
        info = os.stat(path)
    except OSError as error:
        raise RulingFormatError(where, "", _stat_problem(path, error)) from None
    if not stat.S_ISREG(info.st_mode):
        raise RulingFormatError(
            where, "", f"{_kind(info.st_mode)}, not a regular file; not read"
        ) from None
    if info.st_size > limit:
        raise RulingFormatError(
            where, "", f"the file is {info.st_size:,} bytes; a ruling file is at most {limit:,}"
        )
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as error:
        raise RulingFormatError(where, "", _stat_problem(path, error)) from None
    try:
        opened = os.fstat(descriptor)
        if not stat.S_ISREG(opened.st_mode):  # replaced since the first look
            raise RulingFormatError(where, "", f"{_kind(opened.st_mode)}, not a regular file")
        chunks = []
        size = 0
        while size <= limit:
            chunk = os.read(descriptor, min(1 << 16, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise RulingFormatError(where, "", f"can't read it: {error.strerror or error}") from None
    finally:
        os.close(descriptor)
    if size > limit:
        raise RulingFormatError(where, "", f"the file is over {limit:,} bytes, the most allowed")
    return b"".join(chunks)


def decode(data: bytes, where: str) -> str:
    """The text of a TOML file: UTF-8 without a byte-order mark (TOML 1.0)."""
    if data.startswith(_BOM):
        raise RulingFormatError(
            where,
            "",
            "the file starts with a byte-order mark (U+FEFF); save it as UTF-8 without one",
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise RulingFormatError(
            where,
            "",
            f"the file isn't UTF-8: byte 0x{data[error.start]:02x} at line {line}, "
            f"column {column} ({error.reason})",
        ) from None


def too_deep(data: Any, limit: int = MAX_DEPTH) -> str | None:
    """The key path of the first value nested more than ``limit`` tables and
    arrays deep, or None (iterative: no recursion on hostile data)."""
    from mtgjudge.format.spec import join

    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        node, path, depth = stack.pop()
        if isinstance(node, dict):
            children: Iterable[tuple[str | int, Any]] = node.items()
        elif isinstance(node, list):
            children = enumerate(node)
        else:
            continue
        if depth >= limit:
            return path
        stack.extend((child, join(path, key), depth + 1) for key, child in children)
    return None


def read_toml(path: Path) -> dict[str, Any]:
    """A TOML file read safely (see the module's description); its problems
    raise RulingFormatError naming the file."""
    where = str(path)
    text = decode(read_bytes(path), where)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulingFormatError(where, "", f"invalid TOML: {error}") from None
    except RecursionError:
        raise RulingFormatError(
            where, "", f"tables or arrays nested too deeply (at most {MAX_DEPTH} levels)"
        ) from None
    deep = too_deep(data)
    if deep is not None:
        raise RulingFormatError(
            where, deep, f"nested too deeply: tables and arrays nest at most {MAX_DEPTH} levels"
        )
    return data


# ----- walking folders -----


@dataclass
class Found:
    """What a walk found: the ruling files, in order, the files that should
    have been rulings but can't be read, and what was left out and why."""

    files: list[Path] = field(default_factory=list)
    problems: list[RulingFormatError] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)


def is_corpus_file(path: Path, root: Path | None) -> bool:
    """``features.toml`` and ``unsupported.toml`` at the corpus's root are
    the corpus's own files; any other ``*.toml`` file is a ruling."""
    if path.name not in CORPUS_FILES or root is None:
        return False
    try:
        return os.path.samefile(path.parent, root)
    except OSError:
        return False


def _identity(info: os.stat_result) -> tuple[int, int]:
    return (info.st_dev, info.st_ino)


class Walker:
    """Walks folders for ruling files. One walker remembers every folder and
    file it has met, so that what two paths lead to is read once."""

    def __init__(self, root: Path | None):
        self.root = root
        #: (device, inode) of every folder and file met, with its first path.
        self.met: dict[tuple[int, int], str] = {}

    def walk(self, paths: Iterable[Path]) -> Found:
        found = Found()
        for path in paths:
            try:
                info = os.stat(path)
            except OSError as error:
                found.problems.append(RulingFormatError(str(path), "", _stat_problem(path, error)))
                continue
            if stat.S_ISDIR(info.st_mode):
                if self._first(info, path, found):
                    self._folder(path, [_identity(info)], found)
            elif self._first(info, path, found):
                found.files.append(path)  # named explicitly: read as a ruling, whatever its name
        return found

    def _first(self, info: os.stat_result, path: Path, found: Found) -> bool:
        key = _identity(info)
        if key in self.met:
            what = "folder" if stat.S_ISDIR(info.st_mode) else "file"
            found.skipped.append(
                Skipped(str(path), f"the same {what} as {self.met[key]} (a link); read once, there")
            )
            return False
        self.met[key] = str(path)
        return True

    def _folder(self, folder: Path, ancestors: list[tuple[int, int]], found: Found) -> None:
        try:
            with os.scandir(folder) as entries:
                names = sorted(entry.name for entry in entries)
        except OSError as error:
            found.problems.append(
                RulingFormatError(str(folder), "", f"can't list the folder: {error.strerror}")
            )
            return
        for name in names:
            path = folder / name
            try:
                info = os.stat(path)
            except OSError as error:
                if name.endswith(".toml") or os.path.islink(path):
                    found.problems.append(
                        RulingFormatError(str(path), "", _stat_problem(path, error))
                    )
                continue
            if stat.S_ISDIR(info.st_mode):
                key = _identity(info)
                if key in ancestors:
                    found.problems.append(
                        RulingFormatError(
                            str(path),
                            "",
                            f"a link back to {self.met.get(key, 'a folder above it')}, which "
                            "holds it (a loop); not followed",
                        )
                    )
                elif self._first(info, path, found):
                    self._folder(path, [*ancestors, key], found)
                continue
            if not name.endswith(".toml") or is_corpus_file(path, self.root):
                continue
            if not stat.S_ISREG(info.st_mode):
                found.problems.append(
                    RulingFormatError(
                        str(path), "", f"{_kind(info.st_mode)}, not a regular file; not read"
                    )
                )
            elif self._first(info, path, found):
                found.files.append(path)


def find_ruling_files(paths: Iterable[Path], root: Path | None) -> Found:
    """The ruling files at or below ``paths`` (files given are rulings
    whatever their name), in order."""
    return Walker(root).walk(paths)
