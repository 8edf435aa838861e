import type { Translation } from '../../translation.ts';
import type en from '../en/account.ts';

/** Spanish strings of the account screens: the same keys as English, checked by the compiler. */
const es: Translation<typeof en> = {
  account: {
    title: 'Cuenta',
    profile: 'Perfil',
    loading: 'Cargando tu perfil',
    links: {
      security: 'Seguridad',
      reserves: 'Prueba de reservas',
      apiKeys: 'Claves API',
      kyc: 'Identidad (KYC)',
      bank: 'Cuentas bancarias',
      notifications: 'Notificaciones',
      settings: 'Ajustes',
      share: 'Invitar amigos',
      version: 'Versión',
    },
    signOut: 'Cerrar sesión',
  },
  settings: {
    title: 'Ajustes',
    loadingChoices: 'Cargando tus preferencias de notificación',
    loadError: 'No se pudieron cargar tus ajustes. {{reason}}',
    tryAgain: 'Reintentar',
    saveError: 'No se pudieron guardar tus ajustes.',
  },
  appearance: {
    title: 'Apariencia',
    lead: 'Cómo se ve FIT24 Exchange, en este dispositivo y en los demás en los que inicies sesión.',
    theme: 'Tema',
    modes: {
      dark: { label: 'Oscuro', hint: 'Descansa la vista' },
      light: { label: 'Claro', hint: 'Nítido a plena luz' },
      system: { label: 'Sistema', hint: 'Como este dispositivo' },
    },
  },
  notifications: {
    title: 'Notificaciones',
    lead: 'Elige cómo te avisamos. Todas las notificaciones se guardan también en la lista de notificaciones de la app.',
    caption: 'Notificaciones por correo y push',
    event: 'Evento',
    channels: { email: 'Correo', push: 'Push' },
    toggle: '{{channel}}: {{event}}',
    events: {
      order_filled: { label: 'Órdenes ejecutadas', hint: 'Una orden tuya se ejecuta, total o parcialmente' },
      price_alert: {
        label: 'Alertas de precio',
        hint: 'Un mercado alcanza un precio para el que creaste una alerta',
      },
      deposit_credited: { label: 'Depósitos', hint: 'Se abona un depósito en tu billetera' },
      withdrawal_sent: { label: 'Retiros', hint: 'Un retiro se envía, se completa o se devuelve' },
      new_device_signin: {
        label: 'Nuevos inicios de sesión',
        hint: 'Se inicia sesión en tu cuenta desde un dispositivo o una dirección nuevos; el correo incluye el enlace para congelarla',
      },
      reward: { label: 'Recompensas', hint: 'Se pagan ingresos de afiliado o alcanzas un rango' },
    },
  },
  push: {
    title: 'Push en este dispositivo',
    status: { on: 'Activadas', off: 'Desactivadas', blocked: 'Bloqueadas', unsupported: 'No disponibles' },
    explain: {
      checking: 'Comprobando este dispositivo…',
      on: 'Este dispositivo muestra las notificaciones que elegiste arriba para push, incluso con la app cerrada.',
      off: 'Activa las notificaciones push para enterarte al instante en este dispositivo de los eventos que elegiste arriba.',
      blocked:
        'Las notificaciones de FIT24 Exchange están bloqueadas en este dispositivo. Permítelas en los ajustes del navegador o del teléfono y vuelve aquí.',
    },
    unsupported: {
      browser: 'Este navegador no puede recibir notificaciones push.',
      noWorker:
        'Las notificaciones push necesitan que la app termine de instalarse en este navegador (su service worker), y aún no ha terminado. Recarga la página y vuelve a intentarlo.',
      failed: 'Las notificaciones push no están disponibles aquí.',
    },
    noToken: 'El dispositivo no proporcionó un token de notificaciones push.',
    enableFailed: 'No se pudieron activar las notificaciones push: {{reason}}',
    disableFailed: 'No se pudieron desactivar las notificaciones push. Vuelve a intentarlo.',
    turnedOn: 'Las notificaciones push están activadas en este dispositivo',
    turnedOff: 'Las notificaciones push están desactivadas en este dispositivo',
    blocked: 'Las notificaciones están bloqueadas para este sitio: permítelas en tus ajustes',
    turnOn: 'Activar notificaciones push',
    turnOff: 'Desactivar en este dispositivo',
  },
};
export default es;
