/**
 * `SseDecoder`: the WHATWG event-stream framing in any split of the text (CRLF across pieces,
 * multi-line data, event names, comments), and the end of a stream without a final blank line.
 */
import { describe, expect, it } from 'vitest';
import { SseDecoder, type SseEvent } from '../../../../widget/src/api/sse.ts';

/** Feeds `pieces` and returns every event, the ones `end()` completes included. */
function decode(pieces: readonly string[]): SseEvent[] {
  const decoder = new SseDecoder();
  return [...pieces.flatMap((piece) => decoder.push(piece)), ...decoder.end()];
}

const STREAM =
  ': keep-alive\r\nevent: message\r\ndata:{"a":1}\r\n\r\ndata: line one\ndata: line two\n\nevent: error\rdata: {"message":"overloaded"}\r\rdata: [DONE]\n\n';
const EVENTS: SseEvent[] = [
  { event: 'message', data: '{"a":1}' },
  { event: 'message', data: 'line one\nline two' },
  { event: 'error', data: '{"message":"overloaded"}' },
  { event: 'message', data: '[DONE]' },
];

describe('SseDecoder', () => {
  it('decodes LF, CR and CRLF lines, joins data lines, keeps event names and skips comments', () => {
    expect(decode([STREAM]), 'in one piece').toEqual(EVENTS);
  });

  it('gives the same events however the text is split, a CRLF split between two pieces included', () => {
    for (let size = 1; size <= 9; size++) {
      const pieces: string[] = [];
      for (let at = 0; at < STREAM.length; at += size) pieces.push(STREAM.slice(at, at + size));
      expect(decode(pieces), `pieces of ${size}`).toEqual(EVENTS);
    }
    expect(decode(['data: a\r', '\ndata: b\r\n', '\r\n']), 'CR | LF is one line break').toEqual([
      { event: 'message', data: 'a\nb' },
    ]);
  });

  it('dispatches a last event without its blank line at the end, and nothing for a stream without data', () => {
    expect(decode(['data: {"x":1}\n']), 'last line ended').toEqual([{ event: 'message', data: '{"x":1}' }]);
    expect(decode(['data: {"x":', '2}']), 'last line unfinished').toEqual([{ event: 'message', data: '{"x":2}' }]);
    expect(decode([': only a comment\n\n', 'event: error\n\n', '']), 'no data, no event').toEqual([]);
    expect(decode(['{"not":"sse"']), 'not a stream at all').toEqual([]);
  });

  it('keeps a long line whole across a thousand pieces', () => {
    const text = 'x'.repeat(1000);
    const pieces = ['data: ', ...text.split(''), '\n\n'];
    expect(decode(pieces), 'one event with the whole line').toEqual([{ event: 'message', data: text }]);
  });
});
