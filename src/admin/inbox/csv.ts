/*
 * CSV export of the inquiry list, in the kit's CSV form (src/admin/kit/formats/csv.ts).
 */
import { describeFirstTouch } from '@/shared/domain/first-touch';
import { CONTACT_METHOD_LABELS, SERVICE_LABELS } from '@/shared/domain/inquiry';
import { CSV_BOM, csvDateTime, pad, toCsv } from '@/admin/kit/formats/csv';
import { INQUIRY_STATUS_LABELS } from './status';
import type { Inquiry } from './types';

export const INQUIRY_CSV_HEADER = [
  'Дата',
  'Име',
  'Компания',
  'Услуга',
  'Начин за контакт',
  'Имейл',
  'Телефон',
  'Съобщение',
  'Етап',
  'Причина за загубата',
  'Отговорник',
  'Следващ контакт',
  'Оферта (EUR)',
  'Източник',
  'Канал',
  'Кампания',
  'Начална страница',
] as const;

/** The whole file: byte-order mark, header and one record per inquiry, in the given order. */
export function inquiriesCsv(rows: readonly Inquiry[], options: { timeZone?: string } = {}): string {
  const records = rows.map((row) => {
    const touch = describeFirstTouch(row.first_touch);
    return [
      csvDateTime(row.created_at, options.timeZone),
      row.name,
      row.company,
      SERVICE_LABELS[row.purpose] ?? row.purpose,
      CONTACT_METHOD_LABELS[row.contact_method] ?? row.contact_method,
      row.email,
      row.phone,
      row.message,
      INQUIRY_STATUS_LABELS[row.status] ?? row.status,
      row.lost_reason,
      row.owner ? row.owner.full_name || row.owner.username : '',
      row.follow_up_at ? csvDateTime(row.follow_up_at, options.timeZone) : '',
      row.offer_amount,
      touch.source,
      touch.medium,
      touch.campaign,
      touch.landing,
    ];
  });
  return CSV_BOM + toCsv([INQUIRY_CSV_HEADER, ...records]) + '\r\n';
}

/** 'zapitvania-2026-11-22.csv' for the viewer's local date. */
export function inquiriesCsvFileName(now: Date = new Date()): string {
  return `zapitvania-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
