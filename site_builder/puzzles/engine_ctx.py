"""The engine as the puzzle pipeline uses it at build time (CPython): positions, lines, words for moves.

Every answer comes from the engine: ``engine.api.call`` for what the browser would ask too
(games, play), ``engine.search`` for the proofs (mate solver, material search).
"""
from __future__ import annotations

from dataclasses import dataclass

from engine import search
from engine.api import call
from engine.errors import EngineError
from engine.games import GAMES
from engine.makruk import Position, move_uci
from engine.options import resolve

PIECE_KEYS = {"K": "K", "M": "M", "S": "S", "N": "N", "R": "R", "P": "P", "F": "M~"}
PIECE_WORDS = {
    "th": {"K": "ขุน", "M": "เม็ด", "S": "โคน", "N": "ม้า", "R": "เรือ", "P": "เบี้ย", "F": "เบี้ยหงาย"},
    "en": {"K": "Khun", "M": "Met", "S": "Khon", "N": "Ma", "R": "Ruea", "P": "Bia", "F": "Bia-ngai"},
}
# Tag words for pieces (ASCII, used in data-tags and URL filters).
PIECE_TAGS = {"K": "khun", "M": "met", "S": "khon", "N": "ma", "R": "ruea", "P": "bia", "F": "bia-ngai"}
SIDE_WORDS = {"th": {"white": "ขาว", "black": "ดำ"}, "en": {"white": "White", "black": "Black"}}


def known_games() -> dict[str, dict]:
    """The engine's games op: id -> game dict."""
    reply = call({"op": "games"})
    return {g["id"]: g for g in reply.get("games", [])}


@dataclass
class LineError:
    index: int
    error: EngineError | None  # None: the game was already over before this move
    legal: list[str]


class GameEngine:
    """One game's rules with default options, for proofs."""

    def __init__(self, game: str):
        spec = GAMES[game]
        self.game = game
        self.options = resolve(spec.options, {})
        self.new_game = spec.new_game

    # ------------------------------------------------------------------ positions
    def describe(self, fen: str) -> dict:
        """The engine's play reply for a position (``ok`` false with the error when it is bad)."""
        return call({"op": "play", "game": self.game, "position": fen, "moves": [], "options": {}})

    def position(self, fen: str) -> Position:
        """The position a game starts from (counting fields adopted from the FEN)."""
        return self.new_game(fen, self.options).position.copy()

    def outcome(self, pos: Position) -> str | None:
        """``search.WIN`` (side that just moved won), ``search.DRAW`` or None while the game goes on."""
        return search.outcome(pos, pos.legal_moves(), self.options)

    def child(self, pos: Position, move: int) -> Position:
        return search.child(pos, move, self.options)

    def play_line(self, fen: str, moves: list[str]) -> tuple[list[Position], list[int], LineError | None]:
        """Positions before/after each move (len = played + 1), the moves as ints, the first error."""
        positions, played = [self.position(fen)], []
        for index, text in enumerate(moves):
            pos = positions[-1]
            if self.outcome(pos) is not None:
                return positions, played, LineError(index, None, [])
            try:
                move = pos.parse_move(text)
            except EngineError as error:
                return positions, played, LineError(index, error, sorted(move_uci(m) for m in pos.legal_moves()))
            played.append(move)
            positions.append(self.child(pos, move))
        return positions, played, None

    def parse(self, pos: Position, text: str) -> int:
        """A legal move of ``pos`` from UCI text; raises EngineError (BAD_MOVE / ILLEGAL_MOVE)."""
        return pos.parse_move(text)


def side_of(pos: Position) -> str:
    return "white" if pos.turn == "w" else "black"


def other_side(side: str) -> str:
    return "black" if side == "white" else "white"


def piece_at(pos: Position, square_move: int) -> str | None:
    return pos.board[square_move & 63]


def piece_word(piece: str, lang: str) -> str:
    return PIECE_WORDS[lang][piece.upper()]


def move_words(pos: Position, move: int, lang: str) -> str:
    """'เรือ h1-h8' / 'Ruea h1-h8', with 'x' for a capture and the promotion spelled out."""
    uci = move_uci(move)
    piece = pos.board[move & 63]
    taken = pos.board[(move >> 6) & 63]
    text = f"{piece_word(piece, lang)} {uci[:2]}{'x' if taken else '-'}{uci[2:4]}"
    if uci.endswith("m"):
        text += " (เลื่อนเป็นเบี้ยหงาย)" if lang == "th" else " (promotes to Bia-ngai)"
    return text


def line_words(engine: GameEngine, fen: str, line: list[str], lang: str) -> list[str]:
    """Numbered readable moves of a line that is known to be legal; mate/check marks added."""
    positions, played, _ = engine.play_line(fen, line)
    out = []
    for i, move in enumerate(played):
        before, after = positions[i], positions[i + 1]
        text = f"{SIDE_WORDS[lang][side_of(before)]}: {move_words(before, move, lang)}"
        result = engine.outcome(after)
        if result == search.WIN:
            text += " — จน" if lang == "th" else " — checkmate"
        elif result == search.DRAW:
            text += " — เสมอ" if lang == "th" else " — draw"
        elif after.in_check():
            text += " รุก" if lang == "th" else " check"
        out.append(text)
    return out
