/** One event of a `text/event-stream`: its `event:` name (`message` when none) and its `data:` lines joined with `\n`. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * A `text/event-stream` decoder (the WHATWG framing): lines end with LF, CR or CRLF (also when a
 * chunk boundary splits a CRLF), `data:` lines of one event are joined with `\n`, a blank line
 * dispatches the event, comments (`:`) and `id:` / `retry:` are skipped. Each character is scanned
 * once, however the text is split: a partial line waits for the rest, so a long reply streamed in
 * many chunks costs time linear in its length.
 */
export class SseDecoder {
  /** The unfinished last line. */
  #line = '';
  /** The last piece ended with CR: a LF opening the next one belongs to that line break. */
  #cr = false;
  #event = '';
  #data: string[] = [];

  /**
   * Decodes the next piece of the stream.
   * @param text Decoded text, in any split.
   * @returns The events it completed, in order.
   */
  push(text: string): SseEvent[] {
    if (this.#cr && text[0] === '\n') text = text.slice(1);
    this.#cr = text.endsWith('\r');
    // Only the new piece is split; an unfinished line is joined to its rest, never re-scanned.
    const lines = text.split(/\r\n|\r|\n/);
    lines[0] = this.#line + lines[0];
    this.#line = lines.pop()!;
    const events: SseEvent[] = [];
    for (const line of lines) this.#field(line, events);
    return events;
  }

  /**
   * Ends the stream: an event that was not followed by a blank line is dispatched too (the
   * platform's last event may lack it), with an unfinished last line.
   */
  end(): SseEvent[] {
    const events: SseEvent[] = [];
    this.#field(this.#line, events);
    this.#line = '';
    this.#field('', events);
    return events;
  }

  #field(line: string, events: SseEvent[]): void {
    if (!line) {
      if (this.#data.length) events.push({ event: this.#event || 'message', data: this.#data.join('\n') });
      this.#event = '';
      this.#data = [];
      return;
    }
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value[0] === ' ') value = value.slice(1);
    if (name === 'data') this.#data.push(value);
    else if (name === 'event') this.#event = value;
  }
}
