"""The e2e browser runs without the UI a headless run never shows (site_builder/browser.py
UNSHOWN_UI_FEATURES): a new page gets no omnibox-popup WebUI (two renderers a window otherwise)."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e


def test_a_new_page_opens_no_omnibox_popup(browser):
    context = browser.new_context()
    try:
        context.new_page().goto("about:blank")
        cdp = browser.new_browser_cdp_session()
        targets = cdp.send("Target.getTargets")["targetInfos"]
        cdp.detach()
    finally:
        context.close()
    assert any(t["type"] == "page" for t in targets), targets
    assert [t["url"] for t in targets if "omnibox-popup" in t["url"]] == []
