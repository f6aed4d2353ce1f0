/**
 * `ViewStore`: the immutable `CallView` and its subscribers (a new object per change, for
 * `useSyncExternalStore`), plus the turn ids. The controller extends it; its members ending in
 * `_` are internal (shared with the controller's helpers, not part of the controller's API).
 */
import { appendTurns } from './turns.ts';
import { IDLE_VIEW, type CallView, type Turn } from './view.ts';

/** A change of the view. */
export type Patch = { -readonly [K in keyof CallView]?: CallView[K] };

/** See the module comment. */
export class ViewStore {
  /** The current view (replaced, never mutated). */
  view_: CallView = IDLE_VIEW;
  #listeners = new Set<() => void>();
  #nextTurn = 1;

  /** Current view (stable identity until something changes). */
  getSnapshot = (): CallView => this.view_;

  /** Subscribes to view changes; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /** Applies `patch`; subscribers hear of it only when something changed. */
  set_(patch: Patch): void {
    let changed = false;
    for (const key of Object.keys(patch) as (keyof CallView)[]) {
      if (this.view_[key] !== patch[key]) changed = true;
    }
    if (!changed) return;
    this.view_ = { ...this.view_, ...patch };
    this.emit_();
  }

  /** Appends turns (with `patch`, in one change); returns the last one's id. */
  push_(turns: Omit<Turn, 'id'>[], patch: Patch = {}): number {
    const added = turns.map((turn) => ({ id: this.#nextTurn++, ...turn }));
    this.set_({ ...patch, conversation: appendTurns(this.view_.conversation, added) });
    return this.#nextTurn - 1;
  }

  /** Back to the idle view (subscribers are told). */
  reset_(): void {
    this.view_ = IDLE_VIEW;
    this.emit_();
  }

  /** Tells every subscriber (iterating over a copy: one may unsubscribe another). */
  emit_(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}
