import type { Translation } from '../../translation.ts';
import type en from '../en/notifications.ts';

/** Spanish strings of the notifications screens: the same keys as English, checked by the compiler. */
const es: Translation<typeof en> = {
  page: {
    title: 'Notificaciones',
    readAll: 'Marcar leídas',
    loading: 'Cargando notificaciones',
    loadingMore: 'Cargando más',
    emptyTitle: 'Todavía no hay notificaciones',
    emptyText:
      'Aquí te avisaremos de depósitos, retiros, transferencias e inicios de sesión desde dispositivos nuevos.',
  },
  item: {
    unread: 'No leída',
  },
};
export default es;
