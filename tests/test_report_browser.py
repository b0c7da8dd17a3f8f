"""The HTML conformance report, rendered by a real headless browser
(Chromium, from Debian's packages): what a reader sees after the page's
script ran. CI installs Chromium; where it is missing outside CI the test
is skipped, and in CI a missing browser fails it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from mtgjudge.cli import main
from mtgjudge.format.corpus import bundled_corpus

FAKE = Path(__file__).parent / "engines" / "fake.py"
RULINGS = ("combat/Rf859538d.toml", "combat/Rbceb1b51.toml", "combat/Rb2f5a136.toml")


def _browser() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CI"):
        pytest.fail("CI must install Chromium (apt-get install chromium) for this test")
    pytest.skip("no Chromium here (apt-get install chromium)")


def _render(browser: str, page: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            browser,
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            f"--user-data-dir={page.parent / 'profile'}",
            *extra,
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )


class _Text(HTMLParser):
    """The text a reader sees, by element id and in table cells."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.by_id: dict[str, str] = {}
        self.cells: list[str] = []
        self._open: list[tuple[str, str | None]] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        self._open.append((tag, dict(attrs).get("id")))
        if tag in ("td", "th"):
            self.cells.append("")

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1
        if self._open:
            self._open.pop()

    def handle_data(self, data):
        if self._skip:
            return
        self.text.append(data)
        for _tag, ident in self._open:
            if ident:
                self.by_id[ident] = self.by_id.get(ident, "") + data
        if any(tag in ("td", "th") for tag, _ in self._open) and self.cells:
            self.cells[-1] += data


def test_the_html_report_in_a_browser(tmp_path):
    browser = _browser()
    root = tmp_path / "corpus"
    root.mkdir()
    shutil.copy(bundled_corpus() / "features.toml", root)
    for name in RULINGS:
        shutil.copy(bundled_corpus() / name, root)
    honest = tmp_path / "honest.json"
    wrong = tmp_path / "wrong.json"
    assert (
        main(
            [
                "conformance",
                "--engine",
                f"{sys.executable} -m mtgjudge.cli engine",
                str(root),
                "--report",
                "json",
                "--output",
                str(honest),
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "conformance",
                "--engine",
                f"{sys.executable} {FAKE} wrong-life",
                str(root),
                "--report",
                "json",
                "--output",
                str(wrong),
            ]
        )
        == 1
    )
    page = tmp_path / "report.html"
    assert main(["report", str(honest), str(wrong), "--output", str(page)]) == 0

    dom = _render(browser, page, "--dump-dom")
    assert dom.returncode == 0, dom.stderr[-2000:]
    seen = _Text()
    seen.feed(dom.stdout)
    text = " ".join(" ".join(seen.text).split())
    # The page's script ran in the browser: it counted the failures it shows.
    assert seen.by_id.get("shown") == "9 of 9 failures shown"
    # The matrix: both engines, their totals, and a row per feature.
    assert seen.cells[0] == "feature" and all("mtgjudge" in c for c in seen.cells[1:3])
    assert "all probes" in seen.cells
    row = seen.cells.index("all probes")
    assert seen.cells[row + 1] == "9 ✓"
    assert seen.cells[row + 2] == "0 ✓ · 9 ✗"
    assert "damage_assignment" in seen.cells
    # Each failure: the ruling's text, its rules, the verdict, expected beside observed.
    ruling_text = re.search(r'^text = "(.*)"$', (root / "Rf859538d.toml").read_text(), re.M)
    assert ruling_text is not None
    assert ruling_text.group(1)[:80] in text
    assert "Unexpected: not in the expectations file." in text
    assert "Expected" in text and "Observed" in text
    assert "life.Bob: expected" in text

    shot = tmp_path / "report.png"
    done = _render(browser, page, "--window-size=1200,900", f"--screenshot={shot}")
    assert done.returncode == 0, done.stderr[-2000:]
    png = shot.read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 20_000  # a page, not a blank
