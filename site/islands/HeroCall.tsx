/**
 * The hero's 'Talk to Our Agent', as the landing page loads it: only the button (the shell), so
 * the page's JavaScript stays small. There is one conversation per page — the floating widget
 * every page carries (SiteWidget.astro) — and the hero drives it through the element's public
 * methods: the click calls `start()` on it (which sends `POST /call/web` at once and opens its
 * card), so a call begun here is the widget's call, and goes on in the floating launcher on the
 * next page (the widget keeps and rejoins it). The click also fetches the live part
 * (`HeroCallLive.tsx`: the call's status, elapsed time and Hang Up; the floating card holds the
 * conversation and its controls), which renders from the element's view.
 *
 * The click answers in its own frame (issue 36): the pressed, connecting state is committed
 * (`flushSync`) before the widget's `start()` runs, so the frame after the click shows it and the
 * status region announces it, whatever the start does in that task.
 *
 * The shell also gives the element the demo assistant's client tools (site/lib/site-tools.ts),
 * so they work whichever button started the call. Without a configured key the page has no
 * widget: the click then says it could not load.
 */
import { useEffect, useRef, useState, type ComponentType, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { EN_LAUNCHER_LABELS } from '@ringwise/voice-widget/react';
import { heroCallCopy } from '../../content/ui.ts';
import type { VoiceCallElement } from '@ringwise/voice-widget';
import { createSiteTools } from '../lib/site-tools.ts';
import { siteWidget } from '../lib/site-widget.ts';
import type { HeroCallLiveProps } from './HeroCallLive.tsx';
import './HeroCall.css';

/** The hero call button; see the module comment. */
export default function HeroCall() {
  const [Live, setLive] = useState<ComponentType<HeroCallLiveProps> | null>(null);
  const [widget, setWidget] = useState<VoiceCallElement | null>(null);
  const [failed, setFailed] = useState(false);
  const [starting, setStarting] = useState(false);
  const loading = useRef<Promise<ComponentType<HeroCallLiveProps>> | null>(null);
  const hadFocus = useRef(false);
  /** The page's widget, once the loader defines it (null: the page has none). */
  const pending = useRef<Promise<VoiceCallElement | null> | null>(null);

  useEffect(() => {
    void (pending.current ??= siteWidget()).then((element) => {
      if (!element) return;
      // Each tool tells the assistant what it did, as context it need not answer.
      element.clientTools = createSiteTools((content) =>
        element.addMessage({ role: 'system', content }, { triggerResponseEnabled: false }),
      );
      setWidget(element);
      // A call already running (started in the launcher, or kept from another page): show it.
      if (element.view.phase !== 'idle' || element.hasAttribute('persist')) preload();
    });
  }, []);

  /** Fetches the live part (once; again after a failure). */
  const load = () => {
    loading.current ??= import('./HeroCallLive.tsx').then((module) => module.default);
    loading.current.then(
      (component) => setLive(() => component),
      () => {
        loading.current = null;
      },
    );
    return loading.current;
  };
  const preload = () => {
    load().catch(() => {
      // Reported by the click, where the visitor asked for something.
    });
  };

  const click = (event: MouseEvent<HTMLButtonElement>) => {
    // Busy (aria-disabled rather than disabled, so it keeps focus): a second press waits.
    if (starting) return;
    hadFocus.current = document.activeElement === event.currentTarget;
    // Painted before anything else the click starts (see the module comment).
    flushSync(() => {
      setFailed(false);
      setStarting(true);
    });
    const go = (element: VoiceCallElement | null) => {
      if (!element) {
        setStarting(false);
        setFailed(true);
        return;
      }
      void element.start();
      load().catch(() => {
        setStarting(false);
        setFailed(true);
      });
    };
    if (widget) return go(widget);
    // Clicked before the widget's loader ran (its script is async): start once it has, rather
    // than telling the visitor it could not load.
    void (pending.current ??= siteWidget()).then(go);
  };

  if (Live && widget) return <Live widget={widget} autoFocus={hadFocus.current} />;
  const message = failed ? EN_LAUNCHER_LABELS.loadFailed : '';
  const connecting = heroCallCopy.connecting;
  return (
    <div className="hero-call" data-phase={starting ? 'starting' : 'idle'} aria-busy={starting || undefined}>
      <div className="hero-call-controls">
        <button
          type="button"
          className={`btn hero-call-button btn-primary${starting ? ' hero-call-busy' : ''}`}
          onClick={click}
          onPointerEnter={preload}
          onFocus={preload}
          aria-disabled={starting || undefined}
        >
          <span className="hero-call-indicator" aria-hidden="true" />
          {starting ? connecting : EN_LAUNCHER_LABELS.start}
        </button>
      </div>
      <p className="hero-call-status" data-tone={failed ? 'error' : 'idle'} aria-hidden="true">
        {message}
      </p>
      <p className="visually-hidden" role="status">
        {starting ? connecting : message}
      </p>
    </div>
  );
}
