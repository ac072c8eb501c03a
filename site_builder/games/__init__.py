"""The site's game plugins: game id -> :class:`~site_builder.plugin.GameSite`, one line per game.

Shared modules reach a game's site code only through :data:`PLUGINS`.
"""
from __future__ import annotations

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
