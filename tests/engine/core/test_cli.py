"""``python -m engine``: one JSON request in (argument or stdin), one JSON reply out, whatever
the input; ``python -m engine perft GAME DEPTH`` prints the count. Runs real subprocesses."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from door_checks import assert_error_shape

pytestmark = pytest.mark.native  # Pyodide has no processes

ROOT = Path(__file__).resolve().parents[3]
START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"


def run_cli(*args: str, stdin: bytes | None = None) -> tuple[int, dict]:
    """Exit status and the one JSON reply the CLI printed (it must print exactly one line)."""
    run = subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, cwd=ROOT,
                         timeout=120)
    lines = run.stdout.decode("utf-8").splitlines()
    assert len(lines) == 1 and not run.stderr, (run.stdout[:500], run.stderr[-2000:])
    return run.returncode, json.loads(lines[0])


def test_cli_reads_one_request_and_reports_errors_as_json():
    run = subprocess.run([sys.executable, "-m", "engine", '{"op": "start", "game": "makruk"}'],
                         capture_output=True, text=True, check=True)
    assert json.loads(run.stdout) == {"ok": True, "position": START}
    run = subprocess.run([sys.executable, "-m", "engine"], input="{not json", capture_output=True, text=True)
    assert run.returncode == 1 and json.loads(run.stdout)["error"]["code"] == "BAD_REQUEST"
    run = subprocess.run([sys.executable, "-m", "engine", "perft", "makruk", "3"],
                         capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "12012"


def test_request_on_stdin_and_engine_errors_exit_2():
    status, reply = run_cli(stdin=b'{"op": "legal_moves", "game": "makruk", "moves": ["e3e5"]}')
    assert status == 2 and reply["error"]["code"] == "ILLEGAL_MOVE"
    assert_error_shape(reply["error"])


@pytest.mark.parametrize("stdin, why", [
    (b"{not json", "Expecting"),
    (b'{"op": "games"', "Expecting"),
    (b"", "Expecting value"),
    (b'{"op": "\xff\xfe"}', "not UTF-8"),
    (b"\xef\xbb\xbf\x80", "not UTF-8"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b'{"op": "play", "moves": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "nested too deeply"),
    (b'{"op": "perft", "game": "makruk", "depth": ' + b"9" * 5000 + b"}", "digits"),
], ids=["broken", "unclosed", "empty", "not-utf8", "bom-garbage", "deep", "deep-inside", "huge-number"])
def test_input_that_is_not_json_gets_a_json_error(stdin, why):
    status, reply = run_cli(stdin=stdin)
    assert status == 1 and reply["ok"] is False
    assert_error_shape(reply["error"])
    assert reply["error"]["code"] == "BAD_REQUEST" and why in reply["error"]["message"], reply


@pytest.mark.parametrize("stdin, code", [
    (b'{"op": "play", "game": "makruk", "options": {"\\udcff": 1}}', "UNKNOWN_OPTION"),
    (b'{"op": "\\ud800", "game": "makruk"}', "UNKNOWN_OP"),
    (b'{"op": "perft", "game": "makruk", "depth": 1e999}', "BAD_TYPE"),
    (b'{"op": "perft", "game": "makruk", "depth": NaN}', "BAD_TYPE"),
    (b'{"op": "perft", "game": "makruk", "depth": 8, "budget": 1000}', "BUDGET_EXCEEDED"),
    (b'{"op": ' + b"[" * 30 + b"]" * 30 + b"}", "BAD_TYPE"),
], ids=["lone-surrogate-option", "lone-surrogate-op", "infinity", "nan", "budget", "deep-op"])
def test_odd_but_valid_json_gets_an_engine_error(stdin, code):
    status, reply = run_cli(stdin=stdin)
    assert status == 2 and reply["error"]["code"] == code, reply
    assert_error_shape(reply["error"])


def test_argument_that_is_not_utf8_gets_json():
    status, reply = run_cli(b'{"op": "\xff"}'.decode("utf-8", "surrogateescape"))
    assert status == 2 and reply["error"]["code"] == "UNKNOWN_OP"


def test_lines_answers_each_request_in_order_and_survives_bad_ones():
    """``python -m engine lines``: one reply a line, in the order asked, a bad line answered with
    its error and the next line still answered; exit 0 when stdin ends."""
    requests = [b'{"op": "start", "game": "makruk"}', b"{not json", b"", b'{"op": "\xff"}',
                b'{"op": "legal_moves", "game": "makruk", "moves": ["e3e5"]}', b'{"op": "start", "game": "makhos"}']
    run = subprocess.run([sys.executable, "-m", "engine", "lines"], input=b"\n".join(requests) + b"\n",
                         capture_output=True, cwd=ROOT, timeout=120)
    assert run.returncode == 0 and not run.stderr, run.stderr[-2000:]
    replies = [json.loads(line) for line in run.stdout.decode("utf-8").splitlines()]
    assert [r["ok"] for r in replies] == [True, False, False, False, True]  # the blank line asks nothing
    assert replies[0]["position"] == START
    assert [r["error"]["code"] for r in replies[1:4]] == ["BAD_REQUEST", "BAD_REQUEST", "ILLEGAL_MOVE"]
    assert "not UTF-8" in replies[2]["error"]["message"]
    assert replies[4]["position"].startswith("W:")
