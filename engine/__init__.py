"""Kradan's rules engine: pure Python, standard library only.

The browser (through Pyodide) and the site builder both talk to it through
:func:`engine.api.call`, the single JSON door.
"""

__version__ = "0.1.0"
