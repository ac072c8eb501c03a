// Starts a module worker that boots the self-hosted Pyodide and the engine wheel, the way
// the site's engine worker does, under the site's Content-Security-Policy.
const violations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  violations.push(`${e.violatedDirective} ${e.blockedURI}`),
);
const out = document.getElementById("result");
const finish = (result) => {
  result.pageViolations = violations;
  out.textContent = JSON.stringify(result);
  out.dataset.done = "1";
};
try {
  const urls = await (await fetch("/csp-check/urls.json")).json();
  const worker = new Worker("/csp-check/worker.js", { type: "module" });
  worker.onmessage = ({ data }) => finish(data);
  worker.onerror = (e) => finish({ ok: false, error: `worker error: ${e.message}` });
  worker.postMessage(urls);
} catch (err) {
  finish({ ok: false, error: String(err) });
}
