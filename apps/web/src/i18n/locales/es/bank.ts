import type { Translation } from '../../translation.ts';
import type en from '../en/bank.ts';

/** Spanish strings of the bank screens: the same keys as English, checked by the compiler. */
const es: Translation<typeof en> = {
  title: 'Cuentas bancarias',
  intro: 'Cuentas a tu nombre a las que puedes retirar.',
  add: 'Añadir cuenta bancaria',
  loading: 'Cargando tus cuentas bancarias',
  added: '{{bank}} {{number}} añadida',
  empty: {
    title: 'Todavía no tienes cuentas bancarias',
    text: 'Añade la cuenta a la que quieres retirar. Debe estar a tu nombre.',
  },
  form: {
    title: 'Añadir cuenta bancaria',
    cancel: 'Cancelar',
    intro: 'La cuenta debe estar a tu nombre. Se rechazan los retiros a cuentas de otras personas.',
    holder: 'Titular de la cuenta',
    bankName: 'Nombre del banco',
    country: 'País del banco',
    accountNumber: 'Número de cuenta o IBAN',
    accountNumberExample: 'ES91 2100 0418 4502 0005 1332',
    swift: 'SWIFT / BIC (opcional)',
    swiftExample: 'CAIXESBBXXX',
    ifsc: 'IFSC (opcional)',
    ifscExample: 'HDFC0001234',
    submit: 'Añadir cuenta bancaria',
  },
};
export default es;
