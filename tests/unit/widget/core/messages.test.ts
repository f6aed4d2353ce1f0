/**
 * Host ↔ agent core pieces: `VoiceClient.addMessage` (the `add-message` app message) and
 * `toolCallsOf` (the platform's client-side `tool-calls` message, shaped as the platform's own
 * `ClientMessageToolCalls`: `toolCallList[]` of `{ id, type: 'function', function: { name, arguments } }`).
 */
import { describe, expect, it } from 'vitest';
import { toolCallsOf } from '../../../../widget/src/core/messages.ts';
import type { VoiceMessage } from '../../../../widget/src/core/types.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import { makeClient, webCall } from './harness.ts';

const server = loopbackForFile();

async function active() {
  server.route('POST', '/call/web', { status: 201, body: webCall() });
  const ctx = makeClient(server);
  await ctx.client.start({ assistantId: 'a' });
  return { ...ctx, call: ctx.factory.last };
}

describe('VoiceClient.addMessage', () => {
  it('sends { type: "add-message", message } into the live call, with triggerResponseEnabled only when given', async () => {
    const { client, call } = await active();
    client.addMessage({ role: 'user', content: 'Can you call me back at 5?' });
    client.addMessage(
      { role: 'system', content: 'The visitor opened the pricing page.' },
      { triggerResponseEnabled: false },
    );
    expect(call.messages(), 'exact app messages').toEqual([
      { type: 'add-message', message: { role: 'user', content: 'Can you call me back at 5?' } },
      {
        type: 'add-message',
        message: { role: 'system', content: 'The visitor opened the pricing page.' },
        triggerResponseEnabled: false,
      },
    ]);
    await client.stop();
  });

  it('sends only role and content, whatever else the object carries', async () => {
    const { client, call } = await active();
    const message = Object.assign({ role: 'user', content: 'Hi' }, { id: 'local-1', pending: true });
    client.addMessage(message);
    expect(call.messages(), 'role and content only').toEqual([
      { type: 'add-message', message: { role: 'user', content: 'Hi' } },
    ]);
    await client.stop();
  });

  it('is a no-op without a call', () => {
    const { client } = makeClient(server);
    expect(() => client.addMessage({ role: 'user', content: 'Hello?' }), 'nothing thrown').not.toThrow();
  });

  it.each([
    ['no content', { role: 'user' }],
    ['a number as content', { role: 'user', content: 42 }],
    ['an empty role', { role: '', content: 'x' }],
    ['null', null],
  ])('rejects %s with a validation-error, sending nothing', async (_label, message) => {
    const { client, call } = await active();
    expect(() => client.addMessage(message as never), 'thrown').toThrow(
      expect.objectContaining({
        type: 'validation-error',
        message: 'addMessage needs a message with a string role and content.',
      }),
    );
    expect(call.messages(), 'nothing sent').toEqual([]);
    await client.stop();
  });
});

describe('toolCallsOf', () => {
  const message = (toolCallList: unknown, type = 'tool-calls') => ({ type, toolCallList });

  it('reads every function call: arguments as a JSON string, an object, or none', () => {
    expect(
      toolCallsOf(
        message([
          { id: 'call_1', type: 'function', function: { name: 'showRoiCalculator', arguments: '{"hours":12}' } },
          {
            id: 'call_2',
            type: 'function',
            function: { name: 'openContactForm', arguments: { topic: 'pricing', urgent: true } },
          },
          { id: 'call_3', type: 'function', function: { name: 'scrollToTop' } },
          { id: 'call_4', type: 'function', function: { name: 'noArgs', arguments: '' } },
        ]),
      ),
      'calls',
    ).toEqual([
      { id: 'call_1', name: 'showRoiCalculator', arguments: { hours: 12 } },
      { id: 'call_2', name: 'openContactForm', arguments: { topic: 'pricing', urgent: true } },
      { id: 'call_3', name: 'scrollToTop', arguments: {} },
      { id: 'call_4', name: 'noArgs', arguments: {} },
    ]);
  });

  it('skips malformed entries and keeps the good ones', () => {
    const good = { id: 'ok', type: 'function', function: { name: 'fine', arguments: '{}' } };
    expect(
      toolCallsOf(
        message([
          null,
          'call',
          { id: 'no-function', type: 'function' },
          { id: 'no-name', function: { arguments: '{}' } },
          { function: { name: 'no-id', arguments: '{}' } },
          { id: 'bad-json', function: { name: 'x', arguments: '{"unterminated' } },
          { id: 'array-args', function: { name: 'x', arguments: '[1,2]' } },
          { id: 'number-args', function: { name: 'x', arguments: 7 } },
          good,
        ]),
      ),
      'only the good entry',
    ).toEqual([{ id: 'ok', name: 'fine', arguments: {} }]);
  });

  it.each([
    ['another message type', message([{ id: 'x', function: { name: 'y' } }], 'transcript')],
    ['no toolCallList', { type: 'tool-calls' }],
    ['a toolCallList that is not an array', { type: 'tool-calls', toolCallList: {} }],
    ['a string', 'tool-calls'],
    ['null', null],
    ['undefined', undefined],
  ])('returns [] for %s, never throwing', (_label, value) => {
    expect(toolCallsOf(value), 'no calls').toEqual([]);
  });

  it('reads the tool-calls message as a live call delivers it on the message event', async () => {
    const { client, call } = await active();
    const received: VoiceMessage[] = [];
    client.on('message', (m) => received.push(m));
    call.receive({
      type: 'tool-calls',
      toolCallList: [
        { id: 'call_9', type: 'function', function: { name: 'openContactForm', arguments: '{"topic":"demo"}' } },
      ],
      toolWithToolCallList: [{ type: 'function', function: { name: 'openContactForm' }, toolCall: { id: 'call_9' } }],
      timestamp: 1767225600000,
    });
    expect(received.flatMap(toolCallsOf), 'parsed from the event').toEqual([
      { id: 'call_9', name: 'openContactForm', arguments: { topic: 'demo' } },
    ]);
    await client.stop();
  });
});
