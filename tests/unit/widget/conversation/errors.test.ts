import { describe, expect, test } from 'vitest';
import { WidgetError, isWidgetError } from '../../../../widget/src/conversation/errors.ts';
import { ToolError, isToolError } from '../../../../widget/src/core/errors/tool-error.ts';

describe('WidgetError', () => {
  test('name, stable type, load failure and the standard cause', () => {
    const cause = new TypeError('Failed to fetch');
    const failure = {
      file: 'voice-widget-engine.js',
      url: 'https://cdn.example/voice-widget-engine.js',
      reason: 'offline',
      status: 0,
      help: 'The visitor is offline.',
    } as const;
    const error = new WidgetError('engine-load-failed', 'could not load', { failure, cause });
    expect(error, 'an Error').toBeInstanceOf(Error);
    expect(error.name, 'name').toBe('WidgetError');
    expect(error.type, 'type').toBe('engine-load-failed');
    expect(error.failure, 'the load failure').toEqual(failure);
    expect(error.cause, 'cause').toBe(cause);
    expect('failure' in new WidgetError('no-target', 'no target'), 'no failure field without one').toBe(false);
  });

  test('isWidgetError compares the name (another bundle copy counts) and the type', () => {
    const copy = Object.assign(new Error('x'), { name: 'WidgetError', type: 'no-target' });
    expect(isWidgetError(copy), 'a copy from another bundle').toBe(true);
    expect(isWidgetError(copy, 'no-target'), 'of the type').toBe(true);
    expect(isWidgetError(copy, 'not-configured'), 'of another type').toBe(false);
    expect(isWidgetError(new Error('x')), 'a plain Error').toBe(false);
    expect(isWidgetError({ name: 'WidgetError' }), 'not an Error').toBe(false);
  });
});

describe('ToolError', () => {
  test('name, type, the tool call and the cause; isToolError by name and type', () => {
    const tool = { id: 't1', name: 'scroll', arguments: {} };
    const cause = new Error('boom');
    const error = new ToolError('tool-failed', 'The client tool "scroll" failed: boom', tool, cause);
    expect(error.name, 'name').toBe('ToolError');
    expect(error.tool, 'the call').toBe(tool);
    expect(error.cause, 'cause').toBe(cause);
    expect(isToolError(error, 'tool-failed'), 'guard with type').toBe(true);
    expect(isToolError(error, 'unknown-tool'), 'other type').toBe(false);
    expect(isToolError(new WidgetError('no-target', 'x')), 'a widget error is no tool error').toBe(false);
  });
});

describe('the errors the controller emits', () => {
  test('a widget-level failure is a WidgetError with its type, and an engine that failed to load is its cause', async () => {
    const { ConversationController } = await import('../../../../widget/src/conversation/controller.ts');
    const events: unknown[] = [];
    const loadError = new TypeError('Failed to fetch dynamically imported module');
    const controller = new ConversationController({
      loadEngine: () => Promise.reject(loadError),
      onEvent: (event, payload) => event === 'error' && events.push(payload),
    });
    await controller.start({ assistantId: 'a' });
    controller.configure({ publicKey: 'pk' });
    await controller.start({ assistantId: 'a' });
    const [missingKey, failedLoad] = events as WidgetError[];
    expect(isWidgetError(missingKey, 'not-configured'), 'no key: a WidgetError of its type').toBe(true);
    expect(missingKey?.cause, 'a message is no cause').toBeUndefined();
    expect(isWidgetError(failedLoad, 'engine-load-failed'), 'failed load: a WidgetError of its type').toBe(true);
    expect([failedLoad?.message, failedLoad?.cause], 'the load error is the cause').toEqual([
      loadError.message,
      loadError,
    ]);
  });
});
