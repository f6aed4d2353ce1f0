// @vitest-environment happy-dom
/**
 * The widget's reference (reference.ts) matches what ships: every part the card renders is
 * described and every described part exists; every custom property the stylesheets read is
 * described and vice versa; the READMEs name every attribute, event, part and property.
 * (Attributes and events are checked by the compiler: their doc maps are typed by the sources.)
 */
import { showNudge } from '../../../../widget/src/nudge/nudge.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { CARD_CSS } from '../../../../widget/src/card/stylesheet.ts';
import LAUNCHER_CSS from '../../../../widget/src/element/styles/launcher.css?raw';
import { EVENT_DOCS, OPTION_DOCS, PART_DOCS, TOKEN_DOCS } from '../../../../widget/src/docs/reference.ts';
import { OPTION_ATTRIBUTES } from '../../../../widget/src/element/options.ts';
import { flush, mount, open } from '../element/harness.ts';

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

test('every part the card renders is described, and every described part is rendered', async () => {
  // With everything of issue 26 asked for: suggestions, thumbs and the rating, the hand-over.
  const mounted = await mount({
    'public-key': 'pk',
    'assistant-id': 'a',
    mode: 'hybrid',
    transcript: '',
    suggestions: 'Hi',
    feedback: 'both',
    'handoff-label': 'Talk to a person',
  });
  await open(mounted);
  // A bubble needs a turn: start a call and hear the assistant.
  mounted.shadow.querySelector<HTMLButtonElement>('[part=call]')!.click();
  await flush();
  const client = mounted.modules.voice.client();
  client.update({ state: 'active' });
  client.emit('message', { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Hi' });
  // Thumbs go under a finished reply (one the visitor answered); the assistant offers replies.
  client.emit('message', { type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'Hello' });
  client.emit('message', {
    type: 'tool-calls',
    toolCallList: [
      { id: 't', type: 'function', function: { name: 'suggest_replies', arguments: '{"options":["Yes"]}' } },
    ],
  });
  // The rich file (suggestions) and the audio file (settings) load on their own: wait for both
  // (a count of turns, not a clock: a busy machine only takes more turns).
  const loaded = () =>
    mounted.shadow.querySelector('[part~=suggestion]') && mounted.shadow.querySelector('[part~=audio-settings]');
  for (let i = 0; i < 200 && !loaded(); i++) await flush();
  // The unread badge is its own file too, drawn with the first answer while the card is minimized.
  mounted.launcher().click();
  const more = { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Still there?' } as const;
  client.emit('message', more);
  for (let i = 0; i < 200 && !mounted.shadow.querySelector('[part~=unread]'); i++) await flush();
  // The nudge bubble is its own file: shown here beside the same launcher (never while the
  // message field has focus, so focus leaves it first).
  (mounted.shadow.activeElement as HTMLElement | null)?.blur();
  showNudge({
    element: mounted.el,
    container: mounted.launcher().parentElement!,
    text: 'Hi',
    style: () => {},
    open: () => {},
    busy: () => false,
  });
  const rendered = new Set(
    [...mounted.shadow.querySelectorAll('[part]')].flatMap((el) => el.getAttribute('part')!.split(' ')),
  );
  expect([...rendered].sort(), 'parts rendered = parts described').toEqual(Object.keys(PART_DOCS).sort());
  // One name per part (issue 36): every element with a name is the same kind of thing (a button
  // part is never also a panel), so `::part(name)` styles one part.
  const kinds = new Map<string, Set<string>>();
  for (const el of mounted.shadow.querySelectorAll('[part]'))
    for (const name of el.getAttribute('part')!.split(' '))
      kinds.set(name, (kinds.get(name) ?? new Set()).add(`${el.localName}[role=${el.getAttribute('role') ?? ''}]`));
  const shared = [...kinds].filter(([, seen]) => seen.size > 1).map(([name, seen]) => `${name}: ${[...seen]}`);
  expect(shared, 'one part name per part').toEqual([]);
});

test('every --ringwise-* property the stylesheets read is described, and every described one is read', () => {
  const used = new Set([...(LAUNCHER_CSS + CARD_CSS).matchAll(/var\((--ringwise-[a-z-]+)/g)].map((m) => m[1]));
  expect([...used].sort(), 'properties').toEqual(Object.keys(TOKEN_DOCS).sort());
});

test('the option docs cover exactly the observed attributes', () => {
  expect(Object.keys(OPTION_DOCS).sort(), 'same set').toEqual([...OPTION_ATTRIBUTES].sort());
});

test('the documented defaults are what the element does without the attribute', async () => {
  // No mode, position, theme or API URL (and, with preload: null, no preload): the element's own defaults.
  const mounted = await mount({ 'public-key': 'pk', 'assistant-id': 'a', preload: null });
  const container = mounted.shadow.querySelector<HTMLElement>('[part=container]')!;
  const shown = { mode: container.dataset.mode, position: container.dataset.position, theme: container.dataset.theme };
  expect(shown, 'mode, position and theme as documented').toEqual({
    mode: OPTION_DOCS.mode.default,
    position: OPTION_DOCS.position.default,
    theme: OPTION_DOCS.theme.default,
  });
  // The default preload (idle) fetches the card without any intent once the page is loaded and idle.
  expect(OPTION_DOCS.preload.default, 'documented preload').toBe('idle');
  await vi.waitFor(() =>
    expect(mounted.modules.loads, 'idle preload loaded the card without intent').toContain('card'),
  );
  mounted.launcher().click();
  await flush();
  expect(
    mounted.requests.map((request) => new URL(request.url).origin),
    "the click's request goes to the documented API",
  ).toEqual([OPTION_DOCS['api-base-url'].default]);
});

test('widget/README.md names every attribute, event, part and custom property', () => {
  const text = readFileSync(join(import.meta.dirname, '../../../../widget/README.md'), 'utf8');
  const missing = [
    ...OPTION_ATTRIBUTES.map((name) => `\`${name}\``),
    ...Object.keys(EVENT_DOCS).map((name) => `ringwise-${name}`),
    ...Object.keys(PART_DOCS).map((name) => `\`${name}\``),
    ...Object.keys(TOKEN_DOCS).map((name) => `\`${name}\``),
  ].filter((needle) => !text.includes(needle));
  expect(missing, 'the README lacks').toEqual([]);
});
