/**
 * Draws the card's footer: the message field with Send or Stop, and the call's buttons (call,
 * resume a kept call, cancel, mute, hang up, enable audio), each shown only when it can act.
 * In a call, three: Mute, Hang Up and More; More's row holds the message field and the audio
 * settings (the audio file's control), so the field keeps its width down to 320 px (issue 36).
 */
import { setLabel, type Controls } from './controls.ts';
import type { CardFrame } from './frame.ts';
import type { CardDom } from './template.ts';

/** Makes the footer's renderer. */
export function controlsRenderer(dom: CardDom, { setIcon }: Controls): (frame: CardFrame) => void {
  return ({ view, labels, mode, idle, live, connecting, asking, kept, info, ended }) => {
    const { input, send, stopReply, call, mute, hangUp, more, footer } = dom;
    const { phase } = view;
    const inCall = live || phase === 'ending';
    // More's row is open only in a call; the next call starts with it closed.
    if (!inCall) more.setAttribute('aria-expanded', 'false');
    const extra = inCall && mode !== 'voice' && more.getAttribute('aria-expanded') === 'true';
    footer.toggleAttribute('data-call', inCall);
    footer.toggleAttribute('data-more', extra);
    // Voice mode has no field: its third control is the audio settings' own (audio-panel.ts).
    more.hidden = !inCall || mode === 'voice';
    setLabel(more, labels.more);
    const typing = mode !== 'voice' && (!inCall || extra);
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
    // After a call, 'Call again' is in the ended section.
    call.hidden ||= kept === 'resume' || kept === 'elsewhere' || !!ended;
    setLabel(
      call,
      kept === 'gone' || (view.ended && mode !== 'hybrid')
        ? labels.callAgain
        : mode === 'hybrid'
          ? labels.startCall
          : labels.start,
    );
    dom.resume.hidden = kept !== 'resume';
    setLabel(dom.resume, labels.resumeCall);
    dom.cancel.hidden = !connecting;
    setLabel(dom.cancel, labels.cancel);
    mute.hidden = !live;
    mute.toggleAttribute('data-on', view.muted);
    setLabel(mute, view.muted ? labels.unmute : labels.mute);
    setIcon(mute, view.muted ? 'micOff' : 'mic');
    hangUp.hidden = !(live || phase === 'ending');
    hangUp.disabled = phase === 'ending';
    setLabel(hangUp, labels.stop);
    dom.audio.hidden = !(live && view.audioBlocked);
    setLabel(dom.audio, labels.enableAudio);
    footer.hidden = asking || ![...footer.children].some((child) => !(child as HTMLElement).hidden);
  };
}
