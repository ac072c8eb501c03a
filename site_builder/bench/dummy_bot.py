"""dummybot: Dummy's computer players. Level 3 against level 1 over seeded hands (two seats
each, swapped every other hand; the figure is level 3's summed settlement net per hand, in
money at the sian stake), and the time of one action (the bot's choice from a VIEW) in CPython
and inside Pyodide under Node (tests/pyodide/bench_dummy_bot.mjs), beside the 200 ms target.
Everything goes through the engine's door, as the practice page does: ``deal`` by seed, then per
action ``bestmove`` (timed: the bot's choice and the door's check of it) and ``play``; the last
``play`` reply carries the settlement."""
from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import time
from collections.abc import Iterable

from engine.api import call

from .core import Bench, Figure, skipped

HANDS = 200
TIMED_HANDS = 20
PYODIDE_HANDS = 10
TARGET_MS = 200.0
SEATS = ("P1", "P2", "P3", "P4")
MAX_ACTIONS = 2000


def _door(request: dict) -> dict:
    reply = call({"game": "dummy", **request})
    if not reply.get("ok"):
        raise RuntimeError(reply["error"]["message"])
    return reply


def _timed(request: dict) -> tuple[float, dict]:
    start = time.perf_counter()
    reply = _door(request)
    return time.perf_counter() - start, reply


def hand(seed: int, levels: dict[str, int], repeat: int = 1) -> tuple[dict | None, list[float]]:
    """One seeded hand played by the computer at ``levels``: (the settlement's nets, or None when the
    door refuses to settle it or a tie waits for the next head; each action's time in seconds, the
    best of ``repeat`` calls, as bench.timeit counts)."""
    state = _door({"op": "deal", "seed": seed})["state"]
    times = []
    for _ in range(MAX_ACTIONS):
        seat = state["turn"]
        request = {"op": "bestmove", "position": state, "seat": seat, "level": levels[seat]}
        best, reply = min((_timed(request) for _ in range(repeat)), key=lambda entry: entry[0])
        times.append(best)
        move = reply["move"]
        reply = call({"game": "dummy", "op": "play", "position": state, "moves": [move], "seat": seat})
        if not reply.get("ok"):
            return None, times   # the door could not settle the ended hand (reported as refused)
        if reply["status"]["result"] == "ended":
            return (reply["settlement"] or {}).get("net"), times
        state = reply["position"]
    raise RuntimeError(f"hand {seed} did not end within {MAX_ACTIONS} actions")


def match(seeds: range, strong: int, weak: int, timed: int) -> list[dict]:
    """``strong`` on two opposite seats and ``weak`` on the other two, swapped every other hand;
    the first ``timed`` hands time each action best of 3."""
    hands = []
    for seed in seeds:
        levels = {seat: strong if (i + seed) % 2 == 0 else weak for i, seat in enumerate(SEATS)}
        nets, times = hand(seed, levels, 3 if seed - seeds.start < timed else 1)
        strong_net = None if nets is None else sum(nets[seat] for seat in SEATS if levels[seat] == strong)
        hands.append({"seed": seed, "strong_net": strong_net, "times": times})
    return hands


def _match(bench: Bench) -> Iterable[Figure | str]:
    hands = match(range(HANDS), strong=3, weak=1, timed=TIMED_HANDS)
    unsettled = [entry["seed"] for entry in hands if entry["strong_net"] is None]
    if unsettled:
        yield f"{len(unsettled)} hand(s) left out, not settled by the door (seeds {', '.join(map(str, unsettled))})"
    nets = [entry["strong_net"] for entry in hands if entry["strong_net"] is not None]
    won = sum(1 for net in nets if net > 0)
    lost = sum(1 for net in nets if net < 0)
    mean = statistics.fmean(nets)
    yield bench.add(Figure("dummy.bot.l3_vs_l1.net_per_hand", f"level 3 vs level 1, {len(nets)} seeded hands (net per hand)",
                           mean, f"{mean:+.0f}", f"level 3's two seats: total {sum(nets):+d}; ahead in {won} hands, "
                                                 f"behind in {lost}, even in {len(nets) - won - lost}",
                           "> 0", mean > 0))
    times = [t * 1000 for entry in hands[:TIMED_HANDS] for t in entry["times"]]
    if times:
        yield _time_figure(bench, "dummy.bot.cpython.max_ms", "one bestmove at the door (CPython, best of 3), slowest", times)


def _time_figure(bench: Bench, key: str, label: str, times: list[float]) -> Figure:
    slowest = max(times)
    return bench.add(Figure(key, label, slowest, f"{slowest:.1f} ms",
                            f"{len(times)} actions, median {statistics.median(times):.1f} ms",
                            f"<= {TARGET_MS:.0f} ms", slowest <= TARGET_MS))


def _pyodide(bench: Bench) -> Iterable[Figure | str]:
    key, label = "dummy.bot.pyodide.max_ms", "one bestmove at the door (Pyodide, best of 3), slowest"
    script = bench.root / "tests" / "pyodide" / "bench_dummy_bot.mjs"
    node = shutil.which("node")
    if node is None or not (bench.root / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        yield bench.add(skipped(key, label, "needs node and node_modules/pyodide (npm ci)"))
        return
    proc = subprocess.run([node, str(script), "--hands", str(PYODIDE_HANDS)], cwd=bench.root, capture_output=True, text=True,
                          timeout=900)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    if proc.returncode != 0 or not lines:
        yield bench.add(skipped(key, label, f"bench_dummy_bot.mjs failed: {proc.stderr.strip()[-500:]}"))
        return
    measured = json.loads(lines[-1])
    yield _time_figure(bench, key, label, measured["ms"])
    yield _time_figure(bench, "dummy.bot.pyodide.bot_max_ms", "the bot alone on the VIEW (Pyodide, best of 3), slowest",
                       measured["bot_ms"])


def section_dummy_bot(bench: Bench) -> Iterable[Figure | str]:
    yield from _match(bench)
    yield from _pyodide(bench)
