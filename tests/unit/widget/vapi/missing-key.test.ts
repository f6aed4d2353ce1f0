/**
 * `new Vapi(key)` with no key: `@vapi-ai/web` 2.7.1 sends `POST /call/web` without an Authorization
 * header (its security worker adds one only for a key); `./vapi` must do the same, never
 * `Authorization: Bearer undefined`. Both driven against the one loopback platform (issue 39). The REST client
 * (`./api`) the same.
 */
import { describe, expect, it, vi } from 'vitest';
import { FakeDaily } from '../../../fixtures/fake-daily-js.ts';
import { createApiClient } from '../../../../widget/src/api/index.ts';
import { useLoopback } from '../contract/trace.ts';
import { dailyHolder, loadBoth } from './differential.harness.ts';

vi.mock('@daily-co/daily-js', async () => ({ default: (await import('./differential.harness.ts')).dailyStandIn }));

const { Ours, Reference } = await loadBoth();
const platform = useLoopback();

/** The Authorization headers of the `POST /call/web` a start without a key sent. */
async function authorizationWithout(key: string | undefined, Vapi: typeof Ours): Promise<(string | undefined)[]> {
  const server = platform();
  server.reset();
  server.route('POST', '/call/web', {
    status: 401,
    body: {
      message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.',
    },
  });
  dailyHolder.current = new FakeDaily();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const vapi = new Vapi(key as string, server.url);
  vapi.on('error', () => {});
  await vapi.start('asst_1');
  vi.restoreAllMocks();
  return server.requests.filter((r) => r.path === '/call/web').map((r) => r.headers.authorization);
}

describe('no key: no Authorization header, as @vapi-ai/web', () => {
  it.each([
    ['undefined', undefined],
    ['an empty string', ''],
  ])('with %s', async (_, key) => {
    const reference = await authorizationWithout(key, Reference);
    const ours = await authorizationWithout(key, Ours);
    expect(reference, 'the reference sends one request without the header').toEqual([undefined]);
    expect(ours, './vapi the same').toEqual(reference);
  });

  it('a key is still sent as Bearer', async () => {
    expect(await authorizationWithout('pk-1', Ours)).toEqual(await authorizationWithout('pk-1', Reference));
    expect(await authorizationWithout('pk-1', Ours)).toEqual(['Bearer pk-1']);
  });
});

it('the REST client without a token sends no Authorization header either', async () => {
  const server = platform();
  server.reset();
  server.route('GET', '/assistant/a1', { body: { id: 'a1' } });
  await createApiClient({ token: '', baseUrl: server.url }).assistant.get('a1');
  await createApiClient({ token: 'sk-1', baseUrl: server.url }).assistant.get('a1');
  expect(server.requests.map((r) => r.headers.authorization)).toEqual([undefined, 'Bearer sk-1']);
});
