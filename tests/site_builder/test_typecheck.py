"""The browser's JavaScript type-checks: TypeScript (npm `typescript`, pinned) with checkJs over
all of site_builder/static/js and the service worker, against the declarations of the engine's
JSON replies (site_builder/static/js/types/). Run it alone:
`node_modules/.bin/tsc -p site_builder/static/js/tsconfig.json` (and tsconfig.worker.json,
tsconfig.sw.json, tsconfig.strict.json), or `.venv/bin/python -m pytest tests/site_builder/test_typecheck.py -q`."""
import json
import re
import subprocess
from pathlib import Path

import pytest

from engine.api import call

ROOT = Path(__file__).resolve().parents[2]
TSC = ROOT / "node_modules" / ".bin" / "tsc"
JS = ROOT / "site_builder" / "static" / "js"
#: The pages (DOM), the engine's module worker and the service worker: one global scope each.
SCOPES = ("tsconfig.json", "tsconfig.worker.json", "tsconfig.sw.json")
#: ... and the pure logic modules again, with the whole `strict` family.
CONFIGS = (*SCOPES, "tsconfig.strict.json")
FIXTURE = Path(__file__).resolve().parent / "typecheck"
ERROR_LINE = re.compile(r"^(?P<file>[^\s(]+)\((?P<line>\d+),\d+\): error (?P<code>TS\d+): ", re.M)


def tsc(config: Path, *options: str) -> subprocess.CompletedProcess:
    """Run the pinned compiler on `config`; a missing compiler fails the test (never skips)."""
    if not TSC.is_file():
        pytest.fail(f"{TSC.relative_to(ROOT)} is missing: run `npm ci` (bash .ci/setup does)")
    return subprocess.run([str(TSC), "-p", str(config), "--pretty", "false", *options], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def test_typescript_is_pinned_and_installed():
    pinned = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["devDependencies"]["typescript"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", pinned), f"pin an exact version, not {pinned!r}"
    installed = json.loads((ROOT / "node_modules/typescript/package.json").read_text(encoding="utf-8"))["version"]
    assert installed == pinned, f"node_modules has typescript {installed}, package.json pins {pinned}: run `npm ci`"


def test_the_configs_cover_every_script():
    """Every .js file under static/ is checked by exactly one config (the engine worker and the
    service worker by their own, with the worker's global scope)."""
    listed = {}
    for name in SCOPES:
        run = tsc(JS / name, "--listFilesOnly")
        assert run.returncode == 0, run.stdout + run.stderr
        for line in run.stdout.splitlines():
            path = Path(line.strip()).resolve()
            if path.suffix == ".js" and (ROOT / "site_builder" / "static") in path.parents:
                listed.setdefault(path, []).append(name)
    scripts = {p.resolve() for p in (ROOT / "site_builder" / "static").rglob("*.js")}
    assert scripts - set(listed) == set(), "not type-checked"
    assert {p: names for p, names in listed.items() if len(names) > 1} == {}, "checked under two global scopes"


@pytest.mark.parametrize("config", CONFIGS)
def test_static_js_type_checks(config):
    run = tsc(JS / config)
    errors = ERROR_LINE.findall(run.stdout)
    assert run.returncode == 0 and not errors, f"tsc -p {config}: {len(errors)} errors\n{run.stdout}{run.stderr}"


def test_a_misspelt_field_of_an_engine_reply_is_an_error():
    """The fixture reads engine replies with the pages' options: each line marked `// error` (a
    misspelt reply field, a misspelt request field) must be reported, and nothing else."""
    source = (FIXTURE / "engine_replies.js").read_text(encoding="utf-8")
    marked = {n for n, line in enumerate(source.splitlines(), 1) if line.rstrip().endswith("// error")}
    assert len(marked) >= 10
    run = tsc(FIXTURE / "tsconfig.json")
    reported = [m.groupdict() for m in ERROR_LINE.finditer(run.stdout)]
    assert run.returncode != 0
    assert {r["file"] for r in reported} == {"tests/site_builder/typecheck/engine_replies.js"}, run.stdout
    assert {int(r["line"]) for r in reported} == marked, run.stdout
    assert "Property 'legal_movez' does not exist on type 'Ok<PlayReply>'" in run.stdout


def _dummy_hand(seed: int) -> list[tuple[str, dict]]:
    """(declared type, reply) of a whole Dummy hand the computer players play out: the deal, the
    first play reply, a seat's view, a bestmove, and the finished hand with its table."""
    dealt = call({"op": "deal", "game": "dummy", "seed": seed})
    state = dealt["state"]
    reply = call({"op": "play", "game": "dummy", "position": state, "moves": []})
    samples = [("DealReply", dealt), ("DummyPlayReply", reply),
               ("DummyViewReply", call({"op": "view", "game": "dummy", "position": state, "seat": "P2"}))]
    for _ in range(400):  # a hand ends long before
        if reply["status"]["result"] != "ongoing":
            break
        best = call({"op": "bestmove", "game": "dummy", "position": reply["position"], "seat": reply["turn"], "level": 1})
        samples.append(("DummyBestmoveReply", best))
        reply = call({"op": "play", "game": "dummy", "position": reply["position"], "moves": [best["move"]]})
    assert reply["status"]["result"] == "ended", reply["status"]
    table = reply["table"]
    return samples[:4] + [("DummyPlayReply", reply),
                          ("SettleReply", call({"op": "settle", "game": "dummy", "table": table})),
                          ("ValidateReply", call({"op": "validate", "game": "dummy", "table": table}))]


def engine_samples() -> list[tuple[str, dict]]:
    """(declared reply type, the engine's real reply) for every op the browser may call."""
    mid_count = "8/8/8/4k3/8/8/3K4/R7 b - 32 6 40"  # a pieces' honour count running
    samples = [("GamesReply", call({"op": "games"}))]
    for game in ("makruk", "makhos", "komayo"):
        samples += [("StartReply", call({"op": "start", "game": game})),
                    ("LegalMovesReply", call({"op": "legal_moves", "game": game})),
                    ("PlayReply", call({"op": "play", "game": game, "moves": []})),
                    ("PerftReply", call({"op": "perft", "game": game, "depth": 1})),
                    ("BestmoveReply", call({"op": "bestmove", "game": game, "level": 1}))]
    samples += [
        ("PlayReply", call({"op": "play", "game": "makruk", "position": mid_count, "moves": []})),
        ("PlayReply", call({"op": "play", "game": "komayo", "position": "4k3/8/8/8/8/8/8/4K3 b P 1", "moves": ["P*e5"]})),
        ("PlayReply", call({"op": "play", "game": "makhos", "position": "W:Wc3:Bd4,f6", "moves": []})),
        ("MateReply", call({"op": "mate", "game": "makruk", "position": "4k3/8/4K3/8/8/8/8/R7 w - - 0 1", "mate_in": 1})),
        ("DefendReply", call({"op": "defend", "game": "makruk", "position": "4k3/8/4K3/8/8/8/8/R7 b - - 0 1",
                              "horizon": 1})),
        ("MeldCheckReply", call({"op": "meld_check", "game": "dummy", "cards": ["5D", "6D", "7D"]})),
        ("MeldCheckReply", call({"op": "meld_check", "game": "dummy", "cards": ["5D", "6D", "9D"]})),
        *_dummy_hand(3),
    ]
    failures = [call({"op": "play", "game": "makruk", "moves": ["zz"]}), call({"op": "nope"})]
    for kind, reply in samples:
        assert reply["ok"], (kind, reply)
    return samples + [("Failure", reply) for reply in failures]


def test_the_engines_replies_fit_their_declarations(tmp_path):
    """Real replies of every op, written as typed constants, type-check with the strict options:
    no field the declarations lack, none they require missing. A control sample with one made-up
    field must be the only error."""
    samples = engine_samples()
    kinds = sorted({kind for kind, _ in samples} - {"Failure"})
    lines = [f"/** @import {{ Ok, Failure, {', '.join(kinds)} }} from '{(JS / 'types' / 'engine.js').as_posix()}' */"]
    for n, (kind, reply) in enumerate(samples):
        declared = kind if kind == "Failure" else f"Ok<{kind}>"
        lines.append(f"/** @type {{{declared}}} */ export const reply{n} = {json.dumps(reply, ensure_ascii=False)};")
    control = dict(next(reply for kind, reply in samples if kind == "PlayReply"), legal_movez=[])  # a made-up field
    lines.append(f"/** @type {{Ok<PlayReply>}} */ export const control = {json.dumps(control, ensure_ascii=False)};")
    (tmp_path / "replies.js").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "tsconfig.json").write_text(json.dumps({
        "extends": (JS / "tsconfig.strict.json").as_posix(), "include": ["replies.js"], "exclude": []}))
    run = tsc(tmp_path / "tsconfig.json")
    reported = [m.groupdict() for m in ERROR_LINE.finditer(run.stdout)]
    assert [int(r["line"]) for r in reported] == [len(lines)], run.stdout[:4000]
    assert "TS2353" in run.stdout and "legal_movez" in run.stdout  # "may only specify known properties"
