"""Mining: candidate puzzles from engine self-play, written as TOML files whose proof passes.

    python -m site_builder puzzles mine --game makruk --kind mate --mate-in 2 --count 5 --seed 7
        [--mating-piece ma --mating-piece met] [--out DIR]

The game's plugin plays the games and picks the candidates (``GameSite.miner``: at most one per
self-play game, with its title, goal, tags and difficulty; ``--mating-piece`` keeps only mates
given by those pieces, named by their tags); this driver numbers them, proves each with the same
code as the build (schema + kind.prove) and writes the ones that pass. The same seed gives the
same files. A mined file has no hints: hints must teach the puzzle's own idea (hints.py refuses
templates), so a person writes them after playing it through; until then the build refuses it.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from ..games import PLUGINS
from ..plugin import Candidate, Miner
from .engine_ctx import GameEngine, known_games
from .schema import discover, validate

KINDS = ("mate", "win", "best-move")
COUNTED = ("mate", "win")  # kinds whose file names carry N: mk-mate2-001, mh-win2-001


def _toml_str(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def _toml_list(values) -> str:
    return "[" + ", ".join(_toml_str(v) for v in values) + "]"


CREDIT = {"th": "กระดาน (เอนจินค้นพบ)", "en": "Kradan (engine-mined)"}
HINTS_TODO = ("# hints: play the puzzle through, then write at least two hints in each language that teach its\n"
              "# idea (which piece, what it threatens, what the defender cannot do) without naming the answer:\n"
              "# [hints]\n# th = [\"...\", \"...\"]\n# en = [\"...\", \"...\"]")


def to_toml(pid: str, game: str, kind: str, cand: Candidate, credit: dict[str, str]) -> str:
    texts = cand.texts
    lines = [f"id = {_toml_str(pid)}", f"game = {_toml_str(game)}", f"kind = {_toml_str(kind)}",
             f"position = {_toml_str(cand.position)}", f"difficulty = {texts['difficulty']}",
             f"tags = {_toml_list(texts['tags'])}",
             f"credit = {{ th = {_toml_str(credit['th'])}, en = {_toml_str(credit['en'])} }}"]
    lines += [f"{name} = {value}" for name, value in cand.fields.items()]
    lines.append(f"solution = {_toml_list(cand.line)}")
    for table in ("title", "goal"):
        if texts.get(table) is None:  # no [goal]: the kind's own, which says the count it asks
            continue
        lines += ["", f"[{table}]", f"th = {_toml_str(texts[table]['th'])}", f"en = {_toml_str(texts[table]['en'])}"]
    lines += ["", HINTS_TODO]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------- driver
def existing(root: Path, miner: Miner) -> tuple[set[str], set[str]]:
    """Ids and position keys (``miner.key``) of the puzzles already in the project."""
    ids, positions = set(), set()
    for path, _, _ in discover(root).files:
        ids.add(path.stem)
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            positions.add(miner.key(str(data.get("position", ""))))
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
         max_games: int = 3000, min_pieces: int = 1, credit: dict[str, str] = CREDIT,
         log=None, mating: tuple[str, ...] = ()) -> list[Path]:
    """Write up to ``count`` candidate files; returns their paths. Deterministic for a seed."""
    log = log or (lambda text: None)
    known = known_games()
    site = PLUGINS.get(game)
    if game not in known or site is None:
        raise ValueError(f"the engine has no game {game!r}")
    miner = site.miner
    if miner is None or kind not in miner.kinds:
        raise ValueError(f"there is no {kind!r} miner for {game}")
    engine = GameEngine(site)
    out = out or root / "puzzles" / game
    ids, positions = existing(root, miner)
    if out.is_dir():
        ids |= {p.stem for p in out.glob("*.toml")}
    rng = random.Random(f"kradan-mine:{game}:{kind}:{mate_in}:{seed}")
    stem = f"{site.puzzle_prefix or game}-{kind + str(mate_in) if kind in COUNTED else 'best'}"
    written: list[Path] = []
    number = 1
    began = time.perf_counter()
    found = miner.candidates(kind, rng, mate_in, min_pieces, positions, mating=frozenset(mating))
    for game_no in range(max_games):
        if len(written) >= count:
            break
        cand = next(found)
        if cand is None:
            continue
        while f"{stem}-{number:03d}" in ids:
            number += 1
        pid = f"{stem}-{number:03d}"
        text = to_toml(pid, game, kind, cand, credit)
        problems = prove_text(text, pid, game, known, engine)
        if problems:
            log(f"game {game_no}: candidate rejected by the check: {problems[0]}")
            continue
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"{pid}.toml"
        path.write_text(text, encoding="utf-8")
        ids.add(pid)
        positions.add(cand.key)
        written.append(path)
        log(f"game {game_no}: wrote {path} ({time.perf_counter() - began:.0f} s)")
    return written


def add_arguments(parser: argparse.ArgumentParser) -> None:
    default = next((gid for gid, site in PLUGINS.items() if site.miner), None)
    parser.add_argument("--game", default=default, help=f"game id (default: {default})")
    parser.add_argument("--kind", default="mate", choices=KINDS, help="puzzle kind to look for (default: mate)")
    parser.add_argument("--mate-in", type=int, default=2, choices=(1, 2, 3, 4),
                        help="exact length for --kind mate or win (default: 2)")
    parser.add_argument("--count", type=int, default=5, help="how many files to write (default: 5)")
    parser.add_argument("--seed", type=int, default=1, help="random seed; the same seed gives the same files")
    parser.add_argument("--out", type=Path, help="folder for the files (default: ROOT/puzzles/<game>)")
    parser.add_argument("--max-games", type=int, default=3000, help="give up after this many self-play games")
    parser.add_argument("--min-defender-pieces", type=int, default=1,
                        help="the defender keeps at least this many pieces besides the king")
    parser.add_argument("--mating-piece", action="append", default=[], metavar="TAG",
                        help="--kind mate: keep only mates given by this piece, named by its tag "
                             "(e.g. ma); repeat it for several pieces")


def run_args(args: argparse.Namespace, root: Path) -> int:
    try:
        written = mine(root, args.game, args.kind, args.count, args.seed, args.mate_in,
                       args.out.resolve() if args.out else None, args.max_games, args.min_defender_pieces,
                       log=lambda text: print(text, file=sys.stderr, flush=True), mating=tuple(args.mating_piece))
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for path in written:
        print(path)
    if written:
        print("next: play each file through and write its [hints] (see the comment in the file); "
              "the build refuses a puzzle without them", file=sys.stderr)
    if len(written) < args.count:
        print(f"found {len(written)} of {args.count} after {args.max_games} games; "
              "try another --seed or a larger --max-games", file=sys.stderr)
        return 1
    return 0
