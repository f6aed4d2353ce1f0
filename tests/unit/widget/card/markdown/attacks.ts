/**
 * The hostile Markdown of issue 34, built to a size: the table bomb (a 200-column header and
 * delimiter, then rows of one pipe), a run of `>` lines, and a long reply of every construct.
 */

/** A table bomb of about `bytes`: 200 columns declared, rows of a single pipe. */
export function tableBomb(bytes: number, columns = 200): string {
  const head = `${'|a'.repeat(columns)}|\n${'|-'.repeat(columns)}|\n`;
  return head + '|\n'.repeat(Math.max(0, Math.ceil((bytes - head.length) / 2)));
}

/** `>` lines, `bytes` long. */
export const quotes = (bytes: number): string => '>\n'.repeat(bytes / 2);

/** One section of a long reply: a table, a quote, lists and emphasis. */
const SECTION =
  '## Plans **compared**\n\n| Plan | Price | Calls |\n|:--|--:|:-:|\n| Basic | **$9** | _100_ |\n| Pro | $29 | 1,000 |\n\n' +
  '> Quoted *advice* from the [docs](https://docs.example/a) with `code`.\n\n' +
  '- First **point** with _stress_\n  1. nested *item*\n  2. another\n- Second https://ringwise.example/x\n\n' +
  'A paragraph with ***strong emphasis***, `inline code` and more words to read.\n\n';

/** A reply of every construct, `bytes` long. */
export const longReply = (bytes: number): string => SECTION.repeat(Math.ceil(bytes / SECTION.length)).slice(0, bytes);
