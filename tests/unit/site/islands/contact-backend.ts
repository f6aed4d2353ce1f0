/**
 * What the ContactModal test files share: a fake insert port (no network, no supabase-js) and the
 * hooks that give every test a fresh one, a closed modal and real timers again afterwards.
 */
import { act } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { ContactInsert, ContactSubmission, InsertResult } from '../../../../site/lib/contact.ts';
import { $contactOpen } from '../../../../site/stores/contact.ts';
import { loadContactDialog } from '../../../../site/islands/ContactModal.tsx';

/** A fake insert port: records each row; each call waits until the test answers it. */
export function fakeInsert() {
  const rows: ContactSubmission[] = [];
  const pending: Array<{ resolve: (result: InsertResult) => void; reject: (error: unknown) => void }> = [];
  const insert: ContactInsert = (row) => {
    rows.push(row);
    return new Promise((resolve, reject) => pending.push({ resolve, reject }));
  };
  return {
    rows,
    load: () => Promise.resolve(insert),
    /** Answers the oldest open request. */
    answer: (result: InsertResult) => pending.shift()?.resolve(result),
    /** Makes the oldest open request throw. */
    fail: (error: unknown) => pending.shift()?.reject(error),
    /** How many requests wait for an answer. */
    open: () => pending.length,
  };
}

/** The fake a test drives. */
export type FakeInsert = ReturnType<typeof fakeInsert>;

/**
 * Registers the hooks of a ContactModal test file: the dialog's file loaded once; before each test `fresh` gets a new fake
 * backend and the modal is closed; after it the modal is closed again, timers are real and mocks
 * restored. Call at the top level.
 */
export function contactModalHooks(fresh: (backend: FakeInsert) => void): void {
  // The island loads its dialog on intent or at the first open; loaded once here, every test's
  // island shows it at once, as on a page where the visitor already pointed at a button.
  beforeAll(async () => {
    await loadContactDialog();
  });
  beforeEach(() => {
    fresh(fakeInsert());
    $contactOpen.set(false);
    // The failures are logged for the site owner (spec §8); keep the test output quiet.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    act(() => $contactOpen.set(false));
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

/**
 * Fires the widget's `ringwise-handoff` as the widget does (from inside the element, bubbling and
 * composed) and returns the outcome the page answered with while the event was dispatched.
 */
export function handOver(turns: unknown): Promise<unknown> {
  const answers: Promise<unknown>[] = [];
  const widget = document.body.appendChild(document.createElement('ringwise-voice-call'));
  const detail = { turns, respondWith: (answer: Promise<unknown>) => answers.push(answer) };
  act(() => {
    widget.dispatchEvent(new CustomEvent('ringwise-handoff', { detail, bubbles: true, composed: true }));
  });
  widget.remove();
  expect(answers, 'answered while the event is dispatched').toHaveLength(1);
  return answers[0]!;
}
