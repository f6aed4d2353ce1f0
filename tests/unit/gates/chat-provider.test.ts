import { afterEach, describe, expect, it } from 'vitest';
import { preflight } from '../../lib/preflight.ts';
import {
  CHAT_PATH,
  CHAT_REPLY,
  FIRST_TOKEN,
  startChatProvider,
  type ChatProvider,
} from '../../../bench/lib/chat-provider.ts';

let provider: ChatProvider | null = null;
afterEach(async () => {
  await provider?.server.close();
  provider = null;
});

/** The `data:` payloads of an event-stream body (`[DONE]` kept as the string). */
function chunks(body: string): unknown[] {
  return body
    .split('\n\n')
    .filter(Boolean)
    .map((event) => event.replace(/^data: /, ''))
    .map((data) => (data === '[DONE]' ? data : JSON.parse(data)));
}

const post = (url: string, body: unknown = { assistantId: 'a', input: 'Hello', stream: true }) =>
  fetch(url + CHAT_PATH, {
    method: 'POST',
    headers: { authorization: 'Bearer pk', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('bench chat provider (the shared fixture, wired for timing)', () => {
  it('streams the platform format with the first token as the whole first delta, and records the arrival', async () => {
    provider = await startChatProvider();
    const before = performance.timeOrigin + performance.now();
    const res = await post(provider.server.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('access-control-allow-origin'), 'pages on another origin may read it').toBe('*');
    const events = chunks(await res.text()) as Array<{ sessionId?: string; delta?: string; path?: string }>;
    expect(events[0]).toEqual({ sessionId: expect.any(String) });
    expect(events[1]).toMatchObject({ path: 'chat.output[0].content', delta: FIRST_TOKEN });
    expect(
      events
        .slice(1, -1)
        .map((e) => e.delta)
        .join(''),
    ).toBe(CHAT_REPLY);
    expect(events.at(-1)).toBe('[DONE]');
    expect(provider.arrivals).toHaveLength(1);
    expect(provider.arrivals[0]!).toBeGreaterThanOrEqual(before);
  });

  it('writes the first token at once; the rest follows', async () => {
    provider = await startChatProvider();
    const res = await post(provider.server.url);
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes(FIRST_TOKEN)) text += new TextDecoder().decode((await reader.read()).value);
    expect(text, 'the later deltas come later').not.toContain('[DONE]');
    await reader.cancel();
  });

  it('answers and counts a preflight that reaches it', async () => {
    provider = await startChatProvider();
    expect(provider.preflights()).toBe(0);
    const res = await preflight(provider.server.url + CHAT_PATH, 'http://127.0.0.1:1', 'authorization, content-type');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    expect(provider.preflights()).toBe(1);
  });

  it('keeps the fixture’s answers to a bad request (no key: 401)', async () => {
    provider = await startChatProvider();
    const res = await fetch(provider.server.url + CHAT_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"input":"x"}',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
