/**
 * The service worker's global scope (../sw.js, a classic script checked by tsconfig.sw.json alone):
 * lib "WebWorker" types `self` as a plain WorkerGlobalScope, so the ServiceWorkerGlobalScope
 * members sw.js uses are merged in here, with the build data offline.py writes in.
 * Types only; not shipped.
 */
export {};

/** {url path: [sha256[:16], bytes, bytes sent (gzip -1 of a compressible file)]} */
type Fingerprints = Record<string, [string, number, number]>;

declare global {
  /** Replaced by the build (site_builder/offline.py write_offline) with this build's JSON. */
  const __KRADAN_BUILD__: {
    version: string;
    shell: Fingerprints;
    pack: Fingerprints;
    /** Folders cached on first use. */
    runtime: string[];
    pyodide: string;
    pyodideCache: string;
    /** Pyodide's memory snapshot with this build's engine imported (under `pyodide`). */
    snapshot: string;
    /** The engine wheel's path. */
    wheel: string;
    /** lang -> the offline fallback page's path. */
    fallback: Record<string, string>;
  };

  interface WorkerGlobalScope {
    readonly clients: Clients;
    readonly registration: ServiceWorkerRegistration;
    skipWaiting(): Promise<void>;
    addEventListener<K extends keyof ServiceWorkerGlobalScopeEventMap>(type: K,
      listener: (this: ServiceWorkerGlobalScope, ev: ServiceWorkerGlobalScopeEventMap[K]) => any,
      options?: boolean | AddEventListenerOptions): void;
  }
}
