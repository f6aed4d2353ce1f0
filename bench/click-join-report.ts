/**
 * The click → ready section of the bench report (bench/click-join.ts): per cell, ready and the
 * first visible response of every subject (medians), ours ÷ the faster peer with its 95 %
 * bootstrap interval and the verdict (bench/lib/ready-verdicts.ts); then the main thread (the
 * click's INP, long tasks from the click to ready), the call machine's arrival and start, the
 * bytes, and the old join-request figure for history.
 */
import { JOIN_SUBJECTS, type ClickJoinResult, type JoinRow } from './click-join.ts';
import { formatRatio, verdictCell } from './lib/verdicts.ts';
import {
  comparePeers,
  formatInterval,
  READY_BUDGET,
  samplesOf,
  TASK_BUDGET_MS,
  type PeerFigure,
} from './lib/ready-verdicts.ts';
import { formatKB } from './lib/size.ts';
import { median } from './lib/stats.ts';

const ms = (v: number | undefined): string =>
  v === undefined || Number.isNaN(v) ? '—' : Number.isFinite(v) ? `${Math.round(v)}` : 'none';
const loadText = (l: number[]): string => l.map((v) => v.toFixed(1)).join(' / ');
const PEER_NAMES: Record<string, string> = { 'vapi-widget': '`<vapi-widget>`', 'vapi-web': '@vapi-ai/web page' };

/** One table of a figure (ready or first visible) per cell, with ours against the faster peer. */
function figureTable(c: ClickJoinResult, figure: PeerFigure): string[] {
  const out = [
    '| cell | ours | ours, intent | Vapi `<vapi-widget>` | `@vapi-ai/web` page | faster peer | ours ÷ faster peer (95 % interval) | met? |',
    '|---|---:|---:|---:|---:|---|---:|---|',
  ];
  for (const cell of c.cells) {
    const cellOf = (s: string) => {
      const x = c.rows.find((r) => r.subject === s && r.cell === cell.id);
      if (!x) return '—';
      const none = figure === 'visible' && x.visibleNone ? ` (${x.visibleNone} none)` : '';
      return `${ms(median(samplesOf(x, figure)))}${none}${x.failed ? ` (${x.failed} failed)` : ''}`;
    };
    const cmp = comparePeers(c.rows, cell.id, figure);
    if (!cmp.ours && !cmp.peer) continue;
    out.push(
      `| ${cell.label} | ${JOIN_SUBJECTS.map((s) => cellOf(s.id)).join(' | ')} | ${cmp.peer ? PEER_NAMES[cmp.peer.subject] : '—'} | ` +
        `${formatRatio(cmp.interval.ratio)} (${formatInterval(cmp.interval)}) | ${verdictCell(cmp.verdict)} |`,
    );
  }
  return out;
}

/** The report's section for a click → ready result (or why there is none). */
export function renderClickJoin(part: { result?: ClickJoinResult; note?: string }): string[] {
  const out = ['## Click → ready and first visible response, ours beside the peers', ''];
  if (part.note) out.push(part.note, '');
  const c = part.result;
  if (!c) return out;
  if (c.skipped) out.push(`Not run: ${c.skipped}.`, '');
  for (const s of JOIN_SUBJECTS) if (c.notes[s.id]) out.push(`- ${s.label}: ${c.notes[s.id]}`);
  if (!c.rows?.length || !c.machine) {
    if (c.rows?.length) out.push('A run from before issue 35 (no call machine stand-in): not shown.', '');
    return out;
  }
  out.push(
    `Run ${c.date.slice(0, 16).replace('T', ' ')} UTC: ${c.rounds} of ${c.samples} rounds (one sample of each subject in each cell, interleaved, each in a fresh browser context; ` +
      `load average ${loadText(c.load.start)} at the start, ${loadText(c.load.end)} at the end: the machine is shared, so single figures are noisy and the ratios, ` +
      'taken from samples interleaved under the same load, are what to read). ' +
      `Every subject downloads the same call-machine stand-in, ${formatKB(c.machine.gzipBytes)} gzip (${formatKB(c.machine.rawBytes)} before compression), from the local stand-in for Daily's CDN over the emulated network. ` +
      'Medians in ms from the click; the ratio is ours ÷ the faster peer in that cell (its lower median), with a 95 % bootstrap interval and (samples of ours / of the peer) in the budget table.',
    '',
    `### Ready: the call machine asked to join (budget: ours ≤ ${formatRatio(READY_BUDGET.ready)} the faster peer)`,
    '',
    ...figureTable(c, 'ready'),
    '',
    `### First visible response (budget: ours ≤ ${formatRatio(READY_BUDGET.visible)} the faster peer)`,
    '',
    'The first frame after the press that shows a change the page made; *none*: samples whose page showed no change before the end of the sample (counted as later than any time).',
    '',
    ...figureTable(c, 'visible'),
    '',
    '### The main thread, the call machine and the bytes',
    '',
    "Medians per subject and cell: *INP* = the click's event-timing duration (input → next paint); " +
      `*longest task* = the longest task (> 50 ms) between the click and ready (0: none; budget on fast mobile ≤ ${TASK_BUDGET_MS} ms, ours), *long tasks* = time in them; ` +
      "*machine runs* = click → the call machine's first statement (downloaded, and the page's main thread got to it), *its start* = its first to its last statement; " +
      '*JS after click* = JavaScript bytes whose last byte arrived after the click, through the end of the sample (ready + up to 1.5 s; the call machine included); *changed first* = what the first visible frame changed; ' +
      "*join request* = click → the first request to Daily's hosts, the end point of runs before issue 35, kept for history only.",
    '',
    '| cell | subject | INP | longest task | long tasks | machine runs | its start | JS before click | JS after click | changed first | join request (history) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|',
  );
  for (const cell of c.cells) {
    for (const s of JOIN_SUBJECTS) {
      const x: JoinRow | undefined = c.rows.find((r) => r.subject === s.id && r.cell === cell.id);
      if (!x) continue;
      out.push(
        `| ${cell.label} | ${s.label} | ${ms(x.inp.median)} | ${ms(x.longestMs.median)} (max ${ms(x.longestMs.max)}) | ${ms(x.longTaskMs.median)} | ` +
          `${ms(x.machineAt.median)} | ${ms(x.machineRunMs.median)} | ${formatKB(x.jsBeforeClick)} | ${formatKB(x.jsAfterClick)} | ` +
          `${x.visibleWhat.slice(0, 2).join(', ') || '—'} | ${ms(x.join.median)} |`,
      );
    }
  }
  out.push('');
  return out;
}
