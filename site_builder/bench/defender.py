"""defender: the counting trainer's defence of a bare Khun (the engine's ``defend`` op), timed in
CPython and through the page's own engine client in headless Chromium (target: <= 300 ms median
at the page's horizons, in CPython)."""
from __future__ import annotations

import statistics
import time
from collections.abc import Iterable

from engine.api import call

from ..games.makruk.trainer import DEFENDER_HORIZON, GAME, LIGHT_HORIZON, MATERIALS, SLUG, Lcg, generate, horizon_for
from .chromium import BROWSER_TIMER, browser_page
from .core import Bench, Figure

TARGET_MEDIAN_MS = 300


def _later_moves(fen: str, pairs: int, horizon: int, rng: Lcg) -> list[str]:
    """Up to ``pairs`` (defence, attacker move) pairs from ``fen``, the attacker's moves drawn by ``rng``,
    stopping before the game ends: the positions a trainer reader actually meets mid-game."""
    moves: list[str] = []
    for _ in range(pairs):
        defence = call({"op": "defend", "game": GAME, "position": fen, "moves": moves, "horizon": horizon})
        reply = call({"op": "play", "game": GAME, "position": fen, "moves": moves + [defence["move"]]})
        if not reply["ok"] or reply["status"]["result"] != "ongoing":
            break
        legal = reply["legal_moves"]
        attack = legal[rng.below(len(legal))]
        after = call({"op": "play", "game": GAME, "position": fen, "moves": moves + [defence["move"], attack]})
        if after["status"]["result"] != "ongoing":
            break
        moves += [defence["move"], attack]
    return moves


def defender_samples(samples: int = 50, horizon: int | None = None, seed: int = 1) -> list[dict]:
    """The ``defend`` requests the benchmark times, as the trainer page sends them.

    Sample i is the generated start position of material i mod 10 (seed + i) followed by
    i mod 6 (defence, random attacker move) pairs, the defender to move; ``horizon`` None =
    each material's own (horizon_for), as the page does.
    """
    requests = []
    for i in range(samples):
        material = MATERIALS[i % len(MATERIALS)]
        depth = horizon or horizon_for(material.pieces)
        fen = generate(material.id, seed + i)
        moves = _later_moves(fen, i % 6, depth, Lcg(seed + i + 0x51ED))
        requests.append({"op": "defend", "game": GAME, "position": fen, "moves": moves, "horizon": depth})
    return requests


def _summary(horizon, requests: list[dict], millis: list[float]) -> dict:
    slowest = requests[max(range(len(millis)), key=millis.__getitem__)]
    position = call({**slowest, "op": "play"})["position"]
    return {"horizon": horizon or "per material", "samples": len(millis),
            "median_ms": round(statistics.median(millis), 1), "max_ms": round(max(millis), 1),
            "mean_ms": round(statistics.fmean(millis), 1), "slowest": position}


def time_defender(samples: int = 50, horizon: int | None = None, seed: int = 1) -> dict:
    """Time the ``defend`` op in CPython on :func:`defender_samples`.

    Returns ``{"horizon", "samples", "median_ms", "max_ms", "mean_ms", "slowest"}`` where
    ``slowest`` is the FEN of the slowest sample.
    """
    requests = defender_samples(samples, horizon, seed)
    millis = []
    for request in requests:
        begin = time.perf_counter()
        reply = call(request)
        millis.append((time.perf_counter() - begin) * 1000)
        if not reply.get("ok"):
            raise RuntimeError(f"defend failed on {request}: {reply}")
    return _summary(horizon, requests, millis)


def section_defender(bench: Bench) -> Iterable[Figure | str]:
    for horizon in (None, LIGHT_HORIZON, DEFENDER_HORIZON):
        result = time_defender(50, horizon)
        label = (f"defend, horizon {horizon} for all" if horizon else "defend, the page's horizons (2 or 3)") + \
            ", 50 trainer positions, CPython"
        target = f"<= {TARGET_MEDIAN_MS} ms median" if horizon is None else None
        ok = result["median_ms"] <= TARGET_MEDIAN_MS if target else None
        yield bench.add(Figure(f"counting.defend.{'page' if horizon is None else f'h{horizon}'}.median_ms",
                               label, result["median_ms"],
                               f"{result['median_ms']:.0f} ms median", f"max {result['max_ms']:.0f} ms, "
                               f"mean {result['mean_ms']:.0f} ms; slowest {result['slowest']}", target=target, ok=ok))
    requests = defender_samples(20)
    with browser_page(bench, f"/th/{GAME}/{SLUG}/") as page:
        if page is None:
            return
        result = _summary(None, requests, page.evaluate(BROWSER_TIMER, requests))
    yield bench.add(Figure("counting.defend.browser.median_ms",
                           "defend, the page's horizons, 20 trainer positions, Pyodide in headless Chromium",
                           result["median_ms"], f"{result['median_ms']:.0f} ms median",
                           f"max {result['max_ms']:.0f} ms, mean {result['mean_ms']:.0f} ms"))
