/**
 * The voice client's one call at a time: the live session, the chain of call objects being
 * destroyed (Daily allows one at a time), how a start or reconnect runs (a new session, its
 * stages, success or failure) and how a session ends. It is the `SessionHost` its sessions report
 * through; the client keeps the public API.
 */
import type { CallFactory } from './call-port.ts';
import type { MicrophoneStream } from './platform.ts';
import { CANCELLED, toVoiceError } from './start-stages.ts';
import type { ProgressStage, StartProgress, WebCall } from './types.ts';
import { latencyMeter } from './latency.ts';
import { IDLE, VoiceSession, type ClientPort, type SessionHost } from './voice-session.ts';

/** What the slot needs from the client. */
export interface SlotOwner extends ClientPort {
  /** The call engine's factory (loaded on first use). */
  loadFactory(): Promise<CallFactory>;
  /** The client's `end()` (on page hide). */
  hangUp(): void;
  /** The client's `video` option. */
  readonly video: boolean;
}

/** One call at a time, and the sessions' host. */
export interface CallSlot extends SlotOwner {}

/** One call at a time, and the sessions' host (the owner's members are its own). */
export class CallSlot implements SessionHost {
  /** The live session (starting or in a call), or none. */
  declare session?: VoiceSession | null;
  /** Resolves when the last call object is destroyed; the next one is created only after it. */
  closing: Promise<void> = Promise.resolve();

  /** @param owner The client. */
  constructor(owner: SlotOwner) {
    Object.assign(this, owner);
  }

  progress(stage: ProgressStage, status: StartProgress['status'], extra?: Partial<StartProgress>): void {
    this.emit('call-start-progress', { stage, status, timestamp: Date.now(), ...extra });
  }

  isCurrent(session: VoiceSession): boolean {
    return this.session === session;
  }

  /**
   * Runs one start or reconnect: a new session, `begin` (the stages that get the web call; it
   * calls `load` when the engine should start loading), then the session's connect. `keepRoom`:
   * the room outlives the page (page hide leaves the call without ending it). `microphone`: a
   * permission request already in flight, adopted. `clickedAt`: when the visitor asked (latency). Any failure emits `call-start-failed` and
   * `error` and tears the session down.
   * @returns The web call once joined, or null.
   */
  async run(
    begin: (s: VoiceSession, load: () => void) => Promise<WebCall>,
    keepRoom = false,
    microphone?: Promise<MicrophoneStream>,
    clickedAt?: number,
  ): Promise<WebCall | null> {
    const startedAt = Date.now();
    const s = new VoiceSession(this);
    const now = () => this.platform.now?.() ?? performance.now();
    s.latency = latencyMeter(now, clickedAt ?? now(), (figures) => this.emit('latency', figures));
    this.session = s;
    this.set({ state: 'starting', error: null, callId: null });
    let factory!: Promise<CallFactory>;
    const load = () => {
      // The engine chunk loads while POST /call/web is in flight, not before it.
      factory = this.loadFactory();
      factory.catch(() => {});
      // Everything the join waits for starts now, beside POST /call/web: the engine chunk (above),
      // the microphone permission and, on phones, the pause after it (awaited in the
      // `mobile-permissions` stage, whose events keep their place in the order).
      s.permission = s.askMicrophone(microphone);
      // Leaving the page ends the call, unless its room is kept for a rejoin on the next page
      // (`roomDeleteOnUserLeaveEnabled: false`, or a reconnect): then the page only leaves it.
      s.offs.push(this.platform.onPageHide(() => (keepRoom ? this.end(s) : this.hangUp())));
    };
    try {
      const webCall = await begin(s, load);
      await s.connect(webCall, factory, () => this.closing, this.video);
      this.set({ state: 'active', stage: null });
      this.emit('call-start-success', { callId: webCall.id, totalDuration: Date.now() - startedAt });
      return webCall;
    } catch (caught) {
      if (caught === CANCELLED || this.session !== s) {
        this.progress(s.stage, 'failed', { reason: 'cancelled' });
      } else {
        const error = toVoiceError(caught, null, s.stage);
        this.end(s);
        this.set({ error });
        this.emit('call-start-failed', { stage: s.stage, error, totalDuration: Date.now() - startedAt });
        this.emit('error', error);
      }
      await this.closing;
      return null;
    }
  }

  /**
   * Ends a session: the client is ready for the next start at once (state `ending` while a
   * joined call object is destroyed, then `idle`); the session releases its resources and the
   * call object is destroyed after the previous one.
   */
  end(s: VoiceSession): void {
    if (this.session !== s) return;
    this.session = null;
    // Everything but the state resets now, so a start during `ending` begins from a clean snapshot.
    this.set({ ...IDLE, state: s.joined ? 'ending' : 'idle' });
    const destroy = s.release();
    const previous = this.closing;
    this.closing = (async () => {
      await previous;
      await destroy();
      if (!this.session) this.set({ ...IDLE });
    })();
  }
}
