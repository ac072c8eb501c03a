"""The site's JavaScript as shipped: comments and needless whitespace left out, nothing else changed.

The sources keep their JSDoc types and comments (``tsc --checkJs`` reads them); the browser does
not need them before a reader's first move. :func:`stripped_js` reads the source as a stream of
tokens (identifiers, numbers, punctuators, strings, template literals, regular expressions) and
writes the same tokens back with:

* no comments;
* a line break wherever the source had one between two tokens (in whitespace or inside a block
  comment), so automatic semicolon insertion reads the code exactly as before; runs of blank
  lines and indentation become one line break;
* a single space between two tokens on one line only where the two would otherwise read as
  one token (``a in b``, ``x - -y``, ``a / /re/``, ``1 .toFixed``) or spell an HTML-like
  comment (``a < !--b``), else none.

Strings, template literals (with the code inside ``${…}``, kept verbatim) and regular
expressions are copied byte for byte. A slash starts a regular expression where an expression
may begin (after an operator, an opening bracket, a comma, a keyword such as ``return``) and is
division after a value (a name, a number, a literal, ``)``, ``]``, ``}``). Bad input (an
unterminated string, comment, template or regular expression) raises :class:`JsSyntaxError`
with its line.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

LINE_BREAKS = "\n\r\u2028\u2029"
#: Punctuators, longest first (so the first match is the longest).
PUNCTUATORS = sorted("""
    >>>= ... === !== **= <<= >>= >>> &&= ||= ??= => == != <= >= && || ?? ?. ++ -- += -= *= /= %= &= |= ^=
    ** << >> { } ( ) [ ] ; , < > + - * / % & | ^ ! ~ ? : = . @
""".split(), key=len, reverse=True)
#: After these words an expression begins, so a slash opens a regular expression.
EXPRESSION_KEYWORDS = frozenset("return typeof instanceof in of new delete void throw case do else yield await".split())
NUMBER = re.compile(r"0[xXoObB][\da-fA-F_]+n?|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d[\d_]*)?n?")
IDENTIFIER = re.compile(r"(?:[\w$\\#]|[^\x00-\x7f])+")


class JsSyntaxError(ValueError):
    """The source cannot be read as JavaScript tokens: ``what`` went wrong on ``line``."""

    def __init__(self, line: int, what: str):
        super().__init__(f"line {line}: {what}")
        self.line, self.what = line, what


def _is_space(char: str) -> bool:
    return char in " \t\v\f\ufeff" or (char > "\x7f" and unicodedata.category(char) == "Zs")


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char in "_$\\#" or (char > "\x7f" and not _is_space(char) and char not in LINE_BREAKS)


class _Reader:
    """Splits source into (kind, text) tokens; trivia come as ("space", " ") or ("space", "\\n")."""

    def __init__(self, source: str):
        self.src, self.pos = source, 0

    def fail(self, what: str, at: int) -> JsSyntaxError:
        return JsSyntaxError(self.src.count("\n", 0, at) + 1, what)

    def tokens(self, until_brace: bool = False):
        """Yield tokens up to the end, or (``until_brace``, inside a template's ``${``) up to the
        ``}`` that closes it, which is consumed and not yielded."""
        src, depth, last = self.src, 0, None  # last: the previous significant token
        while self.pos < len(src):
            start, char = self.pos, src[self.pos]
            if char in LINE_BREAKS or _is_space(char):
                while self.pos < len(src) and (src[self.pos] in LINE_BREAKS or _is_space(src[self.pos])):
                    self.pos += 1
                yield "space", "\n" if any(c in LINE_BREAKS for c in src[start:self.pos]) else " "
                continue
            if src.startswith("//", start):
                while self.pos < len(src) and src[self.pos] not in LINE_BREAKS:
                    self.pos += 1
                yield "space", " "
                continue
            if src.startswith("/*", start):
                end = src.find("*/", start + 2)
                if end < 0:
                    raise self.fail("a comment /* is never closed", start)
                self.pos = end + 2
                yield "space", "\n" if any(c in LINE_BREAKS for c in src[start:end]) else " "
                continue
            if start == 0 and src.startswith("#!"):  # a hashbang line
                while self.pos < len(src) and src[self.pos] not in LINE_BREAKS:
                    self.pos += 1
                token = ("hashbang", src[start:self.pos])
            elif char in "'\"":
                token = ("string", self._string(char))
            elif char == "`":
                token = ("template", self._template())
            elif char == "/" and _regex_may_start(last):
                token = ("regex", self._regex())
            elif char.isdigit() or (char == "." and src[start + 1:start + 2].isdigit()):
                self.pos = NUMBER.match(src, start).end()
                token = ("number", src[start:self.pos])
            elif _is_word_char(char):
                word = IDENTIFIER.match(src, start)
                self.pos = word.end()
                token = ("word", word[0])
            else:
                punct = next((p for p in PUNCTUATORS if src.startswith(p, start)), None)
                if punct is None:
                    raise self.fail(f"unexpected character {char!r}", start)
                if punct == "?." and src[start + 2:start + 3].isdigit():  # a ? .5 : b
                    punct = "?"
                self.pos += len(punct)
                if until_brace and punct == "{":
                    depth += 1
                elif until_brace and punct == "}":
                    if depth == 0:
                        return
                    depth -= 1
                token = ("punct", punct)
            last = token
            yield token
        if until_brace:
            raise self.fail("a template's ${ is never closed", self.pos)

    def _string(self, quote: str) -> str:
        src, start = self.src, self.pos
        self.pos += 1
        while self.pos < len(src):
            char = src[self.pos]
            if char == "\\":
                self.pos += 2
                continue
            if char == quote:
                self.pos += 1
                return src[start:self.pos]
            if char in "\n\r":
                break
            self.pos += 1
        raise self.fail("a string is never closed", start)

    def _template(self) -> str:
        src, start = self.src, self.pos
        self.pos += 1
        while self.pos < len(src):
            char = src[self.pos]
            if char == "\\":
                self.pos += 2
            elif char == "`":
                self.pos += 1
                return src[start:self.pos]
            elif src.startswith("${", self.pos):
                self.pos += 2
                for _ in self.tokens(until_brace=True):
                    pass
            else:
                self.pos += 1
        raise self.fail("a template literal ` is never closed", start)

    def _regex(self) -> str:
        src, start = self.src, self.pos
        self.pos += 1
        in_class = False
        while self.pos < len(src) and src[self.pos] not in LINE_BREAKS:
            char = src[self.pos]
            if char == "\\":
                self.pos += 2
                continue
            self.pos += 1
            if char == "[":
                in_class = True
            elif char == "]":
                in_class = False
            elif char == "/" and not in_class:
                flags = IDENTIFIER.match(src, self.pos)
                if flags:
                    self.pos = flags.end()
                return src[start:self.pos]
        raise self.fail("a regular expression is never closed", start)


def _regex_may_start(last: tuple[str, str] | None) -> bool:
    """Does a slash after the token `last` open a regular expression (else it divides)?"""
    if last is None:
        return True
    kind, text = last
    if kind == "word":
        return text in EXPRESSION_KEYWORDS
    if kind == "punct":
        return text not in (")", "]", "}", "++", "--")
    return kind == "hashbang"


def _needs_space(before: tuple[str, str], after: tuple[str, str]) -> bool:
    """Would `before` and `after` written side by side read differently from with a space?"""
    (kind_a, a), (kind_b, b) = before, after
    if _is_word_char(a[-1]) and _is_word_char(b[0]):
        return True
    if kind_a == "number" and b[0] == ".":
        return True
    if kind_a == "regex" and _is_word_char(b[0]):  # not read as its flags
        return True
    if kind_a == "punct" and kind_b in ("punct", "regex"):
        joined = a + b
        if (a[-1] == "/" and b[0] in "/*") or (a == "<" and b[0] == "!") or (a == "--" and b[0] == ">"):
            return True  # a comment, or the start of an HTML-like one (<!--, -->) in a classic script
        return any(len(p) > len(a) and joined.startswith(p) for p in PUNCTUATORS)
    return False


@lru_cache(maxsize=512)  # serve strips again on every rebuild: an unchanged file costs nothing
def stripped_js(source: str) -> str:
    """`source` without comments and needless whitespace (see the module's docstring); raises
    JsSyntaxError on an unterminated string, comment, template or regular expression."""
    out: list[str] = []
    last = None
    gap = ""  # the trivia since the last token: "", " " or "\n"
    for kind, text in _Reader(source).tokens():
        if kind == "space":
            if gap != "\n":
                gap = text
            continue
        if last is not None:
            if gap == "\n":
                out.append("\n")
            elif gap == " " and _needs_space(last, (kind, text)):
                out.append(" ")
        out.append(text)
        last, gap = (kind, text), ""
    return "".join(out) + ("\n" if out else "")
