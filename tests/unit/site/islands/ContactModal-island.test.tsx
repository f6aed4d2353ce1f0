// @vitest-environment happy-dom
/**
 * The ContactModal island loads its dialog (ContactDialog.tsx) on intent or at the first open, not
 * with the page (the landing's eager JavaScript budget): nothing is asked before; an open or a
 * hand-over before the file arrived is not lost; a file that cannot be loaded is said, with the
 * email address, and the next open tries again. The dialog's own behaviour: ContactModal.test.tsx.
 */
import './dom-setup.ts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ContactModal, { type ContactDialogComponent } from '../../../../site/islands/ContactModal.tsx';
import { ContactDialog } from '../../../../site/islands/ContactDialog.tsx';
import { $contactOpen, openContact } from '../../../../site/stores/contact.ts';
import { siteConfig } from '../../../../content/site.ts';
import { fakeInsert, handOver } from './contact-backend.ts';

/** A dialog loader the test answers: each call waits until `arrive` or `fail`. */
function heldLoader() {
  const calls: Array<{ resolve: (dialog: ContactDialogComponent) => void; reject: (error: Error) => void }> = [];
  return {
    load: () => new Promise<ContactDialogComponent>((resolve, reject) => calls.push({ resolve, reject })),
    calls: () => calls.length,
    arrive: async () => act(async () => calls.at(-1)!.resolve(ContactDialog)),
    fail: async () => act(async () => calls.at(-1)!.reject(new Error('Failed to fetch dynamically imported module'))),
  };
}

const backend = fakeInsert();
beforeEach(() => {
  $contactOpen.set(false);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  act(() => $contactOpen.set(false));
  vi.restoreAllMocks();
});

describe('ContactModal island: the dialog loaded on intent or at the first open', () => {
  it('asks for nothing with the page; pointing at a "Get in Contact" button loads it once', async () => {
    const loader = heldLoader();
    render(<ContactModal loadInsert={backend.load} loadDialog={loader.load} />);
    const trigger = document.body.appendChild(document.createElement('button'));
    trigger.setAttribute('data-open-contact', '');
    expect(loader.calls(), 'nothing with the page').toBe(0);
    fireEvent.pointerOver(document.body);
    expect(loader.calls(), 'a pointer elsewhere is no intent').toBe(0);
    fireEvent.pointerOver(trigger);
    fireEvent.focusIn(trigger);
    expect(loader.calls(), 'once, however many intents').toBe(1);
    await loader.arrive();
    expect(screen.getByRole('dialog', { hidden: true }), 'there, closed').not.toHaveAttribute('open');
    act(() => openContact());
    expect(screen.getByRole('dialog', { name: 'Get in Contact' })).toHaveAttribute('open');
    trigger.remove();
  });

  it('an open before the file arrived opens the dialog once it has', async () => {
    const loader = heldLoader();
    render(<ContactModal loadInsert={backend.load} loadDialog={loader.load} />);
    act(() => openContact());
    expect([loader.calls(), screen.queryByRole('dialog')]).toEqual([1, null]);
    await loader.arrive();
    const dialog = screen.getByRole('dialog', { name: 'Get in Contact' });
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByRole('textbox', { name: /^Name/ }), 'focus on the first field').toHaveFocus();
  });

  it("a hand-over before the file arrived: the dialog opens prefilled and the widget's answer waits for it", async () => {
    const loader = heldLoader();
    render(<ContactModal loadInsert={backend.load} loadDialog={loader.load} />);
    const answer = handOver([{ role: 'user', text: 'A person, please' }]);
    await loader.arrive();
    const dialog = screen.getByRole('dialog', { name: 'Get in Contact' });
    expect(within(dialog).getByRole('textbox', { name: /^Additional Info/ })).toHaveValue(
      'From my conversation with your assistant:\nMe: A person, please',
    );
    await act(async () => within(dialog).getByRole('button', { name: 'Close' }).click());
    await expect(answer, 'closed unsent').resolves.toBe('cancelled');
  });

  it('a file that cannot be loaded is said, with the email address; closing it and opening again tries again', async () => {
    const loader = heldLoader();
    render(<ContactModal loadInsert={backend.load} loadDialog={loader.load} />);
    act(() => openContact());
    await loader.fail();
    const failed = screen.getByRole('dialog', { name: 'Get in Contact' });
    expect(failed).toHaveAttribute('open');
    expect(within(failed).getByRole('alert')).toHaveTextContent(/^The form could not be loaded\. .*try again/);
    expect(within(failed).getByRole('link', { name: siteConfig.contactEmail })).toHaveAttribute(
      'href',
      `mailto:${siteConfig.contactEmail}`,
    );
    await act(async () => within(failed).getByRole('button', { name: 'Close' }).click());
    expect([$contactOpen.get(), screen.queryByRole('dialog')]).toEqual([false, null]);
    act(() => openContact());
    expect(loader.calls(), 'tried again').toBe(2);
    await loader.arrive();
    expect(screen.getByRole('dialog', { name: 'Get in Contact' })).toHaveAttribute('open');
    expect(screen.queryByRole('alert'), 'the failure is gone').toBeNull();
  });

  it('a failed load on intent alone says nothing (nobody asked for the form yet) and the open tries again', async () => {
    const loader = heldLoader();
    render(<ContactModal loadInsert={backend.load} loadDialog={loader.load} />);
    const trigger = document.body.appendChild(document.createElement('button'));
    trigger.setAttribute('data-open-contact', '');
    fireEvent.pointerOver(trigger);
    await loader.fail();
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => openContact());
    expect(loader.calls()).toBe(2);
    trigger.remove();
  });
});
