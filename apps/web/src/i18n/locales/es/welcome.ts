import type { Translation } from '../../translation.ts';
import type en from '../en/welcome.ts';

/** Spanish strings of the welcome screen: the same keys as English, checked by the compiler. */
const es: Translation<typeof en> = {
  tagline: 'Opera, guarda y haz staking de cripto con confianza.',
  highlights: {
    trade: 'Opera BTC, ETH y FIT24 en libros de órdenes en vivo',
    stake: 'Haz staking de FIT24 y gana ingresos diarios de afiliado',
    protected: 'Retiros revisados y protegidos con una contraseña de transacción',
  },
  signIn: 'Iniciar sesión',
  createAccount: 'Crear cuenta',
  legal: 'Al continuar aceptas los <terms>términos de uso</terms>.',
};
export default es;
