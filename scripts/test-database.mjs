/**
 * `node scripts/test-database.mjs create|drop <server-url> <name>`: makes or removes the throw-away
 * database that the API suite runs on when TEST_DATABASE_URL is set (see .ci/run).
 */
import pg from 'pg';

const [action, serverUrl, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !serverUrl || !/^[a-z0-9_]+$/.test(name ?? '')) {
  console.error('usage: node scripts/test-database.mjs create|drop <postgres://server> <name>');
  process.exit(2);
}
const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
await client.connect();
await client.query(
  action === 'create' ? `CREATE DATABASE "${name}"` : `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`,
);
await client.end();
