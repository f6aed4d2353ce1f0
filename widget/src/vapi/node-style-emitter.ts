/**
 * The event emitter of `./vapi`, with the members `@vapi-ai/web` exposes from Node's
 * `EventEmitter` (`on`, `once`, `off`, `removeListener`, `removeAllListeners`, `emit`,
 * `listenerCount`), typed by its event map. Listeners run in order over a copy of the list; unlike
 * Node's, an `error` nobody listens to is not thrown (it would surface inside the call's flow).
 */
import type { VapiEventListeners, VapiEventNames } from './types.ts';
import { LOG_PREFIX } from '../core/log.ts';

type Listener = (...args: never[]) => void;

/** Node-style typed emitter (see the module note). */
export class VapiEventEmitter {
  readonly #listeners = new Map<VapiEventNames, Listener[]>();

  /** Adds `listener` (again if already added, as Node does). */
  on<E extends VapiEventNames>(event: E, listener: VapiEventListeners[E]): this {
    this.#listeners.set(event, [...(this.#listeners.get(event) ?? []), listener as Listener]);
    this.added(event);
    return this;
  }

  /** Adds `listener` for the next `event` only. */
  once<E extends VapiEventNames>(event: E, listener: VapiEventListeners[E]): this {
    const wrapper = ((...args: never[]) => {
      this.removeListener(event, wrapper);
      (listener as Listener)(...args);
    }) as VapiEventListeners[E];
    (wrapper as { listener?: unknown }).listener = listener;
    return this.on(event, wrapper);
  }

  /** Removes the last added copy of `listener` (or of a `once` wrapper around it). */
  removeListener<E extends VapiEventNames>(event: E, listener: VapiEventListeners[E]): this {
    const list = [...(this.#listeners.get(event) ?? [])];
    for (let i = list.length - 1; i >= 0; i--) {
      if (list[i] !== listener && (list[i] as { listener?: unknown }).listener !== listener) continue;
      list.splice(i, 1);
      this.#listeners.set(event, list);
      break;
    }
    return this;
  }

  /** Same as `removeListener`. */
  off<E extends VapiEventNames>(event: E, listener: VapiEventListeners[E]): this {
    return this.removeListener(event, listener);
  }

  /** Removes every listener of `event`, or of every event. */
  removeAllListeners(event?: VapiEventNames): this {
    if (event) this.#listeners.delete(event);
    else this.#listeners.clear();
    return this;
  }

  /** Number of listeners of `event`. */
  listenerCount(event: VapiEventNames): number {
    return this.#listeners.get(event)?.length ?? 0;
  }

  /** Calls every listener of `event`; true when there was one. A throwing listener is logged. */
  emit<E extends VapiEventNames>(event: E, ...args: Parameters<VapiEventListeners[E]>): boolean {
    const list = this.#listeners.get(event) ?? [];
    for (const listener of list) {
      try {
        (listener as (...a: unknown[]) => void)(...args);
      } catch (error) {
        console.error(`${LOG_PREFIX} ${event} event listener threw`, error);
      }
    }
    return list.length > 0;
  }

  /** Called after a listener was added (the client starts what only a listener needs). */
  protected added(event: VapiEventNames): void {
    void event;
  }
}
