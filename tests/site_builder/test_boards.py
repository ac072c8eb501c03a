"""Board blocks: keys, engine checks, every error kind with the line of the offending key
(the shared parser site_builder/boards.py, through the Makruk plugin's ```makruk blocks)."""
import pytest

from site_builder.games.makruk import PLUGIN

START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"


def parse(*lines, first_line=10):
    return PLUGIN.parse_board(list(lines), first_line, "content/th/makruk/01-x.md")


def test_defaults_are_start_position_white_interactive():
    board, problems = parse()
    assert problems == []
    assert board.position == START
    assert (board.interactive, board.orientation, board.highlights, board.arrows) == (True, "white", (), ())
    assert board.pieces["d1"] == "K" and board.pieces["e8"] == "k"


def test_moves_are_played_and_display_keys_read():
    board, problems = parse("position: start  # the usual setup", "moves: e3e4 d6d5", "caption: Both # pawns",
                            "highlights: e4 d5", "arrows: b1d2 g1f3", "interactive: false", "orientation: black")
    assert problems == []
    assert board.position == "rnsmksnr/8/ppp1pppp/3p4/4P3/PPPP1PPP/8/RNSKMSNR w - - 0 2"
    assert board.last_move == "d6d5" and board.turn == "white"
    assert board.caption == "Both # pawns"
    assert board.highlights == ("e4", "d5") and board.arrows == ("b1d2", "g1f3")
    assert board.interactive is False and board.orientation == "black"


def test_fen_with_promoted_bia_keeps_the_distinction():
    board, problems = parse("position: 4k3/8/8/3M~4/8/8/8/3K4 w - - 0 1")
    assert problems == []
    assert board.pieces["d5"] == "M~"


@pytest.mark.parametrize("lines, line, what, fix", [
    (["position: rnsmksnr/8/ppxppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"], 10, "unknown piece letter 'x'", "FEN"),
    (["position: start", "moves: e3e4 e6e5 e4e6"], 11, "move 3 of 3", "legal move there, one of:"),
    (["moves: e3e4 zz"], 10, "move 2 of 2", "one of: "),
    (["position: start", "colour: red"], 11, "unknown board key 'colour'", "use only position, moves"),
    (["highlights: e4 z9"], 10, "highlight 'z9' is not a square", "a1..h8"),
    (["arrows: b1d2 e4e4"], 10, "arrow 'e4e4' is not a from-to square pair", "b1d2"),
    (["interactive: yes"], 10, "interactive must be true or false, not 'yes'", "interactive: false"),
    (["orientation: red"], 10, "orientation must be white or black", "orientation: black"),
    (["position start"], 10, "board line 'position start' has no ':'", "key: value"),
    (["moves: e3e4", "moves: e3e4"], 11, "board key 'moves' appears twice", "keep one"),
])
def test_each_error_names_the_line_what_and_fix(lines, line, what, fix):
    board, problems = parse(*lines)
    assert board is None
    assert len(problems) == 1
    p = problems[0]
    assert (p.file, p.line) == ("content/th/makruk/01-x.md", line)
    assert what in p.what and fix in p.fix


def test_illegal_move_hint_lists_legal_moves():
    _, [problem] = parse("moves: e3e5")
    assert "e3e4" in problem.fix


def test_several_problems_in_one_block_are_all_reported():
    _, problems = parse("highlights: x1", "interactive: maybe", "nope: 1")
    assert sorted(p.line for p in problems) == [10, 11, 12]
