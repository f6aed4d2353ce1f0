/**
 * The launcher the loader paints: a button (icon + label) in the widget's container, what it says
 * (start, open chat, return to the call, minimize, the card file failed), its icon, and the
 * container's state attributes (position, theme, mode, open, in a call, language). Its parts and
 * its own state (pressed, the card file failed) live in the closure of `createLauncher`; what it
 * reads of the element's other parts comes through `LauncherSources`.
 */
import type { CallView } from '../conversation/view.ts';
import { EN_LAUNCHER_LABELS, localeLabels, type VoiceLabels } from '../i18n/labels.ts';
import { h } from './dom.ts';
import { LAUNCHER_ICONS, svgIcon } from './icons.ts';
import { languageOf } from './language.ts';
import { attr, modeOf, positionOf } from './options.ts';

/**
 * The card file failed to load: the label that says so (`loadBlocked`: the page's security policy,
 * CSP or Trusted Types, blocked it; `loadFailed` otherwise); '' when not.
 */
export type LoadFailed = '' | 'loadFailed' | 'loadBlocked';

/** What the launcher reads of the rest of the element (given at construction). */
export interface LauncherSources {
  /** A shipped language's labels (`{}` for other languages), or `undefined` while its file loads. */
  shipped(lang: string): Partial<VoiceLabels> | undefined;
  /** Label overrides set as the element's `labels` property. */
  own(): Partial<VoiceLabels>;
  /** A `dismissible` launcher the visitor hid in this session. */
  dismissed(): boolean;
  /** The current state (a call shows as "return to the call"). */
  view(): CallView;
  /** The card is open. */
  isOpen(): boolean;
  /** The card is mounted (none while its file loads: an open launcher then shows it is busy). */
  mounted(): boolean;
}

/** The launcher's handle: its parts (the card goes into `container`) and what it paints. */
export interface Launcher {
  /** The widget's container in the shadow root. */
  readonly container: HTMLDivElement;
  /** The launcher button. */
  readonly button: HTMLButtonElement;
  /**
   * The labels the element shows: English under the shipped language's (all of them, card
   * included), the registered locale's and the owner's (property, then `label-*`).
   */
  labels(lang?: string): Partial<VoiceLabels>;
  /**
   * The click was taken (issue 35: no dead button): pressed ("Connecting…" for a `call`) until
   * the card is mounted and draws itself; clears a failed load. Paints.
   */
  press(call: boolean): void;
  /** The card file failed to load (see `LoadFailed`). Paints on the next `render`. */
  fail(failed: LoadFailed): void;
  /** Paints the container's state and what the launcher says and shows. */
  render(): void;
}

/** Builds the launcher into the element's (new) shadow root. */
export function createLauncher(element: HTMLElement, sources: LauncherSources): Launcher {
  const shadow = element.attachShadow({ mode: 'open' });
  // title="": a `title` on the host (the assistant's name) would otherwise be shown by the
  // browser as a tooltip over everything inside the widget.
  const container = h('div', 'w', 'container', {
    title: '',
  });
  // No type attribute needed: a button in a shadow root has no form to submit.
  // Its name and `aria-expanded` are render's (the constructor renders at once).
  const button = h('button', 'l', 'launcher');
  const icon = h('span', 'li');
  const label = h('span', 'll', 'label');
  button.append(icon, label);
  container.append(button);
  shadow.append(container);
  let failed: LoadFailed = '';

  const labels = (lang = languageOf(element)): Partial<VoiceLabels> => {
    const fromAttributes: Record<string, string> = {};
    for (const name of element.getAttributeNames()) {
      const value = element.getAttribute(name);
      // label-mic-denied → micDenied
      if (name.startsWith('label-') && value)
        fromAttributes[name.slice(6).replace(/-(.)/g, (_, c: string) => c.toUpperCase())] = value;
    }
    return {
      ...EN_LAUNCHER_LABELS,
      ...sources.shipped(lang),
      ...localeLabels(lang),
      ...sources.own(),
      ...fromAttributes,
    };
  };

  const render = (): void => {
    container.dataset.position = positionOf(element);
    container.dataset.theme = attr(element, 'theme') ?? 'light';
    const mode = modeOf(element);
    container.dataset.mode = mode;
    const inCall = sources.view().phase !== 'idle';
    const open = sources.isOpen();
    container.toggleAttribute('data-open', open);
    container.toggleAttribute('data-call', inCall);
    // Gone for the session once dismissed; `open()` still shows the card.
    container.hidden = sources.dismissed() && !open;
    const lang = languageOf(element);
    container.lang = lang;
    // Hidden (still taking its place) until the language's texts are in: no flash of English.
    container.toggleAttribute('data-l', !sources.shipped(lang));

    const text = labels(lang) as VoiceLabels;
    // Pressed: from the click (`press`: `data-busy`, "call" for a call) until the card is
    // mounted and draws itself, the launcher says the click was taken (issue 35: no dead button).
    if (!open || sources.mounted() || failed) delete container.dataset.busy;
    const busy = container.dataset.busy;
    const pressed = busy !== undefined;
    if (pressed) button.setAttribute('aria-busy', 'true');
    else button.removeAttribute('aria-busy');
    const name = failed
      ? text[failed]
      : busy === 'call'
        ? text.calling
        : inCall && !open
          ? text.returnToCall
          : mode === 'voice'
            ? text.start
            : mode === 'chat'
              ? text.openChat
              : text.openHybrid;
    if (label.textContent !== name) label.textContent = name;
    // Open, it is a round "minimize" toggle (the header has one too: same name, same action).
    button.setAttribute('aria-label', open && !pressed ? text.minimize : name);
    // setAttribute writes a boolean as "true" / "false".
    button.setAttribute('aria-expanded', open as unknown as string);
    const glyph = open && !pressed ? 'minimize' : mode === 'voice' || inCall ? 'phone' : 'chat';
    if (icon.dataset.icon !== glyph) {
      icon.dataset.icon = glyph;
      icon.replaceChildren(svgIcon(LAUNCHER_ICONS[glyph]));
    }
  };

  return {
    container,
    button,
    labels,
    press(call) {
      failed = '';
      container.dataset.busy = call ? 'call' : '';
      render();
    },
    fail(kind) {
      failed = kind;
    },
    render,
  };
}
