/**
 * The integration suite hashes passwords at `PASSWORD_HASH_COST` (vitest.config.ts: 2^10, not the
 * service's 2^17): the same scrypt code, at a thousandth of its 0.7 s a hash on these machines. The
 * services it spawns read the same variable; the default's own hash is checked in
 * tests/unit/passwords.test.ts.
 */
import { setPasswordHashCost } from '../../server/services/passwords';

const cost = Number(process.env.PASSWORD_HASH_COST);
if (Number.isInteger(cost)) setPasswordHashCost(cost);
