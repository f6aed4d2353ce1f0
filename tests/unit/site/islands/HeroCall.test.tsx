// @vitest-environment happy-dom
/**
 * The HeroCall island drives the page's one conversation, the floating widget's element
 * (site/components/SiteWidget.astro), through its public methods: here a stand-in element with the
 * same surface (`start`, `stop`, `setMuted`, `view`, `addMessage`, `clientTools`, the
 * `ringwise-view-change` event). 'Talk to Our Agent' starts the widget's call and becomes
 * 'Hang Up' (spec §2, §4), the status line follows the widget's view, the demo assistant's tools
 * are given to the element and report through it, and without a widget the click says it could
 * not load. The real element in a browser: tests/e2e/hero-call.spec.ts and widget-continuity.spec.ts.
 */
import './dom-setup.ts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HeroCall from '../../../../site/islands/HeroCall.tsx';
import { SITE_WIDGET_ID } from '../../../../site/lib/site-widget.ts';
import { SITE_TOOL_REPORTS } from '../../../../site/lib/site-tools.ts';
import { IDLE_VIEW } from '../../../../widget/src/conversation/view.ts';

/** The widget element's public surface, recorded. */
class StandInWidget extends HTMLElement {
  view = IDLE_VIEW;
  starts = 0;
  stops = 0;
  muted: boolean[] = [];
  added: unknown[] = [];
  clientTools?: Record<string, () => void>;
  start() {
    this.starts++;
    this.show({ phase: 'starting' });
    return Promise.resolve(true);
  }
  stop() {
    this.stops++;
    this.show({ phase: 'idle' });
  }
  setMuted(muted: boolean) {
    this.muted.push(muted);
    this.show({ muted });
  }
  addMessage(message: unknown, options?: unknown) {
    this.added.push({ message, options });
  }
  show(patch: Partial<typeof IDLE_VIEW>) {
    this.view = { ...this.view, ...patch };
    this.dispatchEvent(new CustomEvent('ringwise-view-change', { detail: this.view }));
  }
}
if (!customElements.get('ringwise-voice-call')) customElements.define('ringwise-voice-call', StandInWidget);

function widget(): StandInWidget {
  const el = document.createElement('ringwise-voice-call') as unknown as StandInWidget;
  el.id = SITE_WIDGET_ID;
  document.body.append(el);
  return el;
}

afterEach(() => {
  document.getElementById(SITE_WIDGET_ID)?.remove();
});

const button = (name: string) => screen.findByRole('button', { name });

describe('HeroCall', () => {
  it('starts the widget’s call, shows it live (status and one Hang Up: Mute is the card’s), and hangs it up', async () => {
    const el = widget();
    const user = userEvent.setup();
    render(<HeroCall />);
    // Hovering loads the live part, which then takes the button's place: let it arrive first, so
    // the click goes to the button on the page (a click sent to the replaced one would be lost).
    await user.hover(await button('Talk to Our Agent'));
    await act(() => import('../../../../site/islands/HeroCallLive.tsx'));
    await user.click(await button('Talk to Our Agent'));
    await vi.waitFor(() => expect(el.starts, 'one start, on the page’s widget').toBe(1));
    expect(await button('Hang Up'), 'the hero offers to hang up').toBeEnabled();
    act(() => el.show({ phase: 'active' }));
    expect(screen.getByRole('status')).toHaveTextContent(/listening/i);
    expect(
      screen.queryByRole('button', { name: 'Mute' }),
      'one set of controls per call: the floating card has Mute',
    ).toBeNull();
    await user.click(await button('Hang Up'));
    expect(el.stops, 'hung up through the widget').toBe(1);
    expect(await button('Talk to Our Agent'), 'idle again').toBeEnabled();
  });

  it('gives the widget the demo assistant’s tools, which report through it without asking for an answer', async () => {
    const el = widget();
    render(<HeroCall />);
    await act(async () => {
      await customElements.whenDefined('ringwise-voice-call');
    });
    await vi.waitFor(() => expect(el.clientTools, 'tools set on the element').toBeDefined());
    el.clientTools!.openContactForm!();
    expect(el.added, 'told as a silent system message').toEqual([
      {
        message: { role: 'system', content: SITE_TOOL_REPORTS.openContactForm },
        options: { triggerResponseEnabled: false },
      },
    ]);
  });

  it('without a widget on the page (no key configured): the click says it could not load', async () => {
    const user = userEvent.setup();
    render(<HeroCall />);
    await user.click(await button('Talk to Our Agent'));
    expect(screen.getByRole('status')).toHaveTextContent('Could not load. Try again');
  });

  it('a click before the widget’s loader ran waits for it and starts the call, not “could not load”', async () => {
    // An element the loader has not defined yet (its script is async).
    const el = document.createElement('late-voice-call');
    el.id = SITE_WIDGET_ID;
    document.body.append(el);
    const user = userEvent.setup();
    render(<HeroCall />);
    await user.click(await button('Talk to Our Agent'));
    expect(screen.getByRole('status'), 'no failure while the loader is on its way').not.toHaveTextContent(
      /could not load/i,
    );
    customElements.define('late-voice-call', class extends StandInWidget {});
    await vi.waitFor(() => expect((el as unknown as StandInWidget).starts, 'started once the widget exists').toBe(1));
  });
});
