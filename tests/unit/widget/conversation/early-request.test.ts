/**
 * `startNow` (conversation/early-request.ts): the one "start now" of the launcher, the controller
 * and the site's hero. What it asks for, in the caller's task, and what it never sends.
 */
import { describe, expect, it, vi } from 'vitest';
import { startNow } from '../../../../widget/src/conversation/early-request.ts';
import { DEFAULT_API_BASE_URL } from '../../../../widget/src/api/constants.ts';

function helpers() {
  const requestWebCall = vi.fn((_options: { baseUrl: string; token: string; signal?: AbortSignal }, _target: object) => new Promise<Response>(() => {}));
  const load = vi.fn((_name: string) => new Promise<unknown>(() => {}));
  return { requestWebCall, load };
}

describe('startNow', () => {
  it('sends POST /call/web and asks for the engine and daily-js at once, and returns the request with its abort', () => {
    const { requestWebCall, load } = helpers();
    const start = startNow({ token: 'pk', target: { assistantId: 'a' }, requestWebCall, load });
    expect(requestWebCall, 'sent, on the default API').toHaveBeenCalledWith({ baseUrl: DEFAULT_API_BASE_URL, token: 'pk', signal: start.abort!.signal }, { assistantId: 'a' });
    expect(load.mock.calls.map(([name]) => name), 'both files asked for').toEqual(['engine', 'daily']);
    expect(start.request, 'the request the engine adopts').toBe(requestWebCall.mock.results[0]!.value);
    start.abort!.abort();
    expect(requestWebCall.mock.calls[0]![0].signal?.aborted, 'its abort cancels it').toBe(true);
  });

  it('sends and loads nothing without a key or a target (the start explains why)', () => {
    for (const options of [{ token: '', target: { assistantId: 'a' } }, { token: 'pk', target: {} }]) {
      const { requestWebCall, load } = helpers();
      expect(startNow({ ...options, requestWebCall, load })).toEqual({});
      expect(requestWebCall).not.toHaveBeenCalled();
      expect(load).not.toHaveBeenCalled();
    }
  });

  it('a failed request or load is left to the engine: nothing unhandled, nothing thrown', async () => {
    const requestWebCall = vi.fn((_options: { baseUrl: string }, _target: object): Promise<Response> => Promise.reject(new TypeError('Failed to fetch')));
    const load = vi.fn(() => Promise.reject(new Error('blocked')));
    const start = startNow({ token: 'pk', baseUrl: 'https://api.example', target: { squadId: 's' }, requestWebCall, load });
    await expect(start.request).rejects.toThrow('Failed to fetch');
    expect(requestWebCall.mock.calls[0]![0]).toMatchObject({ baseUrl: 'https://api.example' });
  });
});
