"""Strict front matter: a `---` block of `key: value` lines with a fixed schema."""
from __future__ import annotations

from dataclasses import dataclass

from .errors import BuildProblem

FENCE = "---"


@dataclass(frozen=True)
class FrontMatter:
    """Parsed values plus where the body starts (1-based line in the file)."""

    values: dict[str, str | int]
    body: str
    body_line: int


def key_lines(lines: list[str], first_line: int, rel: str, what: str,
              allowed: tuple[str, ...]) -> tuple[list[tuple[int, str, str]], list[BuildProblem]]:
    """The ``key: value`` lines (blank and ``#`` lines skipped) as (file line, key, value).

    ``first_line`` is the file line of lines[0]; ``what`` names the block in messages. A line
    without ':', an unknown key or a repeated key is a problem, not an entry.
    """
    entries: list[tuple[int, str, str]] = []
    problems: list[BuildProblem] = []
    seen: set[str] = set()
    for offset, raw in enumerate(lines):
        line_no, text = first_line + offset, raw.strip()
        if not text or text.startswith("#"):
            continue
        key, sep, value = text.partition(":")
        key, value = key.strip(), value.strip()
        if not sep:
            problems.append(BuildProblem(rel, line_no, f"{what} line {text!r} has no ':'",
                                         "write each line as 'key: value'"))
        elif key not in allowed:
            problems.append(BuildProblem(rel, line_no, f"unknown {what} key {key!r}",
                                         f"use only {', '.join(allowed)}"))
        elif key in seen:
            problems.append(BuildProblem(rel, line_no, f"{what} key {key!r} appears twice",
                                         "keep one of the two lines"))
        else:
            seen.add(key)
            entries.append((line_no, key, value))
    return entries, problems


def parse(text: str, rel: str, schema: dict[str, type]) -> tuple[FrontMatter | None, list[BuildProblem]]:
    """Split `text` into front matter and body; check keys and types against `schema`.

    `schema` maps each required key to `str` or `int`. Returns (None, problems) when
    the block itself is unusable; otherwise every key/type problem is listed.
    """
    lines = text.split("\n")
    keys = ", ".join(schema)
    if not lines or lines[0].strip() != FENCE:
        return None, [BuildProblem(rel, 1, "the file does not start with front matter",
                                   f"begin the file with a '---' line, then {keys}, then '---'")]
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == FENCE)
    except StopIteration:
        return None, [BuildProblem(rel, 1, "the front matter is not closed",
                                   "add a '---' line after the last front matter key")]
    values: dict[str, str | int] = {}
    entries, problems = key_lines(lines[1:end], 2, rel, "front matter", tuple(schema))
    for line_no, key, value in entries:
        if not value:
            problems.append(BuildProblem(rel, line_no, f"front matter key {key!r} is empty",
                                         f"give {key} a value"))
        elif schema[key] is int:
            try:
                values[key] = int(value)
            except ValueError:
                problems.append(BuildProblem(rel, line_no, f"{key} must be a whole number, not {value!r}",
                                             f"write e.g. '{key}: 3'"))
        else:
            values[key] = _unquote(value)
    problems.sort(key=lambda problem: problem.line)  # report in file order
    seen = {lines[i].partition(":")[0].strip() for i in range(1, end)}
    for key in schema:
        if key not in seen:
            problems.append(BuildProblem(rel, 1, f"front matter key {key!r} is missing",
                                         f"add a '{key}: ...' line between the '---' lines"))
    body = "\n".join(lines[end + 1:])
    return FrontMatter(values, body, end + 2), problems


def _unquote(value: str) -> str:
    """Drop one pair of matching surrounding quotes, if any."""
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value
