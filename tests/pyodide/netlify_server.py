"""A local static server that sends the response headers netlify.toml declares.

Used by the CSP browser check (and usable by e2e tests): it reads the [[headers]] blocks of
netlify.toml and applies every block whose `for` pattern matches the request path, as
Netlify does (`*` matches any characters). Binds to 127.0.0.1 on a free port.
"""
from __future__ import annotations

import contextlib
import functools
import http.server
import re
import threading
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def netlify_header_rules(netlify_toml: Path = ROOT / "netlify.toml") -> list[tuple[re.Pattern, dict]]:
    data = tomllib.loads(Path(netlify_toml).read_text(encoding="utf-8"))
    rules = []
    for block in data.get("headers", []):
        pattern = "^" + ".*".join(re.escape(part) for part in block["for"].split("*")) + "$"
        rules.append((re.compile(pattern), dict(block.get("values", {}))))
    return rules


def headers_for(path: str, rules) -> dict:
    out: dict[str, str] = {}
    for pattern, values in rules:
        if pattern.match(path):
            out.update(values)
    return out


class _Handler(http.server.SimpleHTTPRequestHandler):
    rules: list = []
    overrides: dict = {}
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
        ".woff2": "font/woff2",
    }

    def end_headers(self):
        path = self.path.split("?", 1)[0]
        values = {**headers_for(path, self.rules), **self.overrides}
        for name, value in values.items():
            if name.lower() == "content-type":
                continue  # SimpleHTTPRequestHandler already sent it (mapped above)
            if value is None:
                continue
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, *args):  # keep test output quiet
        pass


@contextlib.contextmanager
def serve(site_dir: Path, rules=None, overrides: dict | None = None):
    """Serve `site_dir` on http://127.0.0.1:<free port>; yields the base URL."""
    handler = type(
        "Handler",
        (_Handler,),
        {"rules": netlify_header_rules() if rules is None else rules, "overrides": overrides or {}},
    )
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(site_dir))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
