import { createEmitter, type Emitter, type Handler } from './emitter.ts';

/**
 * The shell the headless clients share (`VoiceClient`, `ChatClient`): an immutable snapshot for
 * React's `useSyncExternalStore` (`getSnapshot` / `subscribe`, both bound), a typed emitter
 * (`on` / `off`), and `set`, which replaces the snapshot, tells every subscriber and emits
 * `state-change` when `state` changed.
 */
export abstract class ObservableClient<
  Snapshot extends { readonly state: string },
  Events extends { 'state-change': Snapshot['state'] },
> {
  /** The current snapshot; `set` replaces it, nothing mutates it. */
  protected snapshot: Snapshot;
  protected readonly events: Emitter<Events> = createEmitter<Events>();
  protected readonly listeners = new Set<() => void>();

  /** @param initial The first snapshot. */
  constructor(initial: Snapshot) {
    this.snapshot = initial;
  }

  /** The current snapshot: the same object until something changes. Bound, for `useSyncExternalStore`. */
  getSnapshot = (): Snapshot => this.snapshot;

  /** Calls `listener` after every snapshot change; returns the unsubscriber. Bound. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Adds an event handler. */
  on<E extends keyof Events>(event: E, handler: Handler<Events[E]>): this {
    this.events.on(event, handler);
    return this;
  }

  /** Removes an event handler added with `on`. */
  off<E extends keyof Events>(event: E, handler: Handler<Events[E]>): this {
    this.events.off(event, handler);
    return this;
  }

  /** Replaces the snapshot with `patch` applied (nothing happens when no field changes). */
  protected set(patch: Partial<Snapshot>): void {
    const previous = this.snapshot;
    if ((Object.keys(patch) as (keyof Snapshot)[]).every((key) => patch[key] === previous[key])) return;
    this.snapshot = { ...previous, ...patch };
    for (const listener of [...this.listeners]) listener();
    if (this.snapshot.state !== previous.state)
      this.events.emit('state-change', this.snapshot.state as Events['state-change']);
  }

  /** Removes every event handler and subscriber (for `destroy`). */
  protected dispose(): void {
    this.events.clear();
    this.listeners.clear();
  }
}
