"""Local server: production MIME types, netlify.toml headers, 404 page."""
import threading
import time
import urllib.error
import urllib.request

import pytest
from sb_helpers import PROJECT

from site_builder.errors import BuildFailed
from site_builder.serve import for_regexp, headers_for, load_header_rules, make_server, sources_stamp, watch

NETLIFY = '''
[[headers]]
  for = "/*.wasm"
  [headers.values]
    Content-Type = "application/wasm"
[[headers]]
  for = "/pyodide/*"
  [headers.values]
    Cache-Control = """public,
      max-age=31536000 ,immutable"""
[[headers]]
  for = "/*"
  [headers.values]
    X-Frame-Options = "DENY"
    Link = ["</a.css>; rel=preload", "</b.js>; rel=modulepreload"]
'''


def test_netlify_path_patterns():
    assert for_regexp("/*").match("/") and for_regexp("/*").match("/th/makruk/board/")
    assert for_regexp("/pyodide/*").match("/pyodide/v314.0.7/pyodide.mjs")
    assert for_regexp("/pyodide/*").match("/pyodide")  # the splat part is optional, as on Netlify
    assert for_regexp("/*.wasm").match("/pyodide/v1/pyodide.asm.wasm") and not for_regexp("/*.wasm").match("/a.js")
    assert for_regexp("/th/:slug/").match("/th/makruk") and not for_regexp("/th/:slug").match("/th/a/b")


def test_header_values_are_normalised_like_netlify(tmp_path):
    (tmp_path / "netlify.toml").write_text(NETLIFY)
    rules = load_header_rules(tmp_path)
    got = headers_for("/pyodide/v1/pyodide.asm.wasm", rules)
    assert got == {"Content-Type": "application/wasm", "Cache-Control": "public, max-age=31536000, immutable",
                   "X-Frame-Options": "DENY", "Link": "</a.css>; rel=preload, </b.js>; rel=modulepreload"}


def test_bad_header_entries_are_reported(tmp_path):
    (tmp_path / "netlify.toml").write_text('[[headers]]\nfor = "/*"\n[headers.values]\nX-A = 1\n[[headers]]\nvalues = {}\n')
    with pytest.raises(BuildFailed) as exc:
        load_header_rules(tmp_path)
    assert len(exc.value.problems) == 2


def test_the_real_netlify_toml_parses_and_sets_the_csp():
    rules = load_header_rules(PROJECT)
    csp = headers_for("/th/", rules).get("Content-Security-Policy", "")
    assert "script-src 'self'" in csp and "style-src 'self'" in csp


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("serve")
    site = tmp_path / "site"
    for name, data in {"index.html": "<p>home</p>", "404.html": "<p>not here</p>", "th/index.html": "th",
                       "pyodide/v1/pyodide.asm.wasm": "\0asm", "pyodide/v1/pyodide.mjs": "export {}",
                       "static/js/main.js": "1", "static/fonts/f.woff2": "w", "static/css/site.css": "p{}",
                       "engine/abc/kradan-0.1.0-py3-none-any.whl": "PK"}.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(data)
    (tmp_path / "netlify.toml").write_text(NETLIFY)
    httpd = make_server(site, "127.0.0.1", 0, load_header_rules(tmp_path))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def fetch(url):
    try:
        with urllib.request.urlopen(url) as reply:
            return reply.status, reply.headers, reply.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, err.read()


@pytest.mark.parametrize("path, mime", [
    ("/pyodide/v1/pyodide.asm.wasm", "application/wasm"),
    ("/pyodide/v1/pyodide.mjs", "text/javascript; charset=utf-8"),
    ("/static/js/main.js", "text/javascript; charset=utf-8"),
    ("/static/fonts/f.woff2", "font/woff2"),
    ("/static/css/site.css", "text/css; charset=utf-8"),
    ("/engine/abc/kradan-0.1.0-py3-none-any.whl", "application/zip"),
    ("/th/", "text/html; charset=utf-8"),
])
def test_mime_types(server, path, mime):
    status, headers, _ = fetch(server + path)
    assert status == 200
    assert headers.get_all("Content-Type") == [mime]
    assert headers["X-Frame-Options"] == "DENY"


def test_netlify_headers_are_applied_by_path(server):
    _, headers, _ = fetch(server + "/pyodide/v1/pyodide.mjs")
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
    _, headers, _ = fetch(server + "/th/")
    assert headers["Cache-Control"] is None


def test_missing_page_gets_404_html(server):
    status, headers, body = fetch(server + "/th/nowhere/")
    assert status == 404 and body == b"<p>not here</p>"
    assert headers["X-Frame-Options"] == "DENY"


def test_folders_are_not_listed(server):
    status, _, body = fetch(server + "/engine/abc/")
    assert status == 404 and b"kradan" not in body


def test_watch_rebuilds_when_a_source_changes(tmp_path):
    (tmp_path / "content").mkdir()
    lesson = tmp_path / "content" / "a.md"
    lesson.write_text("one")
    assert sources_stamp(tmp_path) != ()
    rebuilt = threading.Event()
    watch(tmp_path, rebuilt.set, interval=0.05)
    time.sleep(0.2)
    assert not rebuilt.is_set()
    lesson.write_text("two, longer")
    assert rebuilt.wait(5)
