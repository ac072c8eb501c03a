"""The site builder's import rules (pyproject.toml [tool.importlinter], the site_builder group),
checked with import-linter's `lint-imports`; the test fails when the tool is missing.

Layers without cycles, the benchmark apart from the pages, game plugins reached only through the
plugin registry and independent of each other, and engine.<game> imported only by its plugin.
"""
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONTRACTS = ("site-layers", "site-bench-apart", "site-games-via-registry", "site-games-independent",
             "site-engine-games")


def lint_imports() -> str:
    found = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")
    assert found, "lint-imports is missing: pip install -e '.[test]' (import-linter)"
    return found


def test_the_site_builder_contracts_are_declared():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    assert {"engine", "site_builder"} <= set(config["root_packages"])
    assert {c["id"] for c in config["contracts"]} >= set(CONTRACTS)


def test_the_site_builder_keeps_its_import_contracts():
    args = [lint_imports(), "--no-cache"] + [arg for cid in CONTRACTS for arg in ("--contract", cid)]
    proc = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"Contracts: {len(CONTRACTS)} kept, 0 broken." in proc.stdout
