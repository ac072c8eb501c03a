const violations = [];
self.addEventListener("securitypolicyviolation", (e) =>
  violations.push(`${e.violatedDirective} ${e.blockedURI}`),
);
self.onmessage = async ({ data }) => {
  const t0 = performance.now();
  try {
    const { loadPyodide } = await import(`${data.pyodide_base}pyodide.mjs`);
    const pyodide = await loadPyodide({ indexURL: data.pyodide_base });
    const t1 = performance.now();
    // as the site's engine-worker.js does it (the site ships no package loader's needs: no tarfile)
    const wheel = await fetch(data.wheel_url);
    if (!wheel.ok) throw new Error(`wheel: HTTP ${wheel.status}`);
    pyodide.unpackArchive(await wheel.arrayBuffer(), "wheel");
    const reply = pyodide.runPython(`
import json, engine.api
json.dumps([engine.api.call({"op": "perft", "game": "makruk", "depth": 2}),
            engine.api.call({"op": "start", "game": "makruk"})])`);
    self.postMessage({
      ok: true,
      replies: JSON.parse(reply),
      bootSeconds: (t1 - t0) / 1000,
      totalSeconds: (performance.now() - t0) / 1000,
      workerViolations: violations,
    });
  } catch (err) {
    self.postMessage({ ok: false, error: String(err && err.stack ? err.stack : err), workerViolations: violations });
  }
};
