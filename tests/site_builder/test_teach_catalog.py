"""The exercise catalog /<lang>/teach/catalog.json (site_builder/teach/catalog.py): its shape, its
order (the puzzle index's), its names in each language, and that it covers every game's puzzles."""
from __future__ import annotations

import json

import pytest
from pz_helpers import MATE1, STALEMATE, best, project, puzzle, quiz
from sb_helpers import fake_assets

from site_builder.build import build
from site_builder.teach.catalog import catalog

PUZZLES = {
    "mk-m2": puzzle("mk-m2", difficulty=2, title={"th": "ชื่อ </script><b>", "en": "Title </script> & <b>"}),
    "mk-m1": puzzle("mk-m1", position=MATE1, mate_in=1, solution=["h1h8"], alternatives=None, difficulty=1,
                    tags=["mate-in-1", "ruea"]),
    "mk-best": best("mk-best", difficulty=3),
    "mk-q1": quiz("mk-q1", STALEMATE, "position-status", difficulty=1),
}
ITEM_KEYS = ["id", "game", "kind", "difficulty", "tags", "title", "goal", "url"]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = project(tmp_path_factory.mktemp("catalog") / "proj", PUZZLES)
    out = root / "_site"
    build(root, out, assets=fake_assets)
    return out


def read(out, lang):
    return json.loads((out / lang / "teach/catalog.json").read_text(encoding="utf-8"))


def test_the_catalog_lists_every_puzzle_in_the_index_order_with_its_fields(built):
    th = read(built, "th")
    assert list(th) == ["version", "lang", "games", "kinds", "tags", "levels", "items"]
    assert th["version"] == 1 and th["lang"] == "th"
    assert [item["id"] for item in th["items"]] == ["mk-q1", "mk-m1", "mk-m2", "mk-best"]
    assert all(list(item) == ITEM_KEYS for item in th["items"])
    m2 = th["items"][2]
    assert m2 == {"id": "mk-m2", "game": "makruk", "kind": "mate", "difficulty": 2, "tags": ["mate-in-2", "ruea"],
                  "title": "ชื่อ </script><b>", "goal": "ขาวเดินก่อน รุกจนใน 2 ตา", "url": "/th/puzzles/mk-m2/"}
    for item in th["items"]:  # every url is a page of the build
        assert (built / item["url"].strip("/") / "index.html").is_file()


def test_the_names_are_in_the_catalogs_language_and_cover_exactly_what_the_items_use(built):
    th, en = read(built, "th"), read(built, "en")
    assert th["games"] == {"makruk": "หมากรุกไทย"} and en["games"] == {"makruk": "Makruk (Thai chess)"}
    assert th["levels"] == {"1": "ระดับ 1", "2": "ระดับ 2", "3": "ระดับ 3"}
    assert en["levels"] == {"1": "Level 1", "2": "Level 2", "3": "Level 3"}
    for cat in (th, en):
        items = cat["items"]
        assert set(cat["kinds"]) == {item["kind"] for item in items} == {"mate", "best-move", "rule-quiz"}
        assert set(cat["tags"]) == {tag for item in items for tag in item["tags"]}
    assert th["kinds"]["mate"] == "รุกจน" and en["kinds"]["mate"] == "Mate"
    assert th["tags"]["fork"] == "จับสองตัว" and en["tags"]["fork"] == "fork"
    assert en["items"][2]["title"] == "Title </script> & <b>" and en["items"][2]["url"] == "/en/puzzles/mk-m2/"


def test_without_puzzles_there_is_no_catalog(tmp_path):
    root = project(tmp_path / "proj", {})
    (root / "puzzles").rmdir()
    out = tmp_path / "site"
    build(root, out, assets=fake_assets)
    assert not (out / "th/teach").exists()


def test_the_real_catalog_has_every_game_and_every_puzzle(project_build):
    site = project_build.site
    for lang in ("th", "en"):
        cat = catalog(site, lang)
        assert [item["id"] for item in cat["items"]] == [p.id for p in site.puzzles.puzzles]
        assert set(cat["games"]) == {p.game for p in site.puzzles.puzzles} == set(site.game_names)
        assert all(item["url"] == f"/{lang}/puzzles/{item['id']}/" and item["title"] and item["goal"]
                   for item in cat["items"])
