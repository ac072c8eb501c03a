"""Strict loading of puzzle files: TOML (tomllib), field names and types, common fields.

Every problem becomes a BuildProblem ``(path, line, "field: what", fix)``. tomllib gives no
line numbers, so :class:`KeyLines` finds the line of ``key =`` or ``[table]`` in the text.
"""
from __future__ import annotations

import difflib
import hashlib
import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BuildProblem
from ..games import PLUGINS
from ..i18n import LANGS
from ..plugin import GameSite, PuzzleExample
from .kinds.base import Field, Issue, PuzzleKind
from .registry import KINDS
from .texts import tag_words

ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")
TAG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")
RESERVED_IDS = ("format",)
EXAMPLE = next(iter(PLUGINS.values())).puzzle_example  # the examples of the author's guide

COMMON_FIELDS = (
    Field("id", "str", required=True, example=f'"{EXAMPLE.id}"',
          doc_th="ชื่อโจทย์ ต้องตรงกับชื่อไฟล์ (ไม่รวม `.toml`) ใช้ตัวอักษรอังกฤษตัวเล็ก ตัวเลข และขีด `-`",
          doc_en="the puzzle's id; must equal the file name without .toml (a-z, 0-9, -)"),
    Field("game", "str", required=True, example=f'"{EXAMPLE.game}"',
          doc_th="เกม ต้องเป็นเกมที่เอนจินรู้จักและตรงกับโฟลเดอร์ `puzzles/<game>/`",
          doc_en="the game; one the engine knows, equal to the folder puzzles/<game>/"),
    Field("kind", "str", required=True, example='"mate"',
          doc_th="ชนิดของโจทย์ (ดูด้านล่าง)", doc_en="the kind of puzzle (see below)"),
    Field("position", "str", required=True, example=f'"{EXAMPLE.position}"',
          doc_th="ตำแหน่งเริ่มต้นเป็น FEN ฝ่ายที่ต้องเดินคือฝ่ายที่แก้โจทย์",
          doc_en="the position as FEN; the side to move is the solver"),
    Field("difficulty", "int", required=True, bounds=(1, 5), example="2",
          doc_th="ความยาก 1 (ง่าย) ถึง 5 (ยาก)", doc_en="difficulty from 1 (easy) to 5 (hard)"),
    Field("tags", "list[str]", default=(), example=EXAMPLE.tags,
          doc_th="ป้ายกำกับ ใช้กรองรายการโจทย์ ต้องเป็นป้ายที่เว็บมีชื่อภาษาไทยและอังกฤษ (ดูรายการด้านล่าง)",
          doc_en="tags, used by the index filters; each must be one the site has Thai and English names for "
                 "(see the list below)"),
    Field("credit", "name", default="", example='{ th = "กระดาน", en = "Kradan" }',
          doc_th="ผู้แต่งหรือที่มาของโจทย์ ชื่อเดียว หรือตาราง `th` และ `en` เมื่อเขียนต่างกันในสองภาษา",
          doc_en="author or source: one name, or a table with th and en when the two languages differ"),
    Field("title", "text", required=True, example='{ th = "...", en = "..." }',
          doc_th="ชื่อโจทย์ ภาษาไทยและภาษาอังกฤษ", doc_en="the title, in Thai and English"),
    Field("goal", "text", example='{ th = "...", en = "..." }',
          doc_th="สิ่งที่ต้องทำ (ถ้าไม่ใส่ ระบบสร้างให้จากชนิดของโจทย์)",
          doc_en="what to do (made from the kind when left out)"),
    Field("hints", "text-list", default=None, example='{ th = ["..."], en = ["..."] }',
          doc_th="คำใบ้ทีละข้อ อย่างน้อยสองข้อในแต่ละภาษา จำนวนเท่ากัน และต้องเขียนเฉพาะโจทย์นี้ (ดูด้านล่าง)",
          doc_en="hints, shown one by one: at least two in each language, the same number, written for this puzzle (see below)"),
)
COMMON = {f.name: f for f in COMMON_FIELDS}


@dataclass
class Puzzle:
    """A puzzle whose fields passed the schema and whose position the engine accepted."""

    rel: str
    id: str
    game: str
    kind: str
    position: str  # the engine's FEN of the start position
    difficulty: int
    tags: tuple[str, ...]
    credit: dict[str, str]  # per language ("" when the file gives none)
    title: dict[str, str]
    goal: dict[str, str] | None
    hints: dict[str, list[str]]
    fields: dict  # kind-specific fields, defaults filled in
    solver: str  # the side to move: a side id of the game (the engine's games op lists them)
    board: dict  # the engine's play reply for the position (pieces, status, ...)
    digest: str  # sha256 of the file's bytes
    lines: "KeyLines"
    proof: dict | None = None
    solution: dict[str, list[str]] | None = None  # the solution's words per language (phase 1)
    cached: bool = False
    seconds: float = 0.0

    @property
    def kind_obj(self) -> PuzzleKind:
        return KINDS[self.kind]

    @property
    def site(self) -> GameSite:
        """The game's site plugin (its words)."""
        return PLUGINS[self.game]

    def url(self, lang: str) -> str:
        return f"/{lang}/puzzles/{self.id}/"

    def sort_key(self) -> tuple:
        """The index's and 'next puzzle' order, easiest first: game (in the site's registry
        order), difficulty, kind (in the registry's order), id."""
        return (list(PLUGINS).index(self.game), self.difficulty, list(KINDS).index(self.kind), self.id)

    def problem(self, issue: Issue) -> BuildProblem:
        """A kind's issue at the line of its field; a field the file leaves out points at the solution
        (``alternatives``) or at the kind line, so every proof problem has a line."""
        line = self.lines.line(issue.field) or self.lines.line("solution") or self.lines.line("kind")
        return BuildProblem(self.rel, line, f"{issue.field}: {issue.what}", issue.fix)


class KeyLines:
    """Line numbers of keys in a TOML text: ``title.th`` -> 12, ``solution`` -> 9 (1-based)."""

    KEY = re.compile(r"""\s*((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*=""")
    TABLE = re.compile(r"""\s*\[\s*([^\[\]]+?)\s*\]\s*(#.*)?\Z""")

    def __init__(self, text: str):
        self.lines: dict[str, int] = {}
        table, in_string = "", None
        for number, line in enumerate(text.split("\n"), 1):
            if in_string:
                if line.count(in_string) % 2:
                    in_string = None
                continue
            m = self.TABLE.match(line)
            if m:
                table = self._dotted(m[1])
                self.lines.setdefault(table, number)
                continue
            m = self.KEY.match(line)
            if m:
                key = self._dotted(m[1])
                self.lines.setdefault(f"{table}.{key}" if table else key, number)
                rest = line[m.end():]
                for quote in ('"""', "'''"):
                    if rest.count(quote) % 2:
                        in_string = quote

    @staticmethod
    def _dotted(text: str) -> str:
        return ".".join(part.strip().strip("\"'") for part in text.split("."))

    def line(self, field_path: str) -> int:
        """The line of ``field_path`` or of its nearest parent (``solution[2]`` -> ``solution``); 0 if absent."""
        path = re.sub(r"\[\d+\]", "", field_path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path.rpartition(".")[0]
        return 0


def check_type(value: object, spec: Field) -> str | None:
    """None if ``value`` fits ``spec.type``; else what it should be."""
    t = spec.type
    if t == "str":
        ok = isinstance(value, str)
        want = "a string in double quotes"
    elif t == "int":
        ok = isinstance(value, int) and not isinstance(value, bool)
        want = "a whole number"
    elif t == "number":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        want = "a number"
    elif t == "bool":
        ok = isinstance(value, bool)
        want = "true or false"
    elif t == "list[str]":
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        want = 'a list of strings, like ["a", "b"]'
    elif t == "text":
        ok = isinstance(value, dict) and set(value) == set(LANGS) and all(isinstance(v, str) for v in value.values())
        want = 'a table with exactly th and en strings, like { th = "...", en = "..." }'
    elif t == "name":
        ok = isinstance(value, str) or (isinstance(value, dict) and set(value) == set(LANGS)
                                        and all(isinstance(v, str) for v in value.values()))
        want = 'a string, or a table with exactly th and en strings'
    elif t == "text-list":
        ok = isinstance(value, dict) and set(value) == set(LANGS) and all(
            isinstance(v, list) and all(isinstance(s, str) for s in v) for v in value.values())
        want = 'a table with exactly th and en lists of strings, like { th = ["..."], en = ["..."] }'
    else:  # pragma: no cover - a kind declared a type this module does not know
        raise ValueError(f"unknown field type {t!r}")
    return None if ok else want


def _per_language(value: str | dict[str, str]) -> dict[str, str]:
    """A "name" field's value per language."""
    return dict(value) if isinstance(value, dict) else {lang: value for lang in LANGS}


def _type_name(value: object) -> str:
    return {bool: "a boolean", int: "a whole number", float: "a number", str: "a string",
            list: "a list", dict: "a table"}.get(type(value), type(value).__name__)


def _toml_string(text: str) -> str:
    """``text`` as a one-line TOML basic string (a multi-line position's line breaks as ``\\n``)."""
    return json.dumps(text, ensure_ascii=False)


def own_examples(game: object) -> dict[str, str]:
    """The examples of the fields written in a game's own notation (id, position, tags), as TOML
    values, from the game's site plugin; the author's guide's when the game is unknown."""
    example: PuzzleExample = PLUGINS[game].puzzle_example if isinstance(game, str) and game in PLUGINS else EXAMPLE
    return {"id": _toml_string(example.id), "game": _toml_string(example.game),
            "position": _toml_string(example.position), "tags": example.tags}


def _check_value(name: str, value: object, spec: Field, example: str | None = None) -> list[Issue]:
    """Issues of a field's value; ``example`` (else the field's own) is the fix's example."""
    want = check_type(value, spec)
    example = example or spec.example
    if want:
        return [Issue(name, f"must be {want}, not {_type_name(value)} {_short(value)}",
                      f"write e.g. {name} = {example}" if example else f"write {want}")]
    issues = []
    if spec.choices and value not in spec.choices:
        allowed = ", ".join(repr(c) if isinstance(c, str) else str(c) for c in spec.choices)
        issues.append(Issue(name, f"{value!r} is not allowed", f"use one of: {allowed}"))
    if spec.bounds and not spec.bounds[0] <= value <= spec.bounds[1]:
        issues.append(Issue(name, f"{value} is outside {spec.bounds[0]}..{spec.bounds[1]}",
                            f"use a value from {spec.bounds[0]} to {spec.bounds[1]}"))
    if spec.type in ("text", "text-list"):
        for lang in LANGS:
            if spec.type == "text" and not value[lang].strip():
                issues.append(Issue(f"{name}.{lang}", "is empty", f"write the {lang} text"))
            if spec.type == "text-list" and any(not s.strip() for s in value[lang]):
                issues.append(Issue(f"{name}.{lang}", "has an empty entry", "remove it or write the text"))
    return issues


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def read_file(path: Path, rel: str) -> tuple[str, bytes, dict | None, list[BuildProblem]]:
    """Bytes, text and TOML table of one file, or the problem that stops reading it."""
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return "", raw, None, [BuildProblem(rel, 0, f"not UTF-8 text ({exc.reason} at byte {exc.start})",
                                            "save the file as UTF-8")]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        m = re.search(r"\(at line (\d+), column (\d+)\)", message)
        line = int(m[1]) if m else 0
        what = message[:m.start()].strip() if m else message
        if m:
            what += f" (column {m[2]})"
        return text, raw, None, [BuildProblem(rel, line, f"not valid TOML: {what}",
                                              "fix the TOML syntax: strings in double quotes, "
                                              'lists like ["a", "b"], tables like [title]')]
    return text, raw, data, []


def validate(path: Path, rel: str, folder_game: str | None, known: dict[str, dict],
             describe) -> tuple[Puzzle | None, list[BuildProblem], tuple[str, int] | None]:
    """Schema and common checks of one file. ``describe(game, fen)`` asks the engine about a position.

    Returns the puzzle (None on problems), the problems, and (id, line) as written, for the
    duplicate check across files.
    """
    text, raw, data, problems = read_file(path, rel)
    if data is None:
        return None, problems, None
    lines = KeyLines(text)
    issues: list[Issue] = []
    examples = own_examples(data.get("game"))  # in the puzzle's own notation

    def common(name: str):
        spec = COMMON[name]
        example = examples.get(name, spec.example)
        if name not in data:
            if spec.required:
                issues.append(Issue(name, "is missing", f"add {name} = {example}"))
            return spec.default
        found = _check_value(name, data[name], spec, example)
        issues.extend(found)
        return None if found else data[name]

    pid, game, kind = common("id"), common("game"), common("kind")
    kind_obj = None
    if isinstance(pid, str):
        if not ID.match(pid) or pid in RESERVED_IDS:
            issues.append(Issue("id", f"{pid!r} cannot be used in a URL",
                                f"use lowercase a-z, 0-9 and '-', like {examples['id']}"
                                + (f" (not {', '.join(RESERVED_IDS)})" if pid in RESERVED_IDS else "")))
        elif pid != path.stem:
            issues.append(Issue("id", f"{pid!r} differs from the file name {path.name!r}",
                                f'write id = "{path.stem}" or rename the file to {pid}.toml'))
    if isinstance(game, str):
        if game not in known or game not in PLUGINS:
            issues.append(Issue("game", f"the engine has no game {game!r}" if game not in known else
                                f"the site has no plugin for {game!r} (site_builder/games/)",
                                f"use one of: {', '.join(sorted(set(known) & set(PLUGINS)))}"))
            game = None
        elif folder_game is not None and game != folder_game:
            issues.append(Issue("game", f"{game!r} does not match the folder puzzles/{folder_game}/",
                                f"move the file to puzzles/{game}/ or write game = \"{folder_game}\""))
    if isinstance(kind, str):
        kind_obj = KINDS.get(kind)
        if kind_obj is None:
            issues.append(Issue("kind", f"unknown kind {kind!r}", f"use one of: {', '.join(KINDS)}"))
        elif game is not None and game in known and game not in kind_obj.served():
            issues.append(Issue("kind", f"kind {kind!r} is not available for {game}",
                                f"use a {kind!r} puzzle with one of: {', '.join(kind_obj.served())}"))
            kind_obj = None

    allowed = dict(COMMON)
    if kind_obj is not None:
        allowed.update(kind_obj.field_map())
    for name, value in data.items():
        if name in allowed:
            continue
        if kind_obj is None and any(name in k.field_map() for k in KINDS.values()):
            continue  # belongs to some kind; judged once the kind is known
        close = difflib.get_close_matches(name, list(allowed), n=1)
        where = f"a {kind!r} puzzle" if kind_obj else "a puzzle"
        fix = f"did you mean {close[0]!r}? " if close else ""
        issues.append(Issue(name, f"unknown field for {where}",
                            fix + f"remove it; allowed fields: {', '.join(allowed)}"))

    difficulty, tags, credit = common("difficulty"), common("tags"), common("credit")
    title, goal, hints = common("title"), common("goal"), common("hints")
    position = common("position")
    named = tag_words(PLUGINS[game]) if isinstance(game, str) and game in PLUGINS else None
    for i, tag in enumerate(tags or ()):
        if not TAG.match(tag):
            issues.append(Issue(f"tags[{i}]", f"tag {tag!r} cannot be used in a filter",
                                "use lowercase a-z, 0-9 and '-', like \"mate-in-2\""))
        elif named is not None and tag not in named:
            close = difflib.get_close_matches(tag, list(named), n=1)
            issues.append(Issue(f"tags[{i}]", f"the site has no Thai and English name for the tag {tag!r}",
                                (f"did you mean {close[0]!r}? " if close else "")
                                + f"use one of: {', '.join(sorted(named))}"))
    if tags and len(set(tags)) != len(tags):
        issues.append(Issue("tags", "a tag is listed twice", "list every tag once"))
    if hints is None:
        hints = {lang: [] for lang in LANGS}
    elif len(hints["th"]) != len(hints["en"]):
        issues.append(Issue("hints", f"{len(hints['th'])} Thai hints but {len(hints['en'])} English hints",
                            "give every hint in both languages, in the same order"))

    fields = {}
    if kind_obj is not None:
        for spec in kind_obj.fields:
            if spec.name not in data:
                if spec.required:
                    issues.append(Issue(spec.name, f"is missing (a {kind!r} puzzle needs it)",
                                        f"add {spec.name} = {spec.example}"))
                fields[spec.name] = spec.default
                continue
            found = _check_value(spec.name, data[spec.name], spec)
            issues.extend(found)
            fields[spec.name] = data[spec.name]

    board, solver = None, None
    if isinstance(position, str) and game in known:
        reply = describe(game, position)
        if not reply["ok"]:
            err = reply["error"]
            issues.append(Issue("position", f"the engine rejects the position: {err['message']}",
                                f"write a legal {game} position, like position = {examples['position']}"))
        else:
            board = reply
            solver = reply["turn"]

    # A field the file leaves out is to be added next to the puzzle's first lines: point there.
    anchor = lines.line("kind") or lines.line("game") or lines.line("id") or 1
    problems += [BuildProblem(rel, lines.line(i.field) or anchor, f"{i.field}: {i.what}", i.fix) for i in issues]
    written = (data["id"], lines.line("id")) if isinstance(data.get("id"), str) else None
    if problems or kind_obj is None or board is None:
        return None, problems, written
    puzzle = Puzzle(rel=rel, id=pid, game=game, kind=kind, position=board["position"], difficulty=difficulty,
                    tags=tuple(tags or ()), credit=_per_language(credit or ""), title=title, goal=goal, hints=hints,
                    fields=fields, solver=solver, board=board, digest=hashlib.sha256(raw).hexdigest(),
                    lines=lines)
    return puzzle, [], written


@dataclass
class Discovery:
    files: list[tuple[Path, str, str | None]] = field(default_factory=list)  # (path, rel, folder game)
    problems: list[BuildProblem] = field(default_factory=list)


def discover(root: Path) -> Discovery:
    """``puzzles/<game>/*.toml``; other TOML files are problems, other files (README.md) are ignored."""
    found = Discovery()
    base = root / "puzzles"
    if not base.is_dir():
        return found
    for path in sorted(base.rglob("*.toml")):
        rel = path.relative_to(root).as_posix()
        parts = path.relative_to(base).parts
        if any(p.startswith(".") for p in parts):
            continue
        if len(parts) != 2:
            found.problems.append(BuildProblem(rel, 0, "a puzzle file must sit in a game folder",
                                               f"move it to puzzles/<game>/<id>.toml, e.g. puzzles/{EXAMPLE.game}/"))
            continue
        found.files.append((path, rel, parts[0]))
    return found
