// Operator accounts: `npm run operator -- create <username> [--role admin|finance|content]`.
// Migrates an empty database first, as the server does, and prints the generated password once.
import { createOperator, OPERATOR_ROLES } from '../modules/admin/admin-service';
import type { OperatorRole } from '../db/tables/backoffice';
import { onDatabase } from './database-command';

const usage = 'usage: npm run operator -- create <username> [--role admin|finance|content]';

async function main(argv: string[]) {
  const [command, username, ...rest] = argv;
  if (command !== 'create' || !username) {
    console.error(usage);
    return 2;
  }
  const roleIndex = rest.indexOf('--role');
  const role = (roleIndex >= 0 ? rest[roleIndex + 1] : 'admin') as OperatorRole;
  if (!OPERATOR_ROLES.includes(role)) {
    console.error(`unknown role ${role}\n${usage}`);
    return 2;
  }
  return onDatabase(async (db) => {
    const password = await createOperator(db, username, role);
    console.log(`operator: ${username}`);
    console.log(`role: ${role}`);
    console.log(`password: ${password}`);
  });
}

process.exitCode = await main(process.argv.slice(2));
