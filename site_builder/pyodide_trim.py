"""The Pyodide the site ships: Pyodide's npm files, cut to what the engine needs.

Pyodide's ``python_stdlib.zip`` holds the whole standard library (2.5 MB); the engine and
Pyodide's own start-up need less than a third of it (0.8 MB, nearly all of it Pyodide's start-up). :func:`shipped_pyodide` makes, once per set of
inputs, a folder in the cache with

    pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm   unchanged
    python_stdlib.zip    only the members a traced run loaded (pyodide_trace.mjs, below)
    pyodide-lock.json    with no packages (the worker loads none: it unpacks the engine wheel)

and names it ``v<version>-<hash12 of those five files>``: the site serves it under that name
with ``immutable`` caching, so a change to any shipped byte is a new URL. Beside them the site
ships ``snapshot-<wheel's hash12>.bin.gz`` (:func:`snapshot_name`), a memory snapshot of Pyodide
started from exactly these files with that wheel's engine imported (pyodide_snapshot.mjs; cached
in ``pyodide-snapshot/`` by the five files, the wheel and the script): the worker restores it only
for that wheel.

The trace (node site_builder/pyodide_trace.mjs) starts Pyodide as the worker does, unpacks the
engine wheel, imports every engine module and every module the engine's source names, runs every
op of every game (good and bad requests) and records the zip members of every module loaded.
It is cached by the hash of its inputs (Pyodide's files, the wheel, pyodide_trace.mjs,
pyodide_exercise.py, this file),
so a build with unchanged inputs runs no Node at all.
"""
from __future__ import annotations

import ast
import fcntl
import hashlib
import io
import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from site_builder.errors import BuildFailed, BuildProblem

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
STDLIB_ZIP = "python_stdlib.zip"
LOCK_FILE = "pyodide-lock.json"
HERE = Path(__file__).resolve().parent
TRACE_SCRIPT = HERE / "pyodide_trace.mjs"
EXERCISE_SCRIPT = HERE / "pyodide_exercise.py"
SNAPSHOT_SCRIPT = HERE / "pyodide_snapshot.mjs"
# Kept whatever the trace says: the codecs a str/bytes conversion may look up by name.
ALWAYS_KEPT = ("encodings/__init__.py", "encodings/aliases.py", "encodings/ascii.py",
               "encodings/latin_1.py", "encodings/utf_8.py")
# The engine's command-line entry point never runs in the browser.
NOT_SHIPPED_MODULES = ("engine.__main__",)
NODE_FIX = "check that Node.js 18+ is installed and run `npm ci`"


@dataclass(frozen=True)
class ShippedPyodide:
    folder: Path  # the five files, ready to copy into the site
    name: str  # "v314.0.7-<hash12>": the folder's name under /pyodide/
    snapshot: Path  # the memory snapshot with the wheel's engine imported; ships as snapshot_name(wheel_id(wheel))


def snapshot_name(wheel_hash12: str) -> str:
    """The snapshot's file name in the Pyodide folder: it holds the engine of the wheel whose
    sha256 starts with ``wheel_hash12`` (the wheel's folder name, site_builder/assets.py)."""
    return f"snapshot-{wheel_hash12}.bin.gz"


def wheel_id(wheel: Path) -> str:
    """The first 12 hex digits of the wheel's sha256: its folder in the site, its snapshot's name."""
    return hashlib.sha256(Path(wheel).read_bytes()).hexdigest()[:12]


def shipped_pyodide(pyodide_src: Path, version: str, wheel: Path, engine_dir: Path, cache: Path) -> ShippedPyodide:
    """The trimmed Pyodide for ``wheel``'s engine, from the cache or made now (Node runs on a miss)."""
    members = traced_members(pyodide_src, wheel, engine_dir, cache)
    made = {STDLIB_ZIP: trimmed_zip(pyodide_src / STDLIB_ZIP, members),
            LOCK_FILE: trimmed_lock((pyodide_src / LOCK_FILE).read_bytes())}
    contents = {name: made.get(name) or (pyodide_src / name).read_bytes() for name in PYODIDE_FILES}
    name = f"v{version}-{files_hash(contents)[:12]}"
    folder = cache / "pyodide" / name
    if not all((folder / file).is_file() for file in PYODIDE_FILES):
        partial = folder.with_name(f".{name}.{os.getpid()}.part")
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir(parents=True)
        for file, data in contents.items():
            (partial / file).write_bytes(data)
        shutil.rmtree(folder, ignore_errors=True)
        os.replace(partial, folder)
    return ShippedPyodide(folder, name, _snapshot(folder, name, wheel, cache))


def _snapshot(folder: Path, name: str, wheel: Path, cache: Path) -> Path:
    """The memory snapshot of ``folder``'s Pyodide with ``wheel``'s engine imported, cached by the
    Pyodide files, the wheel and the script that makes it."""
    script = hashlib.sha256(SNAPSHOT_SCRIPT.read_bytes()).hexdigest()[:8]
    snapshot = cache / "pyodide-snapshot" / f"{name}-{wheel_id(wheel)}-{script}.bin.gz"
    with made_once(snapshot) as missing:
        if missing:
            partial = snapshot.with_name(f".{snapshot.name}.{os.getpid()}.part")
            _node(SNAPSHOT_SCRIPT, folder, wheel, partial)
            os.replace(partial, snapshot)
    return snapshot


@contextmanager
def made_once(path: Path) -> Iterator[bool]:
    """``with made_once(path) as missing:`` make ``path`` when ``missing``. Builds that need the
    same file at the same time (``.ci/test``'s build beside the tests) take turns, so the second
    finds it made instead of running Node again."""
    if path.is_file():
        yield False
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_name(f".{path.name}.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        yield not path.is_file()


def _trace(pyodide_src: Path, wheel: Path, modules: dict[str, list[str]], cached: Path) -> None:
    """Run the trace (Node) and store what it found in ``cached``."""
    with tempfile.TemporaryDirectory(prefix="kradan-trace-") as tmp:
        request, result = Path(tmp) / "modules.json", Path(tmp) / "trace.json"
        request.write_text(json.dumps(modules), encoding="utf-8")
        _node(TRACE_SCRIPT, pyodide_src, wheel, request, result)
        partial = cached.with_name(f".{cached.name}.{os.getpid()}.part")
        shutil.copyfile(result, partial)
        os.replace(partial, cached)


def files_hash(contents: dict[str, bytes]) -> str:
    """sha256 over the shipped Pyodide files (name + bytes)."""
    h = hashlib.sha256()
    for name in PYODIDE_FILES:
        h.update(name.encode() + b"\0" + hashlib.sha256(contents[name]).digest())
    return h.hexdigest()


def traced_members(pyodide_src: Path, wheel: Path, engine_dir: Path, cache: Path) -> list[str]:
    """The members of python_stdlib.zip the engine's traced run loaded, plus :data:`ALWAYS_KEPT`."""
    modules = engine_modules(engine_dir)
    h = hashlib.sha256(json.dumps(modules, sort_keys=True).encode())
    for path in (*(pyodide_src / n for n in PYODIDE_FILES), wheel, TRACE_SCRIPT, EXERCISE_SCRIPT, Path(__file__)):
        h.update(hashlib.sha256(path.read_bytes()).digest())
    cached = cache / "pyodide-trace" / f"{h.hexdigest()[:32]}.json"
    with made_once(cached) as missing:
        if missing:
            _trace(pyodide_src, wheel, modules, cached)
    members = json.loads(cached.read_text(encoding="utf-8"))["members"]
    return sorted(set(members) | set(ALWAYS_KEPT))


def engine_modules(engine_dir: Path) -> dict[str, list[str]]:
    """{"engine": every module of the engine package, "imported": every other module its source
    imports (absolute imports, in functions too)} — the trace imports them all."""
    engine_dir = Path(engine_dir)
    files = tuple((path, path.stat().st_mtime_ns, path.stat().st_size) for path in sorted(engine_dir.rglob("*.py"))
                  if "__pycache__" not in path.parts)
    found = _engine_modules(engine_dir, files)
    return {key: list(names) for key, names in found.items()}


@lru_cache(maxsize=4)  # serve builds again and again: the sources are parsed again only when one changed
def _engine_modules(engine_dir: Path, files: tuple[tuple[Path, int, int], ...]) -> dict[str, list[str]]:
    own, imported = set(), set()
    for path, _, _ in files:
        parts = ("engine", *path.relative_to(engine_dir).with_suffix("").parts)
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if name in NOT_SHIPPED_MODULES:
            continue
        own.add(name)
        for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module)
    imported = {m for m in imported if m.split(".")[0] != "engine"}
    return {"engine": sorted(own), "imported": sorted(imported)}


def trimmed_zip(source: Path, members: list[str]) -> bytes:
    """The zip ``source`` with only ``members`` (and their folders' entries), in the same order
    with the same names and timestamps, so the same inputs give the same bytes."""
    stat = Path(source).stat()
    return _trimmed_zip(Path(source), stat.st_mtime_ns, stat.st_size, tuple(sorted(members)))


@lru_cache(maxsize=4)  # serve builds again and again from the same zip: compressed once per process
def _trimmed_zip(source: Path, mtime_ns: int, size: int, members: tuple[str, ...]) -> bytes:
    keep = set(members)
    folders = {name[: i + 1] for name in members for i, ch in enumerate(name) if ch == "/"}
    buffer = io.BytesIO()
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(buffer, "w") as out:
        missing = keep - set(src.namelist())
        if missing:
            raise BuildFailed([BuildProblem(str(source), 0, "the traced modules are not in Pyodide's standard "
                                            f"library zip: {', '.join(sorted(missing))}", NODE_FIX)])
        for info in src.infolist():
            if info.filename in keep or info.filename in folders:
                out.writestr(info, src.read(info), compress_type=info.compress_type, compresslevel=9)
    return buffer.getvalue()


def trimmed_lock(lock: bytes) -> bytes:
    """Pyodide's lock file without its packages: the site loads none (the engine wheel is unpacked)."""
    data = json.loads(lock)
    return json.dumps({**data, "packages": {}}, sort_keys=True, separators=(",", ":")).encode()


def _node(script: Path, *args: Path) -> None:
    run = subprocess.run(["node", str(script), *map(str, args)], capture_output=True, text=True)
    if run.returncode != 0:
        raise BuildFailed([BuildProblem(f"site_builder/{script.name}", 0,
                                        f"Node could not run {script.name}: {run.stderr.strip()[-600:]}", NODE_FIX)])
