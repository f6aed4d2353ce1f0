import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_PATH, chatStreamEvents, FIRST_TOKEN, SESSION_ID, startChatProvider, type ChatProvider } from '../../../bench/lib/chat-provider.ts';

let provider: ChatProvider | null = null;
afterEach(async () => {
  await provider?.close();
  provider = null;
});

/** The JSON chunks of an event-stream body (`data: [DONE]` kept as the string). */
function chunks(body: string): unknown[] {
  return body
    .split('\n\n')
    .filter(Boolean)
    .map((event) => event.replace(/^data: /, ''))
    .map((data) => (data === '[DONE]' ? data : JSON.parse(data)));
}

describe('bench chat provider', () => {
  it('streams the platform chat format: session id, the first token, the rest, [DONE]', () => {
    const events = chunks(chatStreamEvents().join(''));
    expect(events[0]).toEqual({ sessionId: SESSION_ID });
    expect(events[1]).toEqual({ path: 'chat.output[0].content', delta: FIRST_TOKEN });
    expect(events.at(-1)).toBe('[DONE]');
    expect(events.slice(1, -1).every((e) => (e as { path?: string }).path === 'chat.output[0].content')).toBe(true);
  });

  it('answers POST /chat/web as an event stream, recording its arrival, and counts preflights', async () => {
    provider = await startChatProvider();
    const before = performance.timeOrigin + performance.now();
    const preflight = await fetch(provider.url + CHAT_PATH, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:1', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    const res = await fetch(provider.url + CHAT_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ input: 'Hello', stream: true }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(chunks(await res.text())).toEqual(chunks(chatStreamEvents().join('')));
    expect(provider.arrivals).toHaveLength(1);
    expect(provider.arrivals[0]!).toBeGreaterThanOrEqual(before);
    expect(provider.preflights()).toBe(1);
  });

  it('sends the first token before the rest of the stream', async () => {
    provider = await startChatProvider();
    const res = await fetch(provider.url + CHAT_PATH, { method: 'POST', body: '{}' });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain(FIRST_TOKEN);
    expect(first, 'the later deltas follow later').not.toContain('[DONE]');
    await reader.cancel();
  });

  it('answers other routes 404 with a message', async () => {
    provider = await startChatProvider();
    const res = await fetch(provider.url + '/call/web', { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No route for POST /call/web' });
    expect(provider.arrivals).toHaveLength(0);
  });
});
