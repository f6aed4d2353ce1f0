/**
 * `LazyClient`: one lazily created engine client and everything the controller tracks about it —
 * the client, the key (public key + API URL) it was made with, the attempt counter that lets a
 * stop cancel a start still loading, the early request's abort, and the subscriptions to undo.
 * The controller holds two: one for voice, one for chat.
 */

/** What a managed client offers: a snapshot subscription, named events, and teardown. */
export interface ManagedClient {
  subscribe(listener: () => void): () => void;
  on(event: string, handler: (payload: never) => void): unknown;
  off(event: string, handler: (payload: never) => void): unknown;
  destroy(): void;
}

/** See the module comment. */
export class LazyClient<C> {
  /** The client, once its engine is loaded. */
  client_: C | null = null;
  /** Bumped by every start and stop, so a stop during the engine load cancels that start. */
  #attempt = 0;
  /** Aborts a request sent before the engine was loaded. */
  abort_: AbortController | null = null;
  #key = '';
  #offs: (() => void)[] = [];

  /** Starts an attempt; returns its number (see `current`). */
  begin_(): number {
    return ++this.#attempt;
  }

  /** `attempt` is still the latest (no stop or newer start since). */
  current_(attempt: number): boolean {
    return attempt === this.#attempt;
  }

  /** Cancels the attempt in progress and aborts its early request. */
  cancel_(): void {
    this.#attempt++;
    this.dropRequest_();
  }

  /** Aborts the early request, if any. */
  dropRequest_(): void {
    this.abort_?.abort();
    this.abort_ = null;
  }

  /** A client made with another key than `key` is in the slot. */
  stale_(key: string): boolean {
    return !!this.client_ && this.#key !== key;
  }

  /**
   * Takes a new client made with `key` into the empty slot, subscribes `sync` to its snapshot and
   * `forward` to each of `events`.
   */
  adopt_(
    client: C,
    key: string,
    events: readonly string[],
    forward: (event: string, payload: never) => void,
    sync: () => void,
  ): C {
    this.client_ = client;
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
  dispose_(): void {
    const client = this.client_ as unknown as ManagedClient | null;
    if (!client) return;
    this.client_ = null;
    for (const off of this.#offs.splice(0)) off();
    client.destroy();
  }
}

/** The key a client is made with: a client made with another key or API URL is stale. */
export function clientKey(options: { publicKey?: string | null; apiBaseUrl?: string | null }): string {
  return `${options.publicKey ?? ''}\n${options.apiBaseUrl ?? ''}`;
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
