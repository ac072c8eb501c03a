"""Named rule options: declaration, defaults and validation of user-supplied values."""

from __future__ import annotations

from dataclasses import dataclass

from . import errors
from .errors import EngineError, quote


@dataclass(frozen=True)
class Option:
    """One rule option. ``choices`` lists the allowed values; ``kind`` is their JSON type."""

    name: str
    default: object
    choices: tuple
    description: str
    description_th: str
    source: str = ""

    def to_dict(self) -> dict:
        """The option as the ``games`` op lists it."""
        return {
            "name": self.name,
            "default": self.default,
            "choices": list(self.choices),
            "description": self.description,
            "description_th": self.description_th,
            "source": self.source,
        }


def resolve(declared: tuple[Option, ...], given: object) -> dict:
    """Merge ``given`` over the defaults; reject unknown names and values outside the choices."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise EngineError(
            errors.BAD_TYPE,
            f"'options' must be an object, got {type(given).__name__}",
            f"'options' ต้องเป็นออบเจกต์ แต่ได้ {type(given).__name__}",
            "options",
        )
    by_name = {o.name: o for o in declared}
    values = {o.name: o.default for o in declared}
    for name, value in given.items():
        option = by_name.get(name)
        if option is None:
            known = ", ".join(sorted(by_name))
            raise EngineError(
                errors.UNKNOWN_OPTION,
                f"unknown option {quote(name)}; known options: {known}",
                f"ไม่รู้จักตัวเลือก {quote(name)} ตัวเลือกที่มี: {known}",
                f"options.{name}" if isinstance(name, str) and len(name) <= 40 else "options",
            )
        # bool is a subclass of int: compare types exactly so True is never taken for 1.
        if not any(type(value) is type(c) and value == c for c in option.choices):
            allowed = ", ".join(repr(c) for c in option.choices)
            raise EngineError(
                errors.BAD_OPTION_VALUE,
                f"option {name!r} cannot be {quote(value)}; allowed: {allowed}",
                f"ตัวเลือก {name!r} เป็น {quote(value)} ไม่ได้ ค่าที่ใช้ได้: {allowed}",
                f"options.{name}",
            )
        values[name] = value
    return values
