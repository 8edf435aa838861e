import { readConfig } from '../../lib/config.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { createOpsClient } from './ops-client.ts';
import { clearOpsSession, getOpsToken } from './ops-session.ts';

/** The console's own cache, apart from the user app's: an ended operator session drops all of it. */
export const opsQueryClient = createQueryClient();

/** Ends the operator's session here: token and cached data gone; the console shows its sign-in. */
export function endOpsSession(): void {
  clearOpsSession();
  opsQueryClient.clear();
}

/** The console's API client, wired to the operator's session and the console's cache. */
export const ops = createOpsClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  apiBase: () => readConfig().apiBase,
  getToken: getOpsToken,
  onSessionEnded: endOpsSession,
});
