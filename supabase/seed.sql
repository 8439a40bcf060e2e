-- Demo content for local development, tests and demos: a site that looks lived in.
-- The local administrator signs in as admin@example.com / admin-local-password.
-- Images point at /demo/*.svg, which the site itself serves (public/demo).

-- ---------------------------------------------------------------------------------------------
-- Blog users (the trigger hashes each password and creates the matching sign-in account)
-- ---------------------------------------------------------------------------------------------
insert into public.blog_users (id, username, password, full_name, email, role, is_active, created_at) values
  ('a0000000-0000-4000-8000-000000000001', 'admin', 'admin-local-password', 'Мария Иванова', 'admin@example.com', 'admin', true, now() - interval '120 days'),
  ('a0000000-0000-4000-8000-000000000002', 'georgi', 'inactive-local-password', 'Георги Петров', 'georgi@example.com', 'author', false, now() - interval '90 days');

-- ---------------------------------------------------------------------------------------------
-- Calendar
-- ---------------------------------------------------------------------------------------------
insert into public.calendar_settings (consultant_name, photo_url, working_hours, is_active) values
  ('Мария Иванова', '/demo/consultant.svg',
   '{"start": "09:00", "end": "17:00", "days": ["monday", "tuesday", "wednesday", "thursday", "friday"]}', true);

-- ---------------------------------------------------------------------------------------------
-- Clients
-- ---------------------------------------------------------------------------------------------
insert into public.clients (name, logo, created_at) values
  ('Имоти Запад', '/demo/client-1.svg', now() - interval '60 days'),
  ('Хотел Морска звезда', '/demo/client-2.svg', now() - interval '50 days'),
  ('Фитнес Про', '/demo/client-3.svg', now() - interval '40 days'),
  ('Вила Рила', '/demo/client-4.svg', now() - interval '30 days'),
  ('Кафе Център', '/demo/client-5.svg', now() - interval '20 days');

-- ---------------------------------------------------------------------------------------------
-- Portfolio
-- ---------------------------------------------------------------------------------------------
insert into public.project_categories (name) values ('AI Integration'), ('Automation'), ('Software Development');

insert into public.projects (title, category, image, link, description, gallery, slug, detailed_description,
                             technologies, client, duration, team_size, status, documentation_url, created_at) values
  ('CRM за брокери на имоти', 'Software Development', '/demo/project-crm.svg', 'https://crm-demo.sinaptika.example',
   'Едно място за имоти, клиенти, огледи и сделки, с напомняния и отчети за екипа.',
   '[{"id":"1730000000001","title":"Табло на брокера","description":"Всички сделки и задачи за деня на един екран.","image":"/demo/project-crm-1.svg","order":0},
     {"id":"1730000000002","title":"Карта на имотите","description":"Филтри по квартал, цена и площ.","image":"/demo/project-crm-2.svg","order":1},
     {"id":"1730000000003","title":"Отчет за месеца","description":"Сделки, огледи и приходи по брокер.","image":"/demo/project-crm-3.svg","order":2}]',
   'crm-za-brokeri', E'**Предизвикателство:** агенцията водеше имотите в таблици и губеше запитвания.\n\n**Решение:** CRM с автоматично разпределяне на запитванията, календар за огледи и *напомняния* по имейл.\n\n- 40 % по-бърз отговор на запитвания\n- един общ календар за целия екип',
   '{React,TypeScript,PostgreSQL,Supabase}', 'Имоти Запад', '4 месеца', 4, 'completed', 'https://docs.sinaptika.example/crm',
   now() - interval '70 days'),
  ('Дигитално QR меню', 'Software Development', '/demo/project-menu.svg', 'https://menu-demo.sinaptika.example',
   'Меню, което гостите отварят с телефона си, а управителят сменя за секунди.',
   '[{"id":"1730000000011","title":"Менюто на телефона","description":"Снимки, алергени и цени.","image":"/demo/project-menu-1.svg","order":0},
     {"id":"1730000000012","title":"Редактор за управителя","description":"Промените се виждат веднага.","image":"/demo/project-menu-2.svg","order":1}]',
   'qr-menu', E'Меню на **четири езика** с филтри за алергени и дневно меню.\n\nУправителят сменя цени от телефона си.',
   '{React,PWA,Supabase}', 'Кафе Център', '6 седмици', 2, 'active', null, now() - interval '60 days'),
  ('Фитнес платформа с AI планове', 'AI Integration', '/demo/project-gym.svg', 'https://gym-demo.sinaptika.example',
   'Членства, посещения и персонални тренировъчни планове, генерирани от AI.',
   '[{"id":"1730000000021","title":"План за седмицата","description":"Генериран според целите и нивото.","image":"/demo/project-gym-1.svg","order":0},
     {"id":"1730000000022","title":"Вход с QR код","description":"Посещенията се отчитат сами.","image":"/demo/project-gym-2.svg","order":1},
     {"id":"1730000000023","title":"Статистика","description":"Натовареност на залата по часове.","image":"/demo/project-gym-3.svg","order":2}]',
   'fitnes-platforma', E'Треньорите одобряват плановете, които **AI** предлага, вместо да ги пишат от нулата.',
   '{React,OpenAI,Node.js,PostgreSQL}', 'Фитнес Про', '3 месеца', 3, 'completed', 'https://docs.sinaptika.example/gym',
   now() - interval '50 days'),
  ('Резервации за вили', 'Software Development', '/demo/project-villa.svg', 'https://villa-demo.sinaptika.example',
   'Календар на заетостта, онлайн плащане и автоматични писма до гостите.',
   '[{"id":"1730000000031","title":"Календар на заетостта","description":"Без двойни резервации.","image":"/demo/project-villa-1.svg","order":0},
     {"id":"1730000000032","title":"Страница на вилата","description":"Снимки, удобства и цени по сезон.","image":"/demo/project-villa-2.svg","order":1}]',
   'rezervacii-za-vili', E'Синхронизация с големите платформи за резервации и **автоматични** напомняния.',
   '{React,Stripe,Supabase}', 'Вила Рила', '2 месеца', 2, 'in_progress', null, now() - interval '40 days'),
  ('AI асистент за хотелски гости', 'AI Integration', '/demo/project-chatbot.svg', 'https://chat-demo.sinaptika.example',
   'Чат асистент, който отговаря на гостите денонощно на техния език.',
   '[{"id":"1730000000041","title":"Разговор с гост","description":"Отговори за чекаут, паркинг и ресторант.","image":"/demo/project-chatbot-1.svg","order":0},
     {"id":"1730000000042","title":"Предаване към рецепцията","description":"Сложните въпроси стигат до човек.","image":"/demo/project-chatbot-2.svg","order":1}]',
   'ai-asistent-hotel', E'Асистентът познава **правилата на хотела** и предава сложните въпроси на рецепцията.',
   '{Python,OpenAI,FastAPI}', 'Хотел Морска звезда', '5 седмици', 2, 'active', null, now() - interval '30 days'),
  ('Автоматична обработка на фактури', 'Automation', '/demo/project-invoices.svg', 'https://invoices-demo.sinaptika.example',
   'Фактурите от имейла се разчитат, проверяват и влизат в счетоводството сами.',
   '[{"id":"1730000000051","title":"Входяща кутия","description":"Фактурите се разпознават автоматично.","image":"/demo/project-invoices-1.svg","order":0},
     {"id":"1730000000052","title":"Проверка","description":"Само съмнителните стигат до човек.","image":"/demo/project-invoices-2.svg","order":1},
     {"id":"1730000000053","title":"Отчет","description":"Спестени часове за месеца.","image":"/demo/project-invoices-3.svg","order":2}]',
   'obrabotka-na-fakturi', E'От **6 часа** ръчна работа седмично до 20 минути проверка.',
   '{n8n,Python,OCR}', 'Имоти Запад', '1 месец', 2, 'completed', 'https://docs.sinaptika.example/invoices',
   now() - interval '20 days');

-- ---------------------------------------------------------------------------------------------
-- Blog: 8 published posts and 1 draft
-- ---------------------------------------------------------------------------------------------
insert into public.blog_posts (title, slug, content, excerpt, featured_image, category, author, tags, is_published,
                               published_at, created_at) values
  ('Как AI асистентът спестява 10 часа седмично на малкия бизнес', 'ai-asistent-spestyava-vreme',
   E'## Къде отива времето\n\nПовечето малки фирми губят часове в **едни и същи въпроси** от клиенти: работно време, цени, наличност.\n\n## Какво прави асистентът\n\n- отговаря денонощно\n- предава сложните случаи на човек\n- учи се от вашите документи\n\n> Започнете с десетте най-чести въпроса и измерете спестеното време след месец.\n\n| Задача | Преди | След |\n| --- | --- | --- |\n| Отговор на запитване | 4 часа | 2 минути |\n| Записване на час | 10 минути | 1 минута |',
   'Чат асистент с изкуствен интелект поема повтарящите се въпроси на клиентите и освобождава екипа за важната работа.',
   '/demo/post-1.svg', 'AI Решения', 'Мария Иванова', '{AI,чатбот,малък бизнес}', true,
   now() - interval '1 day', now() - interval '2 days'),
  ('5 процеса, които всяка фирма може да автоматизира още този месец', '5-procesa-za-avtomatizaciya',
   E'Автоматизацията не е само за големите компании.\n\n1. **Фактури** – разчитане и въвеждане\n2. **Запитвания** – разпределяне към правилния човек\n3. **Напомняния** – за плащания и срещи\n4. **Отчети** – всеки понеделник в пощата\n5. **Онбординг** – писма и задачи за новите колеги\n\nЗапочнете с процеса, който ви дразни най-много.',
   'Пет лесни стъпки към по-малко ръчна работа: от фактурите до седмичните отчети.',
   '/demo/post-2.svg', 'Продуктивност', 'Мария Иванова', '{автоматизация,процеси,n8n}', true,
   now() - interval '4 days', now() - interval '5 days'),
  ('Клиентското изживяване започва преди първото обаждане', 'klientsko-izzhivyavane',
   E'Клиентът ви е преценил **преди** да ви се обади: по сайта, по скоростта на отговора, по това дали може да запази час сам.\n\n### Три бързи подобрения\n\n- онлайн календар за консултации\n- отговор на запитване до час\n- ясни цени на сайта',
   'Как сайтът, календарът и скоростта на отговор създават първото впечатление за вашия бизнес.',
   '/demo/post-3.svg', 'Клиентски опит', 'Мария Иванова', '{клиенти,онлайн резервации}', true,
   now() - interval '8 days', now() - interval '9 days'),
  ('CRM за брокери: какво трябва да може през 2026', 'crm-za-brokeri-2026',
   E'Брокерът прекарва деня си навън. CRM системата трябва да работи **от телефона**.\n\n- бързо добавяне на имот със снимки\n- автоматично съвпадение на имоти и търсещи\n- напомняния за огледи',
   'Мобилен достъп, автоматично съвпадение и напомняния: списък за избор на CRM за агенция за недвижими имоти.',
   '/demo/post-4.svg', 'AI Решения', 'Мария Иванова', '{CRM,недвижими имоти}', true,
   now() - interval '12 days', now() - interval '13 days'),
  ('Дигиталното меню увеличава средната сметка', 'digitalno-menyu-smetka',
   E'Снимките продават. В дигиталното меню всяко ястие има **снимка**, а препоръките се сменят според часа.\n\nЗаведенията с QR меню отчитат по-бързо обслужване и по-малко грешки в поръчките.',
   'Защо ресторантите с QR меню обслужват по-бързо и продават повече.',
   '/demo/post-5.svg', 'Клиентски опит', 'Мария Иванова', '{QR меню,ресторанти}', true,
   now() - interval '16 days', now() - interval '17 days'),
  ('Персонални тренировки с AI: треньорът остава главният', 'ai-treniorovki',
   E'AI предлага плана, **треньорът** го одобрява. Така всеки член получава персонален план без треньорът да прекарва вечерите си в таблици.',
   'AI генерира тренировъчни планове, а треньорът само ги преглежда и одобрява.',
   '/demo/post-6.svg', 'AI Решения', 'Мария Иванова', '{фитнес,AI}', true,
   now() - interval '20 days', now() - interval '21 days'),
  ('Как измерваме спестеното време след автоматизация', 'izmervane-na-spesteno-vreme',
   E'Преди да автоматизираме, засичаме колко време отнема процесът **днес**. След месец сравняваме.\n\n```\nспестено = (време преди - време след) x брой повторения\n```',
   'Простата формула, с която доказваме ползата от всяка автоматизация.',
   '/demo/post-7.svg', 'Продуктивност', 'Мария Иванова', '{автоматизация,метрики}', true,
   now() - interval '26 days', now() - interval '27 days'),
  ('Онлайн резервации за вили без двойни записвания', 'rezervacii-bez-dvojni-zapisvaniya',
   E'Една вила, три платформи за резервации и един календар, който **синхронизира** всичко.',
   'Как един общ календар спира двойните резервации, когато продавате на няколко платформи.',
   '/demo/post-8.svg', 'Клиентски опит', 'Мария Иванова', '{резервации,туризъм}', true,
   now() - interval '33 days', now() - interval '34 days'),
  ('Чернова: планове за новата година', 'chernova-planove',
   E'Тази публикация още не е готова.',
   'Чернова, която посетителите не виждат.',
   '/demo/post-9.svg', 'Новини', 'Мария Иванова', '{новини}', false,
   null, now() - interval '1 day');
-- every post belongs to the demo admin's blog user (the staff ids live beside the posts, admins only)
update public.blog_post_staff set created_by = 'a0000000-0000-4000-8000-000000000001';

-- ---------------------------------------------------------------------------------------------
-- The privacy notice: the demo company as its controller (site.legalName and site.email of
-- src/shared/config/site.ts; a made-up ЕИК whose check digit is right) and a first version of its
-- text, published by the demo admin, so /poveritelnost shows a whole page. The migration names no
-- controller: a real installation fills these in 'Поверителност' (docs/privacy.md).
-- ---------------------------------------------------------------------------------------------
update public.privacy_settings
   set controller_name = 'Синаптика ООД', controller_eik = '206123451',
       controller_address = 'гр. София 1000, ул. „Примерна“ 1', controller_email = 'zdravei@sinaptika.example';

insert into public.privacy_notices (body) values (E'Тази политика обяснява какви лични данни събира „Синаптика“ чрез този сайт, защо ги събира и какви права имате. Тя се прилага за посетителите на сайта, за хората, които ни пишат или запазват консултация, и за абонатите на бюлетина.\n\n## Принципи\n\n- Събираме само данните, които са ни нужни, за да ви отговорим или да проведем уговорената среща.\n- Не продаваме лични данни и не ги използваме за реклама от трети страни.\n- Пазим данните само докато са необходими: сроковете по-долу се прилагат автоматично.\n\n## Бисквитки и съхранение в браузъра\n\nПреди да изберете, сайтът не записва нищо на устройството ви. Ако приемете, запомняме откъде сте дошли при първото посещение (например рекламна кампания), за да знаем кои канали ни носят запитвания. Можете да промените избора си по всяко време от „Настройки за поверителност“ в долната част на всяка страница.\n\n## Вашите права\n\nИмате право да поискате достъп до данните си и копие от тях, да поискате поправка или изтриване, да ограничите или да възразите срещу обработването им, както и да оттеглите съгласието си (например за бюлетина) по всяко време. Отговаряме в срок до един месец.\n\nНай-бързо е през страницата [Вашите лични данни](/lichni-danni), където можете да поискате копие или изтриване с имейла си. Можете да ни пишете и на имейла по-горе.\n\n## Жалби\n\nАко смятате, че обработваме данните ви незаконно, можете да подадете жалба до Комисията за защита на личните данни (КЗЛД), гр. София 1592, бул. „Проф. Цветан Лазаров“ № 2, [www.cpdp.bg](https://www.cpdp.bg).\n\n## Промени в политиката\n\nВсяка промяна на тази политика е нова версия с номер и дата. За всяко запитване, резервация и абонамент пазим версията, която е била в сила, когато сте ги изпратили.');
update public.privacy_notice_staff set created_by = 'a0000000-0000-4000-8000-000000000001', created_by_name = 'Мария Иванова' where version = 1;

-- ---------------------------------------------------------------------------------------------
-- Leads: a few inquiries at each stage, so the inbox and its board are not empty in a demo
-- (docs/leads.md). Follow-ups are ahead of the day the demo starts; the database refuses past ones.
-- ---------------------------------------------------------------------------------------------
insert into public.contact_submissions
  (name, email, phone, company, message, purpose, contact_method, status, lost_reason, owner_id, follow_up_at, offer_amount, first_touch, created_at) values
  ('Виктор Колев', 'viktor.kolev@example.com', '', 'Имоти Изток', 'Търсим CRM за 8 брокери, с мобилно приложение.', 'real_estate', 'email',
   'new', null, null, null, null,
   jsonb_build_object('utm_source', 'newsletter', 'utm_medium', 'email', 'utm_campaign', 'crm-brokeri', 'landing_path', '/blog/crm-za-brokeri-2026',
                      'at', to_char(now() - interval '2 days', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
   now() - interval '1 day'),
  ('Елена Стоянова', 'elena@hotel-more.example', '+359888100200', 'Хотел Море', 'Искаме QR меню на три езика за ресторанта.', 'hospitality', 'both',
   'contacted', null, 'a0000000-0000-4000-8000-000000000001', date_trunc('day', now()) + interval '1 day 8 hours', null,
   jsonb_build_object('referrer', 'www.google.com', 'landing_path', '/', 'at', to_char(now() - interval '4 days', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
   now() - interval '3 days'),
  ('Радослав Митев', 'rado@fitzone.example', '', 'ФитЗона', 'AI планове за 400 членове, вход с QR.', 'fitness', 'email',
   'proposal', null, 'a0000000-0000-4000-8000-000000000001', date_trunc('day', now()) + interval '3 days 9 hours', 7800,
   jsonb_build_object('utm_source', 'facebook', 'utm_medium', 'paid', 'utm_campaign', 'fitnes-esen', 'fbclid', true, 'landing_path', '/project/fitzona',
                      'at', to_char(now() - interval '9 days', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
   now() - interval '8 days'),
  ('Мила Ангелова', 'mila@vila-rila.example', '', 'Вила Рила', 'Общ календар за три платформи за резервации.', 'hospitality', 'email',
   'won', null, 'a0000000-0000-4000-8000-000000000001', null, 5200, null,
   now() - interval '20 days'),
  ('Стоян Илиев', 'stoyan@ilievi.example', '', 'Илиеви и син', 'Автоматизация на фактурирането.', 'custom', 'email',
   'lost', 'Не е подходящ момент', null, null, null, null,
   now() - interval '30 days');
