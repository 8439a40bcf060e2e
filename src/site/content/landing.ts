/*
 * Static Bulgarian content of the landing page: navigation, hero tiles, tools of the logo network,
 * feature cards, the journey, testimonials and the FAQ.
 */
import { site } from '@/shared/config/site';

export interface SolutionTile {
  icon: 'brain' | 'workflow' | 'code';
  title: string;
  text: string;
}

export const HERO = {
  eyebrow: 'AI • Автоматизация • Софтуер по мярка',
  title: 'Изкуствен интелект и автоматизация, които работят за вашия бизнес',
  lead:
    'Създаваме AI решения, автоматизации и софтуер по поръчка за агенции за имоти, хотели и ресторанти, фитнес зали и производства. Вие печелите време, ние поемаме технологията.',
  tiles: [
    { icon: 'brain', title: 'AI решения', text: 'Асистенти и анализи, обучени с вашите данни.' },
    { icon: 'workflow', title: 'Автоматизация', text: 'Повтарящата се работа се върши сама.' },
    { icon: 'code', title: 'Софтуер по мярка', text: 'Системи, създадени точно за вашите процеси.' },
  ] satisfies SolutionTile[],
} as const;

/** The tools around the central logo in the hero network (marks drawn in ToolMarks.tsx). */
export const TOOLS = ['OpenAI', 'Python', 'React', 'n8n', 'PostgreSQL', 'Supabase', 'Node.js', 'TypeScript'] as const;
export type ToolName = (typeof TOOLS)[number];

export interface FeatureCard {
  icon: 'building' | 'qr' | 'dumbbell' | 'villa' | 'search' | 'smartphone';
  title: string;
  text: string;
  points: string[];
  /** External demo, opened in a new tab (the four products). */
  demoUrl?: string;
}

export const FEATURES: FeatureCard[] = [
  {
    icon: 'building',
    title: 'CRM за агенции за недвижими имоти',
    text: 'Имоти, клиенти, огледи и сделки на едно място, с автоматично разпределяне на запитванията.',
    points: ['Съвпадение на имоти и търсещи', 'Календар за огледи', 'Отчети по брокер'],
    demoUrl: site.demos.realEstateCrm,
  },
  {
    icon: 'qr',
    title: 'Дигитални QR менюта',
    text: 'Меню, което гостите отварят с телефона си, а вие променяте за секунди.',
    points: ['Снимки и алергени', 'Няколко езика', 'Промени без печат'],
    demoUrl: site.demos.qrMenu,
  },
  {
    icon: 'dumbbell',
    title: 'Управление на фитнес зали с AI планове',
    text: 'Членства, посещения и персонални тренировъчни планове, генерирани с изкуствен интелект.',
    points: ['Вход с QR код', 'AI планове, одобрени от треньор', 'Статистика за натовареността'],
    demoUrl: site.demos.gym,
  },
  {
    icon: 'villa',
    title: 'Система за резервации на вили',
    text: 'Календар на заетостта, онлайн плащане и автоматични писма до гостите.',
    points: ['Без двойни резервации', 'Цени по сезон', 'Напомняния за гостите'],
    demoUrl: site.demos.villaBooking,
  },
  {
    icon: 'search',
    title: 'SEO оптимизация',
    text: 'Бързи страници, чиста структура и съдържание, което клиентите ви намират в търсачките.',
    points: ['Технически одит', 'Скорост на зареждане', 'Структурирани данни'],
  },
  {
    icon: 'smartphone',
    title: 'Мобилна съвместимост',
    text: 'Всичко, което правим, работи еднакво добре на телефон, таблет и компютър.',
    points: ['Адаптивен дизайн', 'Инсталиране като приложение', 'Достъпност'],
  },
];

export interface JourneyStage {
  title: string;
  text: string;
}

export const JOURNEY: JourneyStage[] = [
  {
    title: 'Безплатен първи разговор',
    text: 'Кратък 15-минутен разговор, в който ни разказвате за бизнеса си и какво ви отнема най-много време.',
  },
  { title: 'Анализ на процесите', text: 'Разглеждаме как работите днес и намираме местата, където технологията спестява най-много.' },
  { title: 'Предложение и оценка', text: 'Получавате ясен план с етапи, срокове и цена, без скрити разходи.' },
  { title: 'Дизайн и прототип', text: 'Показваме ви работещ прототип, преди да напишем основната част от кода.' },
  { title: 'Разработка', text: 'Изграждаме решението на кратки итерации и ви показваме напредъка всяка седмица.' },
  { title: 'Тестване и обучение', text: 'Проверяваме всичко с реални данни и обучаваме екипа ви да работи с новата система.' },
  { title: 'Пускане и поддръжка', text: 'Пускаме решението и оставаме до вас: наблюдение, подобрения и бърза помощ.' },
];

export interface Testimonial {
  name: string;
  role: string;
  company: string;
  content: string;
  /** 1 to 5 */
  rating: number;
  /** Placeholder image: no photos of real people, initials are drawn instead. */
  image: null;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    name: 'Елена Димитрова',
    role: 'Управител',
    company: 'Имоти Запад',
    content:
      'Запитванията вече не се губят в пощата. CRM системата ги разпределя сама и отговаряме на клиентите за минути, не за часове.',
    rating: 5,
    image: null,
  },
  {
    name: 'Николай Стоянов',
    role: 'Собственик',
    company: 'Хотел Морска звезда',
    content:
      'AI асистентът отговаря на гостите и през нощта, на техния език. Рецепцията най-сетне има време за хората пред себе си.',
    rating: 5,
    image: null,
  },
  {
    name: 'Десислава Георгиева',
    role: 'Мениджър',
    company: 'Фитнес Про',
    content:
      'Персоналните планове се генерират за минути, а треньорите само ги одобряват. Членовете ни ги харесват много.',
    rating: 4,
    image: null,
  },
];

export interface FaqItem {
  question: string;
  answer: string;
}

export const FAQ: FaqItem[] = [
  {
    question: 'Колко време отнема един проект?',
    answer:
      'Една автоматизация отнема от една до четири седмици, а цялостна система – от два до четири месеца. Точният срок получавате с предложението след анализа.',
  },
  {
    question: 'Колко струва едно решение?',
    answer:
      'Цената зависи от обхвата. След безплатния първи разговор и анализа получавате оценка с ясни етапи, така че знаете предварително какво плащате.',
  },
  {
    question: 'Работите ли с малки фирми?',
    answer:
      'Да. Голяма част от клиентите ни са малки и средни фирми. Започваме с процеса, който ви спестява най-много време, и надграждаме постепенно.',
  },
  {
    question: 'Какво се случва след пускането?',
    answer:
      'Оставаме до вас: наблюдаваме системата, отстраняваме проблеми и добавяме подобрения. Предлагаме месечна поддръжка с гарантирано време за реакция.',
  },
  {
    question: 'Как защитавате данните ни?',
    answer:
      'Данните остават във ваши акаунти в Европейския съюз, достъпът е по роли и всичко се криптира. Работим в съответствие с GDPR.',
  },
];
