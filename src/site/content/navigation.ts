/*
 * The landing page sections the header, mobile menu and footer link to, in page order. Kept
 * apart from the rest of the landing content so the site frame does not carry that text.
 */
export const SECTION_LINKS = [
  { id: 'features', label: 'Функционалности' },
  { id: 'work', label: 'Нашата Работа' },
  { id: 'journey', label: 'Процес' },
  { id: 'testimonials', label: 'Отзиви' },
  { id: 'faq', label: 'Въпроси' },
] as const;

export type SectionId = (typeof SECTION_LINKS)[number]['id'];
