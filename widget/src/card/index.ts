/**
 * The conversation card: what a visitor sees once the launcher is used. One shadowed card with a
 * header, the assistant's video when there is one, the conversation as bubbles (a `role="log"`
 * that announces whole turns, never streamed tokens), errors and consent as sections of the card,
 * and the controls in a footer with its own surface. Shipped as its own file
 * (`voice-widget-card.js`), loaded with the engine on intent; it gets everything the launcher
 * already has through `CardHost` (card-port.ts).
 *
 * This file wires the parts: the nodes (template.ts), consent (ask-consent.ts), what is sent (submit.ts),
 * focus (focus.ts), the phone's modal sheet (sheet.ts), one renderer per section (render-*.ts, drawing a
 * `CardFrame`, frame.ts), the listeners (listeners.ts) and the kept conversation (continuity/in-card.ts).
 */
import type { Card, CardHost } from '../ports/card-port.ts';
import { parseRoomHosts } from '../api/web-call-check.ts';
import { ConversationController } from '../conversation/controller.ts';
import { EN_CARD_BASE_LABELS } from '../i18n/card-labels.ts';
import type { VoiceLabels } from '../i18n/labels.ts';
import { START_STAGES, type CallView } from '../conversation/view.ts';
import { consentStep } from './ask-consent.ts';
import { CARD_CSS } from './stylesheet.ts';
import { controls } from './controls.ts';
import { cardFocus } from './focus.ts';
import { cardFrame } from './frame.ts';
import { keeping as keepingOf } from '../continuity/in-card.ts';
import { listen } from './listeners.ts';
import { withOwnerHelp } from './owner-help.ts';
import { bodyRenderer } from './render-body.ts';
import { controlsRenderer } from './render-controls.ts';
import { headerRenderer } from './render-header.ts';
import { cardSender, PLATFORM_REQUESTS } from './submit.ts';
import { recordPart } from './record-part.ts';
import { buildCard, removeCard } from './template.ts';
import type { RichParts } from './rich/index.ts';
import { lazyRich } from './rich-part.ts';
import type { AudioPanel } from './audio-panel.ts';
import { unreadPart } from './unread-part.ts';
import { afterQueued } from '../core/tasks.ts';
import { problemsPart } from './problems-part.ts';
import { lazySheet } from './sheet-part.ts';

export { overridesMessage } from './submit.ts';

/**
 * 1-based `stageIndex` of `daily-call-join`: the web call answered, the call object taken, the
 * microphone granted, Daily asked to join the room (as soon as its call machine, asked for at
 * the click, has loaded).
 */
const JOIN_ASKED = START_STAGES.indexOf('daily-call-join') + 1;

/** Builds the card for an element (see `CardModule`). */
export function mountCard(host: CardHost): Card {
  const { element } = host;
  const shadow = element.shadowRoot as ShadowRoot;
  const kit = controls(host);
  host.style(CARD_CSS);
  const attr = (name: string) => element.getAttribute(name)?.trim() || null;
  const controller = new ConversationController({
    loadEngine: () => host.load('engine'),
    loadChatEngine: () => host.load('chat'),
    requests: host.requests ?? PLATFORM_REQUESTS,
    // The card shows the assistant's video, so the engine may subscribe to it.
    video: true,
    onEvent: withOwnerHelp(host.dispatch),
    // Read at each tool call: the page may set them at any time (with the card's suggest_replies).
    clientTools: () => rich.tools(element.clientTools),
    keepRoom: () => {
      const persist = element.getAttribute('persist');
      return persist !== null && persist.trim() !== 'false';
    },
  });
  const configure = () => {
    const bundlePathOverride = attr('bundle-path-override');
    const dailyConfig = bundlePathOverride ? { ...element.dailyConfig, bundlePathOverride } : element.dailyConfig;
    const roomHosts = parseRoomHosts(attr('room-hosts')); // a fresh answer's room is pinned as a kept call's is
    controller.configure({ publicKey: attr('public-key'), apiBaseUrl: attr('api-base-url'), dailyConfig, roomHosts });
  };
  configure();

  const dom = buildCard(host, kit);
  const { card } = dom;
  const focus = cardFocus(host, dom);
  const consent = consentStep(host, dom, { render, focusMain: focus.main, forget: () => keeping.keep?.forget() });
  const sender = cardSender(host, controller, dom.input, { configure, consent, render });
  const renderHeader = headerRenderer(host, dom, kit);
  const renderBody = bodyRenderer(
    host,
    dom,
    kit,
    () => rich,
    () => render(),
  );
  const renderControls = controlsRenderer(dom, kit);
  // The call's audio settings and push-to-talk: their own file, loaded when a call starts.
  let audio: AudioPanel | null = null;
  let audioLoad: Promise<unknown> | null = null;
  const loadAudio = () =>
    (audioLoad ??= host.load('audio').then(
      ({ audioPanel }) => {
        audio = audioPanel(host, dom, kit, {
          client: () => controller.voiceClient(),
          setMuted: (muted) => controller.setMuted(muted),
          render: () => render(),
          view: () => controller.getSnapshot(),
          extendCall: (make) => controller.extendCall(make),
          bubble: renderBody.bubble,
        });
        render();
      },
      // Offline or blocked: the call goes on without the settings; the next call tries again.
      () => (audioLoad = null),
    ));
  /**
   * The call's audio file: after the light frame, or at once for push-to-talk, which closes the
   * microphone as soon as the call object exists (before the join, so also during the light frame).
   */
  const askAudio = (view: CallView) => {
    const ptt = element.getAttribute('input')?.trim() === 'push-to-talk';
    if (view.phase !== 'idle' && view.phase !== 'loading' && !audio && (!(light || held) || ptt)) void loadAudio();
  };
  const badge = unreadPart(host, kit, () => render());
  const problems = problemsPart(host, () => render());
  const sheet = lazySheet(host, card, () => render());
  let tick: ReturnType<typeof setTimeout> | undefined;
  /**
   * Opened with a call's start (the launcher's click): until the start has asked Daily to join, the card
   * draws only its light first frame (header, status, progress, the footer's Cancel; the body skipped:
   * `data-light` in shell.css), focus stays; the main thread belongs to the request and the join (issue 20).
   */
  let light = false;
  // The light first frame lasts until the call's join has been asked for (or the start ended).
  const endLight = (view: CallView) => {
    const was = light;
    // Still before it: the engine loading, the idle moment before its start, the first stages.
    light &&=
      view.phase === 'starting' ? view.stageIndex < JOIN_ASKED : view.phase === 'loading' || view.phase === 'idle';
    if (was && !light && view.phase === 'starting') held = 'join'; // (a call already up: the machine has it)
    if (held === 'join' && (view.joinSent !== false || view.phase !== 'starting')) holdWhole();
  };
  // The light frame ended with the join asked: the whole card (body, audio and rich files, focus) waits for
  // `joinSent` (Daily's `joining-meeting`) or the start's end, then for a task queued behind the join message
  // (afterQueued posts from a microtask: `joinSent` is set inside daily-js's emit, which posts the join after it).
  let held: 'join' | 'task' | false = false;
  const holdWhole = () => ((held = 'task'), void afterQueued().then(() => ((held = false), render())));
  /** Focus moves into the card once it is drawn whole (`opened` with `focus` during `light`). */
  let focusAfter = false;
  /** The visitor hung up the last call (the ended section says who ended it). */
  let hungUp = false;

  function render(): void {
    const view = controller.getSnapshot();
    endLight(view);
    const lean = light || !!held; // the light frame, or after it until the whole card's turn
    // A failure's texts are their own file: this drawing waits for it (problems-part.ts).
    const drawing = problems.drawing(view, { ...EN_CARD_BASE_LABELS, ...host.labels() } as VoiceLabels);
    if (!drawing) return;
    const { labels, explain } = drawing;
    // A new call forgets who ended the last one.
    if (view.phase === 'loading' || view.phase === 'starting') hungUp = false;
    const frame = cardFrame(
      view,
      labels,
      explain,
      host.mode(),
      consent.asking(),
      keeping.keep?.state() ?? 'none',
      hungUp,
      audio?.talk(),
    );
    const focused = shadow.activeElement;
    // Closing gives focus back to the launcher, when focus was inside the card.
    if (!host.isOpen() && !card.hidden && focused && card.contains(focused)) host.launcher.focus();
    card.hidden = !host.isOpen();
    sheet.update();
    card.dataset.phase = view.phase;
    card.toggleAttribute('data-light', lean);
    renderHeader(frame);
    record.render(frame);
    askAudio(view);
    // The footer in the light frame too: Cancel must be there while the request runs.
    renderControls(frame);
    if (!lean) {
      renderBody(frame);
      audio?.render(frame);
      badge.render(frame);
    }
    focus.keep(focused);
    if (focusAfter && !lean) {
      focusAfter = false;
      if (!card.hidden) focus.main();
    }
    host.update();
    // The elapsed time moves on once a second during a call.
    clearTimeout(tick);
    if (frame.live && !card.hidden) tick = setTimeout(render, 1000);
    host.dispatch('view-change', view);
  }

  /** The conversation kept for the tab (`persist`). */
  const keeping = keepingOf(host, controller, render, card);
  /** Hang-up (or cancel) by the visitor: the call ends and nothing of it is kept. */
  const hangUpCall = () => {
    hungUp = true;
    keeping.keep?.hangUp();
    controller.stop();
  };
  // While a reply streams, every delta changes the view: draw at most once per animation frame
  // (the text is appended, so a frame costs what arrived since the last one). So while a call
  // starts: its stages come in bursts (several in one task), and the main thread's time then
  // belongs to the request and the join (issue 20). Any other change is drawn at once.
  let frame = 0;
  const drawSoon = () => {
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      render();
    });
  };
  const unsubscribe = controller.subscribe(() => {
    const view = controller.getSnapshot();
    const { phase, chat } = view;
    // Keeping starts at the first change, not at the next drawing: the keeper must see the call
    // start (a light frame's drawing can come after the call is already up).
    if (phase !== 'idle' || view.conversation.length) keeping.start();
    endLight(view);
    // The light first frame: every change in the next frame (its start passes by `idle`).
    if (light || chat === 'streaming' || phase === 'loading' || phase === 'starting') return drawSoon();
    cancelAnimationFrame(frame);
    frame = 0;
    render();
  });
  const rich: RichParts = lazyRich(host, dom, kit, { controller, sender, consent, render });
  const record = recordPart(host, dom, kit, { controller, consent, keeping, render });
  const unlisten = listen(host, dom, {
    controller,
    consent,
    sender,
    keeping,
    render,
    hangUp: hangUpCall,
    closing: () => rich.closing(),
  });

  render();
  // Mounted closed (ahead of a click): the card's first layout happens now, unseen, so that the
  // first frame after a click does not pay it (the stylesheet's rules, the fonts' first use).
  if (card.hidden) {
    card.style.visibility = 'hidden';
    card.hidden = false;
    void card.offsetHeight;
    card.hidden = true;
    card.style.visibility = '';
  }

  return {
    get view() {
      return controller.getSnapshot();
    },
    opened({ start, focus: moveFocus }) {
      // Nothing may reach the platform before consent: an early request is dropped, and the
      // call starts after Accept with a request of its own.
      const asking = consent.needed();
      if (asking) start?.abort?.abort();
      light = !!start && !asking && controller.getSnapshot().phase === 'idle';
      const started = consent.ask(start ? () => sender.startCall(asking ? {} : start) : () => Promise.resolve(false));
      // A start that ends before the join (a failure, a stop) draws the card whole at once.
      if (light) void started.then(() => light && ((light = false), render()));
      // The first frame in the frame after the click, never held back for the join (issue 35).
      render();
      if (moveFocus && !consent.asking()) {
        if (light) focusAfter = true;
        else focus.main();
      }
      return started;
    },
    stop: hangUpCall,
    forget: () => record.forget(),
    setMuted: (muted) => controller.setMuted(muted),
    send: (message) => controller.send(message),
    say: (text, endCallAfterSpoken) => controller.say(text, endCallAfterSpoken),
    addMessage: (message, options) => controller.addMessage(message, options),
    preload: (kind = host.mode() === 'voice' ? 'call' : 'chat') => {
      configure();
      return controller.preload(kind);
    },
    render,
    configure,
    destroy() {
      consent.cancel();
      unsubscribe();
      cancelAnimationFrame(frame);
      clearTimeout(tick);
      keeping.keep?.destroy();
      controller.release();
      unlisten();
      audio?.destroy();
      badge.destroy();
      sheet.destroy();
      removeCard(host, dom);
    },
  };
}
