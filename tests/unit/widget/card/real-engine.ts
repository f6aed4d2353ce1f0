/**
 * The widget mounted with the real voice engine: the core's `VoiceClient` over a fake call factory
 * and platform (tests/fixtures/fake-call.ts), the other modules loaded as the element harness loads
 * them. For card tests that need the start stages and the call's events as the core emits them.
 */
import { VoiceClient } from '../../../../widget/src/core.ts';
import { runClientTools } from '../../../../widget/src/core/client-tools.ts';
import type { EngineClientOptions, VoiceEngine } from '../../../../widget/src/conversation/engine-port.ts';
import type { LoadModule, WidgetModules } from '../../../../widget/src/ports/card-port.ts';
import type { FakeCallFactory, FakePlatform } from '../../../fixtures/fake-call.ts';
import { mount, type Mounted } from '../element/harness.ts';

/** Mounts `<ringwise-voice-call>` with `attributes`; its engine file is the real core over `factory` and `platform`. */
export function mountOnRealEngine(
  attributes: Record<string, string>,
  factory: FakeCallFactory,
  platform: FakePlatform,
): Promise<Mounted> {
  const engine: VoiceEngine = {
    VoiceClient: class extends VoiceClient {
      constructor(options: EngineClientOptions) {
        super({ ...options, callFactory: factory, platform });
      }
    },
    runClientTools,
  };
  return mount(attributes, (modules) => {
    const load = modules.load;
    modules.load = (<K extends keyof WidgetModules>(name: K, low?: boolean) =>
      name === 'engine' ? Promise.resolve(engine) : load(name, low)) as LoadModule;
  });
}

/** Resolves once `done()` holds, checked at every change of `root` (no clock: the test's own timeout bounds it). */
export function until(root: Node, done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => done() && (observer.disconnect(), resolve());
    const observer = new MutationObserver(check);
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    check();
  });
}
