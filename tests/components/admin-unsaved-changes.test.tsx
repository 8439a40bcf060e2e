import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { UnsavedChangesProvider, unsavedText, useAdminNavigate, useUnsavedChanges } from '@/admin/kit/navigation/unsaved-changes';
import { findDialog } from './dialogs';

// A form as the admin forms use the guard: dirty while the field differs from what was loaded.
function NoteForm({ onDone }: { onDone: () => void }) {
  const [text, setText] = useState('');
  const { confirmLeave } = useUnsavedChanges(text !== '');
  return (
    <div>
      <label>
        Бележка
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <button type="button" onClick={() => void confirmLeave().then((leave) => leave && onDone())}>
        Назад
      </button>
    </div>
  );
}

function AdminScreen() {
  const [open, setOpen] = useState(true);
  const go = useAdminNavigate();
  return (
    <>
      <Link to="/">Към сайта</Link>
      <button type="button" onClick={() => void go('/')}>
        Начало
      </button>
      <button type="button" onClick={() => void go('/blog-admin?q=друго')}>
        Търси
      </button>
      {open ? <NoteForm onDone={() => setOpen(false)} /> : <p>Списък</p>}
    </>
  );
}

function renderGuarded() {
  return render(
    <MemoryRouter initialEntries={['/blog-admin']}>
      <UnsavedChangesProvider>
        <Routes>
          <Route path="/blog-admin" element={<AdminScreen />} />
          <Route path="/" element={<h1>Начало</h1>} />
        </Routes>
      </UnsavedChangesProvider>
    </MemoryRouter>,
  );
}

const unload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('unsaved changes in the admin', () => {
  it('lets a link through while nothing is changed', async () => {
    const user = userEvent.setup();
    renderGuarded();
    expect(unload()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Към сайта' }));
    expect(screen.getByRole('heading', { name: 'Начало' })).toBeInTheDocument();
  });

  it('asks before a link leaves a changed form, and staying keeps what was typed', async () => {
    const user = userEvent.setup();
    renderGuarded();
    fireEvent.change(screen.getByLabelText('Бележка'), { target: { value: 'половин текст' } });
    await user.click(screen.getByRole('link', { name: 'Към сайта' }));

    const dialog = await findDialog('alertdialog', { name: unsavedText.title });
    expect(dialog).toHaveTextContent(unsavedText.message);
    await user.click(screen.getByRole('button', { name: 'Отказ' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Бележка')).toHaveValue('половин текст');

    await user.click(screen.getByRole('link', { name: 'Към сайта' }));
    await user.click(await screen.findByRole('button', { name: unsavedText.leave }));
    expect(await screen.findByRole('heading', { name: 'Начало' })).toBeInTheDocument();
    expect(unload()).toBe(false);
  });

  it('asks before a press moves to another address; a new query string for the same page does not ask', async () => {
    const user = userEvent.setup();
    renderGuarded();
    fireEvent.change(screen.getByLabelText('Бележка'), { target: { value: 'половин текст' } });
    await user.click(screen.getByRole('button', { name: 'Търси' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Бележка')).toHaveValue('половин текст');

    await user.click(screen.getByRole('button', { name: 'Начало' }));
    await findDialog('alertdialog', { name: unsavedText.title });
    await user.click(screen.getByRole('button', { name: 'Отказ' }));
    expect(screen.getByLabelText('Бележка')).toHaveValue('половин текст');
    await user.click(screen.getByRole('button', { name: 'Начало' }));
    await user.click(await screen.findByRole('button', { name: unsavedText.leave }));
    expect(await screen.findByRole('heading', { name: 'Начало' })).toBeInTheDocument();
    expect(unload()).toBe(false);
  });

  it('asks the browser before the tab closes with changes, and not after they are gone', () => {
    renderGuarded();
    const field = screen.getByLabelText('Бележка');
    fireEvent.change(field, { target: { value: 'x' } });
    expect(unload()).toBe(true);
    fireEvent.change(field, { target: { value: '' } });
    expect(unload()).toBe(false);
  });

  it("asks on the form's own back button; Escape answers no", async () => {
    const user = userEvent.setup();
    renderGuarded();
    fireEvent.change(screen.getByLabelText('Бележка'), { target: { value: 'x' } });
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    await findDialog('alertdialog', { name: unsavedText.title });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Бележка')).toHaveValue('x');

    await user.click(screen.getByRole('button', { name: 'Назад' }));
    await user.click(await screen.findByRole('button', { name: unsavedText.leave }));
    expect(screen.getByText('Списък')).toBeInTheDocument();
    // the form's registration goes with the effect that follows its unmounting, which a busy
    // machine may run a moment after the list shows
    await waitFor(() => expect(unload()).toBe(false));
  });
});
