/**
 * The snapshot store and typed events both client fakes share (the shape of the engine's
 * `ObservablePort`): subscriptions, handlers, and the test's levers `update` and `emit`.
 */

type Handler = (payload: never) => void;

/** A fake client's observable half. */
export class FakeObservable<Snapshot, Events> {
  snapshot: Snapshot;
  readonly handlers = new Map<keyof Events, Set<Handler>>();
  readonly listeners = new Set<() => void>();

  constructor(initial: Snapshot) {
    this.snapshot = initial;
  }

  getSnapshot(): Snapshot {
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  on<K extends keyof Events>(event: K, handler: (payload: Events[K]) => void): void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler as Handler);
  }

  off<K extends keyof Events>(event: K, handler: (payload: Events[K]) => void): void {
    this.handlers.get(event)?.delete(handler as Handler);
  }

  /** Number of registered event handlers, all events together. */
  handlerCount(): number {
    let n = 0;
    for (const set of this.handlers.values()) n += set.size;
    return n;
  }

  /** Replaces snapshot fields and notifies subscribers (like the real clients' state changes). */
  update(patch: Partial<Snapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  /** Emits a client event. */
  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) (handler as (p: Events[K]) => void)(payload);
  }
}
