import { LOG_PREFIX } from './log.ts';

/** A handler for one event of an event map. `void` events take no argument. */
export type Handler<T> = (payload: T) => void;

/** A tiny typed event emitter (mitt-style). */
export interface Emitter<Events> {
  /** Adds `handler` for `event` (the same function twice counts once). */
  on<K extends keyof Events>(event: K, handler: Handler<Events[K]>): void;
  /** Removes `handler` from `event`; unknown handlers are ignored. */
  off<K extends keyof Events>(event: K, handler: Handler<Events[K]>): void;
  /**
   * Calls every handler of `event` with `payload`, in insertion order, over a copy of the list so
   * handlers may add or remove handlers. Never throws: not when nothing listens (`error` included,
   * unlike Node's EventEmitter), and not when a handler throws (that is logged, and the other
   * handlers still run).
   */
  emit<K extends keyof Events>(event: K, payload: Events[K]): void;
  /** Number of handlers of `event`, or of all events. */
  count(event?: keyof Events): number;
  /** Removes every handler. */
  clear(): void;
}

/** Creates an emitter keyed by the event map `Events`. */
export function createEmitter<Events>(): Emitter<Events> {
  const all = new Map<keyof Events, Set<Handler<never>>>();
  return {
    on(event, handler) {
      let set = all.get(event);
      if (!set) all.set(event, (set = new Set()));
      set.add(handler as Handler<never>);
    },
    off(event, handler) {
      const set = all.get(event);
      set?.delete(handler as Handler<never>);
      if (set && !set.size) all.delete(event);
    },
    emit(event, payload) {
      for (const handler of [...(all.get(event) ?? [])]) {
        try {
          (handler as Handler<typeof payload>)(payload);
        } catch (error) {
          // A listener's bug must not break the call flow that emitted the event.
          console.error(`${LOG_PREFIX} '${String(event)}' listener threw`, error);
        }
      }
    },
    count(event) {
      let n = 0;
      for (const [key, set] of all) if (event === undefined || key === event) n += set.size;
      return n;
    },
    clear() {
      all.clear();
    },
  };
}
