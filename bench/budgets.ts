/**
 * The budgets DESIGN.md and the issues set, and the verdict on each figure of a bench run: met,
 * missed (and by how much), or not measured (and why). Pure functions over the run's results, so
 * the report, BENCHMARKS.md and the README's budget table all say the same thing, and unit tests
 * (tests/unit/gates/budgets.test.ts) pin every rule.
 *
 * Sizes are gzip -9 bytes with 1 KB = 1,000 bytes (bench/lib/size.ts), like every figure here.
 */
import type { ChatRow, ChatSubjectId } from './chat-latency.ts';
import type { ContactLoadResult } from './contact-load.ts';
import type { ClickSubjectId, LatencyRow } from './latency.ts';
import type { LighthouseRow } from './lighthouse-bench.ts';
import { NETWORK_PROFILES, type NetworkProfile } from './lib/network.ts';
import { VAPI_PEERS } from './lib/host-pages.ts';
import type { BudgetGroup, BudgetRow } from './lib/budget-rows.ts';
import { clickJoinRows } from './lib/ready-verdicts.ts';
import { formatKB, KB } from './lib/size.ts';
import {
  formatRatio,
  latencyVerdict,
  ms,
  notMeasured,
  ratio,
  ratioVerdict,
  sizeVerdict,
  zeroVerdict,
  type Verdict,
} from './lib/verdicts.ts';
import type { RouteJs } from './site-js.ts';
import type { SizeRow } from './widget-size.ts';
import type { ClickJoinResult } from './click-join-result.ts';

/** Byte budgets (gzip), from DESIGN.md's table (turn 4: loader 6 KB, chat 25 KB, voice 100 KB). */
export const SIZE_BUDGETS = {
  /** Script-tag loader (paints the launcher only). */
  loader: 6 * KB,
  /** Chat mode: everything downloaded through the first message (loader + UI + chat engine). */
  chatTotal: 25 * KB,
  /** Voice mode: everything downloaded through the first click (loader + UI + engine + daily-js). */
  voiceTotal: 100 * KB,
  /** Widget core + createWebCall, no daily-js. */
  core: 6 * KB,
  /** Landing page JavaScript before any interaction, React included. */
  landingJs: 85 * KB,
} as const;

/** Lighthouse budget: every category scores this on `/` and every guide, mobile. */
export const LIGHTHOUSE_BUDGET = 100;

/** The one island guide pages may ship. */
export const GUIDE_ISLANDS = ['Header'] as const;

// The verdicts and the rows' types, for the readers of this module (the report, BENCHMARKS.md, the tests).
export {
  BUDGET_GROUPS,
  groupVerdicts,
  verdictCounts,
  type BudgetGroup,
  type BudgetRow,
  type GroupVerdict,
} from './lib/budget-rows.ts';
export {
  formatRatio,
  latencyVerdict,
  ratio,
  ratioVerdict,
  sizeVerdict,
  verdictCell,
  zeroVerdict,
  type Verdict,
} from './lib/verdicts.ts';

/** A score against the Lighthouse budget (100). */
export function scoreVerdict(scores: Array<[name: string, score: number | undefined]>, why = 'not measured'): Verdict {
  if (!scores.length || scores.some(([, s]) => s === undefined)) return notMeasured(why);
  const below = scores.filter(([, s]) => s! < LIGHTHOUSE_BUDGET);
  if (!below.length) return { status: 'met' };
  return { status: 'missed', detail: below.map(([name, s]) => `${name} ${s} (−${LIGHTHOUSE_BUDGET - s!})`).join(', ') };
}

/** What a budget table is computed from: the parts of a bench run it reads. */
export interface BudgetInputs {
  siteJs: { rows: RouteJs[]; note?: string };
  widget: { rows: SizeRow[] };
  lighthouse: { rows: LighthouseRow[]; note?: string };
  click?: { rows: LatencyRow[]; notes: Partial<Record<ClickSubjectId, string>>; skipped?: string };
  clickNote?: string;
  clickJoin?: ClickJoinResult;
  clickJoinNote?: string;
  chat?: { rows: ChatRow[]; notes: Partial<Record<ChatSubjectId, string>>; skipped?: string };
  chatNote?: string;
  contact: { results: Array<ContactLoadResult & { fsync?: boolean }>; note?: string };
  /** Guide routes expected (from content/guides). */
  guideRoutes: string[];
}

/** The peers our click is held against, with their report names. */
export const CLICK_PEERS: ReadonlyArray<{ id: ClickSubjectId; label: string }> = VAPI_PEERS;

const profileLabel = (id: NetworkProfile['id']): string => NETWORK_PROFILES.find((p) => p.id === id)?.label ?? id;

/** Every budget of the run, in DESIGN.md's order, with its verdict. */
export function budgetRows(r: BudgetInputs): BudgetRow[] {
  const out: BudgetRow[] = [];
  const size = (id: string) => r.widget.rows.find((row) => row.id === id);
  const sizeRow = (group: BudgetGroup, what: string, id: string, limit: number) => {
    const row = size(id);
    const bytes = row?.sizes?.gzip;
    out.push({
      group,
      what,
      measured: bytes === undefined ? '—' : formatKB(bytes),
      budget: `≤ ${formatKB(limit)}`,
      verdict: sizeVerdict(bytes, limit, row?.note ?? 'not measured (--only)'),
    });
  };
  sizeRow('loader', 'widget script-tag loader, gzip', 'ours-loader', SIZE_BUDGETS.loader);
  sizeRow('voice', 'voice: everything through the first click, gzip', 'ours-click', SIZE_BUDGETS.voiceTotal);
  sizeRow('chatSize', 'chat: everything through the first message, gzip', 'ours-chat', SIZE_BUDGETS.chatTotal);
  sizeRow('core', 'widget core + createWebCall (no daily-js), gzip', 'ours-core', SIZE_BUDGETS.core);

  const landing = r.siteJs.rows.find((row) => row.route === '/');
  // The floating widget's loader is on every page and has its own budget (the loader row above);
  // the landing's own JavaScript is held to its budget without it, as the browser gate
  // (tests/e2e/gates-static.spec.ts) holds it, and the row says what the page takes with it.
  const loaderOnPage = landing?.eager.files.some((file) => file.endsWith('/widget/voice-widget.js')) ?? false;
  const loaderBytes = loaderOnPage ? size('ours-loader')?.sizes?.gzip : 0;
  const landingOwn = landing && loaderBytes !== undefined ? landing.eager.sizes.gzip - loaderBytes : undefined;
  const landingNote =
    r.siteJs.note ??
    (landing ? 'not measured (the widget step did not run: the loader cannot be set aside)' : undefined);
  out.push({
    group: 'landing',
    what: 'landing page JS before any interaction (without the widget loader), gzip',
    measured:
      landingOwn === undefined
        ? '—'
        : formatKB(landingOwn) +
          (loaderOnPage && loaderBytes ? ` (${formatKB(landing!.eager.sizes.gzip)} with it)` : ''),
    budget: `≤ ${formatKB(SIZE_BUDGETS.landingJs)}`,
    verdict: sizeVerdict(landingOwn, SIZE_BUDGETS.landingJs, landingNote ?? 'not measured (--only)'),
  });
  for (const route of r.guideRoutes) {
    const row = r.siteJs.rows.find((x) => x.route === route);
    const islands = row?.islands.map((i) => i.name) ?? [];
    const extra = islands.filter((n) => !(GUIDE_ISLANDS as readonly string[]).includes(n));
    out.push({
      group: 'guides',
      what: `${route}: islands`,
      short: route,
      measured: row ? islands.join(', ') || 'none' : '—',
      budget: `only ${GUIDE_ISLANDS.join(', ')}`,
      verdict: !row
        ? notMeasured(r.siteJs.note ?? 'not measured (--only)')
        : extra.length
          ? { status: 'missed', detail: `also ${extra.join(', ')}` }
          : { status: 'met' },
    });
  }

  for (const route of ['/', ...r.guideRoutes]) {
    const row = r.lighthouse.rows.find((x) => x.route === route && x.formFactor === 'mobile');
    const s = row?.scores;
    const measured = s
      ? [s.performance, s.accessibility, s['best-practices'], s.seo].map((v) => v ?? '—').join(' · ')
      : '—';
    out.push({
      group: 'lighthouse',
      what: `Lighthouse mobile ${route} (perf · a11y · best pr. · SEO)`,
      short: route,
      measured,
      budget: '100 · 100 · 100 · 100',
      verdict:
        row && row.runs > 0
          ? scoreVerdict([
              ['performance', s?.performance],
              ['accessibility', s?.accessibility],
              ['best practices', s?.['best-practices']],
              ['SEO', s?.seo],
            ])
          : notMeasured(
              row
                ? (row.errors[0] ?? 'no successful run')
                : r.lighthouse.rows.length
                  ? 'no Lighthouse run for this route'
                  : (r.lighthouse.note ?? 'not measured (--only)'),
            ),
    });
  }

  const clickWhy = r.click?.skipped ?? r.click?.notes.ours ?? r.clickNote ?? 'not measured (--only)';
  for (const profile of NETWORK_PROFILES) {
    const ours = r.click?.rows.find((x) => x.subject === 'ours' && x.profile === profile.id);
    for (const peer of CLICK_PEERS) {
      const theirs = r.click?.rows.find((x) => x.subject === peer.id && x.profile === profile.id);
      out.push({
        group: 'click',
        what: `click → POST /call/web, no prefetch, ${profileLabel(profile.id)}: ours vs ${peer.label}`,
        short: `${profile.short}, vs ${peer.label}`,
        measured: ours && theirs ? `${ms(ours.latency.median)} vs ${ms(theirs.latency.median)}` : '—',
        budget: "≤ the peer's median",
        verdict: latencyVerdict(
          ours?.latency.median,
          theirs?.latency.median,
          !ours ? clickWhy : (r.click?.notes[peer.id] ?? 'not measured'),
        ),
      });
    }
  }

  out.push(...clickJoinRows(r.clickJoin, r.clickJoinNote));

  const chatWhy = r.chat?.skipped ?? r.chat?.notes['ours-chat'] ?? r.chatNote ?? 'not measured (--only)';
  for (const profile of NETWORK_PROFILES) {
    const ours = r.chat?.rows.find((x) => x.subject === 'ours-chat' && x.profile === profile.id);
    const theirs = r.chat?.rows.find((x) => x.subject === 'vapi-widget-chat' && x.profile === profile.id);
    const why = !ours ? chatWhy : (r.chat?.notes['vapi-widget-chat'] ?? 'not measured');
    for (const [name, pick] of [
      ['Enter → POST /chat/web', (x: ChatRow) => x.post.median],
      ['Enter → first token painted', (x: ChatRow) => x.token.median],
    ] as const) {
      out.push({
        group: 'chat',
        what: `chat ${name}, ${profileLabel(profile.id)}: ours vs Vapi <vapi-widget mode="chat">`,
        short: `${name}, ${profile.short}`,
        measured: ours && theirs ? `${ms(pick(ours))} vs ${ms(pick(theirs))}` : '—',
        budget: "≤ Vapi's median",
        verdict: latencyVerdict(ours ? pick(ours) : undefined, theirs ? pick(theirs) : undefined, why),
      });
    }
  }

  const contactWhy = r.contact.note ?? 'not measured (--only)';
  if (!r.contact.results.length) {
    out.push({
      group: 'backend',
      what: 'contact backend: rows lost under load',
      measured: '—',
      budget: '0',
      verdict: notMeasured(contactWhy),
    });
  }
  for (const c of r.contact.results) {
    const lost = c.missing + c.duplicated;
    out.push({
      group: 'backend',
      what: `contact backend, ${c.concurrency} clients: rows lost or duplicated`,
      short: `rows lost at ${c.concurrency} clients`,
      measured: String(lost),
      budget: '0',
      verdict: zeroVerdict(lost),
    });
    out.push({
      group: 'backend',
      what: `contact backend, ${c.concurrency} clients: fsync`,
      short: `fsync at ${c.concurrency} clients`,
      measured: c.fsync === undefined ? '—' : c.fsync ? 'on' : 'off',
      budget: 'on',
      verdict:
        c.fsync === undefined
          ? notMeasured('not reported by bench/contact-load.ts')
          : c.fsync
            ? { status: 'met' }
            : { status: 'missed', detail: 'fsync off: a 201 may not be on disk' },
    });
  }
  return out;
}
