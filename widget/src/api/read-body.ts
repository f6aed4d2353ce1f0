/**
 * Reads a response body once: `undefined` when empty, parsed JSON when it parses, else the text.
 * Error bodies from proxies are often HTML or plain text, so a parse failure is not an error here.
 */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
