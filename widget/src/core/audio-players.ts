/**
 * The players of one call's remote audio tracks: one per track, replaced when a track restarts,
 * stopped when it ends or its participant leaves, retried after the browser blocked autoplay.
 * Detached players only (the platform's): nothing is left in the page.
 */
import type { MediaTrackLike } from './call-port.ts';
import type { AudioPlayback, VoicePlatform } from './platform.ts';
import { LOG_PREFIX } from './log.ts';

/** What the players report to their session. */
export interface PlayersOwner {
  readonly platform: VoicePlatform;
  /** Whether the session is still live (results of a late `play()` are dropped otherwise). */
  live(): boolean;
  /** The playback volume the page asked for (`setVolume`), or null for the default. */
  volume(): number | null;
  /** The output device the page chose (`setOutputDevice`), or null for the default. */
  sink(): string | null;
  /** Whether any player is blocked by the autoplay policy changed (or was re-checked). */
  blockedChanged(blocked: boolean): void;
  /** A player started playing (the first time: `first`). */
  played(player: AudioPlayback, first: boolean): void;
  /** A player could not start (`NotAllowedError`: autoplay blocked). */
  failed(error: Error): void;
}

/** One remote audio track being played. */
interface PlayerEntry {
  participantId: string;
  player: AudioPlayback;
  /** The browser refused to autoplay it; `resume()` retries. */
  blocked: boolean;
  /** It played at least once. */
  played?: boolean;
}

/** The players of one call, by track id. */
export class AudioPlayers {
  readonly #entries = new Map<string, PlayerEntry>();
  readonly #owner: PlayersOwner;
  /** The visitor stopped the assistant: every player, those added later too, is muted. */
  hushed = false;

  /** @param owner The session the players report to. */
  constructor(owner: PlayersOwner) {
    this.#owner = owner;
  }

  /** Plays `track` of `participantId` at the page's volume, replacing a player of the same track. */
  add(participantId: string, track: MediaTrackLike): void {
    this.#entries.get(track.id)?.player.stop();
    const player = this.#owner.platform.createAudioPlayer(track);
    this.#entries.set(track.id, { participantId, player, blocked: false });
    this.setVolume(this.#owner.volume(), player);
    if (this.hushed) player.setMuted?.(true);
    this.setSink(this.#owner.sink(), player).catch((error: unknown) => console.error(`${LOG_PREFIX} setSinkId`, error));
    void this.#play(track.id);
  }

  /** Applies `volume` (0..1; null: leave as is) to one player, or to all of them. */
  setVolume(volume: number | null, player?: AudioPlayback): void {
    if (volume === null) return;
    for (const p of player ? [player] : [...this.#entries.values()].map((e) => e.player)) p.setVolume?.(volume);
  }

  /** Mutes every player at once (the visitor stopped the assistant), or plays them again. */
  hush(hushed: boolean): void {
    this.hushed = hushed;
    for (const { player } of this.#entries.values()) player.setMuted?.(hushed);
  }

  /** Routes one player, or all of them, to the output `deviceId` (null: leave as is); rejects when one cannot. */
  async setSink(deviceId: string | null, player?: AudioPlayback): Promise<void> {
    if (deviceId === null) return;
    await Promise.all(
      (player ? [player] : [...this.#entries.values()].map((e) => e.player)).map((p) => p.setSinkId?.(deviceId)),
    );
  }

  /** Retries every player the browser blocked (call it from a user gesture). */
  resume(): Promise<unknown> {
    return Promise.all([...this.#entries].filter(([, p]) => p.blocked).map(([id]) => this.#play(id)));
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
      console.error(`${LOG_PREFIX} play`, error);
      if ((error as { name?: unknown } | null)?.name === 'NotAllowedError') {
        entry.blocked = true;
        this.#owner.blockedChanged(true);
      }
      this.#owner.failed(error as Error);
      return;
    }
    if (!live()) return;
    entry.blocked = false;
    this.#owner.blockedChanged(this.#blocked());
    const first = !entry.played;
    entry.played = true;
    this.#owner.played(entry.player, first);
  }
}
