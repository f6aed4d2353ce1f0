/**
 * What the contract compares: the sequence a UI observes through the engine ports
 * (`VoiceClientPort`, `ChatClientPort`), written as short strings so two implementations can be
 * compared with one `toEqual`. Only what the UI reads is recorded (phases, errors, the lifecycle
 * events the element forwards to the page); timings, progress details and stage names are not
 * part of the contract.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { ChatClientPort, VoiceClientPort } from '../../../../widget/src/conversation/engine-port.ts';
import { startLoopbackServer, type LoopbackServer } from '../../../../fixtures/loopback-server.ts';

/** The target every scenario uses. */
export const TARGET = { assistantId: 'asst-contract' };

/** One loopback provider for a test file (started before, reset after each test, closed after); call at the top level. */
export function useLoopback(): () => LoopbackServer {
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await startLoopbackServer();
  });
  afterAll(() => server.close());
  afterEach(() => server.reset());
  return () => server;
}

/**
 * The contract suite of one engine port: a test per scenario in which the real client (`real`, e.g.
 * `ChatClient`) observes what the scenario expects, and every fake observes exactly what the real
 * client did. `observe` plays one scenario on one subject; the suite destroys the subject after it,
 * failed or not.
 */
export function contractSuite<
  Outcome,
  Subject extends { readonly client: { destroy(): void } },
  Scenario extends { name: string; outcome: Outcome },
  Observed,
>(
  real: string,
  observe: (subject: Subject, scenario: Scenario) => Promise<Observed>,
  subjects: { real(): (outcome: Outcome) => Subject; fakes: Record<string, (outcome: Outcome) => Subject> },
  { scenarios, expected }: { scenarios: readonly Scenario[]; expected(scenario: Scenario): Observed },
): void {
  const run = async (make: (outcome: Outcome) => Subject, scenario: Scenario): Promise<Observed> => {
    const subject = make(scenario.outcome);
    try {
      return await observe(subject, scenario);
    } finally {
      subject.client.destroy();
    }
  };
  const kind = real.replace(/Client$/, '').toLowerCase();
  describe(`${kind} engine contract: the fakes behave as the real ${real}`, () => {
    for (const scenario of scenarios) {
      test(scenario.name, async () => {
        const observed = await run(subjects.real(), scenario);
        expect(observed, `the real ${real}`).toEqual(expected(scenario));
        for (const [name, make] of Object.entries(subjects.fakes)) {
          expect(await run(make, scenario), `${name} diverges from the real ${real}`).toEqual(observed);
        }
      });
    }
  });
}

/** Pushes `state:X` and `error-in-snapshot:X` (and what `extra` adds) whenever the snapshot changes them. */
function recordSnapshot<S extends { state: string; error: { type?: string; status?: number } | null }>(
  client: { getSnapshot(): S; subscribe(listener: () => void): unknown },
  entries: string[],
  extra: (next: S, last: S) => void = () => {},
): void {
  let last = client.getSnapshot();
  client.subscribe(() => {
    const next = client.getSnapshot();
    if (next.state !== last.state) entries.push(`state:${next.state}`);
    if (next.error !== last.error && next.error) entries.push(`error-in-snapshot:${typeOf(next.error)}`);
    extra(next, last);
    last = next;
  });
}

/** The voice events a UI relies on; `message` is kept for the ended status-update only. */
const VOICE_EVENTS = [
  'state-change',
  'call-start-success',
  'call-start-failed',
  'call-end',
  'error',
  'message',
] as const;

/** The chat events a UI relies on. */
const CHAT_EVENTS = ['state-change', 'chat-request', 'chat-delta', 'chat-reply', 'error'] as const;

/** A growing trace and a way to read it. */
export interface Trace {
  /** The entries so far, oldest first. */
  readonly entries: string[];
}

const typeOf = (error: { type?: string; status?: number } | null | undefined) =>
  error ? `${error.type}${error.status ? `/${error.status}` : ''}` : 'none';

/**
 * Records a voice client: `state:X` and `error-in-snapshot:X` / `muted:X` when the snapshot's
 * field changes, and `on:X` for each event (with the error type, or the status-update's status).
 */
export function traceVoice(client: VoiceClientPort): Trace {
  const entries: string[] = [];
  recordSnapshot(client, entries, (next, last) => {
    if (next.muted !== last.muted) entries.push(`muted:${next.muted}`);
  });
  for (const event of VOICE_EVENTS) {
    client.on(event, (payload: unknown) => {
      if (event === 'message') {
        const message = payload as { type?: string; status?: string };
        if (message.type === 'status-update') entries.push(`on:status-update:${message.status}`);
        return;
      }
      if (event === 'state-change') entries.push(`on:state-change:${String(payload)}`);
      else if (event === 'error') entries.push(`on:error:${typeOf(payload as { type?: string })}`);
      else if (event === 'call-start-failed')
        entries.push(`on:call-start-failed:${typeOf((payload as { error: { type: string } }).error)}`);
      else entries.push(`on:${event}`);
    });
  }
  return { entries };
}

/**
 * Records a chat client: `state:X` and `error-in-snapshot:X` when they change, and `on:X` for each
 * event. Consecutive `chat-delta`s are one entry (`on:chat-delta…`): how a reply is cut into
 * deltas is the transport's business; the whole text is compared at the end.
 */
export function traceChat(client: ChatClientPort): Trace {
  const entries: string[] = [];
  recordSnapshot(client, entries);
  for (const event of CHAT_EVENTS) {
    client.on(event, (payload: unknown) => {
      if (event === 'chat-delta') {
        if (entries.at(-1) !== 'on:chat-delta…') entries.push('on:chat-delta…');
        return;
      }
      if (event === 'state-change') entries.push(`on:state-change:${String(payload)}`);
      else if (event === 'error') entries.push(`on:error:${typeOf(payload as { type?: string })}`);
      else entries.push(`on:${event}`);
    });
  }
  return { entries };
}

/** Waits on real timers until `condition` holds (the scripted clients and the loopback take real time). */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
}
