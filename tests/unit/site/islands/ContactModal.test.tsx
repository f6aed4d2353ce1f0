// @vitest-environment happy-dom
/**
 * The ContactModal island, driven like a visitor drives it and sending through its injected
 * insert port (a fake: no network, no supabase-js): idle → sending → success → closed after the
 * spec's 2000 ms (fake timers), the error box for each kind of failure, the form locked and the
 * modal impossible to close while sending, one insert per double submit, and a honeypot that no
 * autofill can fill. Focus handling, Escape and the backdrop in a real browser, the real backend
 * and axe: tests/e2e/contact-*.spec.ts.
 */
import './dom-setup.ts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ContactModal from '../../../../site/islands/ContactModal.tsx';
import { $contactOpen, openContact } from '../../../../site/stores/contact.ts';
import { contactModalHooks, handOver, type FakeInsert } from './contact-backend.ts';

let backend: FakeInsert;
let user: UserEvent;

contactModalHooks((fresh) => {
  backend = fresh;
  user = userEvent.setup();
});

async function openModal() {
  render(<ContactModal loadInsert={backend.load} />);
  act(() => openContact());
  const dialog = screen.getByRole('dialog', { name: 'Get in Contact' });
  expect(dialog, 'the modal is open').toHaveAttribute('open');
  return dialog;
}

async function fill(
  dialog: HTMLElement,
  values = { name: 'Ann Lee', business: 'Lee Plumbing', email: 'ann@lee.com', info: 'Mornings' },
) {
  const form = within(dialog);
  await user.type(form.getByRole('textbox', { name: /^Name/ }), values.name);
  await user.type(form.getByRole('textbox', { name: /^Business Name/ }), values.business);
  await user.type(form.getByRole('textbox', { name: /^Email/ }), values.email);
  if (values.info) await user.type(form.getByRole('textbox', { name: /^Additional Info/ }), values.info);
}

/** Lets the awaited port and the state updates after it settle. */
async function settle() {
  await act(async () => {
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
    else await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const send = (dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: 'Send Message' }));

describe('ContactModal: sending', () => {
  it('goes idle → sending → success, inserts the trimmed row, and closes itself after 2000 ms', async () => {
    const dialog = await openModal();
    await fill(dialog, { name: '  Ann Lee ', business: 'Lee Plumbing', email: ' ann@lee.com ', info: '' });
    await send(dialog);

    const sending = within(dialog).getByRole('button', { name: 'Sending...' });
    expect(sending, 'submit disabled while sending').toBeDisabled();
    expect(backend.rows, 'one insert, trimmed, empty info as null').toEqual([
      {
        name: 'Ann Lee',
        business_name: 'Lee Plumbing',
        email: 'ann@lee.com',
        additional_info: null,
        request_id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      },
    ]);

    // Fake time from here: the auto-close timer starts when success shows. (Testing Library's
    // user-event waits on real timers between its steps, so typing and clicking ran before.)
    vi.useFakeTimers();
    backend.answer({ error: null, status: 201 });
    await settle();
    expect(within(dialog).getByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent("We'll contact you soon to discuss how Ringwise can help your business grow");
    expect(dialog).toHaveTextContent('Your message has been sent successfully!');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1999);
    });
    expect(dialog, 'still open at 1999 ms').toHaveAttribute('open');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(dialog, 'closed at 2000 ms').not.toHaveAttribute('open');
    expect($contactOpen.get(), 'the store knows').toBe(false);
    vi.useRealTimers();

    act(() => openContact());
    expect(
      within(dialog).getByRole('heading', { name: 'Get in Contact' }),
      'idle again on reopening',
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Name/ }), 'the form was cleared').toHaveValue('');
  });

  it('locks every input and the close button while sending, and unlocks them after', async () => {
    const dialog = await openModal();
    await fill(dialog);
    await send(dialog);
    for (const name of [/^Name/, /^Business Name/, /^Email/, /^Additional Info/]) {
      expect(within(dialog).getByRole('textbox', { name }), `${name} disabled`).toBeDisabled();
    }
    expect(within(dialog).getByRole('button', { name: 'Close' }), 'close disabled').toBeDisabled();

    backend.answer({ error: { code: 'XX000', message: 'Database is restarting' }, status: 500 });
    await settle();
    expect(within(dialog).getByRole('textbox', { name: /^Email/ }), 'editable again').toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled();
  });

  it('refuses every way of closing while sending: the backdrop, Escape and the store', async () => {
    const dialog = await openModal();
    await fill(dialog);
    await send(dialog);

    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog); // press and release on the dialog box itself = the backdrop
    expect($contactOpen.get(), 'backdrop click refused').toBe(true);

    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    within(dialog).getByRole('button', { name: 'Sending...' }).dispatchEvent(escape);
    expect(escape.defaultPrevented, "Escape's close request is cancelled").toBe(true);
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented, "the dialog's cancel event is refused").toBe(true);
    expect(dialog, 'still open').toHaveAttribute('open');

    backend.answer({ error: null, status: 201 });
    await settle();
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog);
    expect($contactOpen.get(), 'the backdrop closes it once sent').toBe(false);
  });

  it('sends one insert for a double submit', async () => {
    const dialog = await openModal();
    await fill(dialog);
    const form = dialog.querySelector('form')!;
    act(() => {
      // Two submits before React re-renders (a double click lands both before the button disables).
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    await settle();
    expect(backend.rows, 'one request').toHaveLength(1);
    backend.answer({ error: null, status: 201 });
    await settle();
    expect(backend.rows, 'still one').toHaveLength(1);
  });

  it('checks the fields before sending and points at the first problem', async () => {
    const dialog = await openModal();
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'not-an-email');
    fireEvent.submit(dialog.querySelector('form')!);
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
      'Please enter your name.',
    );
    expect(within(dialog).getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription(/valid email address/);
    expect(within(dialog).getByRole('textbox', { name: /^Name/ }), 'focus on the first').toHaveFocus();
    expect(backend.rows, 'nothing sent').toHaveLength(0);
  });

  it('points at the first problem in form order when it is not the first field', async () => {
    const dialog = await openModal();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Ada');
    await user.type(within(dialog).getByRole('textbox', { name: /^Business Name/ }), 'Acme');
    await user.type(within(dialog).getByRole('textbox', { name: /^Additional Info/ }), 'Hello');
    fireEvent.submit(dialog.querySelector('form')!);
    expect(within(dialog).getByRole('textbox', { name: /^Email/ }), 'focus on the email').toHaveFocus();
    expect(backend.rows, 'nothing sent').toHaveLength(0);
  });
});

describe('ContactModal: closing and reopening', () => {
  it('Escape closes through the store at once, so an Enter on the trigger before the close event reopens it', async () => {
    const dialog = await openModal();
    // What the browser does for Escape: a cancelable cancel event, then (not cancelled) the
    // dialog closes and queues its close event a task later.
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog.dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented, 'not refused when idle').toBe(false);
    expect($contactOpen.get(), 'the store says closed at once').toBe(false);
    expect(dialog, 'closed').not.toHaveAttribute('open');

    // Input runs before queued tasks: the visitor presses Enter on the trigger first.
    act(() => openContact());
    expect(dialog, 'reopened').toHaveAttribute('open');
    // Then the stale close event of the first close arrives.
    act(() => {
      dialog.dispatchEvent(new Event('close'));
    });
    expect(dialog, 'a stale close event leaves the reopened modal open').toHaveAttribute('open');
    expect($contactOpen.get(), 'and the store open').toBe(true);
  });

  it('a close the store did not see (the dialog closed natively) is synced to the store', async () => {
    const dialog = (await openModal()) as HTMLDialogElement;
    act(() => {
      HTMLDialogElement.prototype.close.call(dialog);
      dialog.dispatchEvent(new Event('close'));
    });
    expect($contactOpen.get(), 'store closed').toBe(false);
  });
});

describe('ContactModal: the error box', () => {
  async function failWith(outcome: (b: typeof backend) => void) {
    const dialog = await openModal();
    await fill(dialog);
    await send(dialog);
    outcome(backend);
    await settle();
    return dialog;
  }

  it("shows the backend's message for a backend error, and keeps what was typed", async () => {
    const dialog = await failWith((b) =>
      b.answer({ error: { code: 'XX000', message: 'Database is restarting' }, status: 500 }),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Database is restarting$/);
    expect(within(dialog).getByRole('textbox', { name: /^Email/ }), 'kept').toHaveValue('ann@lee.com');
    expect(within(dialog).getByRole('button', { name: 'Send Message' }), 'ready to retry').toHaveFocus();
    expect(console.error, 'logged').toHaveBeenCalledWith('Contact request failed:', expect.anything());
  });

  it("words the database's technical message for people, and still shows it", async () => {
    const rls = 'new row violates row-level security policy for table "contact_submissions"';
    const dialog = await failWith((b) => b.answer({ error: { code: '42501', message: rls }, status: 401 }));
    const text = within(dialog).getByRole('alert').textContent ?? '';
    expect(text, 'the raw message is there').toContain(rls);
    expect(text, 'in a sentence for people').toMatch(
      /^The server refused to store your message \(.+\)\. Please write to us by email instead\.$/,
    );
  });

  it("shows a thrown Error's own message", async () => {
    const dialog = await failWith((b) => b.fail(new Error('The contact form is closed for maintenance')));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^The contact form is closed for maintenance$/);
  });

  it('turns "Failed to fetch" into a sentence that still contains it', async () => {
    const dialog = await failWith((b) =>
      b.answer({ error: { code: '', message: 'TypeError: Failed to fetch' }, status: 0 }),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /^Could not reach the server \(Failed to fetch\)\. Please check your connection and try again\.$/,
    );
  });

  it("shows 'An unexpected error occurred' for a thrown value that is not an error", async () => {
    const dialog = await failWith((b) => b.fail('nope'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^An unexpected error occurred$/);
  });

  it('clears the error box on the next attempt, which can succeed', async () => {
    const dialog = await failWith((b) =>
      b.answer({ error: { code: 'XX000', message: 'Database is restarting' }, status: 500 }),
    );
    await send(dialog);
    expect(within(dialog).queryByRole('alert'), 'no stale error while sending').toBeNull();
    backend.answer({ error: null, status: 201 });
    await settle();
    expect(within(dialog).getByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    expect(backend.rows, 'two attempts, two requests').toHaveLength(2);
  });
});

/**
 * Words that browser autofill (Chromium's and Firefox's field heuristics, Safari's contact card)
 * and password managers match in a field's name, id, label or autocomplete tokens. A honeypot
 * carrying any of them can be filled when a visitor autofills the form, and the real lead is
 * then dropped as a bot. Lower case; matched as substrings, as the engines' regular expressions do.
 */
const AUTOFILL_WORDS = [
  'name',
  'first',
  'last',
  'given',
  'family',
  'surname',
  'nick',
  'initial',
  'suffix',
  'prefix',
  'title',
  'honorific',
  'company',
  'business',
  'organi',
  'firm',
  'employer',
  'job',
  'mail',
  'courriel',
  'phone',
  'tel',
  'mobile',
  'cell',
  'fax',
  'address',
  'addr',
  'street',
  'line',
  'house',
  'apt',
  'apartment',
  'suite',
  'unit',
  'floor',
  'building',
  'city',
  'town',
  'suburb',
  'county',
  'district',
  'region',
  'province',
  'state',
  'zip',
  'postal',
  'postcode',
  'country',
  'card',
  'credit',
  'cvc',
  'cvv',
  'csc',
  'expir',
  'iban',
  'account',
  'bank',
  'birth',
  'bday',
  'dob',
  'age',
  'gender',
  'sex',
  'user',
  'login',
  'pass',
  'pin',
  'otp',
  'code',
  'url',
  'web',
  'site',
  'homepage',
  'home',
  'www',
  'http',
  'link',
  'search',
  'promo',
  'coupon',
  'gift',
];

describe('ContactModal: the honeypot', () => {
  function honeypots(dialog: HTMLElement): HTMLInputElement[] {
    // The one field people never see: inside an aria-hidden box of the form.
    return [...dialog.querySelectorAll<HTMLInputElement>('form [aria-hidden="true"] input')];
  }

  it('is one field, out of the tab order and of the accessibility tree', async () => {
    const dialog = await openModal();
    const [trap, ...others] = honeypots(dialog);
    expect(trap, 'a honeypot exists').toBeDefined();
    expect(others, 'only one').toEqual([]);
    expect(trap!.tabIndex, 'not reachable with Tab').toBe(-1);
    expect(within(dialog).queryAllByRole('textbox').includes(trap!), 'not exposed to assistive technology').toBe(false);
  });

  it('carries no word that browser autofill or a password manager keys on', async () => {
    const dialog = await openModal();
    const trap = honeypots(dialog)[0]!;
    const described = {
      name: trap.name,
      id: trap.id,
      label: [...(trap.labels ?? [])].map((label) => label.textContent ?? '').join(' '),
      placeholder: trap.placeholder,
      'aria-label': trap.getAttribute('aria-label') ?? '',
    };
    expect(described.label, 'it has a label (for the rare visitor whose browser shows it)').not.toBe('');
    for (const [attribute, value] of Object.entries(described)) {
      const hits = AUTOFILL_WORDS.filter((word) => value.toLowerCase().includes(word));
      expect(hits, `${attribute} "${value}" contains autofill words`).toEqual([]);
    }
    expect(trap.getAttribute('autocomplete'), 'no autofill field token; off for engines that honour it').toBe('off');
    // Password managers' own opt-outs: 1Password, LastPass, Bitwarden, Dashlane.
    for (const attribute of ['data-1p-ignore', 'data-lpignore', 'data-bwignore', 'data-form-type']) {
      expect(trap.hasAttribute(attribute), `${attribute} is set`).toBe(true);
    }
  });

  it('keeps the autofill tokens of the visible fields, so autofill fills those instead', async () => {
    const dialog = await openModal();
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAttribute('autocomplete', 'name');
    expect(within(dialog).getByRole('textbox', { name: /^Business Name/ })).toHaveAttribute(
      'autocomplete',
      'organization',
    );
    expect(within(dialog).getByRole('textbox', { name: /^Email/ })).toHaveAttribute('autocomplete', 'email');
  });

  it('drops a filled submission silently: success shown, nothing inserted', async () => {
    const dialog = await openModal();
    await fill(dialog);
    fireEvent.change(honeypots(dialog)[0]!, { target: { value: 'http://spam.example' } });
    await send(dialog);
    await settle();
    expect(
      within(dialog).getByRole('heading', { name: 'Thank You!' }),
      'looks like success to the bot',
    ).toBeInTheDocument();
    expect(backend.rows, 'no insert').toEqual([]);
  });
});

describe("ContactModal: the assistant's hand-over to a person (issue 26)", () => {
  const handoff = (turns: unknown) => {
    // As the widget fires it: from inside the element, bubbling and composed.
    const widget = document.body.appendChild(document.createElement('ringwise-voice-call'));
    act(() => {
      widget.dispatchEvent(new CustomEvent('ringwise-handoff', { detail: { turns }, bubbles: true, composed: true }));
    });
    widget.remove();
  };

  it('opens with the message prefilled with an editable summary, and the request says it came from the assistant', async () => {
    render(<ContactModal loadInsert={backend.load} />);
    handoff([
      { role: 'user', text: 'Do you work with **dental** practices?', at: 1 },
      { role: 'assistant', text: 'Yes: we answer calls\nand book appointments.', at: 2 },
      { role: 'user', text: 'I want to talk to a person', at: 3 },
    ]);
    const dialog = screen.getByRole('dialog', { name: 'Get in Contact' });
    expect(dialog, 'the modal is open').toHaveAttribute('open');
    const message = within(dialog).getByRole('textbox', { name: /^Additional Info/ });
    expect(message, 'the summary, one line per turn').toHaveValue(
      'From my conversation with your assistant:\nMe: Do you work with dental practices?\nAssistant: Yes: we answer calls and book appointments.\nMe: I want to talk to a person',
    );
    await user.type(message, ' Mornings are best.');
    await fill(dialog, { name: 'Ann Lee', business: 'Lee Dental', email: 'ann@lee.com', info: '' });
    await send(dialog);
    expect(backend.rows, 'the edited summary, from the assistant').toEqual([
      {
        name: 'Ann Lee',
        business_name: 'Lee Dental',
        email: 'ann@lee.com',
        additional_info: expect.stringMatching(/I want to talk to a person Mornings are best\.$/) as string,
        source: 'assistant',
        request_id: expect.any(String) as string,
      },
    ]);
  });

  it('forgets the hand-over once closed: the next request comes from the form', async () => {
    render(<ContactModal loadInsert={backend.load} />);
    handoff([{ role: 'user', text: 'Call me back' }]);
    act(() => $contactOpen.set(false));
    act(() => openContact());
    const dialog = screen.getByRole('dialog', { name: 'Get in Contact' });
    await fill(dialog, { name: 'Ann Lee', business: 'Lee Dental', email: 'ann@lee.com', info: '' });
    await send(dialog);
    expect(backend.rows[0], 'no source: the database records form').not.toHaveProperty('source');
  });

  it('ignores what is not a turn in the event', async () => {
    render(<ContactModal loadInsert={backend.load} />);
    handoff([{ role: 'system', text: 'x' }, { role: 'user', text: 42 }, null, { role: 'user', text: 'Hello' }]);
    const dialog = screen.getByRole('dialog', { name: 'Get in Contact' });
    expect(within(dialog).getByRole('textbox', { name: /^Additional Info/ }), 'one valid turn').toHaveValue(
      'From my conversation with your assistant:\nMe: Hello',
    );
  });

  it('answers the widget with the outcome: cancelled when closed unsent, sent once the request went (issue 36)', async () => {
    render(<ContactModal loadInsert={backend.load} />);
    const fire = () => handOver([{ role: 'user', text: 'A person, please' }]);
    const closed = fire();
    const dialog = screen.getByRole('dialog', { name: 'Get in Contact' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expect(closed, 'closed unsent').resolves.toBe('cancelled');
    const sent = fire();
    let settled = '';
    void sent.then((outcome) => (settled = String(outcome)));
    await fill(dialog, { name: 'Ann Lee', business: 'Lee Dental', email: 'ann@lee.com', info: '' });
    await send(dialog);
    expect(settled, 'nothing said while the request is on its way').toBe('');
    backend.answer({ error: null, status: 201 });
    await settle();
    await expect(sent, 'sent').resolves.toBe('sent');
    expect(dialog, 'said before the modal closes itself').toHaveAttribute('open');
    expect(settled).toBe('sent');
  });
});
