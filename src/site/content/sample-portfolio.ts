/*
 * Sample portfolio for the landing page, shown when the database cannot be read: 3 clients and
 * 3 projects, in the categories AI Integration, Automation and Software Development.
 * The images are the demo illustrations the site serves from /demo; they only decorate (no alt text).
 */

export interface SampleClient {
  id: string;
  name: string;
  logo: string;
  logo_alt: string;
  created_at: string;
}

export interface SampleProject {
  id: string;
  title: string;
  category: string;
  image: string;
  image_alt: string;
  link: string;
  description: string;
  slug: string | null;
  created_at: string;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

export function sampleClients(): SampleClient[] {
  return [
    { id: 'sample-client-1', name: 'Имоти Запад', logo: '/demo/client-1.svg', logo_alt: '', created_at: daysAgo(10) },
    { id: 'sample-client-2', name: 'Хотел Морска звезда', logo: '/demo/client-2.svg', logo_alt: '', created_at: daysAgo(20) },
    { id: 'sample-client-3', name: 'Фитнес Про', logo: '/demo/client-3.svg', logo_alt: '', created_at: daysAgo(30) },
  ];
}

export const SAMPLE_PROJECT_CATEGORIES = ['AI Integration', 'Automation', 'Software Development'] as const;

export function sampleProjects(): SampleProject[] {
  return [
    {
      id: 'sample-project-1',
      title: 'AI асистент за хотелски гости',
      category: 'AI Integration',
      image: '/demo/project-chatbot.svg',
      image_alt: '',
      link: 'https://chat-demo.sinaptika.example',
      description: 'Чат асистент, който отговаря на гостите денонощно и предава сложните въпроси на рецепцията.',
      slug: 'ai-asistent-hotel',
      created_at: daysAgo(5),
    },
    {
      id: 'sample-project-2',
      title: 'Автоматична обработка на фактури',
      category: 'Automation',
      image: '/demo/project-invoices.svg',
      image_alt: '',
      link: 'https://invoices-demo.sinaptika.example',
      description: 'Фактурите от пощата се разчитат, проверяват и влизат в счетоводството без ръчно въвеждане.',
      slug: 'obrabotka-na-fakturi',
      created_at: daysAgo(15),
    },
    {
      id: 'sample-project-3',
      title: 'CRM за брокери на имоти',
      category: 'Software Development',
      image: '/demo/project-crm.svg',
      image_alt: '',
      link: 'https://crm-demo.sinaptika.example',
      description: 'Имоти, клиенти, огледи и сделки на едно място, с напомняния и отчети за екипа.',
      slug: 'crm-za-brokeri',
      created_at: daysAgo(25),
    },
  ];
}
