/**
 * The hero's demo call once it is wanted (loaded by `HeroCall.tsx`): 'Talk to Our Agent' becomes
 * 'Hang Up' while a call runs (spec §2, §4). The hero shows the call compactly — its status line
 * (`statusLine`, shared with the widget's card), its elapsed time and that one Hang Up — while the
 * floating widget's card holds the conversation and its controls (mute, typing): one call, one set
 * of controls on the page (issue 36). Rendered from the page's one conversation, the floating
 * widget's element (`view`, re-read on each `ringwise-view-change`). Shown as text, while a screen
 * reader hears only the changes that matter. The speaking indicator and volume come from the core
 * (level > 0.01, off 1 s later; volume = level / 0.15, capped).
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { flushSync } from 'react-dom';
import type { VoiceCallElement } from '@ringwise/voice-widget';
import { EN_LABELS, formatDuration, statusLine } from '@ringwise/voice-widget/react';
import './HeroCall.css';

/** Props of the live part. */
export interface HeroCallLiveProps {
  /** The page's widget element (SiteWidget.astro), which runs the call. */
  widget: VoiceCallElement;
  /** The shell's button had focus: give it to this button. */
  autoFocus?: boolean;
}

/** The call's elapsed time (m:ss) while it is connected, ticking each second; '' otherwise. */
function useElapsed(connectedAt: number | null): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!connectedAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [connectedAt]);
  return connectedAt ? formatDuration(Math.max(0, (now - connectedAt) / 1000)) : '';
}

/** The hero call button with its status line. */
export default function HeroCallLive({ widget, autoFocus }: HeroCallLiveProps) {
  const subscribe = useCallback(
    (listener: () => void) => {
      widget.addEventListener('ringwise-view-change', listener);
      return () => widget.removeEventListener('ringwise-view-change', listener);
    },
    [widget],
  );
  const view = useSyncExternalStore(
    subscribe,
    () => widget.view,
    () => widget.view,
  );
  // Pressed: the click's own frame shows it (the view turns to 'loading' a moment later).
  const [pressed, setPressed] = useState(false);
  const inCall = view.phase !== 'idle';
  const busy = pressed && !inCall;
  const live = view.phase === 'active' || view.phase === 'reconnecting';
  const status = statusLine(view, EN_LABELS);
  const elapsed = useElapsed(live && view.connectedAt ? view.connectedAt : null);
  const connecting = `${EN_LABELS.connecting}…`;

  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) button.current?.focus();
  }, []);
  useEffect(() => {
    if (inCall || view.problem) setPressed(false);
  }, [inCall, view.problem]);

  const click = () => {
    if (inCall) return widget.stop();
    if (busy) return;
    flushSync(() => setPressed(true));
    void widget.start().finally(() => setPressed(false));
  };

  const volume = { '--volume': String(view.volume) } as CSSProperties;

  return (
    <div
      className="hero-call"
      data-phase={busy ? 'starting' : view.phase}
      data-speaking={view.speaking ? '' : undefined}
      aria-busy={busy || undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && inCall) widget.stop();
      }}
    >
      <div className="hero-call-controls">
        <button
          ref={button}
          type="button"
          className={`btn hero-call-button ${inCall ? 'hero-call-hangup' : 'btn-primary'}${busy ? ' hero-call-busy' : ''}`}
          onClick={click}
          disabled={view.phase === 'ending'}
          aria-disabled={busy || undefined}
        >
          <span className="hero-call-indicator" style={volume} aria-hidden="true" />
          {inCall ? EN_LABELS.stop : busy ? connecting : EN_LABELS.start}
        </button>
      </div>
      <p className="hero-call-status" data-tone={status.tone} aria-hidden="true">
        {status.text}
        {elapsed && <span className="hero-call-elapsed"> · {elapsed}</span>}
      </p>
      <p className="visually-hidden" role="status">
        {busy ? connecting : status.announcement}
      </p>
    </div>
  );
}
