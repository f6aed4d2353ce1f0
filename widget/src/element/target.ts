/**
 * What the element calls or chats with: its `target` property, else its id attributes. In the
 * loader, because the click sends `POST /call/web` before the card or the engine is loaded.
 */
import type { CallTarget } from '../core/types.ts';

/** True when a target names an assistant, squad or workflow. */
export function hasTarget(target: CallTarget): boolean {
  return !!(target.assistant || target.assistantId || target.squad || target.squadId || target.workflow || target.workflowId);
}

/** The target from `assistant-id`, else `squad-id`, else `workflow-id` (empty when none). */
export function targetFromAttributes(element: Element): CallTarget {
  const read = (name: string) => element.getAttribute(name)?.trim();
  const assistantId = read('assistant-id');
  const squadId = read('squad-id');
  const workflowId = read('workflow-id');
  if (assistantId) return { assistantId };
  if (squadId) return { squadId };
  if (workflowId) return { workflowId };
  return {};
}
