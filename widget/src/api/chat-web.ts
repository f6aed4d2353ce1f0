import type { CallTarget } from './call-target.ts';
import { postJson, type PostOptions } from './post-json.ts';

/** Options of `requestChatWeb`. */
export type ChatWebOptions = PostOptions;

/** The path of the platform's web chat route. */
export const CHAT_WEB_PATH = '/chat/web';

/**
 * Body of `POST /chat/web` without `stream` (always added): the target (`assistantId` |
 * `assistant` | `squadId` | `squad` | `workflowId` | `workflow`, optional overrides), the
 * visitor's text, and the session id of the conversation after its first reply.
 */
export interface ChatWebBody extends CallTarget {
  /** The visitor's message. */
  input: string;
  /** The `sessionId` the platform returned earlier in this conversation; omit for a new one. */
  sessionId?: string;
}

/**
 * Sends one chat message: `POST {baseUrl}/chat/web` with `Authorization: Bearer {token}` (if any) and the
 * JSON body `{ ...body, stream: true }` (undefined fields omitted), and returns the raw response
 * promise, unread: the answer is a `text/event-stream` that `ChatClient` reads. Imports nothing,
 * so a loader can send the first message at the click and hand the promise to
 * `ChatClient.send(input, target, { request })`.
 *
 * @returns fetch's promise (rejects with fetch's own error or the abort reason).
 */
export function requestChatWeb(options: ChatWebOptions, body: ChatWebBody): Promise<Response> {
  return postJson(options, CHAT_WEB_PATH, { ...body, stream: true });
}
