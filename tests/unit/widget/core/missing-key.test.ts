/**
 * No key, no `Authorization` header, in the core too (issue 39): the core `VoiceClient` started by
 * JavaScript without a public key, `createWebCall` and `requestChatWeb` without a token send none,
 * as `@vapi-ai/web` sends none (`./vapi`'s own test: tests/unit/widget/vapi/missing-key.test.ts).
 * Before, each sent `Bearer undefined` (or `Bearer `).
 */
import { describe, expect, it } from 'vitest';
import { createWebCall } from '../../../../widget/src/api/web-call.ts';
import { requestChatWeb } from '../../../../widget/src/api/chat-web.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import { makeClient, webCall } from './harness.ts';

const server = loopbackForFile();

/** The Authorization header of every request the server saw. */
const authorizations = () => server.requests.map((request) => request.headers.authorization);

describe('no key: no Authorization header', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an empty string', ''],
  ])('VoiceClient with a public key of %s', async (_, key) => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    // A JavaScript caller (or a wrapper passing its own option through) can hand the client anything.
    const { client } = makeClient(server, { publicKey: key as string });
    await client.start({ assistantId: 'a' });
    expect(authorizations(), 'one request, no header').toEqual([undefined]);
  });

  it('VoiceClient with a key still sends it as Bearer', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    await makeClient(server, { publicKey: 'pk-1' }).client.start({ assistantId: 'a' });
    expect(authorizations()).toEqual(['Bearer pk-1']);
  });

  it('createWebCall and requestChatWeb without a token', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    server.route('POST', '/chat/web', { status: 200, body: '' });
    await createWebCall({ baseUrl: server.url, token: undefined as unknown as string }, { assistantId: 'a' });
    await requestChatWeb({ baseUrl: server.url, token: '' }, { assistantId: 'a', input: 'hi' });
    expect(authorizations()).toEqual([undefined, undefined]);
  });
});
