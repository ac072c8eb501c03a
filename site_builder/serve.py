"""Local server for the built site: production MIME types and the headers from netlify.toml."""
from __future__ import annotations

import os
import re
import sys
import threading
import time
import tomllib
from collections.abc import Callable
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

from .errors import BuildFailed, BuildProblem

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
}

HeaderRules = list[tuple[re.Pattern, dict[str, str]]]


def for_regexp(pattern: str) -> re.Pattern:
    """Netlify's `for` path matching: `*` catch-all, `:name` one segment, optional trailing slash."""
    parts = []
    for part in filter(None, (p.rstrip() for p in pattern.strip().split("/"))):
        if part.startswith(":"):
            parts.append("([^/]+)")
        elif part == "*":
            parts.append("?(.*)")
        else:
            parts.append(".*".join(re.escape(s) for s in part.split("*")))
    return re.compile("^/" + "/".join(parts) + "/?$", re.I)


def load_header_rules(root: Path) -> HeaderRules:
    """Read [[headers]] from netlify.toml as Netlify normalises them; BuildFailed on bad entries."""
    path = root / "netlify.toml"
    if not path.is_file():
        return []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise BuildFailed([BuildProblem("netlify.toml", 0, f"not valid TOML: {exc}", "fix the TOML syntax")])
    rules, problems = [], []
    for i, entry in enumerate(data.get("headers", [])):
        where = f"[[headers]] number {i + 1}"
        values = entry.get("values") if isinstance(entry, dict) else None
        if not isinstance(entry, dict) or not isinstance(entry.get("for"), str) or not isinstance(values, dict):
            problems.append(BuildProblem("netlify.toml", 0, f"{where} needs a string 'for' and a 'values' table",
                                         'write for = "/*" and [headers.values]'))
            continue
        normal = {}
        for key, value in values.items():
            if isinstance(value, list) and all(isinstance(v, str) for v in value):
                normal[key.strip()] = ", ".join(v.strip() for v in value)
            elif isinstance(value, str):
                normal[key.strip()] = ", ".join(re.split(r"\s*,\s*", value.strip()))
            else:
                problems.append(BuildProblem("netlify.toml", 0, f"{where}: header {key!r} is not a string",
                                             "write header values as strings"))
        rules.append((for_regexp(entry["for"]), normal))
    if problems:
        raise BuildFailed(problems)
    return rules


def headers_for(path: str, rules: HeaderRules) -> dict[str, str]:
    """Headers of every matching rule; a later rule overrides an earlier one, name case-insensitive."""
    out: dict[str, tuple[str, str]] = {}
    for regexp, values in rules:
        if regexp.match(path):
            out.update({k.lower(): (k, v) for k, v in values.items()})
    return dict(out.values())


class Handler(SimpleHTTPRequestHandler):
    """Static files with fixed MIME types, netlify.toml headers and the site's 404.html."""

    extensions_map = MIME_TYPES
    rules: HeaderRules = []

    def _rule_headers(self) -> dict[str, str]:
        return headers_for(urlsplit(self.path).path, self.rules)

    def guess_type(self, path):
        """A Content-Type from netlify.toml wins over the extension map (no duplicate header)."""
        ruled = {k.lower(): v for k, v in self._rule_headers().items()}
        return ruled.get("content-type") or super().guess_type(path)

    def end_headers(self):
        for key, value in self._rule_headers().items():
            if key.lower() != "content-type":
                self.send_header(key, value)
        super().end_headers()

    def list_directory(self, path):
        """No folder listings (Netlify has none): a folder without index.html is a 404."""
        self.send_error(404)

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", MIME_TYPES[".html"])
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def make_server(out: Path, host: str, port: int, rules: HeaderRules) -> ThreadingHTTPServer:
    """An HTTP server for `out` (call serve_forever on it)."""
    handler = type("SiteHandler", (Handler,), {"rules": rules})
    return ThreadingHTTPServer((host, port), partial(handler, directory=str(out)))


WATCHED = ("content", "puzzles", "site_builder", "engine", "pyproject.toml")


def sources_stamp(root: Path) -> tuple:
    """(path, mtime, size) of every watched source file: changes when anything is edited."""
    files = []
    for name in WATCHED:
        base = root / name
        for path in ([base] if base.is_file() else base.rglob("*") if base.is_dir() else []):
            if path.is_file() and "__pycache__" not in path.parts:
                stat = path.stat()
                files.append((str(path), stat.st_mtime_ns, stat.st_size))
    return tuple(sorted(files))


def changed_files(before: tuple, after: tuple) -> set[str]:
    """Paths added, removed or edited between two ``sources_stamp``s."""
    return {entry[0] for entry in set(before) ^ set(after)}


def watch(root: Path, rebuild: Callable[[], None], interval: float = 1.0,
          restart: Callable[[], None] | None = None) -> threading.Thread:
    """Call `rebuild` (in a daemon thread) whenever the watched sources change; when a Python
    source changed and ``restart`` is given, call that instead (this process runs the old code)."""
    def loop():
        stamp = sources_stamp(root)
        while True:
            time.sleep(interval)
            now = sources_stamp(root)
            if now != stamp:
                changed = changed_files(stamp, now)
                stamp = now
                if restart is not None and any(path.endswith(".py") for path in changed):
                    restart()
                else:
                    rebuild()

    thread = threading.Thread(target=loop, name="kradan-watch", daemon=True)
    thread.start()
    return thread


def restart_process() -> None:
    """Start this command again in this process (``serve`` after a Python source changed: the
    engine and the builder are imported once, so only a new process runs the edited code)."""
    print("a Python source changed: restarting", flush=True)
    os.execv(sys.executable, [sys.executable, *sys.orig_argv[1:]])

