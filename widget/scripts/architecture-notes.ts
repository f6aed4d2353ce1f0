/**
 * The prose sections of `widget/ARCHITECTURE.md` after the generated tables: what the old README's
 * architecture part said that is still true, folded in from the notes file of issue 33. No figure is
 * written by hand here: the answer limits' table is rendered from `ANSWER_LIMITS`; timings and bytes
 * live in BENCHMARKS.md and the README's generated rows. Erasable TypeScript only (Node type stripping).
 */
import { ANSWER_LIMITS, type AnswerLimits } from '../src/api/answer-limits.ts';

/** What each answer limit bounds, and what happens when it is reached. */
const LIMIT_ROWS: readonly (readonly [keyof AnswerLimits, string, string])[] = [
  ['firstByteMs', 'the answer’s status and headers', '`timeout-error`: "did not answer in time", \'Try again\''],
  ['idleMs', 'silence between two chunks of a body', '`timeout-error`; a chat reply keeps what arrived'],
  ['streamMs', 'how long one reply may stream, from its first byte', "the reply ends there, marked `cut: 'time'`"],
  ['replyChars', 'characters of reply text, streamed or JSON', "the reply ends there, marked `cut: 'length'`"],
  ['bodyBytes', 'bytes read of one answer', "a stream ends there (`cut: 'length'`); a JSON answer, `answer-error`"],
];

/** `30000` ms → `30 s`, `300000` → `5 min`; counts with thousands separators. */
function limitValue(key: keyof AnswerLimits): string {
  const value = ANSWER_LIMITS[key];
  if (!key.endsWith('Ms')) return value.toLocaleString('en-US');
  return value % 60_000 === 0 ? `${value / 60_000} min` : `${value / 1_000} s`;
}

/** The sections, as Markdown lines. */
export function architectureNotes(): string[] {
  return [
    '## Entries supply the engine',
    '',
    'The core’s `VoiceClient` takes a `LoadCallFactory` and has no call engine of its own; the entries',
    'supply Daily (floating-ui’s way: its core takes a platform, the DOM package supplies it).',
    '`core.ts` (the `/core` entry) exports `daily/default-client.ts`’s subclass, which brings the adapter',
    'with `import()`; the script-tag engine file asks the page’s loader for the daily file',
    '(`daily/lazy-factory.ts`); `react.ts` hands the hook the bundled engine entries of `chunks/entries/`.',
    'No file is swapped at build time, so renaming one cannot silently break the script-tag build.',
    '',
    '`index.ts` is the root entry, `public.ts` the export list the root entry and `/element` share,',
    '`embed.ts` the script-tag loader, `internal.ts` what this repository’s site and tests need that is',
    'not public API (the script-tag file names, the load diagnosis): it is in no `exports` entry, and',
    '`@ringwise/voice-widget/internal` resolves to it only inside this repository (Vite alias, tsconfig',
    '`paths`). Source files stay within the 300-line gate (tests/unit/gates/file-size.test.ts).',
    '',
    '## Before the click',
    '',
    'Only the loader runs on page load. `preload` (element/options.ts, `PRELOADS`) decides what it',
    'fetches ahead: `idle` (the default) waits for the page’s `load` and idle time, then fetches at low',
    'priority what the mode’s first action needs (voice and hybrid: the card, the voice engine and',
    'daily-js; chat: the card and the chat engine, never daily-js); `intent` waits for a hover, press,',
    'touch or focus on the launcher; `none` loads at the click; `call` is `idle` plus Daily’s call',
    'machine on every page view. Visitors who ask to save data, or on 2G, get `intent`.',
    '',
    '**The trade-off.** `idle` costs bytes on every page view whose visitor never clicks (the bench’s',
    '*JS before click* column, BENCHMARKS.md), downloaded after the page’s own loading and evaluated in',
    'idle time; the engine then has daily-js make the next call’s object ahead (`CallFactory.prepare`,',
    'no request). In return the click does not wait for a download. Sites that pay per byte choose',
    '`intent`. The call machine loads on intent, not before (`call` is the owner’s opt-in): loading it',
    'on every page view adds its download and a long task for visitors who never call.',
    '',
    'The classic-script files cost little against ES modules: each registers its named exports (no',
    'module helper), the loader keeps only what it saw when a file failed (the card works out why),',
    'and the card takes the element builder and the icon drawer from the loader (ports/card-port.ts).',
    '',
    '## Chat wire format',
    '',
    'The chat engine sends `POST {apiBaseUrl}/chat/web` with `Authorization: Bearer {publicKey}` (none',
    'without a key) and the JSON body `{ assistantId | assistant | squadId | squad | workflowId |',
    'workflow, assistantOverrides?, workflowOverrides?, input, sessionId?, stream: true }` (`input` is the',
    'visitor’s text; `sessionId` the one the first reply carried). The answer is `text/event-stream`, one',
    'JSON chunk per `data:` line: text deltas `{ "path": "chat.output[0].content", "delta": "…" }`, a',
    'full text `{ "output": "…" }` (replaces the text: a string or the platform’s array of messages),',
    'the session `{ "sessionId": "…" }`, and the end `data: [DONE]`. Chunks split anywhere by the network',
    'are reassembled (SSE framing: `event:` names, multi-line `data:`); unparseable chunks are skipped.',
    '`chat-delta` carries `{ delta, text, replaced }`: append `delta` (render all of `text` only when',
    '`replaced`), so each delta costs work in proportion to itself. 401/403 is explained as the',
    "widget’s key, 429 as busy, 5xx and network errors offer 'Try again'. Stop and close abort the",
    'stream; what arrived stays.',
    '',
    '## VoiceClient and the platform',
    '',
    '- The platform protocol as `@vapi-ai/web` 2.7.1 speaks it: the join passes `transport.callToken`;',
    '  a call the platform records on video turns the camera on and sends `say-first-message` once the',
    '  recording runs; the platform’s `listening` signal emits `listening` and `call-start`.',
    '- Media events beside the call’s (`VoiceMediaEvents`): `audio`, `video`, `audio-start-failed`',
    "  (`NotAllowedError` also sets `snapshot.audioBlocked`, the card’s 'tap to hear'),",
    '  `local-volume-level` (observed only while something listens), `camera-error`,',
    '  `network-quality-change`, `network-connection`, `participant-updated`, `recording-*`,',
    '  `call-engine-error`; each carries the engine’s own event as `raw`.',
    '- `start(target, { roomDeleteOnUserLeaveEnabled: false })` keeps the room when the visitor leaves;',
    '  `reconnect(webCall)` joins that call again without a new `POST /call/web` (stage',
    '  `reconnect-initialization`, then the start stages from the call object’s creation on).',
    '- `video: true` receives the assistant’s video when its voice provider renders video',
    '  (`VIDEO_VOICE_PROVIDERS`); without it nothing subscribes to video.',
    '',
    '## When a widget file cannot load',
    '',
    "Visitors read one plain sentence and 'Try again' (which asks for a fresh URL, `?retry=1`, since a",
    'failed URL may stay cached). The owner gets the loader’s console line with the URL, then the card’s',
    'line with the reason and the fix (`LoadFailure.help`, conversation/load-failure.ts), also in the',
    '`ringwise-error` event (`loadFailureOf(event.detail)`). The reason is told from what the browser',
    'exposes: a `securitypolicyviolation` event naming the URL (the page’s CSP), the HTTP status from',
    'Resource Timing (same origin only), a script that ran but registered nothing (a different file or',
    'version), `navigator.onLine`; for another origin without CORS nothing more is known.',
    '',
    '## Answers that cannot be used, and the limits',
    '',
    'A reply that was cut is a normal reply with `cut` set (`ChatReply.cut`, `snapshot.cut`). A 2xx',
    'answer that cannot be used is an `answer-error`: JSON cut off or not JSON, a stream with neither',
    'text nor `[DONE]`, the platform’s `event: error` in a stream, a `POST /call/web` answer without',
    '`id` and `webCallUrl` or with a room address that is not an allowed `https:` room host (never',
    'handed to daily-js). Both platform requests are read under `ANSWER_LIMITS`',
    '(src/api/answer-limits.ts; `new ChatClient({ limits })` replaces any of them for the chat):',
    '',
    '| limit | default | bounds | when it is reached |',
    '|---|---|---|---|',
    ...LIMIT_ROWS.map(([key, bounds, then]) => `| \`${key}\` | ${limitValue(key)} | ${bounds} | ${then} |`),
  ];
}
