/**
 * The scripted clients' shell: the real clients' own (`ObservableClient`: snapshot, subscribers,
 * typed events, `state-change` on a new state) with two levers open to whoever drives a scripted
 * client: the scripted engines (scripted-engines.ts), an app's tests, and the widget's own UI tests.
 */
import { ObservableClient } from '../core/observable.ts';

/** See the module comment. */
export abstract class ScriptedObservable<
  Snapshot extends { readonly state: string },
  Events extends { 'state-change': Snapshot['state'] },
> extends ObservableClient<Snapshot, Events> {
  /** Lever: replaces snapshot fields (a stage reached, the assistant speaking, a reply streaming). */
  update(patch: Partial<Snapshot>): void {
    this.set(patch);
  }

  /** Lever: emits a client event (a transcript message, a status update). */
  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    this.events.emit(event, payload);
  }
}
