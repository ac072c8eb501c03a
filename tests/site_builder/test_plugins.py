"""The plugin registry and the rule that shared site code never names a game.

Shared modules (everything in site_builder/ but games/<id>/ and the benchmark) reach a game only
through site_builder.games.PLUGINS; import-linter checks their imports, this test their code:
no string literal (docstrings aside) and no name mentions a registered game's id.
"""
import ast
import re
from pathlib import Path

from engine.registry import GAMES
from site_builder.games import PLUGINS
from site_builder.plugin import GameSite
from site_builder.puzzles.registry import KINDS

PACKAGE = Path(__file__).resolve().parents[2] / "site_builder"
SHARED = sorted(p for p in PACKAGE.rglob("*.py")
                if not p.relative_to(PACKAGE).as_posix().startswith(("games/", "bench/")))


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def game_mentions(source: str) -> list[str]:
    """Game ids named in code: string literals (docstrings aside), names and attributes."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, PLUGINS)) + r")\b", re.I)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            found += pattern.findall(node.value)
        elif isinstance(node, ast.Name):
            found += pattern.findall(node.id)
        elif isinstance(node, ast.Attribute):
            found += pattern.findall(node.attr)
    return found


def test_every_plugin_is_a_game_site_of_an_engine_game():
    assert PLUGINS and all(isinstance(site, GameSite) for site in PLUGINS.values())
    for gid, site in PLUGINS.items():
        assert site.id == gid and gid in GAMES and (GAMES[gid].game is not None) == site.boards  # cards: no Game
        assert site.fence and site.words.side(GAMES[gid].sides[0], "th")
        assert site.puzzle_example.game == gid


def test_puzzle_kinds_declare_the_games_they_serve():
    for kind in KINDS.values():
        assert kind.games and set(kind.games) <= set(GAMES), kind.id
    for site in PLUGINS.values():
        for kind in site.puzzle_kinds:
            assert kind.games == (site.id,)
    assert {"mate", "best-move", "rule-quiz"} <= set(KINDS) and KINDS["counting"].games == ("makruk",)


def test_shared_modules_name_no_game():
    found = {p.relative_to(PACKAGE).as_posix(): game_mentions(p.read_text(encoding="utf-8")) for p in SHARED}
    assert {path: names for path, names in found.items() if names} == {}
    assert len(SHARED) > 20


def test_the_check_finds_a_game_name_in_code():
    assert game_mentions('if game == "makruk":\n    pass\n') == ["makruk"]
    assert game_mentions('"""About makruk."""\nx = 1\n') == []
    assert game_mentions("from engine.makruk import Position\n") == []  # imports: import-linter's job
    assert game_mentions("import engine\nengine.makruk.position\n") == ["makruk"]
