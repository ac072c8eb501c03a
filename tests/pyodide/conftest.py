"""Fixtures for running code inside real Pyodide under Node (see run_in_pyodide.mjs)."""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
RUNNER = HERE / "run_in_pyodide.mjs"
REQUIREMENTS = HERE / "requirements-pyodide.txt"


def _cache_root() -> Path:
    if os.environ.get("KRADAN_CACHE_DIR"):
        return Path(os.environ["KRADAN_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "kradan"


@pytest.fixture(scope="session")
def node() -> str:
    exe = shutil.which("node")
    if exe is None:
        pytest.fail("node is not installed; the Pyodide tests need Node.js 18.14+ (see README)")
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        pytest.fail("node_modules/pyodide is missing: run `npm ci` (bash .ci/setup does it)")
    return exe


@pytest.fixture(scope="session")
def pyodide_wheels() -> Path:
    """Folder with the pinned pure-Python wheels (pytest, hypothesis, ...) for Pyodide."""
    reqs = REQUIREMENTS.read_bytes()
    wanted = [
        line.split("==")[0].strip()
        for line in reqs.decode().splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    folder = _cache_root() / "pyodide-wheels" / hashlib.sha256(reqs).hexdigest()[:16]
    done = folder / ".complete"
    if not done.is_file():
        tmp = folder.with_name(folder.name + f".tmp{os.getpid()}")
        shutil.rmtree(tmp, ignore_errors=True)
        cmd = [
            sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "--quiet",
            "--no-deps", "--only-binary=:all:", "--python-version", "3.14",
            "--implementation", "py", "--abi", "none", "--platform", "any",
            "-r", str(REQUIREMENTS), "-d", str(tmp),
        ]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        if proc.returncode != 0:
            pytest.fail(f"could not download the wheels for Pyodide:\n{proc.stdout}{proc.stderr}")
        got = sorted(p.name for p in tmp.glob("*.whl"))
        assert len(got) == len(wanted), f"expected wheels for {wanted}, got {got}"
        assert all(name.endswith("-none-any.whl") for name in got), got
        (tmp / ".complete").write_text("\n".join(got) + "\n")
        shutil.rmtree(folder, ignore_errors=True)
        os.replace(tmp, folder)
    return folder


@pytest.fixture(scope="session")
def run_in_pyodide(node):
    """run_in_pyodide(*args, timeout=600, env=None) -> CompletedProcess of run_in_pyodide.mjs."""

    def run(*args: str, timeout: float = 600, env: dict | None = None):
        return subprocess.run(
            [node, str(RUNNER), *map(str, args)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=timeout,
            env={**os.environ, **(env or {})},
        )

    return run
