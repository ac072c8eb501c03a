"""Komayo on the site (issues 10, 21, 22): board blocks checked by the engine and drawn with both
hands, the pentagon sprite (Thai letters, kanji and Western letters, both sides, promoted faces
red; Thai pages drawn in Thai letters), the piece legend, moves and drops in words, the lessons
in both languages with live boards, and the committed tsume and quizzes (lengths counted as in
shogi, goals that say the same counts, drops, the Princess's leap, sensible defences, both sides
to move, every winning key accepted, the quiz answers computed by the engine, the reasons said
without echoing notation)."""
from __future__ import annotations

import re
from collections import Counter

import pytest
from sb_helpers import PROJECT

from engine.api import call
from engine.core.protocol import Move, Outcome
from site_builder.content import load_content
from site_builder.games import PLUGINS
from site_builder.games.komayo import PLUGIN
from site_builder.games.komayo.site import PUZZLE_TAGS
from site_builder.games.komayo import thai_paths
from site_builder.games.komayo.diagram import GOTE_KING, KANJI, PROMOTED_KANJI, THAI, glyph_id, piece_id, sprite
from site_builder.games.komayo.kanji_paths import PATHS

HANDS = "4k3/8/8/8/8/8/4+r3/4K3 b 2S+Pn 1"


def block(*lines: str) -> tuple:
    return PLUGIN.parse_board(list(lines), 10, "content/th/komayo/x.md")


@pytest.fixture(scope="module")
def puzzles(project_puzzles):
    return [p for p in project_puzzles.puzzles if p.game == "komayo"]  # proven once per session (conftest.py)


@pytest.fixture(scope="module")
def lessons():
    pages, problems = load_content(PROJECT, tuple(PLUGINS))
    komayo = [p for p in pages if p.rel.startswith(("content/th/komayo/", "content/en/komayo/"))]
    assert not [p for p in problems if "komayo" in p.file], problems
    return komayo


# ---------------------------------------------------------------- boards and diagrams
def test_a_board_block_is_drawn_with_both_hands_and_described_in_thai():
    board, problems = block(f"position: {HANDS}", "caption: ขุนกินเรือเลื่อนขั้นได้")
    assert problems == [] and board.hands == {"sente": {"S": 2, "+P": 1}, "gote": {"N": 1}}
    html = PLUGIN.figure(board, "th")
    assert html.startswith('<figure class="kr-board" data-game="komayo"')
    stack = re.search(r'<div class="kr-diagram kr-diagram-hands">(.*)</div><figcaption>', html, re.S)[1]
    top, bottom = re.findall(r'<div class="kr-hand" data-side="(\w+)" data-place="(\w+)"', stack)
    assert top == ("gote", "top") and bottom == ("sente", "bottom")  # as the live board places them
    assert '<span class="kr-hand-piece kr-promoted" data-piece="+P" data-count="1">' in stack
    assert 'href="#ko-sS-t"' in stack and 'href="#ko-gN-t"' in stack  # Thai letters on a Thai page
    label = re.search(r'<svg class="kr-diagram" viewBox="0 0 8 8" role="img" aria-label="([^"]+)"', stack)[1]
    assert "ในมือ: เงิน 2, เบี้ยเลื่อนขั้น 1" in label and "ฝ่ายเดินหลัง: ขุน e8, เรือเลื่อนขั้น e2, ในมือ: ม้า 1" in label
    assert 'href="#ko-gRp-t"' in stack and 'href="#ko-sK-t"' in stack


def test_a_flipped_board_puts_sentes_hand_on_top():
    board, _ = block(f"position: {HANDS}", "orientation: gote")
    html = PLUGIN.figure(board, "en")
    assert re.findall(r'data-side="(\w+)" data-place="(\w+)"', html) == [("sente", "top"), ("gote", "bottom")]
    assert 'href="#ko-sK"' in html and "-t\"" not in html  # kanji on an English page
    thai = PLUGIN.figure(board, "th")  # Thai letters stay upright: each piece takes the other side's face
    assert 'href="#ko-gK-t"' in thai and 'href="#ko-sK-t"' in thai and 'href="#ko-gS-t"' in thai  # K e1, k e8, S in hand
    assert 'href="#ko-sRp-t"' in thai  # Gote's promoted Rook on e2, seen from Gote's side


def test_the_legend_shows_every_piece_in_the_three_styles_beside_its_name():
    board, problems = block("legend: pieces", "caption: ตัวหมากสามแบบ")
    assert problems == [] and board.legend and not board.interactive
    html = PLUGIN.figure(board, "th")
    assert html.startswith('<link rel="stylesheet" href="/static/css/komayo-legend.css"><figure class="ko-legend"><table><caption>ตัวหมากสามแบบ</caption>')
    rows = re.findall(r'<tr(?: class="ko-legend-promoted")?><th scope="row">([^<]+)</th>(.*?)</tr>', html)
    assert [name for name, _ in rows][:3] == ["ขุน", "เจ้าหญิง", "เจ้าหญิงเลื่อนขั้น"] and len(rows) == 15
    for name, cells in rows:
        assert re.findall(r'href="#(ko-s[A-Z]p?(?:-[tw])?)"', cells)[0].endswith("-t"), name
        assert len(re.findall(r"<use ", cells)) == 3
    assert "<th scope=\"col\">อักษรไทย</th><th scope=\"col\">คันจิ</th>" in html


@pytest.mark.parametrize("position, says", [
    ("4k3/8/8/8/8/8/RR6/R3K3 b - 1", "Rook"),  # three rooks on the board
    ("4k3/8/8/8/8/8/8/4K3 b 3R 1", "Rook"),  # three rooks in hand
    ("8/8/8/8/8/8/8/4K3 b - 1", "king"),
    ("4k2P/8/8/8/8/8/8/4K3 b - 1", "never move"),
])
def test_an_impossible_position_is_refused_with_the_engines_reason(position, says):
    board, problems = block(f"position: {position}")
    assert board is None and len(problems) == 1
    assert problems[0].line == 10 and says.lower() in problems[0].what.lower(), problems[0]


def test_an_illegal_move_in_a_block_names_the_legal_ones():
    board, problems = block("position: 4k3/8/8/8/8/8/8/4K3 b N 1", "moves: N*a8")
    assert board is None and "no_move" not in problems[0].what and "N*a8" in problems[0].what
    assert "N*a6" in problems[0].fix


def test_the_sprite_has_every_face_of_both_sides():
    svg = sprite()
    assert svg.startswith('<svg class="kr-sprites" aria-hidden="true"')
    ids = re.findall(r'<symbol id="([^"]+)"', svg)
    assert len(ids) == len(set(ids)) == 3 * 2 * 15  # styles x sides x (8 kinds + 7 promoted)
    for text in ("K", "k", "+R", "+p", "I", "+i"):
        assert {piece_id(text), piece_id(text, "letters"), piece_id(text, "thai")} <= set(ids)
    gote_rook = re.search(r'<symbol id="ko-gR" [^>]*><g transform="rotate\(180 50 50\)">.*?</symbol>', svg)
    assert gote_rook and f'href="#{glyph_id("飛")}"' in gote_rook[0]  # Gote's pieces point down
    assert re.search(rf'<symbol id="ko-sRp"[^>]*>.*?<use href="#{glyph_id("龍")}" fill="#b3261e"/>', svg)  # red
    assert re.search(rf'<symbol id="ko-gK"[^>]*>.*?<use href="#{glyph_id("王")}"', svg)
    assert re.search(r'<symbol id="ko-sRp-w"[^>]*>.*?>\+R<', svg)
    # the Thai face: the name's first letter; a promoted one red and ringed (a shape, not only a colour)
    assert re.search(rf'<symbol id="ko-sR-t"[^>]*>.*?<use href="#{glyph_id("ร")}" fill="#1d1410"/>', svg)
    assert re.search(rf'<symbol id="ko-gIp-t"[^>]*><g transform="rotate\(180 50 50\)">.*?<circle [^>]*stroke="#b3261e"'
                     rf'.*?<use href="#{glyph_id("ญ")}" fill="#b3261e"/>', svg)


def test_the_kanji_are_outlines_defined_once_and_need_no_font():
    svg = sprite()
    faces = {*KANJI.values(), GOTE_KING, *PROMOTED_KANJI.values()}
    assert set(PATHS) == faces  # kanji_paths.py (tools/make_kanji_paths.py) draws every face, no more
    for glyph in faces:
        assert svg.count(f'id="{glyph_id(glyph)}"') == 1
        assert f'd="{PATHS[glyph]}"' in svg
        assert re.fullmatch(r"(m[-\d ]+([hvlqz][-\d ]*)+z)+", PATHS[glyph])
    kanji_symbols = re.findall(r'<symbol id="ko-[sg][A-Z]p?".*?</symbol>', svg)
    assert len(kanji_symbols) == 30 and not any("<text" in symbol for symbol in kanji_symbols)
    assert not any(glyph in svg for glyph in faces)  # no character left for a font to draw
    assert set(thai_paths.PATHS) == set(THAI.values()) and len(set(THAI.values())) == 8  # one letter per kind
    thai_symbols = re.findall(r'<symbol id="ko-[sg][A-Z]p?-t".*?</symbol>', svg)
    assert len(thai_symbols) == 30 and not any("<text" in symbol for symbol in thai_symbols)
    for letter in THAI.values():
        assert svg.count(f'id="{glyph_id(letter)}"') == 1 and letter not in svg


# ---------------------------------------------------------------- words
@pytest.mark.parametrize("board, move, th, en", [
    ({"g2": "R"}, Move("g2c2", "g2", "c2", path=("c2",)), "เรือ g2 ไป c2", "Rook g2 to c2"),
    ({"b2": "B", "f6": "p"}, Move("b2f6+", "b2", "f6", path=("f6",), captures=("f6",), promotion=True),
     "โคน b2 กินเบี้ย f6 เลื่อนขั้น", "Bishop b2 takes Pawn f6, promotes"),
    ({"e1": "K", "e2": "+r"}, Move("e1e2^", "e1", "e2", path=("e2",), captures=("e2",), privilege=True),
     "ขุน e1 กินเรือเลื่อนขั้น e2 เก็บไว้ในมือแบบเลื่อนขั้น (สิทธิ์ของขุน)",
     "King e1 takes promoted Rook e2, keeps it promoted (King's privilege)"),
    ({}, Move("+P*e5", None, "e5", drop="+P", path=("e5",)), "วางเบี้ยเลื่อนขั้นที่ e5", "drops promoted Pawn on e5"),
])
def test_moves_and_drops_in_words(board, move, th, en):
    assert PLUGIN.words.move(board, move, "th") == th and PLUGIN.words.move(board, move, "en") == en


def test_choice_labels_name_illegal_moves_and_drops_too():
    words = PLUGIN.words
    assert words.move_label({}, "N*a7", "th") == "วางม้าที่ a7"
    assert words.move_label({"a7": "P"}, "a7a8", "en") == "Pawn a7 to a8"
    assert words.move_label({"a7": "P"}, "a7a8+", "en") == "Pawn a7 to a8, promotes"
    assert words.ending(Outcome("king_captured", "sente"), "sente", "th") == " — กินขุนได้ จบเกม"


# ---------------------------------------------------------------- lessons
def test_nine_lessons_in_both_languages_each_with_a_live_board(lessons):
    slugs = {lang: sorted(p.rel.split("/")[-1] for p in lessons if p.rel.startswith(f"content/{lang}/"))
             for lang in ("th", "en")}
    assert slugs["th"] == slugs["en"] and len(slugs["th"]) == 9
    for page in lessons:
        assert any(b.interactive for b in page.boards), page.rel
        assert all(b.game == "komayo" for b in page.boards)
    with_hands = [b for p in lessons for b in p.boards if any(b.hands.values())]
    assert len(with_hands) >= 6  # drops and captures are shown with the hands beside the board


# ---------------------------------------------------------------- puzzles
def test_tsume_are_real_mates_named_by_shogi_length_with_goals_that_count_the_same(puzzles):
    mates = [p for p in puzzles if p.kind == "mate"]
    lengths = Counter(p.fields["mate_in"] for p in mates)
    # a capture of a hanging King (mate_in 1) is no tsume: 1 move (mate_in 2) and 3 moves (mate_in 3)
    assert len(mates) >= 30 and lengths[1] == 0 and lengths[2] >= 20 and lengths[3] >= 10, lengths
    for p in mates:
        n = p.fields["mate_in"]
        plies = 2 * n - 3  # both sides' moves up to the mate, the King's capture not counted
        assert f"tsume-{plies}" in p.tags and not any(t.startswith("tsume-") and t != f"tsume-{plies}" for t in p.tags)
        th, en = p.goal["th"], p.goal["en"]
        assert f"ซึเมะ {plies} ตา (นับแบบโชกิ" in th and f"คุณเดิน {n - 1} ตา" in th and f"ในตาที่ {n} ของคุณ" in th, p.id
        assert "手" not in th + en and f"a {plies}-move tsume" in en and f"your move {n}" in en, p.id
        assert p.proof["line"][-1] in p.proof["tree"]["wins"] or n > 1
        assert set(p.proof["keys"]) == {p.proof["line"][0], *p.proof["alternatives"]}, p.id  # every key accepted
    assert PUZZLE_TAGS["tsume-1"]["th"] == "ซึเมะ 1 ตา" and "tsume-5" not in PUZZLE_TAGS


def test_no_shown_defence_is_a_pointless_drop_far_from_the_king(puzzles):
    """A drop in a far corner (S*a1) loses as fast as a sensible defence but teaches nothing."""
    for p in (p for p in puzzles if p.kind == "mate"):
        board = dict(p.board["board"])
        line = p.proof["line"]
        defender = "k" if p.position.split()[1] == "b" else "K"
        for i, move in enumerate(line):
            if i % 2 and "*" in move:
                king = next(sq for sq, piece in board.items() if piece == defender)
                to = move.split("*")[1]
                far = max(abs(ord(to[0]) - ord(king[0])), abs(int(to[1]) - int(king[1])))
                assert far <= 2, (p.id, move, king)
            board = call({"op": "play", "game": "komayo", "position": p.position, "moves": line[:i + 1]})["board"]


def test_some_puzzles_are_gote_to_move_and_many_need_no_princess(puzzles):
    mates = [p for p in puzzles if p.kind == "mate"]
    gote = [p for p in mates if p.position.split()[1] == "w"]
    assert len(gote) >= 6, [p.id for p in gote]
    for p in gote:
        assert p.goal["th"].startswith("ฝ่ายเดินหลังเดิน") and p.goal["en"].startswith("Gote to move")
    no_princess = [p for p in mates if "princess" not in p.tags]
    assert len(no_princess) >= len(mates) // 4, len(no_princess)


def test_several_tsume_need_a_drop_or_the_princesss_leap(puzzles):
    mates = [p for p in puzzles if p.kind == "mate"]
    drops = [p for p in mates if any("*" in move for move in p.proof["line"][::2])]
    leaps = []
    for p in mates:
        board = p.board["board"]
        key = p.proof["line"][0]
        if "*" not in key and board[key[:2]].lstrip("+").upper() == "I":
            df, dr = abs(ord(key[0]) - ord(key[2])), abs(int(key[1]) - int(key[3]))
            if {df, dr} == {1, 2}:
                leaps.append(p.id)
    assert len(drops) >= 8 and len(leaps) >= 8, (len(drops), leaps)
    assert all("drop" in p.tags for p in drops)


def test_the_rule_quizzes_ask_about_drops_and_promotion_with_engine_answers(puzzles):
    quizzes = [p for p in puzzles if p.kind == "rule-quiz"]
    assert len(quizzes) >= 6 and all(len(p.fields["choices"]) >= 3 for p in quizzes)
    drops = [p for p in quizzes if all("*" in c for c in p.fields["choices"])]
    promote = [p for p in quizzes if "promotion" in p.tags]
    assert len(drops) >= 3 and len(promote) >= 3
    answers = {p.id: p.proof["answer"] for p in quizzes}
    assert answers["ko-quiz-001"] == "N*c6" and answers["ko-quiz-004"] == "a7a8+"
    for p in quizzes:  # the reasons are said in words, without the engine's echo of the move
        for lang in ("th", "en"):
            assert "ไม่ได้: เดิน" not in p.proof["explanation"][lang]
            assert not re.search(r"(illegal move|เดิน) '", p.proof["explanation"][lang]), p.proof["explanation"]


def test_the_puzzle_list_keeps_the_games_in_the_sites_order(project_puzzles):
    games = list(dict.fromkeys(p.game for p in project_puzzles.puzzles))
    assert games == [g for g in PLUGINS if g in games] and games[0] == "makruk"
