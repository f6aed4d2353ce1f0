/**
 * What a `<ringwise-voice-call>` element's attributes say about a call, read where it is needed
 * rather than in the script-tag loader: the target (`elementTarget`), where consent is remembered
 * (`consentKey`), and the click's start (`startFor`). The card reads the first two for its calls
 * and messages; `startFor` is its own small file in the script-tag build (`voice-widget-start.js`,
 * chunks/entries/start.ts), loaded on intent or in idle time beside the card, so the loader carries
 * none of it: a click on a warm launcher sends `POST /call/web` in its own task, a cold one as soon
 * as that file is in (one round trip, before the card).
 */
import { requestWebCall } from '../api/web-call.ts';
import type { CallTarget, JsonObject } from '../core/types.ts';
import { keptRoomTarget, startNow, type StartNowOptions, type StartOptions } from '../core/call-request.ts';
import { pageContextOf, withPageContext } from './page-context.ts';

/** The element as read here: its attributes and its `target` property. */
export type TargetElement = Element & { target?: CallTarget | null };

/**
 * The target from `assistant-id`, else `squad-id`, else `workflow-id` (empty when none), with
 * `assistant-overrides` (a JSON object) as its overrides and every `variable-*` attribute
 * merged into their `variableValues` (an attribute wins over the same key in the
 * JSON). A workflow gets them as `workflowOverrides`, the platform's field for workflows. A
 * variable's name is the attribute's after `variable-` as the browser keeps it: lower case
 * (`variable-first_name` → `first_name`).
 * @throws SyntaxError when `assistant-overrides` is not JSON, or is JSON but not an object (the
 *   message is the parser's; `overridesMessage` in the card says which).
 */
export function targetFromAttributes(element: Element): CallTarget {
  const read = (name: string) => element.getAttribute(name)?.trim();
  const assistantId = read('assistant-id');
  const squadId = read('squad-id');
  const workflowId = read('workflow-id');
  const target: CallTarget = assistantId ? { assistantId } : squadId ? { squadId } : workflowId ? { workflowId } : {};
  const json = read('assistant-overrides');
  // Valid JSON that starts with `{` is an object; anything else fails to parse ('' is no JSON).
  const overrides = (json ? JSON.parse(json[0] == '{' ? json : '') : {}) as JsonObject;
  for (const name of element.getAttributeNames()) {
    if (name.startsWith('variable-'))
      ((overrides.variableValues ??= {}) as JsonObject)[name.slice(9)] = element.getAttribute(name);
  }
  if (json || overrides.variableValues) target[`${target.workflowId ? 'workflow' : 'assistant'}Overrides`] = overrides;
  return target;
}

/**
 * The element's target: its `target` property, else its attributes (`targetFromAttributes`), with
 * the page's title and path in its variables unless `page-context="false"` (page-context.ts): the
 * one target of the click's request and of the card's calls and messages.
 * @throws SyntaxError as `targetFromAttributes`.
 */
export function elementTarget(element: TargetElement): CallTarget {
  const target = withConsentReceipt(element.target ?? targetFromAttributes(element), element);
  return element.getAttribute('page-context')?.trim() === 'false'
    ? target
    : withPageContext(target, pageContextOf(location, document.title));
}

/**
 * The target with the consent receipt the visitor accepted (card/ask-consent.ts) in its assistant
 * overrides' `metadata.consentReceipt`, which the platform keeps on the call; unchanged without
 * `consent-required` or a stored receipt, and for squads and workflows (their overrides differ).
 */
function withConsentReceipt(target: CallTarget, element: Element): CallTarget {
  let consentReceipt: JsonObject | undefined;
  try {
    // Stored by the card as `{ consentReceipt, textKey }` (card/record/consent-receipt.ts).
    const stored = element.hasAttribute('consent-required') && localStorage.getItem(consentKey(element));
    consentReceipt =
      stored && stored[0] == '{' ? ((JSON.parse(stored) as JsonObject).consentReceipt as JsonObject) : undefined;
  } catch {
    // Storage blocked or an unreadable value: no receipt to send.
  }
  const overrides = target.assistantOverrides;
  return consentReceipt && (target.assistantId || target.assistant)
    ? {
        ...target,
        assistantOverrides: { ...overrides, metadata: { ...(overrides?.metadata as JsonObject), consentReceipt } },
      }
    : target;
}

/** A small stable hash (djb2, base 36) of a text. */
export function hashText(text: string): string {
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = ((hash * 33) ^ text.charCodeAt(i)) >>> 0;
  return hash.toString(36);
}

/**
 * The storage key of an element's consent (in `localStorage`, card/consent.ts): its
 * `consent-storage-key`, else one derived from its consent title and text, so that editing them
 * asks again.
 */
export function consentKey(element: Element): string {
  const explicit = element.getAttribute('consent-storage-key')?.trim();
  if (explicit) return explicit;
  const text = `${element.getAttribute('consent-title') ?? ''}\n${element.getAttribute('consent-content') ?? ''}`;
  return `ringwise-consent-${hashText(text)}`;
}

/** Whether `key` is in `localStorage` (false where storage is blocked: reading it throws there). */
function storedConsent(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/**
 * The click's start for `element` (`startNow`): `POST /call/web` for its target and the microphone
 * permission, both asked for in the caller's task (the element asks for the voice engine and
 * daily-js itself, at the click, before this file may be in). Nothing is sent before consent (`consent-required` without a stored decision: the card
 * asks, then sends), nor for overrides that cannot be read (the card says why), nor without a key
 * or a target. With `persist`, the room outlives the page (`roomDeleteOnUserLeaveEnabled: false`).
 * @param requests Sends the request: a demo with a scripted engine passes one that sends nothing.
 *   @default the platform's `requestWebCall`
 * @param loadDaily The element's loader of the Daily adapter: with it, the call machine starts
 *   downloading beside the request (`startNow`).
 */
export function startFor(
  element: Element,
  requests: { requestWebCall: typeof requestWebCall } = { requestWebCall },
  loadDaily?: StartNowOptions['loadDaily'],
): StartOptions {
  const attr = (name: string) => element.getAttribute(name)?.trim();
  let target: CallTarget = {};
  try {
    if (!element.hasAttribute('consent-required') || storedConsent(consentKey(element))) {
      target = elementTarget(element);
      const persist = attr('persist');
      if (persist !== undefined && persist !== 'false') target = keptRoomTarget(target);
    }
  } catch {
    // Overrides that cannot be read: nothing is sent, the card says why.
  }
  return startNow({
    token: attr('public-key'),
    baseUrl: attr('api-base-url'),
    target,
    requestWebCall: requests.requestWebCall,
    loadDaily,
  });
}
