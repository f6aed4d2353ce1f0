// @vitest-environment happy-dom
/**
 * The nudge: once per browser session, dismissible, never over a focused form field, no
 * animation for reduced motion, a polite status region, and gone when the card opens.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isFormField, NUDGE_SHOWN_KEY, showNudge, type NudgeHost } from '../../../../widget/src/nudge/nudge.ts';

function setup(overrides: Partial<NudgeHost> = {}) {
  const element = document.createElement('div');
  const shadow = element.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  shadow.append(container);
  document.body.append(element);
  const styles: string[] = [];
  const open = vi.fn();
  const host: NudgeHost = {
    element,
    container,
    text: 'Questions? Talk to us',
    dismissLabel: 'Schließen',
    style: (css) => styles.push(css),
    open,
    busy: () => false,
    ...overrides,
  };
  const bubble = () => container.querySelector<HTMLElement>('[role="status"]');
  return { host, element, container, styles, open, bubble, show: () => showNudge(host) };
}

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), media: query }));
}

beforeEach(() => {
  sessionStorage.clear();
  document.body.replaceChildren();
  reducedMotion(false);
});
afterEach(() => vi.unstubAllGlobals());

describe('showNudge', () => {
  it('shows a polite status bubble with the text and a named close control, animated by default', () => {
    const { show, bubble, styles } = setup();
    show();
    const el = bubble();
    expect(el, 'a status region (polite)').not.toBeNull();
    expect(el!.getAttribute('part'), 'part').toBe('nudge');
    expect(el!.textContent, 'the text').toContain('Questions? Talk to us');
    expect(el!.querySelector('button[aria-label="Schließen"]'), 'close control named in the language').not.toBeNull();
    expect(el!.hasAttribute('data-animate'), 'animated').toBe(true);
    expect(styles.length, 'its stylesheet').toBe(1);
  });

  it('once per browser session: a second page (or element) shows nothing', () => {
    setup().show();
    expect(sessionStorage.getItem(NUDGE_SHOWN_KEY), 'marked').toBe('1');
    const second = setup();
    second.show();
    expect(second.bubble(), 'not again').toBeNull();
  });

  it('dismissible: its close control and Escape remove it; its text opens the card', () => {
    const a = setup();
    a.show();
    a.bubble()!.querySelector<HTMLButtonElement>('.nx')!.click();
    expect(a.bubble(), 'closed').toBeNull();
    sessionStorage.clear();
    const b = setup();
    b.show();
    b.bubble()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(b.bubble(), 'Escape').toBeNull();
    sessionStorage.clear();
    const c = setup();
    c.show();
    c.bubble()!.querySelector<HTMLButtonElement>('.nt')!.click();
    expect(c.open, 'opens the card').toHaveBeenCalledOnce();
    expect(c.bubble(), 'and leaves').toBeNull();
  });

  it('prefers-reduced-motion: no animation', () => {
    reducedMotion(true);
    const { show, bubble } = setup();
    show();
    expect(bubble()!.hasAttribute('data-animate'), 'still').toBe(false);
  });

  it('never over a focused form field: waits until focus leaves it, leaves when one gets focus', async () => {
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    const { show, bubble } = setup();
    show();
    expect(bubble(), 'waits while the visitor types').toBeNull();
    const next = document.createElement('textarea');
    document.body.append(next);
    next.focus();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(bubble(), 'focus moved to another field: still waiting').toBeNull();
    const other = document.createElement('button');
    document.body.append(other);
    other.focus();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(bubble(), 'shown once focus left the field').not.toBeNull();
    input.focus();
    expect(bubble(), 'gone when a field gets focus').toBeNull();
  });

  it('not while the widget is busy; gone when the card opens', () => {
    const busy = setup({ busy: () => true });
    busy.show();
    expect(busy.bubble(), 'busy').toBeNull();
    const open = setup();
    open.show();
    open.element.dispatchEvent(new CustomEvent('ringwise-open'));
    expect(open.bubble(), 'the card opened').toBeNull();
  });

  it('isFormField: inputs, text areas, selects, editable content, also inside a shadow root', () => {
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    document.body.append(editable);
    expect(
      ['input', 'textarea', 'select'].map((t) => isFormField(document.createElement(t))),
      'fields',
    ).toEqual([true, true, true]);
    expect(isFormField(editable), 'contenteditable').toBe(true);
    expect(isFormField(document.createElement('button')), 'a button').toBe(false);
    expect(isFormField(null), 'nothing').toBe(false);
  });
});
