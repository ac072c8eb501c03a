"""site_builder/modules.py: the modules a page preloads are exactly its static import graph."""
from site_builder.modules import STATIC_JS, URL_ROOT, module_graph


def test_the_graph_follows_static_imports_to_the_end_and_skips_the_entry():
    graph = module_graph("puzzle.js", "games/makruk/index.js")
    assert "/static/js/puzzle.js" not in graph  # its <script> fetches it
    assert {"/static/js/games/makruk/index.js", "/static/js/boards/board.js", "/static/js/boards/grid.js",
            "/static/js/games/makruk/count-panel.js", "/static/js/core/recorded-engine.js"} <= set(graph)
    assert "/static/js/games/makruk/counting-playout.js" not in graph  # imported dynamically, on demand
    assert len(graph) == len(set(graph))
    for url in graph:
        assert (STATIC_JS / url.removeprefix(URL_ROOT)).is_file(), url


def test_a_module_without_imports_has_an_empty_graph():
    assert module_graph("lang-switch.js") == ()
