import { toEpochSeconds } from '../../clock.ts';
import type { NoticeRow } from './notices.repository.ts';

export function noticeRowToNotice(row: NoticeRow) {
  return {
    notice_id: Number(row.notice_id),
    type: row.type,
    title: row.title,
    body: row.body,
    creation_date: toEpochSeconds(row.created_at),
  };
}
