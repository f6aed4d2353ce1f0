/**
 * `runClientTools` (client-tools.ts): the dispatcher of the assistant's client-side tools. Each
 * call runs its function once with the parsed arguments; an unknown tool and a failing function
 * are reported once each, never thrown, never an unhandled rejection.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { runClientTools, type ToolError, type ToolSink } from '../../../../widget/src/core/client-tools.ts';
import type { ToolCall } from '../../../../widget/src/core/messages.ts';

function toolCalls(...calls: [string, string, unknown?][]) {
  return {
    type: 'tool-calls',
    toolCallList: calls.map(([id, name, args]) => ({ id, type: 'function', function: { name, arguments: args } })),
  };
}

function sink(taken = false) {
  const announced: ToolCall[] = [];
  const failures: ToolError[] = [];
  const value: ToolSink = {
    announce: (call) => (announced.push(call), !taken),
    fail: (error) => failures.push(error),
  };
  return { announced, failures, sink: value };
}

/** Lets microtasks and a macrotask pass (async handlers settle, rejections would be reported). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

describe('runClientTools', () => {
  test('runs the named function once, at once, with the parsed arguments and the call', () => {
    const showRoi = vi.fn();
    const { sink: s, announced, failures } = sink();
    const calls = runClientTools(toolCalls(['c1', 'showRoi', '{"section":"roi"}']), { showRoi }, s);
    expect(showRoi).toHaveBeenCalledTimes(1);
    expect(showRoi).toHaveBeenCalledWith(
      { section: 'roi' },
      { id: 'c1', name: 'showRoi', arguments: { section: 'roi' } },
    );
    expect(announced, 'announced first').toEqual(calls);
    expect(failures).toEqual([]);
  });

  test('each call of one message, in order; arguments as an object or missing', () => {
    const order: string[] = [];
    const tools = {
      a: (args: object) => void order.push(`a${JSON.stringify(args)}`),
      b: (args: object) => void order.push(`b${JSON.stringify(args)}`),
    };
    runClientTools(toolCalls(['1', 'b', { x: 1 }], ['2', 'a']), tools, sink().sink);
    expect(order).toEqual(['b{"x":1}', 'a{}']);
  });

  test('an unknown tool is one unknown-tool failure, unless a listener took it', () => {
    const { sink: s, failures } = sink();
    runClientTools(toolCalls(['c1', 'openForm']), { showRoi: () => {} }, s);
    expect(failures.map((f) => [f.type, f.tool.name, f.message])).toEqual([
      ['unknown-tool', 'openForm', 'No client tool is registered for "openForm".'],
    ]);
    const taken = sink(true);
    runClientTools(toolCalls(['c2', 'openForm']), undefined, taken.sink);
    expect(taken.failures, 'taken by a listener: no error').toEqual([]);
  });

  test('inherited names are no tools', () => {
    const { sink: s, failures } = sink();
    runClientTools(toolCalls(['c1', 'toString'], ['c2', 'constructor']), {}, s);
    expect(failures.map((f) => f.type)).toEqual(['unknown-tool', 'unknown-tool']);
  });

  test('a function that throws or rejects is one tool-failed failure each, and no unhandled rejection', async () => {
    const boom = new Error('boom');
    const { sink: s, failures } = sink();
    const later = vi.fn();
    expect(() =>
      runClientTools(
        toolCalls(['c1', 'sync'], ['c2', 'async'], ['c3', 'later']),
        {
          sync: () => {
            throw boom;
          },
          async: async () => Promise.reject(new Error('no form')),
          later,
        },
        s,
      ),
    ).not.toThrow();
    expect(later, 'a failure does not stop the next call').toHaveBeenCalledTimes(1);
    await settle();
    expect(failures.map((f) => [f.type, f.tool.id, f.message])).toEqual([
      ['tool-failed', 'c1', 'The client tool "sync" failed: boom'],
      ['tool-failed', 'c2', 'The client tool "async" failed: no form'],
    ]);
    expect(failures[0]!.cause, 'the cause is kept').toBe(boom);
    expect(unhandled).toEqual([]);
  });

  test('any other message, or a malformed call, runs nothing', () => {
    const tool = vi.fn();
    const { sink: s, announced, failures } = sink();
    runClientTools({ type: 'transcript', transcript: 'tool' }, { tool }, s);
    runClientTools(
      { type: 'tool-calls', toolCallList: [{ id: 'x', function: { name: 'tool', arguments: '{bad' } }] },
      { tool },
      s,
    );
    runClientTools(null, { tool }, s);
    expect(tool).not.toHaveBeenCalled();
    expect([announced, failures]).toEqual([[], []]);
  });
});
