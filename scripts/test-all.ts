/**
 * `npm test`: every suite, one after the other (they are bound by the CPU, so side by side they take
 * no less time), stopping at the first that fails. Each suite's wall time is printed when it ends and
 * all of them at the end, so that a slow CI run says where its time went. The e2e suite's reporter
 * (tests/e2e/support/elapsed-reporter.ts) repeats them, with the time since `npm test` began, as it
 * goes: a run stopped by CI's time limit still shows them in the last lines it printed.
 */
import { spawn } from 'node:child_process';

const STEPS: [name: string, script: string][] = [
  ['typecheck', 'typecheck'],
  ['lint', 'lint'],
  ['unit', 'test:unit'],
  ['integration, embedded store', 'test:integration'],
  ['integration, CouchDB cluster', 'test:integration:couchdb'],
  ['e2e', 'test:e2e'],
];

const started = Date.now();
const done: string[] = [];

function minutes(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

function run(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], {
      stdio: 'inherit',
      env: { ...process.env, NPM_TEST_STARTED_AT: String(started), NPM_TEST_DONE: done.join('; ') },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

let code = 0;
for (const [name, script] of STEPS) {
  const begun = Date.now();
  code = await run(script);
  done.push(`${name} ${minutes(Date.now() - begun)}${code ? ' (failed)' : ''}`);
  console.log(`\n[npm test] ${name}: ${code ? 'FAILED' : 'passed'} in ${minutes(Date.now() - begun)}\n`);
  if (code) break;
}
console.log(`[npm test] ${done.join('; ')}; ${minutes(Date.now() - started)} in all`);
process.exit(code);
