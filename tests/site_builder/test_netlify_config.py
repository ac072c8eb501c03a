"""netlify.toml, read by Netlify's own config loader (@netlify/config, offline)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("netlify_config.mjs")

pytestmark = pytest.mark.netlify

EXPECTED_CSP = {
    "default-src": "'self'",
    "script-src": "'self' 'wasm-unsafe-eval'",
    "worker-src": "'self'",
    "connect-src": "'self'",
    "font-src": "'self'",
    "img-src": "'self' data:",
    "style-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "frame-ancestors": "'none'",
}


@pytest.fixture(scope="module")
def netlify():
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (needed to read netlify.toml with @netlify/config)")
    if not (ROOT / "node_modules" / "@netlify" / "config").is_dir():
        pytest.fail("node_modules/@netlify/config is missing: run `npm ci`")
    proc = subprocess.run(
        [node, str(SCRIPT), str(ROOT)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # Any warning @netlify/config prints (unknown keys, bad header syntax...) fails the test.
    assert proc.stderr == "", proc.stderr
    return json.loads(proc.stdout)


def _headers_for(config, path):
    matches = [h["values"] for h in config["headers"] if h["for"] == path]
    assert len(matches) == 1, f"expected one [[headers]] block for {path}: {config['headers']}"
    return matches[0]


def test_build_command_and_publish_dir(netlify):
    build = netlify["build"]
    assert Path(build["publish"]) == ROOT / "_site"
    command = build["command"]
    assert "pip install ." in command
    assert "npm ci" in command
    assert command.rstrip().endswith("-m site_builder build")


def test_wasm_is_served_as_application_wasm(netlify):
    assert _headers_for(netlify, "/*.wasm") == {"Content-Type": "application/wasm"}


@pytest.mark.parametrize("path", ["/pyodide/*", "/engine/*"])
def test_versioned_runtime_files_are_cached_forever(netlify, path):
    assert _headers_for(netlify, path)["Cache-Control"] == "public, max-age=31536000, immutable"


def test_every_page_has_a_strict_csp_and_nosniff(netlify):
    values = _headers_for(netlify, "/*")
    assert values["X-Content-Type-Options"] == "nosniff"
    directives = {}
    for part in values["Content-Security-Policy"].split(";"):
        name, _, value = part.strip().partition(" ")
        directives[name] = value.strip()
    for name, value in EXPECTED_CSP.items():
        assert directives.get(name) == value, (name, directives.get(name))
    # Nothing but our own origin, and no eval of JavaScript.
    assert "'unsafe-eval'" not in values["Content-Security-Policy"]
    assert "'unsafe-inline'" not in values["Content-Security-Policy"]
    assert "http" not in values["Content-Security-Policy"]
