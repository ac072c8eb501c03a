"""The engine's own tests, run INSIDE real Pyodide (npm `pyodide`, CPython 3.14 on
WebAssembly) under Node, against the very wheel the site ships. No network: the runner
blocks fetch(), and Pyodide and the wheels come from node_modules/ and a local cache."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.pyodide, pytest.mark.slow]

# pytest's closing line, with or without the ===== borders (-q drops them):
# "102 passed, 1 skipped in 1.90s"
SUMMARY = re.compile(r"^(?:=+ )?(\d+ \w+(?:, \d+ \w+)*) in [\d.]+s\b.*$", re.M)


def _counts(summary: str) -> dict[str, int]:
    return {word: int(n) for n, word in re.findall(r"(\d+) (\w+)", summary)}


def test_engine_tests_pass_inside_pyodide(run_in_pyodide, pyodide_wheels, engine_wheel):
    proc = run_in_pyodide(
        "--wheels", pyodide_wheels,
        "--engine-wheel", engine_wheel,
        # pyffish and subprocesses do not exist there: those tests are deselected by marker.
        "--", "tests/engine", "-q", "-ra", "--color=no", "-m", "not pyffish and not native",
        # perft depth 4 takes tens of seconds under Pyodide; depths 1-3 prove the same code.
        env={"KRADAN_PERFT_MAX_DEPTH": "3"},
        timeout=900,
    )
    out = proc.stdout + proc.stderr
    tail = out[-6000:]
    assert "engine from /lib/python3.14/site-packages/engine/" in out, tail
    found = SUMMARY.findall(proc.stdout)
    assert found, f"no pytest summary line from inside Pyodide:\n{tail}"
    counts = _counts(found[-1])
    print(f"inside Pyodide: {found[-1]}")
    assert counts.get("passed", 0) > 0, tail
    assert counts.get("failed", 0) == 0 and counts.get("error", 0) == 0 and counts.get("errors", 0) == 0, tail
    assert counts.get("skipped", 0) == 0, f"nothing may skip inside Pyodide either:\n{tail}"
    assert counts.get("deselected", 0) > 0, "the pyffish and native tests are deselected, not run"
    assert proc.returncode == 0, tail


def test_built_site_pyodide_files_suffice(tmp_path, run_in_pyodide):
    """Pyodide boots from just the files write_assets copies into the site (no node_modules,
    no CDN: fetch is blocked) and loads the shipped wheel with loadPackage(path) (the browser
    worker unpacks the same wheel's bytes)."""
    from site_builder.assets import PYODIDE_FILES, SNAPSHOT_NAME, WHEEL_NAME, write_assets

    urls = write_assets(tmp_path, ROOT)
    index = tmp_path / urls.pyodide_base.strip("/")
    assert sorted(p.name for p in index.iterdir()) == sorted(PYODIDE_FILES + (SNAPSHOT_NAME,))
    wheel = tmp_path / urls.wheel_url.lstrip("/")
    assert wheel.name == WHEEL_NAME and wheel.is_file()

    proc = run_in_pyodide("--index", index, "--engine-wheel", wheel, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    line = next(l for l in proc.stdout.splitlines() if l.startswith("[smoke] "))
    smoke = json.loads(line.removeprefix("[smoke] "))
    assert smoke["engine"].startswith("/lib/python3.14/site-packages/engine/")
    assert smoke["perft2"] == {"ok": True, "nodes": 529}
    assert any(g["id"] == "makruk" for g in smoke["games"]["games"])
