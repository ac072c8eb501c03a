"""The engine's own tests, run INSIDE real Pyodide (npm `pyodide`, CPython 3.14 on
WebAssembly) under Node, against the very files the site ships: its wheel and its trimmed
Pyodide (site_builder/pyodide_trim.py). No network: the runner blocks fetch(), and Pyodide and
the wheels come from the built files and a local cache.

pytest needs standard-library modules the site's trimmed zip leaves out, so the test suite runs
with Pyodide's full zip, guarded: an import made while engine code runs must find its module in
the shipped zip (run_in_pyodide.mjs --guard-stdlib). The smoke tests run every op of every game
with exactly the shipped files and nothing else.

The whole engine suite runs in SHARDS Node processes at once (one core each), each given whole
test files (some tests read what an earlier test of their module found), together every test file
of tests/engine once, balanced by each file's measured time inside Pyodide (SECONDS)."""
from __future__ import annotations

import json
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.pyodide, pytest.mark.slow]

# pytest's closing line, with or without the ===== borders (-q drops them):
# "102 passed, 1 skipped in 1.90s"
SUMMARY = re.compile(r"^(?:=+ )?(\d+ \w+(?:, \d+ \w+)*) in [\d.]+s\b.*$", re.M)


def _counts(summary: str) -> dict[str, int]:
    return {word: int(n) for n, word in re.findall(r"(\d+) (\w+)", summary)}


GUARD = re.compile(r"^\[guard\] engine imports missing from the shipped stdlib zip: (.*)$", re.M)
ENGINE_TESTS = ROOT / "tests" / "engine"
SHARDS = 2

#: CPU seconds of each engine test file inside Pyodide, what the shards are balanced by: one run
#: of every file in one Node process with --durations=0, summed per file and scaled to that
#: process's CPU time (test_search_options.py then cut for its 2 defence positions there). A
#: file not listed (most take well under a second) weighs UNLISTED_SECONDS; re-measure when one grows.
SECONDS = {
    "core/test_budgets.py": 0.5,
    "core/test_contract.py": 12.4,
    "core/test_search_time_caps.py": 2.8,
    "dummy/test_bot.py": 1.0,
    "dummy/test_dummy_bad_table.py": 2.8,
    "dummy/test_drill.py": 2.2,
    "dummy/test_dummy_properties.py": 1.2,
    "dummy/test_play_bruteforce.py": 1.5,
    "komayo/test_komayo_bot.py": 7.8,
    "komayo/test_komayo_properties.py": 1.1,
    "komayo/test_komayo_search.py": 9.2,
    "makhos/test_makhos_perft.py": 1.9,
    "makhos/test_makhos_properties.py": 1.4,
    "makruk/test_makruk_computer.py": 19.2,
    "makruk/test_properties.py": 13.7,
    "makruk/test_search_options.py": 26.0,
}
UNLISTED_SECONDS = 0.2


def engine_test_files() -> list[str]:
    """Every test file of the engine suite (pytest's default pattern), relative to the project."""
    return sorted(p.relative_to(ROOT).as_posix() for p in ENGINE_TESTS.rglob("test_*.py"))


def seconds_of(name: str) -> float:
    return SECONDS.get(name.removeprefix("tests/engine/"), UNLISTED_SECONDS)


def shards_of(files: list[str], n: int) -> list[list[str]]:
    """`files` in n shards of about the same measured time (SECONDS; the longest file first, each
    to the shard with the least so far), whole files only, each shard in file order."""
    shards: list[list[str]] = [[] for _ in range(n)]
    loads = [0.0] * n
    for name in sorted(files, key=lambda name: (-seconds_of(name), name)):
        lightest = loads.index(min(loads))
        shards[lightest].append(name)
        loads[lightest] += seconds_of(name)
    return [sorted(shard) for shard in shards]


def test_the_shards_hold_every_engine_test_file_once():
    files = engine_test_files()
    shards = shards_of(files, SHARDS)
    assert len(files) > 20 and all(shards)
    assert sorted(name for shard in shards for name in shard) == files
    loads = [sum(map(seconds_of, shard)) for shard in shards]
    assert max(loads) <= 1.25 * min(loads), loads  # balanced by time, so neither Node process waits long


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """(the shipped Pyodide folder, the shipped engine wheel), as write_assets puts them in a site."""
    from site_builder.assets import write_assets

    out = tmp_path_factory.mktemp("site")
    urls = write_assets(out, ROOT)
    return out / urls.pyodide_base.strip("/"), out / urls.wheel_url.lstrip("/")


def _smoke(proc) -> dict:
    assert proc.returncode == 0, proc.stdout + proc.stderr
    line = next(l for l in proc.stdout.splitlines() if l.startswith("[smoke] "))
    return json.loads(line.removeprefix("[smoke] "))


def _every_game_answered(smoke: dict, engine_dir: str = "/lib/python3.14/site-packages/engine/") -> None:
    from engine.registry import GAMES

    assert smoke["engine"].startswith(engine_dir), smoke
    assert set(smoke["games"]) == {"-", *GAMES}, smoke
    for gid, tally in smoke["games"].items():
        assert "INTERNAL" not in tally["errors"], (gid, tally)  # bad requests get errors, never a crash
    board_games = [gid for gid, spec in GAMES.items() if "perft" in spec.ops]
    assert board_games and all(smoke["games"][gid]["ok"] >= 10 for gid in board_games), smoke
    assert smoke["games"]["makruk"]["perft2"] == 529


def test_engine_tests_pass_inside_pyodide(run_in_pyodide, pyodide_wheels, site):
    pyodide_dir, wheel = site

    def run(files: list[str]):
        return run_in_pyodide(
            "--index", pyodide_dir,
            "--stdlib", ROOT / "node_modules" / "pyodide" / "python_stdlib.zip",
            "--guard-stdlib", pyodide_dir / "python_stdlib.zip",
            "--wheels", pyodide_wheels,
            "--engine-wheel", wheel,
            # pyffish and subprocesses do not exist there: those tests are deselected by marker.
            "--", *files, "-q", "-ra", "--color=no", "-m", "not pyffish and not native",
            # perft depth 4 takes tens of seconds under Pyodide; depths 1-3 prove the same code.
            env={"KRADAN_PERFT_MAX_DEPTH": "3"},
            timeout=900,
        )

    with ThreadPoolExecutor(SHARDS) as pool:
        procs = list(pool.map(run, shards_of(engine_test_files(), SHARDS)))
    deselected = 0
    for proc in procs:
        deselected += _check_engine_run(proc)
    assert deselected > 0, "the pyffish and native tests are deselected, not run"


def _check_engine_run(proc) -> int:
    """One shard's run passed whole, nothing skipped, the guard silent; returns its deselected count."""
    out = proc.stdout + proc.stderr
    tail = out[-6000:]
    assert "engine from /lib/python3.14/site-packages/engine/" in out, tail
    found = SUMMARY.findall(proc.stdout)
    assert found, f"no pytest summary line from inside Pyodide:\n{tail}"
    counts = _counts(found[-1])
    print(f"inside Pyodide: {found[-1]}")
    assert counts.get("passed", 0) > 0, tail
    assert counts.get("failed", 0) == 0 and counts.get("error", 0) == 0 and counts.get("errors", 0) == 0, tail
    assert counts.get("skipped", 0) == 0, f"nothing may skip inside Pyodide either:\n{tail}"
    assert GUARD.findall(proc.stdout) == ["[]"], tail
    assert proc.returncode == 0, tail
    return counts.get("deselected", 0)


def test_the_guard_catches_a_module_the_shipped_zip_lacks(tmp_path, run_in_pyodide, pyodide_wheels, site):
    """The same run with a shipped zip that lacks random.py (which the engine's computer imports, and
    which Pyodide's full zip has): the guard names it and the run fails."""
    import zipfile

    pyodide_dir, wheel = site
    lacking = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(pyodide_dir / "python_stdlib.zip") as src, zipfile.ZipFile(lacking, "w") as out:
        for info in src.infolist():
            if info.filename != "random.py":
                out.writestr(info, src.read(info))
    proc = run_in_pyodide(
        "--index", pyodide_dir,
        "--stdlib", ROOT / "node_modules" / "pyodide" / "python_stdlib.zip",
        "--guard-stdlib", lacking,
        "--wheels", pyodide_wheels,
        "--engine-wheel", wheel,
        "--", "tests/engine", "-q", "--co", "--color=no",
        timeout=300,
    )
    assert GUARD.findall(proc.stdout) == ['["random.py"]'], proc.stdout[-3000:] + proc.stderr[-3000:]
    assert proc.returncode == 3


def test_built_site_pyodide_files_suffice(run_in_pyodide, site):
    """Pyodide boots from just the files write_assets puts into the site (the trimmed stdlib zip
    and lock file; no node_modules, no CDN: fetch is blocked), unpacks the shipped wheel as the
    browser worker does, and answers every op of every game."""
    from site_builder.assets import PYODIDE_FILES, WHEEL_NAME, snapshot_name, wheel_id

    pyodide_dir, wheel = site
    assert sorted(p.name for p in pyodide_dir.iterdir()) == sorted(PYODIDE_FILES + (snapshot_name(wheel_id(wheel)),))
    assert wheel.name == WHEEL_NAME and wheel.is_file()
    _every_game_answered(_smoke(run_in_pyodide("--index", pyodide_dir, "--engine-wheel", wheel, timeout=300)))


def test_shipped_snapshot_starts_the_shipped_files(run_in_pyodide, site):
    """The memory snapshot the site ships was made from the same trimmed files: restored over them,
    as the worker does once it is cached, the engine it holds (imported from the shipped wheel,
    unpacked where the worker unpacks it) answers every op of every game."""
    from site_builder.assets import snapshot_name, wheel_id

    pyodide_dir, wheel = site
    proc = run_in_pyodide("--index", pyodide_dir, "--snapshot", pyodide_dir / snapshot_name(wheel_id(wheel)),
                          "--engine-wheel", wheel, timeout=300)
    _every_game_answered(_smoke(proc), engine_dir="/home/pyodide/engine/")
