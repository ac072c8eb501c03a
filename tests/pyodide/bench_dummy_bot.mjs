// Dummy computer players' time per action INSIDE Pyodide under Node (what a visitor's browser
// runs, minus the page). Plays seeded hands through the engine's door (deal, then bestmove and
// play per action), seats at levels 1, 2, 3, 3, and times (best of 3) each bestmove call (the bot's choice
// from the seat's VIEW, and the door's check of it: "ms") and the bot alone on the same VIEW
// (engine.dummy.bot.best_action, legal(view) included: "bot_ms"). Prints one JSON line on stdout:
//   {"where":"pyodide","pyodide":"…","python":"…","hands":4,"actions":…,"ms":[…],"bot_ms":[…]}
//
//   node tests/pyodide/bench_dummy_bot.mjs [--hands 4]
//
// The engine is imported from this checkout's engine/ (mounted with NODEFS; no bytecode written).
// No network: fetch is blocked, Pyodide comes from node_modules/pyodide.
import { bootEngine, readArgs } from "./bench_boot.mjs";

const opts = readArgs({ hands: 4 }, ["hands"]);
const pyodide = await bootEngine();
pyodide.globals.set("HANDS", opts.hands);
const result = pyodide.runPython(`
import json, platform, time
from engine.api import call
from engine.dummy.bot import best_action
LEVELS = {"P1": 1, "P2": 2, "P3": 3, "P4": 3}
times, bot_times = [], []
def best_ms(run, repeat=3):
    spent = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        spent.append(time.perf_counter() - start)
    return round(min(spent) * 1000, 3)
for seed in range(HANDS):
    state = call({"op": "deal", "game": "dummy", "seed": seed})["state"]
    for _ in range(2000):
        seat = state["turn"]
        request = {"op": "bestmove", "game": "dummy", "position": state, "seat": seat, "level": LEVELS[seat]}
        answer = call(request)
        times.append(best_ms(lambda: call(request)))
        view = call({"op": "view", "game": "dummy", "position": state, "seat": seat})["view"]
        bot_times.append(best_ms(lambda: best_action(view, seat, LEVELS[seat])))
        reply = call({"op": "play", "game": "dummy", "position": state, "moves": [answer["move"]], "seat": seat})
        if not reply.get("ok") or reply["status"]["result"] == "ended":
            break
        state = reply["position"]
json.dumps({"python": platform.python_version(), "ms": times, "bot_ms": bot_times})
`);
const { python, ms, bot_ms } = JSON.parse(result);
console.log(JSON.stringify({
  where: "pyodide", pyodide: pyodide.version, python, hands: opts.hands, actions: ms.length, ms, bot_ms,
}));
