/**
 * The snapshot store and typed events both client fakes share (the shape of the engine's
 * `ObservablePort`): subscriptions, handlers, and the test's levers `update` and `emit`. It behaves
 * as the real clients' shell (`core/observable.ts`): a patch that changes nothing notifies nobody,
 * and a changed `state` is also emitted as `state-change` (held to it by tests/unit/widget/contract).
 */

type Handler = (payload: never) => void;

/** A fake client's observable half. */
export class FakeObservable<Snapshot extends { readonly state: string }, Events> {
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
    const previous = this.snapshot;
    if ((Object.keys(patch) as (keyof Snapshot)[]).every((key) => patch[key] === previous[key])) return;
    this.snapshot = { ...previous, ...patch };
    for (const listener of [...this.listeners]) listener();
    if (this.snapshot.state !== previous.state) this.emit('state-change' as keyof Events, this.snapshot.state as Events[keyof Events]);
  }

  /** Emits a client event. */
  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) (handler as (p: Events[K]) => void)(payload);
  }
}

/** A fake engine module plus what happened to it. */
export interface FakeModule<Module, Client> {
  /** Pass this as the engine loader. */
  load: () => Promise<Module>;
  /** Every client created, oldest first. */
  clients: Client[];
  /** How many times the module was loaded. */
  loads: number;
  /** Makes the next `n` loads reject (like a chunk that cannot be fetched). */
  failNextLoads(n: number): void;
  /** The latest client (throws when none). */
  client(): Client;
}

/**
 * A fake engine module: `make(register)` returns the module, whose client classes call
 * `register(this)` when constructed.
 */
export function createFakeModule<Module, Client>(make: (register: (client: Client) => void) => Module): FakeModule<Module, Client> {
  let failures = 0;
  const fake: FakeModule<Module, Client> = {
    clients: [],
    loads: 0,
    load: () => {
      fake.loads++;
      if (failures > 0) {
        failures--;
        return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      }
      return Promise.resolve(make((client) => fake.clients.push(client)));
    },
    failNextLoads(n) {
      failures = n;
    },
    client() {
      const client = fake.clients[fake.clients.length - 1];
      if (!client) throw new Error('no client was created');
      return client;
    },
  };
  return fake;
}
