// @vitest-environment happy-dom
/**
 * The script loader (script-loader.ts) with the browser's side simulated at the one place it
 * touches it: appending a `<script>` to `<head>`. Each test decides what the "browser" does with
 * the script: run it (the file registers through `RingwiseVoice.chunk`), report a policy
 * violation, or fail it.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { scriptLoader, type ChunkRegistry } from '../../../../widget/src/element/script-loader.ts';
import type { LoadEvidence } from '../../../../widget/src/conversation/load-failure.ts';
import { MODULE_FILES } from '../../../../widget/src/ports/manifest.ts';

const BASE = 'https://cdn.example/w/voice-widget.js';
type Browser = (script: HTMLScriptElement) => void;

let browser: Browser;
let appended: HTMLScriptElement[];
let errors: string[];

const registry = () => (window as unknown as { RingwiseVoice: ChunkRegistry }).RingwiseVoice;
/** The file runs and registers `exports` under its key. */
const runs =
  (key: string, exports: unknown): Browser =>
  (script) => {
    registry().chunk(key, exports);
    script.dispatchEvent(new Event('load'));
  };
const fails: Browser = (script) => script.dispatchEvent(new Event('error'));
const blockedByPolicy: Browser = (script) => {
  document.dispatchEvent(Object.assign(new Event('securitypolicyviolation'), { blockedURI: script.src }));
  script.dispatchEvent(new Event('error'));
};

beforeEach(() => {
  delete (window as { RingwiseVoice?: unknown }).RingwiseVoice;
  appended = [];
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    const script = nodes[0] as HTMLScriptElement;
    appended.push(script);
    queueMicrotask(() => browser(script));
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('resolved'),
    (error: { type: string; evidence: LoadEvidence; message: string }) => error,
  );

describe('scriptLoader', () => {
  test('a warm start asks for low fetch priority; a click does not', async () => {
    browser = (script) => runs(script.src.includes('daily') ? 'daily' : 'engine', {})(script);
    const load = scriptLoader(BASE);
    await load('daily', true);
    await load('engine');
    expect(
      appended.map((script) => [script.src.split('/').at(-1), script.fetchPriority || 'auto']),
      'priority per file',
    ).toEqual([
      [MODULE_FILES.daily, 'low'],
      [MODULE_FILES.engine, 'auto'],
    ]);
  });

  test('loads a file next to the loader as a classic script with the nonce, once, and resolves with what it registered', async () => {
    const engine = { VoiceClient: class {} };
    browser = runs('engine', engine);
    const load = scriptLoader(BASE, 'n0nce');
    await expect(load('engine'), 'the registered exports').resolves.toBe(engine);
    await load('engine');
    expect(appended.length, 'fetched once').toBe(1);
    const [script] = appended;
    expect(script!.src, 'next to the loader, by the files table').toBe(`https://cdn.example/w/${MODULE_FILES.engine}`);
    expect(script!.type, 'a classic script (no module: no CORS needed)').toBe('');
    expect(script!.nonce, 'the page nonce passed on').toBe('n0nce');
    expect(registry().load, 'the page loader is on the one global, for the widget files').toBe(load);
    expect(scriptLoader('https://elsewhere.example/', ''), 'a second loader reuses the first').toBe(load);
  });

  test('every key of the files table loads the same way (a new entry needs no loader change)', async () => {
    const load = scriptLoader(BASE);
    for (const key of Object.keys(MODULE_FILES) as (keyof typeof MODULE_FILES)[]) {
      browser = runs(key, { key });
      await expect(load(key), key).resolves.toEqual({ key });
    }
    expect(appended.map((s) => s.src)).toEqual(
      Object.values(MODULE_FILES).map((file) => `https://cdn.example/w/${file}`),
    );
  });

  test('a policy violation is recorded, logged once with the URL; a retry asks for a fresh URL and recovers', async () => {
    browser = blockedByPolicy;
    const load = scriptLoader(BASE);
    const error = await failureOf(load('chat'));
    const url = `https://cdn.example/w/${MODULE_FILES.chat}`;
    expect(error.type, 'error type').toBe('engine-load-failed');
    expect(error.evidence, 'which file, where, what was seen').toEqual({
      url,
      requested: url,
      ran: false,
      blocked: true,
    });
    const again = await failureOf(load('chat'));
    expect(appended[1]!.src, 'a fresh URL after a failure').toBe(`${url}?retry=1`);
    expect(again.evidence, 'blocked again, at the fresh URL').toMatchObject({
      url,
      requested: `${url}?retry=1`,
      blocked: true,
    });
    expect(errors, 'one console line for the file, with its URL').toEqual([
      `ringwise-voice-call: could not load ${url}`,
    ]);
    browser = runs('chat', { ChatClient: 1 });
    await expect(load('chat'), 'recovers').resolves.toEqual({ ChatClient: 1 });
    expect(appended[2]!.src).toBe(`${url}?retry=2`);
  });

  test('a violation for another URL does not count; a plain failure is not "blocked"', async () => {
    browser = (script) => {
      document.dispatchEvent(
        Object.assign(new Event('securitypolicyviolation'), { blockedURI: 'https://other.example/x.js' }),
      );
      fails(script);
    };
    const error = await failureOf(scriptLoader(BASE)('card'));
    expect(error.evidence).toMatchObject({ blocked: false, ran: false });
  });

  test('a file that runs but registers nothing (another file or version at that URL) is rejected as "ran"', async () => {
    browser = (script) => script.dispatchEvent(new Event('load'));
    const error = await failureOf(scriptLoader(BASE)('card'));
    expect(error.evidence).toMatchObject({ ran: true, blocked: false });
    expect(errors).toHaveLength(1);
  });
});

describe('scriptLoader under Trusted Types (issue 23)', () => {
  type Rules = { createScriptURL(url: string): string };
  afterEach(() => {
    delete (window as { trustedTypes?: unknown }).trustedTypes;
  });

  test("passes every script URL through one policy named ringwise, which lets through only the loader's folder", async () => {
    const policies: { name: string; rules: Rules }[] = [];
    (window as { trustedTypes?: unknown }).trustedTypes = {
      createPolicy: (name: string, rules: Rules) => (
        policies.push({ name, rules }),
        { createScriptURL: (url: string) => `${rules.createScriptURL(url)}#typed` }
      ),
    };
    browser = runs('engine', {});
    const load = scriptLoader(BASE, '');
    await load('engine');
    browser = runs('chat', {});
    await load('chat');
    expect(
      policies.map((p) => p.name),
      'one policy, created at the first load',
    ).toEqual(['ringwise']);
    expect(
      appended.map((s) => s.src),
      'the URLs went through it',
    ).toEqual([
      `https://cdn.example/w/${MODULE_FILES.engine}#typed`,
      `https://cdn.example/w/${MODULE_FILES.chat}#typed`,
    ]);
    const rules = policies[0]!.rules;
    expect(rules.createScriptURL('https://evil.example/w/x.js'), 'another origin refused').toBe('');
    expect(rules.createScriptURL('https://cdn.example/other/x.js'), 'another folder refused').toBe('');
  });

  test('a page that refuses the policy: the load fails as blocked, and one console line names the fix', async () => {
    (window as { trustedTypes?: unknown }).trustedTypes = {
      createPolicy: () => {
        throw new TypeError('Refused to create a TrustedTypePolicy named ringwise');
      },
    };
    browser = runs('engine', {});
    const load = scriptLoader(BASE, '');
    const first = await failureOf(load('engine'));
    const second = await failureOf(load('engine'));
    expect([first.type, first.evidence.blocked, second.evidence.blocked], 'blocked, each attempt').toEqual([
      'engine-load-failed',
      true,
      true,
    ]);
    expect(appended, 'no script was added').toEqual([]);
    expect(
      errors.filter((line) => line.includes('trusted-types ringwise')),
      'the fix, once',
    ).toEqual([`ringwise-voice-call: blocked by Trusted Types; add "trusted-types ringwise" to the page's CSP`]);
  });
});
