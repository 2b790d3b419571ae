/**
 * The service as `npm start` runs it (server/main.ts, its own process), for the tests that need
 * to kill it, restart it, or watch it refuse a configuration.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { serviceStoreEnv } from './store-selection';

const ROOT = path.resolve(import.meta.dirname, '../..');

export type ServiceProcess = {
  child: ChildProcess;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  output(): string;
};

export type RunningService = ServiceProcess & { url: string; storePid: number | undefined };

export function spawnService(env: Record<string, string>): ServiceProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    // On a real CouchDB (TEST_STORE=couchdb), the service uses it rather than an embedded store.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...serviceStoreEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Starts the service and resolves once it listens. */
export async function startService(env: Record<string, string>): Promise<RunningService> {
  const service = spawnService(env);
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const port = /listening on http:\/\/localhost:(\d+)/.exec(service.output())?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    };
    service.child.stdout!.on('data', check);
    void service.exited.then((code) => reject(new Error(`service exited with ${code}: ${service.output()}`)));
  });
  const pid = /embedded store \(pid (\d+)\)/.exec(service.output())?.[1];
  return { ...service, url, storePid: pid ? Number(pid) : undefined };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A crash: SIGKILL of the service and, when it runs one, of its embedded store (on a real CouchDB
 * the store is a server of its own that the crash does not reach). Resolves once both are gone.
 */
export async function killService(service: RunningService): Promise<void> {
  if (service.storePid !== undefined) process.kill(service.storePid, 'SIGKILL');
  service.child.kill('SIGKILL');
  await service.exited;
  const pid = service.storePid;
  for (let i = 0; pid !== undefined && i < 100 && isAlive(pid); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (pid !== undefined && isAlive(pid)) throw new Error(`the store (pid ${pid}) outlived its SIGKILL`);
}
