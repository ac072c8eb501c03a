"""The Mak-hot site plugin: words (moves without the side, labels of moves that may be illegal,
endings), diagrams (32 dark squares, round pieces, a Thai description), board blocks refused
with the engine's reason, the `win` kind's proof (and its refusals), the collection (at least
30 puzzles of the three kinds, titles told apart, at least three puzzles practising every lesson)
and the miner."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

from engine.api import call
from engine.core.protocol import Outcome
from site_builder.games import PLUGINS
from site_builder.games.makhos import PLUGIN
from site_builder.games.makhos.diagram import DARK_SQUARES
from site_builder.puzzles.engine_ctx import GameEngine, known_games
from site_builder.puzzles.mine import mine, prove_text

ROOT = Path(__file__).resolve().parents[2]
WIN_IN_2 = """id = "mh-win2-900"
game = "makhos"
kind = "win"
position = "W:Wa3,g5,Kb6,Kd6:BKc3,Kh6"
difficulty = 3
tags = ["win-in-2"]
win_in = {n}
solution = {solution}
[title]
th = "ทดสอบ"
en = "Test"
[hints]
th = ["ฮอสดำสองตัวอยู่ห่างกัน", "ยอมเสียเบี้ยหนึ่งตัว"]
en = ["The black kings stand apart.", "Give up a man."]
"""


def board_after(position: str, moves: list[str]) -> dict:
    reply = call({"op": "play", "game": "makhos", "position": position, "moves": moves})
    assert reply["ok"], reply
    return reply


def test_the_plugin_is_registered_under_its_engine_id():
    assert PLUGINS["makhos"] is PLUGIN and PLUGIN.fence == "makhos"


def test_moves_are_said_without_the_side_and_labels_read_any_move():
    reply = board_after("W:WKg1,c3:Bd4,f6,b6", [])
    legal = {m["move"]: m for m in reply["legal"]}
    state = GameEngine(PLUGIN).state(reply["position"])
    move = next(state.move(h) for h in state.handles() if state.move(h).text == "g1xc5xa7")
    assert legal["g1xc5xa7"]["words"]["th"] == "ฮอสขาว g1 กินเบี้ย d4 ลง c5 แล้วกินเบี้ย b6 ลง a7"
    assert PLUGIN.words.move(reply["board"], move, "th") == "ฮอส g1 กินเบี้ย d4 ลง c5 แล้วกินเบี้ย b6 ลง a7"
    assert PLUGIN.words.move(reply["board"], move, "en") == "king g1 takes man d4 to c5, then man b6 to a7"
    assert PLUGIN.words.move_label(reply["board"], "c3-b4", "th") == "เบี้ย c3 ไป b4"
    assert PLUGIN.words.move_label(reply["board"], "c3xe5xg7", "en") == "man c3 jumps to e5, then g7"
    assert PLUGIN.words.move_label(reply["board"], "a3-b4", "th") == "ช่องว่าง a3 ไป b4"
    assert PLUGIN.words.ending(Outcome("no_moves", "white"), "white", "th") == " — อีกฝ่ายไม่มีตาเดิน ชนะ"
    assert PLUGIN.words.check("th") == ""


def test_a_diagram_shades_the_32_dark_squares_and_uses_round_pieces():
    assert len(DARK_SQUARES) == 32 and "a1" in DARK_SQUARES and "h8" in DARK_SQUARES and "b1" not in DARK_SQUARES
    board, problems = PLUGIN.parse_board(["position: W:WKa1,c3:Bd4", "caption: ภาพ"], 2, "x.md")
    assert not problems
    html = PLUGIN.figure(board, "th")
    dark = re.search(r'<path class="mh-dark" d="([^"]+)"', html)
    assert dark and dark[1].count("M") == 32
    assert html.index("kr-frame-white") < html.index("mh-dark") < html.index("kr-pieces")  # over the wood, under the pieces
    assert '#mh-wK' in html and '#mh-wM' in html and '#mh-bM' in html
    label = re.search(r'aria-label="([^"]+)"', html)[1]
    assert label.startswith("ขาว: เบี้ย c3, ฮอส a1; ดำ: เบี้ย d4; ตาเดินของขาว")
    assert 'id="mh-bK"' in PLUGIN.sprite() and "<?xml" not in PLUGIN.sprite()


def test_a_board_block_with_a_piece_on_a_light_square_is_refused_with_the_square():
    board, problems = PLUGIN.parse_board(["position: W:Wb1:Bd8"], 5, "content/th/makhos/x.md")
    assert board is None and len(problems) == 1
    assert "b1" in str(problems[0]) and "light square" in str(problems[0])


def test_a_partial_capture_in_a_board_block_names_the_continuation():
    board, problems = PLUGIN.parse_board(["position: W:Wc3:Bd4,f6", "moves: c3xe5"], 5, "x.md")
    assert board is None and "c3xe5xg7" in str(problems[0])


def test_the_win_kind_proves_a_forced_win_and_refuses_a_wrong_length():
    engine, known = GameEngine(PLUGIN), known_games()
    good = WIN_IN_2.format(n=2, solution='["d6-h2", "h6xf4", "h2xe5xb2"]')
    assert prove_text(good, "mh-win2-900", "makhos", known, engine) == []
    too_long = WIN_IN_2.format(n=3, solution='["d6-h2", "h6xf4", "h2xe5xb2"]')
    assert any("5 moves" in p or "has 3 moves" in p for p in prove_text(too_long, "mh-win2-900", "makhos", known, engine))
    not_winning = WIN_IN_2.format(n=2, solution='["d6-e7", "h6xf4", "e7-f8"]')
    problems = prove_text(not_winning, "mh-win2-900", "makhos", known, engine)
    assert problems and any("solution" in p for p in problems)


def test_the_collection_has_thirty_puzzles_of_the_three_kinds_with_hints():
    files = sorted((ROOT / "puzzles" / "makhos").glob("*.toml"))
    data = [tomllib.loads(f.read_text(encoding="utf-8")) for f in files]
    assert len(data) >= 30
    kinds = {d["kind"] for d in data}
    assert kinds == {"win", "best-move", "rule-quiz"}
    for d in data:
        assert d["game"] == "makhos" and len(d["hints"]["th"]) >= 2 and len(d["hints"]["en"]) >= 2, d["id"]
    for lang in ("th", "en"):  # the puzzle index lists titles: each one tells its puzzle apart
        titles = [d["title"][lang] for d in data]
        assert sorted({t for t in titles if titles.count(t) > 1}) == [], lang


def test_every_lesson_has_puzzles_to_practise_it():
    lessons = sorted(p.stem.split("-", 1)[1] for p in (ROOT / "content" / "th" / "makhos").glob("*.md"))
    data = [tomllib.loads(f.read_text(encoding="utf-8")) for f in (ROOT / "puzzles" / "makhos").glob("*.toml")]
    for slug in lessons:
        wanted = PLUGIN.practice(slug)
        matching = [d["id"] for d in data if d.get("kind") == wanted.get("kind", d.get("kind"))
                    and wanted.get("tag", "") in [*d.get("tags", []), ""]]
        assert wanted and len(matching) >= 3, (slug, wanted, matching)
        assert all(tag in PLUGIN.puzzle_tags for tag in wanted.get("tag", "").split() if tag), slug


def test_the_miner_writes_a_win_whose_proof_passes(tmp_path):
    (tmp_path / "puzzles" / "makhos").mkdir(parents=True)
    written = mine(tmp_path, "makhos", "win", count=1, seed=2, mate_in=1, max_games=200)
    assert len(written) == 1 and written[0].name == "mh-win1-001.toml"
    data = tomllib.loads(written[0].read_text(encoding="utf-8"))
    assert data["kind"] == "win" and data["win_in"] == 1 and len(data["solution"]) == 1
