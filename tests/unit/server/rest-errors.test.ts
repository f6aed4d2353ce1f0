/** The endpoints' last guard: a handler that throws is answered 500 and logged, never left hanging. */
import { createServer, type Server } from 'node:http';
import { afterEach, expect, it } from 'vitest';
import { answerFailuresWith500, send, type RequestHandler } from '../../../server/rest/errors.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** Serves `handler` on 127.0.0.1 and answers one GET. */
async function ask(handler: RequestHandler): Promise<{ status: number; body: unknown }> {
  server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const res = await fetch(`http://127.0.0.1:${port}/`);
  return { status: res.status, body: await res.json() };
}

it('answers 500 with the code and logs one line when the handler throws; else stays out of the way', async () => {
  const log: string[] = [];
  const failing = answerFailuresWith500(
    () => Promise.reject(new Error('socket gone')),
    'transcript',
    'RW500',
    (line) => log.push(line),
  );
  expect(await ask(failing)).toEqual({
    status: 500,
    body: { code: 'RW500', message: 'Internal server error', details: null, hint: null },
  });
  expect(log).toEqual(['transcript endpoint error: socket gone']);
  await new Promise<void>((done) => server!.close(() => done()));
  server = undefined;
  const working = answerFailuresWith500(
    async (_req, res) => send(res, 202, { status: 'queued' }),
    'transcript',
    'RW500',
    (line) => log.push(line),
  );
  expect(await ask(working)).toEqual({ status: 202, body: { status: 'queued' } });
  expect(log, 'nothing more logged').toHaveLength(1);
});
