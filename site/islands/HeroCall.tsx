/**
 * The hero's demo call: 'Talk to Our Agent' starts a call with the configured assistant and
 * becomes 'Hang Up' while a call runs (spec §2, §4). Built on `useVoiceCall` from the widget
 * package; the engine is the widget's own script-tag engine (`/widget/voice-widget-engine.js`,
 * one cached copy for the site), imported on the first hover, focus, touch or click, so the
 * landing page ships only this thin island. The speaking indicator and volume come from the core
 * (level > 0.01, off 1 s later; volume = level / 0.15, capped). Failures are shown inline.
 */
import type { CSSProperties } from 'react';
import { siteConfig } from '../../content/site.ts';
import { problemText } from '../../widget/src/element/controller.ts';
import type { LoadEngine, VoiceEngine } from '../../widget/src/element/engine-port.ts';
import { EN_LABELS } from '../../widget/src/element/labels.ts';
import { useVoiceCallWithEngine } from '../../widget/src/react/use-voice-call.ts';
import './HeroCall.css';

/** Where the site serves the widget's engine chunk (see site/integrations/widget-files.ts). */
const ENGINE_URL = '/widget/voice-widget-engine.js';

const loadServedEngine: LoadEngine = () => import(/* @vite-ignore */ ENGINE_URL) as Promise<VoiceEngine>;

/** The stage label for the status line ('daily-call-join' → labels.stageDailyCallJoin). */
function stageText(stage: string | null): string {
  if (!stage) return '';
  const key = `stage-${stage}`.replace(/-(.)/g, (_, c: string) => c.toUpperCase()) as keyof typeof EN_LABELS;
  return EN_LABELS[key] ?? '';
}

/** Props of the hero call. The page passes none: the defaults are the site's own. */
export interface HeroCallProps {
  /** Loads the voice engine (the hook's engine port). @default the engine the site serves at /widget/ */
  loadEngine?: LoadEngine;
  /** Public key, assistant and API base URL. @default siteConfig.voice (PUBLIC_VOICE_* at build time) */
  voice?: { readonly publicKey: string; readonly assistantId: string; readonly apiBaseUrl: string };
}

/** The hero call button with its status line. */
export default function HeroCall({ loadEngine = loadServedEngine, voice = siteConfig.voice }: HeroCallProps) {
  const { publicKey, assistantId, apiBaseUrl } = voice;
  const call = useVoiceCallWithEngine(loadEngine, {
    publicKey,
    apiBaseUrl,
    target: assistantId ? { assistantId } : {},
  });
  const inCall = call.phase !== 'idle';
  const live = call.phase === 'active' || call.phase === 'reconnecting';

  function onCallClick() {
    if (inCall) {
      call.stop();
      return;
    }
    if (!assistantId) console.error('Voice client is not configured (no assistant id): the call cannot start.');
    void call.start();
  }

  let status = '';
  if (call.phase === 'loading' || call.phase === 'starting') {
    const stage = stageText(call.stage);
    status = `${EN_LABELS.connecting}${stage ? `: ${stage}` : ''}…`;
  } else if (call.phase === 'active') status = EN_LABELS.active;
  else if (call.phase === 'reconnecting') status = EN_LABELS.reconnecting;
  else if (call.phase === 'ending') status = EN_LABELS.endingStatus;
  else if (call.problem) status = problemText(call.problem, EN_LABELS);
  else if (call.ended) status = EN_LABELS.ended;

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
          type="button"
          className={`btn hero-call-button ${inCall ? 'hero-call-hangup' : 'btn-primary'}`}
          onClick={onCallClick}
          onPointerEnter={call.preload}
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
            aria-pressed={call.muted}
            onClick={() => call.setMuted(!call.muted)}
          >
            {EN_LABELS.mute}
          </button>
        )}
        {live && call.audioBlocked && (
          <button type="button" className="btn btn-outline hero-call-secondary" onClick={call.resumeAudio}>
            {EN_LABELS.enableAudio}
          </button>
        )}
        {live && call.speaking && (
          <span className="hero-call-speaking" aria-hidden="true">
            {EN_LABELS.speaking}
          </span>
        )}
      </div>
      <p className="hero-call-status" role="status" data-problem={call.problem && !inCall ? '' : undefined}>
        {status}
      </p>
    </div>
  );
}
