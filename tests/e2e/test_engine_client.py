"""The engine client (static/js/core/engine-client.js) never hangs, tested against a fake worker
that misbehaves on request (fixtures/fake-engine-worker.js): queued calls time out from their own
start, urgent calls go first, an unreadable reply fails its own call only, and a dead worker (a
crash or a call overrunning its timeout) rejects every pending and later call at once."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e

PAGE = "/fixture/engine/index.html"
CLIENT = "const { engine } = await import('/static/js/core/engine-client.js');"


def run(page, body: str, arg=None):
    """Evaluate `body` (an async function body with `engine` and `arg` in scope) in the page."""
    return page.evaluate(f"async (arg) => {{ {CLIENT} {body} }}", arg)


def settle(promises: str) -> str:
    """JS: settle each promise into {ok, value | code, message}."""
    return (f"return Promise.all(({promises}).map((p) => p.then("
            "(value) => ({ ok: true, value }), (err) => ({ ok: false, code: err.code ?? null, message: err.message }))));")


def test_queued_calls_are_timed_from_their_own_start(fixture_page):
    page = fixture_page(PAGE)
    began = page.evaluate("performance.now()")
    # 1.5 s each: less than the 1.8 s the six take in all (so a timer from the enqueueing would fail the
    # last ones), with room for a loaded machine's message latency on every call.
    results = run(page, settle("Array.from({ length: 6 }, () => engine.call({ op: 'sleep', ms: 300 }, { timeout: 1500 }))"))
    took = page.evaluate("performance.now()") - began
    assert all(r["ok"] and r["value"] == {"ok": True, "slept": 300} for r in results), results
    assert took >= 1800, f"six 300 ms calls ran one at a time, yet took {took:.0f} ms"
    assert run(page, "return engine.status;") == "ready"


def test_an_urgent_call_goes_before_the_waiting_ones(fixture_page):
    page = fixture_page(PAGE)
    order = run(page, """
      await engine.ready;
      const done = [];
      const calls = [1, 2, 3].map((n) => engine.call({ op: 'sleep', ms: 150 }).then(() => done.push(`slow ${n}`)));
      calls.push(engine.call({ op: 'echo', value: 'urgent' }, { urgent: true }).then(() => done.push('urgent')));
      await Promise.all(calls);
      return done;""")
    assert order == ["slow 1", "urgent", "slow 2", "slow 3"], order


def test_an_unreadable_reply_fails_its_own_call_only(fixture_page):
    page = fixture_page(PAGE)
    results = run(page, settle("[engine.call({ op: 'garbage' }), engine.call({ op: 'echo', value: 7 })]"))
    assert results[0]["ok"] is False and "could not be read" in results[0]["message"], results
    assert results[1] == {"ok": True, "value": {"ok": True, "value": 7}}
    assert run(page, "return engine.status;") == "ready"


def test_a_call_that_overruns_its_timeout_stops_the_engine(fixture_page):
    page = fixture_page(PAGE)
    outcome = run(page, """
      const heard = [];
      engine.onStatus((status) => heard.push(status));
      const pending = [engine.call({ op: 'hang' }, { timeout: 300 }), engine.call({ op: 'echo', value: 1 })];
      const settled = await Promise.allSettled(pending);
      const begin = performance.now();
      const later = await engine.call({ op: 'echo', value: 2 }).then(() => 'resolved', (err) => err.code);
      return { settled: settled.map((s) => s.status + ':' + (s.reason?.code ?? '')), later,
               laterMs: performance.now() - begin, status: engine.status, heard };""")
    assert outcome["settled"] == ["rejected:ENGINE_STOPPED", "rejected:ENGINE_STOPPED"], outcome
    assert outcome["later"] == "ENGINE_STOPPED" and outcome["laterMs"] < 50, outcome  # at once
    assert outcome["status"] == "failed" and outcome["heard"][-1:] == ["failed"], outcome
    assert outcome["heard"].count("failed") == 1, outcome


def test_a_crashed_worker_rejects_everything_at_once(fixture_page):
    page = fixture_page(PAGE)
    results = run(page, """
      await engine.ready;
      const pending = [engine.call({ op: 'crash' }), engine.call({ op: 'echo', value: 1 }), engine.call({ op: 'sleep', ms: 10 })];
      const settled = await Promise.allSettled(pending);
      const later = await engine.call({ op: 'echo', value: 2 }).then(() => 'resolved', (err) => err.message);
      return [...settled.map((s) => s.reason?.message ?? 'resolved'), later, engine.status];""")
    assert results[:4] == [results[0]] * 4 and "crashed" in results[0], results
    assert results[4] == "failed"
