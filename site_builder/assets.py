"""Copy the browser runtime into the built site.

`write_assets(out_dir, project_root)` puts everything the pages load, besides the pages
themselves, under `out_dir`:

    static/...                                   copy of site_builder/static/ (CSS minified, JS
                        without comments or needless whitespace: js_strip.py)
    static/fonts/sarabun-{thai,latin}-{400,700}-normal.woff2   from @fontsource/sarabun
    static/vendor/qrcode-generator/{qrcode.mjs, LICENSE}       from qrcode-generator (the teachers'
                        QR codes; LICENSE is the notice at the head of qrcode.mjs, which the
                        package ships in place of a LICENSE file)
    pyodide/v<version>-<hash12>/{pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm,
                        python_stdlib.zip, pyodide-lock.json}
                        from the npm package, cut to what the engine needs (pyodide_trim.py)
    pyodide/v<version>-<hash12>/snapshot-<the wheel's hash12>.bin.gz
                        a memory snapshot of that Pyodide with the wheel's engine imported
    engine/<sha256[:12] of the wheel>/kradan-0.1.0-py3-none-any.whl

and returns the two URLs that every page's <head> names (`AssetUrls`).

The browser wheel holds only `engine/`: it is built from a temporary folder with a copy of
engine/*.py and a minimal generated pyproject.toml, named `kradan` 0.1.0, with plain
`pip wheel --no-deps`. It is cached per hash of the engine sources, so a rebuild of the
site with an unchanged engine does not run pip at all. The URL carries the hash of the
wheel's bytes, so it can be cached forever (`immutable`, see netlify.toml).

Pyodide is self-hosted: nothing here, nor in the pages, points at a CDN. In a browser,
Pyodide looks for packages only beside the lock file it was given (packageBaseUrl), and the
only package the worker loads is our wheel, by its full URL.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from site_builder.errors import BuildFailed, BuildProblem
from site_builder.js_strip import JsSyntaxError, stripped_js
from site_builder.pyodide_trim import PYODIDE_FILES, shipped_pyodide, snapshot_name, wheel_id
from site_builder.user_cache import user_cache_dir

FONT_FILES = tuple(
    f"sarabun-{subset}-{weight}-normal.woff2"
    for subset in ("thai", "latin")
    for weight in (400, 700)
)
#: Files under site_builder/static/ the site never serves: Python's caches and the type checker's
#: configs and declarations (static/js/tsconfig*.json, static/js/types/*.d.ts; tests/site_builder/test_typecheck.py).
NOT_SHIPPED = ("__pycache__", "*.pyc", ".DS_Store", "tsconfig*.json", "*.d.ts")
#: The QR code library (npm qrcode-generator, pinned in package.json): its ES module, as shipped.
QR_SOURCE = Path("node_modules") / "qrcode-generator" / "dist" / "qrcode.mjs"
QR_FOLDER = "static/vendor/qrcode-generator"
#: Its URL in the site (site_builder.teach imports it; not under static/js/, so modules.py
#: does not follow it: a page that uses it preloads it by this name).
QR_MODULE = f"/{QR_FOLDER}/qrcode.mjs"
DIST_NAME = "kradan"
DIST_VERSION = "0.1.0"
WHEEL_NAME = f"{DIST_NAME}-{DIST_VERSION}-py3-none-any.whl"

# The pyproject.toml of the engine-only wheel. Part of the cache key: change it and the
# wheel is rebuilt.
ENGINE_PYPROJECT = f"""\
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "{DIST_NAME}"
version = "{DIST_VERSION}"
description = "Kradan's rules engine (engine package only), for Pyodide"
requires-python = ">=3.11"

[tool.setuptools.packages.find]
include = ["engine", "engine.*"]
namespaces = false
"""
# Fixed zip timestamps (1980-01-01) so the same sources give the same wheel bytes, and so
# the same URL, on every machine with the same setuptools.
SOURCE_DATE_EPOCH = "315532800"

NPM_FIX = "run `npm ci` in the project folder (it installs the pinned files from package.json)"


@dataclass(frozen=True)
class AssetUrls:
    pyodide_base: str  # "/pyodide/v314.0.7-<hash12>/" (ends with a slash; indexURL for loadPyodide)
    wheel_url: str  # "/engine/<hash12>/kradan-0.1.0-py3-none-any.whl"

    @property
    def snapshot_url(self) -> str:
        """Pyodide's memory snapshot with this wheel's engine imported (named by the wheel's folder)."""
        return self.pyodide_base + snapshot_name(self.wheel_url.rsplit("/", 2)[-2])


CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
CSS_SPACE = re.compile(r"\s+")
CSS_PUNCTUATION_SPACE = re.compile(r"\s*([{};,>/])\s*")  # "/" too: grid-area: 1 / 2, rgb(0 0 0 / .5)
CSS_COLON_SPACE = re.compile(r":\s+")  # "color: red" -> "color:red"; the space BEFORE a colon is a selector's
CSS_LAST_SEMICOLON = re.compile(r";}")
CSS_STRING = re.compile(r"(\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*')")


def _minified_outside_strings(css: str) -> str:
    css = CSS_COLON_SPACE.sub(":", CSS_PUNCTUATION_SPACE.sub(r"\1", CSS_SPACE.sub(" ", css)))
    return CSS_LAST_SEMICOLON.sub("}", css)


def minified_css(css: str) -> str:
    """The stylesheet as shipped: comments dropped, whitespace cut to what the syntax needs (kept
    before ':' and between selectors, where a space changes a selector's meaning), no ';' before
    '}'; strings are copied as they are."""
    parts = CSS_STRING.split(CSS_COMMENT.sub("", css))
    return "".join(part if i % 2 else _minified_outside_strings(part) for i, part in enumerate(parts)).strip() + "\n"


def strip_scripts(folder: Path, source: Path, project_root: Path) -> None:
    """Every ``.js`` file under `folder` (copied from `source`) as shipped: no comments, no
    needless whitespace (site_builder.js_strip); BuildFailed names each file it cannot read."""
    problems = []
    for script in sorted(folder.rglob("*.js")):
        try:
            script.write_text(stripped_js(script.read_text(encoding="utf-8")), encoding="utf-8")
        except JsSyntaxError as exc:
            where = _rel(source / script.relative_to(folder), project_root)
            problems.append(BuildProblem(where, exc.line, f"the shipped copy cannot be made: {exc.what}",
                                         "close it (`node --check` on the file shows where)"))
    if problems:
        raise BuildFailed(problems)


def write_assets(out_dir: Path, project_root: Path, engine_games: dict[str, Path] | None = None) -> AssetUrls:
    """Copy static files, Pyodide, fonts and the engine wheel into `out_dir`; ``engine_games``
    (module -> package folder) are games from outside engine/ that the wheel carries too.

    Raises BuildFailed listing every missing piece at once.
    """
    out_dir = Path(out_dir)
    project_root = Path(project_root)
    problems: list[BuildProblem] = []

    static_src = project_root / "site_builder" / "static"
    pyodide_src = project_root / "node_modules" / "pyodide"
    fonts_src = project_root / "node_modules" / "@fontsource" / "sarabun" / "files"

    version = None
    try:
        version = pyodide_version(project_root)
    except BuildFailed as e:
        problems.extend(e.problems)
    else:
        for name in PYODIDE_FILES:
            if not (pyodide_src / name).is_file():
                problems.append(_missing(pyodide_src / name, project_root))
    if not fonts_src.is_dir():
        problems.append(_missing(fonts_src, project_root))
    else:
        for name in FONT_FILES:
            if not (fonts_src / name).is_file():
                problems.append(_missing(fonts_src / name, project_root))

    qr_source = project_root / QR_SOURCE
    if not qr_source.is_file():
        problems.append(_missing(qr_source, project_root))

    wheel = None
    try:
        wheel = engine_wheel(project_root, engine_games=engine_games)
    except BuildFailed as e:
        problems.extend(e.problems)

    if problems:
        raise BuildFailed(problems)

    out_dir.mkdir(parents=True, exist_ok=True)
    static_out = out_dir / "static"
    if static_src.is_dir():
        shutil.copytree(
            static_src,
            static_out,
            dirs_exist_ok=True,
            ignore=shutil.ignore_patterns(*NOT_SHIPPED),
        )
        for css in static_out.rglob("*.css"):
            css.write_text(minified_css(css.read_text(encoding="utf-8")), encoding="utf-8")
        strip_scripts(static_out / "js", static_src / "js", project_root)
    fonts_out = static_out / "fonts"
    fonts_out.mkdir(parents=True, exist_ok=True)
    for name in FONT_FILES:
        shutil.copyfile(fonts_src / name, fonts_out / name)
    write_qr_library(qr_source, out_dir / QR_FOLDER)

    pyodide = shipped_pyodide(pyodide_src, version, wheel, project_root / "engine", user_cache_dir())
    pyodide_out = out_dir / "pyodide" / pyodide.name
    pyodide_out.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(pyodide.folder / name, pyodide_out / name)
    hash12 = wheel_id(wheel)
    shutil.copyfile(pyodide.snapshot, pyodide_out / snapshot_name(hash12))

    wheel_out = out_dir / "engine" / hash12
    wheel_out.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(wheel, wheel_out / WHEEL_NAME)

    return AssetUrls(
        pyodide_base=f"/pyodide/{pyodide.name}/",
        wheel_url=f"/engine/{hash12}/{WHEEL_NAME}",
    )


def write_qr_library(source: Path, folder: Path) -> None:
    """The QR code module as shipped, with its licence: the comment block it opens with."""
    folder.mkdir(parents=True, exist_ok=True)
    text = source.read_text(encoding="utf-8")
    shutil.copyfile(source, folder / "qrcode.mjs")
    notice = []
    for line in text.splitlines()[1:]:
        if not line.startswith("//") or line.startswith("//---"):
            break
        notice.append(line[2:].removeprefix(" "))
    (folder / "LICENSE").write_text("\n".join(notice).strip() + "\n", encoding="utf-8")


def pyodide_version(project_root: Path) -> str:
    """The version of the installed npm package `pyodide` (e.g. "314.0.7")."""
    pkg = Path(project_root) / "node_modules" / "pyodide" / "package.json"
    try:
        version = json.loads(pkg.read_text(encoding="utf-8"))["version"]
    except FileNotFoundError:
        raise BuildFailed([_missing(pkg, project_root)]) from None
    except (ValueError, KeyError, TypeError) as e:
        raise BuildFailed(
            [BuildProblem(_rel(pkg, project_root), 1, f"cannot read Pyodide's version: {e}", NPM_FIX)]
        ) from None
    if not isinstance(version, str) or not version:
        raise BuildFailed(
            [BuildProblem(_rel(pkg, project_root), 1, "Pyodide's package.json has no version", NPM_FIX)]
        )
    return version


def engine_sources_hash(project_root: Path, engine_games: dict[str, Path] | None = None) -> str:
    """sha256 over engine/**/*.py (relative path + bytes), the extra games' packages and the wheel recipe."""
    h = hashlib.sha256()
    h.update(_wheel_pyproject(engine_games).encode())
    h.update(SOURCE_DATE_EPOCH.encode())
    engine_dir = Path(project_root) / "engine"
    for dest, path in _wheel_files(engine_dir, engine_games):
        rel = dest.removeprefix("engine/") if path.is_relative_to(engine_dir) else dest
        h.update(b"\0" + rel.encode() + b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()


GAMES_LIST = "kradan_games"  # engine.registry.LISTED: the games from outside engine/ a wheel carries


def _wheel_pyproject(engine_games: dict[str, Path] | None) -> str:
    """The wheel's pyproject: :data:`ENGINE_PYPROJECT`, plus the extra games' packages."""
    if not engine_games:
        return ENGINE_PYPROJECT
    names = ", ".join(f'"{name}", "{name}.*"' for name in (*sorted(engine_games), GAMES_LIST))
    return ENGINE_PYPROJECT.replace('include = ["engine", "engine.*"]', f'include = ["engine", "engine.*", {names}]')


def _wheel_files(engine_dir: Path, engine_games: dict[str, Path] | None) -> list[tuple[str, Path]]:
    """(path in the wheel, source file) of the engine and of every extra game's package."""
    files = [(f"engine/{p.relative_to(engine_dir).as_posix()}", p) for p in _engine_sources(engine_dir)]
    for name, folder in sorted((engine_games or {}).items()):
        files += [(f"{name.replace('.', '/')}/{p.relative_to(folder).as_posix()}", p) for p in _engine_sources(folder)]
    return files


def engine_wheel(project_root: Path, cache_dir: Path | None = None, engine_games: dict[str, Path] | None = None) -> Path:
    """Path of the engine-only wheel, built with pip on a cache miss; ``engine_games`` (module ->
    package folder) are games from outside engine/ it carries too, listed in ``kradan_games``."""
    project_root = Path(project_root)
    engine_dir = project_root / "engine"
    if not (engine_dir / "__init__.py").is_file():
        raise BuildFailed(
            [
                BuildProblem(
                    _rel(engine_dir / "__init__.py", project_root),
                    0,
                    "the engine package is missing, so the browser wheel cannot be built",
                    "run the build from the Kradan project folder (the one with engine/ in it)",
                )
            ]
        )
    key = engine_sources_hash(project_root, engine_games)
    cache = Path(cache_dir) if cache_dir else user_cache_dir() / "engine-wheel"
    cached = cache / key[:32] / WHEEL_NAME
    if cached.is_file():
        return cached

    with tempfile.TemporaryDirectory(prefix="kradan-wheel-") as tmp:
        tmp = Path(tmp)
        src = tmp / "src"
        for rel, path in _wheel_files(engine_dir, engine_games):
            dest = src / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, dest)
        if engine_games:
            (src / GAMES_LIST).mkdir()
            (src / GAMES_LIST / "__init__.py").write_text(
                f'"""Games from outside engine/ (engine.registry loads them)."""\nENGINE_GAMES = {sorted(engine_games)!r}\n',
                encoding="utf-8")
        (src / "pyproject.toml").write_text(_wheel_pyproject(engine_games), encoding="utf-8")
        dist = tmp / "dist"
        built, log = _pip_wheel(src, dist)
        if built is None:
            raise BuildFailed(
                [
                    BuildProblem(
                        "engine/",
                        0,
                        "`pip wheel --no-deps` could not build the engine wheel:\n"
                        + log.strip(),
                        "make sure `python -m pip` works in this Python and can reach PyPI "
                        "once (to fetch setuptools), or install setuptools>=70.1 so no "
                        "download is needed",
                    )
                ]
            )
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_name(f".{WHEEL_NAME}.{os.getpid()}.part")
        shutil.copyfile(built, partial)
        os.replace(partial, cached)
    return cached


def _pip_wheel(src: Path, dist: Path) -> tuple[Path | None, str]:
    """Run plain `pip wheel --no-deps`; offline first when the local setuptools can."""
    env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PIP_DISABLE_PIP_VERSION_CHECK="1")
    base = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(dist)]
    attempts = []
    if _local_setuptools_can_build_wheels():
        attempts.append(base + ["--no-build-isolation", str(src)])
    attempts.append(base + [str(src)])  # isolated build: pip fetches setuptools
    output = []
    for cmd in attempts:
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
        wheels = sorted(dist.glob("*.whl"))
        if proc.returncode == 0 and wheels:
            if wheels[0].name != WHEEL_NAME:
                output.append(f"pip built {wheels[0].name}, expected {WHEEL_NAME}")
                break
            return wheels[0], ""
        output.append(f"$ {' '.join(cmd)}\n{proc.stdout}{proc.stderr}")
    return None, "\n".join(output)[-4000:]


def _local_setuptools_can_build_wheels() -> bool:
    """setuptools>=70.1 builds wheels by itself; older ones need the `wheel` package."""
    try:
        import importlib.metadata as md

        version = md.version("setuptools")
    except Exception:
        return False
    try:
        major, minor = (int(x) for x in version.split(".")[:2])
    except ValueError:
        return False
    if (major, minor) >= (70, 1):
        return True
    try:
        md.version("wheel")
        return major >= 61
    except Exception:
        return False


def _engine_sources(engine_dir: Path) -> list[Path]:
    return sorted(
        p
        for p in engine_dir.rglob("*.py")
        if "__pycache__" not in p.parts and p.is_file()
    )


def _rel(path: Path, root: Path) -> str:
    try:
        return Path(path).relative_to(root).as_posix()
    except ValueError:
        return str(path)


def _missing(path: Path, project_root: Path) -> BuildProblem:
    return BuildProblem(
        _rel(path, project_root),
        0,
        "this file is missing: the browser runtime (Pyodide, Sarabun font, QR codes) comes from node_modules/",
        NPM_FIX,
    )
