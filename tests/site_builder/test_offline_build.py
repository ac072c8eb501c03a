"""Offline mode in the build (site_builder/offline.py): /sw.js and its precache lists, the
manifests, the offline pages, the icons, the headers. The worker itself runs in tests/e2e/test_offline.py."""
from __future__ import annotations

import hashlib
import json
import re
import struct
import zlib
from pathlib import Path

import pytest
from sb_helpers import PROJECT, URLS, lesson, write_tree

from site_builder import offline
from site_builder.build import build
from site_builder.errors import BuildFailed
from site_builder.pyodide_trim import PYODIDE_FILES
from site_builder.serve import MIME_TYPES, headers_for, load_header_rules

WHEEL = b"PK a stand-in for the engine wheel"
SNAPSHOT = URLS.snapshot_url.rsplit("/", 1)[1]  # snapshot-<the wheel's hash12>.bin.gz
PYODIDE = {name: f"stand-in for {name}\n".encode() for name in (*PYODIDE_FILES, SNAPSHOT)}
FRAME = {"static/css/site.css": "body{}\n", "static/js/offline.js": "export {};\n",
         "static/js/lang-switch.js": "export {};\n", "static/js/core/i18n.js": "export const t = 1;\n",
         "static/img/icon-192.png": "the small icon every page names"}
ELSEWHERE = {"static/js/main.js": "export {};\n", "static/js/boards/board.js": "export {};\n" * 20,
             "static/img/teach/a.webp": "a picture for one page",
             "static/img/icon-512.png": "a big icon the browser fetches when it installs the app"}


def small_assets(out: Path, root: Path):
    """The files every page loads, a few others, the worker's source (as write_assets copies it),
    a wheel and Pyodide's files."""
    write_tree(out, {**FRAME, **ELSEWHERE,
                     "static/sw.js": (PROJECT / "site_builder/static/sw.js").read_text(encoding="utf-8")})
    for url, files in ((URLS.wheel_url.rsplit("/", 1)[0], {URLS.wheel_url.rsplit("/", 1)[1]: WHEEL}),
                       (URLS.pyodide_base, PYODIDE)):
        folder = out / url.strip("/")
        folder.mkdir(parents=True)
        for name, data in files.items():
            (folder / name).write_bytes(data)
    return URLS


def build_info(site: Path) -> dict:
    text = (site / "sw.js").read_text(encoding="utf-8")
    m = re.search(r"const BUILD = (\{.*?\});\n", text)
    assert m, "sw.js has no BUILD object"
    return json.loads(m[1])


def short_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


@pytest.fixture
def site(project, tmp_path) -> Path:
    out = tmp_path / "site"
    build(project, out, assets=small_assets)
    return out


def test_the_shell_is_small_and_the_engine_is_only_in_the_pack(site):
    info = build_info(site)
    assert not (site / "static" / "sw.js").exists()  # only /sw.js, whose scope is the whole site
    assert "__KRADAN_BUILD__" not in (site / "sw.js").read_text(encoding="utf-8")
    shell, pack = info["shell"], info["pack"]
    # The shell: the offline and fallback pages, the files every page loads, the manifests.
    assert set(shell) == {"/th/offline/", "/en/offline/", "/th/offline/fallback/", "/en/offline/fallback/",
                          "/th/manifest.webmanifest", "/en/manifest.webmanifest", *("/" + rel for rel in FRAME)}
    # The pack, saved only when the reader asks: every other page, the data pages fetch, the other
    # static files, the engine wheel and Pyodide's files (not its snapshot, a speed-up kept when used).
    pages = {"/" + page.relative_to(site).as_posix().removesuffix("index.html") for page in site.rglob("index.html")}
    data = {"/" + path.relative_to(site).as_posix() for path in site.rglob("*.json")
            if not path.relative_to(site).as_posix().startswith(("static/", "pyodide/", "pagefind/"))}
    assert "/th/makruk/board/replies.json" in data  # a lesson's first moves work offline at once
    engine = {URLS.wheel_url, *(URLS.pyodide_base + name for name in PYODIDE_FILES)}
    assert set(pack) == (pages - set(shell)) | data | {"/" + rel for rel in ELSEWHERE} | engine
    assert {"/", "/th/", "/th/makruk/board/", "/th/makruk/sandbox/", "/en/makruk/moves/"} <= set(pack)
    assert URLS.snapshot_url not in {**shell, **pack} and info["snapshot"] == URLS.snapshot_url
    assert info["wheel"] == URLS.wheel_url and pack[URLS.wheel_url][:2] == [short_hash(WHEEL), len(WHEEL)]
    for path, (digest, size, sent) in {**shell, **pack}.items():
        content = (site / (path.lstrip("/") + ("index.html" if path.endswith("/") else ""))).read_bytes()
        assert (digest, size) == (short_hash(content), len(content)), path
        compressible = path.endswith(("/", ".js", ".css", ".json", ".webmanifest", ".mjs", ".wasm"))
        assert sent == (min(size, len(zlib.compress(content, 1))) if compressible else size), path
    assert shell["/th/offline/fallback/"][2] < shell["/th/offline/fallback/"][1]  # a page is sent compressed
    assert info["runtime"] == [URLS.pyodide_base, "/pagefind/"] and info["pyodide"] == URLS.pyodide_base
    assert info["fallback"] == {"th": "/th/offline/fallback/", "en": "/en/offline/fallback/"}
    assert re.fullmatch(r"[0-9a-f]{16}", info["version"]) and re.fullmatch(r"[0-9a-f]{12}", info["pyodideCache"])


def test_the_version_changes_with_any_saved_byte_and_only_then(project, site, tmp_path):
    again = tmp_path / "again"
    build(project, again, assets=small_assets)
    assert build_info(again)["version"] == build_info(site)["version"]
    write_tree(project, {"content/en/makruk/02-moves.md": lesson("Moves", 2, "Other text\n")})
    changed = tmp_path / "changed"
    build(project, changed, assets=small_assets)
    before, after = build_info(site), build_info(changed)
    assert after["version"] != before["version"]
    assert after["pack"]["/en/makruk/moves/"] != before["pack"]["/en/makruk/moves/"]
    assert after["pack"]["/th/makruk/moves/"] == before["pack"]["/th/makruk/moves/"]


def test_the_manifests_are_installable_and_thai_first(site):
    th = json.loads((site / "th/manifest.webmanifest").read_text(encoding="utf-8"))
    en = json.loads((site / "en/manifest.webmanifest").read_text(encoding="utf-8"))
    assert th["lang"] == "th" and th["start_url"] == "/th/" and en["start_url"] == "/en/"
    assert re.search("[\u0e00-\u0e7f]", th["name"]) and not re.search("[\u0e00-\u0e7f]", en["description"])
    for manifest in (th, en):
        assert manifest["display"] == "standalone" and manifest["scope"] == "/"
        assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
        icons = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
        assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= icons
    page = (site / "th/makruk/board/index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="/th/manifest.webmanifest">' in page
    assert 'src="/static/js/offline.js"' in page and 'href="/th/offline/"' in page


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", f"{path} is not a PNG"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("src, size, purpose", offline.ICONS)
def test_the_icons_are_pngs_of_their_size(src, size, purpose):
    assert png_size(PROJECT / "site_builder" / src.lstrip("/")) == (size, size)


def test_the_fallback_page_links_the_pages_of_its_language(site):
    for lang, other in (("th", "en"), ("en", "th")):
        html = (site / lang / "offline/fallback/index.html").read_text(encoding="utf-8")
        listed = html.split('id="kr-offline-all"')[1].split("</ul>")[0]
        links = dict(re.findall(r'<li><a href="([^"]+)">([^<]*)</a></li>', listed))
        assert links[f"/{lang}/makruk/moves/"] == {"th": "การเดิน", "en": "Moves"}[lang]
        assert f"/{lang}/offline/" in links and f"/{lang}/offline/fallback/" not in links
        assert not any(url.startswith(f"/{other}/") for url in links)


def test_a_worker_source_without_its_placeholder_is_a_build_error(project, tmp_path, monkeypatch):
    source = tmp_path / "sw.js"
    source.write_text("const BUILD = {};\n", encoding="utf-8")
    monkeypatch.setattr(offline, "SW_SOURCE", source)
    out = tmp_path / "site"
    with pytest.raises(BuildFailed) as failed:
        build(project, out, assets=small_assets)
    assert "site_builder/static/sw.js" in failed.value.report() and "__KRADAN_BUILD__" in failed.value.report()
    assert not out.exists()


def test_the_worker_and_manifests_are_revalidated_and_served_with_their_types():
    rules = load_header_rules(PROJECT)
    assert headers_for("/sw.js", rules)["Cache-Control"] == "no-cache"
    assert headers_for("/th/manifest.webmanifest", rules)["Cache-Control"] == "no-cache"
    assert MIME_TYPES[".webmanifest"] == "application/manifest+json" and MIME_TYPES[".png"] == "image/png"

