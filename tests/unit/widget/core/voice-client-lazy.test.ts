/**
 * The default call factory: the Daily adapter module is imported lazily, in parallel with
 * POST /call/web, once per client (preload included). The adapter module is replaced with a fake
 * module of the same shape (`createDailyCallFactory`), as the widget's browser tests do with the chunk.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CallFactory, DailyConfig } from '../../../../widget/src/core/call-port.ts';
import { FakeCallFactory, FakePlatform, deferred } from '../../../fixtures/fake-call.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import { PUBLIC_KEY, record, until, webCall } from './harness.ts';

const ADAPTER = '../../../../widget/src/daily/index.ts';

const server = loopbackForFile(() => {
  vi.doUnmock(ADAPTER);
  vi.resetModules();
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

async function loadClient(options: { dailyConfig?: DailyConfig } = {}) {
  vi.resetModules();
  const { VoiceClient } = await import('../../../../widget/src/core/voice-client.ts');
  const platform = new FakePlatform();
  const client = new VoiceClient({ publicKey: PUBLIC_KEY, apiBaseUrl: server.url, platform, ...options });
  return { client, platform, events: record(client) };
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
    expect(adapter.configs, 'dailyConfig passed to the adapter').toEqual([{ bundlePathOverride: 'https://cdn.example/daily/' }]);
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
});
