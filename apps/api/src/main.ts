import { loadConfig } from './config.js';
import { startServer, stopOnSignals } from './server.js';

try {
  const server = await startServer(loadConfig());
  stopOnSignals(server, server.app.log);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
