/**
 * `LazyClient`: one lazily created engine client and everything the controller tracks about it —
 * the client, the key (public key + API URL) it was made with, the attempt counter that lets a
 * stop cancel a start still loading, the early request's abort, and the subscriptions to undo.
 * The controller holds two: one for voice, one for chat.
 */
import type { ConversationControllerOptions } from './conversation-events.ts';
import type { VoiceClientPort, VoiceEngine } from './engine-port.ts';

/** What a managed client offers: a snapshot subscription, named events, and teardown. */
export interface ManagedClient {
  subscribe(listener: () => void): () => void;
  on(event: string, handler: (payload: never) => void): unknown;
  off(event: string, handler: (payload: never) => void): unknown;
  destroy(): void;
}

/** See the module comment. */
export class LazyClient<C> {
  #client: C | null = null;
  /** Bumped by every start and stop, so a stop during the engine load cancels that start. */
  #attempt = 0;
  /** Aborts a request sent before the engine was loaded. */
  #abort: AbortController | null = null;
  #key = '';

  /** The client, once its engine is loaded. */
  get client(): C | null {
    return this.#client;
  }

  /** Holds the abort of a request sent before the engine was loaded (`null`: the engine took it). */
  hold(abort: AbortController | null): void {
    this.#abort = abort;
  }
  #offs: (() => void)[] = [];

  /** Starts an attempt; returns its number (see `current`). */
  begin(): number {
    return ++this.#attempt;
  }

  /** `attempt` is still the latest (no stop or newer start since). */
  current(attempt: number): boolean {
    return attempt === this.#attempt;
  }

  /** Cancels the attempt in progress and aborts its early request. */
  cancel(): void {
    this.#attempt++;
    this.dropRequest();
  }

  /** Aborts the early request, if any. */
  dropRequest(): void {
    this.#abort?.abort();
    this.#abort = null;
  }

  /** A client made with another key than `key` is in the slot. */
  stale(key: string): boolean {
    return !!this.#client && this.#key !== key;
  }

  /**
   * Takes a new client made with `key` into the empty slot, subscribes `sync` to its snapshot and
   * `forward` to each of `events`.
   */
  adopt(
    client: C,
    key: string,
    events: readonly string[],
    forward: (event: string, payload: never) => void,
    sync: () => void,
  ): C {
    this.#client = client;
    this.#key = key;
    // Both kinds of client emit by name; their payload types live in ConversationEvents.
    const emitter = client as unknown as ManagedClient;
    this.#offs.push(emitter.subscribe(sync));
    for (const event of events) {
      const handler = (payload: never) => forward(event, payload);
      emitter.on(event, handler);
      this.#offs.push(() => emitter.off(event, handler));
    }
    return client;
  }

  /** Unsubscribes from the client and destroys it; the slot is empty after. */
  dispose(): void {
    const client = this.#client as unknown as ManagedClient | null;
    if (!client) return;
    this.#client = null;
    for (const off of this.#offs.splice(0)) off();
    client.destroy();
  }
}

/** The key a client is made with: a client made with another key, API URL or room hosts is stale. */
export function clientKey(options: {
  publicKey?: string | null;
  apiBaseUrl?: string | null;
  roomHosts?: readonly string[] | null;
}): string {
  return `${options.publicKey ?? ''}\n${options.apiBaseUrl ?? ''}\n${options.roomHosts ?? ''}`;
}

/** What a new client is made with: the key, and the API URL when one is set. */
export function clientOptions(options: { publicKey?: string | null; apiBaseUrl?: string | null }): {
  publicKey: string;
  apiBaseUrl?: string;
} {
  const made: { publicKey: string; apiBaseUrl?: string } = { publicKey: options.publicKey ?? '' };
  if (options.apiBaseUrl) made.apiBaseUrl = options.apiBaseUrl;
  return made;
}

/**
 * A voice client of `engine` for the controller's current options (key, API URL, video, Daily
 * config, room hosts).
 */
export function newVoiceClient(engine: VoiceEngine, options: ConversationControllerOptions): VoiceClientPort {
  const { dailyConfig, roomHosts } = options;
  return new engine.VoiceClient({
    ...clientOptions(options),
    video: !!options.video,
    ...(dailyConfig && { dailyConfig }),
    // Undefined keeps the engine's default (Daily's domains); null, from a caller, allows any https host.
    ...(roomHosts !== undefined && { roomHosts }),
  });
}
