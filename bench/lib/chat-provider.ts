/**
 * The bench's own streaming `POST /chat/web` provider, on a free loopback port. The shared
 * provider fixture (tests/fixtures/loopback-server.ts) answers each request with one whole body,
 * so it cannot stream; this minimal server answers the platform's chat route the way issue 10
 * describes it (`text/event-stream`, one JSON chunk per `data:` line, text deltas at
 * `chat.output[0].content`, the session id, `data: [DONE]`), which is also what Vapi's widget reads.
 *
 * The first text delta is written the moment the request's body has arrived, so "first token
 * painted" measures the client, not the provider. Every request's arrival is recorded in epoch
 * milliseconds (`performance.timeOrigin + performance.now()`), the clock the page's
 * `performance.timeOrigin + event.timeStamp` is compared with.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The chat route, exactly as the platform names it. */
export const CHAT_PATH = '/chat/web';

/** The first streamed text delta: a word no host page or widget shows by itself. */
export const FIRST_TOKEN = 'Quokkaberry';

/** Text deltas streamed after the first one, one every `DELTA_INTERVAL_MS`. */
export const LATER_TOKENS = [' is', ' the', ' first', ' token', '.'] as const;

/** Gap between streamed deltas, ms. */
export const DELTA_INTERVAL_MS = 20;

/** Session id the provider sends (the client sends it back with later messages). */
export const SESSION_ID = 'bench-session';

/** The `data:` lines of one answer, in order (without the pauses between deltas). */
export function chatStreamEvents(): string[] {
  const delta = (text: string) => `data: ${JSON.stringify({ path: 'chat.output[0].content', delta: text })}\n\n`;
  return [`data: ${JSON.stringify({ sessionId: SESSION_ID })}\n\n`, delta(FIRST_TOKEN), ...LATER_TOKENS.map(delta), 'data: [DONE]\n\n'];
}

/** A running chat provider. */
export interface ChatProvider {
  /** Base URL, e.g. http://127.0.0.1:40123 (no trailing slash). */
  url: string;
  /** Epoch ms at which each `POST /chat/web` body had arrived, oldest first. */
  arrivals: number[];
  /** CORS preflights (`OPTIONS`) that reached this server. */
  preflights(): number;
  close(): Promise<void>;
}

const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': '*' };

function readAll(req: IncomingMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    req.on('data', () => {});
    req.on('end', resolve);
    req.on('error', reject);
  });
}

/** Starts the streaming chat provider on 127.0.0.1 (free port). Always `close()` it. */
export async function startChatProvider(): Promise<ChatProvider> {
  const arrivals: number[] = [];
  let preflights = 0;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'OPTIONS') {
      preflights++;
      await readAll(req);
      res.writeHead(204, {
        ...CORS,
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    await readAll(req);
    if (req.method !== 'POST' || path !== CHAT_PATH) {
      res.writeHead(404, { ...CORS, 'content-type': 'application/json' }).end(JSON.stringify({ message: `No route for ${req.method} ${path}` }));
      return;
    }
    arrivals.push(performance.timeOrigin + performance.now());
    res.writeHead(200, { ...CORS, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const [session, first, ...rest] = chatStreamEvents();
    res.write(session! + first!);
    // The later deltas and [DONE] follow at a steady pace, as a model's tokens would.
    rest.forEach((event, i) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (res.destroyed) return;
        res.write(event);
        if (i === rest.length - 1) res.end();
      }, DELTA_INTERVAL_MS * (i + 1));
      timers.add(timer);
    });
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    arrivals,
    preflights: () => preflights,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
