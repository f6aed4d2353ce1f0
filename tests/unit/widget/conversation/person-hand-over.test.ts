/** The hand-over's detail and its polite end of the call (issue 26, item 4). */
import { expect, test } from 'vitest';
import {
  endPolitely,
  handOverAnswer,
  handOverDetail,
  type PoliteEndPort,
} from '../../../../widget/src/conversation/person-hand-over.ts';
import { IDLE_VIEW, type CallView, type Turn } from '../../../../widget/src/conversation/view.ts';

const turn = (id: number, role: Turn['role'], text: string, partial = ''): Turn => ({
  id,
  role,
  text,
  partial,
  via: 'voice',
});

const respond = () => {};

test('the detail: every turn with its role, words and start time; the ids it knows', () => {
  const times = new Map([
    [1, 1000],
    [2, 2000],
  ]);
  const detail = handOverDetail(
    [turn(1, 'user', 'Hello'), turn(2, 'assistant', 'Hi,', 'how can I help?'), turn(3, 'user', '', '')],
    (t) => times.get(t.id),
    { callId: 'c-1', sessionId: null },
    respond,
    9000,
  );
  expect(detail, 'turns, the call and the way to answer').toEqual({
    turns: [
      { role: 'user', text: 'Hello', at: 1000 },
      { role: 'assistant', text: 'Hi, how can I help?', at: 2000 },
    ],
    callId: 'c-1',
    respondWith: respond,
  });
});

test("the page's answer: its outcome once; unanswered is the hand-over; anything else claims nothing", async () => {
  const unanswered = handOverAnswer();
  expect(await unanswered.outcome(), 'nobody answered: the event was the hand-over').toBe('sent');
  const sent = handOverAnswer();
  sent.respond(Promise.resolve('sent'));
  sent.respond('cancelled');
  expect(await sent.outcome(), 'the first answer counts').toBe('sent');
  const closed = handOverAnswer();
  closed.respond(Promise.resolve('cancelled'));
  expect(await closed.outcome(), 'closed unsent').toBe('cancelled');
  const failed = handOverAnswer();
  failed.respond(Promise.reject(new Error('form broke')));
  expect(await failed.outcome(), 'a failed answer is not a hand-over').toBe('cancelled');
  const odd = handOverAnswer();
  odd.respond('maybe' as never);
  expect(await odd.outcome(), 'not an outcome: not a hand-over').toBe('cancelled');
});

/** A conversation whose view the test sets. */
function fakeCall(view: Partial<CallView>) {
  let current: CallView = { ...IDLE_VIEW, ...view };
  const listeners = new Set<() => void>();
  const port: PoliteEndPort & { stopped: number; set(patch: Partial<CallView>): void } = {
    stopped: 0,
    getSnapshot: () => current,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: () => {
      port.stopped++;
      port.set({ phase: 'idle', ended: true, speaking: false });
    },
    set: (patch) => {
      current = { ...current, ...patch };
      for (const listener of [...listeners]) listener();
    },
  };
  return port;
}

test('hangs up only once the assistant has finished speaking', () => {
  const call = fakeCall({ phase: 'active', speaking: true });
  endPolitely(call);
  expect(call.stopped, 'not while it speaks').toBe(0);
  call.set({ volume: 0.4 });
  expect(call.stopped, 'still speaking').toBe(0);
  call.set({ speaking: false });
  expect(call.stopped, 'after its last words').toBe(1);
  call.set({ phase: 'active' });
  expect(call.stopped, 'once').toBe(1);
});

test('a silent assistant: at once; no call: nothing; cancelled: never', () => {
  const silent = fakeCall({ phase: 'active', speaking: false });
  endPolitely(silent);
  expect(silent.stopped, 'at once').toBe(1);
  const idle = fakeCall({ phase: 'idle' });
  endPolitely(idle);
  expect(idle.stopped, 'no call').toBe(0);
  const speaking = fakeCall({ phase: 'active', speaking: true });
  endPolitely(speaking)();
  speaking.set({ speaking: false });
  expect(speaking.stopped, 'cancelled').toBe(0);
});
