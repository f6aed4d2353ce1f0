/**
 * The voice engine contract: the same scenarios run against the REAL `VoiceClient` (through its
 * ports: a scripted Daily call object, a fake platform, the loopback provider) and against every
 * fake the tests and the /widget gallery use (voice-subjects.ts). What a UI observes through the
 * port (phases including `ending`, the lifecycle events, the errors emitted, what `start()`
 * resolves with) must be the same; the real client's sequence is also written out, so the
 * contract itself is reviewed here.
 */
import { contractSuite, traceVoice, TARGET, useLoopback } from './trace.ts';
import { realVoice, VOICE_FAKES, type VoiceOutcome, type VoiceSubject } from './voice-subjects.ts';

const server = useLoopback();

/** What one implementation did in one scenario. */
interface Observed {
  trace: string[];
  /** What `start()` resolved with: `call` or `null` (none: not started; `rejected:<type>`). */
  result: string;
  /** `snapshot.muted` after the scenario. */
  muted: boolean;
  /** What the device methods answered, in order (`devices` scenarios). */
  devices: string[];
}

/** A scenario: what the UI does, given the outcome the start is scripted to reach. */
interface Scenario {
  name: string;
  outcome: VoiceOutcome;
  /**
   * Runs the UI's side; returns the start's promise when it started one (boxed: an async function
   * would flatten it). `note` records what a device method answered.
   */
  act(subject: VoiceSubject, note: (entry: string) => void): Promise<{ start?: Promise<unknown> }>;
  /** The real client's sequence. */
  expected: string[];
  result: 'call' | 'null' | 'none' | `rejected:${string}`;
  muted?: boolean;
  devices?: string[];
}

const STARTING = ['state:starting', 'on:state-change:starting'];
const CONNECTED = [...STARTING, 'state:active', 'on:state-change:active', 'on:call-start-success'];
const ENDED = [
  'state:ending',
  'on:state-change:ending',
  'on:call-end',
  'on:status-update:ended',
  'state:idle',
  'on:state-change:idle',
];
const failed = (type: string) => [
  ...STARTING,
  'state:idle',
  'on:state-change:idle',
  `error-in-snapshot:${type}`,
  `on:call-start-failed:${type}`,
  `on:error:${type}`,
];

/** Starts and brings the start to its outcome. */
async function started(subject: VoiceSubject): Promise<{ start: Promise<unknown> }> {
  const start = subject.client.start(TARGET);
  await subject.advance();
  return { start };
}

/** How a device method settled: `ok`, or `rejected <error name>`. */
async function settledAs(action: Promise<unknown> | undefined): Promise<string> {
  if (!action) return 'missing';
  return action.then(
    () => 'ok',
    (error: unknown) => `rejected ${(error as Error).name}`,
  );
}

/** The microphone the client reports. */
const microphone = async (subject: VoiceSubject) => `microphone ${await subject.client.getInputDevice?.()}`;

/** The device scenarios (the audio settings panel's calls). */
const DEVICE_SCENARIOS: Scenario[] = [
  {
    name: 'devices: a microphone chosen before a call is reported, and the call uses it',
    outcome: 'connect',
    act: async (subject, note) => {
      note(`choose usb: ${await settledAs(subject.client.setInputDevice?.('usb'))}`);
      note(await microphone(subject));
      const { start } = await started(subject);
      note(await microphone(subject));
      return { start };
    },
    expected: CONNECTED,
    result: 'call',
    devices: ['choose usb: ok', 'microphone usb', 'microphone usb'],
  },
  {
    name: 'devices: switching the microphone during a call keeps mute; the call reports the new one',
    outcome: 'connect',
    act: async (subject, note) => {
      const { start } = await started(subject);
      subject.client.setMuted(true);
      note(`choose usb: ${await settledAs(subject.client.setInputDevice?.('usb'))}`);
      note(await microphone(subject));
      return { start };
    },
    expected: [...CONNECTED, 'muted:true'],
    result: 'call',
    muted: true,
    devices: ['choose usb: ok', 'microphone usb'],
  },
  {
    name: 'devices: an unplugged microphone: the switch rejects, the call keeps its microphone and goes on',
    outcome: 'connect',
    act: async (subject, note) => {
      const { start } = await started(subject);
      note(`choose usb: ${await settledAs(subject.client.setInputDevice?.('usb'))}`);
      subject.unplug('gone');
      note(`choose gone: ${await settledAs(subject.client.setInputDevice?.('gone'))}`);
      note(await microphone(subject));
      return { start };
    },
    expected: CONNECTED,
    result: 'call',
    devices: ['choose usb: ok', 'choose gone: rejected NotFoundError', 'microphone usb'],
  },
  {
    name: 'devices: a speaker is chosen before and during a call; an unplugged one rejects only while the assistant plays',
    outcome: 'connect',
    act: async (subject, note) => {
      subject.unplug('gone');
      note(`before the call, gone: ${await settledAs(subject.client.setOutputDevice?.('gone'))}`);
      note(`before the call, hdmi: ${await settledAs(subject.client.setOutputDevice?.('hdmi'))}`);
      const { start } = await started(subject);
      note(`in the call, hdmi: ${await settledAs(subject.client.setOutputDevice?.('hdmi'))}`);
      note(`in the call, gone: ${await settledAs(subject.client.setOutputDevice?.('gone'))}`);
      return { start };
    },
    expected: CONNECTED,
    result: 'call',
    devices: [
      'before the call, gone: ok',
      'before the call, hdmi: ok',
      'in the call, hdmi: ok',
      'in the call, gone: rejected NotFoundError',
    ],
  },
  {
    name: 'devices: the volume is set before and during a call (clamped, NaN ignored) and changes nothing a UI observes',
    outcome: 'connect',
    act: async (subject) => {
      for (const volume of [0.4, 2, Number.NaN]) subject.client.setVolume?.(volume);
      const { start } = await started(subject);
      for (const volume of [-1, 0.7]) subject.client.setVolume?.(volume);
      return { start };
    },
    expected: CONNECTED,
    result: 'call',
  },
  {
    name: 'devices: without a call nothing is reported until a microphone is chosen',
    outcome: 'connect',
    act: async (subject, note) => {
      note(await microphone(subject));
      return {};
    },
    expected: [],
    result: 'none',
    devices: ['microphone null'],
  },
];

const SCENARIOS: Scenario[] = [
  { name: 'start: connects', outcome: 'connect', act: started, expected: CONNECTED, result: 'call' },
  {
    name: 'mute and unmute during a call',
    outcome: 'connect',
    act: async (subject) => {
      const { start } = await started(subject);
      subject.client.setMuted(true);
      if (!subject.client.getSnapshot().muted) throw new Error('not muted after setMuted(true)');
      subject.client.setMuted(false);
      subject.client.setMuted(true);
      return { start };
    },
    expected: [...CONNECTED, 'muted:true', 'muted:false', 'muted:true'],
    result: 'call',
    muted: true,
  },
  {
    name: 'mute without a call is ignored',
    outcome: 'connect',
    act: async (subject) => {
      subject.client.setMuted(true);
      return {};
    },
    expected: [],
    result: 'none',
  },
  {
    name: 'a call ends through `ending` on stop()',
    outcome: 'connect',
    act: async (subject) => {
      const { start } = await started(subject);
      subject.client.setMuted(true);
      subject.client.stop();
      await subject.settle();
      return { start };
    },
    expected: [...CONNECTED, 'muted:true', ...ENDED.slice(0, 1), 'muted:false', ...ENDED.slice(1)],
    result: 'call',
  },
  {
    name: 'stop() twice: the second changes nothing',
    outcome: 'connect',
    act: async (subject) => {
      const { start } = await started(subject);
      subject.client.stop();
      subject.client.stop();
      await subject.settle();
      subject.client.stop();
      await subject.settle();
      return { start };
    },
    expected: [...CONNECTED, ...ENDED],
    result: 'call',
  },
  {
    name: 'stop() during the start cancels it: idle without `ending`, no error, start() resolves null',
    outcome: 'hang',
    act: async (subject) => {
      const { start } = await started(subject);
      subject.client.stop();
      subject.client.stop();
      await subject.settle();
      return { start };
    },
    expected: [...STARTING, 'state:idle', 'on:state-change:idle'],
    result: 'null',
  },
  {
    name: 'a second start() while a call runs resolves null and changes nothing',
    outcome: 'connect',
    act: async (subject) => {
      const { start } = await started(subject);
      let second = 'pending';
      void subject.client.start(TARGET).then((value) => (second = value === null ? 'null' : 'a call'));
      await subject.settle();
      if (second !== 'null') throw new Error(`the second start() is ${second}, not null`);
      return { start };
    },
    expected: CONNECTED,
    result: 'call',
  },
  {
    name: 'start() without a target rejects (validation-error): the error in the snapshot and emitted, no call',
    outcome: 'connect',
    act: async (subject) => ({ start: subject.client.start({}) }),
    expected: ['error-in-snapshot:validation-error', 'on:error:validation-error'],
    result: 'rejected:validation-error',
  },
  {
    name: 'start() during `ending` begins the next call',
    outcome: 'connect',
    act: async (subject) => {
      await started(subject);
      subject.client.stop();
      const start = subject.client.start(TARGET);
      await subject.advance();
      return { start };
    },
    expected: [...CONNECTED, ...ENDED.slice(0, 4), ...CONNECTED],
    result: 'call',
  },
  ...DEVICE_SCENARIOS,
  ...(
    [
      [{ fail: 'mic-permission-denied' }, 'mic-permission-denied'],
      [{ fail: 'api-error', status: 401 }, 'api-error/401'],
      [{ fail: 'api-error', status: 500 }, 'api-error/500'],
    ] as const
  ).map(([outcome, type]): Scenario => ({
    name: `a failed start (${type}): idle, the error in the snapshot, call-start-failed, error; start() resolves null`,
    outcome,
    act: started,
    expected: failed(type),
    result: 'null',
  })),
];

contractSuite(
  'VoiceClient',
  observe,
  { real: () => realVoice(server()), fakes: VOICE_FAKES },
  {
    scenarios: SCENARIOS,
    expected: (scenario) => ({
      trace: scenario.expected,
      result: scenario.result,
      muted: scenario.muted ?? false,
      devices: scenario.devices ?? [],
    }),
  },
);

/** Plays one scenario on one implementation (the suite destroys it after). */
async function observe(subject: VoiceSubject, scenario: Scenario): Promise<Observed> {
  const { entries } = traceVoice(subject.client);
  const devices: string[] = [];
  const { start } = await scenario.act(subject, (entry) => devices.push(entry));
  const result = start
    ? await start.then(
        (value) => (value ? 'call' : 'null'),
        (error: unknown) => `rejected:${(error as { type?: string }).type}`,
      )
    : 'none';
  await subject.settle();
  return { trace: [...entries], result, muted: subject.client.getSnapshot().muted, devices };
}
