"""The engine's layer rules (DESIGN.md), as import-linter contracts in pyproject.toml, checked
with ``lint-imports``: the engine never imports site_builder, games never import each other,
shared engine modules reach games only through engine.registry. Each contract is also shown to
break on a copy of the code with one forbidden import added, so none of them passes vacuously."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

pytestmark = pytest.mark.native  # runs the lint-imports tool in a subprocess

ROOT = Path(__file__).resolve().parents[3]
ENGINE_CONTRACTS = ("engine-without-site-builder", "games-independent", "shared-engine-without-games")


def lint_imports(*args: str, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    tool = Path(sys.executable).with_name("lint-imports")
    assert tool.is_file(), "import-linter is not installed; `pip install -e '.[test]'` brings it"
    return subprocess.run([str(tool), "--no-cache", *args], cwd=cwd, capture_output=True, text=True, timeout=300,
                          env={**os.environ, **(env or {})})


def engine_contracts() -> list[dict]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = [c for c in config["tool"]["importlinter"]["contracts"] if c["id"] in ENGINE_CONTRACTS]
    assert sorted(c["id"] for c in contracts) == sorted(ENGINE_CONTRACTS)
    return contracts


def test_engine_contracts_are_kept():
    run = lint_imports(*(arg for cid in ENGINE_CONTRACTS for arg in ("--contract", cid)), cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"Contracts: {len(ENGINE_CONTRACTS)} kept, 0 broken." in run.stdout, run.stdout


def test_every_registered_game_is_in_the_independence_contract():
    from engine.registry import GAMES

    independent = next(c for c in engine_contracts() if c["id"] == "games-independent")
    assert sorted(independent["modules"]) == sorted(f"engine.{game}" for game in GAMES)


def copy_tree(tmp_path: Path) -> Path:
    """The engine and the site builder's Python files, in a folder of their own."""
    for package in ("engine", "site_builder"):
        shutil.copytree(ROOT / package, tmp_path / package,
                        ignore=lambda folder, names: [n for n in names if not (n.endswith(".py") or
                                                                               (Path(folder) / n).is_dir())])
    return tmp_path


def write_config(tree: Path, contract: dict) -> Path:
    def value(v) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, list):
            return "[" + ", ".join(f'"{x}"' for x in v) + "]"
        return f'"{v}"'
    lines = ["[tool.importlinter]", 'root_packages = ["engine", "site_builder"]', "",
             "[[tool.importlinter.contracts]]", *(f"{k} = {value(v)}" for k, v in contract.items())]
    path = tree / "lint.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("contract_id, module, line, extra_game", [
    ("engine-without-site-builder", "engine/api.py", "import site_builder.i18n", None),
    ("shared-engine-without-games", "engine/core/search.py", "import engine.makruk.position", None),
    ("shared-engine-without-games", "engine/api.py", "from .makruk import MakrukGame", None),
    ("games-independent", "engine/makhos/__init__.py", "from ..makruk import MakrukGame", "engine.makhos"),
])
def test_each_contract_breaks_on_a_forbidden_import(tmp_path, contract_id, module, line, extra_game):
    tree = copy_tree(tmp_path)
    contract = dict(next(c for c in engine_contracts() if c["id"] == contract_id))
    if extra_game:  # a second game, added the way the contract says: one more line
        contract["modules"] = [*contract["modules"], extra_game]
    target = tree / module
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text((target.read_text(encoding="utf-8") if target.exists() else "") + f"\n{line}\n",
                      encoding="utf-8")
    run = lint_imports("--config", str(write_config(tree, contract)), cwd=tree, env={"PYTHONPATH": str(tree)})
    assert run.returncode == 1, run.stdout + run.stderr
    assert "BROKEN" in run.stdout and "0 kept, 1 broken" in run.stdout, run.stdout
