"""Static SVG: pieces on the right squares for both orientations, coordinates, marks, labels
(the shared renderer site_builder/diagram.py with the Makruk plugin's pieces and words)."""
import xml.etree.ElementTree as ET

from site_builder.diagram import frames, square_xy
from site_builder.diagram import svg as draw
from site_builder.games.makruk import PLUGIN
from site_builder.games.makruk.diagram import describe, piece_id

NS = "{http://www.w3.org/2000/svg}"
FILES = "abcdefgh"


def make(*lines):
    board, problems = PLUGIN.parse_board(list(lines), 1, "x.md")
    assert problems == []
    return board


def svg(board, lang):
    return draw(board, describe(board, lang), piece_id)


def figure(board, lang):
    return PLUGIN.figure(board, lang)


def pieces_on_squares(svg_text, orientation):
    """Read the <use> elements back into {square: symbol id}."""
    root = ET.fromstring(svg_text.replace("<svg ", f'<svg xmlns="{NS[1:-1]}" ', 1))
    group = root.find(f"{NS}g[@class='kr-pieces']")
    assert group.get("transform") == "scale(.125)"
    out = {}
    for use in group.iter(f"{NS}use"):
        col, row = int(use.get("x", 0)) // 8, int(use.get("y", 0)) // 8
        if orientation == "white":
            square = FILES[col] + str(8 - row)
        else:
            square = FILES[7 - col] + str(row + 1)
        out[square] = use.get("href")
    return out


def test_square_geometry_both_orientations():
    assert square_xy("a1", False) == (0, 7) and square_xy("h8", False) == (7, 0)
    assert square_xy("a1", True) == (7, 0) and square_xy("h8", True) == (0, 7)
    assert (make().flipped, make("orientation: black").flipped) == (False, True)


def test_piece_ids():
    assert [piece_id(p) for p in ("K", "m", "M~", "m~", "P")] == ["kr-wK", "kr-bM", "kr-wMp", "kr-bMp", "kr-wP"]


def test_start_position_pieces_white_side():
    found = pieces_on_squares(svg(make("position: start"), "en"), "white")
    assert len(found) == 32
    assert found["d1"] == "#kr-wK" and found["e1"] == "#kr-wM" and found["e8"] == "#kr-bK"
    assert found["d8"] == "#kr-bM" and found["a3"] == "#kr-wP" and found["h6"] == "#kr-bP"


def test_black_orientation_flips_pieces_and_coordinates():
    board = make("moves: e3e4", "orientation: black")
    text = svg(board, "en")
    found = pieces_on_squares(text, "black")
    assert found["e4"] == "#kr-wP" and "e3" not in found and found["d1"] == "#kr-wK"
    assert '<use href="#kr-wK" x="32" y="0"/>' not in text  # d1 is column 4, row 0 from Black's side
    assert '<use href="#kr-wK" x="32"/>' in text
    assert text.startswith('<svg class="kr-diagram" viewBox="0 0 8 8" role="img" aria-label="')
    assert '"><use href="#kr-frame-black"/>' in text


def test_frames_have_coordinates_per_orientation():
    white_board, black_board = make(), make("orientation: black")
    both = frames([white_board, black_board, white_board])
    white, black = both.split('<symbol id="kr-frame-white"')[1], both.split('<symbol id="kr-frame-black"')[1]
    assert ">abcdefgh</text>" in white and ">87654321</text>" in white
    assert ">hgfedcba</text>" in black.split("</symbol>")[0] and ">12345678</text>" in black
    assert 'aria-hidden="true"' in both and "kr-frame-black" not in frames([white_board])


def test_promoted_bia_uses_its_own_symbol():
    found = pieces_on_squares(svg(make("position: 4k3/8/8/3M~4/8/8/8/3K4 w - - 0 1"), "th"), "white")
    assert found == {"d5": "#kr-wMp", "e8": "#kr-bK", "d1": "#kr-wK"}


def test_highlights_last_move_and_arrows_are_drawn():
    text = svg(make("moves: e3e4", "highlights: d5", "arrows: b1d2"), "en")
    assert '<path class="kr-hl" d="M3 3h1v1h-1z"' in text
    assert '<path class="kr-last" d="M4 5h1v1h-1zM4 4h1v1h-1z"' in text
    d = text.split('class="kr-arrows" d="M')[1].split('z"')[0]
    points = [tuple(float(v) for v in p.split()) for p in d.split("L")]
    (x0, y0), (tx, ty) = points[0], points[3]
    assert abs(x0 - 1.5) + abs(y0 - 7.5) < .4  # starts near the centre of b1
    assert abs(tx - 3.5) + abs(ty - 6.5) < .2  # tip at the centre of d2


def test_aria_label_in_thai_and_english():
    board = make("moves: e3e4", "highlights: d5", "arrows: b1d2")
    th = describe(board, "th")
    assert th.startswith("ขาว: ขุน d1, เม็ด e1, โคน c1 f1, ม้า b1 g1, เรือ a1 h1, เบี้ย a3 b3 c3 d3 e4 f3 g3 h3; ดำ: ขุน e8")
    assert "ตาเดินของดำ" in th and "ตาที่เพิ่งเดิน e3e4" in th and "ลูกศร b1→d2" in th
    en = describe(board, "en")
    assert en.startswith("White: Khun d1, Met e1, Khon c1 f1, Ma b1 g1, Ruea a1 h1, Bia a3")
    assert "Black to move" in en and "marked squares d5" in en
    assert f'aria-label="{en}"' in svg(board, "en")


def test_check_and_mate_are_described():
    mate = make("position: k7/8/8/8/8/8/1r6/r2K4 w - - 0 1")
    assert "game over, Black wins" in describe(mate, "en") and "จบเกม ดำชนะ" in describe(mate, "th")
    check = make("position: 4k3/8/8/8/8/8/8/r2K4 w - - 0 1")
    assert "White is in check" in describe(check, "en") and "ขาวถูกรุก" in describe(check, "th")


def test_figure_carries_data_attributes_and_caption():
    html = figure(make("moves: e3e4", "caption: <b>x</b>", "interactive: false", "highlights: e4"), "th")
    assert html.startswith('<figure class="kr-board" data-game="makruk" '
                           'data-position="rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1" '
                           'data-interactive="false" data-orientation="white" data-highlights="e4" '
                           'data-last-move="e3e4">')  # no arrows: no empty data-arrows
    assert "<figcaption>&lt;b&gt;x&lt;/b&gt;</figcaption></figure>" in html


def test_a_start_diagram_stays_compact():
    assert len(figure(make(), "th").encode()) < 2000


def test_the_last_move_is_marked_from_the_engine_move_not_its_text():
    board = make("moves: e3e4 d6d5 b1d2")
    assert board.last_move == "b1d2" and board.last_squares == ("b1", "d2")
    # a counting action after the last move does not move the mark
    counted = make("position: 4k3/8/8/8/8/8/r7/RR2K3 w - - 0 1", "moves: b1b2 count-start")
    assert counted.last_move == "b1b2" and counted.last_squares == ("b1", "b2")
    assert '<path class="kr-last" d="M1 7h1v1h-1zM1 6h1v1h-1z"' in svg(counted, "en")
