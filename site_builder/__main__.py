"""CLI: python -m site_builder build|check|serve|bench|puzzles mine."""
from __future__ import annotations

import argparse
import sys
import traceback
from pathlib import Path

from . import bench
from .build import Rebuilder, build, check
from .errors import BuildFailed
from .puzzles import mine
from .serve import load_header_rules, make_server, restart_process, watch


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m site_builder", description="Build the Kradan site.")
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="project folder (default: current folder)")
    sub = parser.add_subparsers(dest="command", required=True)
    p_build = sub.add_parser("build", help="validate, render and swap the output in")
    p_build.add_argument("--out", type=Path, help="output folder (default: ROOT/_site)")
    sub.add_parser("check", help="validate everything, write nothing")
    p_serve = sub.add_parser("serve", help="build, serve the output like production, rebuild on change")
    p_serve.add_argument("--out", type=Path, help="output folder (default: ROOT/_site)")
    p_serve.add_argument("--host", default="127.0.0.1")
    p_serve.add_argument("--port", type=int, default=8000)
    p_serve.add_argument("--no-build", action="store_true",
                         help="serve the existing output as it is (no build, no rebuild on change)")
    p_bench = sub.add_parser("bench", help="measure engine speed, engine-ready time and page weight")
    bench.add_arguments(p_bench)
    p_puzzles = sub.add_parser("puzzles", help="puzzle tools (mine: find candidate puzzles with the engine)")
    mine.add_arguments(p_puzzles.add_subparsers(dest="puzzles_command", required=True)
                       .add_parser("mine", help="write candidate puzzle files found by engine self-play"))
    args = parser.parse_args(argv)

    root = args.root.resolve()
    if args.command == "bench":
        return bench.run_args(args, root)
    if args.command == "puzzles":
        return mine.run_args(args, root)
    out = (getattr(args, "out", None) or root / "_site").resolve()
    try:
        if args.command == "check":
            site = check(root)
            print(f"ok: {len(site.pages)} pages checked, no problems")
            _puzzle_summary(site)
            return 0
        rebuilder = Rebuilder(root, out) if args.command == "serve" and not args.no_build else None
        if args.command == "build":
            site = build(root, out)
            print(f"built {len(site.pages)} pages into {out}")
            _puzzle_summary(site)
        elif rebuilder is not None:
            site, took = rebuilder.build()
            print(f"built {len(site.pages)} pages into {out} {took}")
            _puzzle_summary(site)
        if args.command == "serve":
            if not (out / "index.html").is_file():
                print(f"nothing to serve: {out} has no index.html (run without --no-build)", file=sys.stderr)
                return 1
            server = make_server(out, args.host, args.port, load_header_rules(root))
            if rebuilder is not None:
                watch(root, lambda: _rebuild(rebuilder), restart=restart_process)
            print(f"serving {out} on http://{args.host}:{server.server_address[1]}/ (Ctrl-C stops)", flush=True)
            try:
                server.serve_forever()
            except KeyboardInterrupt:
                pass
            finally:
                server.server_close()
    except BuildFailed as failed:
        print(failed.report(), file=sys.stderr)
        return 1
    return 0


def _puzzle_summary(site) -> None:
    """'puzzles: 45 puzzles checked (43 from the proof cache, 2 proven in 1.2 s; ...)'."""
    if site.puzzles.present:
        print(f"puzzles: {site.puzzles.summary()}")


def _rebuild(rebuilder: Rebuilder) -> None:
    """Rebuild after a change; on problems keep serving the last good output."""
    try:
        site, took = rebuilder.build()
        print(f"rebuilt {len(site.pages)} pages {took}", flush=True)
        _puzzle_summary(site)
    except BuildFailed as failed:
        print(failed.report(), file=sys.stderr)
    except Exception:  # keep serving the last good output whatever went wrong
        traceback.print_exc()


if __name__ == "__main__":
    sys.exit(main())
