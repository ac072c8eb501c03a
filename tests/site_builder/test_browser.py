"""site_builder/browser.py: the Chromium it picks, and its flags: our --disable-features replaces
Playwright's, so it must repeat Playwright's list exactly (a Playwright upgrade that changes the
list fails here)."""
from __future__ import annotations

import re
from pathlib import Path

import playwright

from site_builder import browser
from site_builder.browser import CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES, UNSHOWN_UI_FEATURES, chromium_executable

BUNDLE = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"


def playwright_disabled_features() -> list[str]:
    """The `disabledFeatures = [...]` list of the installed Playwright's driver."""
    assert BUNDLE.is_file(), f"{BUNDLE} is missing: this Playwright keeps its switches elsewhere; update the test"
    found = re.search(r"disabledFeatures = \[(.*?)\]", BUNDLE.read_text(encoding="utf-8"), re.S)
    assert found, f"no `disabledFeatures = [` in {BUNDLE}"
    return re.findall(r'^\s*"([^"]+)"', found[1], re.M)


def test_our_disable_features_repeats_playwrights_and_adds_the_unshown_ui():
    assert playwright_disabled_features() == list(PLAYWRIGHT_DISABLED_FEATURES)
    flags = [a for a in CHROMIUM_ARGS if a.startswith("--disable-features=")]
    assert flags == ["--disable-features=" + ",".join((*PLAYWRIGHT_DISABLED_FEATURES, *UNSHOWN_UI_FEATURES))]


def test_the_headless_shell_comes_first_then_the_whole_browser_and_the_setting_wins(tmp_path, monkeypatch):
    shell, whole, given = tmp_path / "chromium-headless-shell", tmp_path / "chromium", tmp_path / "my-chromium"
    monkeypatch.setattr(browser, "DEBIAN_CHROMIUMS", (str(shell), str(whole)))
    monkeypatch.delenv("KRADAN_CHROMIUM", raising=False)
    assert chromium_executable() is None  # neither installed: Playwright's own browser
    whole.touch()
    assert chromium_executable() == str(whole)
    shell.touch()
    assert chromium_executable() == str(shell)
    monkeypatch.setenv("KRADAN_CHROMIUM", str(given))
    assert chromium_executable() is None  # a setting that names no file is not silently replaced
    given.touch()
    assert chromium_executable() == str(given)
