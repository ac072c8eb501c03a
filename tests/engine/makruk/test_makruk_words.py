"""Moves in words (engine.makruk.words): each piece, a capture, a promotion, in Thai and English;
every legal move of many positions names its piece, side and squares; ``play`` carries them."""

from __future__ import annotations

import random

import pytest
from mk_helpers import new_game, play

from engine.makruk.words import move_words

START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"


@pytest.mark.parametrize("piece, th, en", [
    ("K", "ขุนขาว d1 ไป d2", "White Khun d1 to d2"),
    ("m", "เม็ดดำ d1 ไป d2", "Black Met d1 to d2"),
    ("S", "โคนขาว d1 ไป d2", "White Khon d1 to d2"),
    ("n", "ม้าดำ d1 ไป d2", "Black Ma d1 to d2"),
    ("R", "เรือขาว d1 ไป d2", "White Ruea d1 to d2"),
    ("p", "เบี้ยดำ d1 ไป d2", "Black Bia d1 to d2"),
    ("F", "เบี้ยหงายขาว d1 ไป d2", "White Bia-ngai d1 to d2"),
    ("m~", "เบี้ยหงายดำ d1 ไป d2", "Black Bia-ngai d1 to d2"),
])
def test_each_piece_with_its_side(piece, th, en):
    assert move_words(piece, "d1", "d2") == {"th": th, "en": en}


def test_a_capture_names_what_it_takes():
    assert move_words("N", "b1", "d2", taken="s") == {"th": "ม้าขาว b1 กินโคน d2", "en": "White Ma b1 takes Khon d2"}
    assert move_words("r", "f8", "f2", taken="M~") == {"th": "เรือดำ f8 กินเบี้ยหงาย f2",
                                                        "en": "Black Ruea f8 takes Bia-ngai f2"}


def test_a_promotion_is_spelled_out():
    assert move_words("P", "e5", "e6", promotion=True) == {
        "th": "เบี้ยขาว e5 ไป e6 หงายเป็นเบี้ยหงาย", "en": "White Bia e5 to e6, promotes to Bia-ngai"}
    assert move_words("p", "d4", "c3", taken="N", promotion=True) == {
        "th": "เบี้ยดำ d4 กินม้า c3 หงายเป็นเบี้ยหงาย", "en": "Black Bia d4 takes Ma c3, promotes to Bia-ngai"}


def test_without_the_side():
    assert move_words("R", "h1", "h8", side=False) == {"th": "เรือ h1 ไป h8", "en": "Ruea h1 to h8"}


def test_play_gives_words_for_every_legal_move_and_the_last_move():
    first = play(START)
    assert first["last_move_words"] is None
    ma = next(m for m in first["legal"] if m["move"] == "b1d2")
    assert ma["words"] == {"th": "ม้าขาว b1 ไป d2", "en": "White Ma b1 to d2"}
    after = play(START, ["b1d2"])
    assert after["last_move_words"] == ma["words"]


def test_last_move_words_are_said_before_the_move():
    """The taken piece and the promotion come from the board before the move."""
    reply = play("4k3/8/3n4/4P3/8/8/8/4K3 w - - 0 1", ["e5d6m"])
    assert reply["last_move_words"] == {"th": "เบี้ยขาว e5 กินม้า d6 หงายเป็นเบี้ยหงาย",
                                        "en": "White Bia e5 takes Ma d6, promotes to Bia-ngai"}
    counted = play("4k3/8/8/8/8/8/4m3/R3K3 b - - 0 1", ["count-start", "e2d3", "a1a2", "count-stop"])
    assert counted["last_move_words"]["en"] == "White Ruea a1 to a2", "actions are not moves"


NAMES = {"th": {"K": "ขุน", "M": "เม็ด", "S": "โคน", "N": "ม้า", "R": "เรือ", "P": "เบี้ย", "M~": "เบี้ยหงาย"},
         "en": {"K": "Khun", "M": "Met", "S": "Khon", "N": "Ma", "R": "Ruea", "P": "Bia", "M~": "Bia-ngai"}}
SIDES = {"th": {"white": "ขาว", "black": "ดำ"}, "en": {"white": "White", "black": "Black"}}


def said(board: dict, legal: dict, turn: str) -> dict:
    """What the words of ``legal`` must be, built from the board here (not by engine code)."""
    piece, taken = board[legal["from"]].upper(), board.get(legal["to"])
    out = {}
    for lang, names in NAMES.items():
        mover = f"{names[piece]}{SIDES['th'][turn]}" if lang == "th" else f"{SIDES['en'][turn]} {names[piece]}"
        if lang == "th":
            step = f"กิน{names[taken.upper()]}" if legal["captures"] else "ไป"
            tail = " หงายเป็นเบี้ยหงาย" if legal["promotion"] else ""
        else:
            step = f"takes {names[taken.upper()]}" if legal["captures"] else "to"
            tail = ", promotes to Bia-ngai" if legal["promotion"] else ""
        out[lang] = f"{mover} {legal['from']} {step} {legal['to']}{tail}"
    return out


def test_every_legal_move_names_its_piece_side_and_squares():
    rng, checked = random.Random(3), 0
    for position in (START, "7k/r7/8/8/8/8/2M~M~4/R2KSN2 w - - 0 1", "4k3/8/3n4/4P3/8/8/8/4K3 w - - 0 1"):
        game = new_game(position)
        for _ in range(40):
            if game.outcome() is not None:
                break
            reply = play(game.position_text())
            for legal in reply["legal"]:
                assert legal["words"] == said(reply["board"], legal, reply["turn"]), legal
                checked += 1
            game.play(rng.choice(reply["legal_moves"]))
    assert checked > 1000
