import type { Translation } from '../../translation.ts';
import type en from '../en/bank.ts';

/** Spanish strings of the bank screens: the same keys as English, checked by the compiler. */
const es: Translation<typeof en> = {};
export default es;
