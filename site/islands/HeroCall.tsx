/**
 * The hero's demo call, as the landing page loads it: only the button (the shell, a few hundred
 * bytes), so the page's JavaScript stays small. The first sign of intent (hover, focus, touch,
 * press) fetches the live part (`HeroCallLive.tsx`: the widget's hook, status line and labels);
 * the click swaps it in, with the same button, and its call starts. The swap waits for the click
 * (a button replaced between press and release would lose the click), and the click does not
 * wait for the download: the shell sends `POST /call/web` at once (the widget's `startNow`, the
 * launcher's and the hook's path too) and the live part adopts that request. If the live part cannot be loaded,
 * the shell says so and the next click tries again.
 */
import { useRef, useState, type ComponentType, type MouseEvent } from 'react';
import { requestWebCall } from '@ringwise/voice-widget/api';
import { EN_LAUNCHER_LABELS, startNow, type StartOptions } from '@ringwise/voice-widget/react';
import { siteConfig } from '../../content/site.ts';
import type { HeroCallLiveProps, HeroCallProps } from './HeroCallLive.tsx';
import './HeroCall.css';

export type { HeroCallProps };

/** The hero call button; see the module comment. */
export default function HeroCall(props: HeroCallProps) {
  const [Live, setLive] = useState<ComponentType<HeroCallLiveProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const [starting, setStarting] = useState(false);
  const loading = useRef<Promise<ComponentType<HeroCallLiveProps>> | null>(null);
  const initialStart = useRef<StartOptions | undefined>(undefined);
  const hadFocus = useRef(false);

  /** Fetches the live part (once; again after a failure). */
  const load = () => {
    loading.current ??= import('./HeroCallLive.tsx').then((module) => module.default);
    loading.current.catch(() => {
      loading.current = null;
    });
    return loading.current;
  };
  const preload = () => {
    load().catch(() => {
      // Reported by the click, where the visitor asked for something.
    });
  };

  const click = (event: MouseEvent<HTMLButtonElement>) => {
    const { publicKey, assistantId, apiBaseUrl } = props.voice ?? siteConfig.voice;
    // The widget's one "start now" (the launcher's and the hook's too): the live part adopts the request.
    const start = startNow({ token: publicKey, baseUrl: apiBaseUrl, target: assistantId ? { assistantId } : {}, requestWebCall });
    initialStart.current = start;
    hadFocus.current = document.activeElement === event.currentTarget;
    setFailed(false);
    setStarting(true);
    load().then(
      (component) => setLive(() => component),
      () => {
        start.abort?.abort();
        setStarting(false);
        setFailed(true);
      },
    );
  };

  if (Live) return <Live {...props} initialStart={initialStart.current} autoFocus={hadFocus.current} />;
  return (
    <div className="hero-call" data-phase="idle">
      <div className="hero-call-controls">
        <button
          type="button"
          className="btn hero-call-button btn-primary"
          onClick={click}
          onPointerEnter={preload}
          onPointerDown={preload}
          onFocus={preload}
          onTouchStart={preload}
          // The click that loads the live part is its start; another would be a second call.
          disabled={starting}
        >
          <span className="hero-call-indicator" aria-hidden="true" />
          {EN_LAUNCHER_LABELS.start}
        </button>
      </div>
      <p className="hero-call-status" data-tone={failed ? 'error' : 'idle'} aria-hidden="true">
        {failed ? EN_LAUNCHER_LABELS.loadFailed : ''}
      </p>
      <p className="visually-hidden" role="status">
        {failed ? EN_LAUNCHER_LABELS.loadFailed : ''}
      </p>
    </div>
  );
}
