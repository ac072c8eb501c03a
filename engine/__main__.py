"""Command line: ``python -m engine '{json}'`` (or JSON on stdin) and
``python -m engine perft GAME DEPTH [--position TEXT]``."""

from __future__ import annotations

import argparse
import json
import sys
import time

from .api import call


def _perft(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine perft", description="Count leaf nodes of the move tree.")
    parser.add_argument("game")
    parser.add_argument("depth", type=int)
    parser.add_argument("--position", default=None)
    parser.add_argument("--divide", action="store_true", help="print every depth from 1 up with nodes/s")
    args = parser.parse_args(argv)
    depths = range(1, args.depth + 1) if args.divide else [args.depth]
    for depth in depths:
        request = {"op": "perft", "game": args.game, "depth": depth}
        if args.position is not None:
            request["position"] = args.position
        started = time.perf_counter()
        reply = call(request)
        elapsed = time.perf_counter() - started
        if not reply["ok"]:
            print(json.dumps(reply, ensure_ascii=False), file=sys.stderr)
            return 2
        rate = f"  {reply['nodes'] / elapsed:,.0f} nodes/s" if args.divide and elapsed > 0 else ""
        print(f"{depth} {reply['nodes']}{rate}" if args.divide else reply["nodes"])
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit status (0 ok, 2 engine error, 1 unreadable JSON)."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "perft":
        return _perft(argv[1:])
    text = argv[0] if argv else sys.stdin.read()
    try:
        request = json.loads(text)
    except json.JSONDecodeError as exc:
        print(json.dumps({"ok": False, "error": {
            "code": "BAD_REQUEST", "message": f"the request is not valid JSON: {exc}",
            "message_th": f"คำขอไม่ใช่ JSON ที่ถูกต้อง: {exc}"}}, ensure_ascii=False))
        return 1
    reply = call(request)
    print(json.dumps(reply, ensure_ascii=False))
    return 0 if reply["ok"] else 2


if __name__ == "__main__":
    sys.exit(main())
