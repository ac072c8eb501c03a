"""Offline mode (a PWA): the offline pages, the web app manifests and the service worker.

Phase 2 renders two pages per language through ``outputs``: ``/<lang>/offline/`` (what offline
mode is, how big it is, remove it or turn it back on) and ``/<lang>/offline/fallback/`` (what the
service worker shows for a page that is not saved, when there is no network).

``write_offline(out, urls)`` runs last, on the finished output folder, and writes:

    /sw.js                       site_builder/static/sw.js with BUILD filled in (scope "/")
    /<lang>/manifest.webmanifest the installable app, Thai name first

BUILD tells the worker everything about this build (it never guesses a file name):
``version`` (a hash of every precached file's path and bytes: it names the caches),
``shell`` (CSS, JS, fonts, icons, manifests, the engine wheel, the home and offline pages —
installed at once), ``pack`` (every other page — fetched later, in batches, when the page is
idle; see static/js/offline.js), each as ``{path: [sha256[:16], bytes]}``, and the folders
cached on first use (Pyodide under ``urls.pyodide_base``, Pagefind's fingerprinted index).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from .assets import AssetUrls
from .context import Output, base_context
from .errors import BuildFailed, BuildProblem
from .i18n import LANGS, strings
from .loader import Site

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
             "pyodideCache": hashlib.sha256(urls.pyodide_base.encode()).hexdigest()[:12],
             "fallback": {lang: page_url(lang, "fallback") for lang in LANGS}}
    (out / "sw.js").write_text(source.replace(SW_PLACEHOLDER, json.dumps(build, separators=(",", ":"))),
                               encoding="utf-8")
    return OfflineSummary(version, len(shell), sum(s for _, s in shell.values()),
                          len(pack), sum(s for _, s in pack.values()))


def precache(out: Path, urls: AssetUrls) -> tuple[dict[str, list], dict[str, list]]:
    """(shell, pack): {url path: [sha256[:16], bytes]} of what the worker installs at once, and of
    the pages it fetches later. The shell: everything under /static/, the manifests, the engine
    wheel, the home pages, the offline pages and the root page; the pack: every other page and the
    JSON data pages fetch (a lesson's replies.json, the teachers' catalog.json)."""
    shell_pages = {"/"} | {f"/{lang}/" for lang in LANGS} | {page_url(lang, s) for lang in LANGS
                                                            for s in ("", "fallback")}
    shell, pack = {}, {}
    files = sorted((out / "static").rglob("*")) + [out / lang / "manifest.webmanifest" for lang in LANGS]
    files.append(out / urls.wheel_url.lstrip("/"))
    for path in files:
        if path.is_file():
            shell[_url(out, path)] = _fingerprint(path)
    for path in sorted(out.rglob("index.html")):
        url = _url(out, path).removesuffix("index.html")
        if url.startswith(tuple(RUNTIME_FOLDERS)) or url.startswith(urls.pyodide_base):
            continue
        (shell if url in shell_pages else pack)[url] = _fingerprint(path)
    for path in sorted(out.rglob("*.json")):  # the pages' data: lessons' recorded replies, the teachers' catalog
        url = _url(out, path)
        if not url.startswith(("/static/", urls.pyodide_base, *RUNTIME_FOLDERS)):
            pack[url] = _fingerprint(path)
    return shell, pack


def _url(out: Path, path: Path) -> str:
    return "/" + path.relative_to(out).as_posix()


def _fingerprint(path: Path) -> list:
    data = path.read_bytes()
    return [hashlib.sha256(data).hexdigest()[:16], len(data)]
