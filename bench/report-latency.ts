/**
 * The latency sections of the bench's report (bench/report.ts): click → POST /call/web and chat
 * Enter → POST /chat/web → first token, ours beside the peers in every network profile.
 */
import { CLICK_PEERS, formatRatio, latencyVerdict, ratio, verdictCell } from './budgets.ts';
import { CHAT_SUBJECTS } from './chat-latency.ts';
import { CLICK_SUBJECTS } from './latency.ts';
import { kb, ms1 } from './lib/cells.ts';
import { NETWORK_PROFILES } from './lib/network.ts';
import type { BenchResults } from './report.ts';

/** What a latency bench's section opens with, whatever it measured. */
interface LatencyPart<R> {
  result?: R;
  note?: string;
}

/**
 * The opening of a latency section: its title, the bench's note, why it did not run and the notes
 * on single subjects. Returns the lines and the result (undefined when there is none).
 */
function latencyHead<Id extends string, R extends { skipped?: string; notes: Partial<Record<Id, string>> }>(
  title: string,
  part: LatencyPart<R>,
  subjects: readonly { readonly id: Id; readonly label: string }[],
): { out: string[]; c: R | undefined } {
  const out: string[] = [title, ''];
  const c = part.result;
  if (part.note) out.push(part.note, '');
  if (!c) return { out, c };
  if (c.skipped) out.push(`Not run: ${c.skipped}.`, '');
  for (const subject of subjects) if (c.notes[subject.id]) out.push(`- ${subject.label}: ${c.notes[subject.id]}`);
  if (Object.keys(c.notes).length) out.push('');
  return { out, c };
}

/** The click → POST section: ours beside the peers, per network profile. */
export function renderClick(r: BenchResults): string[] {
  const { out, c } = latencyHead('## Click → POST /call/web, ours beside the peers', r.click, CLICK_SUBJECTS);
  if (!c?.rows.length) return out;
  out.push(
    `${c.rounds} of ${c.samples} samples per subject and profile${c.rounds < c.samples ? ' (time budget reached)' : ''}, interleaved, each in a cold browser context. ` +
      "Budget: ours without prefetch ≤ each peer's median on every profile. Ratios are ours ÷ that peer (median); JS = JavaScript bytes on the wire (compressed, with headers), median per sample.",
    '',
  );
  for (const profile of NETWORK_PROFILES) {
    const rows = c.rows.filter((x) => x.profile === profile.id);
    if (!rows.length) continue;
    const ours = rows.find((x) => x.subject === 'ours');
    const prefetch = rows.find((x) => x.subject === 'ours-prefetch');
    out.push(`### ${profile.label}`, '');
    out.push(
      '| subject | samples | failed | median | p95 | min | max | JS before click | JS click → POST | ours ÷ this | ours (prefetch) ÷ this | met? (ours ≤ this median) |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const row of rows) {
      const label = CLICK_SUBJECTS.find((s) => s.id === row.subject)?.label ?? row.subject;
      const isPeer = CLICK_PEERS.some((p) => p.id === row.subject);
      const l = row.latency;
      out.push(
        `| ${label} | ${l.n} | ${row.failed} | ${ms1(l.median)} | ${ms1(l.p95)} | ${ms1(l.min)} | ${ms1(l.max)} | ${kb(row.jsBeforeClick)} | ${kb(row.jsClickToPost)} | ` +
          `${isPeer ? formatRatio(ratio(ours?.latency.median, l.median)) : '—'} | ${isPeer ? formatRatio(ratio(prefetch?.latency.median, l.median)) : '—'} | ` +
          `${isPeer ? verdictCell(latencyVerdict(ours?.latency.median, l.median, c.notes.ours ? 'ours not measured (see above)' : 'not measured')) : '—'} |`,
      );
    }
    out.push('');
  }
  const routing = Object.entries(c.routing);
  if (routing.length) {
    out.push(
      'Requests that would have left the machine, summed over every sample (warm-up included): ' +
        routing
          .map(([id, d]) => {
            const hosts = c.otherHosts?.[id as keyof typeof c.otherHosts] ?? [];
            const where = hosts.length ? `: ${hosts.join(', ')}` : '';
            return `${CLICK_SUBJECTS.find((s) => s.id === id)?.label ?? id}: ${d.provider} to the platform API (answered by the loopback provider), ${d['abort-daily']} to Daily (aborted), ${d['abort-other']} elsewhere (aborted${where})`;
          })
          .join('; ') +
        '.',
      '',
    );
  }
  return out;
}

/** The chat section: Enter → POST → first token, ours beside Vapi, per network profile. */
export function renderChat(r: BenchResults): string[] {
  const { out, c } = latencyHead(
    '## Chat: type + Enter → POST /chat/web → first token painted, ours beside Vapi',
    r.chat,
    CHAT_SUBJECTS,
  );
  if (!c?.rows.length) return out;
  out.push(
    `${c.rounds} of ${c.samples} samples per subject and profile${c.rounds < c.samples ? ' (time budget reached)' : ''}, interleaved. Budget: ours ≤ Vapi's median, for the POST and for the first token. ` +
      `CORS preflights that reached the provider: ${c.preflightsOnWire}.`,
    '',
  );
  for (const profile of NETWORK_PROFILES) {
    const rows = c.rows.filter((x) => x.profile === profile.id);
    if (!rows.length) continue;
    const ours = rows.find((x) => x.subject === 'ours-chat');
    out.push(`### Chat, ${profile.label}`, '');
    out.push(
      '| subject | samples | failed | Enter → POST median | p95 | → first token median | p95 | JS before Enter | JS Enter → POST | ours ÷ this (POST · token) | met? POST | met? token |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
    );
    for (const row of rows) {
      const label = CHAT_SUBJECTS.find((s) => s.id === row.subject)?.label ?? row.subject;
      const peer = row.subject !== 'ours-chat';
      // The reason is listed above the tables; the cells only point at it.
      const why = c.notes['ours-chat'] ? 'ours not measured (see above)' : 'not measured';
      out.push(
        `| ${label} | ${row.post.n} | ${row.failed} | ${ms1(row.post.median)} | ${ms1(row.post.p95)} | ${ms1(row.token.median)} | ${ms1(row.token.p95)} | ${kb(row.jsBeforeEnter)} | ${kb(row.jsEnterToPost)} | ` +
          `${peer ? `${formatRatio(ratio(ours?.post.median, row.post.median))} · ${formatRatio(ratio(ours?.token.median, row.token.median))}` : '—'} | ` +
          `${peer ? verdictCell(latencyVerdict(ours?.post.median, row.post.median, why)) : '—'} | ${peer ? verdictCell(latencyVerdict(ours?.token.median, row.token.median, why)) : '—'} |`,
      );
    }
    out.push('');
  }
  return out;
}
