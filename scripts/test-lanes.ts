/**
 * The long part of `npm test`, in two lanes side by side:
 *
 *   store:   the integration suite on the embedded store, then the end-to-end suite (build included)
 *   cluster: the integration suite on a 3-node CouchDB cluster
 *
 * Each suite alone leaves a core idle much of the time (it waits on timers, on the store, on the
 * browser), so the two lanes together take little more than the longer one, where one after the other
 * they took their sum. They share nothing: the embedded suite's stores are temporary directories, the
 * cluster is on its own ports, the end-to-end service on its own port and data directory.
 *
 * A lane stops at its first failing step, as `&&` does; the other lane runs to its end, so that one
 * run reports every failure. Each line is printed as it comes, prefixed with its lane; the summary at
 * the end gives each step's outcome and time.
 *
 *   node --import tsx scripts/test-lanes.ts            (part of `npm test`)
 *   node --import tsx scripts/test-lanes.ts --serial   (one step after the other, as before)
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

type Lane = { name: string; scripts: string[] };
type Outcome = { lane: string; script: string; code: number; seconds: number };

const LANES: Lane[] = [
  { name: 'store', scripts: ['test:integration', 'test:e2e'] },
  { name: 'cluster', scripts: ['test:integration:couchdb'] },
];
const serial = process.argv.includes('--serial');
const width = Math.max(...LANES.map((lane) => lane.name.length));
const running = new Set<ChildProcess>();
const outcomes: Outcome[] = [];

function run(lane: string, script: string): Promise<number> {
  const prefix = `[${lane.padEnd(width)}] `;
  console.log(`${prefix}> npm run ${script}`);
  return new Promise((resolve) => {
    // Its own process group, so that an interrupted run stops the step's children too.
    const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(prefix + line));
    }
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function runLane(lane: Lane): Promise<void> {
  for (const script of lane.scripts) {
    const started = Date.now();
    const code = await run(lane.name, script);
    outcomes.push({ lane: lane.name, script, code, seconds: Math.round((Date.now() - started) / 1000) });
    if (code !== 0) return;
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    process.exit(1);
  });
}

const started = Date.now();
if (serial) {
  for (const lane of LANES) await runLane(lane);
} else {
  await Promise.all(LANES.map(runLane));
}

console.log('');
for (const lane of LANES) {
  for (const script of lane.scripts) {
    const outcome = outcomes.find((o) => o.lane === lane.name && o.script === script);
    const state = !outcome ? 'not run' : outcome.code === 0 ? 'passed' : `FAILED (exit ${outcome.code})`;
    const time = outcome ? ` in ${outcome.seconds} s` : '';
    console.log(`[${lane.name.padEnd(width)}] ${script}: ${state}${time}`);
  }
}
console.log(`lanes: ${Math.round((Date.now() - started) / 1000)} s`);
const failed = outcomes.some((o) => o.code !== 0) || outcomes.length < LANES.flatMap((l) => l.scripts).length;
process.exit(failed ? 1 : 0);
