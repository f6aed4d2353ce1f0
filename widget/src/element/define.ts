/** Registers the element once per page (and never outside a browser). */
import type { LoadModule } from '../ports/card-port.ts';
import type { RequestHelpers } from '../conversation/conversation-events.ts';
import { ELEMENT_NAME } from './options.ts';
import { createVoiceCallElement } from './voice-call-element.ts';

/**
 * Defines the element once under `name` (a second call, or a second copy of the loader, reuses
 * the first definition). Returns the registered constructor, or `undefined` outside a browser.
 * `trusts`: see `createVoiceCallElement`.
 */
export function defineVoiceCallElement(
  load: LoadModule,
  name: string = ELEMENT_NAME,
  requests?: RequestHelpers,
  trusts?: (element: HTMLElement) => boolean,
): CustomElementConstructor | undefined {
  if (typeof customElements === 'undefined') return undefined;
  const existing = customElements.get(name);
  if (existing) return existing;
  const element = createVoiceCallElement(load, requests, trusts);
  customElements.define(name, element);
  return element;
}
