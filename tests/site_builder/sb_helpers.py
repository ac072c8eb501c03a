"""Helpers for the site builder tests: tiny projects in tmp dirs (never the real content)."""
from __future__ import annotations

import textwrap
from pathlib import Path

from site_builder.assets import AssetUrls

PROJECT = Path(__file__).resolve().parents[2]
URLS = AssetUrls(pyodide_base="/pyodide/v314.0.7/", wheel_url="/engine/0123456789ab/kradan-0.1.0-py3-none-any.whl")


def lesson(title: str, order: int, body: str = "", summary: str = "A summary") -> str:
    """Markdown source of one lesson."""
    return f"---\ntitle: {title}\norder: {order}\nsummary: {summary}\n---\n" + textwrap.dedent(body)


def board(*lines: str) -> str:
    """A ```makruk block."""
    return "```makruk\n" + "".join(line + "\n" for line in lines) + "```\n"


def write_tree(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def fake_assets(out: Path, root: Path) -> AssetUrls:
    """Stands in for write_assets where the test is about pages, not the runtime files."""
    return URLS
