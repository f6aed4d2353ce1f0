/** The loopback server fixture other suites rely on: recording, programmed routes, CORS, close. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../../../../fixtures/loopback-server.ts';
import { preflight } from '../../../lib/preflight.ts';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('loopback server fixture', () => {
  it('records method, path, query, headers and bodies', async () => {
    await fetch(`${server.url}/a%20b/c?x=1&x=2&y=z`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-probe': 'yes' },
      body: '{"k":[1]}',
    });
    const [request] = server.requests;
    expect(request?.method).toBe('PATCH');
    expect(request?.path, 'raw path').toBe('/a%20b/c');
    expect(request?.decodedPath).toBe('/a b/c');
    expect(request?.search).toBe('x=1&x=2&y=z');
    expect(request?.query, 'repeated keys become arrays').toEqual({ x: ['1', '2'], y: 'z' });
    expect(request?.headers['x-probe']).toBe('yes');
    expect(request?.text).toBe('{"k":[1]}');
    expect(request?.json).toEqual({ k: [1] });
  });

  it('answers 404 with a message for unknown routes, and replays a response sequence', async () => {
    const missing = await fetch(`${server.url}/nowhere`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'No route for GET /nowhere' });

    server.route(
      'GET',
      '/seq',
      { status: 503 },
      { status: 200, body: 'ok', headers: { 'Content-Type': 'text/plain' } },
    );
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${server.url}/seq`)).status);
    expect(statuses, 'last response repeats').toEqual([503, 200, 200]);
    const last = await fetch(`${server.url}/seq`);
    expect(last.headers.get('content-type'), 'handler header replaces, not duplicates').toBe('text/plain');
  });

  it('matches RegExp and any-method routes, and computes answers from the request', async () => {
    server.route('*', /^\/item\/\w+$/, (request) => ({
      status: 201,
      body: { got: `${request.method} ${request.path}` },
    }));
    const response = await fetch(`${server.url}/item/abc`, { method: 'DELETE' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ got: 'DELETE /item/abc' });
  });

  it('answers CORS preflights without recording them and allows any origin', async () => {
    const answer = await preflight(`${server.url}/call/web`, 'http://localhost:4400', 'authorization,content-type');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
    expect(server.requests, 'preflight not recorded').toHaveLength(0);
  });

  it('resolves waitForRequest for past and future requests', async () => {
    await fetch(`${server.url}/past`);
    await expect(server.waitForRequest((r) => r.path === '/past')).resolves.toMatchObject({ path: '/past' });
    const future = server.waitForRequest((r) => r.path === '/future');
    await fetch(`${server.url}/future`);
    await expect(future).resolves.toMatchObject({ path: '/future' });
    expect(server.requestsTo('get', '/future')).toHaveLength(1);
  });

  it('can drop the connection to simulate a network failure', async () => {
    server.route('GET', '/drop', { destroy: true });
    await expect(fetch(`${server.url}/drop`), 'fetch fails').rejects.toThrow();
  });

  it('listens on a given port and closes with a pending delayed answer', async () => {
    const probe = await startLoopbackServer();
    const port = probe.port;
    await probe.close();
    const fixed = await startLoopbackServer({ port });
    expect(fixed.url).toBe(`http://127.0.0.1:${port}`);
    fixed.route('GET', '/slow', { delayMs: 60_000 });
    const pending = fetch(`${fixed.url}/slow`).catch((error: unknown) => error);
    await fixed.waitForRequest((r) => r.path === '/slow');
    await fixed.close();
    expect(await pending, 'the pending request fails once the server is closed').toBeInstanceOf(Error);
  });
});
