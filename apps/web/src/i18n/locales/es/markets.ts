import type { Translation } from '../../translation.ts';
import type en from '../en/markets.ts';

/** Spanish strings of the markets screens: the same keys as English, checked by the compiler. */
const es: Translation<typeof en> = {};
export default es;
