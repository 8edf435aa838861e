import type { Translation } from '../../translation.ts';
import type en from '../en/account.ts';

/** Spanish strings of the account screens: the same keys as English, checked by the compiler. */
const es: Translation<typeof en> = {};
export default es;
