// The admin's lazily loaded parts (src/admin/kit/ui/lazy-part.tsx): a part waits in the nearest
// boundary until its code is here; code already fetched renders at once; a chunk that fails reaches
// the error boundary; an editor's code is fetched as soon as the address names a record, and the
// record's loading view stays until both are here.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ListFormTab } from '@/admin/kit/records/ListFormTab';
import { lazyPart, preloadOf } from '@/admin/kit/ui/lazy-part';

/** A load that waits for the test to let it finish (or fail). */
function controlledLoad<P>(component: ComponentType<P>) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  let calls = 0;
  const load = () => {
    calls += 1;
    return new Promise<ComponentType<P>>((resolve, reject) => {
      finish = () => resolve(component);
      fail = reject;
    });
  };
  return { load, finish: () => finish(), fail: (error: Error) => fail(error), calls: () => calls };
}

function Greeting({ name }: { name: string }) {
  return <h2>Здравей, {name}</h2>;
}

class Catch extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

describe('a lazy part', () => {
  it('waits in the nearest boundary until its code is here, then shows', async () => {
    const chunk = controlledLoad(Greeting);
    const Part = lazyPart(chunk.load);
    render(
      <Suspense fallback={<p>отвън</p>}>
        <Part name="Мария" />
      </Suspense>,
    );
    expect(screen.getByText('отвън')).toBeInTheDocument();
    chunk.finish();
    expect(await screen.findByRole('heading', { name: 'Здравей, Мария' })).toBeInTheDocument();
    expect(screen.queryByText('отвън')).not.toBeInTheDocument();
  });

  it('renders at once when its code was fetched before, and fetches it once', async () => {
    const chunk = controlledLoad(Greeting);
    const Part = lazyPart(chunk.load);
    const preloading = Part.preload();
    chunk.finish();
    await preloading;
    render(
      <Suspense fallback={<p>отвън</p>}>
        <Part name="Иван" />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Здравей, Иван' })).toBeInTheDocument();
    expect(chunk.calls()).toBe(1);
  });

  it('a chunk that fails reaches the error boundary', async () => {
    // React reports the error it caught; the boundary's message is what is checked
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    const chunk = controlledLoad(Greeting);
    const Part = lazyPart(chunk.load);
    render(
      <Catch>
        <Suspense fallback={<p>отвън</p>}>
          <Part name="Петър" />
        </Suspense>
      </Catch>,
    );
    chunk.fail(new Error('мрежата прекъсна'));
    expect(await screen.findByRole('alert')).toHaveTextContent('мрежата прекъсна');
    reported.mockRestore();
  });

  it("gives its element's preload; other elements have none", () => {
    const Part = lazyPart(controlledLoad(Greeting).load);
    expect(preloadOf(<Part name="x" />)).toBe(Part.preload);
    expect(preloadOf(<Greeting name="x" />)).toBeUndefined();
    expect(preloadOf(<div />)).toBeUndefined();
    expect(preloadOf(null)).toBeUndefined();
  });
});

describe("a tab's editor as a lazy part", () => {
  function Editor({ record }: { record: { title: string } | null; onDone: () => void }) {
    return <h2>{record ? `Редактор: ${record.title}` : 'Нов запис'}</h2>;
  }

  function renderTab(path: string, answer: Promise<{ title: string }>) {
    const chunk = controlledLoad(Editor);
    const LazyEditor = lazyPart(chunk.load);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    function useRecord(id: string) {
      return useQuery({ queryKey: ['record', id], queryFn: () => answer });
    }
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Suspense fallback={<p>раздел</p>}>
            <ListFormTab
              listPath="/panel/things"
              list={() => <p>списък</p>}
              useRecord={useRecord}
              recordText={{ title: 'Редактиране на запис', loading: 'Зареждане на записа...', loadFailed: 'Неуспешно.', backLabel: 'Назад към списъка' }}
              form={(record, onDone) => <LazyEditor record={record} onDone={onDone} />}
            />
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return chunk;
  }

  it('the list alone does not fetch the editor', () => {
    const chunk = renderTab('/panel/things', new Promise(() => {}));
    expect(screen.getByText('списък')).toBeInTheDocument();
    expect(chunk.calls()).toBe(0);
  });

  it("a record's address fetches the editor with the record; the record's loading view stays until both are here", async () => {
    let answer!: (row: { title: string }) => void;
    const chunk = renderTab('/panel/things/r-1', new Promise((resolve) => (answer = resolve)));
    expect(screen.getByRole('heading', { name: 'Редактиране на запис' })).toBeInTheDocument();
    // fetched while the record is still on its way
    expect(chunk.calls()).toBe(1);
    answer({ title: 'Първи' });
    // the record is here, the editor's code is not: the same loading view
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('heading', { name: 'Редактиране на запис' })).toBeInTheDocument();
    expect(screen.getByText('Зареждане на записа...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Назад към списъка' })).toBeInTheDocument();
    chunk.finish();
    expect(await screen.findByRole('heading', { name: 'Редактор: Първи' })).toBeInTheDocument();
    expect(chunk.calls()).toBe(1);
  });
});
