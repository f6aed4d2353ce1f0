// @vitest-environment happy-dom
/**
 * `useVoiceCall`'s host-page additions (issue 11), with Testing Library's `renderHook` and the
 * fake voice engine: `send` / `say` / `addMessage` towards the live call, `clientTools` (the latest
 * object is used, an unknown or failing tool is an `error` event, never a throw or an unhandled
 * rejection) and `dailyConfig`.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useVoiceCall, type ClientTools } from '@ringwise/voice-widget/react';
import { createFakeEngine, type FakeEngine } from '../element/fake-voice-engine.ts';
import { flush } from '../element/dom-helpers.ts';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('{}', { status: 201 }))),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

interface Props {
  clientTools?: ClientTools;
  onEvent?: (event: string, payload: unknown) => unknown;
}

/** The hook in a call on the fake engine. */
async function inCall(fake: FakeEngine, initial: Props = {}) {
  const hook = renderHook(
    (props: Props) =>
      useVoiceCall({
        publicKey: 'pk-1',
        target: { assistantId: 'asst-1' },
        loadEngine: fake.load,
        dailyConfig: { bundlePathOverride: 'https://cdn.example.com/daily/' },
        clientTools: props.clientTools,
        onEvent: props.onEvent,
      }),
    { initialProps: initial },
  );
  await act(async () => {
    void hook.result.current.start();
    await flush();
  });
  act(() => fake.client().update({ state: 'active' }));
  return hook;
}

const toolCalls = (name: string, args?: string) => ({
  type: 'tool-calls',
  toolCallList: [{ id: `id-${name}`, type: 'function', function: { name, arguments: args } }],
});

describe('useVoiceCall and the host page', () => {
  test('send, say and addMessage reach the live call; stable identities; dailyConfig reaches the client', async () => {
    const fake = createFakeEngine();
    const hook = await inCall(fake);
    const { send, say, addMessage } = hook.result.current;
    hook.rerender({});
    expect(hook.result.current.addMessage, 'stable').toBe(addMessage);
    send({ type: 'control', control: 'mute-assistant' });
    say('Bye!', true);
    addMessage({ role: 'system', content: 'The ROI calculator is on screen.' }, { triggerResponseEnabled: false });
    expect(fake.client().sent).toEqual([
      { type: 'control', control: 'mute-assistant' },
      { type: 'say', message: 'Bye!', endCallAfterSpoken: true },
      {
        type: 'add-message',
        message: { role: 'system', content: 'The ROI calculator is on screen.' },
        triggerResponseEnabled: false,
      },
    ]);
    expect(fake.client().options.dailyConfig).toEqual({ bundlePathOverride: 'https://cdn.example.com/daily/' });
  });

  test('clientTools: the latest object runs once per call with the parsed arguments; onEvent sees tool-call', async () => {
    const fake = createFakeEngine();
    const first = vi.fn();
    const second = vi.fn();
    const events: string[] = [];
    const hook = await inCall(fake, { clientTools: { showRoi: first }, onEvent: (event) => void events.push(event) });
    hook.rerender({ clientTools: { showRoi: second }, onEvent: (event) => void events.push(event) });
    act(() => fake.client().emit('message', toolCalls('showRoi', '{"focus":"savings"}')));
    expect(first, 'the old object is not used').not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledExactlyOnceWith(
      { focus: 'savings' },
      { id: 'id-showRoi', name: 'showRoi', arguments: { focus: 'savings' } },
    );
    expect(events.filter((e) => e === 'tool-call')).toEqual(['tool-call']);
  });

  test('an unknown tool and a rejecting one: one error event each, no throw, no unhandled rejection', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const fake = createFakeEngine();
    const errors: string[] = [];
    await inCall(fake, {
      clientTools: { openForm: () => Promise.reject(new Error('no modal on this page')) },
      onEvent: (event, payload) => void (event === 'error' && errors.push((payload as { type: string }).type)),
    });
    act(() => {
      fake.client().emit('message', toolCalls('missing'));
      fake.client().emit('message', toolCalls('openForm'));
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    process.off('unhandledRejection', onUnhandled);
    expect(errors).toEqual(['unknown-tool', 'tool-failed']);
    expect(unhandled).toEqual([]);
  });
});
