"""Mining: candidate puzzles from engine self-play, written as TOML files that pass the build.

    python -m site_builder puzzles mine --game makruk --kind mate --mate-in 2 --count 5 --seed 7 [--out DIR]

Games start with a few random moves, then both sides pick moves by a 1-ply material search
with noise, preferring captures and checks (sharp positions come sooner). A position becomes a
candidate when (mate) the side to move mates in exactly N with one single key, or (best-move)
one quiet or tactical move wins at least 2 Bia more than any other move; the defender must still
have pieces. At most one candidate is taken per game. Every candidate is proven with the same
code as the build (schema + kind.prove) before it is written. The same seed gives the same files.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

from engine import search
from engine.games import GAMES
from engine.makruk import PROMOTION, Position, move_uci

from .engine_ctx import PIECE_TAGS, PIECE_WORDS, SIDE_WORDS, GameEngine, known_games, side_of
from .schema import discover, validate

PREFIX = {"makruk": "mk"}
KINDS = ("mate", "best-move")
VALUES = search.VALUES


@dataclass
class Candidate:
    position: str
    line: list[str]
    features: dict


# ---------------------------------------------------------------------- self-play
def self_play(engine: GameEngine, rng: random.Random, max_plies: int = 160):
    """Yield (ply, position) of one noisy self-play game from the start position."""
    pos = engine.position(GAMES[engine.game].start_position)
    random_plies = rng.randint(2, 10)
    # One side plays carefully, the other makes mistakes: decisive games reach mating nets sooner.
    strong = rng.choice("wb")
    noise = {strong: rng.uniform(0.1, 0.5), "b" if strong == "w" else "w": rng.uniform(1.5, 3.0)}
    check_bonus = {strong: 1.0, "b" if strong == "w" else "w": 0.4}
    for ply in range(max_plies):
        legal = pos.legal_moves()
        if not legal or search.outcome(pos, legal, engine.options) is not None:
            return
        yield ply, pos
        if ply < random_plies:
            move = rng.choice(sorted(legal))
        else:
            best, best_score = None, None
            for m in sorted(legal):
                taken = pos.board[(m >> 6) & 63]
                nxt = engine.child(pos, m)
                score = (VALUES[taken.upper()] if taken else 0.0) - 0.9 * max(en_prise(nxt, pos.turn), default=0.0)
                score += rng.gauss(0, noise[pos.turn])
                if nxt.in_check():
                    score += check_bonus[pos.turn]
                if pos.board[m & 63] in "Pp":
                    score += 0.15
                if best_score is None or score > best_score:
                    best, best_score = m, score
            move = best
        pos = engine.child(pos, move)


def en_prise(pos: Position, color: str) -> list[float]:
    """Values of ``color``'s pieces the other side can win: attacked and undefended, or a Ruea attacked."""
    enemy = "b" if color == "w" else "w"
    found = []
    for sq, piece in enumerate(pos.board):
        if piece is None or piece in "Kk" or (piece.isupper() != (color == "w")):
            continue
        if pos.attacked(sq, enemy) and (piece.upper() == "R" or not pos.attacked(sq, color)):
            found.append(VALUES[piece.upper()])
    return found


def _defender_has_pieces(pos: Position, minimum: int) -> bool:
    them = "b" if pos.turn == "w" else "w"
    count = sum(1 for p in pos.board if p is not None and p not in "Kk" and (p.isupper() == (them == "w")))
    return count >= minimum


def _gives_check(engine: GameEngine, pos: Position, move: int) -> bool:
    return engine.child(pos, move).in_check()


def _sacrifice(engine: GameEngine, pos: Position, move: int) -> bool:
    """Can the defender take the moved piece (worth more than a Bia) right away?"""
    nxt = engine.child(pos, move)
    to = (move >> 6) & 63
    piece = nxt.board[to]
    if piece is None or VALUES[piece.upper()] <= 1.0:
        return False
    return any((m >> 6) & 63 == to for m in nxt.legal_moves())


# ---------------------------------------------------------------------- mate candidates
def mate_candidate(engine: GameEngine, pos: Position, n: int, min_pieces: int) -> Candidate | None:
    if not _defender_has_pieces(pos, min_pieces):
        return None
    solver = search.MateSolver(engine.options)
    if solver.shortest_mate(pos, n) != n:
        return None
    keys = solver.mating_moves(pos, n)
    if len(keys) != 1:
        return None
    key = next(iter(keys))
    line, cur, moves = [], pos, [key]
    for r in range(n, 0, -1):
        move = moves[0]
        line.append(move_uci(move))
        cur = engine.child(cur, move)
        if r == 1:
            break
        defence = sorted(search.longest_defences(solver, cur, r - 1))[0]
        defence_move = cur.parse_move(defence)
        line.append(defence)
        cur = engine.child(cur, defence_move)
        mating = solver.mating_moves(cur, r - 1)
        moves = [min(mating, key=lambda m: (mating[m], move_uci(m)))]
    positions, played, _ = engine.play_line(pos.fen(), line)
    last_before = positions[-2]
    mating_piece = last_before.board[played[-1] & 63]
    if played[-1] & PROMOTION:
        mating_piece = "F"
    key_piece = pos.board[key & 63]
    features = {
        "mate_in": n,
        "key_check": _gives_check(engine, pos, key),
        "key_capture": pos.board[(key >> 6) & 63] is not None,
        "sacrifice": _sacrifice(engine, pos, key),
        "key_piece": key_piece.upper(),
        "key_to": move_uci(key)[2:4],
        "mating_piece": mating_piece.upper(),
        "mate_square": line[-1][2:4],
        "legal": len(pos.legal_moves()),
        "solver": side_of(pos),
    }
    return Candidate(pos.fen(), line, features)


def _has_double_threat(engine: GameEngine, pos: Position) -> bool:
    """Cheap filter before the engine's search: some move leaves two enemy pieces (or check and one) en prise."""
    enemy = "b" if pos.turn == "w" else "w"
    if en_prise(pos, enemy):
        return False  # something already hangs: taking it is not a puzzle
    for m in pos.legal_moves():
        nxt = engine.child(pos, m)
        # en prise as seen by the mover, who is to move again after a reply
        loose = sorted(en_prise(nxt, enemy), reverse=True)
        threats = len(loose) + (1 if nxt.in_check() else 0)
        if threats >= 2 and (loose[1:2] or loose[:1])[0] >= 2.5:
            return True
    return False


def best_move_candidate(engine: GameEngine, pos: Position, min_pieces: int) -> Candidate | None:
    if not _defender_has_pieces(pos, min_pieces) or pos.in_check():
        return None
    balance = search.material_balance(pos)
    if abs(balance) > 3 or not _has_double_threat(engine, pos):
        return None
    scores = search.MaterialSearch(engine.options).move_scores(pos, 3)
    ranked = sorted(scores, key=lambda m: (-scores[m], m))
    if len(ranked) < 2:
        return None
    key, second = ranked[0], ranked[1]
    if scores[key] >= search.MATE_SCORE / 2 or scores[key] - scores[second] < 2.0 or scores[key] - balance < 2.0:
        return None
    move = pos.parse_move(key)
    taken = pos.board[(move >> 6) & 63]
    if taken is not None and VALUES[taken.upper()] > scores[key] - balance - 0.5:
        return None  # taking a loose piece is not a puzzle
    if search.MateSolver(engine.options).shortest_mate(pos, 2) is not None:
        return None  # a mate: that is a mate puzzle
    line = [key]
    after = engine.child(pos, move)
    if engine.outcome(after) is None:
        replies = search.MaterialSearch(engine.options).move_scores(after, 2)
        reply = max(sorted(replies), key=lambda m: replies[m])
        line.append(reply)
        again = engine.child(after, after.parse_move(reply))
        if engine.outcome(again) is None:
            follow = search.MaterialSearch(engine.options).move_scores(again, 1)
            line.append(max(sorted(follow), key=lambda m: follow[m]))
    features = {
        "key_check": after.in_check(),
        "key_capture": taken is not None,
        "sacrifice": _sacrifice(engine, pos, move),
        "key_piece": pos.board[move & 63].upper(),
        "key_to": key[2:4],
        "gain": round(scores[key] - balance, 1),
        "legal": len(pos.legal_moves()),
        "solver": side_of(pos),
    }
    return Candidate(pos.fen(), line, features)


# ---------------------------------------------------------------------- texts
def mate_texts(f: dict) -> dict:
    n, side = f["mate_in"], f["solver"]
    kp, mp = f["key_piece"], f["mating_piece"]
    w = {lang: PIECE_WORDS[lang] for lang in ("th", "en")}
    if n == 1:
        title = {"th": f"{w['th'][mp]}ปิดเกม", "en": f"The {w['en'][mp]} finishes it"}
    elif f["sacrifice"]:
        title = {"th": f"สละ{w['th'][kp]} แล้ว{w['th'][mp]}จน", "en": f"Give up the {w['en'][kp]}, mate with the {w['en'][mp]}"}
    elif not f["key_check"] and not f["key_capture"]:
        title = {"th": f"ตาเงียบของ{w['th'][kp]}", "en": f"A quiet {w['en'][kp]} move"}
    elif f["key_capture"]:
        title = {"th": f"{w['th'][kp]}กินแล้วไล่จน", "en": f"The {w['en'][kp]} takes, then mate"}
    else:
        title = {"th": f"{w['th'][kp]}รุกนำ {w['th'][mp]}ปิดท้าย", "en": f"{w['en'][kp]} checks, {w['en'][mp]} mates"}
    goal = {"th": f"{SIDE_WORDS['th'][side]}เดินก่อน รุกจนให้ได้ใน {n} ตา",
            "en": f"{SIDE_WORDS['en'][side]} to move and mate in {n}."}
    hints_th, hints_en = [], []
    if n == 1:
        hints_th.append("หาตารุกที่ขุนฝ่ายตรงข้ามไม่มีช่องหนี กินหมากที่รุกไม่ได้ และบังไม่ได้")
        hints_en.append("Find a check the Khun cannot escape, capture or block.")
    elif f["key_check"]:
        hints_th.append("เริ่มด้วยการรุก")
        hints_en.append("Start with a check.")
    else:
        hints_th.append("ตาแรกไม่ใช่ตารุก: เดินเงียบ ๆ ให้ฝ่ายตรงข้ามไม่มีทางแก้")
        hints_en.append("The first move is not a check: a quiet move leaves no defence.")
    hints_th.append(f"ตาแรกเดิน{w['th'][kp]}")
    hints_en.append(f"The first move is made by your {w['en'][kp]}.")
    if n > 1:
        hints_th.append(f"ตาสุดท้าย{w['th'][mp]}รุกจนที่ช่อง {f['mate_square']}")
        hints_en.append(f"The {w['en'][mp]} gives mate on {f['mate_square']}.")
    else:
        hints_th.append(f"{w['th'][kp]}ไปที่ช่อง {f['key_to']}")
        hints_en.append(f"The {w['en'][kp]} goes to {f['key_to']}.")
    tags = [f"mate-in-{n}", PIECE_TAGS[mp]]
    if f["sacrifice"]:
        tags.append("sacrifice")
    if n > 1 and not f["key_check"] and not f["key_capture"]:
        tags.append("quiet-move")
    difficulty = n + (1 if "quiet-move" in tags else 0) + (1 if f["sacrifice"] else 0) + (1 if f["legal"] >= 35 else 0)
    return {"title": title, "goal": goal, "hints": {"th": hints_th, "en": hints_en},
            "tags": tags, "difficulty": max(1, min(5, difficulty))}


def best_move_texts(f: dict) -> dict:
    side, kp = f["solver"], f["key_piece"]
    w = {lang: PIECE_WORDS[lang] for lang in ("th", "en")}
    title = {"th": f"{w['th'][kp]}ได้หมาก", "en": f"The {w['en'][kp]} wins material"}
    goal = {"th": f"{SIDE_WORDS['th'][side]}เดิน หาตาที่ได้หมาก", "en": f"{SIDE_WORDS['en'][side]} to move and win material."}
    hints = {"th": ["หมากตัวไหนของฝ่ายตรงข้ามที่ไม่มีใครคุ้มกัน หรือถูกโจมตีได้สองตัวพร้อมกัน",
                    f"ลองเดิน{w['th'][kp]}", f"{w['th'][kp]}ไปที่ช่อง {f['key_to']}"],
             "en": ["Which enemy pieces are loose, or can be attacked two at a time?",
                    f"Look at your {w['en'][kp]}.", f"The {w['en'][kp]} goes to {f['key_to']}."]}
    tags = ["win-material", PIECE_TAGS[kp]]
    if f["key_check"]:
        tags.append("check")
    difficulty = 2 + (0 if f["key_check"] or f["key_capture"] else 1) + (1 if f["legal"] >= 35 else 0)
    return {"title": title, "goal": goal, "hints": hints, "tags": tags, "difficulty": max(1, min(5, difficulty))}


def _toml_str(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def _toml_list(values) -> str:
    return "[" + ", ".join(_toml_str(v) for v in values) + "]"


def to_toml(pid: str, game: str, kind: str, cand: Candidate, texts: dict, credit: str) -> str:
    lines = [f"id = {_toml_str(pid)}", f"game = {_toml_str(game)}", f"kind = {_toml_str(kind)}",
             f"position = {_toml_str(cand.position)}", f"difficulty = {texts['difficulty']}",
             f"tags = {_toml_list(texts['tags'])}", f"credit = {_toml_str(credit)}"]
    if kind == "mate":
        lines.append(f"mate_in = {cand.features['mate_in']}")
    lines.append(f"solution = {_toml_list(cand.line)}")
    for table in ("title", "goal"):
        lines += ["", f"[{table}]", f"th = {_toml_str(texts[table]['th'])}", f"en = {_toml_str(texts[table]['en'])}"]
    lines += ["", "[hints]", f"th = {_toml_list(texts['hints']['th'])}", f"en = {_toml_list(texts['hints']['en'])}"]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------- driver
def existing(root: Path) -> tuple[set[str], set[str]]:
    """Ids and positions (placement + side) of the puzzles already in the project."""
    ids, positions = set(), set()
    for path, _, _ in discover(root).files:
        ids.add(path.stem)
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            positions.add(" ".join(str(data.get("position", "")).split()[:2]))
        except (OSError, ValueError):
            pass
    return ids, positions


def prove_text(text: str, pid: str, game: str, known: dict, engine: GameEngine) -> list[str]:
    """Check a candidate with the build's own code; the problems as text (empty: it passes)."""
    with tempfile.TemporaryDirectory(prefix="kradan-mine-") as tmp:
        path = Path(tmp) / "puzzles" / game / f"{pid}.toml"
        path.parent.mkdir(parents=True)
        path.write_text(text, encoding="utf-8")
        puzzle, problems, _ = validate(path, f"puzzles/{game}/{pid}.toml", game, known,
                                       lambda g, fen: engine.describe(fen))
        if puzzle is None:
            return [str(p) for p in problems]
        _, issues = puzzle.kind_obj.prove(puzzle, engine)
        return [f"{i.field}: {i.what}" for i in issues]


def mine(root: Path, game: str, kind: str, count: int, seed: int, mate_in: int = 2, out: Path | None = None,
         max_games: int = 3000, min_pieces: int = 1, credit: str = "Kradan (engine-mined)",
         log=None) -> list[Path]:
    """Write up to ``count`` candidate files; returns their paths. Deterministic for a seed."""
    log = log or (lambda text: None)
    known = known_games()
    if game not in known:
        raise ValueError(f"the engine has no game {game!r}")
    engine = GameEngine(game)
    out = out or root / "puzzles" / game
    ids, positions = existing(root)
    if out.is_dir():
        ids |= {p.stem for p in out.glob("*.toml")}
    rng = random.Random(f"kradan-mine:{game}:{kind}:{mate_in}:{seed}")
    stem = f"{PREFIX.get(game, game)}-{'mate' + str(mate_in) if kind == 'mate' else 'best'}"
    written: list[Path] = []
    number = 1
    began = time.perf_counter()
    for game_no in range(max_games):
        if len(written) >= count:
            break
        for ply, pos in self_play(engine, rng):
            if ply < 8:
                continue
            key = " ".join(pos.fen().split()[:2])
            if key in positions:
                continue
            cand = (mate_candidate(engine, pos, mate_in, min_pieces) if kind == "mate"
                    else best_move_candidate(engine, pos, min_pieces))
            if cand is None:
                continue
            while f"{stem}-{number:03d}" in ids:
                number += 1
            pid = f"{stem}-{number:03d}"
            texts = mate_texts(cand.features) if kind == "mate" else best_move_texts(cand.features)
            text = to_toml(pid, game, kind, cand, texts, credit)
            problems = prove_text(text, pid, game, known, engine)
            if problems:
                log(f"game {game_no}: candidate rejected by the check: {problems[0]}")
                break
            out.mkdir(parents=True, exist_ok=True)
            path = out / f"{pid}.toml"
            path.write_text(text, encoding="utf-8")
            ids.add(pid)
            positions.add(key)
            written.append(path)
            log(f"game {game_no}, ply {ply}: wrote {path} ({time.perf_counter() - began:.0f} s)")
            break
    return written


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default="makruk", help="game id (default: makruk)")
    parser.add_argument("--kind", default="mate", choices=KINDS, help="puzzle kind to look for (default: mate)")
    parser.add_argument("--mate-in", type=int, default=2, choices=(1, 2, 3, 4),
                        help="exact mate length for --kind mate (default: 2)")
    parser.add_argument("--count", type=int, default=5, help="how many files to write (default: 5)")
    parser.add_argument("--seed", type=int, default=1, help="random seed; the same seed gives the same files")
    parser.add_argument("--out", type=Path, help="folder for the files (default: ROOT/puzzles/<game>)")
    parser.add_argument("--max-games", type=int, default=3000, help="give up after this many self-play games")
    parser.add_argument("--min-defender-pieces", type=int, default=1,
                        help="the defender keeps at least this many pieces besides the Khun")


def run_args(args: argparse.Namespace, root: Path) -> int:
    try:
        written = mine(root, args.game, args.kind, args.count, args.seed, args.mate_in,
                       args.out.resolve() if args.out else None, args.max_games, args.min_defender_pieces,
                       log=lambda text: print(text, file=sys.stderr, flush=True))
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for path in written:
        print(path)
    if len(written) < args.count:
        print(f"found {len(written)} of {args.count} after {args.max_games} games; "
              "try another --seed or a larger --max-games", file=sys.stderr)
        return 1
    return 0
