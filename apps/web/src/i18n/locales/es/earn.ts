import type { Translation } from '../../translation.ts';
import type en from '../en/earn.ts';

/** Spanish strings of the earn screens: the same keys as English, checked by the compiler. */
const es: Translation<typeof en> = {
  title: 'Ganar',
  hero: {
    eyebrow: 'Programa de afiliados de FIT24',
    title: 'Haz staking de FIT24 y gana cada día',
    lead: 'Forma un equipo y aumenta tu rendimiento del {{from}} % al {{to}} % al día.',
    dailyYield: 'rendimiento diario',
    boosted: 'al potenciarse',
    levels: 'niveles de ingresos',
  },
  member: {
    title: 'Ya eres miembro',
    text: 'Tus stakings, tu equipo y tus ganancias están en tu panel.',
    open: 'Abrir panel',
  },
  join: {
    title: 'Únete al programa',
    lead: '¿Te invitó alguien? Escribe su código para que sea tu patrocinador.',
    code: 'Código de referido (opcional)',
    join: 'Unirme',
    welcome: 'Te damos la bienvenida al programa de afiliados de FIT24',
  },
  code: {
    empty: 'Opcional: el código de la persona que te invitó.',
    invalid: 'Un código tiene de 4 a 16 letras o dígitos.',
    checking: 'Comprobando el código…',
    unchecked: 'No se pudo comprobar el código ahora; se comprobará cuando te unas.',
    notFound: 'Código no encontrado',
    found: 'Patrocinador: {{name}}',
  },
  steps: {
    title: 'Cómo funciona',
    stake: {
      title: 'Haz staking de FIT24',
      text: 'Desde {{min}} FIT24. Cada staking rinde un {{yield}} % al día, pagado a diario.',
    },
    boost: {
      title: 'Potencia tu rendimiento',
      text: 'Cuando los stakings de tus socios alcanzan {{target}} × el tuyo en {{window}} ({{after}} × después), rinde un {{yield}} % al día.',
      pending: 'Cuando los stakings de tus socios alcanzan su objetivo, rinde más cada día.',
    },
    levels: {
      title: 'Ingresos por niveles',
      text_one: 'Gana el {{list}} % de las recompensas de tu equipo, hasta {{words}} nivel de profundidad.',
      text_other:
        'Gana el {{list}} % de las recompensas de tu equipo, hasta {{words}} niveles de profundidad.',
    },
    surge: {
      title: 'Semanas de auge',
      text: 'Algunas semanas multiplican cada recompensa: 1,5 X, 2 X y más.',
    },
  },
  numberWords: {
    zero: 'ningún',
    one: 'un',
    two: 'dos',
    three: 'tres',
    four: 'cuatro',
    five: 'cinco',
    six: 'seis',
    seven: 'siete',
    eight: 'ocho',
    nine: 'nueve',
    ten: 'diez',
  },
};
export default es;
