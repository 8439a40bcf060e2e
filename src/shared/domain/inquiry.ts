/*
 * What an inquiry is, for the wizard that sends one and the inbox that reads them: the services and
 * contact methods the database accepts (contact_submissions' checks) and their Bulgarian labels.
 * The team chat's message is written by the database now (migration *_chat_from_database.sql), in
 * the same words.
 */

export type InquiryService = 'real_estate' | 'hospitality' | 'fitness' | 'custom';
export type ContactMethod = 'email' | 'phone' | 'both';

/** What the wizard stores in contact_submissions. */
export interface InquiryRow {
  name: string;
  company: string;
  purpose: InquiryService;
  email: string;
  phone: string;
  contact_method: ContactMethod;
  message: string;
}

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
