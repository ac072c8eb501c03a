"""Engine tests. pytest puts this folder on sys.path (it does so for every conftest's folder),
so the helpers next to it (``door_checks``) import from tests/engine/core and from each game's folder."""
