/**
 * The build `npm start` runs when the inputs changed (scripts/lib/staged-build.ts calls it with a
 * staging folder): first the guides' front matter (seconds, one sentence per problem), then the
 * widget (`npm run build -w widget`), then the site (`astro build --outDir <staging>`). Each
 * tool's output goes to the terminal as it comes; a failed step is summed up in one sentence with
 * the file, line and column it names (scripts/lib/build-failure.ts).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describeBuildFailure } from './build-failure.ts';
import { checkGuides, formatProblem } from './guide-check.ts';
import type { BuildResult } from './staged-build.ts';

/** Output kept from a step for its failure sentence (the error is near the end). */
const KEPT_OUTPUT = 256 * 1024;

/** Runs a command, echoing its output, and resolves with its exit and the output's last part. */
function run(command: string, args: string[], cwd: string): Promise<{ exit: string | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    let output = '';
    const keep = (chunk: Buffer, to: NodeJS.WriteStream) => {
      to.write(chunk);
      output = (output + chunk.toString()).slice(-KEPT_OUTPUT);
    };
    child.stdout.on('data', (chunk: Buffer) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk: Buffer) => keep(chunk, process.stderr));
    child.once('error', (error) => done({ exit: error.message, output }));
    child.once('close', (code, signal) => done({ exit: code === 0 ? null : String(code ?? signal), output }));
  });
}

/** The checks and build steps for the checkout at `root`, as {@link ensureBuild} calls them. */
export function siteBuild(root: string): (outDir: string) => Promise<BuildResult> {
  return async (outDir) => {
    // Before any tool: a typo in a guide is known in a second, not after the whole build.
    const content = checkGuides(join(root, 'content', 'guides'), root);
    if (content.length) return { ok: false, problems: content.map(formatProblem) };
    const widget = await run('npm', ['run', 'build', '-w', 'widget'], root);
    if (widget.exit !== null) {
      return {
        ok: false,
        problems: [
          describeBuildFailure('npm run build -w widget', widget.output, widget.exit, root, join(root, 'widget')),
        ],
      };
    }
    const site = await run(
      process.execPath,
      [join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--outDir', outDir],
      root,
    );
    if (site.exit !== null)
      return { ok: false, problems: [describeBuildFailure('npm run build', site.output, site.exit, root)] };
    return { ok: true };
  };
}
