"""The shipped JavaScript (site_builder.js_strip): comments and needless whitespace go, every token
stays. Tricky inputs here; then every file of static/js, stripped, must parse in Node and pass
the browser logic's unit tests that need no fixtures (tests/js), imported from the stripped copy.
Needs node (fails without it, never skips)."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from site_builder.assets import strip_scripts
from site_builder.errors import BuildFailed
from site_builder.js_strip import JsSyntaxError, _Reader, stripped_js

ROOT = Path(__file__).resolve().parents[2]
STATIC_JS = ROOT / "site_builder" / "static" / "js"


@pytest.mark.parametrize("source, shipped", [
    # comments go; strings, URLs and template literals that hold // or /* keep every byte
    ("const url = 'https://kradan.example/th/'; // the home page\n", "const url='https://kradan.example/th/';\n"),
    ('const a = "/* not a comment */"; /* a comment */ const b = 1;', 'const a="/* not a comment */";const b=1;\n'),
    ("const s = 'it\\'s // still a string';", "const s='it\\'s // still a string';\n"),
    ("const t = `a // ${ {b: '}'}.b /* in code */ + `c${d}` } /* text */ ${e}`;",
     "const t=`a // ${ {b: '}'}.b /* in code */ + `c${d}` } /* text */ ${e}`;\n"),
    # regular expressions, with slashes, quotes and comment marks inside, against division
    ("const re = /[/*'\"`]+\\/\\//g; const half = (a + b) / 2 / c;",
     "const re=/[/*'\"`]+\\/\\//g;const half=(a+b)/2/c;\n"),
    ("if (/^[=+\\-@]/.test(text)) return /x/i.exec(s);", "if(/^[=+\\-@]/.test(text))return/x/i.exec(s);\n"),
    ("x = a / /re/.source.length;", "x=a/ /re/.source.length;\n"),
    ("ok = /re/ instanceof RegExp;", "ok=/re/ instanceof RegExp;\n"),
    ("n = i++ / 2; m = a[0] / b; k = f() /g/ h;", "n=i++/2;m=a[0]/b;k=f()/g/h;\n"),
    # spaces stay only where two tokens would merge
    ("a = b - -c + +d; e = f++ + ++g; h = i ? .5 : j?.k;", "a=b- -c+ +d;e=f+++ ++g;h=i?.5:j?.k;\n"),
    ("const x = 1 .toFixed(2) + 1.5.toFixed(1);", "const x=1 .toFixed(2)+1.5.toFixed(1);\n"),
    ("if (a < !--b || c-- > d) e = '<!--';", "if(a< !--b||c-- >d)e='<!--';\n"),  # no HTML-like comment
    ("export default async function * gen ( ) { yield * inner ( ) ; }",
     "export default async function*gen(){yield*inner();}\n"),
    ("const { a , b } = obj ; for ( const k of list ) if ( k in map ) void 0 ;",
     "const{a,b}=obj;for(const k of list)if(k in map)void 0;\n"),
    # line breaks stay (automatic semicolon insertion reads the code as before), blank lines go
    ("let a = b\n\n\n    (c)\nreturn\n  x", "let a=b\n(c)\nreturn\nx\n"),
    ("a /* one\nline break */ b /** @type {string} */ (c)", "a\nb(c)\n"),
    ("/**\n * JSDoc\n */\nexport const ready = true;\n", "export const ready=true;\n"),
    ("class A { #secret = 1; get s ( ) { return this . #secret } }", "class A{#secret=1;get s(){return this.#secret}}\n"),
    ("const thai = 'นับศักดิ์'; const ก = 1;\u00a0const x = ก;", "const thai='นับศักดิ์';const ก=1;const x=ก;\n"),
    ("", ""),
])
def test_comments_and_needless_whitespace_go_and_every_token_stays(source, shipped):
    assert stripped_js(source) == shipped
    assert stripped_js(shipped) == shipped  # nothing more to take away


@pytest.mark.parametrize("source, line, what", [
    ("const a = 1;\nconst s = 'open\n';", 2, "a string is never closed"),
    ("/* open", 1, "a comment /* is never closed"),
    ("const t = `a ${b", 1, "a template's ${ is never closed"),
    ("x = 1;\n\ny = /open\n", 3, "a regular expression is never closed"),
])
def test_unreadable_source_says_what_and_where(source, line, what):
    with pytest.raises(JsSyntaxError) as raised:
        stripped_js(source)
    assert (raised.value.line, raised.value.what) == (line, what)


def test_a_script_that_cannot_be_stripped_fails_the_build_naming_its_file(tmp_path):
    source, shipped = tmp_path / "src", tmp_path / "out"
    for folder in (source, shipped):
        (folder / "core").mkdir(parents=True)
        (folder / "core" / "ok.js").write_text("export const a = 1; // fine\n")
        (folder / "core" / "bad.js").write_text("export const a = 1;\nconst b = 'never closed;\n")
    with pytest.raises(BuildFailed) as failed:
        strip_scripts(shipped, source, tmp_path)
    assert str(failed.value.problems[0]).startswith("src/core/bad.js:2: the shipped copy cannot be made: "
                                                    "a string is never closed")
    assert len(failed.value.problems) == 1


def _significant(source: str) -> list[tuple[str, str]]:
    return [token for token in _Reader(source).tokens() if token[0] != "space"]


def test_every_shipped_script_keeps_its_tokens_and_gets_smaller():
    scripts = sorted(STATIC_JS.rglob("*.js"))
    assert len(scripts) > 50
    before = after = 0
    for script in scripts:
        source = script.read_text(encoding="utf-8")
        shipped = stripped_js(source)
        assert _significant(shipped) == _significant(source), script
        assert stripped_js(shipped) == shipped, script
        before, after = before + len(source.encode()), after + len(shipped.encode())
    assert after < 0.7 * before, (before, after)


# Resolve every import of site_builder/static/js/ to the stripped copy (and count them).
REDIRECT_HOOKS = """
import { appendFileSync } from 'node:fs';
const source = new URL('file://' + process.env.KRADAN_JS_SOURCE + '/').href;
const shipped = new URL('file://' + process.env.KRADAN_JS_SHIPPED + '/').href;
export async function resolve(specifier, context, next) {
  const found = await next(specifier, context);
  if (!found.url.startsWith(source)) return found;
  appendFileSync(process.env.KRADAN_JS_LOG, found.url + '\\n');
  return { ...found, url: shipped + found.url.slice(source.length) };
}
"""
REGISTER = ("import { register } from 'node:module'; import { pathToFileURL } from 'node:url';"
            "register(pathToFileURL(process.env.KRADAN_JS_HOOKS).href);")
PARSE_ALL = """
import vm from 'node:vm';
import { readFileSync } from 'node:fs';
let failed = 0;
for (const file of process.argv.slice(1)) {
  try { new vm.SourceTextModule(readFileSync(file, 'utf8'), { identifier: file }); }
  catch (err) { failed += 1; console.log(`${file}: ${err}`); }
}
console.log(`parsed ${process.argv.length - 1 - failed} of ${process.argv.length - 1}`);
process.exit(failed ? 1 : 0);
"""


def test_the_stripped_scripts_parse_and_pass_the_logic_unit_tests(tmp_path):
    node = shutil.which("node")
    assert node, "node is needed to check the shipped JavaScript"
    shipped = tmp_path / "js"
    shutil.copytree(STATIC_JS, shipped, ignore=shutil.ignore_patterns("*.d.ts", "tsconfig*.json"))
    strip_scripts(shipped, STATIC_JS, ROOT)
    files = sorted(str(p) for p in shipped.rglob("*.js"))
    parsed = subprocess.run([node, "--experimental-vm-modules", "--no-warnings", "--input-type=module",
                             "-e", PARSE_ALL, *files], capture_output=True, text=True, timeout=120)
    assert parsed.returncode == 0 and f"parsed {len(files)} of {len(files)}" in parsed.stdout, parsed.stdout + parsed.stderr

    hooks, log = tmp_path / "hooks.mjs", tmp_path / "redirected.txt"
    hooks.write_text(REDIRECT_HOOKS)
    log.write_text("")
    tests = [ROOT / "tests" / "js" / f"{name}.test.mjs"
             for name in ("codes", "dummy-table-model", "no-lost-taps", "result-words", "student-state")]
    env = {**os.environ, "KRADAN_JS_SOURCE": str(STATIC_JS), "KRADAN_JS_SHIPPED": str(shipped),
           "KRADAN_JS_LOG": str(log), "KRADAN_JS_HOOKS": str(hooks)}
    done = subprocess.run([node, "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", "--import",
                           "data:text/javascript," + REGISTER, "--test", *map(str, tests)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0 and "# fail 0" in done.stdout, done.stdout[-10000:] + done.stderr[-3000:]
    redirected = set(log.read_text().split())
    assert {f"{Path(STATIC_JS).as_uri()}/core/codes.js", f"{Path(STATIC_JS).as_uri()}/core/progress.js"} <= redirected
