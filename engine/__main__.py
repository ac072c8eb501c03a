"""Command line: ``python -m engine '{json}'`` (or JSON on stdin),
``python -m engine lines`` (one request a line on stdin, one reply a line on stdout, until stdin
ends: one process for many requests) and ``python -m engine perft GAME DEPTH [--position TEXT]``."""

from __future__ import annotations

import argparse
import json
import sys
import time

from . import errors
from .api import call, parse_request
from .core.budget import MAX_NODES, without_time_limit
from .errors import EngineError


def _perft(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine perft", description="Count leaf nodes of the move tree.")
    parser.add_argument("game")
    parser.add_argument("depth", type=int)
    parser.add_argument("--position", default=None)
    parser.add_argument("--divide", action="store_true", help="print every depth from 1 up with nodes/s")
    args = parser.parse_args(argv)
    depths = range(1, args.depth + 1) if args.divide else [args.depth]
    for depth in depths:
        request = {"op": "perft", "game": args.game, "depth": depth, "budget": MAX_NODES}
        if args.position is not None:
            request["position"] = args.position
        started = time.perf_counter()
        with without_time_limit():
            reply = call(request)
        elapsed = time.perf_counter() - started
        if not reply["ok"]:
            print(json.dumps(reply, ensure_ascii=False), file=sys.stderr)
            return 2
        rate = f"  {reply['nodes'] / elapsed:,.0f} nodes/s" if args.divide and elapsed > 0 else ""
        print(f"{depth} {reply['nodes']}{rate}" if args.divide else reply["nodes"])
    return 0


def _emit(reply: dict) -> None:
    """Write the reply as one line of UTF-8 JSON (JSON's encoding, whatever the locale); as
    ASCII JSON when the reply echoes a lone surrogate of the request, which UTF-8 cannot carry."""
    try:
        data = json.dumps(reply, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        data = json.dumps(reply).encode("ascii")
    sys.stdout.flush()
    sys.stdout.buffer.write(data + b"\n")
    sys.stdout.buffer.flush()


def _answer(data: bytes | str) -> int:
    """Answer one request (stdin's bytes, or an argument's text); returns its status (0 ok, 2
    engine error, 1 unreadable request)."""
    try:
        request = parse_request(data if isinstance(data, str) else data.decode("utf-8"))
    except UnicodeDecodeError as exc:  # input that is not UTF-8
        _emit({"ok": False, "error": {
            "code": errors.BAD_REQUEST, "message": f"the request is not UTF-8 text: {exc.reason} at byte {exc.start}",
            "message_th": f"คำขอไม่ใช่ข้อความ UTF-8: {exc.reason} ที่ไบต์ {exc.start}"}})
        return 1
    except EngineError as error:  # not JSON, or nested too deeply
        _emit({"ok": False, "error": error.to_dict()})
        return 1
    reply = call(request)
    _emit(reply)
    return 0 if reply["ok"] else 2


def _lines() -> int:
    """Answer every line of stdin (blank lines skipped) in order; 0 once stdin ends."""
    for line in sys.stdin.buffer:
        if line.strip():
            _answer(line)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit status (0 ok, 2 engine error, 1 unreadable request)."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "perft":
        return _perft(argv[1:])
    if argv == ["lines"]:
        return _lines()
    return _answer(argv[0] if argv else sys.stdin.buffer.read())


if __name__ == "__main__":
    sys.exit(main())
