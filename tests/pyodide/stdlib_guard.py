# Run by run_in_pyodide.mjs --guard-stdlib, inside Pyodide, before pytest: while an engine frame
# is on the stack, every module an import statement hands out must be in the trimmed standard
# library zip the site ships (/tmp/guard-stdlib.zip here), or not come from the stdlib zip at all.
# pytest needs Pyodide's full zip, so a module the engine needs but the site's zip lacks would be
# found anyway: this records it in STDLIB_GUARD_MISSES instead (the runner then fails).
import builtins
import sys
import zipfile

_STDLIB = "/lib/python%d%d.zip/" % sys.version_info[:2]
with zipfile.ZipFile("/tmp/guard-stdlib.zip") as _zip:
    _SHIPPED = frozenset(_zip.namelist())
STDLIB_GUARD_MISSES = set()
_plain_import = builtins.__import__


def _engine_on_stack(frame):
    while frame is not None:
        name = frame.f_globals.get("__name__") or ""
        if name == "engine" or name.startswith("engine."):
            return True
        frame = frame.f_back
    return False


def _check(module):
    file = getattr(module, "__file__", None)
    if isinstance(file, str) and file.startswith(_STDLIB) and file[len(_STDLIB):] not in _SHIPPED:
        STDLIB_GUARD_MISSES.add(file[len(_STDLIB):])


def _guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
    module = _plain_import(name, globals, locals, fromlist, level)
    if _engine_on_stack(sys._getframe(1)):
        if level == 0:
            _check(sys.modules.get(name))
        _check(module)
        for attr in fromlist or ():
            _check(getattr(module, attr, None))
    return module


builtins.__import__ = _guarded_import
