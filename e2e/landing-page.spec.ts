// The landing page's own behaviour in a real browser: mobile menu, FAQ, clients carousel, work
// filter, and the 404 page for unknown paths.
import { expect, test } from '@playwright/test';

// with motion, as most visitors see the page (the rest of the suite runs with reduced motion)
test.use({ reducedMotion: 'no-preference' });

test('/ shows the landing page and an unknown path the 404 page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Изкуствен интелект');
  for (const id of ['features', 'work', 'journey', 'testimonials', 'faq']) {
    await expect(page.locator(`#${id}`)).toBeAttached();
  }

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  // the site frame is there, and its anchors lead back to the landing page's sections
  await page.getByRole('navigation', { name: 'Основна навигация' }).getByRole('link', { name: 'Отзиви' }).click();
  await expect(page).toHaveURL(/\/#testimonials$/);
  await expect(page.getByRole('heading', { name: 'Какво казват клиентите ни' })).toBeInViewport();
});

test('the header becomes compact past 50 px and writes the scroll offset to a style variable', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(page.locator('#faq')).toBeAttached(); // the page is tall enough to scroll
  await expect(header).toHaveAttribute('data-compact', 'false');
  await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
  await expect(header).toHaveAttribute('data-compact', 'true');
  await expect
    .poll(() => page.evaluate(() => parseInt(document.documentElement.style.getPropertyValue('--scroll-y'), 10)))
    .toBeGreaterThan(50);
});

test('mobile menu at 375 px: slide-in links, contacts as text, scroll lock and the inquiry button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Свържете се' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Основна навигация' })).toBeHidden();

  await page.getByRole('button', { name: 'Отвори менюто' }).click();
  const menu = page.getByRole('dialog', { name: 'Меню' });
  await expect(menu).toBeVisible();
  for (const label of ['Функционалности', 'Нашата Работа', 'Процес', 'Отзиви', 'Въпроси', 'Блог']) {
    await expect(menu.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(menu.getByText('+359 88 123 4567')).toBeVisible();
  await expect(menu.getByText('zdravei@sinaptika.example')).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

  // a section link closes the menu and scrolls there
  await menu.getByRole('link', { name: 'Въпроси' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Често задавани въпроси' })).toBeInViewport();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

  await page.getByRole('button', { name: 'Отвори менюто' }).click();
  await menu.getByRole('button', { name: 'Изпратете запитване' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Изпратете запитване' })).toBeVisible();

  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Отвори менюто' }).click();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('FAQ accordion: one answer open at a time, and the open one closes again', async ({ page }) => {
  await page.goto('/');
  const faq = page.locator('#faq');
  await faq.scrollIntoViewIfNeeded();
  const questions = faq.getByRole('button', { expanded: false });
  await expect(questions).toHaveCount(5);
  const first = faq.getByRole('button', { name: 'Колко време отнема един проект?' });
  const third = faq.getByRole('button', { name: 'Работите ли с малки фирми?' });

  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByText(/от една до четири седмици/)).toBeVisible();

  await third.click();
  await expect(third).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByText(/от една до четири седмици/)).toBeHidden();

  await third.click();
  await expect(third).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByRole('button', { expanded: true })).toHaveCount(0);
});

test('clients carousel: arrows with more than 3 clients, disabled at either end', async ({ page }) => {
  await page.goto('/');
  const section = page.locator('#clients');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByText('Кафе Център')).toBeAttached(); // the seed's fifth client
  const prev = section.getByRole('button', { name: 'Предишни клиенти' });
  const next = section.getByRole('button', { name: 'Следващи клиенти' });
  await expect(prev).toBeVisible();
  await expect(next).toBeVisible();
  await expect(prev).toBeDisabled();
  await expect(next).toBeEnabled();

  const list = section.locator('#clients-list');
  const scrollLeft = () => list.evaluate((el) => el.scrollLeft);
  const width = await list.evaluate((el) => el.clientWidth);
  await next.click();
  await expect.poll(scrollLeft).toBeGreaterThan(0);
  await expect(prev).toBeEnabled();
  // one press moves at most 80 % of the visible width (snapping may shorten it)
  expect(await scrollLeft()).toBeLessThanOrEqual(Math.ceil(width * 0.8) + 1);

  // press "next" until it disables itself at the end; a press may race the button disabling
  // itself as the smooth scroll arrives, so a press that finds it disabled is simply tried again
  await expect(async () => {
    if (await next.isEnabled()) await next.click({ timeout: 1_000 });
    await expect(next).toBeDisabled({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const { left, client, scroll } = await list.evaluate((el) => ({ left: el.scrollLeft, client: el.clientWidth, scroll: el.scrollWidth }));
  expect(left + client).toBeGreaterThanOrEqual(scroll - 10);
  // at the end the last dot is the current one
  const dots = section.getByRole('group', { name: 'Избор на клиент' }).getByRole('button');
  await expect(dots.last()).toHaveAttribute('aria-current', 'true');
  await expect(dots.first()).not.toHaveAttribute('aria-current', 'true');
});

test('work filter: a category shows only its projects, All shows them all', async ({ page }) => {
  await page.goto('/');
  const work = page.locator('#work');
  await work.scrollIntoViewIfNeeded();
  const filter = work.getByRole('list', { name: 'Филтър по категория' });
  await expect(filter.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  const cards = work.getByRole('list', { name: 'Проекти' }).getByRole('link');
  await expect(cards.filter({ hasText: 'CRM за брокери на имоти' })).toHaveCount(1);
  const all = await cards.count();

  await filter.getByRole('button', { name: 'Automation' }).click();
  await expect(filter.getByRole('button', { name: 'Automation' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.filter({ hasText: 'Автоматична обработка на фактури' })).toHaveCount(1);
  await expect(cards.filter({ hasText: 'CRM за брокери на имоти' })).toHaveCount(0);
  const categories = await cards.locator('span.rounded-full').allTextContents();
  expect(categories.length).toBeGreaterThan(0);
  expect(new Set(categories)).toEqual(new Set(['Automation']));

  await filter.getByRole('button', { name: 'All' }).click();
  await expect(cards).toHaveCount(all);

  await cards.filter({ hasText: 'CRM за брокери на имоти' }).click();
  await expect(page).toHaveURL(/\/project\/crm-za-brokeri$/);
});

test('the hero network animates only on screen, and not at all under reduced motion', async ({ page, browser }) => {
  // count animation frames requested by the page over a quiet second
  const countFrames = `
    window.__frames = 0;
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (cb) => { window.__frames++; return raf(cb); };`;
  const framesInASecond = async (p: typeof page) => {
    await p.evaluate(() => ((window as unknown as { __frames: number }).__frames = 0));
    await p.waitForTimeout(1000);
    return p.evaluate(() => (window as unknown as { __frames: number }).__frames);
  };

  await page.addInitScript(countFrames);
  await page.goto('/');
  await expect(page.locator('#faq')).toBeAttached();
  await expect(page.getByTestId('logo-network').locator('canvas')).toBeVisible();
  // on screen it keeps asking for frames: 20 of them come within seconds however busy the machine is
  await page.evaluate(() => ((window as unknown as { __frames: number }).__frames = 0));
  await expect.poll(() => page.evaluate(() => (window as unknown as { __frames: number }).__frames), { timeout: 10_000 }).toBeGreaterThanOrEqual(20);
  // scrolled far away, the animation stops
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
  await page.waitForTimeout(300);
  // a few frames may come from scroll handlers; a running animation asks for about 60
  expect(await framesInASecond(page)).toBeLessThan(10);

  const reduced = await browser.newContext({ reducedMotion: 'reduce' });
  try {
    const still = await reduced.newPage();
    await still.addInitScript(countFrames);
    await still.goto(page.url().replace(/#.*$/, ''));
    await expect(still.locator('#faq')).toBeAttached();
    expect(await framesInASecond(still)).toBeLessThan(10);
    // one static frame was drawn: the canvas is not blank
    const painted = await still.getByTestId('logo-network').locator('canvas').evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) return true;
      return false;
    });
    expect(painted).toBe(true);
  } finally {
    await reduced.close();
  }
});

test('newsletter box: the form module takes over mid-typing without losing a key, then thanks', async ({ page }) => {
  const formChunks: string[] = [];
  page.on('request', (request) => {
    if (/NewsletterForm/.test(request.url())) formChunks.push(request.url());
  });
  await page.goto('/');
  const field = page.getByRole('textbox', { name: 'Имейл за бюлетина' });
  await field.scrollIntoViewIfNeeded();
  await expect(field).toBeVisible();
  expect(formChunks, 'the form module is not part of the first paint').toEqual([]);
  // typed key by key while the module arrives: the swap keeps every key, the focus and the caret
  await field.click();
  await field.pressSequentially('ivan@example.com', { delay: 20 });
  await expect(field).toHaveValue('ivan@example.com');
  await expect(field).toBeFocused();
  // the module's request is reported a moment after it is made: wait for the report, not the module
  await expect.poll(() => formChunks.length).toBeGreaterThan(0);
  await field.press('Enter');
  await expect(page.getByRole('button', { name: 'Готово!' })).toBeVisible();
  await expect(page.getByText('Благодарим ви за абонамента!')).toBeVisible();
  await expect(field).toHaveValue('');
});
