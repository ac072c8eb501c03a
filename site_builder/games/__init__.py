"""The site's game plugins: game id -> :class:`~site_builder.plugin.GameSite`, one line per game.

Shared modules reach a game's site code only through :data:`PLUGINS`. A game that lives
outside site_builder/ (a project's own game) is a module with a ``PLUGIN``, named in
``[tool.kradan.site] plugins``: :func:`load` registers it and its engine package.
"""
from __future__ import annotations

import importlib

from engine import registry as engine_registry

from ..plugin import GameSite
from .dummy import PLUGIN as DUMMY
from .komayo import PLUGIN as KOMAYO
from .makhos import PLUGIN as MAKHOS
from .makruk import PLUGIN as MAKRUK

PLUGINS: dict[str, GameSite] = {site.id: site for site in (
    MAKRUK,
    MAKHOS,
    KOMAYO,
    DUMMY,
)}


def load(module: str) -> GameSite:
    """Import the plugin module ``module``, register its ``PLUGIN`` and the engine package the
    plugin names (``engine_package``); loading it again changes nothing."""
    site = importlib.import_module(module).PLUGIN
    if site.engine_package:
        engine_registry.load(site.engine_package)
    known = PLUGINS.setdefault(site.id, site)
    if known is not site:
        raise ValueError(f"the site already has a game {site.id!r}")
    return site
