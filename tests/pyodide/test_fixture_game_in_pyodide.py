"""The toy game's engine tests (tests/fixture_game/) inside real Pyodide under Node, against the
files a site with the toy ships: the engine wheel carrying the toy's package (listed in its
``kradan_games``, so ``engine.registry`` loads it when imported) and the Pyodide trimmed for that
wheel, with the stdlib guard on (see test_engine_in_pyodide.py)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixture_game"
SUMMARY = re.compile(r"^(?:=+ )?(\d+ \w+(?:, \d+ \w+)*) in [\d.]+s\b.*$", re.M)

pytestmark = [pytest.mark.pyodide, pytest.mark.slow]


def test_the_toy_engine_tests_pass_inside_pyodide(run_in_pyodide, pyodide_wheels, tmp_path):
    from site_builder.assets import write_assets

    urls = write_assets(tmp_path, ROOT, {"toy": FIXTURE / "toy"})
    pyodide_dir = tmp_path / urls.pyodide_base.strip("/")
    proc = run_in_pyodide(
        "--index", pyodide_dir,
        "--stdlib", ROOT / "node_modules" / "pyodide" / "python_stdlib.zip",
        "--guard-stdlib", pyodide_dir / "python_stdlib.zip",
        "--wheels", pyodide_wheels,
        "--engine-wheel", tmp_path / urls.wheel_url.lstrip("/"),
        "--", "tests/fixture_game", "-q", "-ra", "--color=no",
        timeout=600,
    )
    tail = (proc.stdout + proc.stderr)[-6000:]
    assert "engine from /lib/python3.14/site-packages/engine/" in proc.stdout, tail
    counts = {word: int(n) for n, word in re.findall(r"(\d+) (\w+)", SUMMARY.findall(proc.stdout)[-1])}
    assert counts.get("passed", 0) >= 10 and set(counts) == {"passed"}, tail  # nothing failed or skipped
    assert "[guard] engine imports missing from the shipped stdlib zip: []" in proc.stdout, tail
    assert proc.returncode == 0, tail
