"""Helpers shared by the teachers' end-to-end tests (tests/e2e/test_teach_*.py):

    PHONE, DESKTOP         the viewports of a phone (360 x 640) and a desktop (1280 x 900)
    phone_context_args     a module fixture named browser_context_args: a test module that
                           imports it opens its pages as a 360 px touch phone
    get_text(url)          the body of `url` (a built page, the teachers' catalog.json) as text
    check_codes(page, text, timeout)  pastes `text` into the gradebook's codes field, presses
                           "ตรวจรหัส" and waits until that check has finished: the gradebook's
                           article[data-checks] (the checks finished) passes its count before the
                           press. Never wait for data-state "ready" after a press: it is also the
                           state before it.
    wait_checks(page, before, timeout)  waits until the gradebook has finished more than `before` checks
    said(page)             the gradebook's status line and messages, for a failure's text
"""
from __future__ import annotations

import urllib.request

import pytest
from playwright.sync_api import Page, expect

PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="module", name="browser_context_args")
def phone_context_args(browser_context_args):
    """A phone: 360 px wide, touch screen."""
    return {**browser_context_args, "viewport": PHONE, "has_touch": True, "is_mobile": True}


def get_text(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as r:
        return r.read().decode("utf-8")


def checks(page: Page) -> int:
    """How many pastes and files the open gradebook has read to the end."""
    return int(page.locator("#kr-gradebook").get_attribute("data-checks") or 0)


def said(page: Page) -> str:
    """The gradebook's status line and its messages (codes not counted), for a failure's text."""
    return repr({"status": page.locator("#gb-status").inner_text(),
                 "messages": page.locator("#gb-messages").inner_text()})


def wait_checks(page: Page, before: int, timeout: float = 60_000) -> None:
    """Wait until the gradebook has finished the check after `before` (and is ready again)."""
    book = page.locator("#kr-gradebook")
    expect(book).to_have_attribute("data-checks", str(before + 1), timeout=timeout)
    expect(book).to_have_attribute("data-state", "ready")


def check_codes(page: Page, text: str, timeout: float = 60_000) -> None:
    """Paste `text` into the gradebook, press "ตรวจรหัส", and wait until its check has finished."""
    before = checks(page)
    page.locator("#gb-codes").fill(text)
    page.get_by_role("button", name="ตรวจรหัส").click()
    wait_checks(page, before, timeout)
