/**
 * The target from the element's id attributes. In the loader, because the click sends
 * `POST /call/web` before the card or the engine is loaded.
 */
import type { CallTarget } from '../core/types.ts';

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
