import { createApiClient } from './api-client.ts';
import { readConfig } from './config.ts';
import { navigateToRoot } from './navigation.ts';
import { forgetUserData, queryClient } from './query-client.ts';
import { clearSession, getToken } from './session.ts';
import { noteSessionExpired } from './session-notice.ts';
import { sendMultipartXhr } from './xhr-upload.ts';

/** The app's API client, wired to the session store, the query cache and the router. */
export const api = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  config: () => readConfig(),
  getToken,
  clearSession,
  forgetUserData: () => forgetUserData(queryClient),
  navigateToRoot,
  onSessionExpired: noteSessionExpired,
  sendMultipart: (request) => sendMultipartXhr(request),
});
