/**
 * What the assistant is told about the page (the `page-context` option, on by default): the
 * page's title and its address without query string or fragment (they may carry tokens or
 * personal data), as template variables `pageTitle` / `pagePath` in the call's overrides, and,
 * after a rejoin on another page, one silent system message naming the new page.
 */
import type { ConversationMessage } from '../core/messages.ts';
import type { CallTarget, JsonObject } from '../core/types.ts';

/** What is sent about the page. */
export interface PageContext {
  /** `document.title` (at most 200 characters). */
  readonly pageTitle: string;
  /** `location.origin + location.pathname`: never the query string or the fragment. */
  readonly pagePath: string;
}

/** The page's context from its location and title. */
export function pageContextOf(location: Pick<Location, 'origin' | 'pathname'>, title: string): PageContext {
  return { pageTitle: title.slice(0, 200), pagePath: location.origin + location.pathname };
}

/**
 * The target with `pageTitle` / `pagePath` in its overrides' `variableValues` (the owner's own
 * values win): `assistantOverrides` for an assistant, `workflowOverrides` for a workflow. A
 * squad's members have their own overrides: a squad target is returned unchanged. (Written small:
 * the script-tag loader carries it, for the click's request.)
 */
export function withPageContext(target: CallTarget, context: PageContext): CallTarget {
  const field = target.workflowId || target.workflow ? 'workflowOverrides' : 'assistantOverrides';
  const overrides = target[field];
  return target.squadId || target.squad
    ? target
    : {
        ...target,
        [field]: { ...overrides, variableValues: { ...context, ...(overrides?.variableValues as JsonObject) } },
      };
}

/** The silent system message a rejoin on another page sends (with `triggerResponseEnabled: false`). */
export function pageChangeMessage(context: PageContext): ConversationMessage {
  const title = context.pageTitle ? `"${context.pageTitle}" ` : '';
  return {
    role: 'system',
    content: `The visitor opened another page of the site during the call: ${title}(${context.pagePath}).`,
  };
}
