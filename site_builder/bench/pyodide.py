"""pyodide: the same Makruk perft inside Pyodide (WebAssembly) under Node, with the engine wheel
the site ships (tests/pyodide/bench_perft.mjs)."""
from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterable

from ..assets import engine_wheel
from .core import Bench, Figure, rate, secs, skipped


def section_pyodide(bench: Bench) -> Iterable[Figure | str]:
    label = f"makruk perft {bench.depth} (Pyodide, Node)"
    script = bench.root / "tests" / "pyodide" / "bench_perft.mjs"
    node = shutil.which("node")
    if node is None or not script.is_file():
        yield bench.add(skipped("perft.makruk.pyodide.nps", label, "needs node (Node.js 18.14+) and " + str(script)))
        return
    if not (bench.root / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        yield bench.add(skipped("perft.makruk.pyodide.nps", label, "node_modules/pyodide is missing: run `npm ci`"))
        return
    cmd = [node, str(script), "--depth", str(bench.depth), "--repeat", str(bench.repeat)]
    source = "engine from the source tree"
    try:
        cmd += ["--wheel", str(engine_wheel(bench.root))]
        source = "the engine wheel the site ships"
    except Exception as exc:  # noqa: BLE001 - fall back to the source tree
        yield f"could not build the engine wheel ({exc}); using the source tree"
    proc = subprocess.run(cmd, cwd=bench.root, capture_output=True, text=True, timeout=900)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        yield bench.add(skipped("perft.makruk.pyodide.nps", label, f"bench_perft.mjs failed: {proc.stderr.strip()[-500:]}"))
        return
    r = json.loads(lines[-1])
    nps = r["nodes_per_second"]
    label = f"makruk perft {r['depth']} (Pyodide {r['pyodide']}, Python {r['python']}, Node {_node_version(node)})"
    yield bench.add(Figure("perft.makruk.pyodide.nps", label, nps, rate(nps),
                           f"{r['nodes']:,} nodes in {secs(r['best_seconds'])}; {source}"))
    cpy = bench.results.get("perft.makruk.cpython.nps")
    if cpy:
        yield f"Pyodide runs the engine at {nps / cpy:.0%} of CPython's speed"


def _node_version(node: str) -> str:
    try:
        return subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "?"
