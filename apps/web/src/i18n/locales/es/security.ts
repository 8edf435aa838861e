import type { Translation } from '../../translation.ts';
import type en from '../en/security.ts';

/** Spanish strings of the security screens: the same keys as English, checked by the compiler. */
const es: Translation<typeof en> = {
  title: 'Seguridad',
  cancel: 'Cancelar',
  required: 'Es obligatorio',
  setting: {
    on: 'Activado',
    off: 'Desactivado',
    set: 'Configurado',
    notSet: 'Sin configurar',
  },
  cooldown: {
    notice:
      'Los retiros y las transferencias están en pausa hasta el {{date}}, por tu seguridad tras un cambio de seguridad.',
    noticeWithReason:
      'Los retiros y las transferencias están en pausa hasta el {{date}} ({{reason}}), por tu seguridad tras un cambio de seguridad.',
    reasons: {
      emailChanged: 'cambio de correo electrónico',
      mobileChanged: 'cambio de número de móvil',
      passwordChanged: 'cambio de contraseña',
      appRemoved: 'app de autenticación eliminada',
      passkeyRemoved: 'llave de acceso eliminada',
    },
  },
  twoFactor: {
    title: 'Autenticación de dos factores',
    lead: 'Un código de una app de autenticación en tu teléfono, que te pedimos al iniciar sesión, retirar o transferir.',
    app: 'App de autenticación',
    appNotSetUp: 'Sin configurar',
    codesLeft: 'Códigos de recuperación restantes',
    codesLeftCount: '{{left}} de {{total}}',
    renew: 'Renovar',
    setUp: 'Configurar app de autenticación',
    turnOffApp: 'Desactivar app de autenticación',
    regenerate: {
      confirm: 'Generar códigos nuevos',
      lead: 'Tus códigos de recuperación actuales dejan de funcionar en cuanto se generan los nuevos.',
    },
    disable: {
      confirm: 'Desactivar',
      done: 'Tu app de autenticación está desactivada',
      warningWithPasskeys:
        'Sin la app, tu cuenta queda protegida por tu contraseña y tus llaves de acceso. Por tu seguridad, los retiros y las transferencias se pausan durante {{delay}} después de desactivarla.',
      warningAlone:
        'Sin la app, tu cuenta queda protegida solo por tu contraseña. Por tu seguridad, los retiros y las transferencias se pausan durante {{delay}} después de desactivarla.',
    },
  },
  totpSetup: {
    keyCopied: 'Clave copiada',
    copyRefused: 'El navegador no permitió copiar. Selecciona la clave y cópiala a mano.',
    scanTitle: 'Escanea este código QR',
    apps: 'Usa Google Authenticator, Microsoft Authenticator, 1Password o cualquier app de autenticación.',
    qrTitle: 'Código QR para añadir FIT24 Exchange a tu app de autenticación',
    cantScan: '¿No puedes escanearlo? Introduce esta clave en la app:',
    copyKey: 'Copiar la clave',
    codeTitle: 'Introduce el código que muestra la app',
    codeLabel: 'Código de 6 dígitos',
    turnOn: 'Activar',
  },
  recoveryCodes: {
    file: {
      title: 'FIT24 Exchange: códigos de recuperación de dos factores',
      account: 'Cuenta: {{email}}',
      created: 'Creados: {{date}}',
      use: 'Cada código te permite iniciar sesión una vez si no puedes usar tu app de autenticación.',
      keep: 'Guárdalos en un lugar seguro y privado, como un gestor de contraseñas.',
    },
    copied: 'Códigos de recuperación copiados',
    copyRefused: 'El navegador no permitió copiar. Descarga los códigos en su lugar.',
    warning:
      'Guarda ahora estos códigos de recuperación: solo se muestran una vez. Cada uno sustituye una sola vez a un código de tu app si pierdes el teléfono.',
    copy: 'Copiar',
    download: 'Descargar .txt',
    saved: 'He guardado mis códigos de recuperación en un lugar seguro',
    done: 'Listo',
  },
  passkeys: {
    title: 'Llaves de acceso',
    lead: 'Inicia sesión con tu huella, tu cara o el bloqueo de pantalla en lugar de una contraseña. Una llave de acceso también cuenta como segundo factor.',
    none: 'Ninguna',
    active_one: '{{count}} activa',
    active_other: '{{count}} activas',
    empty: 'Todavía no tienes llaves de acceso.',
    add: 'Añadir una llave de acceso',
    unsupported:
      'Este navegador no puede crear llaves de acceso. Abre FIT24 Exchange en un navegador actualizado para añadir una.',
    added: 'Llave de acceso añadida',
    renamed: 'Llave de acceso renombrada',
    removed: 'Llave de acceso eliminada',
    row: {
      dates: 'Añadida el {{date}} · {{usage}}',
      neverUsed: 'nunca usada',
      used: 'usada {{ago}}',
      rename: 'Renombrar {{name}}',
      remove: 'Eliminar {{name}}',
    },
    rename: {
      label: 'Nuevo nombre',
      save: 'Guardar nombre',
    },
    remove: {
      confirm: 'Eliminar llave de acceso',
      text: '¿Eliminar <b>{{name}}</b>? Ya no podrás iniciar sesión con ella. Los retiros y las transferencias se pausan durante {{delay}} después de eliminar un segundo factor.',
    },
    create: {
      label: 'Nombre de la llave de acceso',
      helper: 'Para distinguir tus llaves de acceso, p. ej. «Portátil del trabajo» o «Mi teléfono».',
      submit: 'Crear llave de acceso',
    },
  },
  txnPassword: {
    title: 'Contraseña de transacciones',
    lead: 'Te la pedimos en cada retiro y transferencia. Usa una distinta de tu contraseña de inicio de sesión.',
    codeSent: 'Te enviamos un código de 6 dígitos por correo',
    saved: 'Tu contraseña de transacciones está guardada',
    change: 'Cambiar contraseña de transacciones',
    set: 'Crear contraseña de transacciones',
    otpLabel: 'Código de 6 dígitos de tu correo',
    passwordLabel: 'Contraseña de transacciones',
    save: 'Guardar contraseña de transacciones',
  },
  password: {
    title: 'Contraseña de inicio de sesión',
    lead: 'Te enviaremos un código a {{email}}. Al cambiar tu contraseña se cierra la sesión en todos los dispositivos, incluido este.',
    yourAddress: 'tu dirección',
    change: 'Cambiar contraseña',
  },
  email: {
    title: 'Correo electrónico',
    lead: 'Inicias sesión con él, y a él te enviamos tus códigos y alertas de seguridad.',
    current: 'Correo actual',
    change: 'Cambiar correo',
    codeSentTo: 'Enviamos un código a {{email}}',
    changed: 'Tu correo ahora es {{email}}',
    details: {
      text: 'Enviaremos un código a la nueva dirección y se lo avisaremos a {{email}}.',
      textWithPause:
        'Enviaremos un código a la nueva dirección y se lo avisaremos a {{email}}. Una vez cambiado, los retiros y las transferencias se pausan durante {{delay}}.',
      yourCurrent: 'tu dirección actual',
      newEmail: 'Nuevo correo',
      currentPassword: 'Contraseña actual',
      submit: 'Envíame un código',
    },
    code: {
      text: 'Enviamos un código a <b>{{email}}</b>. Introdúcelo para que sea tu correo.',
      label: 'Código de 6 dígitos de la nueva dirección',
    },
    cooldown:
      'Tu correo cambió, así que los retiros y las transferencias están en pausa durante {{delay}} por tu seguridad, hasta el {{date}}.',
  },
  addressBook: {
    title: 'Libreta de direcciones de retiro',
    lead: 'Guarda las direcciones a las que retiras y elígelas al retirar. Una dirección nueva se confirma con un código que te enviamos por correo y se puede usar {{when}}, para que nadie que entre en tu cuenta pueda usarla de inmediato.',
    usableLater: '{{delay}} después',
    usableAfterDelay: 'tras un plazo de seguridad',
    loading: 'Cargando tu libreta de direcciones',
    empty: 'Todavía no tienes direcciones guardadas.',
    filter: 'Mostrar direcciones de',
    all: 'Todas',
    network: 'red {{network}}',
    add: 'Añadir una dirección',
  },
  addressRow: {
    memo: 'Memo',
    enterCode: 'Introducir código',
    remove: 'Eliminar',
    keep: 'Conservarla',
    removeText:
      '¿Eliminar <b>{{label}}</b>? Si la vuelves a añadir más adelante, tendrás que confirmarla y esperar de nuevo el plazo de seguridad.',
    removeConfirm: 'Eliminar dirección',
    removed: '«{{label}}» se eliminó de tu libreta de direcciones',
  },
  addressAdd: {
    asset: 'Activo',
    loadingAssets: 'Cargando activos…',
    chooseAsset: 'Elige el activo',
    assetError: 'Elige el activo de esta dirección',
    label: 'Etiqueta',
    labelPlaceholder: 'p. ej. Mi billetera física',
    address: 'Dirección',
    addressOf: 'Dirección de {{symbol}}',
    addressHelper: 'Solo una dirección de {{name}}: las monedas enviadas por otra red se pierden.',
    addressPlaceholder: 'Pega la dirección',
    invalidAddress: 'Esta no es una dirección de {{network}} válida. Comprueba que la copiaste completa.',
    submit: 'Guardar y enviarme un código',
  },
  addressConfirm: {
    confirmed: 'Dirección confirmada.',
    confirmedFrom: 'Dirección confirmada. Podrás retirar a ella a partir del {{date}}.',
    later: 'Más tarde',
    text: 'Te enviamos por correo un código de 6 dígitos para <b>{{label}}</b>. Introdúcelo para confirmar esta dirección; podrás usarla cuando haya pasado el plazo de seguridad.',
    otpLabel: 'Código de 6 dígitos de tu correo',
    submit: 'Confirmar dirección',
  },
  whitelist: {
    title: 'Retiros solo a la lista blanca',
    lead: 'Si está activado, solo puedes retirar a direcciones activas de tu libreta de direcciones.',
    turnedOn: 'Los retiros solo a la lista blanca están activados',
    endsOn: 'Los retiros solo a la lista blanca terminan el {{date}}',
    ending: 'Terminando',
    toggle: 'Solo mi libreta de direcciones',
    endingNotice:
      'Desactivado: termina el <b>{{date}}</b>. Hasta entonces, los retiros solo van a tu libreta de direcciones. Vuelve a activarlo para cancelar.',
    noActive:
      'Todavía no tienes ninguna dirección activa: mientras los retiros solo a la lista blanca estén activados, no podrás retirar hasta que una se pueda usar.',
    keepOn: 'Mantenerlo activado',
    delayNotice:
      'Por tu seguridad, esto se aplica dentro de {{delay}}: hasta entonces, los retiros solo van a tu libreta de direcciones.',
    turnOff: 'Desactivar los retiros solo a la lista blanca',
  },
  antiPhishing: {
    title: 'Código antiphishing',
    lead: 'Una frase que eliges y que aparece en cada correo de FIT24 Exchange. Un correo sin ella, o con otra, no es nuestro: no hagas clic en sus enlaces.',
    removed: 'Tu código antiphishing se eliminó',
    saved: 'Tu código antiphishing está guardado: búscalo en cada correo nuestro',
    current: 'Tu código, visible en cada correo',
    change: 'Cambiar código',
    set: 'Crear código antiphishing',
    remove: 'Eliminar código',
    save: 'Guardar código',
    label: 'Código antiphishing',
    newLabel: 'Nuevo código antiphishing',
    helper: 'De 4 a 20 letras, dígitos, espacios, - o _. No es una contraseña: elige algo que reconozcas.',
    removeText:
      '¿Eliminar tu código antiphishing? Nuestros correos ya no lo mostrarán y será más difícil detectar un correo falso.',
  },
  sessions: {
    title: 'Dispositivos con sesión iniciada',
    lead: 'Si no reconoces un dispositivo, cambia tu contraseña y cierra sesión en todas partes.',
    loading: 'Cargando tus dispositivos',
    unknownIp: 'IP desconocida',
    seen: '{{ip}} · activo {{ago}}',
    thisDevice: 'Este dispositivo',
    signOutAll: 'Cerrar sesión en todas partes',
    confirm: {
      header: '¿Cerrar sesión en todas partes?',
      message:
        'Todos los dispositivos con sesión iniciada en tu cuenta, incluido este, tendrán que volver a iniciar sesión.',
    },
  },
  freezeCard: {
    title: 'Congelar cuenta',
    lead: '¿Crees que alguien más está en tu cuenta? Al congelarla se cierra la sesión en todos los dispositivos a la vez y se detienen los retiros y las transferencias hasta que nuestro equipo de soporte la descongele. Aún podrás iniciar sesión para ver tus saldos.',
    kicker: 'Zona de peligro',
    frozen:
      'Tu cuenta está congelada: los retiros y las transferencias están detenidos. Contacta con soporte para descongelarla cuando tu correo y tu contraseña estén protegidos.',
    open: 'Congelar mi cuenta',
    done: 'Tu cuenta está congelada y se cerró la sesión en todos los dispositivos. Contacta con soporte para descongelarla.',
    confirm: {
      header: '¿Congelar tu cuenta?',
      message:
        'Los retiros y las transferencias se detienen hasta que nuestro equipo de soporte descongele tu cuenta, y se cierra la sesión en todos los dispositivos a la vez, incluido este.',
      button: 'Congelar cuenta',
    },
  },
  freezePage: {
    title: 'Congelar cuenta',
    incompleteLink:
      'Este enlace está incompleto. Vuelve a abrir el enlace completo del correo, o inicia sesión y congela tu cuenta desde la pantalla de seguridad.',
    ask: {
      title: '¿Congelar tu cuenta?',
      lead: 'Alguien inició sesión en tu cuenta de FIT24 Exchange desde un dispositivo o lugar nuevo. Si no fuiste tú, congela la cuenta ahora.',
      listTitle: 'Qué hace congelar la cuenta',
      signedOut:
        'Se cierra la sesión en todos los dispositivos a la vez, incluido el de quien inició sesión.',
      stopped:
        'Los retiros y las transferencias se detienen hasta que nuestro equipo de soporte descongele la cuenta.',
      stillSignIn: 'Aún puedes iniciar sesión para ver tus saldos y órdenes.',
      submit: 'Congelar mi cuenta',
      itWasMe: 'Fui yo, déjala como está',
    },
    done: {
      title: 'Tu cuenta está congelada',
      text: 'Se cerró la sesión en todos los dispositivos, y los retiros y las transferencias están detenidos. Inicia sesión y cambia tu contraseña, y luego contacta con nuestro equipo de soporte para descongelar tu cuenta.',
      reset: 'Restablecer contraseña',
    },
    failed: {
      title: 'No pudimos congelar la cuenta',
      retry: 'Reintentar',
    },
    signIn: 'Iniciar sesión',
  },
};
export default es;
