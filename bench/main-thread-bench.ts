/**
 * The main thread's blocking on a first visit, read from Chromium's own trace: a steadier figure
 * than Lighthouse's TBT on this shared machine, to compare two builds.
 *
 * Lighthouse models a phone by multiplying the durations it observed by 4, and those durations are
 * wall-clock times: on two cores shared with the service, the service worker's precache and the
 * browser's other processes, a task waiting for a core counts as work, and TBT medians of the same
 * build ranged from 1.8 to 9.6 s in one session. Here each main-thread task counts its thread time
 * (CPU actually spent), times 4, less 50 ms, from the first contentful paint to the end of the
 * window; the window covers a first visit's whole load (the offline store opened and its first
 * pulls written). Same target as TBT; it is a model too, not a phone.
 */
import { chromium } from '@playwright/test';
import type { CDPSession } from '@playwright/test';
import { startTestServer } from '../tests/support/test-server';

const RUNS = 3;
const WINDOW_MS = 12_000;
const CPU_SLOWDOWN = 4;
const BLOCKING_FROM_MS = 50;

export type MainThreadRun = { blockingMs: number; cpuMs: number; longestMs: number };
export type MainThreadRoute = { path: string; runs: MainThreadRun[]; median: MainThreadRun };

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; frame?: string; data?: { frame?: string } };
};

export async function benchMainThread(distDir: string, paths: string[]): Promise<MainThreadRoute[]> {
  const server = await startTestServer({ distDir, seed: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const routes: MainThreadRoute[] = [];
    for (const path of paths) {
      const runs: MainThreadRun[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        // A context of its own: a first visit (no service worker, no cache, no IndexedDB).
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        try {
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          const events = await traced(cdp, async () => {
            await page.goto(`${server.url}${path}`);
            await page.waitForTimeout(WINDOW_MS);
          });
          runs.push(blockingOf(events));
        } finally {
          await context.close();
        }
      }
      routes.push({ path, runs, median: medianRun(runs) });
    }
    return routes;
  } finally {
    await browser.close();
    await server.close();
  }
}

async function traced(cdp: CDPSession, visit: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (chunk) => {
    events.push(...(chunk.value as unknown as TraceEvent[]));
  });
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,loading',
    transferMode: 'ReportEvents',
  });
  await visit();
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

/** The renderer's main thread: the one with the page's first contentful paint. */
function blockingOf(events: TraceEvent[]): MainThreadRun {
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) throw new Error('The trace has no first contentful paint');
  const tasks = events.filter(
    (event) =>
      event.name === 'RunTask' &&
      event.ph === 'X' &&
      event.pid === paint.pid &&
      event.tid === paint.tid &&
      event.ts >= paint.ts,
  );
  let blockingMs = 0;
  let cpuMs = 0;
  let longestMs = 0;
  for (const task of tasks) {
    const modelled = (CPU_SLOWDOWN * (task.tdur ?? task.dur ?? 0)) / 1000;
    cpuMs += (task.tdur ?? task.dur ?? 0) / 1000;
    blockingMs += Math.max(0, modelled - BLOCKING_FROM_MS);
    longestMs = Math.max(longestMs, modelled);
  }
  return { blockingMs, cpuMs, longestMs };
}

function medianRun(runs: MainThreadRun[]): MainThreadRun {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  return {
    blockingMs: median(runs.map((run) => run.blockingMs)),
    cpuMs: median(runs.map((run) => run.cpuMs)),
    longestMs: median(runs.map((run) => run.longestMs)),
  };
}

export function mainThreadReport(routes: MainThreadRoute[], targetMs: number): string[] {
  const ms = (value: number) => `${Math.round(value)} ms`;
  return [
    `\nMain thread on a first visit, from Chromium's trace (each task's CPU time ×${CPU_SLOWDOWN}, less ${BLOCKING_FROM_MS} ms, first paint to ${WINDOW_MS / 1000} s), median of ${RUNS}:`,
    ...routes.map(
      ({ path, runs, median }) =>
        `  ${path}: blocking ${ms(median.blockingMs)} (target ≤ ${targetMs} ms, as TBT), longest task ${ms(median.longestMs)}, CPU ${ms(median.cpuMs)}  (runs: ${runs.map((run) => ms(run.blockingMs)).join(', ')})`,
    ),
  ];
}
