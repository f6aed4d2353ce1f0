/**
 * The click → join section of the bench report (bench/click-join.ts): one table of medians per
 * cell with the ratios to the @vapi-ai/web page and their sample counts, then one of the main
 * thread (the click's INP, long tasks between the click and the join request) and the bytes.
 */
import { formatRatio, JOIN_BUDGET, ratio, ratioVerdict, verdictCell } from './budgets.ts';
import { JOIN_SUBJECTS, type ClickJoinResult, type JoinRow } from './click-join.ts';
import { formatKB } from './lib/size.ts';

const ms = (v: number | undefined): string => (v === undefined || Number.isNaN(v) ? '—' : `${Math.round(v)}`);
const loadText = (l: number[]): string => l.map((v) => v.toFixed(1)).join(' / ');

/** The report's section for a click → join result (or why there is none). */
export function renderClickJoin(part: { result?: ClickJoinResult; note?: string }): string[] {
  const out = ['## Click → join request, ours beside the peers', ''];
  if (part.note) out.push(part.note, '');
  const c = part.result;
  if (!c) return out;
  if (c.skipped) out.push(`Not run: ${c.skipped}.`, '');
  for (const s of JOIN_SUBJECTS) if (c.notes[s.id]) out.push(`- ${s.label}: ${c.notes[s.id]}`);
  if (!c.rows.length) return out;
  out.push(
    `Run ${c.date.slice(0, 16).replace('T', ' ')} UTC: ${c.rounds} of ${c.samples} rounds (one sample of each subject in each cell, interleaved, each in a fresh browser context; ` +
      `load average ${loadText(c.load.start)} at the start, ${loadText(c.load.end)} at the end: the machine is shared, so single figures are noisy and the ratios, ` +
      'taken from samples interleaved under the same load, are what to read). ' +
      `Budget: ours (default preload) ≤ ${formatRatio(JOIN_BUDGET.ratio)} the @vapi-ai/web page's median in every cell. Medians in ms; ratios are ours ÷ the @vapi-ai/web page, with (samples of ours / of the page).`,
    '',
    '| cell | ours (default) | ours, intent | Vapi `<vapi-widget>` | `@vapi-ai/web` page | ours ÷ page | intent ÷ page | met? |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  );
  const row = (subject: string, cell: string): JoinRow | undefined =>
    c.rows.find((x) => x.subject === subject && x.cell === cell);
  for (const cell of c.cells) {
    const [ours, intent, widget, web] = JOIN_SUBJECTS.map((s) => row(s.id, cell.id));
    if (!ours && !web) continue;
    const r = (x: JoinRow | undefined) =>
      `${formatRatio(ratio(x?.join.median, web?.join.median))} (${x?.join.n ?? 0}/${web?.join.n ?? 0})`;
    const cellOf = (x: JoinRow | undefined) =>
      x ? `${ms(x.join.median)}${x.failed ? ` (${x.failed} failed)` : ''}` : '—';
    out.push(
      `| ${cell.label} | ${cellOf(ours)} | ${cellOf(intent)} | ${cellOf(widget)} | ${cellOf(web)} | ${r(ours)} | ${r(intent)} | ${verdictCell(ratioVerdict(ours?.join.median, web?.join.median, JOIN_BUDGET.ratio))} |`,
    );
  }
  out.push(
    '',
    "The main thread and the bytes, per subject and cell (medians): *INP* = the click's event-timing duration (input → next paint); " +
      '*long tasks* = time inside tasks over 50 ms between the click and the join request (each clipped to that span), and the longest such task (0: none over 50 ms); ' +
      '*JS before click* / *JS click → join* = JavaScript bytes on the wire whose last byte arrived before the click / between the click and the join request.',
    '',
    "*Reached the routing*: the same join request timed when it reached the bench's routing in Node (earlier runs' figure; that hop is slower while Node is busy answering another request of the page, such as ours' `POST /call/web` running beside it). " +
      "*Room join asked*: when Daily was asked to join the room (ours: the engine's `daily-call-join` stage, after the POST's answer, with the call machine asked for at the click; the @vapi-ai/web page: its join request, made inside `join()`).",
    '',
    '| cell | subject | INP | long tasks click → join | longest task | JS before click | JS click → join | join request | reached the routing | room join asked |',
    '|---|---|---:|---:|---:|---:|---:|---|---:|---:|',
  );
  for (const cell of c.cells) {
    for (const s of JOIN_SUBJECTS) {
      const x = row(s.id, cell.id);
      if (!x) continue;
      out.push(
        `| ${cell.label} | ${s.label} | ${ms(x.inp.median)} | ${ms(x.longTaskMs.median)} | ${ms(x.longestMs.median)} (max ${ms(x.longestMs.max)}) | ${formatKB(x.jsBeforeClick)} | ${formatKB(x.jsClickToJoin)} | ${x.joinUrls.slice(0, 2).join(', ') || '—'} | ${ms(x.joinRouted?.median)} | ${x.roomJoin?.n ? ms(x.roomJoin.median) : '—'} |`,
      );
    }
  }
  out.push('');
  return out;
}
