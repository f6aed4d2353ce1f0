/**
 * A fake engine module for the UI tests: loads that can be made to fail, and every client the
 * module's classes created. The clients themselves are the site's scripted clients
 * (fake-voice-engine.ts, fake-chat-engine.ts).
 */

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
export function createFakeModule<Module, Client>(
  make: (register: (client: Client) => void) => Module,
): FakeModule<Module, Client> {
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
