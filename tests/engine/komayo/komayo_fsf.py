"""Fairy-Stockfish (pyffish) as Komayo's oracle: our variant definitions, loaded on first use.

Fairy-Stockfish has no Komayo. The definitions below describe it with FSF's own settings:
the king is a plain ``commoner`` that may be left en prise and whose capture ends the game
(``extinctionPieceTypes = k``), the Princess is ``BN`` (bishop slide plus knight leap, all
eight) and promotes to ``BNW``, drops and captures-to-hand as in shogi, promotion in the far
three ranks (``promotionRegion``; FSF promotes a piece whose move starts or ends there),
forced where the piece would never move again (``immobilityIllegal``), no nifu, no
pawn-drop-mate rule, no n-move rule. ``komayo-v1`` adds compulsory promotion (ruleset v1).

What FSF cannot express, and how the cross-check deals with it:

* the King's privilege (``^`` moves): left out of our move lists before comparing;
* a promoted piece in hand (FSF demotes every piece in hand): positions with one are left out;
* v2's dead pawn in hand: FSF would drop it; its unpromoted pawn drops are left out of its lists;
* the repetition loss and the 50-move count need the history: FSF gets positions without it;
* FSF puts a captured king in the capturer's hand (it ends the game either way): ignored.

In CPython a missing pyffish fails every test that uses it (inside Pyodide the runner
deselects the ``pyffish`` marker).
"""

from __future__ import annotations

import importlib

COMMON = """
variantTemplate = shogi
maxRank = 8
maxFile = 8
king = -
commoner = k
customPiece1 = i:BN
customPiece2 = j:BNW
rook = r
bishop = b
silver = s
shogiKnight = n
lance = l
shogiPawn = p
gold = g
dragonHorse = h
bers = d
startFen = lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL[] w 0 1
pieceDrops = true
capturesToHand = true
promotionRegionWhite = *6 *7 *8
promotionRegionBlack = *1 *2 *3
doubleStep = false
castling = false
promotedPieceType = i:j r:d b:h s:g n:g l:g p:g
immobilityIllegal = true
extinctionValue = loss
extinctionPieceTypes = k
stalemateValue = loss
nMoveRule = 0
"""
VARIANTS = {"v2": "komayo", "v1": "komayo-v1"}
CONFIG = f"[komayo]{COMMON}\n[komayo-v1:komayo]\nmandatoryPiecePromotion = true\n"

_loaded = None


def fsf():
    """pyffish with our variants loaded (ImportError, failing the test, when it is missing)."""
    global _loaded
    if _loaded is None:
        try:
            module = importlib.import_module("pyffish")
        except ImportError as exc:
            raise ImportError("pyffish (Fairy-Stockfish) is not installed; `pip install -e '.[test]'` "
                              "brings it") from exc
        module.load_variant_config(CONFIG)
        _loaded = module
    return _loaded


def fsf_fen(text: str) -> str:
    """Our position text as an FSF FEN: the same board, hands in brackets, ``w`` for Sente."""
    board, side, hands = text.split()[:3]
    pocket = "" if hands == "-" else hands
    return f"{board}[{pocket}] {'w' if side == 'b' else 'b'} - - 0 1"


def from_fsf_move(move: str) -> str:
    """FSF's move text in our notation: drops ``S@e5`` become ``S*e5``."""
    return move.replace("@", "*")


def fsf_position(fen: str) -> tuple[str, str, tuple]:
    """(board, side in our letters, sorted hand pieces) of an FSF FEN, for comparing with ours.

    FSF puts a captured king in the capturer's hand; a captured king goes to no hand (A-K15),
    so it is left out here."""
    placement, side = fen.split()[:2]
    board, _, pocket = placement.partition("[")
    pieces = [piece for piece in _pieces(pocket.rstrip("]")) if piece not in ("K", "k")]
    return board, "b" if side == "w" else "w", tuple(sorted(pieces))


def our_position(text: str) -> tuple[str, str, tuple]:
    board, side, hands = text.split()[:3]
    return board, side, tuple(sorted(_pieces("" if hands == "-" else hands)))


def _pieces(hands: str) -> list[str]:
    """``2P+rs`` -> ['P', 'P', '+r', 's']."""
    out, count, plus = [], "", ""
    for ch in hands:
        if ch.isdigit():
            count += ch
        elif ch == "+":
            plus = "+"
        else:
            out += [plus + ch] * int(count or 1)
            count, plus = "", ""
    return out
