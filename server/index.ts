/**
 * Production server of `npm start`: serves the built site (dist/). PORT and HOST override the
 * default http://localhost:4321.
 */
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createStaticHandler } from './static.ts';

const root = fileURLToPath(new URL('../dist/', import.meta.url));
if (!existsSync(root)) {
  console.error('No build found in dist/: run `npm run build` (or `npm start`, which builds first).');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? 'localhost';
const serveStatic = createStaticHandler(root);

const server = createServer((req, res) => {
  serveStatic(req, res).catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Internal Server Error');
  });
});
server.listen(port, host, () => {
  console.log(`Serving the site on http://${host}:${port}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
