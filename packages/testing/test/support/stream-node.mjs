// The stream checks (./stream-checks.mjs) on Node, with MSW's setupServer: prints their results as one JSON line.
import { setupServer } from 'msw/node';
import { runStreamChecks } from './stream-checks.mjs';

const server = setupServer();
server.listen({ onUnhandledFrame: 'error' });
const results = await runStreamChecks({ use: (handler) => server.use(handler), reset: () => server.resetHandlers() });
server.close();
console.log(JSON.stringify(results));
process.exit(0);
