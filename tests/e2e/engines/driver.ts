/**
 * One small page interface over the two engines Playwright cannot drive here (issue 39), for the
 * smoke subset in engines-smoke.spec.ts:
 * - Firefox ESR through WebDriver BiDi, with puppeteer-core (pinned in package.json), which talks
 *   BiDi to Firefox itself: no geckodriver, which Debian does not package.
 * - WebKit (WebKitGTK's MiniBrowser) through `WebKitWebDriver` (Debian's webkit2gtk-driver), which
 *   speaks classic W3C WebDriver over HTTP, under an Xvfb display of its own. The handful of
 *   endpoints used are called with `fetch` (`WebDriverClient`): no client library is needed for them.
 * Pages are driven by scripts run in the page and by each driver's own clicks and key input; a
 * script that needs to run before the page's own (a microphone stub) is the page's first script
 * (tests/fixtures/host-page `init`), since classic WebDriver cannot add one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { globSync } from 'node:fs';
import { createServer } from 'node:net';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import type { Engines } from '../../../scripts/browser.ts';

/** The engines this module drives. */
export type EngineName = 'firefox' | 'webkit';

/** A page in one engine. */
export interface EnginePage {
  readonly engine: EngineName;
  /** Loads `url` and waits for its load event. */
  goto(url: string): Promise<void>;
  /**
   * Runs `body` in the page as an async function of `args` (it may `return` and `await`) and
   * returns its result, JSON-serialised.
   */
  run<T>(body: string, ...args: unknown[]): Promise<T>;
  /** Clicks, with the driver's pointer input, the element the page expression `element` yields. */
  click(element: string): Promise<void>;
  /**
   * Types `text` with the driver's key input into the element `element` yields (focusing it first),
   * then presses Enter when `enter` is set.
   */
  type(element: string, text: string, options?: { enter?: boolean }): Promise<void>;
  /** Closes the page, the browser and whatever was started for them. */
  close(): Promise<void>;
}

/**
 * Polls the page expression `condition` until it is truthy and returns its value; after `tries`
 * polls 100 ms apart, fails naming `what` and the last value (a count of polls, so a loaded
 * machine slows it down but never fails it sooner than the test's own timeout would).
 */
export async function waitFor<T>(page: EnginePage, condition: string, what: string, tries = 600): Promise<T> {
  let last: unknown;
  for (let i = 0; i < tries; i++) {
    // An element comes back as `true`: BiDi (Firefox) serialises a node to nothing, WebDriver to a reference.
    last = await page.run<T>(`const value = (${condition}); return value instanceof Node ? true : value;`);
    if (last) return last as T;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: still not so after ${tries} polls (last value ${JSON.stringify(last)})`);
}

/** Starts `engine` and opens a page. */
export function openEngine(engine: EngineName, found: Engines): Promise<EnginePage> {
  return engine === 'firefox' ? openFirefox(found.firefox!) : openWebKit(found.webkitDriver!, found.xvfb!);
}

/** The page expression `element`, wrapped to fail clearly when it yields nothing. */
const elementOf = (element: string) =>
  `(() => { const el = (${element}); if (!el) throw new Error(${JSON.stringify(`no element: ${element}`)}); return el; })()`;

async function openFirefox(executablePath: string): Promise<EnginePage> {
  const browser: Browser = await puppeteer.launch({ browser: 'firefox', executablePath, headless: true });
  const page: Page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const handle = async (element: string) => (await page.evaluateHandle(elementOf(element))) as ElementHandle<Element>;
  return {
    engine: 'firefox',
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    run: (body, ...args) =>
      page.evaluate(`(async (...args) => { ${body} })(...${JSON.stringify(args)})`) as Promise<never>,
    click: async (element) => (await handle(element)).click(),
    type: async (element, text, options) => {
      const field = await handle(element);
      await field.type(text);
      if (options?.enter) await field.press('Enter');
    },
    close: () => browser.close(),
  };
}

/** A free TCP port on 127.0.0.1 (asked of the system, then released for the driver to take). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts Xvfb on a display it picks itself (`-displayfd`) and returns the process and `:N`. */
function startXvfb(xvfb: string): Promise<{ process: ChildProcess; display: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(xvfb, ['-displayfd', '3', '-screen', '0', '1280x900x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it chose a display: ${stderr}`)));
    let out = '';
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
      out += chunk;
      if (out.includes('\n')) resolve({ process: child, display: `:${out.trim()}` });
    });
  });
}

/** A W3C WebDriver (classic) session over HTTP: only the endpoints the smoke tests use. */
class WebDriverClient {
  readonly #base: string;
  #session = '';
  constructor(port: number) {
    this.#base = `http://127.0.0.1:${port}`;
  }

  /** Sends a command; returns its `value`, or throws the driver's error and message. */
  async send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.#base}${path.replace('{session}', this.#session)}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { value: T & { error?: string; message?: string } };
    if (!response.ok) throw new Error(`WebDriver ${path}: ${answer.value.error}: ${answer.value.message}`);
    return answer.value;
  }

  /** Waits (by count) for the driver to listen, then opens a session with these capabilities. */
  async open(capabilities: Record<string, unknown>): Promise<void> {
    for (let i = 0; ; i++) {
      try {
        await this.send('GET', '/status');
        break;
      } catch (error) {
        if (i >= 300) throw new Error(`WebKitWebDriver did not answer on ${this.#base}`, { cause: error });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const made = await this.send<{ sessionId: string }>('POST', '/session', {
      capabilities: { alwaysMatch: capabilities },
    });
    this.#session = made.sessionId;
  }
}

/** The key of an element reference in classic WebDriver. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

async function openWebKit(driverPath: string, xvfb: string): Promise<EnginePage> {
  const screen = await startXvfb(xvfb);
  const port = await freePort();
  const driver = spawn(driverPath, [`--port=${port}`], {
    env: { ...process.env, DISPLAY: screen.display },
    stdio: 'ignore',
  });
  const stop = () => {
    driver.kill();
    screen.process.kill();
  };
  const client = new WebDriverClient(port);
  try {
    // Debian ships WebKitGTK's MiniBrowser beside the library; `--automation` lets the driver steer it.
    const [binary] = globSync('/usr/lib/*/webkit2gtk-4.1/MiniBrowser');
    await client.open({ 'webkitgtk:browserOptions': { ...(binary && { binary }), args: ['--automation'] } });
    await client.send('POST', '/session/{session}/window/rect', { width: 1280, height: 900 });
  } catch (error) {
    stop();
    throw error;
  }
  const run = async <T>(body: string, ...args: unknown[]): Promise<T> => {
    // execute/async: the last argument is the callback; a rejection comes back as { error }.
    const script = `const done = arguments[arguments.length - 1];
      (async (...args) => { ${body} })(...${JSON.stringify(args)})
        .then((value) => done({ value }), (error) => done({ error: String((error && error.stack) || error) }));`;
    const result = await client.send<{ value?: T; error?: string }>('POST', '/session/{session}/execute/async', {
      script,
      args: [],
    });
    if (result.error) throw new Error(`in the page: ${result.error}`);
    return result.value as T;
  };
  const elementId = async (element: string) => {
    const ref = await client.send<Record<string, string>>('POST', '/session/{session}/execute/sync', {
      script: `return ${elementOf(element)};`,
      args: [],
    });
    return ref[ELEMENT_KEY];
  };
  return {
    engine: 'webkit',
    goto: async (url) => void (await client.send('POST', '/session/{session}/url', { url })),
    run,
    click: async (element) =>
      void (await client.send('POST', `/session/{session}/element/${await elementId(element)}/click`, {})),
    type: async (element, text, options) => {
      // U+E007: WebDriver's Enter key.
      const keys = options?.enter ? `${text}\uE007` : text;
      await client.send('POST', `/session/{session}/element/${await elementId(element)}/value`, { text: keys });
    },
    close: async () => {
      try {
        await client.send('DELETE', '/session/{session}');
      } finally {
        stop();
      }
    },
  };
}
