"""Cross-check of the Makruk engine against Fairy-Stockfish (pyffish).

Seeded random games, from the start position and from random endgame set-ups, are played
by our engine; at every position the sorted legal-move sets, the FEN (Fairy-Stockfish's
``showPromoted`` form, counting fields 4 and 5 included) and the game's end are compared
with Fairy-Stockfish. The check flag of every position is compared through FSF's SAN
(``+``/``#`` suffixes) of the whole game, one call per game.

Our engine is run with ``FSF_OPTIONS``: the named rule options under which it plays the
rules Fairy-Stockfish plays. The rule differences that no option removes are mapped
explicitly where the ends are compared (``compare_end``):

* Counting draw, one ply apart (rules A-M6). Ours: drawn when ``countingPly >= limit``
  with the counter to move and not mated. FSF (position.cpp ``is_optional_game_end``,
  pyffish 0.0.90; older FSF versions had ``>=``): ``countingPly > limit``, i.e. only after
  the counter's next move, whichever it is, unless it mates. When the count is already
  past its limit as it starts (A-M11, start > limit) both draw at once.
* K against K: ours is an immediate draw (A-M14, ``bareKingsDraw``); FSF plays on and only
  reports it through ``has_insufficient_material`` (True for both sides).

pyffish re-initialises its piece tables on every call (about 1 ms each), so calls are
rationed: per position one ``legal_moves`` and one ``get_fen`` (chained from FSF's own
previous FEN); ``is_optional_game_end`` with the full move history wherever FSF could
possibly end the game (a repeated position, or countingPly >= limit; makruk has no n-move
rule) and at every 16th ply as a spot check; ``get_san_moves`` once per game. The games
run on KRADAN_FSF_WORKERS (default 2) processes.

A game stops at its first discrepancy; all discrepancies are reported at the end of each
test with the start FEN and the moves that reproduce them.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import time

import pytest
from fsf_oracle import sf

from engine.api import call
from engine.api import status as game_status
from engine.errors import EngineError
from engine.makruk import MakrukGame
from engine.makruk.options import OPTIONS
from engine.makruk.position import BLACK, START_FEN, WHITE, Position, move_to, move_uci

pytestmark = pytest.mark.pyffish

VARIANT = "makruk"

# Our rule options set to what Fairy-Stockfish's makruk does, one line per option.
FSF_OPTIONS = {
    # FSF makruk uses chess's n-fold rule with n = 3 (variant.cpp nFoldRule default 3).
    "repetitionCount": 3,
    # FSF's makruk has no shuttle rule: only n-fold repetition.
    "shuttleDraw": False,
    # FSF's makruk has neither old street rule (no king leap, no Met double step).
    "kingKnightLeap": False,
    "metDoubleStep": False,
    # FSF has no K-vs-K rule: the game goes on. Ours draws at once; compare_end maps our
    # draw to FSF's has_insufficient_material() == (True, True).
    "bareKingsDraw": True,
    # FSF starts the board's honour (limit 64) by itself once no unpromoted Bia remain,
    # counted by whoever moves next (do_move: "!countingLimit && count_limit(sideToMove)").
    "boardCountStart": "fsf",
    # FSF starts the pieces' honour by itself as soon as one side is bare (no claim).
    "piecesCountStart": "automatic",
    # Nobody claims in FSF; with automatic starts this option is never consulted.
    "boardCountClaimant": "any",
    # FSF restarts as pieces' honour when a capture bares the side to move during a
    # board count ("(captured || PROMOTION) && count<ALL_PIECES>(sideToMove) == 1").
    "bareKingDuringBoardCount": "switch",
    # FSF count_limit(): 2 Ruea 8, 1 Ruea 16, 2 Khon 22, 2 Ma 32, 1 Khon 44, else 64.
    "limitOrder": "fsf",
    # FSF ends the counted game by itself (is_optional_game_end), nobody claims it.
    "countExpiry": "automatic",
    # In FSF a checkmate is a win whoever is counting.
    "mateWhileCounting": "win",
    # FSF keeps count and limit when the bare Khun captures (A-M9).
    "recomputeLimitOnDefenderCapture": False,
    # FSF draws at once when the count starts past its limit (A-M11): no extra move.
    "minAttackerMoves": 0,
}

PLY_CAP = 200
OPTIONAL_SPOT_CHECK_EVERY = 16

# Filled by the tests; printed with -s and read by the coverage assertions.
STATS: dict[str, dict] = {}


# --------------------------------------------------------------------------- FSF helpers
def fsf_fen_after(fen: str, moves: list[str]) -> str:
    return sf.get_fen(VARIANT, fen, moves, False, False, True)


def fsf_legal(fen: str, moves: list[str] | None = None) -> list[str]:
    return sorted(sf.legal_moves(VARIANT, fen, moves or []))


def fsf_optional_end(start: str, moves: list[str]) -> bool:
    return sf.is_optional_game_end(VARIANT, start, moves)[0]


def counting_fields(fen: str) -> tuple[int, int] | None:
    """(limit, ply) of FEN fields 4 and 5 while a count runs, else None."""
    fields = fen.split()
    return (int(fields[3]), int(fields[4])) if fields[3] != "-" else None


# --------------------------------------------------------------------------- our side
def new_game(fen: str) -> MakrukGame:
    return MakrukGame(fen, dict(FSF_OPTIONS))


def our_legal(game: MakrukGame) -> list[str]:
    """Legal moves of the position itself (also once the game has ended)."""
    return sorted(move_uci(m) for m in game.position.legal_moves(game.state.street))


def gives_check(pos: Position, move: int) -> bool:
    return _after(pos, move).in_check()


def choose_move(rng: random.Random, game: MakrukGame, moves: list[str], shuffle: float = 0.0) -> str:
    """A random legal move, biased towards mates, captures and checks so that games reach
    endgames, counts and checkmates within the ply cap. With probability ``shuffle`` the
    side to move takes back its own last move (as a new move), so positions repeat."""
    pos = game.position
    legal = sorted(pos.legal_moves(game.state.street), key=move_uci)
    if len(moves) >= 2 and rng.random() < shuffle:
        back = moves[-2][2:4] + moves[-2][0:2]
        if back in {move_uci(m) for m in legal}:
            return back
    roll = rng.random()
    if roll < 0.6:
        checks = [m for m in legal if gives_check(pos, m)]
        mates = [m for m in checks if not _after(pos, m).legal_moves()]
        if mates and roll < 0.5:
            return move_uci(rng.choice(mates))
        if checks and roll >= 0.45:
            return move_uci(rng.choice(checks))
    if roll < 0.8:
        captures = [m for m in legal if pos.board[move_to(m)] is not None]
        if captures:
            return move_uci(rng.choice(captures))
    return move_uci(rng.choice(legal))


def _after(pos: Position, move: int) -> Position:
    after = pos.copy()
    after.push(move)
    return after


# --------------------------------------------------------------------------- comparison
def compare_end(game: MakrukGame, start: str, moves: list[str], fsf_fen: str,
                fsf_moves: list[str], stats: dict) -> str | None:
    """None if our status agrees with FSF's view of this position, else what differs."""
    status = game_status(game)
    result, reason = status["result"], status["reason"]
    mover = "white" if game.position.turn == BLACK else "black"
    if result != "ongoing":
        stats["ends"][reason] = stats["ends"].get(reason, 0) + 1

    if not fsf_moves:  # checkmate or stalemate: FSF's game_result from the side to move
        value = sf.game_result(VARIANT, fsf_fen, [])
        want = {-sf.VALUE_MATE: (f"{mover}_wins", "checkmate"), sf.VALUE_DRAW: ("draw", "stalemate")}.get(value)
        if want != (result, reason):
            return f"no legal moves: FSF game_result {value}, ours {result}/{reason}"
        return None

    if reason == "insufficient_material":
        # Mapping: our immediate K-vs-K draw is FSF's insufficient material on both sides.
        insufficient = sf.has_insufficient_material(VARIANT, fsf_fen, [])
        if game.position.piece_count() != 2 or tuple(insufficient) != (True, True):
            return f"ours draws for insufficient material, FSF has_insufficient_material {insufficient}"
        return None

    fields = counting_fields(fsf_fen)
    if reason == "counting":
        if fields is None:
            return "ours draws by counting but FSF runs no count"
        limit, ply = fields
        mapping = "counting: FSF at once (start past limit)" if ply > limit else "counting: FSF one ply later"
        stats["ends"][mapping] = stats["ends"].get(mapping, 0) + 1
        if ply > limit:
            # The count started past its limit (A-M11): FSF draws at once, as we do.
            return None if fsf_optional_end(start, moves) else \
                f"count {ply} > limit {limit}: ours draws, FSF does not"
        if ply != limit:
            return f"ours draws by counting at FSF countingPly {ply} < limit {limit}"
        # The one-ply mapping (A-M6): at countingPly == limit we draw with the counter to
        # move; FSF draws only after the counter's next move, whichever it is (unless it mates).
        if fsf_optional_end(start, moves):
            return f"FSF already draws at countingPly == limit {limit}; expected one ply later"
        for move in fsf_moves:
            if fsf_legal(fsf_fen, [move]):  # not a mate (nor stalemate) on the next ply
                if not fsf_optional_end(start, moves + [move]):
                    return f"FSF does not draw one ply later (after {move}) at countingPly {ply + 1} > {limit}"
                return None
        return None

    if reason == "repetition":
        return None if fsf_optional_end(start, moves) else "ours draws by repetition, FSF does not"

    if result != "ongoing":
        return f"unexpected end {result}/{reason}"
    repeated = game.history.count(game.history[-1]) >= 2
    near_limit = fields is not None and fields[1] >= fields[0]
    if repeated or near_limit or len(moves) % OPTIONAL_SPOT_CHECK_EVERY == 0:
        stats["optional_checks"] += 1
        if fsf_optional_end(start, moves):
            return "FSF ends the game (repetition or counting), ours goes on"
    return None


def compare_position(game: MakrukGame, start: str, moves: list[str], fsf_fen: str, stats: dict) -> str | None:
    stats["positions"] += 1
    ours_fen = game.position.fen()
    if ours_fen != fsf_fen:
        return f"FEN differs: ours {ours_fen!r}, FSF {fsf_fen!r}"
    ours_moves = our_legal(game)
    fsf_moves = fsf_legal(fsf_fen)
    if ours_moves != fsf_moves:
        only_ours = sorted(set(ours_moves) - set(fsf_moves))
        only_fsf = sorted(set(fsf_moves) - set(ours_moves))
        return f"legal moves differ at {ours_fen!r}: only ours {only_ours}, only FSF {only_fsf}"
    return compare_end(game, start, moves, fsf_fen, fsf_moves, stats)


def compare_checks(start: str, moves: list[str], checks: list[bool], mates: list[bool]) -> str | None:
    """Our check flag and checkmates against FSF's SAN of the whole game (one call)."""
    if bool(sf.gives_check(VARIANT, start, [])) != checks[0]:
        return f"check flag of the start position differs (ours {checks[0]})"
    for i, san in enumerate(sf.get_san_moves(VARIANT, start, moves) if moves else []):
        fsf_check, fsf_mate = san.endswith(("+", "#")), san.endswith("#")
        if fsf_check != checks[i + 1] or fsf_mate != mates[i + 1]:
            return (f"after {moves[:i + 1]}: FSF SAN {san!r}, ours check={checks[i + 1]} "
                    f"mate={mates[i + 1]}")
    return None


def new_stats() -> dict:
    return {"games": 0, "positions": 0, "optional_checks": 0, "ends": {}, "plies": 0, "seconds": 0.0}


def play_and_compare(start: str, seed: int, stats: dict, max_plies: int = PLY_CAP,
                     prefix: tuple[str, ...] = ()) -> dict | None:
    """Play one seeded random game with our engine (after the forced moves ``prefix``),
    comparing every position with FSF.

    Returns None, or a discrepancy with everything needed to reproduce it.
    """
    rng = random.Random(seed)
    shuffle = 0.6 if seed % 6 == 0 else 0.0  # every sixth game shuffles towards repetitions
    game = new_game(start)
    moves: list[str] = []
    checks: list[bool] = []
    mates: list[bool] = []
    fsf_fen = fsf_fen_after(start, [])
    stats["games"] += 1
    while True:
        problem = compare_position(game, start, moves, fsf_fen, stats)
        if problem:
            return {"start": start, "moves": moves, "problem": problem}
        status = game_status(game)
        checks.append(status["check"])
        mates.append(status["reason"] == "checkmate")
        if status["result"] != "ongoing" or len(moves) >= max_plies:
            break
        move = prefix[len(moves)] if len(moves) < len(prefix) else choose_move(rng, game, moves, shuffle)
        game.play(move)
        moves.append(move)
        fsf_fen = fsf_fen_after(fsf_fen, [move])
    stats["plies"] += len(moves)
    problem = compare_checks(start, moves, checks, mates)
    return {"start": start, "moves": moves, "problem": problem} if problem else None


def report(problems: list[dict]) -> str:
    lines = [f"{len(problems)} game(s) disagree with Fairy-Stockfish:"]
    for p in problems[:12]:
        lines.append(f"- start {p['start']!r}\n  moves {p['moves']}\n  {p['problem']}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- endgame set-ups
PIECE_POOL = "RRSSNNMFF"  # at most 2 Ruea, 2 Khon, 2 Ma, 1 Met, and a few Bia-ngai


def _pieces(rng: random.Random, low: int, high: int) -> list[str]:
    return rng.sample(PIECE_POOL, rng.randint(low, high))


def random_endgame(rng: random.Random) -> str:
    """A random legal makruk position with few pieces, FEN without a running count.

    Kinds: a bare Khun against pieces (pieces' honour at once; "cornered": on the edge
    against one or two Ruea, for mates and stalemates), pawnless with pieces on
    both sides (board's honour, then a switch when one side is bared), and with a few
    Bia (counts start when the last Bia is captured or promoted).
    """
    while True:
        kind = rng.choice(("bare", "bare", "cornered", "pawnless", "bia"))
        edge = None
        if kind == "cornered":  # a bare Khun on the edge against Ruea: mates and stalemates
            strong, weak = rng.sample("RR", rng.randint(1, 2)) + _pieces(rng, 0, 2), []
            edge = rng.choice(("rank", "file"))
        elif kind == "bare":
            strong, weak = _pieces(rng, 1, 5), []
        elif kind == "pawnless":
            strong, weak = _pieces(rng, 1, 3), _pieces(rng, 1, 2)
        else:
            strong = _pieces(rng, 0, 2) + ["P"] * rng.randint(1, 2)
            weak = _pieces(rng, 0, 2) + ["P"] * rng.randint(0, 1)
        white, black = (strong, weak) if rng.random() < 0.5 else (weak, strong)
        pos = Position()
        free = list(range(64))
        rng.shuffle(free)
        wk, bk = free.pop(), free.pop()
        if edge is not None:
            weak_king = bk if white is strong else wk
            on_edge = (weak_king >> 3 in (0, 7)) if edge == "rank" else (weak_king & 7 in (0, 7))
            if not on_edge:
                continue
        if abs((wk & 7) - (bk & 7)) <= 1 and abs((wk >> 3) - (bk >> 3)) <= 1:
            continue
        pos.board[wk], pos.board[bk] = "K", "k"
        ok = True
        for color, pieces in ((WHITE, white), (BLACK, black)):
            for piece in pieces:
                ranks = ((2, 3, 4) if color == WHITE else (3, 4, 5)) if piece == "P" else range(8)
                squares = [sq for sq in free if sq >> 3 in ranks]
                if not squares:
                    ok = False
                    break
                sq = rng.choice(squares)
                free.remove(sq)
                pos.board[sq] = piece if color == WHITE else piece.lower()
        if not ok:
            continue
        pos.turn = rng.choice((WHITE, BLACK))
        fen = pos.fen()
        try:
            game = new_game(fen)
        except EngineError:
            continue  # the side not to move is in check
        if sf.validate_fen(fen, VARIANT) != sf.FEN_OK or not game.position.legal_moves():
            continue
        return fen


# --------------------------------------------------------------------------- tests
def test_fsf_options_cover_every_declared_option():
    """A new rule option must be placed here deliberately (and mapped if FSF differs)."""
    declared = {o.name: o for o in OPTIONS}
    assert set(FSF_OPTIONS) == set(declared)
    for name, value in FSF_OPTIONS.items():
        assert value in declared[name].choices, name


def test_start_position_agrees():
    assert sf.start_fen(VARIANT) == START_FEN
    assert call({"op": "start", "game": "makruk"})["position"] == START_FEN


def _job(job: tuple[str, int, int]) -> tuple[dict | None, dict]:
    start, seed, max_plies = job
    stats = new_stats()
    return play_and_compare(start, seed, stats, max_plies), stats


def run_games(name: str, jobs: list[tuple[str, int, int]]) -> dict:
    """Run the games (on WORKERS processes: pyffish calls dominate the time) and fail with
    every discrepancy found."""
    began = time.perf_counter()
    if WORKERS > 1:
        # "spawn", not "fork": pyffish keeps a native search thread alive in this process.
        with multiprocessing.get_context("spawn").Pool(WORKERS) as pool:
            results = pool.map(_job, jobs, chunksize=2)
    else:
        results = [_job(job) for job in jobs]
    stats = new_stats()
    for _, game_stats in results:
        for key in ("games", "positions", "optional_checks", "plies"):
            stats[key] += game_stats[key]
        for reason, n in game_stats["ends"].items():
            stats["ends"][reason] = stats["ends"].get(reason, 0) + n
    stats["seconds"] = round(time.perf_counter() - began, 1)
    STATS[name] = stats
    print(f"\n{name}: {stats}")
    problems = [problem for problem, _ in results if problem]
    assert not problems, report(problems)
    return stats


# About 7,300 compared positions: pyffish takes ~1.3 ms a call, two calls a position, so
# ~25 s of CPU, spread over two processes.
START_GAMES = 30
START_PLY_CAP = 50
ENDGAME_GAMES = 170
ENDGAME_PLY_CAP = 64
WORKERS = int(os.environ.get("KRADAN_FSF_WORKERS", "2"))


def test_random_games_from_start_position():
    stats = run_games("start", [(START_FEN, 1000 + i, START_PLY_CAP) for i in range(START_GAMES)])
    assert stats["games"] == START_GAMES
    assert stats["positions"] >= 1200, stats


def test_random_games_from_endgame_set_ups():
    rng = random.Random(20240607)
    stats = run_games("endgames", [(random_endgame(rng), 5000 + i, ENDGAME_PLY_CAP) for i in range(ENDGAME_GAMES)])
    assert stats["games"] == ENDGAME_GAMES
    # The biased random play must reach every kind of end, or the test proves little.
    for reason in ("checkmate", "counting", "counting: FSF one ply later", "repetition",
                   "insufficient_material"):
        assert stats["ends"].get(reason, 0) >= 3, (reason, stats)
    assert stats["ends"].get("stalemate", 0) >= 1, stats


def test_games_through_the_json_door():
    """A few games played through engine.api.call (the whole game replayed per request),
    compared with the incremental game and with FSF."""
    rng = random.Random(77)
    starts = [START_FEN, random_endgame(rng), random_endgame(rng), random_endgame(rng)]
    for index, start in enumerate(starts):
        rng_moves = random.Random(900 + index)
        game = new_game(start)
        moves: list[str] = []
        fsf_fen = fsf_fen_after(start, [])
        for _ in range(40):
            reply = call({"op": "play", "game": "makruk", "position": start, "moves": moves,
                          "options": FSF_OPTIONS})
            assert reply["ok"], reply
            assert reply["position"] == game.position.fen() == fsf_fen
            legal = call({"op": "legal_moves", "game": "makruk", "position": start, "moves": moves,
                          "options": FSF_OPTIONS})
            assert legal["ok"], legal
            assert reply["status"] == game_status(game)
            if reply["status"]["result"] != "ongoing":
                assert reply["legal_moves"] == legal["moves"] == []
                break
            assert reply["legal_moves"] == legal["moves"] == fsf_legal(fsf_fen)
            move = choose_move(rng_moves, game, moves)
            game.play(move)
            moves.append(move)
            fsf_fen = fsf_fen_after(fsf_fen, [move])
