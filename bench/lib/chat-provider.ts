/**
 * The chat latency bench's provider: the shared loopback fixture (fixtures/loopback-server.ts)
 * answering `POST /chat/web` as the platform streams it (its `chatWebHandler`: the session id, text
 * deltas at `chat.output[0].content`, `data: [DONE]`), wired for timing: the first delta is written
 * as soon as the request's body has arrived (so "first token painted" measures the client, not the
 * provider) and the later ones follow at a steady pace; each POST's arrival is recorded in epoch
 * milliseconds (`performance.timeOrigin + performance.now()`), the clock the page's
 * `performance.timeOrigin + event.timeStamp` is compared with.
 *
 * The fixture does not answer CORS preflights by itself here (`cors: false`): a preflight that
 * reaches it is answered by an explicit route and recorded, so the report can show how many
 * reached the wire (none, since Playwright answers them inside the browser).
 */
import { chatWebHandler, startLoopbackServer, type LoopbackServer } from '../../fixtures/loopback-server.ts';
import { CHAT_WEB_PATH } from '@ringwise/voice-widget/api';

/** The platform's chat route (owned by the widget's API client). */
export const CHAT_PATH = CHAT_WEB_PATH;

/** The first streamed text delta: a word no host page or widget shows by itself. */
export const FIRST_TOKEN = 'Quokkaberry';

/** The streamed reply: the first token as the first delta, then the rest. */
export const CHAT_REPLY = `${FIRST_TOKEN} is the first token.`;

/** Gap between the later deltas, as a model's tokens would come. */
export const DELTA_INTERVAL_MS = 20;

/** A running chat provider. */
export interface ChatProvider {
  /** The fixture (its `url`, its recorded `requests`, `close()`). */
  server: LoopbackServer;
  /** Epoch ms at which each `POST /chat/web` body had arrived, oldest first. */
  arrivals: number[];
  /** CORS preflights (`OPTIONS /chat/web`) that reached the fixture. */
  preflights(): number;
}

/** Starts the chat provider on a free loopback port (see the module comment). Close `server` when done. */
export async function startChatProvider(): Promise<ChatProvider> {
  const server = await startLoopbackServer({ cors: false });
  const arrivals: number[] = [];
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  // Write 0 is the session id, write 1 the first delta (exactly FIRST_TOKEN): both go at once.
  const stream = chatWebHandler({
    reply: CHAT_REPLY,
    deltaSize: FIRST_TOKEN.length,
    gate: (i) => (i <= 1 ? Promise.resolve() : sleep(DELTA_INTERVAL_MS)),
  });
  const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': '*' };
  server.route('POST', CHAT_PATH, (request) => {
    arrivals.push(performance.timeOrigin + performance.now());
    const answer = stream(request);
    return { ...answer, headers: { ...answer.headers, ...cors } };
  });
  server.route('OPTIONS', CHAT_PATH, (request) => ({
    status: 204,
    headers: {
      ...cors,
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-allow-headers': String(request.headers['access-control-request-headers'] ?? '*'),
    },
  }));
  return { server, arrivals, preflights: () => server.requestsTo('OPTIONS', CHAT_PATH).length };
}
