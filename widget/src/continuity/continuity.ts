/**
 * `ConversationContinuity`: one conversation across the pages of a tab (the `persist` option).
 * It watches a conversation (the controller, through `ContinuityPort`), keeps what a later page
 * needs in `sessionStorage` (store.ts), and on that page gives it back: the turns and
 * the chat's session id at once, and a call that was running is joined again (the same room, no
 * new `POST /call/web`) — by itself when the browser lets the page play audio, else after one
 * 'Resume call' tap (`resume()`).
 *
 * What is kept when: the turns on each final change and at `pagehide`; the call only at
 * `pagehide` while it runs (a rejoin needs nothing earlier). Dropped: when a call ends or is hung
 * up (nothing of it comes back, and nothing more of this page's conversation is kept), and by
 * `forget()` (consent declined, `persist` turned off).
 *
 * A rejoin on another page tells the assistant which page the visitor is on now (one silent
 * system message, page-context.ts); a call another tab holds is not joined (claim.ts).
 */
import type { ContinuityPort } from '../conversation/continuity-port.ts';
import type { WebCall } from '../core/types.ts';
import { claimCall, type CallClaim } from './claim.ts';
import {
  forgetConversation,
  readConversation,
  savedCallOf,
  webCallOf,
  writeConversation,
  type SavedCall,
  type StorageSource,
} from './store.ts';
import { entryOf } from './entry.ts';
import { pageChangeMessage, type PageContext } from '../conversation/page-context.ts';

/** The conversation's side, as continuity needs it: the view model's port (conversation/continuity-port.ts). */
export type { ContinuityPort } from '../conversation/continuity-port.ts';

/** Where a kept call stands on this page. */
export type RestoreState =
  /** Nothing to rejoin. */
  | 'none'
  /** Audio may not play yet: waiting for the visitor's 'Resume call' tap (`resume()`). */
  | 'resume'
  /** Joining the kept call. */
  | 'rejoining'
  /** The kept call could not be joined (ended by the assistant, room expired). */
  | 'gone'
  /** Another tab of this session holds the call. */
  | 'elsewhere';

/** Options of `ConversationContinuity`. */
export interface ContinuityOptions {
  storage: StorageSource;
  /** The entry's name (`conversationKey`); `null`: nothing is kept (no digest available). */
  key: string | null;
  /** This page, for the message after a rejoin on another page. */
  page: PageContext;
  /** Whether the page may play audio without a gesture now (see `canPlayAudio`). */
  audioAllowed: () => boolean;
  /**
   * Registers a handler for the page being hidden (`true`: hidden or left; `false`: shown again);
   * returns its remover.
   */
  onPageHide: (handler: (hidden: boolean) => void) => () => void;
  /** @default claimCall with the browser's Web Locks */
  claim?: (callId: string) => Promise<CallClaim | null>;
  now?: () => number;
  /** Called when `state` changes. */
  onChange?: () => void;
  /** A kept call was found (before it is rejoined): the UI shows it. */
  onKeptCall?: () => void;
}

const IN_CALL = new Set(['starting', 'active', 'reconnecting']);

/**
 * Whether audio can play without a gesture now. Chrome and Edge allow it on a page reached by a
 * click on the same site (the site has the visitor's engagement), so a rejoin plays at once;
 * Safari and Firefox (default settings) need a gesture on each page, hence 'Resume call'.
 * Firefox answers `navigator.getAutoplayPolicy`; elsewhere a new AudioContext starts `running`
 * only where playback is allowed.
 */
export function canPlayAudio(): boolean {
  const policy = (navigator as Navigator & { getAutoplayPolicy?: (type: string) => string }).getAutoplayPolicy;
  if (policy) return policy.call(navigator, 'audiocontext') === 'allowed';
  try {
    const context = new AudioContext();
    const running = context.state === 'running';
    void context.close();
    return running;
  } catch {
    return false;
  }
}

/** See the module comment. */
export class ConversationContinuity {
  #port: ContinuityPort;
  #options: ContinuityOptions;
  #now: () => number;
  #state: RestoreState = 'none';
  #kept: SavedCall | null = null;
  #keptPage: string | undefined;
  #claim: CallClaim | null = null;
  #offs: (() => void)[] = [];
  #phase = 'idle';
  #finals = '';
  /** The visitor hung up: nothing more is kept for this call. */
  #hungUp = false;
  /** The page is being left: what happens to the call now is no hang-up. */
  #left = false;
  /** The running call as last seen (the engine may leave it before the page-hide save). */
  #lastLive: { readonly webCall: WebCall; readonly connectedAt: number } | null = null;

  constructor(port: ContinuityPort, options: ContinuityOptions) {
    this.#port = port;
    this.#options = options;
    this.#now = options.now ?? Date.now;
    // Made while a call may already run (this file loads once there is something to keep).
    this.#phase = port.getSnapshot().phase;
    this.#lastLive = port.liveCall();
    if (!options.key) return;
    this.#offs.push(
      port.subscribe(() => this.#changed()),
      options.onPageHide((hidden) => {
        // Saved first (the page is hidden before it is left): the page's own leaving then ends
        // the call here, which is no hang-up.
        if (hidden) this.#save(true);
        this.#left = hidden;
      }),
    );
  }

  /** Where a kept call stands (for the card: 'Resume call', 'call gone', 'in another tab'). */
  get state(): RestoreState {
    return this.#state;
  }

  /**
   * Gives back what this tab kept: the turns and session id at once; a kept call is joined now
   * when audio may play, else waits for `resume()`. Resolves when that is settled.
   */
  async restore(): Promise<void> {
    const { key, storage } = this.#options;
    if (!key) return;
    const entry = readConversation(storage, key, this.#now());
    if (!entry) return;
    this.#port.restore(entry.turns, entry.sessionId ?? null);
    this.#finals = this.#finalText();
    if (!entry.call) return;
    this.#kept = entry.call;
    this.#keptPage = entry.page;
    this.#options.onKeptCall?.();
    const claim = await (this.#options.claim ?? claimCall)(entry.call.id);
    if (!claim) return this.#set('elsewhere');
    this.#claim = claim;
    if (this.#options.audioAllowed()) await this.resume();
    else this.#set('resume');
  }

  /** Joins the kept call (the 'Resume call' tap; call it from the click). */
  async resume(): Promise<boolean> {
    const kept = this.#kept;
    if (!kept || this.#state === 'rejoining') return false;
    this.#set('rejoining');
    const joined = await this.#port.rejoin(webCallOf(kept), kept.connectedAt);
    this.#kept = null;
    if (!joined) {
      this.#drop();
      this.#set('gone');
      return false;
    }
    this.#set('none');
    if (this.#keptPage && this.#keptPage !== this.#options.page.pagePath) {
      this.#port.addMessage(pageChangeMessage(this.#options.page), { triggerResponseEnabled: false });
    }
    return true;
  }

  /** The visitor hangs up (or declines a kept call): nothing of it is kept. */
  hangUp(): void {
    this.#hungUp = true;
    this.#kept = null;
    this.#lastLive = null;
    this.#drop();
    if (this.#state !== 'none') this.#set('none');
  }

  /** Forgets everything kept and keeps nothing more (consent declined, `persist` off). */
  forget(): void {
    this.#hungUp = true;
    this.#drop();
    this.destroy();
  }

  /** Stops watching (the entry stays for the next page). */
  destroy(): void {
    for (const off of this.#offs.splice(0)) off();
  }

  #set(state: RestoreState): void {
    this.#state = state;
    this.#options.onChange?.();
  }

  #drop(): void {
    this.#claim?.release();
    this.#claim = null;
    if (this.#options.key) forgetConversation(this.#options.storage, this.#options.key);
  }

  #finalText(): string {
    return this.#port
      .getSnapshot()
      .conversation.map((turn) => `${turn.role}:${turn.text}`)
      .join('\n');
  }

  #changed(): void {
    if (this.#left) return;
    const { phase } = this.#port.getSnapshot();
    const was = this.#phase;
    this.#phase = phase;
    if (IN_CALL.has(phase) && !IN_CALL.has(was)) this.#hungUp = false;
    if (phase === 'active' && !this.#claim) {
      const live = this.#port.liveCall();
      if (live) void (this.#options.claim ?? claimCall)(live.webCall.id).then((claim) => (this.#claim = claim));
    }
    if (phase === 'active') this.#lastLive = this.#port.liveCall() ?? this.#lastLive;
    // A call that ended (hung up, ended by the assistant, failed): none of it comes back. Decided
    // a task later: when the page is being left, the engine may leave the call before our
    // page-hide handler ran (listener order), and that is no end.
    if ((was === 'active' || was === 'reconnecting' || was === 'ending') && phase === 'idle') {
      setTimeout(() => {
        if (this.#left || IN_CALL.has(this.#phase)) return;
        this.#hungUp = true;
        this.#lastLive = null;
        this.#drop();
      });
      return;
    }
    const finals = this.#finalText();
    if (finals === this.#finals) return;
    this.#finals = finals;
    this.#save(false);
  }

  /** Writes the entry: the turns and session id, and (at `pagehide`) the running call. */
  #save(leaving: boolean): void {
    const { key, storage } = this.#options;
    if (!key || this.#hungUp) return;
    const live = this.#port.liveCall() ?? this.#lastLive;
    const now = this.#now();
    // A kept call not yet resumed on this page is handed on unchanged.
    const call = live
      ? savedCallOf(live.webCall, live.connectedAt, now)
      : this.#kept
        ? { ...this.#kept, leftAt: now }
        : undefined;
    const entry = entryOf(this.#port, call, leaving, this.#options.page.pagePath, now);
    if (entry) writeConversation(storage, key, entry);
  }
}
