import type { TLanguage } from '@fit24/contract';
import { formatterFor } from './format.ts';
import type { Catalogue, NotificationParams, NotificationText, NotificationType } from './message-types.ts';
import { en } from './messages.en.ts';
import { es } from './messages.es.ts';

export type {
  Catalogue,
  NotificationParams,
  NotificationText,
  NotificationType,
  SecurityChange,
  WithdrawalStatus,
} from './message-types.ts';

const CATALOGUES: Record<TLanguage, Catalogue> = { en, es };

/** A notification of one type in one language. */
export function render<T extends NotificationType>(
  language: TLanguage,
  type: T,
  params: NotificationParams[T],
): NotificationText {
  return CATALOGUES[language][type](params, formatterFor(language));
}
