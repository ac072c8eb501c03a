"""The engine worker (static/js/core/engine-worker.js) and Pyodide's memory snapshot, which holds the
engine already imported (site_builder/pyodide_snapshot.mjs): restored, the worker takes call_json
from the engine the snapshot holds without importing it again; a snapshot of another engine (a
stale one under this wheel's name) is refused: a fresh start, and the snapshot fetched again past
the HTTP cache. The real worker runs in Node (worker_in_node.mjs) on a built site's files."""
from __future__ import annotations

import json
import subprocess
import zipfile
from pathlib import Path

import pytest

pytestmark = [pytest.mark.pyodide, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
WORKER = ROOT / "site_builder" / "static" / "js" / "core" / "engine-worker.js"
DRIVER = Path(__file__).resolve().parent / "worker_in_node.mjs"
START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """(the site's folder, its AssetUrls), as write_assets makes them."""
    from site_builder.assets import write_assets

    out = tmp_path_factory.mktemp("site")
    return out, write_assets(out, ROOT)


def start_worker(node: str, site, cached_snapshot: Path | None) -> dict:
    """The worker's ready message, its reply to a `start` request and the fetches it made, with
    `cached_snapshot` in the HTTP cache at the snapshot's URL."""
    out, urls = site
    proc = subprocess.run([node, str(DRIVER), str(WORKER), str(out), urls.pyodide_base, urls.wheel_url,
                           str(cached_snapshot or "-")], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_a_start_from_the_snapshot_does_not_import_the_engine_again(node, site):
    out, urls = site
    got = start_worker(node, site, out / urls.snapshot_url.lstrip("/"))
    assert got["ready"]["type"] == "ready" and got["ready"]["from"] == "snapshot", got["ready"]
    steps = list(got["ready"]["marks"])
    assert steps == ["init", "module", "python", "wheel", "bridge"], steps  # no "import": the snapshot holds it
    assert got["reply"] == {"ok": True, "position": START}
    assert [f["url"] for f in got["fetches"] if "/snapshot-" in f["url"]] == [str(out) + urls.snapshot_url]


def test_a_start_without_the_snapshot_imports_the_engine_and_asks_for_it(node, site):
    out, urls = site
    got = start_worker(node, site, None)
    assert got["ready"]["from"] == "fresh" and "import" in got["ready"]["marks"], got["ready"]
    assert got["reply"] == {"ok": True, "position": START}
    snapshot = [(f["url"], f["cache"]) for f in got["fetches"] if "/snapshot-" in f["url"]]
    assert snapshot == [(str(out) + urls.snapshot_url, "only-if-cached"), (str(out) + urls.snapshot_url, "default")]


def test_a_snapshot_of_another_engine_is_refused(node, site, tmp_path):
    """Another wheel (one more file: another hash) gets its own snapshot; served under this wheel's
    snapshot name, the worker restores it, sees it holds another engine and starts afresh."""
    out, urls = site
    other = tmp_path / "kradan-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(out / urls.wheel_url.lstrip("/")) as wheel, zipfile.ZipFile(other, "w") as copy:
        for info in wheel.infolist():
            copy.writestr(info, wheel.read(info))
        copy.writestr("engine/another_build.py", "# another engine\n")
    stale = tmp_path / "stale.bin.gz"
    made = subprocess.run([node, str(ROOT / "site_builder" / "pyodide_snapshot.mjs"),
                           str(out / urls.pyodide_base.strip("/")), str(other), str(stale)],
                          capture_output=True, text=True, timeout=300)
    assert made.returncode == 0 and stale.stat().st_size > 1_000_000, made.stderr[-2000:]

    got = start_worker(node, site, stale)
    assert got["ready"]["from"] == "fresh" and "import" in got["ready"]["marks"], got["ready"]
    assert got["reply"] == {"ok": True, "position": START}
    snapshot = [(f["url"], f["cache"]) for f in got["fetches"] if "/snapshot-" in f["url"]]
    assert snapshot == [(str(out) + urls.snapshot_url, "only-if-cached"), (str(out) + urls.snapshot_url, "reload")]
