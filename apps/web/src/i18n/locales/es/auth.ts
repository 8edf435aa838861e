import type { Translation } from '../../translation.ts';
import type en from '../en/auth.ts';

/** Spanish strings of the auth screens: the same keys as English, checked by the compiler. */
const es: Translation<typeof en> = {
  fields: {
    email: 'Correo electrónico',
    emailPlaceholder: 'tu@ejemplo.com',
    password: 'Contraseña',
  },
  login: {
    title: 'Iniciar sesión',
    heading: 'Hola de nuevo',
    lead: 'Inicia sesión para operar, guardar y hacer staking en FIT24 Exchange.',
    passwordChanged:
      'Tu contraseña se cambió y se cerró la sesión en todos los dispositivos. Inicia sesión con tu nueva contraseña.',
    forgot: '¿Olvidaste tu contraseña?',
    submit: 'Iniciar sesión',
    newHere: '¿Primera vez en FIT24?',
    createAccount: 'Crear cuenta',
  },
  passkey: {
    or: 'o',
    signIn: 'Entrar con llave de acceso',
  },
  secondStep: {
    heading: 'Verificación en dos pasos',
    signingInAs: 'Iniciando sesión como <email>{{email}}</email>',
    expired: 'Este inicio de sesión ha caducado. Vuelve a iniciar sesión.',
    signInAgain: 'Volver a iniciar sesión',
    leadRecovery:
      'Introduce uno de los códigos de recuperación que guardaste. Cada código sirve una sola vez.',
    leadTotp:
      'Abre tu app de autenticación e introduce el código de 6 dígitos que muestra para FIT24 Exchange.',
    leadPasskey: 'Confirma que eres tú con la llave de acceso de este dispositivo o de tu teléfono.',
    submit: 'Verificar e iniciar sesión',
    usePasskey: 'Usar una llave de acceso',
    expiresIn: 'Caduca en {{time}}',
    back: 'Volver al inicio de sesión',
  },
  register: {
    title: 'Crear cuenta',
    heading: 'Abre tu cuenta',
    lead: 'Solo te llevará un minuto. Te enviaremos códigos a tu correo y a tu móvil para confirmar que son tuyos.',
    name: 'Nombre completo',
    referral: 'Código de referido (opcional)',
    referralHelper: 'El del amigo que te invitó',
    acceptLabel: 'Acepto los términos de uso',
    accept: 'He leído y acepto los <terms>términos de uso</terms>',
    acceptError: 'Acepta los términos de uso para continuar',
    submit: 'Crear cuenta',
    haveAccount: '¿Ya tienes una cuenta?',
    signIn: 'Iniciar sesión',
  },
  forgot: {
    title: 'Restablecer contraseña',
    heading: '¿Olvidaste tu contraseña?',
    lead: 'Introduce el correo de tu cuenta y te enviaremos un código de 6 dígitos para elegir una nueva.',
    send: 'Enviar código',
    checkHeading: 'Revisa tu correo',
    checkLead:
      'Si existe una cuenta para <email>{{email}}</email>, te hemos enviado un código. Introdúcelo junto con tu nueva contraseña.',
    useAnotherEmail: 'Usar otro correo',
    doneHeading: 'Contraseña cambiada',
    doneLead: 'Se cerró la sesión en todos los dispositivos. Inicia sesión con tu nueva contraseña.',
    signIn: 'Iniciar sesión',
  },
  verify: {
    title: 'Verifica tu cuenta',
    heading: 'Confirma que eres tú',
    lead: 'Introduce los códigos de 6 dígitos que te enviamos. Verificar tu correo desbloquea tu cuenta; tu móvil puedes verificarlo ahora o más tarde.',
    email: 'Correo electrónico',
    mobile: 'Móvil',
    required: 'Obligatorio',
    optional: 'Opcional',
    changeNumber: 'Cambiar número',
    useAnotherAccount: 'Usar otra cuenta',
  },
  codeCard: {
    verified: 'Verificado',
    otp: 'Código de 6 dígitos',
    submit: 'Verificar',
    resent: 'Te hemos enviado un código nuevo a {{address}}',
  },
  changeMobile: {
    title: 'Cambiar número de móvil',
    cancel: 'Cancelar',
    lead: 'Enviaremos un código de 6 dígitos al número nuevo.',
    submit: 'Enviar código al número nuevo',
  },
  terms: {
    title: 'Términos de uso',
    lead: 'Estos términos regulan tu uso de FIT24 Exchange: la operativa, los depósitos, los retiros, el staking y el programa de afiliados. Léelos antes de crear una cuenta.',
    footer: 'Versión {{version}} · Consultas: <mail>{{email}}</mail>',
    eligibility: {
      title: '1. Requisitos',
      p1: 'Debes tener al menos 18 años y capacidad legal para celebrar un contrato en el lugar donde resides. Solo puedes abrir una cuenta, a tu propio nombre, y no debes usar FIT24 Exchange donde la negociación de criptoactivos esté prohibida ni desde un país sujeto a sanciones.',
      p2: 'Podemos pedirte que verifiques tu identidad (KYC) antes de que deposites, retires u operes por encima de ciertos límites, y podemos rechazar o cerrar una cuenta cuando la información facilitada sea incompleta o falsa.',
    },
    security: {
      title: '2. Tu cuenta y su seguridad',
      p1: 'Eres responsable de mantener en secreto tu contraseña, tu contraseña de transacción y los códigos de un solo uso que te enviamos. No los compartas nunca, ni siquiera con alguien que diga trabajar para FIT24: nunca te los pediremos.',
      p2: 'Avísanos de inmediato si crees que otra persona ha usado tu cuenta. Puedes cerrar la sesión en todos los dispositivos desde la pantalla Seguridad. Los retiros y las transferencias requieren tu contraseña de transacción.',
    },
    risks: {
      title: '3. Riesgos de los criptoactivos',
      p1: 'El precio de los criptoactivos puede subir o bajar bruscamente en cuestión de minutos, y puedes perder todo el dinero que aportes. Las rentabilidades pasadas, los rendimientos del staking y los ingresos de afiliado no garantizan resultados futuros.',
      p2: 'Los criptoactivos no son de curso legal y, por lo general, no están cubiertos por sistemas de garantía de depósitos ni de indemnización de inversores. Las transacciones enviadas en una blockchain no se pueden revertir: comprueba cada dirección y cada red antes de retirar.',
      p3: 'Nada de lo que aparece en la app constituye asesoramiento de inversión, fiscal ni legal. Opera solo con dinero que puedas permitirte perder.',
    },
    fees: {
      title: '4. Comisiones',
      p1: 'Las comisiones de negociación, de retiro y de red se muestran antes de que confirmes una orden o un retiro, y se descuentan de tu saldo cuando la orden se ejecuta o el retiro se envía. Las comisiones pueden cambiar; los cambios se aplican desde el momento en que se publican en la app.',
    },
    affiliate: {
      title: '5. Programa de afiliados y staking',
      p1: 'Puedes invitar a otras personas con tu código de referido. Los ingresos de afiliado se pagan en FIT24 desde un fondo de recompensas dotado, según las reglas del programa que se muestran en la app (rendimiento, boost, surge, rangos y ofertas), que podemos modificar para periodos futuros.',
      p2: 'Los FIT24 en staking se mantienen en tu saldo en staking y no están disponibles para operar mientras lo estén. Registrar cuentas propias como referidos, comprar referidos o cualquier otro abuso del programa conlleva la pérdida de los ingresos que haya generado.',
    },
    termination: {
      title: '6. Suspensión y cancelación',
      p1: 'Puedes cerrar tu cuenta en cualquier momento una vez retirados tus saldos. Podemos suspender o cerrar una cuenta para cumplir la ley, para investigar un fraude o un abuso de mercado, o cuando se incumplan estos términos; cuando la ley lo permita, te diremos el motivo y te dejaremos retirar lo que es tuyo.',
    },
  },
};
export default es;
