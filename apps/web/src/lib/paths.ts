/** Paths screens send people to (the route table is app/routes.tsx; its guards use the same). */
export const ROOT_PATH = '/';
export const HOME_PATH = '/tabs/home';
export const VERIFY_PATH = '/verify';
export const LOGIN_PATH = '/login';

/** `?reason=` on /login: why the user was sent there. */
export const LOGIN_REASON_PASSWORD_CHANGED = 'password-changed';
