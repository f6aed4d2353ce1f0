/** A `fetch` stub that records each URL and never answers (the request stays in flight). */
import { vi } from 'vitest';

/** Installs the stub on `globalThis.fetch` (undo with `vi.unstubAllGlobals()`); returns the URLs asked for, in order. */
export function recordHangingFetch(): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      return new Promise<Response>(() => {});
    }),
  );
  return urls;
}
