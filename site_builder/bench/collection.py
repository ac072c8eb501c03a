"""collection: how the author's wait grows with the puzzle collection.

Phase-1 check time (``load_puzzles``: schema, proofs, hints) of the project's puzzles with an empty
proof cache, proven in this process alone and in one worker process per core (target: >= 1.7x
faster on 2 cores or more), then with the cache filled (target: < 1 s), and the whole site's build
time with the cache filled, and ``serve``'s rebuild after one edited lesson and after one edited
puzzle (target: < 2 s each); and the same cold and cached for a generated collection of
``GENERATED`` puzzles, so that the growth shows. Each figure
gives its wall time and the CPU time spent (this process and its workers): on a busy machine
the wall time grows, the CPU time much less. Everything is written to temp folders; the
project's own proof cache is not touched.

The generated collection: the project's puzzle files, then copies of them in turn until there
are ``GENERATED``. A copy keeps its original's game, kind, position and solution (so its proof
costs what the original's does) and gets its own id, file name, title and hints (random words:
the hint check refuses hints repeated across puzzles), so each copy is a distinct, valid file
that the cache stores apart. Puzzles of a kind whose position a collection may hold only once
(the game plugin's ``one_of_a_kind``, e.g. a Dummy scoring table) are not copied.
"""
from __future__ import annotations

import json
import os
import random
import resource
import shutil
import tempfile
import time
import tomllib
from collections.abc import Iterable
from contextlib import contextmanager
from pathlib import Path

from ..build import Rebuilder, build
from ..games import PLUGINS
from ..puzzles.cache import ProofCache
from ..puzzles.prove import JOBS_ENV, load_puzzles
from .core import Bench, Figure

GENERATED = 2000
TARGET_CACHED_S = 1.0
TARGET_REBUILD_S = 2.0
TARGET_SPEEDUP = 1.7
HINT_WORDS = {
    "th": ("มอง", "คิด", "ทาง", "หนี", "ช่อง", "ว่าง", "ใกล้", "ไกล", "ก่อน", "หลัง", "ซ้าย", "ขวา", "บน", "ล่าง",
           "รอ", "เร็ว", "ช้า", "ตรง", "เฉียง", "แคบ", "กว้าง", "ปลอด", "ภัย", "ลอง", "ดู", "อีก", "ที", "เดียว"),
    "en": ("look", "think", "where", "which", "quiet", "first", "later", "near", "far", "left", "right", "wide",
           "narrow", "safe", "route", "space", "wait", "quick", "slow", "straight", "across", "before", "after",
           "again", "only", "every", "other", "still"),
}


def toml_value(value: object) -> str:
    """A TOML value on one line (tables inline); strings as JSON strings, which TOML reads alike."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


#: Letters that name a copy in its title: digits there could name a puzzle's answer (a counting
#: puzzle whose answer is 5 titled "... (5)"), which the title check refuses.
COPY_LETTERS = {"th": "กขคงจฉชซญฎฐณดตถทธนบปผพฟภมยรลวศสหอฮ", "en": "ABCDEFGHJKLMNPQRSTUVWXYZ"}


def copy_label(number: int, lang: str) -> str:
    """Copy ``number`` (from 1) in letters of ``lang``: 1 -> "ก"/"A", then "ข"/"B" ..., "กก"/"AA" ..."""
    letters = COPY_LETTERS.get(lang, COPY_LETTERS["en"])
    label = ""
    while number:
        number, rest = divmod(number - 1, len(letters))
        label = letters[rest] + label
    return label


def copy_of(data: dict, number: int, rng: random.Random) -> dict:
    """Puzzle ``data`` as copy ``number``: its own id, title and hints."""
    copy = dict(data)
    copy["id"] = f"{data['id']}-copy{number}"
    copy["title"] = {lang: f"{text} ({copy_label(number, lang)})" for lang, text in data["title"].items()}
    copy["hints"] = {lang: [" ".join(rng.choice(words) for _ in range(12)) for _ in range(2)]
                     for lang, words in HINT_WORDS.items()}
    return copy


def generate(root: Path, into: Path, count: int = GENERATED, seed: int = 1) -> int:
    """Write a collection of ``count`` puzzles under ``into/puzzles/`` (see the module's text)."""
    originals = sorted((root / "puzzles").glob("*/*.toml"))
    rng = random.Random(seed)
    written = 0
    for path in originals[:count]:
        target = into / path.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        written += 1
    datas = [(path.parent.name, tomllib.loads(path.read_text(encoding="utf-8"))) for path in originals]
    datas = [(game, data) for game, data in datas if data["kind"] not in getattr(PLUGINS.get(game), "one_of_a_kind", ())]
    number = 0
    while written < count:
        number += 1
        for game, data in datas[:count - written]:
            copy = copy_of(data, number, rng)
            text = "".join(f"{key} = {toml_value(value)}\n" for key, value in copy.items())
            (into / "puzzles" / game / f"{copy['id']}.toml").write_text(text, encoding="utf-8")
            written += 1
    return written


@contextmanager
def jobs_setting(jobs: int | None):
    """Run with KRADAN_PROOF_JOBS = ``jobs`` (None: the default, one per core)."""
    before = os.environ.get(JOBS_ENV)
    if jobs is None:
        os.environ.pop(JOBS_ENV, None)
    else:
        os.environ[JOBS_ENV] = str(jobs)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(JOBS_ENV, None)
        else:
            os.environ[JOBS_ENV] = before


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed_check(root: Path, cache: Path, jobs: int | None = None) -> dict:
    """One ``load_puzzles`` of ``root`` with the proof cache in ``cache``: wall and CPU seconds."""
    with jobs_setting(jobs):
        t0, c0 = time.perf_counter(), _cpu()
        found, problems = load_puzzles(root, ProofCache(cache))
        wall, cpu = time.perf_counter() - t0, _cpu() - c0
    if problems:
        raise RuntimeError("the puzzles do not pass the check:\n" + "\n".join(map(str, problems[:20])))
    return {"count": len(found.puzzles), "wall": wall, "cpu": cpu, "jobs": found.jobs, "proven": found.proven}


def timed_build(root: Path, puzzles: Path, cache: Path, out: Path) -> dict:
    """One whole site build (check, render, search index) of the project ``root`` with the puzzle
    folder ``puzzles`` in place of its own and the proof cache in ``cache``: wall and CPU seconds,
    and how long its puzzle check took."""
    project = project_copy(root, puzzles, out.parent / f"{out.name}-project")
    t0, c0 = time.perf_counter(), _cpu()
    site = build(project, out, proofs=ProofCache(cache))
    wall, cpu = time.perf_counter() - t0, _cpu() - c0
    return {"count": len(site.puzzles.puzzles), "wall": wall, "cpu": cpu, "jobs": site.puzzles.jobs,
            "check": site.puzzles.seconds, "pages": sum(1 for _ in out.rglob("index.html"))}


def project_copy(root: Path, puzzles: Path, into: Path) -> Path:
    """A project in ``into`` that links to ``root``'s folders, with ``puzzles`` as its puzzles and a
    copy of ``root``'s content (so that a lesson can be edited)."""
    into.mkdir()
    for entry in root.iterdir():
        if entry.name not in ("puzzles", "content", "_site") and not entry.name.startswith("."):
            (into / entry.name).symlink_to(entry)
    (into / "puzzles").symlink_to(puzzles)
    shutil.copytree(root / "content", into / "content")
    return into


def timed_rebuilds(root: Path, cache: Path, tmp: Path) -> dict[str, dict]:
    """``serve``'s rebuild (build.Rebuilder) after one edited lesson and after one edited puzzle
    (a comment line added: its bytes change, so it is proven again), cache filled for the rest:
    wall and CPU seconds of each; the search index is refreshed after, in the background."""
    shutil.copytree(root / "puzzles", tmp / "puzzles")
    project = project_copy(root, tmp / "puzzles", tmp / "project")
    rebuilder = Rebuilder(project, tmp / "site")
    rebuilder.proofs = ProofCache(cache)
    rebuilder.build()
    runs = {}
    for what, path in (("lesson", min((project / "content").glob("th/*/*.md"))),
                       ("puzzle", min((tmp / "puzzles").glob("*/*.toml")))):
        rebuilder.search.wait()
        path.write_text(path.read_text(encoding="utf-8") + ("\nแก้ไข\n" if what == "lesson" else "\n# edited\n"),
                        encoding="utf-8")
        t0, c0 = time.perf_counter(), _cpu()
        site = rebuilder.build()[0]
        runs[what] = {"wall": time.perf_counter() - t0, "cpu": _cpu() - c0, "file": path.relative_to(tmp).as_posix(),
                      "proven": site.puzzles.proven}
    rebuilder.search.wait()
    return runs


def _build_detail(run: dict) -> str:
    return f"CPU {run['cpu']:.1f} s; {run['pages']} pages; the puzzle check {run['check']:.1f} s of it"


def _text(run: dict) -> str:
    return f"{run['wall']:.2f} s"


def _detail(run: dict) -> str:
    per = 1000 * run["wall"] / max(run["count"], 1)
    where = f", {run['jobs']} processes" if run["jobs"] > 1 else ""
    return f"CPU {run['cpu']:.1f} s{where}; {per:.1f} ms a puzzle"


def section_collection(bench: Bench) -> Iterable[Figure | str]:
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory(prefix="kradan-bench-collection-") as tmp:
        tmp = Path(tmp)
        serial = timed_check(bench.root, tmp / "serial", jobs=1)
        count = serial["count"]
        yield bench.add(Figure("collection.project.cold_serial_s", f"check {count} puzzles, empty cache, 1 process",
                               serial["wall"], _text(serial), _detail(serial)))
        cold = timed_check(bench.root, tmp / "cache")
        speedup = serial["wall"] / cold["wall"]
        enough = cores >= 2
        yield bench.add(Figure("collection.project.cold_s", f"check {count} puzzles, empty cache, {cold['jobs']} processes",
                               cold["wall"], _text(cold), _detail(cold) + f"; {speedup:.2f}x the 1-process time",
                               target=f">= {TARGET_SPEEDUP:g}x faster than 1 process" if enough else None,
                               ok=speedup >= TARGET_SPEEDUP if enough else None))
        cached = timed_check(bench.root, tmp / "cache")
        yield bench.add(Figure("collection.project.cached_s", f"check {count} puzzles, proof cache filled",
                               cached["wall"], _text(cached), _detail(cached),
                               target=f"< {TARGET_CACHED_S:g} s", ok=cached["wall"] < TARGET_CACHED_S))
        built = timed_build(bench.root, bench.root / "puzzles", tmp / "cache", tmp / "site")
        yield bench.add(Figure("collection.project.build_cached_s", f"build the site with {count} puzzles, proof cache filled",
                               built["wall"], _text(built), _build_detail(built)))
        for what, run in timed_rebuilds(bench.root, tmp / "cache", tmp / "serve").items():
            yield bench.add(Figure(f"collection.serve.{what}_s", f"serve: rebuild after one edited {what}",
                                   run["wall"], _text(run),
                                   f"CPU {run['cpu']:.1f} s; {run['file']}; {run['proven']} proven",
                                   target=f"< {TARGET_REBUILD_S:g} s", ok=run["wall"] < TARGET_REBUILD_S))
        made = generate(bench.root, tmp / "generated")
        yield f"generated {made} puzzles: the project's and copies of them with their own id, title and hints"
        cold = timed_check(tmp / "generated", tmp / "generated-cache")
        yield bench.add(Figure("collection.generated.cold_s", f"check {made} puzzles, empty cache, {cold['jobs']} processes",
                               cold["wall"], _text(cold), _detail(cold)))
        cached = timed_check(tmp / "generated", tmp / "generated-cache")
        yield bench.add(Figure("collection.generated.cached_s", f"check {made} puzzles, proof cache filled",
                               cached["wall"], _text(cached), _detail(cached)))
        built = timed_build(bench.root, tmp / "generated" / "puzzles", tmp / "generated-cache", tmp / "generated-site")
        yield bench.add(Figure("collection.generated.build_cached_s", f"build the site with {made} puzzles, proof cache filled",
                               built["wall"], _text(built), _build_detail(built)))
        yield ("a build with an empty cache takes the empty-cache check plus about the filled-cache build"
               " (the proofs are the only work the cache saves)")
