/**
 * The server under BASE_PATH: requests below the base path reach the site with it taken off; `/`
 * redirects to it; anything else is 404.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { underBasePath } from '../../../server/base-path.ts';

function call(url: string, base: string, method = 'GET') {
  const req = { url, method } as IncomingMessage;
  const sent: { status?: number; headers?: Record<string, string>; body?: string } = {};
  const res = {
    writeHead(status: number, headers: Record<string, string>) {
      sent.status = status;
      sent.headers = headers;
    },
    end(body?: string) {
      sent.body = body;
    },
  } as unknown as ServerResponse;
  const pathname = new URL(url, 'http://x').pathname;
  return { result: underBasePath(req, res, base, pathname), url: req.url, sent };
}

describe('underBasePath', () => {
  it('passes everything through at the root', () => {
    expect(call('/widget?x=1', '/')).toMatchObject({ result: '/widget', url: '/widget?x=1' });
  });
  it('takes the base path off requests below it', () => {
    expect(call('/voice/widget?x=1', '/voice')).toMatchObject({ result: '/widget', url: '/widget?x=1' });
    expect(call('/voice', '/voice')).toMatchObject({ result: '/', url: '/' });
    expect(call('/voice?a=b', '/voice')).toMatchObject({ result: '/', url: '/?a=b' });
    expect(call('/voice/rest/v1/contact_submissions', '/voice', 'POST')).toMatchObject({
      result: '/rest/v1/contact_submissions',
    });
  });
  it('redirects / to the base path and answers 404 elsewhere (a prefix is not enough)', () => {
    expect(call('/', '/voice').sent).toMatchObject({ status: 302, headers: { Location: '/voice' } });
    const other = call('/voiceover', '/voice');
    expect(other.result).toBeNull();
    expect(other.sent.status).toBe(404);
  });
});
