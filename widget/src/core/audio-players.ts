/**
 * The players of one call's remote audio tracks: one per track, replaced when a track restarts,
 * stopped when it ends or its participant leaves, retried after the browser blocked autoplay.
 * Detached players only (the platform's): nothing is left in the page.
 */
import type { MediaTrackLike } from './call-port.ts';
import type { AudioPlayback, VoicePlatform } from './platform.ts';

/** What the players report to their session. */
export interface PlayersOwner {
  readonly platform: VoicePlatform;
  /** Whether the session is still live (results of a late `play()` are dropped otherwise). */
  live(): boolean;
  /** Whether any player is blocked by the autoplay policy changed (or was re-checked). */
  blockedChanged(blocked: boolean): void;
  /** A player started playing. */
  played(): void;
}

/** One remote audio track being played. */
interface PlayerEntry {
  participantId: string;
  player: AudioPlayback;
  /** The browser refused to autoplay it; `resume()` retries. */
  blocked: boolean;
}

/** The players of one call, by track id. */
export class AudioPlayers {
  readonly #entries = new Map<string, PlayerEntry>();
  readonly #owner: PlayersOwner;

  /** @param owner The session the players report to. */
  constructor(owner: PlayersOwner) {
    this.#owner = owner;
  }

  /** Plays `track` of `participantId`, replacing a player of the same track. */
  add(participantId: string, track: MediaTrackLike): void {
    this.#entries.get(track.id)?.player.stop();
    this.#entries.set(track.id, { participantId, player: this.#owner.platform.createAudioPlayer(track), blocked: false });
    void this.#play(track.id);
  }

  /** Retries every player the browser blocked (call it from a user gesture). */
  resume(): Promise<void> {
    return Promise.all([...this.#entries].filter(([, p]) => p.blocked).map(([id]) => this.#play(id))).then(() => {});
  }

  /** Stops and forgets the players `match` selects. */
  drop(match: (trackId: string, participantId: string) => boolean): void {
    for (const [id, entry] of this.#entries) {
      if (!match(id, entry.participantId)) continue;
      entry.player.stop();
      this.#entries.delete(id);
    }
    if (this.#owner.live()) this.#owner.blockedChanged(this.#blocked());
  }

  #blocked(): boolean {
    return [...this.#entries.values()].some((p) => p.blocked);
  }

  async #play(trackId: string): Promise<void> {
    const entry = this.#entries.get(trackId);
    if (!entry) return;
    const live = () => this.#owner.live() && this.#entries.get(trackId) === entry;
    try {
      await entry.player.play();
    } catch (error) {
      if (!live()) return;
      if ((error as { name?: unknown } | null)?.name === 'NotAllowedError') {
        entry.blocked = true;
        this.#owner.blockedChanged(true);
      } else console.error('[voice] could not play the assistant audio', error);
      return;
    }
    if (!live()) return;
    entry.blocked = false;
    this.#owner.blockedChanged(this.#blocked());
    this.#owner.played();
  }
}
