"""site_builder.assets: Pyodide, fonts, static files and the engine wheel in the built site."""
from __future__ import annotations

import fnmatch
import gzip
import hashlib
import json
import re
import shutil
import threading
import time
import zipfile
from pathlib import Path

import pytest

from site_builder import assets
from site_builder.assets import FONT_FILES, PYODIDE_FILES, WHEEL_NAME, AssetUrls, minified_css, write_assets
from site_builder.errors import BuildFailed
from site_builder.js_strip import stripped_js
from site_builder.pyodide_trim import ALWAYS_KEPT, engine_modules, files_hash, made_once, trimmed_lock, trimmed_zip

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    return out, write_assets(out, ROOT)


def test_urls_follow_the_contract(built):
    out, urls = built
    version = json.loads((ROOT / "node_modules/pyodide/package.json").read_text())["version"]
    assert isinstance(urls, AssetUrls)
    assert re.fullmatch(rf"/pyodide/v{re.escape(version)}-[0-9a-f]{{12}}/", urls.pyodide_base), urls.pyodide_base
    assert re.fullmatch(r"/engine/[0-9a-f]{12}/kradan-0\.1\.0-py3-none-any\.whl", urls.wheel_url)
    # Pyodide's memory snapshot holds the engine: named by the wheel it holds, beside Pyodide's files.
    wheel_hash = hashlib.sha256((out / urls.wheel_url.lstrip("/")).read_bytes()).hexdigest()[:12]
    assert urls.snapshot_url == f"{urls.pyodide_base}snapshot-{wheel_hash}.bin.gz"


def test_pyodide_runtime_files_are_copied_unchanged(built):
    out, urls = built
    folder = out / urls.pyodide_base.strip("/")
    snapshot_name = urls.snapshot_url.rsplit("/", 1)[1]
    assert sorted(p.name for p in folder.iterdir()) == sorted(PYODIDE_FILES + (snapshot_name,))
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        assert (folder / name).read_bytes() == (ROOT / "node_modules/pyodide" / name).read_bytes()
    # The memory snapshot of a started Pyodide, gzipped: tens of MB of heap inside.
    snapshot = gzip.decompress((folder / snapshot_name).read_bytes())
    assert len(snapshot) > 10_000_000


def test_stdlib_zip_keeps_only_what_the_engine_needs(built):
    out, urls = built
    shipped = out / urls.pyodide_base.strip("/") / "python_stdlib.zip"
    full = ROOT / "node_modules/pyodide/python_stdlib.zip"
    with zipfile.ZipFile(shipped) as small, zipfile.ZipFile(full) as big:
        kept = small.namelist()
        assert set(kept) < set(big.namelist())
        for name in kept:  # members unchanged, in Pyodide's order
            assert small.read(name) == big.read(name), name
        assert kept == [n for n in big.namelist() if n in set(kept)]
    # Pyodide's start-up, the engine's own imports, and the codecs kept whatever the trace says
    for name in ("_pyodide/_base.py", "pyodide/_package_loader.py", "json/decoder.py", "dataclasses.py",
                 "random.py", "traceback.py", *ALWAYS_KEPT):
        assert name in kept, name
    # what neither uses is gone
    for name in ("tkinter/__init__.py", "unittest/__init__.py", "email/__init__.py", "pdb.py", "doctest.py",
                 "argparse.py", "sqlite3/__init__.py"):
        assert name not in kept, name
    assert shipped.stat().st_size < full.stat().st_size / 2


def test_lock_file_lists_no_packages(built):
    out, urls = built
    shipped = json.loads((out / urls.pyodide_base.strip("/") / "pyodide-lock.json").read_bytes())
    full = json.loads((ROOT / "node_modules/pyodide/pyodide-lock.json").read_bytes())
    assert shipped == {**full, "packages": {}}


def test_pyodide_folder_is_named_by_the_hash_of_its_files(built):
    out, urls = built
    folder = out / urls.pyodide_base.strip("/")
    contents = {name: (folder / name).read_bytes() for name in PYODIDE_FILES}
    assert urls.pyodide_base.rstrip("/").endswith("-" + files_hash(contents)[:12])
    contents["pyodide-lock.json"] += b" "
    assert files_hash(contents)[:12] not in urls.pyodide_base


def test_trimmed_zip_is_reproducible_and_refuses_unknown_members(tmp_path):
    full = ROOT / "node_modules/pyodide/python_stdlib.zip"
    members = ["json/__init__.py", "json/decoder.py", "copy.py"]
    first = trimmed_zip(full, members)
    assert trimmed_zip(full, list(reversed(members))) == first
    (tmp_path / "a.zip").write_bytes(first)
    with zipfile.ZipFile(tmp_path / "a.zip") as zf:  # Pyodide's order, with the folder's own entry
        assert zf.namelist() == ["json/", "copy.py", "json/__init__.py", "json/decoder.py"]
    with pytest.raises(BuildFailed) as info:
        trimmed_zip(full, ["no_such_module.py"])
    assert "no_such_module.py" in str(info.value)


def test_trace_imports_every_engine_module_and_what_they_name():
    modules = engine_modules(ROOT / "engine")
    assert {"engine", "engine.api", "engine.registry", "engine.core.search"} <= set(modules["engine"])
    assert "engine.__main__" not in modules["engine"]  # the command line never runs in a browser
    assert {"json", "random", "dataclasses", "traceback"} <= set(modules["imported"])
    assert "argparse" not in modules["imported"]  # only engine/__main__.py uses it
    assert not any(m.split(".")[0] == "engine" for m in modules["imported"])


def test_trimmed_lock_keeps_the_info():
    lock = json.dumps({"info": {"abi_version": "x"}, "packages": {"numpy": {}}}).encode()
    assert json.loads(trimmed_lock(lock)) == {"info": {"abi_version": "x"}, "packages": {}}


def test_fonts_and_static_files(built):
    out, _ = built
    for name in FONT_FILES:
        data = (out / "static/fonts" / name).read_bytes()
        assert data[:4] == b"wOF2", name
    assert {"sarabun-thai-400-normal.woff2", "sarabun-thai-700-normal.woff2",
            "sarabun-latin-400-normal.woff2", "sarabun-latin-700-normal.woff2"} == set(FONT_FILES)
    static = ROOT / "site_builder/static"
    for src in static.rglob("*"):
        if not src.is_file() or "__pycache__" in src.parts:
            continue
        if src.name.endswith(".d.ts") or fnmatch.fnmatch(src.name, "tsconfig*.json"):  # the type checker's only
            assert not (out / "static" / src.relative_to(static)).exists(), src
        else:
            copy = (out / "static" / src.relative_to(static)).read_bytes()
            if src.suffix == ".css":
                assert copy.decode() == minified_css(src.read_text(encoding="utf-8")), src
                assert b"/*" not in copy and len(copy) < src.stat().st_size, src
            elif src.suffix == ".js" and src.is_relative_to(static / "js"):  # tests/site_builder/test_js_strip.py
                assert copy.decode() == stripped_js(src.read_text(encoding="utf-8")), src
            else:
                assert copy == src.read_bytes(), src


def test_the_qr_library_is_copied_as_shipped_with_its_licence(built):
    out, _ = built
    package = json.loads((ROOT / "node_modules/qrcode-generator/package.json").read_text())
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"]["qrcode-generator"]
    assert package["version"] == pinned == "2.0.4" and package["license"] == "MIT"
    shipped = out / assets.QR_MODULE.lstrip("/")
    assert shipped.read_bytes() == (ROOT / assets.QR_SOURCE).read_bytes()
    licence = (shipped.parent / "LICENSE").read_text()
    assert licence.startswith("QR Code Generator for JavaScript\n\nCopyright (c) 2009 Kazuhiko Arase\n")
    assert "Licensed under the MIT license" in licence and "//" not in licence.replace("http://", "")


def test_minified_css_keeps_the_meaning():
    css = "/* note */\na:hover , b > c {\n  color: red;  /* why */\n  margin: 0 auto;\n}\n" \
          "@media (min-width: 600px) { .a .b :focus { x: 1 } }\n.c::after { content: \" ✓ a: b; }\"; }\n" \
          ".d::before { content: 'x:  y' }\n.e { grid-area: 1 / 2; color: rgb(0 0 0 / .5); }\n"
    assert minified_css(css) == ('a:hover,b>c{color:red;margin:0 auto}'
                                 '@media (min-width:600px){.a .b :focus{x:1}}.c::after{content:" ✓ a: b; }"}'
                                 ".d::before{content:'x:  y'}.e{grid-area:1/2;color:rgb(0 0 0/.5)}\n")


def test_wheel_url_carries_the_hash_of_its_bytes(built):
    out, urls = built
    wheel = out / urls.wheel_url.lstrip("/")
    assert wheel.name == WHEEL_NAME
    assert hashlib.sha256(wheel.read_bytes()).hexdigest()[:12] == urls.wheel_url.split("/")[2]


def test_wheel_holds_only_the_engine(built):
    out, urls = built
    with zipfile.ZipFile(out / urls.wheel_url.lstrip("/")) as zf:
        names = zf.namelist()
        metadata = zf.read("kradan-0.1.0.dist-info/METADATA").decode()
        wheel_info = zf.read("kradan-0.1.0.dist-info/WHEEL").decode()
    tops = {n.split("/")[0] for n in names}
    assert tops == {"engine", "kradan-0.1.0.dist-info"}
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "engine").rglob("*.py")
               if "__pycache__" not in p.parts}
    assert {n for n in names if n.startswith("engine/")} == sources
    assert "Name: kradan" in metadata and "Version: 0.1.0" in metadata
    assert "Requires-Dist" not in metadata
    assert "Tag: py3-none-any" in wheel_info


def test_second_build_uses_the_cache(built, tmp_path, monkeypatch):
    def no_pip(*args, **kwargs):
        raise AssertionError("pip ran although the engine sources did not change")

    monkeypatch.setattr(assets.subprocess, "run", no_pip)
    out, urls = built
    assert write_assets(tmp_path, ROOT) == urls


def _fake_project(tmp_path: Path, with_node_modules: bool) -> Path:
    root = tmp_path / "project"
    shutil.copytree(ROOT / "engine", root / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    (root / "site_builder/static").mkdir(parents=True)
    if with_node_modules:
        shutil.copytree(ROOT / "node_modules/pyodide", root / "node_modules/pyodide")
        shutil.copytree(ROOT / "node_modules/@fontsource/sarabun/files",
                        root / "node_modules/@fontsource/sarabun/files")
        shutil.copytree(ROOT / "node_modules/qrcode-generator/dist", root / "node_modules/qrcode-generator/dist")
    return root


def test_missing_node_modules_says_run_npm_ci(tmp_path):
    root = _fake_project(tmp_path, with_node_modules=False)
    out = tmp_path / "out"
    with pytest.raises(BuildFailed) as info:
        write_assets(out, root)
    message = str(info.value)
    assert "npm ci" in message
    assert "node_modules/pyodide/package.json" in message
    assert "node_modules/@fontsource/sarabun/files" in message
    assert "node_modules/qrcode-generator/dist/qrcode.mjs" in message
    assert not out.exists()


@pytest.mark.slow  # the inner loop (README, Tests) leaves it to the full run
def test_changed_engine_gives_a_new_wheel_and_same_sources_the_same_bytes(tmp_path):
    """pip builds the same wheel bytes again from the same sources (into an empty cache); a changed
    engine gets a new wheel and URL, and the same trimmed Pyodide (its imports are the same). The
    project copy has this project's engine, so its first build comes from the cache the site's
    build filled, and the changed engine's wheel and trace go to that cache too: a run that has
    built the site runs pip twice here and Node once, not three times each."""
    root = _fake_project(tmp_path, with_node_modules=True)
    first = write_assets(tmp_path / "a", root)
    rebuilt = assets.engine_wheel(root, cache_dir=tmp_path / "empty-cache")
    assert rebuilt.read_bytes() == (tmp_path / "a" / first.wheel_url.lstrip("/")).read_bytes()
    with open(root / "engine" / "__init__.py", "a", encoding="utf-8") as f:
        f.write("\n# changed\n")  # as tests/e2e/test_offline.py's build B: one wheel for both
    changed = write_assets(tmp_path / "c", root)
    assert changed.wheel_url != first.wheel_url
    assert changed.pyodide_base == first.pyodide_base


def test_a_cached_file_two_builds_need_at_once_is_made_once(tmp_path):
    """made_once: the first build makes the file while the second waits, which then finds it made."""
    target, made_by = tmp_path / "cache" / "trace.json", []

    def build(name: str):
        with made_once(target) as missing:
            if missing:
                time.sleep(0.3)  # a Node run
                target.write_text(name)
                made_by.append(name)

    first = threading.Thread(target=build, args=("first",))
    first.start()
    time.sleep(0.1)
    build("second")
    first.join()
    assert made_by == ["first"] and target.read_text() == "first"
    with made_once(target) as missing:
        assert not missing
