/**
 * `ViewStore`: the immutable `CallView` and its subscribers (a new object per change, for
 * `useSyncExternalStore`), plus the turn ids. The controller holds one as a member and hands it to
 * its helpers (the call commands, the chat session); its state is private to this file.
 */
import { appendTurns } from './turns.ts';
import { IDLE_VIEW, type CallView, type Turn } from './view.ts';

/** A change of the view. */
export type Patch = { -readonly [K in keyof CallView]?: CallView[K] };

/** See the module comment. */
export class ViewStore {
  #view: CallView = IDLE_VIEW;
  #listeners = new Set<() => void>();
  #nextTurn = 1;

  /** The current view (replaced, never mutated). */
  get view(): CallView {
    return this.#view;
  }

  /** Current view (stable identity until something changes). */
  getSnapshot = (): CallView => this.#view;

  /** Subscribes to view changes; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /** Applies `patch`; subscribers hear of it only when something changed. */
  set(patch: Patch): void {
    let changed = false;
    for (const key of Object.keys(patch) as (keyof CallView)[]) {
      if (this.#view[key] !== patch[key]) changed = true;
    }
    if (!changed) return;
    this.#view = { ...this.#view, ...patch };
    this.#emit();
  }

  /** Appends turns (with `patch`, in one change), timed now unless given `at`; returns the last one's id. */
  push(turns: Omit<Turn, 'id'>[], patch: Patch = {}): number {
    const added = turns.map((turn) => ({ id: this.#nextTurn++, at: Date.now(), ...turn }));
    this.set({ ...patch, conversation: appendTurns(this.#view.conversation, added) });
    return this.#nextTurn - 1;
  }

  /** Back to the idle view (subscribers are told). */
  reset(): void {
    this.#view = IDLE_VIEW;
    this.#emit();
  }

  /** Tells every subscriber (iterating over a copy: one may unsubscribe another). */
  #emit(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}
