"""Boot Pyodide + the engine wheel in headless Chromium under netlify.toml's headers.

    python tests/pyodide/csp_check.py SITE_DIR [--csp "policy to use instead"]

SITE_DIR holds what write_assets wrote plus csp-check/ (index.html, main.js, worker.js,
urls.json). Prints one JSON object: the page's result, every URL requested, console lines.
Run as a subprocess by test_csp_in_browser.py so its Playwright instance never meets
pytest-playwright's.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from netlify_server import serve  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402

from site_builder.browser import chromium_executable  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("site_dir")
    parser.add_argument("--csp")
    parser.add_argument("--timeout", type=float, default=90)
    args = parser.parse_args()
    overrides = {"Content-Security-Policy": args.csp} if args.csp else None
    chromium = chromium_executable()
    requests, console = [], []
    with serve(Path(args.site_dir), overrides=overrides) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium)
        try:
            context = browser.new_context()
            context.on("request", lambda r: requests.append(r.url))
            context.on("requestfailed", lambda r: console.append(f"requestfailed: {r.url} {r.failure}"))
            context.on(
                "response",
                lambda r: r.status >= 400 and console.append(f"http {r.status}: {r.url}"),
            )
            page = context.new_page()
            page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
            page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
            page.goto(f"{base}/csp-check/index.html")
            # Wait for the result, or stop early once the console reports a CSP block (then
            # Pyodide's wasm compile fails inside the worker and its load never settles).
            result = None
            deadline = time.monotonic() + args.timeout
            while time.monotonic() < deadline:
                if page.query_selector("#result[data-done]"):
                    result = json.loads(page.text_content("#result"))
                    break
                blocked = [c for c in console if "Content Security Policy" in c]
                if blocked:
                    result = {"ok": False, "error": "blocked by CSP: " + blocked[0]}
                    break
                page.wait_for_timeout(100)
            if result is None:
                result = {"ok": False, "error": f"no result after {args.timeout} s"}
        finally:
            browser.close()
    print(json.dumps({"base": base, "result": result, "requests": requests, "console": console}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
