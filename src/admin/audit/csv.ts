import { CSV_BOM, csvDateTime, pad, toCsv } from '@/admin/kit/formats/csv';
import type { AuditEvent } from './api';
import { auditText, detailText, kindText, recordText } from './words';

export const AUDIT_CSV_HEADER = ['Кога', 'Кой', 'Събитие', 'Запис', 'Таблица', 'Идентификатор', 'Подробности'] as const;

/** The log's rows as CSV (the kit's form): the time on the consultant's clock, ids whole. */
export function auditCsv(rows: readonly AuditEvent[], timeZone?: string): string {
  const records = rows.map((r) => [
    csvDateTime(r.at, timeZone),
    r.actor_name ?? auditText.system,
    kindText(r.kind),
    recordText(r.record_table, null),
    r.record_table ?? '',
    r.record_id ?? '',
    detailText(r.detail),
  ]);
  return CSV_BOM + toCsv([AUDIT_CSV_HEADER, ...records]) + '\r\n';
}

/** 'odit-2026-11-29.csv' for the viewer's local date. */
export function auditCsvFileName(now: Date = new Date()): string {
  return `odit-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
