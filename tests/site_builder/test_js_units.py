"""The browser logic's unit tests: ``node --test`` over tests/js/*.test.mjs (judges, codes, the
gradebook's replay, assignment state, the Dummy ledger, the count panel's maths, the import
graph), on real puzzle page data made here once by the real builder (tests/js/fixtures.py).
Needs node (fails without it, never skips)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JS_TESTS = ROOT / "tests" / "js"


def test_the_browser_logic_passes_its_node_unit_tests(tmp_path):
    node = shutil.which("node")
    assert node, "node is needed for the browser logic's unit tests (tests/js)"
    fixtures = tmp_path / "fixtures.json"
    made = subprocess.run([sys.executable, str(JS_TESTS / "fixtures.py"), str(fixtures)], cwd=ROOT,
                          capture_output=True, text=True, timeout=900)
    assert made.returncode == 0, made.stderr
    files = sorted(JS_TESTS.glob("*.test.mjs"))
    assert len(files) >= 7, files
    # The static/js modules have no package.json of their own: node reads them as ES modules
    # by their syntax, and need not warn that it does.
    done = subprocess.run([node, "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", "--test", *map(str, files)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "KRADAN_JS_FIXTURES": str(fixtures)})
    counts = {key: int(n) for key, n in re.findall(r"^# (tests|pass|fail|cancelled|skipped|todo) (\d+)$", done.stdout, re.M)}
    assert done.returncode == 0 and counts.get("fail") == 0, done.stdout[-20000:] + done.stderr[-5000:]
    assert counts["tests"] == counts["pass"] > 150, counts  # nothing skipped, cancelled or left as todo
    print(f"\nnode --test: {counts['pass']} passed in {len(files)} files")
