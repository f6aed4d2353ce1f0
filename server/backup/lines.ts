/**
 * The lines of a backup file, read as a stream with a bound: a line longer than
 * {@link MAX_LINE_BYTES} (no row of the backup comes near it) ends the read with one sentence, so a
 * crafted file cannot make the restore hold a huge line in memory; bytes that are not UTF-8 are
 * refused too. Lines end with LF (a CR before it is dropped); the last one may lack it.
 */

/** Longest line accepted: a contact request's row is under 12 KB of JSON. */
export const MAX_LINE_BYTES = 1024 * 1024;

/** Yields the lines of `chunks` (the gunzipped file). */
export async function* boundedLines(chunks: AsyncIterable<Buffer>, maxBytes = MAX_LINE_BYTES): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let parts: Buffer[] = [];
  let size = 0;
  const line = (): string => {
    const bytes = Buffer.concat(parts);
    parts = [];
    size = 0;
    const end = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length;
    try {
      return decoder.decode(bytes.subarray(0, end));
    } catch {
      throw new Error('The backup file is damaged (a line is not UTF-8).');
    }
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, start)) {
      size += at - start;
      if (size > maxBytes) throw tooLong(maxBytes);
      parts.push(chunk.subarray(start, at));
      yield line();
      start = at + 1;
    }
    size += chunk.length - start;
    if (size > maxBytes) throw tooLong(maxBytes);
    if (start < chunk.length) parts.push(chunk.subarray(start));
  }
  if (size > 0) yield line();
}

function tooLong(maxBytes: number): Error {
  return new Error(
    `The backup file is damaged (a line is longer than ${maxBytes} bytes; \`npm run backup\` writes none).`,
  );
}
