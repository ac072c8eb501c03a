"""python -m site_builder.bench: the same as python -m site_builder bench."""
import sys

from . import run

sys.exit(run())
