import type { CallTarget } from './types.ts';

/**
 * True when `target` names an assistant, squad or workflow (`assistant` | `assistantId` | `squad`
 * | `squadId` | `workflow` | `workflowId`): what `POST /call/web` and `POST /chat/web` require.
 * Overrides alone are not a target.
 */
export function hasCallTarget(target: CallTarget | null | undefined): target is CallTarget {
  const t = target ?? {};
  return !!(t.assistant || t.assistantId || t.squad || t.squadId || t.workflow || t.workflowId);
}
