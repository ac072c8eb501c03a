"""The ``prove`` op proves a collection puzzle to the very page data the site builder computes for
it (site_builder/puzzles/kinds/mate.py, Mak-hot's win.py, best_move.py): the same line, mate_in,
solver, orientation and proof tree. Native: it runs the site builder, which Pyodide does not have."""
from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from engine.api import call

pytestmark = pytest.mark.native

ROOT = Path(__file__).resolve().parents[3]
# Each proves in well under a second. mk-mate2-001's author chose one of two equally long
# defences that is not the first in move order: the op follows the author's line when given it.
PUZZLES = ["makruk/mk-mate1-001", "makruk/mk-mate2-001", "makruk/mk-mate2-002", "makhos/mh-win1-001",
           "makhos/mh-win2-001", "komayo/ko-tsume1-001", "makhos/mh-best-001", "makhos/mh-best-006",
           "makruk/mk-best-003"]


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, dict]:
    """The builder's Thai page data of each puzzle, in a project holding only them (proofs through the
    project's proof cache, .cache/kradan-proofs, keyed by each file's content: a site build fills it)."""
    from site_builder.puzzles.cache import ProofCache
    from site_builder.puzzles.pages import page_data
    from site_builder.puzzles.prove import cache_folder, load_puzzles

    root = tmp_path_factory.mktemp("project")
    for name in PUZZLES:
        (root / "puzzles" / Path(name).parent).mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "puzzles" / f"{name}.toml", root / "puzzles" / f"{name}.toml")
    found, problems = load_puzzles(root, ProofCache(cache_folder(ROOT)))
    assert problems == []
    return {f"{p.game}/{p.id}": page_data(found, p, "th") for p in found.puzzles}


def proof(data: dict, line: list[str] | None) -> dict:
    if data["kind"] == "best-move":
        fields = tomllib.loads((ROOT / "puzzles" / data["game"] / f"{data['id']}.toml").read_text(encoding="utf-8"))
        task = {"kind": "best_move", "depth": fields.get("depth", 3), "margin": fields.get("margin", 2.0)}
    else:
        task = {"kind": "mate", "in": data["mate_in"]}
    task.update({"line": line} if line else {})
    reply = call({"op": "prove", "game": data["game"], "position": data["position"], "task": task})
    assert reply["ok"], reply
    return reply


@pytest.mark.parametrize("name", PUZZLES)
def test_the_proof_is_the_builders_page_data(pages, name):
    data = pages[name]
    reply = proof(data, data["line"])
    assert {k: reply[k] for k in ("line", "mate_in", "solver", "orientation", "tree")} == \
        {k: data[k] for k in ("line", "mate_in", "solver", "orientation", "tree")}
    same = call({"op": "play", "game": data["game"], "position": data["position"]})["position"]
    assert reply["position"] == same


@pytest.mark.parametrize("name", [n for n in PUZZLES if n != "makruk/mk-mate2-001"])
def test_without_a_line_the_first_proof_in_move_order_is_the_builders_too(pages, name):
    data = pages[name]
    reply = proof(data, None)
    assert (reply["line"], reply["tree"]) == (data["line"], data["tree"])


def test_the_line_chooses_among_equal_defences(pages):
    data = pages["makruk/mk-mate2-001"]
    first = proof(data, None)
    assert first["mate_in"] == data["mate_in"] and first["line"][0] == data["line"][0]
    assert first["line"] != data["line"], "the author's defence is not the first in move order"
    assert proof(data, data["line"])["line"] == data["line"]
