import type { Translation } from '../../translation.ts';
import type en from '../en/common.ts';

/** Spanish strings shared by every screen: the same keys as English, checked by the compiler. */
const es: Translation<typeof en> = {
  brand: 'FIT24 Exchange',
  language: {
    title: 'Idioma',
    lead: 'El idioma de la app, de sus fechas y de sus números, en todos los dispositivos en los que inicies sesión.',
    en: 'English',
    es: 'Español',
  },
};
export default es;
