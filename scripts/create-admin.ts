/**
 * `npm run create-admin -- --email ops@example.com --first-name Alex [--last-name Martin] [--language fr]`
 * Creates an admin account (the public registration refuses that role). The password comes from
 * `ADMIN_PASSWORD`, or is asked for on the terminal. Uses the same store as the service: `COUCHDB_URL`,
 * or the embedded store under `DATA_DIR` (stop the service first: the embedded store has one owner).
 */
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { readConfig } from '../server/config/env';
import { createAdminAccount } from '../server/services/admin-accounts';
import { setPasswordHashCost } from '../server/services/passwords';
import { startEmbeddedStore } from '../server/store/embedded';
import { migrate } from '../server/store/migrate';
import { connectStore } from '../server/store/store';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    language: { type: 'string' },
  },
});
if (!values.email || !values['first-name']) {
  console.error(
    'Usage: npm run create-admin -- --email <address> --first-name <name> [--last-name <name>] [--language fr]',
  );
  process.exit(2);
}

async function password(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await terminal.question('Password for the new admin: ');
  terminal.close();
  return answer;
}

const { config, problems } = readConfig();
if (problems.length > 0) {
  console.error('Fix these environment variables first:');
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
setPasswordHashCost(config.passwordHashCost);
const store = config.couchdbUrl
  ? connectStore(config.couchdbUrl, 'couchdb')
  : await startEmbeddedStore(config.dataDir).catch((error: unknown) => {
      console.error(
        `Could not open the embedded store under ${config.dataDir} (is the service running?)`,
        error,
      );
      process.exit(1);
    });
try {
  await migrate(store);
  const account = await createAdminAccount(store, {
    email: values.email,
    password: await password(),
    firstName: values['first-name'],
    lastName: values['last-name'],
    language: values.language,
  });
  console.log(`Admin account created: ${account.email} (uid ${account.uid}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await store.close();
}
