/*
 * What an inquiry is, for the wizard that sends one and the inbox that reads them: the services and
 * contact methods the database accepts (contact_submissions' checks) and their Bulgarian labels.
 * The team chat's message is written by the database now (migration *_chat_from_database.sql), in
 * the same words.
 */

import type { TablesInsert } from '@/shared/db/database.types';

export type InquiryService = 'real_estate' | 'hospitality' | 'fitness' | 'custom';
export type ContactMethod = 'email' | 'phone' | 'both';

/** What the wizard stores in contact_submissions (the two lists narrowed to what the table's checks accept). */
export type InquiryRow = Required<Pick<TablesInsert<'contact_submissions'>, 'name' | 'company' | 'email' | 'phone' | 'message'>> & {
  purpose: InquiryService;
  contact_method: ContactMethod;
};

export const SERVICE_LABELS: Record<InquiryService, string> = {
  real_estate: 'Недвижими имоти',
  hospitality: 'Туризъм и ресторанти',
  fitness: 'Фитнес',
  custom: 'Софтуер по поръчка',
};

export const CONTACT_METHOD_LABELS: Record<ContactMethod, string> = {
  email: 'Имейл',
  phone: 'Телефон',
  both: 'Имейл и телефон',
};
