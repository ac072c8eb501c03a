"""Fairy-Stockfish (pyffish), the oracle of the cross-checks, imported on first use.

The cross-check modules must import where pyffish cannot exist (inside Pyodide the runner
deselects the ``pyffish`` marker). In CPython a missing pyffish fails every test that uses it.
"""

from __future__ import annotations

import importlib


class _Pyffish:
    """Attribute access imports pyffish (``sf.legal_moves(...)``); ImportError if it is missing."""

    def __getattr__(self, name: str):
        try:
            module = importlib.import_module("pyffish")
        except ImportError as exc:
            raise ImportError("pyffish (Fairy-Stockfish) is not installed; `pip install -e '.[test]'` "
                              "brings it") from exc
        return getattr(module, name)


sf = _Pyffish()
