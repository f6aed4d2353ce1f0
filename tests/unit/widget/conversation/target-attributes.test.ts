// @vitest-environment happy-dom
/**
 * `targetFromAttributes` (conversation/element-start.ts): the target the click's early request and every
 * later call and chat message use — the id attributes, `assistant-overrides` and `variable-*`.
 */
import { describe, expect, test } from 'vitest';
import { targetFromAttributes } from '../../../../widget/src/conversation/element-start.ts';

function element(attributes: Record<string, string>): Element {
  const el = document.createElement('div');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  return el;
}

describe('targetFromAttributes', () => {
  test('assistant, else squad, else workflow; nothing else added without overrides', () => {
    expect(targetFromAttributes(element({ 'assistant-id': ' a1 ', 'squad-id': 's1' }))).toEqual({ assistantId: 'a1' });
    expect(targetFromAttributes(element({ 'squad-id': 's1', 'workflow-id': 'w1' }))).toEqual({ squadId: 's1' });
    expect(targetFromAttributes(element({ 'workflow-id': 'w1' }))).toEqual({ workflowId: 'w1' });
    expect(targetFromAttributes(element({}))).toEqual({});
  });

  test('assistant-overrides is sent as parsed, exactly', () => {
    const overrides = { firstMessage: 'Hi!', variableValues: { plan: 'pro' }, voice: { speed: 1.1 } };
    expect(
      targetFromAttributes(element({ 'assistant-id': 'a1', 'assistant-overrides': ` ${JSON.stringify(overrides)} ` })),
    ).toEqual({
      assistantId: 'a1',
      assistantOverrides: overrides,
    });
  });

  test('variable-* merge into variableValues, the attribute winning; the name kept after variable-', () => {
    const el = element({
      'assistant-id': 'a1',
      'assistant-overrides': '{"firstMessage":"Hi {{name}}","variableValues":{"name":"Bob","plan":"pro"}}',
      'variable-name': 'Ada',
      'variable-first_name': 'Ada L.',
      'data-variable-x': 'not a variable-* attribute',
    });
    expect(targetFromAttributes(el)).toEqual({
      assistantId: 'a1',
      assistantOverrides: {
        firstMessage: 'Hi {{name}}',
        variableValues: { name: 'Ada', plan: 'pro', first_name: 'Ada L.' },
      },
    });
    expect(
      targetFromAttributes(element({ 'squad-id': 's1', 'variable-name': '' })),
      'an empty value is a value',
    ).toEqual({
      squadId: 's1',
      assistantOverrides: { variableValues: { name: '' } },
    });
  });

  test('HTML lower-cases attribute names: variable-firstName arrives as firstname', () => {
    const host = document.createElement('div');
    host.innerHTML = '<p variable-firstName="Ada"></p>';
    expect(targetFromAttributes(host.firstElementChild!)).toEqual({
      assistantOverrides: { variableValues: { firstname: 'Ada' } },
    });
  });

  test('a workflow gets them as workflowOverrides', () => {
    expect(targetFromAttributes(element({ 'workflow-id': 'w1', 'variable-name': 'Ada' }))).toEqual({
      workflowId: 'w1',
      workflowOverrides: { variableValues: { name: 'Ada' } },
    });
  });

  test('overrides that are not a JSON object throw (nothing may be sent with them)', () => {
    for (const json of ['{"firstMessage":', "{firstMessage:'Hi'}", '[1]', '"text"', '42', 'null']) {
      expect(() => targetFromAttributes(element({ 'assistant-id': 'a1', 'assistant-overrides': json })), json).toThrow(
        SyntaxError,
      );
    }
    expect(
      targetFromAttributes(element({ 'assistant-id': 'a1', 'assistant-overrides': '  ' })),
      'blank is none',
    ).toEqual({ assistantId: 'a1' });
  });
});
