import type { Translation } from '../../translation.ts';
import type en from '../en/system.ts';

/** Spanish strings of the system screens: the same keys as English, checked by the compiler. */
const es: Translation<typeof en> = {
  update: {
    title: 'Actualización necesaria',
    storeText:
      'Esta versión de FIT24 Exchange ya no es compatible. Instala la última versión desde {{store}} para continuar.',
    webText: 'Hay una nueva versión de FIT24 Exchange y esta ya no es compatible. Recarga para obtenerla.',
    safe: 'Tus fondos y tus órdenes abiertas están a salvo en el exchange.',
    reload: 'Recargar',
    open: 'Abrir {{store}}',
    installed: 'Versión instalada {{version}}',
    stores: { ios: 'la App Store', android: 'Google Play' },
  },
  share: {
    title: 'Invitar amigos',
    copied: 'Enlace de invitación copiado',
    copyFailed: 'Aquí no se puede copiar; selecciona el enlace y cópialo.',
    shareTitle: 'Únete a FIT24 Exchange conmigo',
    shareText: 'Opera y haz staking de cripto conmigo.',
    invited: {
      heading: 'Te han invitado',
      lead: 'Crea tu cuenta de FIT24 Exchange con el código de invitación <code>{{code}}</code>: ya lo hemos rellenado por ti.',
      register: 'Crear cuenta',
      haveAccount: 'Ya tengo una cuenta',
    },
    own: {
      heading: 'Invita a tus amigos y haz crecer tu equipo',
      lead: 'Los amigos que se unan con tu enlace serán tus socios directos en el programa de afiliados de FIT24.',
      yourCode: 'Tu código',
      copy: 'Copiar enlace',
      share: 'Compartir',
      pending: 'Tu código de invitación aparecerá aquí cuando tu cuenta esté lista.',
    },
    visitor: {
      heading: 'Invitar amigos',
      lead: 'Inicia sesión para obtener tu enlace de invitación personal.',
      signIn: 'Iniciar sesión',
    },
  },
  version: {
    title: 'Versión de la app',
    loading: 'Cargando',
    version: 'Versión',
    code: 'Código',
  },
};
export default es;
