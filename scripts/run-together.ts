/**
 * Runs npm scripts at the same time, each line of their output prefixed with the script's name, and
 * exits with the first failure's code once all have ended (none is stopped early: every failure is
 * reported). `npm test` runs the integration suite on the embedded store beside its run on a CouchDB
 * cluster: the first is bound by this machine's CPU, the second mostly waits on the cluster's
 * quorums, so together they take little more than the longer one.
 *
 *   node --import tsx scripts/run-together.ts test:integration test:integration:couchdb
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: run-together.ts <npm script>…');
  process.exit(2);
}
const width = Math.max(...scripts.map((name) => name.length));

function run(name: string): Promise<{ name: string; code: number; seconds: number }> {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', name], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Colours, which the interleaved lines would garble, off unless asked for.
    env: process.env.FORCE_COLOR ? process.env : { NO_COLOR: '1', ...process.env },
  });
  const label = `[${name.padEnd(width)}]`;
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    createInterface({ input: stream }).on('line', (line) => out.write(`${label} ${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('exit', (code, signal) =>
      resolve({ name, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 }),
    );
  });
}

const results = await Promise.all(scripts.map(run));
for (const { name, code, seconds } of results) {
  console.log(`${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds.toFixed(0)} s`);
}
process.exit(results.find((result) => result.code !== 0)?.code ?? 0);
