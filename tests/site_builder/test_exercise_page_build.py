"""The teacher-made exercise's page (site_builder/teach/exercise_page.py): what the build puts in
it for static/js/teach/exercise.js. Its behaviour in a browser: tests/e2e/test_teach_exercise_page.py."""
from types import SimpleNamespace

from site_builder.puzzles.registry import KINDS
from site_builder.teach.exercise_page import PAGE_KEYS, STRINGS, page_block


def test_both_languages_have_the_same_words():
    assert set(STRINGS["th"]) == set(STRINGS["en"])


def test_the_block_carries_the_words_names_and_every_kind_s_page_words():
    site = SimpleNamespace(all_game_names={"makruk": {"th": "หมากรุกไทย", "en": "Makruk"}})
    for lang in ("th", "en"):
        block = page_block(site, lang)
        assert set(block["words"]) == set(STRINGS[lang]) - set(PAGE_KEYS)
        assert block["games"] == {"makruk": site.all_game_names["makruk"][lang]}
        assert set(block["kinds"]) == set(KINDS)
        # A kind's UI words come with the page (a Dummy figure's UI and card names: not in the link) ...
        assert block["kindWords"] == {kind.id: kind.page_words(lang) for kind in KINDS.values() if kind.page_words(lang)}
        scoring = block["kindWords"]["scoring"]
        assert scoring["ui"]["check"] and len(scoring["words"]["cards"]) == 52
        assert "mate" not in block["kindWords"]  # ... a board kind needs no words of its own
