/**
 * The hero's demo call once it is wanted (loaded by `HeroCall.tsx`): 'Talk to Our Agent' becomes
 * 'Hang Up' while a call runs (spec §2, §4), with mute and the widget's own status line
 * (`statusLine`, shared with the widget's card), rendered from the page's one conversation, the
 * floating widget's element (`view`, re-read on each `ringwise-view-change`): the hero and the
 * launcher show the same call. Shown as text, while a screen reader hears only the changes that
 * matter. The speaking indicator and volume come from the core (level > 0.01, off 1 s later;
 * volume = level / 0.15, capped).
 */
import { useCallback, useEffect, useRef, useSyncExternalStore, type CSSProperties } from 'react';
import type { VoiceCallElement } from '@ringwise/voice-widget';
import { EN_LABELS, statusLine } from '@ringwise/voice-widget/react';
import './HeroCall.css';

/** Props of the live part. */
export interface HeroCallLiveProps {
  /** The page's widget element (SiteWidget.astro), which runs the call. */
  widget: VoiceCallElement;
  /** The shell's button had focus: give it to this button. */
  autoFocus?: boolean;
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
  const view = useSyncExternalStore(subscribe, () => widget.view, () => widget.view);
  const inCall = view.phase !== 'idle';
  const live = view.phase === 'active' || view.phase === 'reconnecting';
  const status = statusLine(view, EN_LABELS);

  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) button.current?.focus();
  }, []);

  const volume = { '--volume': String(view.volume) } as CSSProperties;

  return (
    <div
      className="hero-call"
      data-phase={view.phase}
      data-speaking={view.speaking ? '' : undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && inCall) widget.stop();
      }}
    >
      <div className="hero-call-controls">
        <button
          ref={button}
          type="button"
          className={`btn hero-call-button ${inCall ? 'hero-call-hangup' : 'btn-primary'}`}
          onClick={() => (inCall ? widget.stop() : void widget.start())}
          disabled={view.phase === 'ending'}
        >
          <span className="hero-call-indicator" style={volume} aria-hidden="true" />
          {inCall ? EN_LABELS.stop : EN_LABELS.start}
        </button>
        {live && (
          <button type="button" className="btn btn-outline hero-call-secondary" data-muted={view.muted ? '' : undefined} onClick={() => widget.setMuted(!view.muted)}>
            {view.muted ? EN_LABELS.unmute : EN_LABELS.mute}
          </button>
        )}
      </div>
      <p className="hero-call-status" data-tone={status.tone} aria-hidden="true">
        {status.text}
      </p>
      <p className="visually-hidden" role="status">
        {status.announcement}
      </p>
    </div>
  );
}
