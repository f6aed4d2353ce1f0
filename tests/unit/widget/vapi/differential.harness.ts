/**
 * The differential harness: one scenario driven through `@vapi-ai/web` 2.7.1 (the devDependency)
 * and through `./vapi`, each with its own recording daily-js fake (`FakeDaily`, one class) and the
 * same loopback platform, and what each put on the wire (HTTP requests, daily-js calls) and
 * emitted (events, in order) recorded in one comparable form: ISO timestamps, durations, stacks
 * and media objects become placeholders, everything else stays as it was.
 *
 * The reference is CommonJS and `require`s daily-js itself: its copy is replaced in Node's require
 * cache before it loads. `./vapi` reaches daily-js through the widget's Daily adapter, whose import
 * the test file mocks with `vi.mock` (the same `FakeDaily` either way).
 */
import { Window } from 'happy-dom';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { FakeDaily, FakeDailyCall, WireEntry } from '../../../fixtures/fake-daily-js.ts';
import type { LoopbackServer } from '../../../../fixtures/loopback-server.ts';
import type VapiOurs from '../../../../widget/src/vapi/index.ts';

/**
 * The page both clients play audio in: happy-dom's document and media classes on the global
 * object, Node's own `fetch` kept (the platform is a real loopback server).
 */
export function installDom(): Window {
  const window = new Window({ url: 'http://127.0.0.1/' });
  const globals = globalThis as Record<string, unknown>;
  for (const name of [
    'document',
    'HTMLElement',
    'HTMLMediaElement',
    'HTMLAudioElement',
    'Audio',
    'MediaStream',
    'navigator',
  ] as const) {
    Object.defineProperty(globals, name, { value: window[name as keyof Window], configurable: true, writable: true });
  }
  for (const name of ['addEventListener', 'removeEventListener'] as const) globals[name] = window[name].bind(window);
  return window;
}

/** Which daily-js fake the clients built now get (both sides read it at `createCallObject`). */
export const dailyHolder: { current: FakeDaily | null } = { current: null };

/**
 * Both SDKs over the happy-dom page: `./vapi` imported only after the DOM is installed (it reads
 * the page's globals as it loads), and the reference loaded with the daily-js stand-in.
 */
export async function loadBoth(): Promise<{ Ours: typeof VapiOurs; Reference: typeof VapiOurs }> {
  installDom();
  return { Ours: (await import('../../../../widget/src/vapi/index.ts')).default, Reference: loadReference() };
}

/** The stand-in for daily-js's default export, delegating to the current fake. */
export const dailyStandIn = {
  createCallObject: (properties?: object) => {
    if (!dailyHolder.current) throw new Error('no FakeDaily installed');
    return dailyHolder.current.createCallObject(properties);
  },
};

/** Loads `@vapi-ai/web` with daily-js replaced by `dailyStandIn`. */
export function loadReference(): typeof VapiOurs {
  const require = createRequire(import.meta.url);
  const vapiPath = require.resolve('@vapi-ai/web');
  const dailyPath = require.resolve('@daily-co/daily-js', { paths: [dirname(vapiPath)] });
  require.cache[dailyPath] = {
    id: dailyPath,
    filename: dailyPath,
    loaded: true,
    exports: { __esModule: true, default: dailyStandIn },
  } as NodeJS.Module;
  return (require(vapiPath) as { default: typeof VapiOurs }).default;
}

/** Every event name of the reference's `.d.ts`. */
export const EVENT_NAMES = [
  'call-end',
  'call-start',
  'volume-level',
  'local-volume-level',
  'local-audio-level-observer-error',
  'speech-start',
  'speech-end',
  'message',
  'video',
  'audio',
  'error',
  'camera-error',
  'network-quality-change',
  'network-connection',
  'daily-participant-updated',
  'call-start-progress',
  'call-start-success',
  'call-start-failed',
  'recording-started',
  'recording-stopped',
  'recording-stats',
  'recording-error',
  'recording-upload-completed',
] as const;

/** Placeholders for what differs on every run. */
export function normalize(value: unknown, key = ''): unknown {
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(value)) return '<iso>';
  if ((key === 'duration' || key === 'totalDuration' || key === 'delaySeconds') && typeof value === 'number')
    return '<number>';
  if ((key === 'stack' || key === 'errorStack') && typeof value === 'string') return '<stack>';
  if (typeof HTMLAudioElement !== 'undefined' && value instanceof HTMLAudioElement) return '<audio>';
  if (Array.isArray(value)) return value.map((v) => normalize(v));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v, k)]));
  return value;
}

/** What a client is asked in a scenario (the two classes share this surface). */
export type AnyVapi = InstanceType<typeof VapiOurs>;

/** What one side did. */
export interface Recording {
  events: [string, unknown][];
  wire: WireEntry[];
  http: { method: string; path: string; authorization?: string; body: string }[];
  /** `<audio>` elements left in the page at the end. */
  audioElements: number;
  /** What the scenario itself noted (return values, thrown errors). */
  notes: unknown[];
}

/** What a scenario gets to drive one side. */
export interface ScenarioContext {
  vapi: AnyVapi;
  daily: FakeDaily;
  /** The current call object of the fake. */
  call(): FakeDailyCall;
  note(value: unknown): void;
  server: LoopbackServer;
  /** Lets pending promise callbacks and timers of 0 ms run. */
  settle(): Promise<void>;
}

/** Drives `script` through a fresh client of `Vapi` and a fresh `FakeDaily`. */
export async function record(
  Vapi: typeof VapiOurs,
  daily: FakeDaily,
  server: LoopbackServer,
  script: (ctx: ScenarioContext) => Promise<void>,
): Promise<Recording> {
  dailyHolder.current = daily;
  const before = server.requests.length;
  const vapi = new Vapi('pk-diff', server.url);
  const events: [string, unknown][] = [];
  for (const event of EVENT_NAMES) {
    if (event === 'local-volume-level') continue; // subscribed by scenarios that want the observer
    vapi.on(event, ((...args: unknown[]) => events.push([event, normalize(args[0])])) as never);
  }
  const notes: unknown[] = [];
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  };
  await script({ vapi, daily, call: () => daily.last, note: (value) => notes.push(normalize(value)), server, settle });
  await settle();
  const http = server.requests
    .slice(before)
    .map((r) => ({ method: r.method, path: r.path, authorization: r.headers.authorization, body: r.text }));
  const audioElements = document.querySelectorAll('audio').length;
  document.querySelectorAll('audio').forEach((element) => element.remove());
  return { events, wire: daily.wire.map((entry) => normalize(entry) as WireEntry), http, audioElements, notes };
}
