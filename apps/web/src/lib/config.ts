/** Where the app finds the API and which key it sends (DESIGN §2). */
export interface AppConfig {
  apiKey: string;
  /** Origin of the API, '' for the same origin as the page. Never ends with '/'. */
  apiBase: string;
}

declare global {
  interface Window {
    /** Written by the server into index.html in place of `<!--FIT24_CONFIG-->`. */
    __FIT24_CONFIG__?: Partial<AppConfig>;
  }
}

/**
 * The server's injected config wins; a build for the native shells (which load index.html from the device)
 * falls back to VITE_API_KEY and VITE_API_URL given at build time.
 */
export function readConfig(
  injected: Partial<AppConfig> | undefined = typeof window === 'undefined'
    ? undefined
    : window.__FIT24_CONFIG__,
  env: { VITE_API_KEY?: string; VITE_API_URL?: string } = import.meta.env,
): AppConfig {
  const apiKey = injected?.apiKey || env.VITE_API_KEY || '';
  const apiBase = injected?.apiBase ?? env.VITE_API_URL ?? '';
  return { apiKey, apiBase: apiBase.replace(/\/+$/, '') };
}
