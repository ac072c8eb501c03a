"""The layout rules of site_builder/static/js, read from the source (no browser):

- every import resolves to a file (or to the npm module the build vendors there), and every
  <script src> of the templates exists;
- shared modules (core/, boards/, the page entries) never name a game and never import a game's
  folder: games are reached through games/index.js only, and one game never imports another;
- no module reads the engine's `legal_moves` strings: boards work from the `legal` objects.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from site_builder.assets import QR_MODULE, QR_SOURCE

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site_builder"
JS = SITE / "static" / "js"
#: Modules the build copies from node_modules into /static/vendor/ (site_builder/assets.py).
VENDORED = {(SITE / QR_MODULE.lstrip("/")).resolve(): ROOT / QR_SOURCE}
BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.S)
IMPORT = re.compile(r"""^import\s(?:[^'";()]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)""", re.M)


def modules() -> list[Path]:
    found = sorted(JS.rglob("*.js"))
    assert found, f"no JavaScript under {JS}"
    return found


def imports(path: Path) -> list[str]:
    """The modules `path` imports; JSDoc's type imports (`{import('../types/engine.js').Reply}`) are comments."""
    code = BLOCK_COMMENT.sub("", path.read_text(encoding="utf-8"))
    return [a or b for a, b in IMPORT.findall(code)]


def target(path: Path, spec: str) -> Path:
    """The file an import names: in the source tree, or the npm file the build vendors there."""
    found = (SITE / spec.lstrip("/")).resolve() if spec.startswith("/") else (path.parent / spec).resolve()
    return VENDORED.get(found, found)


def game_ids() -> list[str]:
    registry = (JS / "games" / "index.js").read_text(encoding="utf-8")
    ids = re.findall(r"^\s*(\w+): \(\) => import\('\./(\w+)/index\.js'\)", registry, re.M)
    assert ids and all(key == folder for key, folder in ids), ids
    return [key for key, _ in ids]


def test_every_import_and_script_tag_resolves():
    missing = [f"{p.relative_to(JS)} imports {spec}" for p in modules() for spec in imports(p)
               if not target(p, spec).is_file()]
    for template in SITE.rglob("templates/**/*.html"):
        for src in re.findall(r'<script[^>]*\ssrc="(/static/js/[^"]+)"', template.read_text(encoding="utf-8")):
            if not (SITE / src.lstrip("/")).is_file():
                missing.append(f"{template.relative_to(SITE)} loads {src}")
    assert missing == []


def test_shared_modules_reach_games_only_through_the_registry():
    ids = game_ids()
    games = JS / "games"
    problems = []
    for path in modules():
        text = path.read_text(encoding="utf-8")
        inside = path.relative_to(games).parts[0] if games in path.parents else None
        for spec in imports(path):
            folder = target(path, spec)
            if games in folder.parents and folder.parent != games:
                owner = folder.relative_to(games).parts[0]
                if owner != inside and path != games / "index.js":
                    problems.append(f"{path.relative_to(JS)} imports {spec}")
        if inside is None or inside == "index.js":
            named = [g for g in ids if re.search(rf"['\"`]{g}['\"`]", text)]
            if path != games / "index.js" and named:
                problems.append(f"{path.relative_to(JS)} names the game(s) {named}")
    assert problems == []


def test_no_module_reads_move_strings():
    readers = [str(p.relative_to(JS)) for p in modules() if "legal_moves" in p.read_text(encoding="utf-8")]
    assert readers == [], "boards and pages work from the `legal` objects, not the move strings"
