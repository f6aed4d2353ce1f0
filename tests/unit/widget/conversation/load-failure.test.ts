/**
 * Why a widget file failed to load (load-failure.ts): each piece of evidence a page can observe
 * about a failed classic script, the reason it leads to, and reading it back from an error.
 */
import { describe, expect, test } from 'vitest';
import {
  diagnoseLoad,
  loadFailureOf,
  type LoadContext,
  type LoadEvidence,
} from '../../../../widget/src/conversation/load-failure.ts';

const URL_ = 'https://cdn.example/w/voice-widget-engine.js';
const evidence = (patch: Partial<LoadEvidence> = {}): LoadEvidence => ({
  url: URL_,
  requested: `${URL_}?retry=1`,
  ran: false,
  blocked: false,
  ...patch,
});

describe('diagnoseLoad', () => {
  test.each([
    ['a policy violation named the URL', { blocked: true }, {}, 'csp'],
    ['a policy violation wins over a status', { blocked: true }, { status: 404 }, 'csp'],
    ['the script ran but registered nothing (another file or version)', { ran: true }, { status: 200 }, 'invalid'],
    ['404 (same-origin: the status is known)', {}, { status: 404 }, 'not-found'],
    ['410 gone', {}, { status: 410 }, 'not-found'],
    ['another error status', {}, { status: 500 }, 'http'],
    ['403', {}, { status: 403 }, 'http'],
    ['200 but refused as a script (HTML, nosniff text)', {}, { status: 200 }, 'invalid'],
    ['no status (another origin, no CORS), online', {}, {}, 'unreachable'],
    ['no status, offline', {}, { online: false }, 'offline'],
  ] as const)('%s → %s', (_, seen, later: Partial<LoadContext>, reason) => {
    const { help, ...failure } = diagnoseLoad(evidence(seen), { status: 0, online: true, ...later });
    expect(failure, 'reason, with the file, its address (no retry query) and the status').toEqual({
      file: 'voice-widget-engine.js',
      url: URL_,
      reason,
      status: later.status ?? 0,
    });
    expect(help, "the owner's help names the address").toContain(URL_);
  });

  test.each([
    [
      'csp',
      { blocked: true },
      {},
      "This page's Content-Security-Policy blocked https://cdn.example/w/voice-widget-engine.js: allow https://cdn.example in script-src, or give the widget's script tag the page's nonce.",
    ],
    [
      'not-found',
      {},
      { status: 404 },
      'https://cdn.example/w/voice-widget-engine.js was not found (404): upload every file of the widget folder next to voice-widget.js.',
    ],
    [
      'http',
      {},
      { status: 503 },
      'The server answered 503 for https://cdn.example/w/voice-widget-engine.js: check the server that hosts the widget files.',
    ],
    [
      'invalid',
      { ran: true },
      { status: 200 },
      'https://cdn.example/w/voice-widget-engine.js is not the widget file voice-widget-engine.js of this version: upload every file of the widget folder next to voice-widget.js.',
    ],
    [
      'offline',
      {},
      { online: false },
      'The visitor is offline: https://cdn.example/w/voice-widget-engine.js could not be downloaded.',
    ],
    [
      'unreachable',
      {},
      {},
      'https://cdn.example/w/voice-widget-engine.js could not be downloaded (missing there, or the server is unreachable): check that the file opens at that address.',
    ],
  ] as const)(
    "%s: the owner's help says what failed, where, and the fix",
    (_, seen, later: Partial<LoadContext>, help) => {
      expect(diagnoseLoad(evidence(seen), { status: 0, online: true, ...later }).help, 'help').toBe(help);
    },
  );
});

describe('loadFailureOf', () => {
  const seen = evidence({ blocked: true });
  const asked: string[] = [];
  const context = (url: string): LoadContext => {
    asked.push(url);
    return { status: 0, online: true };
  };

  test('diagnoses the evidence of a loader error, or of the cause of a core error, with the status of the URL asked for', () => {
    expect(loadFailureOf(Object.assign(new Error('x'), { evidence: seen }), context), 'own').toMatchObject({
      file: 'voice-widget-engine.js',
      url: URL_,
      reason: 'csp',
      status: 0,
    });
    expect(
      loadFailureOf(Object.assign(new Error('y'), { cause: { evidence: seen } }), context)?.reason,
      'cause (the daily file under a core error)',
    ).toBe('csp');
    expect(asked, 'timing looked up for the URL asked for').toEqual([seen.requested, seen.requested]);
  });

  test('any other error has no load failure', () => {
    expect(loadFailureOf(new Error('z'), context)).toBeUndefined();
    expect(loadFailureOf(null, context)).toBeUndefined();
  });

  test('outside a browser the default context knows no status and assumes online', () => {
    expect(loadFailureOf(Object.assign(new Error('x'), { evidence: evidence() }))?.reason).toBe('unreachable');
  });
});
