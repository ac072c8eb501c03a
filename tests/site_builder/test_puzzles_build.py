"""Puzzle pages: data block per the contract, index, guide, navigation, proof cache, failed builds."""
import hashlib
import json
import re

import pytest
from pz_helpers import BARE_KINGS, MATE1, MATE2, MATE3, STALEMATE, best, hints_for, project, puzzle, quiz
from sb_helpers import fake_assets

from engine.core.search import WIN, verdict
from site_builder.__main__ import main
from site_builder.build import build
from site_builder.csp import blocked
from site_builder.errors import BuildFailed
from site_builder.games.makruk import PLUGIN
from site_builder.puzzles.engine_ctx import GameEngine
from site_builder.puzzles.pages import example_files
from site_builder.puzzles.prove import load_puzzles
from site_builder.puzzles.registry import KINDS

MATE3_LINE = ["d5c6", "a8a7", "h1h8", "a7a6", "h8a8"]
PUZZLES = {
    "mk-m2": puzzle("mk-m2", difficulty=2),
    "mk-m1": puzzle("mk-m1", position=MATE1, mate_in=1, solution=["h1h8"], alternatives=None, difficulty=1),
    "mk-m3": puzzle("mk-m3", position=MATE3, mate_in=3, solution=MATE3_LINE, alternatives=None, difficulty=3,
                    title={"th": "ชื่อ </script><b>", "en": "Title </script> & <b>"}),
    "mk-best": best("mk-best", difficulty=3),
    "mk-q1": quiz("mk-q1", STALEMATE, "position-status", difficulty=1),
    "mk-q2": quiz("mk-q2", BARE_KINGS, "is-draw", difficulty=1),
}
ORDER = ["mk-q1", "mk-q2", "mk-m1", "mk-m2", "mk-m3", "mk-best"]  # easiest first: difficulty, kind, id
KEYS = {"id", "game", "kind", "position", "solver", "orientation", "difficulty", "tags", "title", "goal",
        "mate_in", "line", "tree", "hints", "quiz", "next", "index", "replies"}


def snapshot(folder):
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = project(tmp_path_factory.mktemp("pz") / "proj", PUZZLES)
    out = root / "_site"
    built = build(root, out, assets=fake_assets)
    return root, out, built


def read(out, path):
    return (out / path / "index.html").read_text(encoding="utf-8")


def data_block(html):
    m = re.search(r'<script type="application/json" id="kr-puzzle-data"[^>]*>(.*?)</script>', html, re.S)
    assert m, "no data block"
    return json.loads(m[1])


def test_pages_exist_in_both_languages(site):
    _, out, built = site
    for lang in ("th", "en"):
        for pid in ORDER:
            assert (out / lang / "puzzles" / pid / "index.html").is_file()
        assert (out / lang / "puzzles/index.html").is_file()
        assert (out / lang / "puzzles/format/index.html").is_file()
    assert [p.id for p in built.puzzles.puzzles] == ORDER


def test_data_block_has_the_contract_keys_and_next_links(site):
    _, out, _ = site
    for lang in ("th", "en"):
        for i, pid in enumerate(ORDER):
            data = data_block(read(out, f"{lang}/puzzles/{pid}"))
            assert set(data) == KEYS
            assert data["id"] == pid and data["game"] == "makruk" and data["orientation"] == data["solver"]
            assert data["index"] == f"/{lang}/puzzles/"
            assert data["next"] == (f"/{lang}/puzzles/{ORDER[i + 1]}/" if i + 1 < len(ORDER) else None)


def _walk(engine, fen, tree, depth):
    """Every legal move in exactly one of wins/refutations; wins mate or continue with a legal reply."""
    state = engine.state(fen)
    legal = {state.move(h).text: h for h in state.handles()}
    assert set(tree["wins"]) | set(tree["refutations"]) == set(legal)
    assert not set(tree["wins"]) & set(tree["refutations"])
    for move, reply in tree["refutations"].items():
        after = state.child(legal[move])
        if reply is not None:
            assert reply in {after.move(h).text for h in after.handles()}  # legal
        else:
            assert after.outcome() is not None
    for move, win in tree["wins"].items():
        after = state.child(legal[move])
        if "mate" in win:
            assert verdict(state, after) == WIN and not after.handles()
        elif "done" in win:
            assert depth in (1, None)  # a mate's last move, or a best move's gain on the board
        else:
            assert depth is None or depth > 1
            nxt = engine.record(fen)
            nxt.play(move)
            nxt.play(win["reply"])
            _walk(engine, nxt.position_text(), win["node"], None if depth is None else depth - 1)


@pytest.mark.parametrize("pid", ["mk-m1", "mk-m2", "mk-m3", "mk-best"])
def test_tree_covers_every_legal_move_at_every_node(site, pid):
    _, out, _ = site
    data = data_block(read(out, f"th/puzzles/{pid}"))
    engine = GameEngine(PLUGIN)
    _walk(engine, data["position"], data["tree"], data["mate_in"])
    assert data["line"][0] in data["tree"]["wins"]


def test_mate_data(site):
    _, out, _ = site
    data = data_block(read(out, "en/puzzles/mk-m2"))
    assert data["mate_in"] == 2 and data["line"] == ["c6b6", "a8b8", "h1h8"] and data["quiz"] is None
    assert set(data["tree"]["wins"]) == {"c6b6", "c6c7"}  # the acknowledged alternative is accepted too
    assert data["hints"] == hints_for("mk-m2")["en"]
    assert data_block(read(out, "th/puzzles/mk-m2"))["hints"] == hints_for("mk-m2")["th"]
    node = data["tree"]["wins"]["c6b6"]
    assert node["reply"] == "a8b8" and node["node"]["wins"] == {"h1h8": {"mate": True}}


def test_best_move_data(site):
    _, out, _ = site
    data = data_block(read(out, "en/puzzles/mk-best"))
    assert data["mate_in"] is None and data["quiz"] is None
    assert data["line"] == ["d5c7", "e8d7", "c7a8"]
    win = data["tree"]["wins"]["d5c7"]  # the fork is not the end: the Ruea must be taken
    assert set(data["tree"]["wins"]) == {"d5c7"} and win["reply"] == "e8d7"
    assert win["node"]["wins"] == {"c7a8": {"done": True}}


def test_quiz_data(site):
    _, out, _ = site
    data = data_block(read(out, "en/puzzles/mk-q1"))
    assert data["tree"] is None and data["line"] == [] and data["mate_in"] is None
    quiz_ = data["quiz"]
    assert quiz_["answer_type"] == "choice"
    assert [c["id"] for c in quiz_["choices"]] == ["a", "b", "c", "d"]
    assert quiz_["correct"] == ["b"] and quiz_["choices"][1]["label"] == "Stalemate"
    assert "stalemate" in quiz_["explanation"]
    th = data_block(read(out, "th/puzzles/mk-q1"))["quiz"]
    assert th["choices"][1]["label"].startswith("อับ")


def test_data_block_cannot_close_the_script(site):
    _, out, _ = site
    html = read(out, "en/puzzles/mk-m3")
    block = re.search(r'id="kr-puzzle-data"[^>]*>(.*?)</script>', html, re.S)[1]
    assert "<" not in block and ">" not in block and "&" not in block
    assert data_block(html)["title"] == "Title </script> & <b>"
    assert "<h1>Title &lt;/script&gt; &amp; &lt;b&gt;</h1>" in html


def test_puzzle_page_reads_without_js(site):
    _, out, _ = site
    html = read(out, "th/puzzles/mk-m2")
    assert '<p class="kr-puzzle-goal" id="kr-puzzle-goal">ขาวเดินก่อน รุกจนใน 2 ตา</p>' in html
    assert '<figure class="kr-board" data-game="makruk" data-position="k7/8/2K5/8/8/8/8/7R w - - 0 1"' in html
    assert 'data-interactive="false"' in html and '<svg class="kr-diagram"' in html
    assert '<script type="module" src="/static/js/puzzle.js"></script>' in html
    assert re.search(r'<details class="kr-puzzle-solution[^"]*">\s*<summary>เฉลย</summary>', html)
    for said in GameEngine(PLUGIN).line_words(MATE2, ["c6b6", "a8b8", "h1h8"], "th"):
        assert f"<li>{said}</li>" in html
    assert blocked(html) == []
    quiz_html = read(out, "en/puzzles/mk-q1")
    assert '<li data-choice="b">Stalemate</li>' in quiz_html


def test_index_lists_every_puzzle_with_data_attributes(site):
    _, out, _ = site
    html = read(out, "en/puzzles")
    assert '<div id="kr-puzzle-filters" class="kr-puzzle-filters" hidden></div>' in html
    assert '<script type="module" src="/static/js/puzzle-index.js"></script>' in html
    items = re.findall(r'<li class="kr-puzzle-item" data-id="([^"]+)" data-game="makruk" data-kind="([^"]+)" '
                       r'data-difficulty="(\d)" data-tags="([^"]*)"><a href="([^"]+)">', html)
    assert [i[0] for i in items] == ORDER
    assert items[ORDER.index("mk-m2")] == ("mk-m2", "mate", "2", "mate-in-2 ruea", "/en/puzzles/mk-m2/")
    # grouped by difficulty, easiest first, each item with its kind in words
    levels = re.findall(r'<section class="kr-puzzle-level" data-difficulty="(\d)">', html)
    assert levels == ["1", "2", "3"]
    assert '<span class="kr-puzzle-kindname">Rule quiz</span>' in html
    names = json.loads(re.search(r'<script type="application/json" id="kr-puzzle-names">(.*?)</script>', html)[1])
    assert names["tags"]["ruea"] == "Ruea" and names["kinds"]["best-move"] == "Best move"
    th = read(out, "th/puzzles")
    names = json.loads(re.search(r'<script type="application/json" id="kr-puzzle-names">(.*?)</script>', th)[1])
    assert names["tags"]["mate-in-2"] == "จนใน 2 ตา" and names["tags"]["ruea"] == "เรือ"
    assert 'href="/en/puzzles/format/"' in html


def test_navigation_links_to_the_puzzles(site):
    _, out, _ = site
    for path, lang in (("th/makruk/a", "th"), ("en/puzzles/mk-m1", "en")):
        sidebar = read(out, path).split('class="sidebar"')[1].split("</nav>")[0]
        title = "โจทย์" if lang == "th" else "Puzzles"
        assert f'<a href="/{lang}/puzzles/">{title}</a>' in sidebar
    assert '<a href="/en/puzzles/" aria-current="page">Puzzles</a>' in read(out, "en/puzzles")
    assert 'class="lang-switch" href="/en/puzzles/mk-m2/"' in read(out, "th/puzzles/mk-m2")


def test_guide_pages_document_every_field_and_kind(site):
    _, out, _ = site
    for lang in ("th", "en"):
        html = read(out, f"{lang}/puzzles/format")
        for kind in KINDS.values():
            assert f'kind = "{kind.id}"' in html
            for field in kind.fields:
                assert f'<code translate="no">{field.name}</code>' in html  # file syntax: never translated
        assert "puzzles mine" in html and "mk-mate2-example" in html


def test_the_guide_example_passes_the_check(tmp_path):
    examples = example_files()
    assert len(examples) == 2 and examples[0] == examples[1]
    root = project(tmp_path / "p", {"mk-mate2-example": examples[0]})
    puzzles, problems = load_puzzles(root)
    assert problems == [] and len(puzzles.puzzles) == 1


def test_failed_puzzle_keeps_the_previous_output(tmp_path):
    root = project(tmp_path / "proj", {"mk-m2": puzzle("mk-m2")})
    out = tmp_path / "site"
    build(root, out, assets=fake_assets)
    before = snapshot(out)
    (root / "puzzles/makruk/mk-m2.toml").write_text(puzzle("mk-m2", alternatives=None), encoding="utf-8")
    with pytest.raises(BuildFailed) as failed:
        build(root, out, assets=fake_assets)
    assert "cook: c6c7 also mates in 2" in str(failed.value)
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["proj", "site"]


def test_proof_cache_hit_when_unchanged_and_miss_when_changed(tmp_path, monkeypatch):
    root = project(tmp_path / "proj", {"mk-a": puzzle("mk-a"), "mk-b": puzzle("mk-b")})
    first, problems = load_puzzles(root)
    assert problems == [] and (first.cache_hits, first.proven) == (0, 2)
    stored = sorted(p.name for p in (root / ".cache/kradan-proofs").iterdir())
    assert len(stored) == 4 and len([name for name in stored if name.endswith(".replies.json")]) == 2
    second, _ = load_puzzles(root)
    assert (second.cache_hits, second.proven) == (2, 0)
    assert all(p.cached for p in second.puzzles)
    assert [p.proof for p in second.puzzles] == [p.proof for p in first.puzzles]
    (root / "puzzles/makruk/mk-b.toml").write_text(puzzle("mk-b", difficulty=3), encoding="utf-8")
    third, _ = load_puzzles(root)
    assert (third.cache_hits, third.proven) == (1, 1)
    # a hit really skips the proof
    monkeypatch.setattr(type(KINDS["mate"]), "prove", lambda *a: (_ for _ in ()).throw(AssertionError("proved")))
    fourth, problems = load_puzzles(root)
    assert problems == [] and fourth.cache_hits == 2


def test_engine_change_invalidates_the_cache(tmp_path, monkeypatch):
    from site_builder.puzzles import cache
    root = project(tmp_path / "proj", {"mk-a": puzzle("mk-a")})
    load_puzzles(root)
    monkeypatch.setattr(cache, "code_hash", lambda: "another engine")
    again, _ = load_puzzles(root)
    assert (again.cache_hits, again.proven) == (0, 1)


def test_corrupt_cache_entry_is_a_miss(tmp_path):
    root = project(tmp_path / "proj", {"mk-a": puzzle("mk-a")})
    load_puzzles(root)
    for entry in (root / ".cache/kradan-proofs").glob("*.json"):
        entry.write_text("{not json")
    again, problems = load_puzzles(root)
    assert problems == [] and again.proven == 1


def test_cache_can_be_switched_off(tmp_path, monkeypatch):
    monkeypatch.setenv("KRADAN_PROOF_CACHE", "off")
    root = project(tmp_path / "proj", {"mk-a": puzzle("mk-a")})
    load_puzzles(root)
    again, _ = load_puzzles(root)
    assert again.proven == 1 and not (root / ".cache").exists()


def test_cli_reports_cache_hits(tmp_path, capsys):
    root = project(tmp_path / "proj", {"mk-a": puzzle("mk-a")})
    assert main(["--root", str(root), "check"]) == 0
    assert "puzzles: 1 puzzle checked (0 from the proof cache, 1 proven in" in capsys.readouterr().out
    assert main(["--root", str(root), "check"]) == 0
    assert "puzzles: 1 puzzle checked (1 from the proof cache, 0 proven in" in capsys.readouterr().out


def test_cli_lists_puzzle_problems_with_lines(tmp_path, capsys):
    root = project(tmp_path / "proj", {"mk-a": puzzle("mk-a", difficulty=7), "mk-b": puzzle("mk-b", alternatives=None)})
    assert main(["--root", str(root), "check"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "puzzles/makruk/mk-a.toml:5: difficulty: 7 is outside 1..5 — use a value from 1 to 5"
    assert err[1].startswith("puzzles/makruk/mk-b.toml:9: alternatives: cook: c6c7 also mates in 2 — add it")
    assert err[2] == "2 problems found; the output was left unchanged."


def test_no_puzzles_folder_no_puzzle_pages(tmp_path):
    root = project(tmp_path / "proj", {})
    (root / "puzzles").rmdir()
    out = tmp_path / "site"
    build(root, out, assets=fake_assets)
    assert not (out / "th/puzzles").exists()
    assert "/th/puzzles/" not in (out / "th/index.html").read_text()


@pytest.fixture
def source_copy(tmp_path, monkeypatch):
    """A copy of the sources the proof cache hashes, made the cache's ROOT for this test."""
    import shutil

    from site_builder.puzzles import cache
    root = tmp_path / "tree"
    for path in cache.source_files():
        target = root / path.relative_to(cache.ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    monkeypatch.setattr(cache, "ROOT", root)
    cache.code_hash.cache_clear()
    yield root
    cache.code_hash.cache_clear()


@pytest.mark.parametrize("changed", ["engine/makruk/position.py", "engine/core/search.py", "engine/api.py",
                                     "site_builder/games/makruk/words.py", "site_builder/puzzles/kinds/mate.py",
                                     "site_builder/plugin.py"])
def test_the_cache_key_covers_every_engine_file_and_the_plugins(source_copy, changed):
    from site_builder.puzzles import cache
    hashed = {p.relative_to(source_copy).as_posix() for p in cache.source_files()}
    assert changed in hashed and "engine/makruk/counting.py" in hashed and "engine/core/protocol.py" in hashed
    key = cache.ProofCache(None).key("digest of a puzzle file")
    path = source_copy / changed
    path.write_text(path.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    cache.code_hash.cache_clear()
    assert cache.ProofCache(None).key("digest of a puzzle file") != key


@pytest.mark.parametrize("checked_after", ["site_builder/puzzles/hints.py", "site_builder/puzzles/answers.py",
                                           "site_builder/puzzles/statement.py"])
def test_a_check_run_after_the_proofs_is_not_part_of_the_cache_key(source_copy, checked_after):
    from site_builder.puzzles import cache
    key = cache.ProofCache(None).key("digest of a puzzle file")
    path = source_copy / checked_after
    path.write_text("# a new check of the hints or the statement\n", encoding="utf-8")
    cache.code_hash.cache_clear()
    assert cache.ProofCache(None).key("digest of a puzzle file") == key


def test_the_cache_key_sees_a_moved_file(source_copy):
    """Same bytes under another path (a file moved between engine packages) is another engine."""
    from site_builder.puzzles import cache
    before = cache.code_hash()
    (source_copy / "engine/makruk/evaluation.py").rename(source_copy / "engine/core/evaluation.py")
    cache.code_hash.cache_clear()
    assert cache.code_hash() != before


def test_the_page_data_block_is_the_page_data_encoded_once(project_puzzles):
    """page_data_json (its replies encoded once per proof) gives exactly page_json(page_data), so
    the block's text and its SHA-256 on the page stay what they were."""
    from site_builder.puzzles.pages import page_data, page_data_json
    from site_builder.replies import page_json
    for puzzle in project_puzzles.puzzles:
        for lang in ("th", "en"):
            assert page_data_json(project_puzzles, puzzle, lang) == page_json(page_data(project_puzzles, puzzle, lang))
