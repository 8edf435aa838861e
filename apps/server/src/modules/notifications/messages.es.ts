import type { Formatter } from './format.ts';
import type { Catalogue, SecurityChange, WithdrawalStatus } from './message-types.ts';

/** Spanish (neutral, tú), in the words the app's Spanish screens use (apps/web/src/i18n/locales/es). */

const PAUSED = 'Los retiros y las transferencias quedan en pausa durante un tiempo, por tu seguridad.';

const withdrawalTitles: Record<WithdrawalStatus, string> = {
  PENDING: 'pendiente',
  PROCESSING: 'en proceso',
  BROADCAST: 'enviado',
  COMPLETED: 'completado',
  REJECTED: 'rechazado',
  CANCELLED: 'cancelado',
  FAILED: 'fallido',
};

const withdrawalWords: Record<WithdrawalStatus, string> = {
  PENDING: 'está esperando aprobación',
  PROCESSING: 'se aprobó y se está enviando',
  BROADCAST: 'se envió a la red',
  COMPLETED: 'se completó',
  REJECTED: 'se rechazó y los fondos volvieron a tu billetera',
  CANCELLED: 'se canceló y los fondos volvieron a tu billetera',
  FAILED: 'falló en la red y los fondos volvieron a tu billetera',
};

const freezeReasons = {
  LINK: 'congelada desde el enlace «No fui yo» de un correo de nuevo inicio de sesión',
  USER: 'congelada por ti desde la pantalla de seguridad',
  OPERATOR: 'congelada por nuestro equipo de soporte',
} as const;

const stakeSources = {
  AVAILABLE: 'saldo disponible',
  LOCKED: 'saldo bloqueado',
  WALLET: 'billetera de afiliado',
} as const;

const signinNews = {
  DEVICE_AND_IP: 'un dispositivo y una dirección IP nuevos',
  DEVICE: 'un dispositivo nuevo',
  IP: 'una dirección IP nueva',
} as const;

function security(p: SecurityChange, f: Formatter): { title: string; body: string } {
  switch (p.change) {
    case 'EMAIL_CHANGED':
      return { title: 'Correo cambiado', body: `Tu correo ahora es ${p.email}. ${PAUSED}` };
    case 'ADDRESS_CONFIRMED':
      return {
        title: 'Dirección de retiro confirmada',
        body: `Tu dirección de ${p.symbol} «${p.label}» se podrá usar para retiros desde el ${f.dateTime(p.usableAt)}. Si no fuiste tú, elimínala y congela tu cuenta desde Seguridad.`,
      };
    case 'WHITELIST_OFF':
      return {
        title: 'Retiros solo a la lista blanca desactivados',
        body: `Los retiros podrán ir a cualquier dirección desde el ${f.dateTime(p.until)}; hasta entonces, solo a tu libreta de direcciones. Si no fuiste tú, vuelve a activarlos y congela tu cuenta desde Seguridad.`,
      };
    case 'PASSKEY_ADDED':
      return {
        title: 'Llave de acceso añadida',
        body: `La llave de acceso «${p.name}» ya puede iniciar sesión en tu cuenta y confirmar retiros.`,
      };
    case 'TOTP_ON':
      return {
        title: 'Autenticación de dos factores activada',
        body: 'Una app de autenticación protege ahora tu inicio de sesión, tus retiros y tus transferencias.',
      };
    case 'FACTOR_REMOVED': {
      const title =
        p.factor === 'PASSKEY' ? 'Llave de acceso eliminada' : 'Autenticación de dos factores desactivada';
      return {
        title,
        body: `${title}. ${PAUSED} Si no fuiste tú, congela tu cuenta desde Seguridad.`,
      };
    }
    case 'ANTI_PHISHING_SET':
      return {
        title: 'Código antiphishing creado',
        body: 'Cada correo de FIT24 Exchange empieza ahora con tu código antiphishing.',
      };
    case 'ANTI_PHISHING_REMOVED':
      return {
        title: 'Código antiphishing eliminado',
        body: 'Los correos de FIT24 Exchange ya no muestran un código antiphishing.',
      };
    case 'UNFROZEN':
      return {
        title: 'Cuenta descongelada',
        body: 'Nuestro equipo de soporte descongeló tu cuenta: los retiros y las transferencias vuelven a funcionar.',
      };
  }
}

export const es: Catalogue = {
  KYC_APPROVED: () => ({
    title: 'Identidad verificada',
    body: 'Tus documentos de identidad se aprobaron.',
  }),
  KYC_REJECTED: (p) => ({
    title: 'Verificación de identidad rechazada',
    body: `Tus documentos de identidad se rechazaron: ${p.reason ?? 'No se pudieron verificar los documentos.'} Puedes enviar documentos nuevos.`,
  }),
  NEW_DEVICE_SIGNIN: (p, f) => ({
    title: 'Nuevo inicio de sesión',
    body: `Se inició sesión en tu cuenta desde ${signinNews[p.news]} (${p.device ?? 'dispositivo desconocido'}, ${p.ip}) el ${f.dateTime(p.at)}. Si no fuiste tú, congela tu cuenta desde el enlace del correo que te enviamos o desde la pantalla de seguridad.`,
  }),
  SECURITY_CHANGED: security,
  ACCOUNT_FROZEN: (p) => ({
    title: 'Cuenta congelada',
    body: `Tu cuenta está congelada (${freezeReasons[p.source]}): se cerró la sesión en todos los dispositivos y los retiros y las transferencias están detenidos. Contacta con soporte para descongelarla.`,
  }),
  PASSWORD_CHANGED: () => ({
    title: 'Contraseña cambiada',
    body: `Tu contraseña se cambió y se cerró la sesión en todos los dispositivos. ${PAUSED}`,
  }),
  TXN_PASSWORD_SET: () => ({
    title: 'Contraseña de transacciones creada',
    body: 'Tu contraseña de transacciones está lista. Ahora la necesitas para retiros y transferencias.',
  }),
  DEPOSIT_CREDITED: (p, f) => ({
    title: `Depósito de ${p.symbol} recibido`,
    body: `Recibiste ${f.amount(p.amount)} ${p.symbol} en tu billetera.`,
  }),
  DEPOSIT_DROPPED: (p, f) => ({
    title: `Depósito de ${p.symbol} descartado`,
    body: `Un depósito de ${f.amount(p.amount)} ${p.symbol} salió de la cadena en una reorganización antes de confirmarse. Si se vuelve a minar, aparecerá de nuevo.`,
  }),
  WITHDRAWAL_STATUS: (p, f) => ({
    title: `Retiro de ${p.symbol} ${withdrawalTitles[p.status]}`,
    body: `Tu retiro de ${f.amount(p.amount)} ${p.symbol} ${withdrawalWords[p.status]}.`,
  }),
  TRANSFER_SENT: (p, f) => ({
    title: `${p.symbol} enviado`,
    body: `Enviaste ${f.amount(p.amount)} ${p.symbol} a ${p.to}.`,
  }),
  TRANSFER_RECEIVED: (p, f) => ({
    title: `${p.symbol} recibido`,
    body: `Recibiste ${f.amount(p.amount)} ${p.symbol} de ${p.from}.`,
  }),
  LOCKED_GRANTED: (p, f) => ({
    title: `${p.symbol} bloqueado asignado`,
    body: `Tu saldo bloqueado recibió ${f.amount(p.amount)} ${p.symbol}. Puedes ponerlos en staking.`,
  }),
  STAKE_CREATED: (p, f) => ({
    title: 'Staking creado',
    body: `Pusiste ${f.amount(p.amount)} FIT24 en staking desde tu ${stakeSources[p.source]}.`,
  }),
  STAKE_BOOSTED: (p, f) => ({
    title: 'Staking potenciado',
    body: `Tu staking de ${f.amount(p.amount)} FIT24 está potenciado: ahora gana un ${f.amount(p.percent)} % al día.`,
  }),
  REWARD_CREDITED: (p, f) => ({
    title: 'Recompensas acreditadas',
    body: `Tu billetera de afiliado recibió ${f.amount(p.amount)} FIT24 de recompensas del ${f.day(p.day)}.`,
  }),
  RANK_REACHED: (p, f) => ({
    title: `Rango alcanzado: ${p.rank}`,
    body:
      p.reward === null
        ? `Alcanzaste el rango ${p.rank}.`
        : `Alcanzaste el rango ${p.rank}. Tu billetera de afiliado recibió ${f.amount(p.reward)} FIT24.`,
  }),
  ORDER_FILLED: (p, f) => ({
    title: p.whole ? 'Orden ejecutada' : 'Orden ejecutada en parte',
    body:
      `Tu orden de ${p.side === 'BUY' ? 'compra' : 'venta'} en ${p.symbol} ` +
      `${p.whole ? 'se ejecutó' : 'se ejecutó en parte'}: ` +
      `${f.amount(p.filled)} ${p.base} a un precio medio de ${f.amount(p.averagePrice)} ${p.quote}.`,
  }),
  PRICE_ALERT: (p, f) => ({
    title: `Alerta de precio de ${p.symbol}`,
    body: `${p.symbol} cotizó a ${f.amount(p.price)} ${p.quote} o ${p.condition === 'ABOVE' ? 'más' : 'menos'}.`,
  }),
};
