/**
 * The hero's demo call once it is wanted (loaded by `HeroCall.tsx` on the first hover, focus,
 * touch or press): 'Talk to Our Agent' starts a call with the configured assistant and becomes
 * 'Hang Up' while a call runs (spec §2, §4). Built on the widget package's public React entry;
 * the engine is the widget's own script-tag engine (`/widget/voice-widget-engine.js`, one cached
 * copy for the site, a classic script). The status line is the widget's own (`statusLine`, shared with the widget's
 * card): shown as text, while a screen reader hears only the changes that matter. The speaking
 * indicator and volume come from the core (level > 0.01, off 1 s later; volume = level / 0.15,
 * capped).
 */
import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { scriptLoader, type VoiceEngine } from '@ringwise/voice-widget';
import { describeProblem, EN_LABELS, statusLine, useVoiceCallWithEngine, type StartOptions } from '@ringwise/voice-widget/react';
import { siteConfig } from '../../content/site.ts';
import { createSiteTools } from '../lib/site-tools.ts';
import { WIDGET_FILES_PATH } from '../../shared/widget-path.ts';
import { withBase } from '../lib/base-path.ts';
import './HeroCall.css';

/**
 * The engine the site serves with the widget's files (site/integrations/widget-files.ts), loaded
 * as a classic script by the widget's own script loader (which the engine then asks for the daily
 * file); the /widget page's loader shares it.
 */
const loadServedEngine = () => scriptLoader(new URL(withBase(WIDGET_FILES_PATH), location.href).href)('engine');

/** Props of the hero call. The page passes none: the defaults are the site's own. */
export interface HeroCallProps {
  /** Loads the voice engine (the hook's engine port). @default the engine the site serves at /widget/ */
  loadEngine?: () => Promise<VoiceEngine>;
  /** Public key, assistant and API base URL. @default siteConfig.voice (PUBLIC_VOICE_* at build time) */
  voice?: { readonly publicKey: string; readonly assistantId: string; readonly apiBaseUrl: string };
}

/** `HeroCallProps`, and the call the visitor already asked for before this part had loaded. */
export interface HeroCallLiveProps extends HeroCallProps {
  /** Start at once, adopting this early request (`{}`: none was sent). */
  initialStart?: StartOptions;
  /** The shell's button had focus: give it to this button. */
  autoFocus?: boolean;
}

/** The hero call button with its status line. */
export default function HeroCallLive({ loadEngine = loadServedEngine, voice = siteConfig.voice, initialStart, autoFocus }: HeroCallLiveProps) {
  const { publicKey, assistantId, apiBaseUrl } = voice;
  // The demo assistant's client tools (site/lib/site-tools.ts): each tells the assistant what it
  // did, as context it need not answer (the tool's own message already speaks).
  const report = useRef<(content: string) => void>(() => {});
  const clientTools = useMemo(() => createSiteTools((content) => report.current(content)), []);
  // With the engine given, not `useVoiceCall`: the landing page then bundles no loader of the
  // package's own chunks.
  const call = useVoiceCallWithEngine(loadEngine, {
    publicKey,
    apiBaseUrl,
    target: assistantId ? { assistantId } : {},
    clientTools,
  });
  const { addMessage } = call;
  useEffect(() => {
    report.current = (content) => addMessage({ role: 'system', content }, { triggerResponseEnabled: false });
  }, [addMessage]);
  const inCall = call.phase !== 'idle';
  const live = call.phase === 'active' || call.phase === 'reconnecting';
  const status = statusLine(call, EN_LABELS);
  const fix = call.problem && !inCall ? describeProblem(call.problem, EN_LABELS).fix : '';

  function startCall(options?: StartOptions) {
    if (!assistantId) console.error('Voice client is not configured (no assistant id): the call cannot start.');
    void call.start(undefined, options);
  }

  function onCallClick() {
    if (inCall) call.stop();
    else startCall();
  }

  const button = useRef<HTMLButtonElement>(null);
  // The click that loaded this part: its call starts now (StrictMode may run this twice; a second
  // start while one runs is ignored by the controller), and keyboard focus moves to this button.
  useEffect(() => {
    if (autoFocus) button.current?.focus();
    if (initialStart) startCall(initialStart);
  }, []);

  const volume = { '--volume': String(call.volume) } as CSSProperties;

  return (
    <div
      className="hero-call"
      data-phase={call.phase}
      data-speaking={call.speaking ? '' : undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && inCall) call.stop();
      }}
    >
      <div className="hero-call-controls">
        <button
          ref={button}
          type="button"
          className={`btn hero-call-button ${inCall ? 'hero-call-hangup' : 'btn-primary'}`}
          onClick={onCallClick}
          onPointerEnter={call.preload}
          onPointerDown={call.preload}
          onFocus={call.preload}
          onTouchStart={call.preload}
          disabled={call.phase === 'ending'}
        >
          <span className="hero-call-indicator" style={volume} aria-hidden="true" />
          {inCall ? EN_LABELS.stop : EN_LABELS.start}
        </button>
        {live && (
          <button
            type="button"
            className="btn btn-outline hero-call-secondary"
            data-muted={call.muted ? '' : undefined}
            onClick={() => call.setMuted(!call.muted)}
          >
            {call.muted ? EN_LABELS.unmute : EN_LABELS.mute}
          </button>
        )}
        {live && call.audioBlocked && (
          <button type="button" className="btn btn-outline hero-call-secondary" onClick={call.resumeAudio}>
            {EN_LABELS.enableAudio}
          </button>
        )}
      </div>
      <p className="hero-call-status" data-tone={status.tone} aria-hidden="true">
        {status.text}
        {fix && ` ${fix}`}
      </p>
      <p className="visually-hidden" role="status">
        {status.announcement}
      </p>
    </div>
  );
}
