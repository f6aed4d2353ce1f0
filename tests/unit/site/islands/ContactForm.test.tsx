// @vitest-environment happy-dom
/**
 * The contact modal's form on its own (site/islands/ContactForm.tsx): labels with the required
 * marks, each control named by its field, the error under an invalid field and the message's
 * counter as accessible descriptions, the fieldset locked while sending, and every change handed
 * to the dialog with its field. The dialog around it: ContactModal.test.tsx.
 */
import './dom-setup.ts';
import { createRef } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ContactForm, type ContactFormProps } from '../../../../site/islands/ContactForm.tsx';
import { EMPTY_FORM } from '../../../../site/lib/contact.ts';

/** Renders the form with the given props over quiet defaults. */
function renderForm(props: Partial<ContactFormProps> = {}) {
  const changed: string[] = [];
  const onChange = vi.fn((field: string) => () => void changed.push(field));
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const nameRef = createRef<HTMLInputElement>();
  const submitRef = createRef<HTMLButtonElement>();
  const view = render(
    <ContactForm
      id="c"
      values={EMPTY_FORM}
      errors={{}}
      sending={false}
      nameRef={nameRef}
      submitRef={submitRef}
      onChange={onChange}
      onSubmit={onSubmit}
      {...props}
    />,
  );
  return { view, changed, onSubmit, nameRef, submitRef };
}

describe('ContactForm', () => {
  it('labels the four fields, marks the three required ones, and names each control by its field', () => {
    renderForm();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    const business = screen.getByRole('textbox', { name: /^Business Name/ });
    const email = screen.getByRole('textbox', { name: /^Email/ });
    const info = screen.getByRole('textbox', { name: /^Additional Info/ });
    expect(
      [name, business, email, info].map((c) => c.getAttribute('name')),
      'names are the fields',
    ).toEqual(['name', 'businessName', 'email', 'additionalInfo']);
    expect(
      [name, business, email, info].map((c) => (c as HTMLInputElement).required),
      'required',
    ).toEqual([true, true, true, false]);
    expect(info.closest('.contact-field'), 'the optional one says so').toHaveTextContent('(optional)');
    expect(name.id, 'ids carry the prefix').toBe('c-name');
  });

  it('describes an invalid field by its message, and the message field by its counter', () => {
    renderForm({
      values: { ...EMPTY_FORM, additionalInfo: '  hello  ' },
      errors: { email: 'Please enter your email address.' },
    });
    const email = screen.getByRole('textbox', { name: /^Email/ });
    expect(email, 'invalid').toHaveAttribute('aria-invalid', 'true');
    expect(email, 'its message').toHaveAccessibleDescription('Please enter your email address.');
    expect(screen.getByRole('textbox', { name: /^Name/ }), 'a valid field').not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('textbox', { name: /^Additional Info/ }), 'trimmed count').toHaveAccessibleDescription(
      '5 / 2000 characters',
    );
  });

  it('locks the fieldset and says so while sending; the refs reach the name field and the button', () => {
    const { nameRef, submitRef } = renderForm({ sending: true });
    expect(screen.getByRole('group', { name: 'Your details' }), 'fieldset').toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sending...' }), 'button').toBeDisabled();
    expect(nameRef.current, 'name ref').toBe(screen.getByRole('textbox', { name: /^Name/ }));
    expect(submitRef.current, 'submit ref').toBe(screen.getByRole('button', { name: 'Sending...' }));
  });

  it('hands every change to the dialog with its field, the honeypot too, and submits through it', () => {
    const { view, changed, onSubmit } = renderForm();
    fireEvent.change(screen.getByRole('textbox', { name: /^Business Name/ }), { target: { value: 'Acme' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Additional Info/ }), { target: { value: 'Hi' } });
    fireEvent.change(view.container.querySelector('input[name="leave-empty"]')!, { target: { value: 'bot' } });
    expect(changed, 'fields changed').toEqual(['businessName', 'additionalInfo', 'honeypot']);
    fireEvent.submit(view.container.querySelector('form')!);
    expect(onSubmit, 'submitted').toHaveBeenCalledTimes(1);
  });
});
