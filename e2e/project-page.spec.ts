import { expect, test } from '@playwright/test';
import { toasts } from './support';

test('the project gallery wraps both ways with the arrows and the keyboard', async ({ page }) => {
  await page.goto('/project/crm-za-brokeri');
  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 1, name: 'CRM за брокери на имоти' })).toBeVisible();
  const carousel = main.getByRole('region', { name: /Галерия на проекта/ });
  const counter = carousel.getByText(/^\s*(Изображение\s*)?\d+ \/ \d+\s*$/);
  const picture = carousel.locator('figure img');

  await expect(counter).toHaveText(/1 \/ 3/);
  await expect(picture).toHaveAttribute('alt', 'Табло на брокера');

  await carousel.getByRole('button', { name: 'Предишно изображение' }).click();
  await expect(counter).toHaveText(/3 \/ 3/);
  await expect(picture).toHaveAttribute('alt', 'Отчет за месеца');

  await carousel.getByRole('button', { name: 'Следващо изображение' }).click();
  await expect(counter).toHaveText(/1 \/ 3/);

  await carousel.focus();
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(/2 \/ 3/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(/1 \/ 3/);
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(/3 \/ 3/);

  await carousel.getByRole('button', { name: /Покажи изображение 2: Карта на имотите/ }).click();
  await expect(counter).toHaveText(/2 \/ 3/);
  await expect(picture).toHaveAttribute('alt', 'Карта на имотите');

  await expect(main.getByText('4 човека')).toBeVisible();
  await expect(main.getByText('Завършен')).toBeVisible();
  await expect(main.getByRole('link', { name: /Документация/ })).toHaveAttribute('href', 'https://docs.sinaptika.example/crm');
});

test('an unknown project slug goes home with the toast', async ({ page }) => {
  await page.goto('/project/nyama-takav-proekt');
  await expect(page).toHaveURL(/\/$/);
  await expect(toasts(page).getByText('Проектът не беше намерен')).toBeVisible();
});
