// @vitest-environment happy-dom
/**
 * The contact modal's retries (issue 34), through its injected insert port (a fake): each
 * submission carries one request id, the same for every try of it (the form's own retry after a
 * 503 with Retry-After, the visitor's next click after a lost answer), a new one once the content
 * changes or after a success; a 503 with Retry-After is tried once more by itself after that wait,
 * and only once. The database side (a repeat stores nothing): tests/db/contact-idempotency.test.ts.
 */
import './dom-setup.ts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ContactModal from '../../../../site/islands/ContactModal.tsx';
import { openContact } from '../../../../site/stores/contact.ts';
import { contactModalHooks, type FakeInsert } from './contact-backend.ts';

const UNAVAILABLE = {
  error: { code: 'PGRST002', message: 'The database is not available' },
  status: 503,
  retryAfterSeconds: 5,
};
let backend: FakeInsert;
let user: UserEvent;

contactModalHooks((fresh) => (backend = fresh));

async function openAndFill(): Promise<HTMLElement> {
  user = userEvent.setup();
  render(<ContactModal loadInsert={backend.load} />);
  act(() => openContact());
  const dialog = screen.getByRole('dialog', { name: 'Get in Contact' });
  const form = within(dialog);
  await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Ann Lee');
  await user.type(form.getByRole('textbox', { name: /^Business Name/ }), 'Lee Plumbing');
  await user.type(form.getByRole('textbox', { name: /^Email/ }), 'ann@lee.com');
  return dialog;
}

const send = (dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: 'Send Message' }));

/** Advances fake time by `ms` and lets the awaited port settle. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Opens the form, fills and sends it, then moves to fake time: the first answer is the caller's. */
async function sentOnFakeTime() {
  const dialog = await openAndFill();
  await send(dialog);
  vi.useFakeTimers();
  return dialog;
}

describe('ContactModal: one request id per submission', () => {
  it('retries a 503 once by itself after Retry-After, with the same request id', async () => {
    const dialog = await sentOnFakeTime();
    backend.answer(UNAVAILABLE);
    await advance(4_999);
    expect(backend.rows, 'no second try before Retry-After').toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Sending...' }), 'still sending while it waits').toBeDisabled();
    await advance(1);
    expect(backend.rows, 'tried again after 5 s').toHaveLength(2);
    expect(backend.rows[1], 'the same row, the same request id').toEqual(backend.rows[0]);
    expect(backend.rows[0]!.request_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    backend.answer({ error: null, status: 201 });
    await advance(0);
    expect(within(dialog).getByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
  });

  it('retries only once: a second 503 shows the error, and the visitor’s next click keeps the id', async () => {
    const dialog = await sentOnFakeTime();
    backend.answer(UNAVAILABLE);
    await advance(5_000);
    backend.answer(UNAVAILABLE);
    await advance(60_000);
    expect(backend.rows, 'two tries, no third').toHaveLength(2);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The database is not available');
    vi.useRealTimers();
    await send(dialog);
    expect(backend.rows, 'the click sent again').toHaveLength(3);
    expect(backend.rows[2]!.request_id, 'the same submission, the same id').toBe(backend.rows[0]!.request_id);
  });

  it('keeps the id after a lost answer, makes a new one when the visitor changes the form', async () => {
    const dialog = await openAndFill();
    await send(dialog);
    backend.answer({ error: { message: 'TypeError: Failed to fetch' }, status: 0 });
    await act(async () => {});
    await send(dialog);
    expect(backend.rows[1]!.request_id, 'a lost answer: the same id').toBe(backend.rows[0]!.request_id);
    backend.answer({ error: { message: 'TypeError: Failed to fetch' }, status: 0 });
    await act(async () => {});
    await user.type(within(dialog).getByRole('textbox', { name: /^Additional Info/ }), 'Mornings');
    await send(dialog);
    expect(backend.rows[2]!.additional_info).toBe('Mornings');
    expect(backend.rows[2]!.request_id, 'changed content: a new id').not.toBe(backend.rows[0]!.request_id);
  });

  it('does not retry a 503 without Retry-After, nor one that asks for a long wait', async () => {
    const dialog = await sentOnFakeTime();
    backend.answer({ ...UNAVAILABLE, retryAfterSeconds: undefined });
    await advance(60_000);
    expect(backend.rows, 'no Retry-After: no second try').toHaveLength(1);
    vi.useRealTimers();
    await send(dialog);
    vi.useFakeTimers();
    backend.answer({ ...UNAVAILABLE, retryAfterSeconds: 3_600 });
    await advance(60_000);
    expect(backend.rows, 'an hour: left to the visitor').toHaveLength(2);
  });
});
