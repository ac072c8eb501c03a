"""Offline mode (a PWA): the offline pages, the web app manifests and the service worker.

Phase 2 renders two pages per language through ``outputs``: ``/<lang>/offline/`` (what offline
mode is, how big the whole site is, save it, remove it or turn it back on) and
``/<lang>/offline/fallback/`` (what the service worker shows for a page that is not saved, when
there is no network).

``write_offline(out, urls)`` runs last, on the finished output folder, and writes:

    /sw.js                       site_builder/static/sw.js with BUILD filled in (scope "/")
    /<lang>/manifest.webmanifest the installable app, Thai name first

BUILD tells the worker everything about this build (it never guesses a file name):
``version`` (a hash of every precached file's path and bytes: it names the caches),
``shell`` (the offline and fallback pages and the files every page loads: its CSS, fonts, small
icon, manifests, the scripts of its <head> and the words offline.js shows; installed at once, small),
``wheel`` (the engine wheel's path), ``pack`` (everything else: every other page, the JSON the pages fetch, the other static files, the
engine wheel and Pyodide's files; fetched only when the reader asks to save the whole site, see
static/js/offline.js), each as ``{path: [sha256[:16], bytes, bytes sent]}`` (sent: gzip -1 of a
compressible file, an upper estimate of what a compressing host sends), and the folders cached on
first use (Pyodide under ``urls.pyodide_base``, Pagefind's fingerprinted index).
"""
from __future__ import annotations

import hashlib
import json
import re
import zlib
from dataclasses import dataclass
from pathlib import Path

from .assets import AssetUrls
from .context import Output, base_context
from .errors import BuildFailed, BuildProblem
from .i18n import LANGS, strings
from .loader import Site
from .modules import URL_ROOT, module_graph
from .pyodide_trim import PYODIDE_FILES

SW_SOURCE = Path(__file__).parent / "static" / "sw.js"
SW_PLACEHOLDER = "__KRADAN_BUILD__"
#: Folders cached on first use rather than precached (big, or written by another build step).
RUNTIME_FOLDERS = ("/pagefind/",)
THEME_COLOUR = "#5b3d1c"
BACKGROUND_COLOUR = "#ecd3a0"
ICONS = (("/static/img/icon-192.png", 192, "any"), ("/static/img/icon-512.png", 512, "any"),
         ("/static/img/icon-maskable-512.png", 512, "maskable"))


@dataclass(frozen=True)
class OfflineSummary:
    """What the service worker of a build precaches: files and bytes (raw, as the cache stores them)."""

    version: str
    shell_files: int
    shell_bytes: int
    pack_files: int
    pack_bytes: int


def page_url(lang: str, slug: str = "") -> str:
    return f"/{lang}/offline/{slug + '/' if slug else ''}"


def outputs(site: Site, urls: AssetUrls, pages: list[Output]) -> list[Output]:
    """The offline page and the fallback page of every language; the fallback has a hidden link to
    each of ``pages`` of its language (offline.js shows those the reader's browser has saved)."""
    items = []
    for lang in LANGS:
        t = strings(lang)
        for slug, template, title in (("", "offline.html", t["offline_title"]),
                                      ("fallback", "offline-fallback.html", t["offline_fallback_title"])):
            url = page_url(lang, slug)
            ctx = base_context(site, urls, lang, url, {other: page_url(other, slug) for other in LANGS})
            ctx.update(title=title, summary=t["offline_summary"], needs_js=False,
                       breadcrumbs=[{"title": t["home"], "url": f"/{lang}/"}, {"title": title, "url": url}])
            if slug:
                ctx["pages"] = [{"url": url, "title": title}
                                for url, title in {**titles(pages, lang), page_url(lang): t["offline_title"]}.items()]
            items.append(Output(f"{lang}/offline/{slug + '/' if slug else ''}index.html", template, ctx,
                                f"site_builder/templates/{template}"))
    return items


def titles(pages: list[Output], lang: str) -> dict[str, str]:
    """{url: title} of the pages of one language, in site order."""
    found = {}
    for item in pages:
        if item.path.startswith(f"{lang}/") and item.path.endswith("index.html"):
            title = item.context.get("title") or item.context.get("site_name", "")
            found["/" + item.path.removesuffix("index.html")] = str(title)
    return found


def manifest(lang: str, name: str) -> dict:
    """The web app manifest of one language (Chromium installs from PNG icons)."""
    t = strings(lang)
    return {"id": f"/{lang}/", "lang": lang, "name": f"{name} — {t['tagline']}", "short_name": name,
            "description": t["tagline"], "start_url": f"/{lang}/", "scope": "/", "display": "standalone",
            "theme_color": THEME_COLOUR, "background_color": BACKGROUND_COLOUR,
            "icons": [{"src": src, "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
                      for src, size, purpose in ICONS]}


def write_offline(out: Path, urls: AssetUrls, site: Site) -> OfflineSummary:
    """Write the manifests and /sw.js into the finished output folder `out` (run it last)."""
    out = Path(out)
    (out / "static" / "sw.js").unlink(missing_ok=True)  # the source; the site's worker is /sw.js
    problems = [BuildProblem(f"site_builder{src}", 0, "this app icon of the manifest is missing",
                             "put the PNG icons back into site_builder/static/img/ (git has them)")
                for src, _, _ in ICONS if not (SW_SOURCE.parent.parent / src.lstrip("/")).is_file()]
    source = SW_SOURCE.read_text(encoding="utf-8") if SW_SOURCE.is_file() else ""
    if source.count(SW_PLACEHOLDER) != 1:
        problems.append(BuildProblem("site_builder/static/sw.js", 0,
                                     f"the service worker source must contain {SW_PLACEHOLDER} exactly once",
                                     "restore the line `const BUILD = __KRADAN_BUILD__;`"))
    if problems:
        raise BuildFailed(problems)
    for lang in LANGS:
        path = out / lang / "manifest.webmanifest"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(manifest(lang, site.config.name(lang)), ensure_ascii=False, indent=1),
                        encoding="utf-8")
    shell, pack = precache(out, urls)
    every = {**shell, **pack}
    version = hashlib.sha256(json.dumps(sorted(every.items())).encode()).hexdigest()[:16]
    build = {"version": version, "shell": shell, "pack": pack,
             "runtime": [urls.pyodide_base, *RUNTIME_FOLDERS],
             "pyodide": urls.pyodide_base,
             "snapshot": urls.snapshot_url,
             "pyodideCache": hashlib.sha256(urls.pyodide_base.encode()).hexdigest()[:12],
             "wheel": urls.wheel_url,
             "fallback": {lang: page_url(lang, "fallback") for lang in LANGS}}
    (out / "sw.js").write_text(source.replace(SW_PLACEHOLDER, json.dumps(build, separators=(",", ":"))),
                               encoding="utf-8")
    return OfflineSummary(version, len(shell), sum(entry[1] for entry in shell.values()),
                          len(pack), sum(entry[1] for entry in pack.values()))


def precache(out: Path, urls: AssetUrls) -> tuple[dict[str, list], dict[str, list]]:
    """(shell, pack): {url path: [sha256[:16], bytes, bytes sent]} of what the worker installs at
    once, and of what it saves only when the reader asks for the whole site. The shell: the
    offline and fallback pages and the files they load (every page loads the same <head>, with
    its small icon), their scripts' static imports, the words offline.js shows, the manifests. The pack:
    every other page, the JSON the pages fetch (a lesson's replies.json, the teachers' catalog),
    every other file under /static/, the engine wheel and Pyodide's files (what playing offline
    needs; its memory snapshot, a speed-up, is cached when first used)."""
    shell_pages = [page_url(lang, slug) for lang in LANGS for slug in ("", "fallback")]
    shell_urls = set(shell_pages) | set(_frame_files(out, shell_pages))
    manifests = [f"/{lang}/manifest.webmanifest" for lang in LANGS]
    shell_urls |= set(manifests)  # its big icons: the browser fetches them itself when it installs the app
    files = sorted((out / "static").rglob("*")) + [out / url.lstrip("/") for url in manifests]
    files.append(out / urls.wheel_url.lstrip("/"))
    files += [out / urls.pyodide_base.lstrip("/") / name for name in PYODIDE_FILES]
    for path in sorted(out.rglob("*.json")):  # the pages' data: lessons' recorded replies, the teachers' catalog
        if not _url(out, path).startswith(("/static/", urls.pyodide_base, *RUNTIME_FOLDERS)):
            files.append(path)
    for path in sorted(out.rglob("index.html")):
        url = _url(out, path).removesuffix("index.html")
        if not url.startswith((*RUNTIME_FOLDERS, urls.pyodide_base)):
            files.append(path)
    shell, pack = {}, {}
    for path in files:
        if path.is_file():
            url = _url(out, path).removesuffix("index.html") if path.name == "index.html" else _url(out, path)
            (shell if url in shell_urls else pack)[url] = _fingerprint(path)
    return shell, pack


#: Modules the shell's scripts import on demand and need offline (offline.js's notices are in words).
FRAME_DYNAMIC_MODULES = ("core/i18n.js",)
STATIC_REF = re.compile(r'(?:href|src)="(/static/[^"?#]+)"')


def _frame_files(out: Path, pages: list[str]) -> list[str]:
    """The /static/ files `pages` name in their HTML, with their scripts' static imports and
    FRAME_DYNAMIC_MODULES."""
    found: dict[str, None] = {}
    for url in pages:
        html = (out / url.lstrip("/") / "index.html").read_text(encoding="utf-8")
        for ref in STATIC_REF.findall(html):
            found[ref] = None
            if ref.startswith(URL_ROOT) and ref.endswith(".js"):
                found.update(dict.fromkeys(module_graph(ref.removeprefix(URL_ROOT))))
    for name in FRAME_DYNAMIC_MODULES:
        found[URL_ROOT + name] = None
        found.update(dict.fromkeys(module_graph(name)))
    return list(found)


def _url(out: Path, path: Path) -> str:
    return "/" + path.relative_to(out).as_posix()


COMPRESSIBLE = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".wasm", ".webmanifest", ".txt")
_sent_sizes: dict[str, int] = {}  # sha256 -> gzip -1 size (serve's rebuilds compress only what changed)


def _fingerprint(path: Path) -> list:
    """[sha256[:16], bytes, bytes sent]."""
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if path.suffix not in COMPRESSIBLE:
        return [digest[:16], len(data), len(data)]
    if digest not in _sent_sizes:
        _sent_sizes[digest] = min(len(data), len(zlib.compress(data, 1)))
    return [digest[:16], len(data), _sent_sizes[digest]]
