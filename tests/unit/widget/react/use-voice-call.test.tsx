// @vitest-environment happy-dom
import { act, StrictMode, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { useVoiceCall, type UseVoiceCallResult } from '../../../../widget/src/react/index.ts';
import { createFakeEngine, type FakeEngine } from '../element/fake-voice-engine.ts';
import { flush, getByRole } from '../element/dom-helpers.ts';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
let host: HTMLElement | null = null;

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = null;
  vi.restoreAllMocks();
});

function CallButton(props: { fake: FakeEngine; publicKey: string; onResult?: (r: UseVoiceCallResult) => void }) {
  const call = useVoiceCall({ publicKey: props.publicKey, target: { assistantId: 'asst-1' }, loadEngine: props.fake.load });
  useEffect(() => {
    props.onResult?.(call);
  });
  return (
    <div>
      <button type="button" onClick={() => void call.toggle()} onPointerEnter={call.preload}>
        {call.phase === 'idle' ? 'Talk to Our Agent' : 'Hang Up'}
      </button>
      <p role="status">{call.problem ? call.problem.type : call.phase}</p>
    </div>
  );
}

async function render(element: React.ReactElement) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(element));
  return host;
}

describe('useVoiceCall', () => {
  test('under StrictMode a click makes exactly one client and one call', async () => {
    const fake = createFakeEngine();
    const view = await render(
      <StrictMode>
        <CallButton fake={fake} publicKey="pk-1" />
      </StrictMode>,
    );
    expect(fake.loads, 'nothing loads on mount').toBe(0);
    await act(async () => {
      getByRole(view, 'button', 'Talk to Our Agent').click();
      await flush();
    });
    expect(fake.clients.length, 'one client').toBe(1);
    expect(fake.client().starts, 'one start').toEqual([{ assistantId: 'asst-1' }]);
    expect(getByRole(view, 'button', 'Hang Up'), 'Hang Up while starting').toBeTruthy();
    await act(async () => {
      getByRole(view, 'button', 'Hang Up').click();
      await flush();
    });
    await act(async () => {
      getByRole(view, 'button', 'Talk to Our Agent').click();
      await flush();
    });
    expect(fake.clients.length, 'still one client after a second call').toBe(1);
    expect(fake.client().starts.length, 'second call on the same client').toBe(2);
  });

  test('state follows the client snapshot; unmount ends the call and destroys the client', async () => {
    const fake = createFakeEngine();
    let latest: UseVoiceCallResult | null = null;
    const view = await render(<CallButton fake={fake} publicKey="pk-1" onResult={(r) => (latest = r)} />);
    await act(async () => {
      getByRole(view, 'button', 'Talk to Our Agent').click();
      await flush();
    });
    const client = fake.client();
    await act(async () => client.update({ state: 'active', speaking: true, volume: 0.4 }));
    expect(latest!.phase, 'active').toBe('active');
    expect(latest!.speaking, 'speaking').toBe(true);
    expect(latest!.volume, 'volume').toBe(0.4);
    await act(async () => latest!.setMuted(true));
    expect(latest!.muted, 'muted').toBe(true);
    act(() => root!.unmount());
    root = null;
    expect(client.stops, 'unmount hung up').toBe(1);
    expect(client.destroyed, 'unmount destroyed the client').toBe(true);
    expect(client.handlerCount(), 'no handlers left').toBe(0);
  });

  test('without a public key, start logs an error, loads nothing and reports not-configured', async () => {
    const fake = createFakeEngine();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = await render(<CallButton fake={fake} publicKey="" />);
    await act(async () => {
      getByRole(view, 'button', 'Talk to Our Agent').click();
      await flush();
    });
    expect(error, 'missing client logged').toHaveBeenCalledTimes(1);
    expect(fake.loads, 'does nothing else').toBe(0);
    expect(getByRole(view, 'status').textContent, 'inline problem').toBe('not-configured');
  });

  test('preload on intent loads the engine once', async () => {
    const fake = createFakeEngine();
    const view = await render(<CallButton fake={fake} publicKey="pk" />);
    const button = getByRole(view, 'button', 'Talk to Our Agent');
    await act(async () => {
      button.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));
      button.dispatchEvent(new MouseEvent('pointerenter', { bubbles: false }));
      await flush();
    });
    expect(fake.loads, 'engine loaded on intent').toBe(1);
    expect(fake.client().preloads, 'daily preloaded').toBe(1);
  });
});
