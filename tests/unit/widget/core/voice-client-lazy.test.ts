/**
 * The default call factory, supplied by the entries (the core has none of its own): the package's
 * `VoiceClient` (the root and `/core` entries, the bundled voice engine) imports the Daily adapter
 * module lazily, in parallel with POST /call/web, once per client (preload included); the
 * script-tag engine file asks the page's widget loader for the daily file instead. The adapter
 * module is replaced with a fake module of the same shape (`createDailyCallFactory`), as the
 * widget's browser tests do with the chunk.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CallFactory, DailyConfig } from '../../../../widget/src/core/call-port.ts';
import { FakeCallFactory, FakePlatform, deferred } from '../../../fixtures/fake-call.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import type { VoiceClient } from '../../../../widget/src/core/voice-client.ts';
import type { LoadModule } from '../../../../widget/src/ports/card-port.ts';
import { PUBLIC_KEY, record, until, webCall } from './harness.ts';

const ADAPTER = '../../../../widget/src/daily/index.ts';

const server = loopbackForFile(() => {
  vi.doUnmock(ADAPTER);
  vi.resetModules();
  delete (globalThis as { RingwiseVoice?: unknown }).RingwiseVoice;
});

/** Installs a fake adapter module; `gate` holds its evaluation (the chunk download). */
function fakeAdapter(options: { gate?: Promise<void>; fail?: Error } = {}) {
  const state = { evaluated: 0, configs: [] as (DailyConfig | undefined)[], factory: new FakeCallFactory() };
  vi.doMock(ADAPTER, async () => {
    state.evaluated++;
    await options.gate;
    if (options.fail) throw options.fail;
    return {
      createDailyCallFactory(config?: DailyConfig): CallFactory {
        state.configs.push(config);
        return state.factory;
      },
    };
  });
  return state;
}

/** Where a `VoiceClient` comes from: the `/core` entry, the bundled engine, the script-tag engine, the core itself. */
const SOURCES = {
  core: () => import('../../../../widget/src/core.ts'),
  bundled: () => import('../../../../widget/src/chunks/entries/bundled-voice-engine.ts'),
  script: () => import('../../../../widget/src/chunks/entries/voice-engine.ts'),
  bare: () => import('../../../../widget/src/core/voice-client.ts'),
};

async function loadClient(options: { dailyConfig?: DailyConfig } = {}, from: keyof typeof SOURCES = 'core') {
  vi.resetModules();
  const { VoiceClient } = await SOURCES[from]();
  const platform = new FakePlatform();
  const client = new VoiceClient({ publicKey: PUBLIC_KEY, apiBaseUrl: server.url, platform, ...options });
  // Each source's class is the core's (the script-tag engine's is typed by the engine port).
  return { client: client as VoiceClient, platform, events: record(client as VoiceClient) };
}

describe('VoiceClient: the lazily loaded Daily adapter', () => {
  it('is not imported until a start or a preload', async () => {
    const adapter = fakeAdapter();
    const { client } = await loadClient();
    expect(client.getSnapshot().state).toBe('idle');
    expect(adapter.evaluated, 'not loaded at construction').toBe(0);
  });

  it('loads in parallel with POST /call/web: neither waits for the other', async () => {
    const gate = deferred();
    const adapter = fakeAdapter({ gate: gate.promise });
    const seenAtRequest: number[] = [];
    server.route('POST', '/call/web', () => {
      seenAtRequest.push(adapter.evaluated);
      return { status: 201, body: webCall() };
    });
    const { client, events } = await loadClient({ dailyConfig: { bundlePathOverride: 'https://cdn.example/daily/' } });
    const started = client.start({ assistantId: 'a' });
    await server.waitForRequest((r) => r.path === '/call/web');
    expect(seenAtRequest, 'the chunk was already loading when the POST arrived').toEqual([1]);
    await until(() => events.progress().includes('web-call-creation:completed'), 'web call created');
    expect(events.progress(), 'the call object waits for the chunk').toContain('daily-call-object-creation:started');
    expect(events.progress(), 'not created before the chunk').not.toContain('daily-call-object-creation:completed');
    gate.resolve();
    expect(await started, 'started').not.toBeNull();
    expect(adapter.configs, 'dailyConfig passed to the adapter').toEqual([
      { bundlePathOverride: 'https://cdn.example/daily/' },
    ]);
    await client.stop();
  });

  it('preload() loads once, never rejects, and start() reuses it', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const adapter = fakeAdapter();
    const { client } = await loadClient();
    await Promise.all([client.preload(), client.preload()]);
    expect(adapter.evaluated, 'evaluated once').toBe(1);
    expect(await client.start({ assistantId: 'a' }), 'started').not.toBeNull();
    await client.stop();
    await client.start({ assistantId: 'a' });
    await client.stop();
    expect(adapter.configs, 'one factory for the client').toHaveLength(1);
    expect(adapter.factory.calls, 'two call objects').toHaveLength(2);
  });

  it('a chunk that fails to load fails the start with daily-call-object-creation-error; preload resolves', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    fakeAdapter({ fail: new Error('Failed to fetch dynamically imported module') });
    const { client, events } = await loadClient();
    await expect(client.preload(), 'preload never rejects').resolves.toBeUndefined();
    expect(await client.start({ assistantId: 'a' }), 'start fails').toBeNull();
    const [error] = events.of('error');
    expect(error?.type, 'error type').toBe('daily-call-object-creation-error');
    expect(error?.stage, 'stage').toBe('daily-call-object-creation');
    expect(client.state, 'idle').toBe('idle');
  });

  it('the bundled voice engine (loadBundledModule) is the same client: the adapter imported with a start', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const adapter = fakeAdapter();
    const { client } = await loadClient({ dailyConfig: { avoidEval: false } }, 'bundled');
    expect(adapter.evaluated, 'not loaded at construction').toBe(0);
    expect(await client.start({ assistantId: 'a' }), 'started').not.toBeNull();
    expect(adapter.configs, 'dailyConfig passed to the adapter').toEqual([{ avoidEval: false }]);
    await client.stop();
  });
});

describe("VoiceClient: the default is the entry's, never the core's", () => {
  it("the core's own client has none: a start without callFactory fails saying what to pass, and the adapter is never imported", async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const adapter = fakeAdapter();
    const { client, events } = await loadClient({}, 'bare');
    await client.preload();
    expect(await client.start({ assistantId: 'a' }), 'start fails').toBeNull();
    const [error] = events.of('error');
    expect(error?.type, 'error type').toBe('daily-call-object-creation-error');
    expect(error?.message, 'says what to pass').toMatch(/No callFactory given/);
    expect(adapter.evaluated, 'the core never imports the Daily adapter').toBe(0);
  });

  it("the script-tag engine asks the page's widget loader for the daily file (no import()), once, with dailyConfig", async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const adapter = fakeAdapter();
    const factory = new FakeCallFactory();
    const configs: (DailyConfig | undefined)[] = [];
    const asked: string[] = [];
    const load = ((name: string) => {
      asked.push(name);
      return Promise.resolve({ createDailyCallFactory: (config?: DailyConfig) => (configs.push(config), factory) });
    }) as unknown as LoadModule;
    (globalThis as { RingwiseVoice?: unknown }).RingwiseVoice = { load };
    const { client } = await loadClient(
      { dailyConfig: { bundlePathOverride: 'https://cdn.example/daily/' } },
      'script',
    );
    await client.preload();
    expect(await client.start({ assistantId: 'a' }), 'started').not.toBeNull();
    await client.stop();
    expect(asked, 'the daily file, through the loader, once').toEqual(['daily']);
    expect(configs, 'dailyConfig passed to the adapter').toEqual([
      { bundlePathOverride: 'https://cdn.example/daily/' },
    ]);
    expect(factory.calls, 'the call object came from it').toHaveLength(1);
    expect(adapter.evaluated, "never the bundler's import()").toBe(0);
  });

  it('the script-tag engine without the widget loader on the page fails the start saying so, and retries later', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const { client, events } = await loadClient({}, 'script');
    expect(await client.start({ assistantId: 'a' }), 'start fails').toBeNull();
    expect(events.of('error')[0]?.message, 'names the missing loader').toMatch(
      /widget loader \(voice-widget\.js\) is not on this page/,
    );
    const factory = new FakeCallFactory();
    (globalThis as { RingwiseVoice?: unknown }).RingwiseVoice = {
      load: () => Promise.resolve({ createDailyCallFactory: () => factory }),
    };
    expect(await client.start({ assistantId: 'a' }), 'the next start asks again').not.toBeNull();
    await client.stop();
  });
});
