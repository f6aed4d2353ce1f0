/**
 * The launcher the loader paints: a button (icon + label) in the widget's container, what it says
 * (start, open chat, return to the call, minimize, the card file failed), its icon, and the
 * container's state attributes (position, theme, mode, open, in a call, language). Functions over
 * the element's launcher state (`LauncherState`), whose members end in `_`: internal to the
 * widget (not part of the element's API), shared by the loader's modules.
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

/** What the launcher reads and keeps on the element. */
export interface LauncherState extends HTMLElement {
  /** The widget's container in the shadow root, the launcher button, its icon and label. */
  container_: HTMLDivElement;
  launcher_: HTMLButtonElement;
  icon_: HTMLSpanElement;
  label_: HTMLSpanElement;
  /** Label overrides set as the `labels` property. */
  own_: Partial<VoiceLabels>;
  /** The card is open. */
  open_: boolean;
  /** The card file failed to load (see `LoadFailed`). */
  loadFailed_?: LoadFailed;
  /** The mounted card (none while its file loads: an open launcher then shows it is busy). */
  readonly card_?: object | null;
  /** The current state (a call shows as "return to the call"). */
  readonly view: CallView;
  /** A shipped language's labels (`{}` for other languages), or `undefined` while its file loads. */
  shipped_(lang: string): Partial<VoiceLabels> | undefined;
  /** A `dismissible` launcher the visitor hid in this session. */
  dismissed_(): boolean;
}

/** Builds the launcher into the element's shadow root. */
export function buildLauncher(element: LauncherState): void {
  const shadow = element.attachShadow({ mode: 'open' });
  // title="": a `title` on the host (the assistant's name) would otherwise be shown by the
  // browser as a tooltip over everything inside the widget.
  const container = (element.container_ = h('div', 'w', 'container', {
    title: '',
  }));
  // No type attribute needed: a button in a shadow root has no form to submit.
  // Its name and `aria-expanded` are renderLauncher's (the constructor renders at once).
  const launcher = (element.launcher_ = h('button', 'l', 'launcher'));
  launcher.append((element.icon_ = h('span', 'li')), (element.label_ = h('span', 'll', 'label')));
  container.append(launcher);
  shadow.append(container);
}

/**
 * The labels the element shows: English under the shipped language's (all of them, card
 * included), the registered locale's and the owner's (property, then `label-*`).
 */
export function labelsOf(element: LauncherState, lang = languageOf(element)): Partial<VoiceLabels> {
  const fromAttributes: Record<string, string> = {};
  for (const name of element.getAttributeNames()) {
    const value = element.getAttribute(name);
    // label-mic-denied → micDenied
    if (name.startsWith('label-') && value)
      fromAttributes[name.slice(6).replace(/-(.)/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return {
    ...EN_LAUNCHER_LABELS,
    ...element.shipped_(lang),
    ...localeLabels(lang),
    ...element.own_,
    ...fromAttributes,
  };
}

/** Paints the container's state and what the launcher says and shows. */
export function renderLauncher(element: LauncherState): void {
  const root = element.container_;
  root.dataset.position = positionOf(element);
  root.dataset.theme = attr(element, 'theme') ?? 'light';
  const mode = modeOf(element);
  root.dataset.mode = mode;
  const inCall = element.view.phase !== 'idle';
  const open = element.open_;
  root.toggleAttribute('data-open', open);
  root.toggleAttribute('data-call', inCall);
  // Gone for the session once dismissed; `open()` still shows the card.
  root.hidden = element.dismissed_() && !open;
  const lang = languageOf(element);
  root.lang = lang;
  // Hidden (still taking its place) until the language's texts are in: no flash of English.
  root.toggleAttribute('data-l', !element.shipped_(lang));

  const labels = labelsOf(element, lang) as VoiceLabels;
  const failed = element.loadFailed_;
  // Pressed: from the click (`showCard` sets `data-busy`, "call" for a call) until the card is
  // mounted and draws itself, the launcher says the click was taken (issue 35: no dead button).
  if (!open || element.card_ || failed) delete root.dataset.busy;
  const busy = root.dataset.busy;
  const pressed = busy !== undefined;
  if (pressed) element.launcher_.setAttribute('aria-busy', 'true');
  else element.launcher_.removeAttribute('aria-busy');
  const name = failed
    ? labels[failed]
    : busy === 'call'
      ? labels.calling
      : inCall && !open
        ? labels.returnToCall
        : mode === 'voice'
          ? labels.start
          : mode === 'chat'
            ? labels.openChat
            : labels.openHybrid;
  const label = element.label_;
  const icon = element.icon_;
  if (label.textContent !== name) label.textContent = name;
  // Open, it is a round "minimize" toggle (the header has one too: same name, same action).
  element.launcher_.setAttribute('aria-label', open && !pressed ? labels.minimize : name);
  // setAttribute writes a boolean as "true" / "false".
  element.launcher_.setAttribute('aria-expanded', open as unknown as string);
  const glyph = open && !pressed ? 'minimize' : mode === 'voice' || inCall ? 'phone' : 'chat';
  if (icon.dataset.icon !== glyph) {
    icon.dataset.icon = glyph;
    icon.replaceChildren(svgIcon(LAUNCHER_ICONS[glyph]));
  }
}
