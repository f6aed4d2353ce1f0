/**
 * The target from the element's attributes. In the loader, because the click sends
 * `POST /call/web` before the card or the engine is loaded, and that request must carry the same
 * overrides as every later one. Terse for the loader's budget: the card puts what it throws into
 * words (`overridesMessage`, card/submit.ts).
 */
import type { CallTarget, JsonObject } from '../core/types.ts';

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
    if (name.startsWith('variable-')) ((overrides.variableValues ??= {}) as JsonObject)[name.slice(9)] = element.getAttribute(name);
  }
  if (json || overrides.variableValues) target[`${target.workflowId ? 'workflow' : 'assistant'}Overrides`] = overrides;
  return target;
}
