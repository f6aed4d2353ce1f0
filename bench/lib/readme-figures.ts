/**
 * The script-tag build's measured byte figures, written into both READMEs between markers (as the
 * budget table is): widget/README.md's "Sizes and loading" table and the root README's "Sizes"
 * line. One measurement (gzip level 9, 1 KB = 1000 B, each file on its own as served) renders
 * both, so no figure is copied by hand. Written by `npm run bench -- --update-benchmarks` and by
 * `npx node bench/readme-figures.ts` (builds nothing: run `npm run build -w widget` first);
 * checked against a fresh build by tests/unit/widget/readme-figures.test.ts (gzip is deterministic).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CDN_FILES } from '../../widget/build.ts';
import { gzipBytes, KB } from './size.ts';

/** Markers around the generated figures (the same pair in both READMEs). */
export const FIGURES_START =
  '<!-- bench:widget-sizes (written by `npx node bench/readme-figures.ts`; checked by tests/unit/widget/readme-figures.test.ts) -->';
export const FIGURES_END = '<!-- /bench:widget-sizes -->';

/** DESIGN.md's budgets the figures are read against, in bytes. */
const BUDGETS = {
  loader: 6 * KB,
  chat: 3 * KB,
  engine: 6 * KB,
  chatMode: 25 * KB,
  voiceMode: 100 * KB,
  machinery: 85 * KB,
} as const;

/** gzip bytes of every script-tag file and of the three totals a visitor downloads. */
export interface WidgetFigures {
  loader: number;
  card: number;
  chat: number;
  engine: number;
  daily: number;
  de: number;
  es: number;
  fr: number;
  /** The click's start (target, consent, POST /call/web), voice mode only. */
  start: number;
  /** Loader + card + chat engine: chat mode after the first message. */
  chatMode: number;
  /** Loader + card + start + voice engine + daily: voice mode after the first click. */
  voiceMode: number;
  /** Loader + start + voice engine + daily: a call without the card. */
  machinery: number;
}

/** Measures the script-tag build in `dir` (widget/dist/cdn, or a fresh build's folder). */
export function measureWidgetFigures(dir: string): WidgetFigures {
  const size = (key: keyof typeof CDN_FILES) => gzipBytes(readFileSync(join(dir, CDN_FILES[key])));
  const f = {
    loader: size('loader'),
    card: size('card'),
    chat: size('chat'),
    engine: size('engine'),
    daily: size('daily'),
    de: size('de'),
    es: size('es'),
    fr: size('fr'),
    start: size('start'),
  };
  return {
    ...f,
    chatMode: f.loader + f.card + f.chat,
    voiceMode: f.loader + f.card + f.start + f.engine + f.daily,
    machinery: f.loader + f.start + f.engine + f.daily,
  };
}

const bytes = (n: number) => `${n.toLocaleString('en-US')} B`;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
const verdict = (n: number, budget: number) =>
  n <= budget ? `≤ ${budget / KB} KB` : `≤ ${budget / KB} KB: **missed** by ${bytes(n - budget)}`;

/** widget/README.md's block: the table and the figures of the paragraph that reads it. */
export function widgetReadmeFigures(f: WidgetFigures): string {
  return [
    '| file | gzip | budget |',
    '|---|---|---|',
    `| \`${CDN_FILES.loader}\` (loader: element + launcher + script loader) | ${bytes(f.loader)} | ${verdict(f.loader, BUDGETS.loader)} |`,
    `| \`${CDN_FILES.card}\` (the card) | ${bytes(f.card)} | in the totals |`,
    `| \`${CDN_FILES.chat}\` (chat engine) | ${bytes(f.chat)} | ${verdict(f.chat, BUDGETS.chat)} (core size test) |`,
    `| \`${CDN_FILES.engine}\` (voice engine, with the client-tools dispatcher) | ${bytes(f.engine)} | ${verdict(f.engine, BUDGETS.engine)} |`,
    `| \`${CDN_FILES.daily}\` (daily-js + adapter) | ${bytes(f.daily)} | — |`,
    `| \`${CDN_FILES.start}\` (the click's start: target, consent, POST /call/web, microphone; voice, and hybrid's card) | ${bytes(f.start)} | in the totals |`,
    `| \`${CDN_FILES.de}\`, \`-es.js\`, \`-fr.js\` (one language's labels, only when used) | ${f.de.toLocaleString('en-US')} / ${f.es.toLocaleString('en-US')} / ${bytes(f.fr)} | — |`,
    `| chat mode after the first message (loader + card + chat engine) | ${bytes(f.chatMode)} | ${verdict(f.chatMode, BUDGETS.chatMode)} |`,
    `| voice mode after the first click (loader + card + start + engine + daily) | ${bytes(f.voiceMode)} | ${verdict(f.voiceMode, BUDGETS.voiceMode)} |`,
    `| a call's machinery without the card (loader + start + engine + daily) | ${bytes(f.machinery)} | ${verdict(f.machinery, BUDGETS.machinery)} |`,
    '',
    `Where voice mode's bytes go: daily-js is the floor. Its ESM dist bundles Sentry, and the daily file`,
    `(daily-js + our adapter) is ${bytes(f.daily)} on its own; with the voice engine (${bytes(f.engine)}), the click's start`,
    `(${bytes(f.start)}) and the loader (${bytes(f.loader)}) a call needs ${bytes(f.machinery)} before any card, which leaves`,
    `${bytes(Math.max(0, BUDGETS.voiceMode - f.machinery))} under ${kb(BUDGETS.voiceMode)} for the whole card UI (${bytes(f.card)}: labels, styles, controller,`,
    `status, errors, video, chat; consent is its own file). Chat mode: loader + chat engine are ${kb(f.loader + f.chat)}, the card`,
    `${kb(f.card)}, against ${kb(BUDGETS.chatMode)} for everything through the first reply.`,
  ].join('\n');
}

/** The root README's block: one sentence per figure, indented for its list item. */
export function rootReadmeFigures(f: WidgetFigures): string {
  const langs = [f.de, f.es, f.fr];
  const lines = [
    `loader ${bytes(f.loader)} (${verdict(f.loader, BUDGETS.loader)}); card ${bytes(f.card)}; chat engine ${bytes(f.chat)}; voice`,
    `engine ${bytes(f.engine)} (${verdict(f.engine, BUDGETS.engine)}); language files ${(Math.min(...langs) / KB).toFixed(1)}–${kb(Math.max(...langs))} each, loaded only when used;`,
    `chat mode after the first message ${bytes(f.chatMode)} (${verdict(f.chatMode, BUDGETS.chatMode)}: one card file for all modes);`,
    `voice mode after the first click ${bytes(f.voiceMode)} (${verdict(f.voiceMode, BUDGETS.voiceMode)}: daily-js alone is ${kb(f.daily)});`,
    `the call machinery without the card ${bytes(f.machinery)} (${verdict(f.machinery, BUDGETS.machinery)}).`,
  ];
  return lines.map((line) => `  ${line}`).join('\n');
}

/** The text between the markers of `readme`, or null when it has none. */
export function figuresIn(readme: string): string | null {
  const start = readme.indexOf(FIGURES_START);
  const end = readme.indexOf(FIGURES_END);
  if (start === -1 || end < start) return null;
  return readme.slice(start + FIGURES_START.length, end).trim();
}

/**
 * `readme` with the text between the markers replaced by `block`.
 * @throws Error naming the markers when the README lacks them (nothing is written then).
 */
export function readmeWithFigures(readme: string, block: string, name: string): string {
  const start = readme.indexOf(FIGURES_START);
  const end = readme.indexOf(FIGURES_END);
  if (start === -1 || end < start)
    throw new Error(`${name} has no size markers: put ${FIGURES_START} and ${FIGURES_END} where the figures go`);
  // The end marker keeps its indentation (the root README's figures sit in a list item).
  const indent = readme.slice(readme.lastIndexOf('\n', end) + 1, end);
  return `${readme.slice(0, start + FIGURES_START.length)}\n${block}\n${indent}${readme.slice(end)}`;
}
