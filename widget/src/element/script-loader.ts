/**
 * Loads the widget's files (`MODULE_FILES`) as classic `<script>` elements, which any static host
 * can serve: no CORS headers needed (an `import()` from another origin needs them), no 'unsafe-eval',
 * no inline code. Each file, as it runs, hands its exports to `window.RingwiseVoice.chunk(key, …)`
 * (the widget's one global); the loader resolves the pending load with them. The page's nonce goes
 * on every script it adds. A failure is logged once per file with its URL, and rejected as an
 * error of type `engine-load-failed` carrying what was seen (`LoadEvidence`: did a policy block
 * it, did it run), from which the card explains why (`loadFailureOf`, load-failure.ts); the next
 * attempt asks for a fresh URL (`?retry=1`, …), since a failed URL may stay cached.
 */
import type { LoadModule } from '../ports/card-port.ts';
import { moduleFile } from '../ports/manifest.ts';
import type { LoadEvidence } from '../conversation/load-failure.ts';
import { LOG_PREFIX } from '../core/log.ts';

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
  readonly evidence: LoadEvidence;
}

/** The one Trusted Types policy the widget creates (CSP: `trusted-types ringwise`). */
export const TRUSTED_TYPES_POLICY = 'ringwise';

/** Sent to the console once when the page's Trusted Types policy refuses ours. */
export const TRUSTED_TYPES_HINT = `${LOG_PREFIX} blocked by Trusted Types; add "trusted-types ${TRUSTED_TYPES_POLICY}" to the page's CSP`;

type Win = {
  RingwiseVoice?: Partial<ChunkRegistry>;
  trustedTypes?: {
    createPolicy(
      name: string,
      rules: { createScriptURL(url: string): string },
    ): { createScriptURL(url: string): string };
  };
};

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
  /** Failed attempts per file: the retry query, and whether it was logged already. */
  const failures: Record<string, number> = {};
  /** URLs a policy blocked (a violation is reported before the script's error event). */
  const blocked = new Set<string>();
  document.addEventListener('securitypolicyviolation', (event) => blocked.add(event.blockedURI));
  // Trusted Types: the script URLs are passed through the policy `ringwise`, which lets through
  // only URLs in the loader's own folder. Created at the first load (a page that never uses the
  // widget sees no policy); `null` once the page refused it.
  const folder = new URL('.', base).href;
  let policy: { createScriptURL(url: string): string } | null | undefined;

  const fetchScript = (key: string, low?: boolean): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const failed = failures[key] ?? 0;
      const url = new URL(moduleFile(key), base).href;
      const requested = url + (failed ? `?retry=${failed}` : '');
      const script = document.createElement('script');
      script.onload = script.onerror = (event) =>
        // A violation may be reported in a task of its own: read the verdict after it.
        setTimeout(() => {
          const ran = (event as Event).type === 'load';
          if (ran && arrived.has(key)) return resolve(arrived.get(key));
          const message = `${LOG_PREFIX} could not load ${url}`;
          if (!failed) console.error(message);
          failures[key] = failed + 1;
          pending.delete(key);
          const evidence: LoadEvidence = { url, requested, ran, blocked: blocked.has(requested) };
          reject(Object.assign(new Error(message), { type: 'engine-load-failed', evidence }));
        });
      if (nonce) script.nonce = nonce;
      // A warm start's files: after the page's own.
      if (low) script.fetchPriority = 'low';
      try {
        policy ??= win.trustedTypes?.createPolicy(TRUSTED_TYPES_POLICY, {
          createScriptURL: (u) => (u.startsWith(folder) ? u : ''),
        });
        script.src = policy ? policy.createScriptURL(requested) : requested;
      } catch {
        // The page enforces Trusted Types and refused our policy: no script can be added. It fails
        // as a blocked script does (the launcher says a security policy blocked it).
        if (policy !== null) console.error(TRUSTED_TYPES_HINT);
        policy = null;
        blocked.add(requested);
        return script.onerror!(new Event('error'));
      }
      document.head.append(script);
    });

  // One load per file at a time; after a failure the next call tries again.
  const load = ((key: string, low?: boolean) =>
    pending.get(key) ?? pending.set(key, fetchScript(key, low)).get(key)) as LoadModule;
  win.RingwiseVoice = Object.assign(existing ?? {}, {
    chunk: (key: string, exports: unknown) => void arrived.set(key, exports),
    load,
  });
  return load;
}
