/**
 * The stand-in for Daily's call machine (issue 35): which URL daily-js asks for it at, how the
 * browser is pointed at the bench's local copy of Daily's CDN instead, and the synthetic bundle
 * that copy serves. Pure functions (unit-tested in tests/unit/bench/call-machine.test.ts); the
 * server is bench/lib/cdn-stand-in.ts.
 *
 * Every daily-js in the bench (ours 0.92, @vapi-ai/web's 0.87, `<vapi-widget>`'s 0.84) forms the
 * URL the same way: `https://c.<base domain>/call-machine/versioned/<daily-js version>/static/
 * call-machine-object-bundle.js` (base domain daily.co; dailywebrtc.com/.net only as a fallback
 * after a failure), and loads it with a plain `<script>` element. The browser resolves `c.daily.co`
 * to the stand-in (Chromium's `--host-resolver-rules`), so the request goes over the page's own
 * emulated network, over https, as it would to the CDN; nothing leaves the machine.
 *
 * The bundle is the same bytes for every subject: seeded pseudo-random code of a stated gzip size
 * (parsed, compiled and run like a real bundle: its start costs main-thread time that grows with
 * its size), then a stand-in machine that speaks daily-js's side of the handshake just far enough:
 * it takes the call clients waiting in `window._daily.pendings`, and when daily-js posts it the
 * `join-meeting` message it tells the bench (a console message, so that no evaluation in the page
 * stands in the subject's way): `__bench_ready <received> <bundle started> <bundle ran>`, epoch ms.
 */
import { gzipSync } from 'node:zlib';
import { seededRandom } from './stats.ts';

/** The host daily-js asks for its call machine (base domain daily.co, as every subject's daily-js). */
export const CALL_MACHINE_HOST = 'c.daily.co';

/** Daily's base domains daily-js may form the call machine's host from (its `U` list). */
const BASE_DOMAINS = ['daily.co', 'dailywebrtc.com', 'dailywebrtc.net'];

const PATH = /^\/call-machine\/versioned\/([\w.-]+)\/static\/call-machine-object-bundle\.js$/;

/**
 * The daily-js version of a call-machine bundle URL (`https://c.daily.co/call-machine/versioned/
 * 0.92.2/static/call-machine-object-bundle.js` → `0.92.2`), or null for any other URL.
 */
export function callMachineVersion(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:') return null;
  if (!BASE_DOMAINS.some((d) => parsed.hostname === `c.${d}`)) return null;
  return PATH.exec(parsed.pathname)?.[1] ?? null;
}

/**
 * Whether a response of DevTools' resource `type` at `url` is JavaScript the page runs: a script's,
 * and the call machine's however it came. daily-js fetches the call machine and runs it with eval
 * unless `avoidEval` is set (the peers: a `Fetch`), or adds a script tag (ours: a `Script`);
 * counting scripts only put the peers' call machine at 0 KB after the click.
 */
export function isJavaScript(type: string | undefined, url: string): boolean {
  return type === 'Script' || callMachineVersion(url) !== null;
}

/** Whether `pathname` is a call-machine bundle's path on the CDN (what the stand-in answers). */
export function isCallMachinePath(pathname: string): boolean {
  return PATH.test(pathname);
}

/**
 * Chromium's `--host-resolver-rules` value that sends `c.daily.co` to the stand-in on the loopback
 * port `port` (every other host resolves as usual).
 * @throws RangeError for a port that is not one.
 */
export function hostResolverRule(port: number): string {
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new RangeError(`not a port: ${port}`);
  return `MAP ${CALL_MACHINE_HOST} 127.0.0.1:${port}`;
}

/**
 * Chromium's flags for a bench with the stand-in on `port`: `c.daily.co` resolved to it, and its
 * certificate (self-signed for c.daily.co) accepted.
 * @throws RangeError for a port that is not one.
 */
export function standInBrowserArgs(port: number): string[] {
  return [`--host-resolver-rules=${hostResolverRule(port)}`, '--ignore-certificate-errors'];
}

/** The console message the stand-in machine sends when daily-js asks it to join. */
export const READY_MESSAGE = '__bench_ready';

/** What the stand-in told the bench (epoch ms in the page). */
export interface ReadyReport {
  /** The machine received `join-meeting`: ready. */
  at: number;
  /** The bundle's first statement ran. */
  startedAt: number;
  /** The bundle's last statement ran (its start's main-thread time is `ranAt − startedAt`). */
  ranAt: number;
}

/** Reads a console message of the stand-in machine, or null when it is not one. */
export function parseReadyMessage(text: string): ReadyReport | null {
  const parts = text.split(' ');
  if (parts[0] !== READY_MESSAGE || parts.length !== 4) return null;
  const [at, startedAt, ranAt] = parts.slice(1).map(Number) as [number, number, number];
  return [at, startedAt, ranAt].every(Number.isFinite) ? { at, startedAt, ranAt } : null;
}

/** The stand-in machine: the last statement of the bundle (see the module comment). */
const MACHINE = `;(function () {
  var ran = performance.timeOrigin + performance.now();
  var d = window._daily || (window._daily = { pendings: [], instances: {} });
  var take = function (id) {
    var instance = d.instances[id] || (d.instances[id] = {});
    instance.callMachine = { reset: function () {} };
  };
  (d.pendings || []).splice(0).forEach(take);
  var told = false;
  addEventListener('message', function (e) {
    var m = e.data;
    if (told || !m || m.what !== 'iframe-call-message' || m.from !== 'module' || m.action !== 'join-meeting') return;
    told = true;
    console.debug('${READY_MESSAGE}', performance.timeOrigin + performance.now(), __benchMachineStart, ran);
  });
})();
`;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_$';

/**
 * One function in this many is called at the top level, the rest only parsed: a 250 kB bundle's start
 * then takes a few hundred ms of main thread at 4× CPU on this machine (the report gives it per
 * cell), the order of Daily's own (issue 35: ~0.5 s on fast mobile at 4×).
 */
export const RUN_EVERY = 8;

/** `count` functions of pseudo-random code, one in `RUN_EVERY` called once at the top level. */
function code(count: number, seed: number): string {
  const next = seededRandom(seed);
  const word = (n: number) => Array.from({ length: n }, () => ALPHABET[Math.floor(next() * 64)]).join('');
  const out = ['var __benchMachineStart = performance.timeOrigin + performance.now();\nvar __m = 1;\n'];
  for (let i = 0; i < count; i++) {
    const name = `_${word(2)}${i}`;
    const loops = 4 + Math.floor(next() * 8);
    const factor = 1 + Math.floor(next() * 97);
    out.push(
      `function ${name}(a){var s="${word(24)}";for(var j=0;j<${loops};j++)` +
        `a=(a*${factor}+s.charCodeAt(j%s.length))|0;return a^${Math.floor(next() * 1e6)}}` +
        // A bundle's start runs a small part of its code; the rest is only parsed.
        (i % RUN_EVERY === 0 ? `__m=${name}(__m);\n` : '\n'),
    );
  }
  return out.join('');
}

/** A synthetic call machine (see the module comment). */
export interface SyntheticMachine {
  /** The script as served before compression. */
  raw: Buffer;
  /** gzip -9 of it: what goes over the wire. */
  gzip: Buffer;
}

/**
 * A synthetic call-machine bundle whose gzip -9 size is `gzipBytes` within 1 % (the same bytes for
 * the same size and seed).
 * @throws RangeError below 10,000 bytes (the stand-in machine alone is about 500).
 */
export function syntheticCallMachine(gzipBytes: number, seed = 35): SyntheticMachine {
  if (!Number.isFinite(gzipBytes) || gzipBytes < 10_000)
    throw new RangeError(`a call-machine stand-in needs at least 10,000 gzip bytes, not ${gzipBytes}`);
  const build = (count: number) => {
    const raw = Buffer.from(code(count, seed) + MACHINE);
    return { raw, gzip: gzipSync(raw, { level: 9 }) };
  };
  // Code's gzip size grows in proportion to its function count: scale until within 1 %.
  let count = Math.round(gzipBytes / 34);
  let machine = build(count);
  for (let i = 0; i < 8 && Math.abs(machine.gzip.byteLength - gzipBytes) > gzipBytes / 100; i++) {
    count = Math.max(1, Math.round((count * gzipBytes) / machine.gzip.byteLength));
    machine = build(count);
  }
  return machine;
}
