"""What a headless-browser run needs: Chromium's flags and executable, and the built site served
like production in a thread (the benchmark and tests/e2e use them)."""
from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path

from .serve import load_header_rules, make_server

#: The features the pinned Playwright turns off (playwright-core's chromiumSwitches.ts): Chromium
#: reads only the last --disable-features, so ours repeats them (tests/site_builder/test_browser.py
#: compares this with the installed Playwright).
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding", "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin", "OptimizationHints",
    "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch", "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
)
#: Browser UI a headless run never shows: Chromium 15x gives every new window two omnibox-popup
#: WebUI renderers, about as much CPU as the page it opens (measured: 8 pages, 4.3 s of CPU in
#: those renderers against 0.5 s in the pages' own).
UNSHOWN_UI_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")

#: Flags for headless Chromium in containers and CI.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
    "--disable-features=" + ",".join((*PLAYWRIGHT_DISABLED_FEATURES, *UNSHOWN_UI_FEATURES)),
]


#: Debian's Chromium builds, first choice first: the headless shell (package chromium-headless-shell,
#: the same engine without the browser's own windows and UI, the build Playwright itself runs for
#: headless pages; about 12% less CPU over the e2e tests), then the whole browser (package chromium).
DEBIAN_CHROMIUMS = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")


def chromium_executable() -> str | None:
    """$KRADAN_CHROMIUM when it exists, else the first of DEBIAN_CHROMIUMS installed; None means
    Playwright's own browser."""
    given = os.environ.get("KRADAN_CHROMIUM")
    if given is not None:
        return given if given and Path(given).exists() else None
    return next((path for path in DEBIAN_CHROMIUMS if Path(path).exists()), None)


def serve_in_thread(folder: Path, root: Path, mixin: type | None = None) -> tuple[str, Callable[[], None]]:
    """Serve `folder` like production (site_builder.serve: MIME types, root's netlify.toml headers)
    on a free port in a daemon thread, without an access log and without tracebacks for clients
    that hang up mid-download; `mixin`, a class put before the site's request handler, may answer
    some requests its own way (the tests' engine in CPython). Returns ("http://127.0.0.1:PORT", stop)."""
    server = make_server(Path(folder), "127.0.0.1", 0, load_header_rules(Path(root)))
    handler = server.RequestHandlerClass  # functools.partial(handler class, directory=...)
    bases = (mixin, handler.func) if mixin else (handler.func,)
    quiet = type("QuietSiteHandler", bases, {"log_message": lambda *a, **k: None})
    server.RequestHandlerClass = partial(quiet, *handler.args, **handler.keywords)
    default_error = server.handle_error

    def handle_error(request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):
            default_error(request, client_address)

    server.handle_error = handle_error
    thread = threading.Thread(target=server.serve_forever, name="kradan-site-server", daemon=True)
    thread.start()

    def stop():
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)

    return f"http://127.0.0.1:{server.server_address[1]}", stop
