"""Under netlify.toml's Content-Security-Policy, headless Chromium boots the self-hosted
Pyodide in a module worker and loads the engine wheel: no 'unsafe-eval' needed, no request
leaves our origin (no CDN), no CSP violation. A control run without 'wasm-unsafe-eval'
must fail, which shows the policy really is enforced in this check."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from site_builder.browser import chromium_executable

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent

pytestmark = [pytest.mark.pyodide, pytest.mark.e2e]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    from site_builder.assets import write_assets

    out = tmp_path_factory.mktemp("csp-site")
    urls = write_assets(out, ROOT)
    shutil.copytree(HERE / "csp_page", out / "csp-check")
    (out / "csp-check" / "urls.json").write_text(
        json.dumps({"pyodide_base": urls.pyodide_base, "wheel_url": urls.wheel_url})
    )
    return out


def _check(site, *extra, timeout=180):
    if not chromium_executable():
        pytest.fail("no Chromium found ($KRADAN_CHROMIUM or Debian's chromium-headless-shell or chromium: "
                    "bash .ci/test installs them)")
    proc = subprocess.run(
        [sys.executable, str(HERE / "csp_check.py"), str(site), *extra],
        capture_output=True, text=True, timeout=timeout,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(proc.stdout)


def test_pyodide_runs_under_the_netlify_csp_without_unsafe_eval(site):
    report = _check(site)
    result = report["result"]
    assert result["ok"], report
    assert result["replies"][0] == {"ok": True, "nodes": 529}
    assert result["pageViolations"] == [] and result["workerViolations"] == [], report
    origin = urlsplit(report["base"]).netloc
    foreign = [u for u in report["requests"] if urlsplit(u).netloc != origin]
    assert foreign == [], f"requests left our origin: {foreign}"
    assert any(u.endswith("/pyodide.asm.wasm") for u in report["requests"])
    assert any(u.endswith("/kradan-0.1.0-py3-none-any.whl") for u in report["requests"])
    problems = [c for c in report["console"] if not c.startswith("log: ")]
    assert problems == [], problems


def test_control_without_wasm_unsafe_eval_is_blocked(site):
    csp = "default-src 'self'; script-src 'self'; worker-src 'self'; connect-src 'self'"
    report = _check(site, "--csp", csp, "--timeout", "60")
    assert not report["result"]["ok"]
    assert "Content Security Policy" in report["result"]["error"], report
