/**
 * Loads the widget's files (`MODULE_FILES`) as classic `<script>` elements, which any static host
 * can serve: no CORS headers needed (an `import()` from another origin needs them), no 'unsafe-eval',
 * no inline code. Each file, as it runs, hands its exports to `window.RingwiseVoice.chunk(key, …)`
 * (the widget's one global); the loader resolves the pending load with them. The page's nonce goes
 * on every script it adds. A failure is diagnosed (load-failure.ts), logged to the console with
 * its URL (once: the same failure again on a retry is not repeated), and rejected as an error of type `engine-load-failed` carrying the `LoadFailure`;
 * the next attempt asks for a fresh URL (`?retry=1`, …), since a failed URL may stay cached.
 */
import type { LoadModule, WidgetModules } from './card-port.ts';
import { MODULE_FILES } from '../files.ts';
import { diagnoseLoad, loadFailureLine, type LoadFailure } from './load-failure.ts';

/** What the widget's files find on `window.RingwiseVoice` (set by the first script loader of the page). */
export interface ChunkRegistry {
  /** Called by each widget file as it runs, with its key in `MODULE_FILES` and its exports. */
  chunk(key: string, exports: unknown): void;
  /** Loads a widget file by its key (the voice engine loads the daily file through it). */
  load: LoadModule;
}

/** An `engine-load-failed` error of the script loader. */
export interface LoadError extends Error {
  readonly type: 'engine-load-failed';
  readonly failure: LoadFailure;
}

type Win = { RingwiseVoice?: Partial<ChunkRegistry> };

/**
 * The page's script loader: the one already on `window.RingwiseVoice`, else a new one for the
 * files next to `base`, with `nonce` on each script (a page loads one set of widget files).
 */
export function scriptLoader(base: string, nonce = ''): LoadModule {
  const win = window as unknown as Win;
  const existing = win.RingwiseVoice;
  if (existing?.load) return existing.load;
  const arrived = new Map<string, unknown>();
  const pending = new Map<string, Promise<unknown>>();
  const failures = new Map<string, number>();
  /** The last reason logged per file: a failure repeated on retry is not logged again. */
  const logged = new Map<string, string>();

  const fetchScript = (key: string): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const file = (MODULE_FILES as Record<string, string>)[key]!;
      const failed = failures.get(key) ?? 0;
      const address = new URL(file, base).href;
      const url = address + (failed ? `?retry=${failed}` : '');
      const script = document.createElement('script');
      let blocked = false;
      const onViolation = (event: SecurityPolicyViolationEvent) => {
        if (event.blockedURI === url) blocked = true;
      };
      const settle = ({ type }: Event) =>
        // A policy violation is reported in a task of its own: read the verdict after it.
        setTimeout(() => {
          document.removeEventListener('securitypolicyviolation', onViolation);
          script.remove();
          if (type === 'load' && arrived.has(key)) return resolve(arrived.get(key));
          const timing = performance.getEntriesByName(url).at(-1) as (PerformanceResourceTiming & { responseStatus?: number }) | undefined;
          const status = timing?.responseStatus ?? 0;
          const failure = diagnoseLoad({ file, url: address, ran: type === 'load', blocked, status, online: navigator.onLine });
          const message = loadFailureLine(failure);
          if (logged.get(key) !== message) console.error(message);
          logged.set(key, message);
          failures.set(key, failed + 1);
          reject(Object.assign(new Error(message), { type: 'engine-load-failed', failure }));
        });
      document.addEventListener('securitypolicyviolation', onViolation);
      script.addEventListener('load', settle);
      script.addEventListener('error', settle);
      if (nonce) script.nonce = nonce;
      script.src = url;
      document.head.append(script);
    });

  const load = (<K extends keyof WidgetModules>(key: K) => {
    let module = pending.get(key);
    if (!module) {
      module = fetchScript(key);
      module.catch(() => pending.delete(key));
      pending.set(key, module);
    }
    return module as Promise<WidgetModules[K]>;
  }) as LoadModule;
  win.RingwiseVoice = Object.assign(existing ?? {}, {
    chunk: (key: string, exports: unknown) => void arrived.set(key, exports),
    load,
  });
  return load;
}
