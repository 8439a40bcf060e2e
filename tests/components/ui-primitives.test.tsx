import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/site/ui/accordion';
import { Button } from '@/shared/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/shared/ui/dialog';
import { Sheet, SheetContent, SheetTrigger } from '@/shared/ui/sheet';
import { Spinner } from '@/shared/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/admin/kit/ui/tabs';

describe('UI primitives', () => {
  it('Spinner is a status named Зареждане', () => {
    render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Зареждане' })).toBeInTheDocument();
  });

  it('Button never submits by accident', () => {
    render(<Button>Изпрати</Button>);
    expect(screen.getByRole('button', { name: 'Изпрати' })).toHaveAttribute('type', 'button');
  });

  it('Dialog is named by its title, 600px wide by default, and closes with Escape', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <Dialog>
        <DialogTrigger>Свържете се</DialogTrigger>
        <DialogContent title="Свържете се с нас">
          <input aria-label="Име" />
        </DialogContent>
      </Dialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Свържете се' }));
    const dialog = screen.getByRole('dialog', { name: 'Свържете се с нас' });
    expect(dialog).toHaveStyle({ maxWidth: '600px' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Свържете се' })).toHaveFocus();
  });

  it('Sheet is a dialog with a close button', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <Sheet>
        <SheetTrigger>Меню</SheetTrigger>
        <SheetContent title="Навигация" side="left">
          <a href="/blog">Блог</a>
        </SheetContent>
      </Sheet>,
    );
    await user.click(screen.getByRole('button', { name: 'Меню' }));
    expect(screen.getByRole('dialog', { name: 'Навигация' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Затвори' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Accordion opens one item at a time and can collapse the open one', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <Accordion>
        {['Първи', 'Втори'].map((q, i) => (
          <AccordionItem key={q} value={`item-${i}`}>
            <AccordionTrigger>{q}</AccordionTrigger>
            <AccordionContent>Отговор {i}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>,
    );
    const first = screen.getByRole('button', { name: 'Първи' });
    const second = screen.getByRole('button', { name: 'Втори' });
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await user.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('Tabs switch panels', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <Tabs defaultValue="posts">
        <TabsList>
          <TabsTrigger value="posts">Публикации</TabsTrigger>
          <TabsTrigger value="users">Потребители</TabsTrigger>
        </TabsList>
        <TabsContent value="posts">Списък с публикации</TabsContent>
        <TabsContent value="users">Списък с потребители</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Списък с публикации');
    await user.click(screen.getByRole('tab', { name: 'Потребители' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Списък с потребители');
  });
});
