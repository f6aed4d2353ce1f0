/**
 * Why a widget file failed to load (load-failure.ts): each piece of evidence a page can observe
 * about a failed classic script, the reason it leads to, and the console line.
 */
import { describe, expect, test } from 'vitest';
import { diagnoseLoad, loadFailureLine, loadFailureOf, type LoadEvidence, type LoadFailure } from '../../../../widget/src/element/load-failure.ts';

const URL_ = 'https://cdn.example/w/voice-widget-engine.js';
const evidence = (patch: Partial<LoadEvidence>): LoadEvidence => ({
  file: 'voice-widget-engine.js',
  url: URL_,
  ran: false,
  blocked: false,
  status: 0,
  online: true,
  ...patch,
});

describe('diagnoseLoad', () => {
  test.each([
    ['a policy violation named the URL', { blocked: true }, 'csp'],
    ['a policy violation wins over a status', { blocked: true, status: 404 }, 'csp'],
    ['the script ran but registered nothing (another file or version)', { ran: true, status: 200 }, 'invalid'],
    ['404 (same-origin: the status is known)', { status: 404 }, 'not-found'],
    ['410 gone', { status: 410 }, 'not-found'],
    ['another error status', { status: 500 }, 'http'],
    ['403', { status: 403 }, 'http'],
    ['200 but refused as a script (HTML, nosniff text)', { status: 200 }, 'invalid'],
    ['no status (another origin, no CORS), online', {}, 'unreachable'],
    ['no status, offline', { online: false }, 'offline'],
  ] as const)('%s → %s', (_, patch, reason) => {
    const failure = diagnoseLoad(evidence(patch));
    expect(failure.reason, 'reason').toBe(reason);
    expect(failure, 'file, URL and status kept').toMatchObject({ file: 'voice-widget-engine.js', url: URL_, status: patch.status ?? 0 });
  });
});

describe('loadFailureLine', () => {
  const line = (reason: LoadFailure['reason'], status = 0) => loadFailureLine({ file: 'voice-widget-engine.js', url: URL_, reason, status });

  test('names the URL and says why, in words', () => {
    expect(line('csp')).toBe(`ringwise-voice-call: could not load ${URL_}: blocked by the page's Content-Security-Policy (script-src)`);
    expect(line('not-found', 404)).toBe(`ringwise-voice-call: could not load ${URL_}: not found (404)`);
    expect(line('http', 502)).toBe(`ringwise-voice-call: could not load ${URL_}: the server answered 502`);
    expect(line('unreachable')).toBe(`ringwise-voice-call: could not load ${URL_}: missing there, or the server could not be reached`);
    expect(line('offline')).toContain('offline');
    expect(line('invalid')).toContain("did not serve this widget version's file");
  });
});

describe('loadFailureOf', () => {
  const failure: LoadFailure = { file: 'f.js', url: URL_, reason: 'csp', status: 0 };
  test('reads the failure of a loader error, or of the cause of a core error, else nothing', () => {
    expect(loadFailureOf(Object.assign(new Error('x'), { failure })), 'own').toBe(failure);
    expect(loadFailureOf(Object.assign(new Error('y'), { cause: { failure } })), 'cause').toBe(failure);
    expect(loadFailureOf(new Error('z')), 'none').toBeUndefined();
    expect(loadFailureOf(null), 'null').toBeUndefined();
  });
});
