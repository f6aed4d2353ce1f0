/**
 * `VoiceClient.start` against answers of `POST /call/web` that must not start a call (issue 23):
 * a `webCallUrl` that is not `https:` is never handed to the call object, and a 2xx answer that
 * cannot be read is an `answer-error`, not an `api-error` ("answered with an error (201)").
 */
import { describe, expect, it } from 'vitest';
import { TimeoutError } from '../../../../widget/src/api/errors/timeout-error.ts';
import { requestErrorType } from '../../../../widget/src/core/request-error-type.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import { makeClient, webCall } from './harness.ts';

const server = loopbackForFile();

/**
 * A start whose `POST /call/web` answers `webCallUrl`: no call, nothing joined, one answer-error at
 * web-call-creation, idle again. Gives the client, its factory and that error.
 */
async function refusedStart(webCallUrl: string) {
  server.route('POST', '/call/web', { status: 201, body: webCall({ webCallUrl }) });
  const { client, events, factory } = makeClient(server);
  expect(await client.start({ assistantId: 'a' }), 'no call').toBeNull();
  expect(
    factory.calls.flatMap((call) => call.joins),
    'nothing was joined',
  ).toEqual([]);
  expect(
    events.of('error').map((e) => [e.type, e.stage]),
    'an answer-error at web-call-creation',
  ).toEqual([['answer-error', 'web-call-creation']]);
  expect(client.getSnapshot(), 'idle again').toMatchObject({ state: 'idle' });
  return { client, factory, error: events.of('error')[0] };
}

describe('VoiceClient: answers that start no call', () => {
  it.each(['javascript:alert(document.domain)', 'http://room.example/a', 'data:text/html,x'])(
    'a webCallUrl of %s is refused: answer-error, no join',
    async (webCallUrl) => {
      await refusedStart(webCallUrl);
    },
  );

  // Issue 34: a fresh answer's room is pinned to the room hosts, as a kept call's is (continuity/store.ts).
  it.each(['https://rooms.elsewhere.example/r', 'https://daily.co.evil.example/r', 'https://notdaily.co/r'])(
    'a webCallUrl of %s (https, not on Daily) is refused: answer-error naming the hosts, no join, idle again',
    async (webCallUrl) => {
      const { client, error, factory } = await refusedStart(webCallUrl);
      expect(error?.message, 'the reason, never the URL').toContain('not on a room host (daily.co)');
      expect(error?.message).not.toContain(webCallUrl);
      // Usable: the next answer on Daily starts a call with the same client.
      server.route('POST', '/call/web', { status: 201, body: webCall() });
      expect(await client.start({ assistantId: 'a' }), 'the next start joins').not.toBeNull();
      expect(factory.calls.flatMap((call) => call.joins)).toEqual([{ url: webCall().webCallUrl }]);
    },
  );

  it('roomHosts: the owner’s hosts (and subdomains) joined, Daily refused; null: any https host', async () => {
    const owner = 'https://eu.rooms.owner.example/r';
    server.route('POST', '/call/web', { status: 201, body: webCall({ webCallUrl: owner }) });
    const pinned = makeClient(server, { roomHosts: ['rooms.owner.example'] });
    expect(await pinned.client.start({ assistantId: 'a' }), 'joined').not.toBeNull();
    expect(pinned.factory.calls.flatMap((call) => call.joins)).toEqual([{ url: owner }]);
    const any = makeClient(server, { roomHosts: null });
    expect(await any.client.start({ assistantId: 'a' }), 'null: any https host').not.toBeNull();
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const daily = makeClient(server, { roomHosts: ['rooms.owner.example'] });
    expect(await daily.client.start({ assistantId: 'a' }), 'Daily is not among the owner’s hosts').toBeNull();
    expect(daily.events.of('error').map((e) => e.type)).toEqual(['answer-error']);
  });

  it('a 201 whose JSON is cut short is an answer-error with no status to misreport', async () => {
    server.route('POST', '/call/web', {
      status: 201,
      headers: { 'content-type': 'application/json' },
      body: '{"id":"call-1","webCallUrl":"https://ro',
    });
    const { client, events } = makeClient(server);
    expect(await client.start({ assistantId: 'a' }), 'no call').toBeNull();
    expect(
      events.of('error').map((e) => [e.type, e.status]),
      'answer-error, no status',
    ).toEqual([['answer-error', undefined]]);
  });

  it('maps the API client errors to their own types', () => {
    const context = { method: 'POST', path: '/call/web' };
    expect(
      [
        new TimeoutError(context, 1),
        { name: 'AnswerError' },
        { name: 'ApiError' },
        { name: 'NetworkError' },
        new TypeError('x'),
        null,
      ].map(requestErrorType),
      'one type each',
    ).toEqual(['timeout-error', 'answer-error', 'api-error', 'network-error', 'network-error', 'network-error']);
  });
});
