/**
 * The chat engine contract: the same scenarios run against the REAL `ChatClient` (over the
 * loopback provider) and against every fake the tests and the /widget gallery use
 * (chat-subjects.ts). What a UI observes through the port (states, events, errors, what `send()`
 * resolves with, the reply text and session kept) must be the same; the real client's sequence is
 * written out too.
 */
import { contractSuite, traceChat, TARGET, useLoopback } from './trace.ts';
import { CHAT_FAKES, REPLY, realChat, type ChatOutcome, type ChatSubject } from './chat-subjects.ts';

const server = useLoopback();

/** What one implementation did in one scenario. */
interface Observed {
  trace: string[];
  /** What `send()` resolved with: `reply` or `null`. */
  result: string;
  /** The reply text left in the snapshot: the whole reply, `partial` (some of it) or empty. */
  reply: string;
  /** Whether the conversation has a session id. */
  session: boolean;
}

interface Scenario {
  name: string;
  outcome: ChatOutcome;
  /** Runs the UI's side after the first `send()`; returns nothing. */
  act?(subject: ChatSubject): Promise<void>;
  expected: Omit<Observed, 'trace'> & { trace: string[] };
}

const SENDING = ['on:chat-request', 'state:sending', 'on:state-change:sending'];
const STREAMING = [...SENDING, 'state:streaming', 'on:state-change:streaming', 'on:chat-delta…'];
const IDLE = ['state:idle', 'on:state-change:idle'];
const failed = (type: string) => [...SENDING, ...IDLE, `error-in-snapshot:${type}`, `on:error:${type}`];

const SCENARIOS: Scenario[] = [
  {
    name: 'send: the reply streams, then chat-reply; the session is kept',
    outcome: 'reply',
    expected: { trace: [...STREAMING, ...IDLE, 'on:chat-reply'], result: 'reply', reply: REPLY, session: true },
  },
  {
    name: 'stop() during the reply: idle, no error, send() resolves null, the partial reply kept; a second stop() changes nothing',
    outcome: 'hold',
    act: async (subject) => {
      subject.client.stop();
      subject.client.stop();
    },
    expected: { trace: [...STREAMING, ...IDLE], result: 'null', reply: 'partial', session: true },
  },
  {
    name: 'a second send() while a reply streams resolves null and sends nothing',
    outcome: 'hold',
    act: async (subject) => {
      let second = 'pending';
      void subject.client.send('And Mondays?', TARGET).then((value) => (second = value === null ? 'null' : 'a reply'));
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
      if (second !== 'null') throw new Error(`the second send() is ${second}, not null`);
      subject.client.stop();
    },
    expected: { trace: [...STREAMING, ...IDLE], result: 'null', reply: 'partial', session: true },
  },
  ...[429, 500].map((status): Scenario => ({
    name: `a failed message (api-error ${status}): idle, the error in the snapshot, then error; send() resolves null`,
    outcome: { fail: 'api-error', status },
    expected: { trace: failed(`api-error/${status}`), result: 'null', reply: '', session: false },
  })),
];

contractSuite(
  'ChatClient',
  observe,
  { real: () => realChat(server()), fakes: CHAT_FAKES },
  {
    scenarios: SCENARIOS,
    expected: (scenario) => scenario.expected,
  },
);

/** Plays one scenario on one implementation (the suite destroys it after). */
async function observe(subject: ChatSubject, scenario: Scenario): Promise<Observed> {
  const { entries } = traceChat(subject.client);
  const sent = subject.client.send('Do you work on Sundays?', TARGET);
  await subject.advance();
  await scenario.act?.(subject);
  const value = await sent;
  await subject.settle();
  const { reply, sessionId } = subject.client.getSnapshot();
  return {
    trace: [...entries],
    result: value ? 'reply' : 'null',
    reply: reply === REPLY || reply === '' ? reply : REPLY.startsWith(reply) ? 'partial' : reply,
    session: sessionId !== null,
  };
}
