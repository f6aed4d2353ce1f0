/**
 * One conversation across pages (continuity.ts), against a scripted conversation port and an
 * in-memory session storage: what is kept when, what a later page gets back, and what never is.
 */
import { expect, test } from 'vitest';
import {
  ConversationContinuity,
  type ContinuityPort,
  type RestoreState,
} from '../../../../widget/src/continuity/continuity.ts';
import {
  CALL_KEEP_MS,
  readConversation,
  type SavedTurn,
  type StorageSource,
} from '../../../../widget/src/continuity/store.ts';
import type { WebCall } from '../../../../widget/src/core/types.ts';

const KEY = 'ringwise-conversation:test';
const PAGE_A = { pageTitle: 'Home', pagePath: 'https://site.example/' };
const PAGE_B = { pageTitle: 'Setup guide', pagePath: 'https://site.example/guides/setup' };
const CALL: WebCall = { id: 'call-1', webCallUrl: 'https://room.daily.co/r1' };

type Turn = { role: 'user' | 'assistant'; text: string; via: 'voice' | 'text' };

/** A scripted conversation: the test sets phase and turns; the port records what continuity asked. */
class FakeConversation implements ContinuityPort {
  phase = 'idle';
  conversation: Turn[] = [];
  call: { webCall: WebCall; connectedAt: number } | null = null;
  session: string | null = null;
  restored: { turns: readonly SavedTurn[]; sessionId: string | null } | null = null;
  rejoins: { webCall: WebCall; connectedAt: number }[] = [];
  rejoinWorks = true;
  added: unknown[] = [];
  #listeners = new Set<() => void>();
  getSnapshot = () => ({ phase: this.phase, conversation: this.conversation });
  subscribe(listener: () => void) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  liveCall = () => this.call;
  sessionId = () => this.session;
  restore(turns: readonly SavedTurn[], sessionId: string | null) {
    this.restored = { turns, sessionId };
    this.conversation = [...turns];
  }
  async rejoin(webCall: WebCall, connectedAt: number) {
    this.rejoins.push({ webCall, connectedAt });
    if (!this.rejoinWorks) return false;
    this.inCall(connectedAt, {}, webCall);
    return true;
  }
  /** The page's call is live: connected at `connectedAt` (with `more`, e.g. its turns). */
  inCall(connectedAt: number, more: Partial<Pick<FakeConversation, 'conversation'>> = {}, webCall = CALL) {
    this.set({ phase: 'active', call: { webCall, connectedAt }, ...more });
  }
  addMessage(message: unknown, options?: unknown) {
    this.added.push({ message, options });
  }
  set(patch: Partial<Pick<FakeConversation, 'phase' | 'conversation' | 'call' | 'session'>>) {
    Object.assign(this, patch);
    for (const listener of [...this.#listeners]) listener();
  }
}

function tab() {
  const map = new Map<string, string>();
  const store = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
  const storage: StorageSource = () => store;
  const held = new Set<string>();
  let now = 1_000_000;
  let hide: ((hidden: boolean) => void) | null = null;
  const page = (pageContext = PAGE_A, audio = true) => {
    const port = new FakeConversation();
    const states: RestoreState[] = [];
    const continuity: ConversationContinuity = new ConversationContinuity(port, {
      storage,
      key: KEY,
      page: pageContext,
      audioAllowed: () => audio,
      onPageHide: (handler) => {
        hide = handler;
        return () => (hide = null);
      },
      claim: async (id) => {
        if (held.has(id)) return null;
        held.add(id);
        return { release: () => held.delete(id) };
      },
      now: () => now,
      onChange: () => states.push(continuity.state),
    });
    return { port, continuity, states };
  };
  const leave = () => hide?.(true);
  // A navigation: the page is left, and the page went away with its lock.
  const navigate = () => (leave(), held.clear());
  return { map, storage, held, page, leave, navigate, advance: (ms: number) => (now += ms), now: () => now };
}

test('call on page A → page B rejoins the same call without a new request, with the transcript, and tells the assistant the page', async () => {
  const t = tab();
  const a = t.page(PAGE_A);
  a.port.inCall(t.now() - 30_000);
  a.port.set({ conversation: [{ role: 'assistant', text: 'Hello, how can I help?', via: 'voice' }] });
  t.leave();
  a.continuity.destroy();
  t.held.clear(); // the page went away: its lock with it
  t.advance(800);

  const b = t.page(PAGE_B);
  await b.continuity.restore();
  expect(b.port.restored?.turns, 'transcript back').toEqual([
    { role: 'assistant', text: 'Hello, how can I help?', via: 'voice' },
  ]);
  expect(b.port.rejoins, 'the same call, with its start time').toEqual([
    { webCall: CALL, connectedAt: 1_000_000 - 30_000 },
  ]);
  expect(b.port.added, 'one silent system message naming the new page').toEqual([
    {
      message: {
        role: 'system',
        content:
          'The visitor opened another page of the site during the call: "Setup guide" (https://site.example/guides/setup).',
      },
      options: { triggerResponseEnabled: false },
    },
  ]);
  expect(b.continuity.state, 'settled').toBe('none');
});

test('a reload of the same page rejoins without the page message', async () => {
  const t = tab();
  const a = t.page(PAGE_A);
  a.port.inCall(t.now());
  t.navigate();
  const again = t.page(PAGE_A);
  await again.continuity.restore();
  expect(again.port.rejoins, 'rejoined').toHaveLength(1);
  expect(again.port.added, 'same page: nothing to say').toEqual([]);
});

test('hang-up (or a call the assistant ended), then navigate: nothing is restored', async () => {
  const t = tab();
  const a = t.page();
  a.port.inCall(t.now(), { conversation: [{ role: 'user', text: 'Hi', via: 'voice' }] });
  expect(t.map.has(KEY), 'turns kept during the call').toBe(true);
  a.port.set({ phase: 'ending' });
  a.port.set({ phase: 'idle', call: null });
  await new Promise((resolve) => setTimeout(resolve));
  t.leave();
  expect(t.map.has(KEY), 'nothing kept after the call ended').toBe(false);
  const b = t.page(PAGE_B);
  await b.continuity.restore();
  expect(b.port.restored, 'nothing restored').toBeNull();
  expect(b.port.rejoins, 'no rejoin').toEqual([]);
});

test('chat only: turns and session id come back; no call is kept', async () => {
  const t = tab();
  const a = t.page();
  a.port.set({
    session: 'sess-1',
    conversation: [
      { role: 'user', text: 'Prices?', via: 'text' },
      { role: 'assistant', text: 'From 49 € a month.', via: 'text' },
    ],
  });
  const b = t.page(PAGE_B);
  await b.continuity.restore();
  expect(b.port.restored, 'history and session').toEqual({ turns: a.port.conversation, sessionId: 'sess-1' });
  expect(b.port.rejoins, 'no call').toEqual([]);
});

test('audio not allowed: the call waits for the Resume tap', async () => {
  const t = tab();
  const a = t.page();
  a.port.inCall(t.now());
  t.navigate();
  const b = t.page(PAGE_B, false);
  await b.continuity.restore();
  expect(b.continuity.state, 'waiting for a tap').toBe('resume');
  expect(b.port.rejoins, 'not yet').toEqual([]);
  expect(await b.continuity.resume(), 'tap').toBe(true);
  expect(b.port.rejoins, 'joined').toHaveLength(1);
});

test('the call is gone: state gone, entry dropped; a call older than CALL_KEEP_MS is not tried', async () => {
  const t = tab();
  const a = t.page();
  a.port.inCall(t.now(), { conversation: [{ role: 'user', text: 'Hi', via: 'voice' }] });
  t.navigate();
  const b = t.page(PAGE_B);
  b.port.rejoinWorks = false;
  await b.continuity.restore();
  expect(b.continuity.state, 'gone').toBe('gone');
  expect(t.map.has(KEY), 'dropped').toBe(false);

  const c = t.page();
  c.port.inCall(t.now(), { conversation: [{ role: 'user', text: 'Hi', via: 'voice' }] });
  t.navigate();
  t.advance(CALL_KEEP_MS + 1);
  const d = t.page(PAGE_B);
  await d.continuity.restore();
  expect(d.port.rejoins, 'too late to rejoin').toEqual([]);
  expect(d.port.restored?.turns, 'the transcript still comes back').toHaveLength(1);
});

test('a second tab holding a copy of the session does not take the call', async () => {
  const t = tab();
  const a = t.page();
  a.port.inCall(t.now());
  await Promise.resolve();
  t.leave(); // writes the entry (a duplicated tab copies it) …
  t.held.add(CALL.id); // … while the first tab still holds the call
  const copy = t.page(PAGE_B);
  await copy.continuity.restore();
  expect(copy.continuity.state, 'refused').toBe('elsewhere');
  expect(copy.port.rejoins, 'no rejoin').toEqual([]);
});

test('forget (consent declined, persist off) removes the entry and keeps nothing more', () => {
  const t = tab();
  const a = t.page();
  a.port.set({ conversation: [{ role: 'user', text: 'Hi', via: 'text' }] });
  expect(readConversation(t.storage, KEY, t.now()), 'kept').not.toBeNull();
  a.continuity.forget();
  expect(t.map.has(KEY), 'removed').toBe(false);
  a.port.set({ conversation: [...a.port.conversation, { role: 'assistant', text: 'Hello', via: 'text' }] });
  t.leave();
  expect(t.map.has(KEY), 'nothing more').toBe(false);
});

test('leaving the page ends the call here: that is no hang-up, the call stays kept', async () => {
  const t = tab();
  const a = t.page();
  a.port.inCall(t.now(), { conversation: [{ role: 'user', text: 'Hi', via: 'voice' }] });
  // The engine's own page-hide handler may leave the room before ours runs.
  a.port.set({ phase: 'ending' });
  a.port.set({ phase: 'idle', call: null });
  t.leave();
  await new Promise((resolve) => setTimeout(resolve));
  expect(readConversation(t.storage, KEY, t.now())?.call?.id, 'still kept for the next page').toBe('call-1');
});
