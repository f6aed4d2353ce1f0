import { describe, expect, it } from 'vitest';
import {
  BENCH_ASSISTANT_ID,
  BENCH_PUBLIC_KEY,
  hostPage,
  oursEmbed,
  PEER_FILES,
  VAPI_WEB_BUTTON,
  VAPI_WEB_ENTRY,
  vapiWebEmbed,
  vapiWidgetEmbed,
} from '../../../bench/lib/host-pages.ts';

describe('latency host pages', () => {
  it('one host page for every subject, the embed in head and body', () => {
    const page = hostPage({ head: '<script src="/h.js"></script>', body: '<p id="embed"></p>' });
    expect(page.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(page.indexOf('<script src="/h.js"></script>')).toBeLessThan(page.indexOf('</head>'));
    expect(page.indexOf('<p id="embed"></p>')).toBeGreaterThan(page.indexOf('<body>'));
    expect(hostPage({}).replace(/\s+/g, ' ')).toContain('<h1>A third-party page</h1>');
  });

  it('ours: the script tag keeps the default API unless told, and names its mode (the tag defaults to hybrid)', () => {
    const voice = oursEmbed('/voice-widget.js').body;
    expect(voice).toBe(
      `<script src="/voice-widget.js" data-public-key="${BENCH_PUBLIC_KEY}" data-assistant-id="${BENCH_ASSISTANT_ID}" data-mode="voice" async></script>`,
    );
    const chat = oursEmbed('/voice-widget.js', { mode: 'chat', apiBaseUrl: 'http://127.0.0.1:5/"x' }).body;
    expect(chat).toContain('data-mode="chat"');
    expect(chat, 'attribute values escaped').toContain('data-api-base-url="http://127.0.0.1:5/&quot;x"');
  });

  it("Vapi's widget: its UMD in the head; voice in its one-click size, chat with api-url", () => {
    const voice = vapiWidgetEmbed('voice');
    expect(voice.head).toBe(`<script src="${PEER_FILES.vapiWidget}"></script>`);
    expect(voice.body).toContain('mode="voice" size="tiny"');
    expect(voice.body).not.toContain('api-url');
    const chat = vapiWidgetEmbed('chat', 'http://127.0.0.1:7');
    expect(chat.body).toContain('api-url="http://127.0.0.1:7" mode="chat"');
    expect(chat.body).not.toContain('size=');
  });

  it('the @vapi-ai/web page: a button and a module that constructs at load and starts on click', () => {
    const body = vapiWebEmbed('https://api.vapi.ai').body;
    expect(body).toContain(`<button type="button" id="talk">${VAPI_WEB_BUTTON}</button>`);
    expect(body).toContain(`type="module" src="${PEER_FILES.vapiWeb}"`);
    expect(body).toContain('data-api-base-url="https://api.vapi.ai"');
    expect(VAPI_WEB_ENTRY).toContain('new Vapi(script.dataset.publicKey, script.dataset.apiBaseUrl)');
    expect(VAPI_WEB_ENTRY.indexOf('new Vapi(')).toBeLessThan(VAPI_WEB_ENTRY.indexOf("addEventListener('click'"));
    expect(VAPI_WEB_ENTRY).toContain('vapi.start(script.dataset.assistantId)');
  });
});
