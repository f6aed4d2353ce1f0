/**
 * The call's audio in the card: one settings control in the footer (behind More in hybrid mode,
 * beside Mute and Hang Up in voice mode) opens a panel above the footer with
 * the microphone picker, the speaker picker (where the browser can route output) and the
 * assistant's volume (audio-settings.ts does the work); an unplugged microphone opens it with a
 * sentence. With `input="push-to-talk"` a talk button replaces mute: the microphone is open only
 * while it is held (push-to-talk.ts). Built into the card's footer by `audioPanel`.
 */
import type { CardHost } from '../ports/card-port.ts';
import { AudioSettings, type AudioClient, type DeviceOption } from '../conversation/audio-settings.ts';
import { bindHold, inputMode, PushToTalk } from '../conversation/push-to-talk.ts';
import { EN_AUDIO_LABELS } from '../i18n/audio-labels.ts';
import { format, type VoiceLabels } from '../i18n/labels.ts';
import { START_STAGES } from '../core/start-stages.ts';
import type { CallView } from '../conversation/view.ts';
import type { ConversationController } from '../conversation/controller.ts';
import type { VoiceClientPort } from '../conversation/engine-port.ts';
import { installCuts } from '../conversation/turn-cuts.ts';
import { setLabel, type Controls } from './controls.ts';
import { stopControl } from './stop-control.ts';
import { callNotice } from './call-notice.ts';
import { micCheck } from './mic-check-part.ts';
import { qualityPart } from './quality-part.ts';
import { echoPart } from './echo-part.ts';
import type { CardFrame } from './frame.ts';
import type { CardDom } from './template.ts';
import AUDIO_CSS from './styles/audio.css?raw';

/** What the audio file exports (`WidgetModules.audio`: `voice-widget-audio.js`, loaded when a call starts). */
export interface AudioModule {
  audioPanel: typeof audioPanel;
}

declare module '../ports/manifest.ts' {
  interface WidgetModules {
    /** The call's audio settings and push-to-talk, loaded by the card when a call starts. */
    audio: AudioModule;
  }
}

/** The card's audio part. */
export interface AudioPanel {
  /** Push-to-talk's state for the status chip (undefined: an open microphone). */
  talk(): 'held' | 'released' | undefined;
  /** Draws the settings control, the panel and the talk button for a frame. */
  render(frame: CardFrame): void;
  /** Removes listeners (the devices, the talk button). */
  destroy(): void;
}

/** What the part needs from the card. */
export interface AudioPanelOptions {
  /** The live voice client (its audio methods, and whether it can stop the assistant). */
  client(): (AudioClient & Pick<VoiceClientPort, 'setAssistantMuted' | 'getCallObject'>) | null;
  /** Mutes or opens the microphone (the controller's, so the view follows at once). */
  setMuted(muted: boolean): void;
  /** Draws the card again (the chip follows push-to-talk). */
  render(): void;
  /** The conversation's view now. */
  view(): CallView;
  /** Installs a lazy part into the live call (`ConversationController.extendCall`): the turn cutting. */
  extendCall: ConversationController['extendCall'];
  /** The log's bubble of turn `id` (where a cut turn's marks go). */
  bubble(id: number): HTMLElement | undefined;
}

/** The start stages that come after the call object's creation. */
const STAGES_AFTER_CREATION: readonly string[] = START_STAGES.slice(
  START_STAGES.indexOf('daily-call-object-creation') + 1,
);

const browserDevices = () => (typeof navigator !== 'undefined' && navigator.mediaDevices) || null;
const browserStorage = () => {
  try {
    return localStorage;
  } catch {
    return null;
  }
};

/** Builds the settings control, the panel and the talk button into the card. */
export function audioPanel(host: CardHost, dom: CardDom, kit: Controls, options: AudioPanelOptions): AudioPanel {
  const { add } = kit;
  host.style(AUDIO_CSS);
  const toggle = kit.button(dom.footer, 'sec ic', 'audio-settings-button', 'settings');
  toggle.setAttribute('aria-controls', 'as');
  const talkButton = kit.button(dom.footer, 'pri', 'talk', 'mic');
  dom.footer.insertBefore(talkButton, dom.hangUp);
  // In More's row (hybrid), beside the message field: after Send in the footer's order.
  dom.footer.insertBefore(toggle, dom.stopReply.nextSibling);
  const panel = host.h('div', 'as', 'audio-settings', { id: 'as', role: 'group', 'aria-labelledby': 'ast' });
  dom.card.insertBefore(panel, dom.footer);
  const title = add(panel, 'h3', 'bt', '', { id: 'ast' });
  // role="alert": an unplugged microphone is said at once, wherever focus is.
  const alert = add(panel, 'p', 'al', '', { role: 'alert' });
  const field = (id: string) => {
    const row = add(panel, 'div', 'af');
    const label = add(row, 'label', '', '', { for: id });
    return { row, label };
  };
  const mic = field('asm');
  const micSelect = add(mic.row, 'select', '', 'microphone', { id: 'asm' });
  const out = field('ass');
  const outSelect = add(out.row, 'select', '', 'speaker', { id: 'ass' });
  const vol = field('asv');
  const volume = add(vol.row, 'input', '', 'volume', { id: 'asv', type: 'range', min: '0', max: '100', step: '5' });

  let open = false;
  let attached = false;
  /** Type instead was chosen: the field takes focus when the call has ended. */
  let typeNext = false;
  /** Try again (the audio broke up, voice mode): a new call once this one has ended. */
  let callNext = false;
  let labels: VoiceLabels | null = null;
  /** Hold to talk was chosen in this call (the echo hint): push-to-talk until it ends. */
  let pushed = false;
  const ptt = () => pushed || inputMode(host.element.getAttribute('input')) === 'push-to-talk';
  const canRoute = typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
  const settings = new AudioSettings({
    devices: browserDevices(),
    client: options.client,
    storage: browserStorage(),
    canPickOutput: canRoute,
    onChange: () => draw(),
  });
  const talk = new PushToTalk(() => options, options.render);
  // Talking over the assistant in push-to-talk (the button, or Space on it) stops it first.
  // The turn cutting comes with this file (the chat path never carries it): Stop, and the barge-in.
  const interrupt = installCuts(options.extendCall, options.client);
  const press = () => (options.view().speaking && interrupt(), talk.press());
  const unbind = bindHold(talkButton, { press, release: () => talk.release() });
  const stop = stopControl(dom, kit, interrupt, () => !!options.client()?.setAssistantMuted, options.bubble);
  // Issue 37's call checks: a sentence above the footer when the call cannot be heard.
  const notice = callNotice(dom, kit);
  // Hybrid's way out: the card's own Hang Up (nothing of the call kept; the conversation stays),
  // then the message field, once the ended card shows it (it was behind More during the call).
  const typeInstead = () => {
    typeNext = true;
    dom.hangUp.click();
  };
  const report = (level: string, reason: string) => host.dispatch('quality', { level, reason });
  const quality = qualityPart(dom, kit, {
    call: () => options.client()?.getCallObject?.() ?? null,
    element: host.element,
    notice,
    typeInstead,
    callAgain() {
      callNext = true;
      dom.hangUp.click();
    },
    report: ({ level, reason }) => report(level, reason),
  });
  const microphone = () => {
    const call = options.client()?.getCallObject?.();
    if (!call?.localAudioTrack) return null;
    return { track: call.localAudioTrack(), device: call.getInputDevice() };
  };
  const soundCheck = micCheck({
    microphone,
    storage: browserStorage(),
    notice,
    // Hybrid's way out: the card's own Hang Up (nothing of the call kept; the conversation stays),
    // then the message field, once the ended card shows it (it was behind More during the call).
    typeInstead,
    report: (verdict) => report(verdict === 'sound' ? 'good' : 'bad', 'microphone'),
  });
  const echo = echoPart({
    element: host.element,
    microphone,
    output: () => settings.state.output,
    devices: browserDevices(),
    notice,
    pushToTalk: ptt,
    holdToTalk() {
      // The microphone closes now, as a push-to-talk call's does at its start; the talk button shows.
      pushed = true;
      talk.callCreated();
      talkButton.hidden = false;
      talkButton.focus();
    },
    report: () => report('poor', 'echo'),
  });

  const fill = (select: HTMLSelectElement, devices: readonly DeviceOption[], selected: string | null) => {
    const key = JSON.stringify(devices);
    if (select.dataset.list !== key) {
      select.dataset.list = key;
      select.replaceChildren(
        ...devices.map(({ id, label }, i) =>
          Object.assign(host.h('option', '', '', { value: id }), {
            textContent: label || format(labels!.deviceNumbered, { n: i + 1 }),
          }),
        ),
      );
    }
    if (selected !== null) select.value = selected;
  };

  /** Draws the panel from the settings' state (also on its own changes: a device plugged in). */
  function draw(): void {
    if (!labels) return;
    const state = settings.state;
    if (state.lost && !open) setOpen(true);
    title.textContent = labels.audioSettings;
    alert.textContent = state.lost ? labels.micLost : state.failed ? labels.deviceFailed : '';
    alert.hidden = !alert.textContent;
    mic.label.textContent = labels.microphone;
    fill(micSelect, state.inputs, state.input);
    mic.row.hidden = !state.inputs.length;
    out.label.textContent = labels.speaker;
    fill(outSelect, state.outputs, state.output);
    out.row.hidden = !state.canPickOutput || !state.outputs.length;
    vol.label.textContent = labels.assistantVolume;
    volume.value = String(state.volume);
    volume.setAttribute('aria-valuetext', `${state.volume} %`);
  }

  function setOpen(next: boolean): void {
    open = next;
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.toggleAttribute('data-on', open);
  }

  const offs: (() => void)[] = [unbind];
  const on = (target: EventTarget, type: string, fn: (event: Event) => void) => {
    target.addEventListener(type, fn);
    offs.push(() => target.removeEventListener(type, fn));
  };
  on(toggle, 'click', () => setOpen(!open));
  on(micSelect, 'change', () => void settings.chooseInput(micSelect.value));
  on(outSelect, 'change', () => void settings.chooseOutput(outSelect.value));
  on(volume, 'input', () => settings.setVolume(Number(volume.value)));
  on(panel, 'keydown', (event) => {
    if ((event as KeyboardEvent).key !== 'Escape') return;
    // Escape closes the panel, not the card; focus: its control, or More hiding it (mic lost).
    event.stopPropagation();
    setOpen(false);
    (toggle.hidden ? dom.more : toggle).focus();
  });
  // Push-to-talk: the microphone goes off as soon as the call object exists, before the join.
  on(host.element, 'ringwise-call-start-progress', (event) => {
    const { stage, status } = (event as CustomEvent<{ stage: string; status: string }>).detail;
    if (ptt() && stage === 'daily-call-object-creation' && status === 'completed') talk.callCreated();
  });
  setOpen(false);
  // Loaded while the call starts: when its call object already exists, push-to-talk closes the
  // microphone now (the stages after the object's creation, or a call already up).
  const { phase, stage } = options.view();
  if (
    ptt() &&
    (phase === 'active' || (phase === 'starting' && stage !== null && STAGES_AFTER_CREATION.includes(stage)))
  )
    talk.callCreated();

  return {
    talk: () => (ptt() ? (talk.held ? 'held' : 'released') : undefined),
    render(frame) {
      // The audio settings' English ships in this file (audio-labels.ts), under the locale's and the page's.
      labels = { ...EN_AUDIO_LABELS, ...frame.labels };
      const { live } = frame;
      if (live && !attached) void settings.attach();
      if (!live) pushed = false;
      if (!live && attached) {
        settings.detach();
        setOpen(false);
      }
      attached = live;
      // Hybrid: behind More (its row); voice: the third control beside Mute and Hang Up.
      toggle.hidden = !live || (frame.mode !== 'voice' && !dom.footer.hasAttribute('data-more'));
      setLabel(toggle, labels.audioSettings);
      if (!live) panel.hidden = true;
      const push = ptt();
      talkButton.hidden = !(live && push);
      talkButton.setAttribute('aria-pressed', String(talk.held));
      setLabel(talkButton, labels.holdToTalk);
      if (push) dom.mute.hidden = true;
      stop.render(frame);
      soundCheck.render(frame);
      quality.render(frame);
      echo.render(frame);
      if (frame.idle && typeNext) dom.input.focus();
      if (frame.idle && callNext) dom.callAgain.click();
      if (frame.idle) typeNext = callNext = false;
      draw();
    },
    destroy() {
      for (const off of offs.splice(0)) off();
      settings.detach();
      stop.destroy();
      soundCheck.destroy();
      quality.destroy();
      echo.destroy();
      notice.destroy();
      panel.remove();
      toggle.remove();
      talkButton.remove();
    },
  };
}
