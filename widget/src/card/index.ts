/**
 * The conversation card: what a visitor sees once the launcher is used. One shadowed card with a
 * header (avatar with the assistant's voice-level ring, name, status chip, minimize and close),
 * the assistant's video when there is one, the conversation as bubbles (a `role="log"` that
 * announces whole turns, never streamed tokens), errors and consent as sections of the card, and
 * the controls in a footer with its own surface. Shipped as its own file (`voice-widget-ui.js`),
 * loaded with the engine on intent; it gets everything the launcher already has through
 * `CardHost` (card-port.ts).
 *
 * Keyboard: Escape declines consent when it is asked, hangs up when focus is on 'Hang Up' or
 * 'Cancel', and otherwise minimizes the card (the call goes on; the launcher brings it back).
 */
import { EN_CARD_LABELS } from '../i18n/card-labels.ts';
import { CARD_ICONS, type CardIconName } from './icons.ts';
import type { Card, CardHost } from '../chunks/card-port.ts';
import { createConsentStore, parseConsent } from './consent.ts';
import { ConversationController, type StartOptions } from '../conversation/controller.ts';
import type { IconName } from '../element/icons.ts';
import { format, type VoiceLabels } from '../i18n/labels.ts';
import { describeProblem, stageLabel, statusLine } from '../conversation/status.ts';
import CARD_CSS from './card.css?raw';
import { START_STAGES, type ProblemSource, type Turn } from '../conversation/view.ts';

/** What the invalid-overrides problem adds to the parser's words (console, `error` event). */
const OVERRIDES_HINT = 'assistant-overrides must be a JSON object, e.g. {"variableValues":{"name":"Ada"}}';

/** The technical message of overrides that cannot be read (the card shows its label). */
export function overridesMessage(error: unknown): string {
  return `Invalid assistant-overrides (${error instanceof Error ? error.message : String(error)}): nothing was sent. ${OVERRIDES_HINT}.`;
}

/** A bubble of the log and its parts. */
interface Bubble {
  li: HTMLDivElement;
  /** "Agent: " / "You: " for screen readers, added with the first final text. */
  who: HTMLSpanElement;
  /** Final text; grows by appended text nodes, so a live region reads only what is new. */
  text: HTMLSpanElement;
  /** Text still being said or streamed: shown, not announced. */
  partial: HTMLSpanElement;
  dots: HTMLSpanElement;
}

/** The icons a card draws: its own, the launcher's, and the phone rotated to "hang up". */
type Glyph = CardIconName | IconName | 'phoneDown';

/** A pending consent question and the action waiting for it. */
interface ConsentQuestion {
  action: () => Promise<boolean>;
  resolve: (started: boolean) => void;
}

/** Builds the card for an element (see `CardModule`). */
export function mountCard(host: CardHost): Card {
  const { element } = host;
  const icon = (glyph: Glyph): SVGSVGElement =>
    glyph === 'phoneDown'
      ? host.svgIcon(host.icons.phone, 'rotate(135 12 12)')
      : host.svgIcon(glyph in CARD_ICONS ? CARD_ICONS[glyph as CardIconName] : host.icons[glyph as IconName]);
  const shadow = element.shadowRoot as ShadowRoot;
  // Where consent is remembered (storage may be unavailable: then for as long as this card lives).
  const consent = createConsentStore(() => localStorage);
  const { h } = host;
  /** Like `h`, and appends the new element to `parent`. */
  const add = <K extends keyof HTMLElementTagNameMap>(parent: Element, ...args: [K, string?, string?, Record<string, string>?]) =>
    parent.appendChild(h(...args));
  host.style(CARD_CSS);
  const attr = (name: string) => element.getAttribute(name)?.trim() || null;
  const controller = new ConversationController({
    loadEngine: () => host.load('engine'),
    loadChatEngine: () => host.load('chat'),
    requests: host.requests,
    // The card shows the assistant's video, so the engine may subscribe to it.
    video: true,
    onEvent: host.dispatch,
    // Read at each tool call: the page may set them at any time.
    clientTools: () => element.clientTools,
  });
  const configure = () => {
    const bundlePathOverride = attr('bundle-path-override');
    const dailyConfig = bundlePathOverride ? { ...element.dailyConfig, bundlePathOverride } : element.dailyConfig;
    controller.configure({ publicKey: attr('public-key'), apiBaseUrl: attr('api-base-url'), dailyConfig });
  };
  configure();

  /**
   * The target of a call or a message; `null` (shown as the problem, logged, sent as an `error`
   * event) when the page's overrides cannot be read, so nothing is sent.
   */
  const target = (source: ProblemSource) => {
    try {
      return host.target();
    } catch (caught) {
      const message = overridesMessage(caught);
      console.error(`[ringwise] ${message}`);
      controller.fail('invalid-overrides', message, source);
      return null;
    }
  };

  const button = (parent: Element, className: string, part: string, glyph?: Glyph) => {
    const el = add(parent, 'button', className, part);
    if (glyph) el.append(icon(glyph));
    add(el, 'span', 'lb');
    return el;
  };
  const setLabel = (el: HTMLButtonElement, label: string) => {
    el.setAttribute('aria-label', label);
    const span = el.querySelector('.lb') as HTMLSpanElement;
    if (span.textContent !== label) span.textContent = label;
  };
  const setIcon = (el: HTMLButtonElement, glyph: Glyph) => {
    if (el.dataset.icon === glyph) return;
    el.dataset.icon = glyph;
    el.querySelector('svg')?.replaceWith(icon(glyph));
  };

  const card = h('section', 'c', 'card', { id: 'c', role: 'dialog', 'aria-labelledby': 'rt', tabindex: '-1' });
  const header = add(card, 'header', 'hd', 'header');
  const avatar = add(header, 'span', 'av', 'avatar');
  const who = add(header, 'div', 'who');
  const title = add(who, 'h2', 'ti', 'title', { id: 'rt' });
  const chip = add(who, 'p', 'chip', 'status');
  const minimize = button(header, 'ib', 'minimize', 'minimize');
  const close = button(header, 'ib', 'close', 'close');

  const progress = add(card, 'div', 'pg', 'progress', { role: 'progressbar', 'aria-valuemin': '0', 'aria-valuemax': String(START_STAGES.length) });
  const fill = add(progress, 'i');
  // Muted: the assistant's audio is played by the audio path, and muted video may autoplay.
  const video = add(card, 'video', '', 'video', { playsinline: '', autoplay: '' });
  video.muted = true;

  const body = add(card, 'div', 'bd', 'body');
  const log = add(body, 'div', 'log', 'conversation', { role: 'log' });
  const empty = add(body, 'div', 'em', 'empty');
  const bigAvatar = add(empty, 'span', 'av');
  const emptyText = add(empty, 'p');

  const error = add(body, 'section', 'box er', 'error', { 'aria-labelledby': 're' });
  error.append(icon('alert'));
  const errorTitle = add(error, 'h3', 'bt', '', { id: 're' });
  const errorText = add(error, 'p');
  const errorFix = add(error, 'p', 'fx');
  const retry = button(add(error, 'div', 'row'), 'sec', 'retry');

  const consentBox = add(body, 'section', 'box cs', 'consent', { role: 'dialog', 'aria-labelledby': 'rc', 'aria-describedby': 'rd', tabindex: '-1' });
  const consentTitle = add(consentBox, 'h3', 'bt', '', { id: 'rc' });
  const consentText = add(consentBox, 'p', '', '', { id: 'rd' });
  const consentRow = add(consentBox, 'div', 'row');
  const decline = button(consentRow, 'sec', 'decline');
  const accept = button(consentRow, 'pri', 'accept');

  const footer = add(card, 'footer', 'ft', 'footer');
  const audio = button(footer, 'sec', 'enable-audio');
  const input = add(footer, 'input', 'in', 'input', { type: 'text', enterkeyhint: 'send', autocomplete: 'off' });
  const send = button(footer, 'pri ic', 'send', 'send');
  const stopReply = button(footer, 'sec ic', 'stop-reply', 'stop');
  const call = button(footer, 'pri hy', 'call', 'phone');
  const cancel = button(footer, 'sec', 'cancel');
  const mute = button(footer, 'sec hy', 'mute', 'mic');
  const hangUp = button(footer, 'dg hy', 'hang-up', 'phoneDown');
  host.container.insertBefore(card, host.launcher);
  // Outside the card, so what happens while it is minimized (the call ends…) is still heard.
  const announcer = add(host.container, 'p', 'sr', '', { role: 'status' });
  // A `dismissible` launcher's hide control, a badge on the launcher's corner (the loader fetches
  // this file at once for such launchers, so it is there without a first hover).
  const hide = button(host.container, 'x', 'dismiss', 'close');
  // The launcher's live dot, shown during a call (card.css).
  const dot = add(host.launcher, 'span', 'ld');
  host.launcher.setAttribute('aria-controls', 'c');

  let question: ConsentQuestion | null = null;
  let avatarUrl: string | null = null;
  let shownTrack: unknown = null;
  const bubbles = new Map<number, Bubble>();

  const needsConsent = () => element.hasAttribute('consent-required') && !consent.has(host.consentKey());

  /** Asks for consent; the action runs after Accept. Resolves with the action's result (Decline: false). */
  const withConsent = (action: () => Promise<boolean>): Promise<boolean> => {
    if (!needsConsent()) return action();
    question?.resolve(false);
    return new Promise((resolve) => {
      question = { action, resolve };
      render();
      consentBox.focus();
    });
  };

  const answer = (accepted: boolean) => {
    const pending = question;
    if (!pending) return;
    question = null;
    const version = host.consentKey();
    const stored = accepted && consent.set(version);
    host.dispatch('consent', { decision: accepted ? 'accepted' : 'declined', version, stored });
    render();
    if (accepted) {
      focusMain();
      void pending.action().then(pending.resolve);
    } else {
      pending.resolve(false);
      host.collapse();
    }
  };

  const startCall = (options: StartOptions = {}) => {
    configure();
    const to = target('call');
    if (to) return controller.start(to, options);
    // The click's early request was not sent for these overrides; make sure of it.
    options.abort?.abort();
    return Promise.resolve(false);
  };

  const submit = () => {
    const text = input.value;
    if (!text.trim()) return;
    void withConsent(() => {
      // A call takes the text whatever the overrides; a chat message needs them.
      const live = ['active', 'reconnecting'].includes(controller.getSnapshot().phase);
      const to = live ? {} : target('chat');
      if (!to) return Promise.resolve(false);
      const before = controller.getSnapshot().conversation.at(-1)?.id;
      const sent = controller.sendText(text, to);
      // Cleared once the message is in the conversation (refused: kept, to try again).
      if (controller.getSnapshot().conversation.at(-1)?.id !== before) input.value = '';
      render();
      return sent;
    });
  };

  /** Focus for after opening or consent: the message field, else the card itself. */
  const focusMain = () => (host.mode() === 'voice' ? card : input).focus();

  /**
   * When the focused control disappeared (Cancel once connected, Hang Up once ended), focus the
   * next sensible one; with none yet (the call is ending) the card holds focus until one appears.
   */
  let stray = false;
  const keepFocus = (previous: Element | null) => {
    const gone = (el: Element) => !el.isConnected || !!el.closest('[hidden]') || (el as HTMLButtonElement).disabled;
    // A closed card: the element gives focus back to the launcher.
    if (card.hidden || !previous || !card.contains(previous)) return;
    if (previous !== card) stray = false;
    if (!gone(previous) && !(stray && previous === card)) return;
    const next = [retry, call, input, mute, hangUp, cancel].find((el) => !gone(el));
    stray = !next;
    (next ?? card).focus();
  };

  const renderAvatar = () => {
    const url = attr('avatar-url') ?? '';
    if (url === avatarUrl) return;
    avatarUrl = url;
    const glyph = () => {
      if (!url) return icon('wave');
      // Decorative (the name is next to it). A blocked or broken image falls back to the glyph.
      const img = h('img', '', '', { alt: '', src: url });
      img.addEventListener('error', () => img.replaceWith(icon('wave')), { once: true });
      return img;
    };
    avatar.replaceChildren(glyph());
    bigAvatar.replaceChildren(glyph());
  };

  const renderVideo = (track: unknown) => {
    video.hidden = !track;
    if (track === shownTrack) return;
    shownTrack = track;
    video.srcObject = track && typeof MediaStream !== 'undefined' ? new MediaStream([track as MediaStreamTrack]) : null;
    if (video.srcObject) video.play().catch(() => {});
  };

  const renderTurns = (turns: readonly Turn[], labels: VoiceLabels) => {
    // Follow new text only while the visitor is at the bottom (scrolling up stops it).
    const stick = log.scrollHeight - log.scrollTop - log.clientHeight < 32;
    const ids = new Set(turns.map((turn) => turn.id));
    for (const [id, bubble] of bubbles) {
      if (!ids.has(id)) {
        bubble.li.remove();
        bubbles.delete(id);
      }
    }
    for (const turn of turns) {
      let bubble = bubbles.get(turn.id);
      if (!bubble) {
        const li = add(log, 'div', '', 'turn', { 'data-role': turn.role });
        const hidden = { 'aria-hidden': 'true' };
        bubble = { li, who: h('span', 'sr'), text: add(li, 'span'), partial: add(li, 'span', 'pt', '', hidden), dots: add(li, 'span', 'dots', '', hidden) };
        for (let i = 0; i < 3; i++) add(bubble.dots, 'i');
        bubbles.set(turn.id, bubble);
      }
      const shown = bubble.text.textContent ?? '';
      if (turn.text && !bubble.who.isConnected) {
        bubble.who.textContent = `${turn.role === 'user' ? labels.you : labels.agent}: `;
        bubble.li.prepend(bubble.who);
      }
      if (turn.text.startsWith(shown)) {
        if (turn.text.length > shown.length) bubble.text.append(turn.text.slice(shown.length));
      } else bubble.text.textContent = turn.text;
      const partial = turn.partial && turn.text ? ` ${turn.partial}` : turn.partial;
      if (bubble.partial.textContent !== partial) bubble.partial.textContent = partial;
      bubble.li.toggleAttribute('data-live', !!turn.partial);
      bubble.dots.hidden = !!(turn.text || turn.partial);
    }
    if (stick) log.scrollTop = log.scrollHeight;
  };

  function render(): void {
    const view = controller.getSnapshot();
    const labels = { ...EN_CARD_LABELS, ...host.labels() } as VoiceLabels;
    const mode = host.mode();
    const { phase, problem } = view;
    const idle = phase === 'idle';
    const live = phase === 'active' || phase === 'reconnecting';
    const connecting = phase === 'loading' || phase === 'starting';
    const focused = shadow.activeElement;
    // Closing gives focus back to the launcher, when focus was inside the card.
    if (!host.isOpen() && !card.hidden && focused && card.contains(focused)) host.launcher.focus();
    card.hidden = !host.isOpen();
    card.dataset.phase = phase;
    hide.hidden = !element.hasAttribute('dismissible') || host.isOpen() || !idle;
    setLabel(hide, labels.dismiss);

    const name = attr('title') ?? labels.assistantName;
    if (title.textContent !== name) title.textContent = name;
    renderAvatar();
    card.style.setProperty('--v', String(view.volume));
    const status = statusLine(view, labels);
    chip.dataset.tone = status.tone;
    if (chip.textContent !== status.text) chip.textContent = status.text;
    if (announcer.textContent !== status.announcement) announcer.textContent = status.announcement;
    setLabel(minimize, labels.minimize);
    setLabel(close, idle ? labels.close : labels.hangUpAndClose);

    progress.hidden = !connecting;
    progress.setAttribute('aria-label', labels.progress);
    progress.setAttribute('aria-valuenow', String(view.stageIndex));
    progress.setAttribute(
      'aria-valuetext',
      format(labels.progressValue, { step: view.stageIndex, total: START_STAGES.length, stage: stageLabel(view.stage, labels) || labels.connecting }),
    );
    fill.style.width = `${(view.stageIndex / START_STAGES.length) * 100}%`;
    video.setAttribute('aria-label', labels.video);
    renderVideo(view.videoTrack);

    const asking = !!question;
    consentBox.hidden = !asking;
    if (asking) {
      consentTitle.textContent = attr('consent-title') ?? labels.consentTitle;
      const pieces = parseConsent(element.getAttribute('consent-content') || labels.consentContent);
      consentText.replaceChildren(
        ...pieces.map((piece) =>
          typeof piece === 'string' ? piece : Object.assign(h('a', '', '', { href: piece.href, target: '_blank', rel: 'noopener noreferrer' }), { textContent: piece.text }),
        ),
      );
      setLabel(accept, labels.accept);
      setLabel(decline, labels.decline);
    }

    const info = problem && idle && !asking ? describeProblem(problem, labels) : null;
    error.hidden = !info;
    if (info) {
      errorTitle.textContent = info.title;
      errorText.textContent = info.text;
      errorFix.textContent = info.fix;
      errorFix.hidden = !info.fix;
      retry.hidden = !info.retry;
      setLabel(retry, labels.retry);
    }

    const turns = mode !== 'voice' || element.hasAttribute('transcript') ? view.conversation : [];
    renderTurns(turns, labels);
    log.setAttribute('aria-label', labels.conversation);
    log.hidden = asking || !turns.length;
    empty.hidden = asking || !!info || turns.length > 0;
    const emptyLabel = mode === 'voice' ? labels.emptyVoice : mode === 'chat' ? labels.emptyChat : labels.emptyHybrid;
    // Before anything was said: what to do; during a call (no transcript): how the call is, in
    // large (the header's chip steps aside, so it is not said twice).
    emptyText.textContent = idle ? emptyLabel : status.text;
    card.toggleAttribute('data-stage', !idle && !empty.hidden);

    const typing = mode !== 'voice';
    const replying = view.chat !== 'idle';
    input.hidden = !typing;
    input.setAttribute('aria-label', labels.message);
    input.placeholder = labels.messagePlaceholder;
    send.hidden = !typing || replying;
    send.disabled = !input.value.trim() || connecting || phase === 'ending';
    setLabel(send, labels.send);
    stopReply.hidden = !typing || !replying;
    setLabel(stopReply, labels.stopReply);
    // Voice mode: the error section's Try again is the call button.
    call.hidden = mode === 'chat' || !idle || (mode === 'voice' && !!info?.retry);
    setLabel(call, mode === 'hybrid' ? labels.startCall : view.ended ? labels.callAgain : labels.start);
    cancel.hidden = !connecting;
    setLabel(cancel, labels.cancel);
    mute.hidden = !live;
    mute.toggleAttribute('data-on', view.muted);
    setLabel(mute, view.muted ? labels.unmute : labels.mute);
    setIcon(mute, view.muted ? 'micOff' : 'mic');
    hangUp.hidden = !(live || phase === 'ending');
    hangUp.disabled = phase === 'ending';
    setLabel(hangUp, labels.stop);
    audio.hidden = !(live && view.audioBlocked);
    setLabel(audio, labels.enableAudio);
    footer.hidden = asking || ![...footer.children].some((child) => !(child as HTMLElement).hidden);

    keepFocus(focused);
    host.update();
  }

  const unsubscribe = controller.subscribe(render);

  // Controls. Listeners live on the card's own nodes and go with them.
  minimize.addEventListener('click', () => host.collapse());
  hide.addEventListener('click', () => host.dismiss());
  close.addEventListener('click', () => {
    controller.stop();
    controller.stopReply();
    controller.dismiss();
    host.collapse();
  });
  retry.addEventListener('click', () => {
    if (controller.getSnapshot().problem?.source === 'chat') {
      const to = target('chat');
      if (to) void controller.retryChat(to);
    }
    else void withConsent(startCall);
  });
  accept.addEventListener('click', () => answer(true));
  decline.addEventListener('click', () => answer(false));
  call.addEventListener('click', () => void withConsent(startCall));
  // Hovering or focusing the call button fetches the voice engine (hybrid loads chat first).
  for (const type of ['pointerenter', 'focus'] as const) call.addEventListener(type, () => controller.preload('call'));
  cancel.addEventListener('click', () => controller.stop());
  hangUp.addEventListener('click', () => controller.stop());
  mute.addEventListener('click', () => controller.setMuted(!controller.getSnapshot().muted));
  audio.addEventListener('click', () => controller.resumeAudio());
  send.addEventListener('click', submit);
  stopReply.addEventListener('click', () => controller.stopReply());
  input.addEventListener('input', render);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.isComposing) {
      event.preventDefault();
      submit();
    }
  });
  log.addEventListener('scroll', () => log.toggleAttribute('data-faded', log.scrollTop > 2), { passive: true });
  card.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    if (question) return answer(false);
    const focused = shadow.activeElement;
    if (focused === hangUp || focused === cancel) return controller.stop();
    host.collapse();
  });

  // Escape on the launcher (the open card's round toggle) minimizes too.
  const launcherKeys = new AbortController();
  host.launcher.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || !host.isOpen()) return;
      event.preventDefault();
      host.collapse();
    },
    { signal: launcherKeys.signal },
  );

  render();

  return {
    get view() {
      return controller.getSnapshot();
    },
    opened({ start, focus }) {
      // Nothing may reach the platform before consent: an early request is dropped, and the
      // call starts after Accept with a request of its own.
      const asking = needsConsent();
      if (asking) start?.abort?.abort();
      const started = withConsent(start ? () => startCall(asking ? {} : start) : () => Promise.resolve(false));
      if (focus && !question) focusMain();
      return started;
    },
    stop: () => controller.stop(),
    setMuted: (muted) => controller.setMuted(muted),
    send: (message) => controller.send(message),
    say: (text, endCallAfterSpoken) => controller.say(text, endCallAfterSpoken),
    addMessage: (message) => controller.addMessage(message),
    preload: () => {
      configure();
      controller.preload(host.mode() === 'voice' ? 'call' : 'chat');
    },
    render,
    configure,
    destroy() {
      question?.resolve(false);
      question = null;
      unsubscribe();
      controller.release();
      launcherKeys.abort();
      card.remove();
      announcer.remove();
      hide.remove();
      dot.remove();
      host.launcher.removeAttribute('aria-controls');
    },
  };
}
