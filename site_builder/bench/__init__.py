"""`python -m site_builder bench`: how fast the engine is where it runs, and what a visitor downloads.

Sections (run in this order; `--only NAME,...` / `--skip NAME,...`, `--list` names them), one
module each in this package:

  perft      Makruk perft in CPython and python-chess's perft from the chess start position in
             the same process, as a reference (target: Makruk rate >= chess rate). Both use the
             same bulk-counting perft: the moves of the last ply are counted, not played.
  pyodide    the same Makruk perft inside Pyodide (WebAssembly) under Node, with the engine
             wheel the site ships (tests/pyodide/bench_perft.mjs).
  ready      engine-ready time per page type (lesson, puzzle exploration from the "analyse"
             click, sandbox, trainer) in headless Chromium, cold (fresh profile, empty cache)
             and warm (the same profile again, HTTP cache filled), with where the time went
             (worker created, Pyodide imported and started, wheel, engine imported); a lesson's
             board is touched the instant it is ready (its engine loads on touch). Targets:
             lesson warm <= 1.5 s, cold <= 3.5 s.
  bytes      the Pyodide files the site ships beside the npm package's (raw and gzipped, per
             file); the JavaScript a lesson, a puzzle and a sandbox name in their HTML (scripts
             and preloads, no browser); bytes a visitor downloads before a lesson is readable (JavaScript off: HTML,
             CSS and the fonts actually fetched; target <= 60 KB) and until its engine is ready
             (JS, Pyodide, the engine wheel, the service worker's own fetches).
  firstvisit the bytes a first visit to a lesson fetches when the reader only reads it (the first
             live lesson of each game and the heaviest), the service worker's install included, over 10 s
             after the load, at 9 Mbps / 150 ms (target < 1 MB gzipped; no Pyodide, no engine
             wheel, no page of the whole-site pack).
  firstmove  a cold visit's first move accepted on a mate puzzle (from the replies the page carries,
             no Pyodide) and on a lesson board, unthrottled and at 9 Mbps / 150 ms, and the bytes
             downloaded by then (targets: puzzle <= 300 ms / <= 1.5 s, < 150 KB gzipped).
  phone      on a cheap phone's profile (9 Mbps, 150 ms, CPU 4x slower), cold: a lesson's second move
             (the engine loads meanwhile) and the sandbox's first computer reply (recorded; target <= 1.5 s).
  defender   the counting trainer's defend reply time, CPython and browser (target <= 300 ms).
  computer   the computer opponent's reply time (bestmove) per level, CPython and browser
             (target: every reply <= 1 s in the browser); computer.computer_figures(bench, game,
             openings) measures any game the same way (makhos uses it).
  proofs     puzzle proof time per kind (no cache).
  collection the puzzle collection's check time: empty cache in 1 process and in one per core
             (target >= 1.7x faster), cache filled (target < 1 s), and the whole build, cache
             filled; the same for a generated collection of 2,000 (copies of the project's
             puzzles, in a temp folder).
  makhos     Mak-hot perft beside chess (CPython, Pyodide), the win proof per puzzle and the
             computer's reply per level (CPython and browser).
  dummy      Dummy's settle time in CPython on every puzzle table (target: slowest <= 50 ms).
  dummybot   Dummy's computer players: level 3 against level 1 over 200 seeded hands (level 3's net
             per hand), and one action's time in CPython and in Pyodide under Node (target <= 200 ms).
  komayo     Komayo perft (drops included) beside chess in CPython and Pyodide, tsume proof time
             by length (target: 5-ply median <= 2 s), computer reply per level (browser <= 1 s).

  search     the build's Pagefind step on the built site: time, pages indexed, bundle size.
  bounds     every search op of every board game (perft, mate, defend, bestmove) with the largest
             budget the door accepts, from the start at the deepest depth it takes, in CPython and
             inside Pyodide under Node: each stops on the door's clock (target: <= 10 s).

Adding figures: write a module here with a function `def section_x(bench: Bench) ->
Iterable[Figure | str]` (yield Figure lines; a str is printed as a note) and add
`Section("name", "title", section_x)` to SECTIONS below. `bench.timeit(fn)` times a call
best-of-N, `bench.site_url()` builds and serves the site once, `bench.root` is the project
folder, `bench.results` holds earlier figures by key. No page module imports this package.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from dataclasses import asdict
from pathlib import Path

from .bounds import section_bounds
from .bytes import section_bytes
from .collection import section_collection
from .computer import section_computer
from .core import Bench, Figure, Section
from .defender import section_defender
from .dummy import section_dummy
from .dummy_bot import section_dummy_bot
from .firstmove import section_firstmove, section_phone
from .firstvisit import section_firstvisit
from .komayo import section_komayo
from .makhos import section_makhos
from .perft import section_perft
from .proofs import section_proofs
from .search import section_search
from .pyodide import section_pyodide
from .ready import section_ready

SECTIONS: list[Section] = [
    Section("perft", "Engine speed: perft in CPython, python-chess as the reference", section_perft),
    Section("pyodide", "Engine speed inside Pyodide (WebAssembly) under Node", section_pyodide),
    Section("ready", "Engine-ready time in headless Chromium", section_ready),
    Section("bytes", "Bytes a visitor downloads", section_bytes),
    Section("firstvisit", "Bytes of a first visit to a lesson the reader only reads (service worker included)",
            section_firstvisit),
    Section("firstmove", "First move accepted on a cold visit (puzzle without Pyodide, lesson before it)",
            section_firstmove),
    Section("phone", "A cheap phone, cold (9 Mbps, 150 ms, CPU 4x slower): a lesson's second move, the sandbox's"
            " first computer reply", section_phone),
    Section("defender", "Counting trainer: the engine's defence of a bare Khun (defend op), CPython and browser",
            section_defender),
    Section("computer", "The computer opponent: bestmove reply time per level, CPython and browser",
            section_computer),
    Section("proofs", "Puzzles: proof time per puzzle kind (no cache)", section_proofs),
    Section("collection", "Puzzle collection: phase-1 check time, empty cache (1 process, one per core) and cached, "
            "the project's and a generated 2,000", section_collection),
    Section("makhos", "Mak-hot: perft beside chess (CPython, Pyodide), win proof per puzzle, computer reply per level",
            section_makhos),
    Section("dummy", "Dummy Knock: the settle op's time on every puzzle table (CPython)", section_dummy),
    Section("dummybot", "Dummy Knock: computer players, level 3 against level 1, and time per action",
            section_dummy_bot),
    Section("komayo", "Komayo: perft beside chess (CPython, Pyodide), tsume proof per length, computer reply per level",
            section_komayo),
    Section("search", "Search: the build's Pagefind step (time, pages, bundle size)", section_search),
    Section("bounds", "Every search op with the largest budget the door accepts: it ends on time (CPython, Pyodide)",
            section_bounds),
]


def _line(f: Figure) -> str:
    line = f"  {f.label:<58} {f.text:>18}"
    if f.target:
        line += f"   target {f.target}: " + ("ok" if f.ok else "MISSED" if f.ok is not None else "?")
    if f.detail:
        line += f"\n  {'':<58}   {f.detail}"
    return line


def run(argv: list[str] | None = None, root: Path | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m site_builder bench", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return run_args(parser.parse_args(argv), root or Path.cwd())


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--only", help="comma-separated sections to run (see --list)")
    parser.add_argument("--skip", help="comma-separated sections to leave out")
    parser.add_argument("--list", action="store_true", help="list the sections and exit")
    parser.add_argument("--depth", type=int, default=4, help="perft depth (default 4)")
    parser.add_argument("--repeat", type=int, default=3, help="perft runs, the best counts (default 3)")
    parser.add_argument("--runs", type=int, default=3, help="browser loads per figure, median shown (default 3)")
    parser.add_argument("--site", type=Path, help="measure this built site instead of building one")
    parser.add_argument("--page", help="lesson URL path to load (default: the first Thai lesson with a live board)")
    parser.add_argument("--json", type=Path, help="also write every figure to this JSON file")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")


def run_args(args: argparse.Namespace, root: Path) -> int:
    sections = SECTIONS
    if args.list:
        for s in sections:
            print(f"{s.name:<10} {s.title}")
        return 0
    names = [s.name for s in sections]
    only = set(filter(None, (args.only or "").split(","))) or set(names)
    skip = set(filter(None, (args.skip or "").split(",")))
    unknown = (only | skip) - set(names)
    if unknown:
        print(f"unknown section(s): {', '.join(sorted(unknown))}; known: {', '.join(names)}", file=sys.stderr)
        return 2
    bench = Bench(root, depth=args.depth, repeat=args.repeat, runs=args.runs, site=args.site, page=args.page)
    print(f"Kradan benchmark: {platform.system()} {platform.machine()}, {os.cpu_count()} CPUs,"
          f" Python {platform.python_version()}", flush=True)
    failed = False
    try:
        for section in sections:
            if section.name not in only or section.name in skip:
                continue
            print(f"\n{section.title}", flush=True)
            try:
                for item in section.run(bench):
                    print(_line(item) if isinstance(item, Figure) else f"  ({item})", flush=True)
            except Exception as exc:  # noqa: BLE001 - one broken section must not hide the others
                failed = True
                print(f"  FAILED: {type(exc).__name__}: {exc}", flush=True)
    finally:
        bench.close()
    missed = [f for f in bench.figures if f.ok is False]
    print(f"\n{len(bench.figures)} figures, {len(missed)} target(s) missed"
          + (": " + ", ".join(f.key for f in missed) if missed else ""))
    if args.json:
        args.json.write_text(json.dumps([asdict(f) for f in bench.figures], indent=2, ensure_ascii=False) + "\n",
                             encoding="utf-8")
    return 1 if failed or (args.strict and missed) else 0

