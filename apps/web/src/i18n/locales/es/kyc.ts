import type { Translation } from '../../translation.ts';
import type en from '../en/kyc.ts';

/** Spanish strings of the kyc screens: the same keys as English, checked by the compiler. */
const es: Translation<typeof en> = {
  page: {
    title: 'Verificación de identidad',
    loading: 'Cargando el estado de tu verificación',
    reason: 'Motivo: {{reason}}',
    status: {
      NONE: {
        title: 'Verifica tu identidad',
        text: 'Verifica tu identidad para aumentar tu límite de retiro. Ten a mano tu pasaporte, documento de identidad o permiso de conducir; tardarás unos cinco minutos.',
      },
      PENDING: {
        title: 'En revisión',
        text: 'Hemos recibido tus documentos y los estamos revisando, normalmente en un día hábil. Te avisaremos cuando terminemos.',
      },
      APPROVED: {
        title: 'Identidad verificada',
        text: 'Tu identidad está confirmada y a tu cuenta se le aplica el límite de retiro de cuenta verificada que ves abajo.',
      },
      REJECTED: {
        title: 'No pudimos verificarte',
        text: 'Tu último envío fue rechazado. Comprueba que tus datos coinciden con tu documento y que las fotos son nítidas y completas, y vuelve a enviarlo.',
      },
    },
  },
  limits: {
    loading: 'Cargando tu límite de retiro',
    title: 'Límites de retiro',
    lead: 'Cuánto puedes retirar en cualquier periodo de {{hours}} horas, en valor en dólares estadounidenses en el momento de cada retiro. Los depósitos, la negociación y las transferencias a otros usuarios de FIT24 no tienen este límite.',
    tiers: { UNVERIFIED: 'Sin verificar', VERIFIED: 'Verificado' },
    yourTier: 'Tu nivel',
    upTo: 'hasta {{amount}} <window>cada {{hours}} h</window>',
    used: 'Usado en las últimas {{hours}} horas: <b>{{used}}</b> · te quedan <b>{{left}}</b>',
  },
  form: {
    personal: 'Datos personales',
    personalHint: 'Tal como aparecen en tu documento de identidad.',
    firstName: 'Nombre',
    lastName: 'Apellidos',
    dateOfBirth: 'Fecha de nacimiento',
    minAge: 'Debes tener al menos {{years}} años',
    address: 'Dirección',
    street: 'Calle y número',
    city: 'Ciudad',
    postalCode: 'Código postal',
    document: 'Documento de identidad',
    idTypes: {
      PASSPORT: 'Pasaporte',
      NATIONAL_ID: 'Documento nacional',
      DRIVING_LICENCE: 'Permiso de conducir',
    },
    idNumber: 'Número del documento',
    front: {
      label: 'Parte delantera del documento',
      hint: 'JPEG, PNG o PDF, hasta 5 MB; con las cuatro esquinas visibles',
      missing: 'Sube la parte delantera de tu documento',
    },
    back: {
      label: 'Parte trasera del documento',
      hint: 'Para documentos de identidad y permisos de conducir',
      missing: 'Sube la parte trasera de tu documento',
    },
    selfie: {
      label: 'Selfi',
      hint: 'Tu cara, bien iluminada, sosteniendo el documento',
      missing: 'Sube un selfi',
    },
    submit: 'Enviar para revisión',
  },
  document: {
    optional: 'opcional',
    uploading: 'Subiendo {{label}}',
    replace: 'Reemplazar',
    choose: 'Elegir archivo',
    takePhoto: 'Tomar foto',
    tooLarge: 'Este archivo ocupa {{size}}; el límite es {{limit}}.',
    empty: 'Este archivo está vacío.',
    wrongType: 'Elige una foto JPEG o PNG, o un PDF.',
  },
};
export default es;
