// The islands' plumbing without a browser: how <Island> renders in the app and while a
// page is prerendered, the document listener that serves the static HTML's dialog and scroll
// buttons, and the scroll-triggered fade-ins that need no React.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogButton } from '@/site/layout/DialogButton';
import { startDelegates } from '@/site/islands/delegates';
import { Island, IslandCollector, IslandCollectorContext } from '@/site/islands/Island';
import { startReveal } from '@/site/runtime/reveal';
import { dialogStore } from '@/site/dialogs/site-dialogs';
import { fakeMediaQueryList } from './media';

function Greeting({ name }: { name: string }) {
  return <p>Здравей, {name}</p>;
}

describe('<Island>', () => {
  it('in the app renders its component in place, with no container', () => {
    const { container } = render(<Island name="greeting" component={Greeting} props={{ name: 'Мария' }} />);
    expect(container.innerHTML).toBe('<p>Здравей, Мария</p>');
  });

  it('while a page is prerendered leaves an empty container and hands the island to the collector', () => {
    const collector = new IslandCollector();
    const html = renderToStaticMarkup(
      <IslandCollectorContext.Provider value={collector}>
        <Island name="greeting" component={Greeting} props={{ name: 'Мария' }} />
        <Island name="greeting" hydrate="load" component={Greeting} props={{ name: 'Иван' }} />
      </IslandCollectorContext.Provider>,
    );
    expect(html).toBe(
      '<div data-island="greeting" data-island-id="0" data-hydrate="visible" style="display:contents"></div>' +
        '<div data-island="greeting" data-island-id="1" data-hydrate="load" style="display:contents"></div>',
    );
    expect(collector.islands.map(({ id, name, hydrate, props }) => ({ id, name, hydrate, props }))).toEqual([
      { id: 0, name: 'greeting', hydrate: 'visible', props: { name: 'Мария' } },
      { id: 1, name: 'greeting', hydrate: 'load', props: { name: 'Иван' } },
    ]);
    // what the prerenderer renders as the island's own root
    expect(renderToStaticMarkup(collector.islands[1].element)).toBe('<p>Здравей, Иван</p>');
  });
});

describe('the static HTML’s buttons', () => {
  const stop: (() => void)[] = [];
  afterEach(() => {
    stop.splice(0).forEach((s) => s());
    document.body.innerHTML = '';
  });

  it('a dialog button works as plain HTML: the document listener opens its dialog', async () => {
    stop.push(startDelegates());
    // the markup the prerenderer writes, with no React behind it
    document.body.innerHTML = renderToStaticMarkup(
      <>
        <DialogButton dialog="booking">Запазете консултация</DialogButton>
        <DialogButton dialog="contact">Изпратете запитване</DialogButton>
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Запазете консултация' }));
    expect(dialogStore.get().open).toBe('booking');
    await userEvent.click(screen.getByRole('button', { name: 'Изпратете запитване' }));
    expect(dialogStore.get().open).toBe('contact');
    expect(dialogStore.get().mounted).toEqual({ contact: true, booking: true });
  });

  it('a button React owns is left to React: one press opens its dialog once', async () => {
    stop.push(startDelegates());
    const show = vi.spyOn(dialogStore, 'show');
    render(<DialogButton dialog="contact">Свържете се</DialogButton>);
    await userEvent.click(screen.getByRole('button', { name: 'Свържете се' }));
    expect(show).toHaveBeenCalledTimes(1);
    expect(dialogStore.get().open).toBe('contact');
  });

  it('a scroll button scrolls to its section', async () => {
    stop.push(startDelegates());
    document.body.innerHTML = '<button type="button" data-scroll-to="journey">Научете повече</button><section id="journey">Как работим</section>';
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Научете повече' }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(document.getElementById('journey'));
  });
});

describe('fade-ins without React', () => {
  type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
  const observers: { callback: Callback; target?: Element }[] = [];
  class FakeObserver {
    private entry: { callback: Callback; target?: Element };
    constructor(callback: Callback) {
      this.entry = { callback };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.target = target;
    }
    disconnect() {}
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    observers.length = 0;
    document.body.innerHTML = '';
  });

  it('hides a group that starts off screen and shows it once enough of it is visible', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    document.body.innerHTML = '<ul data-reveal="0.1"><li data-reveal-item>Първа</li></ul><ol data-reveal="0.2"><li>Етап</li></ol>';
    startReveal();
    const [list, stages] = [document.querySelector('ul')!, document.querySelector('ol')!];
    expect(observers.map((o) => o.target)).toEqual([list, stages]);

    observers[0].callback([{ isIntersecting: true, intersectionRatio: 0.5 }]); // on screen at once
    observers[1].callback([{ isIntersecting: false, intersectionRatio: 0 }]); // below the fold
    expect(list.dataset.revealState).toBe('shown');
    expect(stages.dataset.revealState).toBe('hidden');

    observers[1].callback([{ isIntersecting: true, intersectionRatio: 0.1 }]); // not yet a fifth of it
    expect(stages.dataset.revealState).toBe('hidden');
    observers[1].callback([{ isIntersecting: true, intersectionRatio: 0.25 }]);
    expect(stages.dataset.revealState).toBe('shown');
  });

  it('hides nothing without IntersectionObserver or under reduced motion', () => {
    document.body.innerHTML = '<ul data-reveal="0.1"><li data-reveal-item>Първа</li></ul>';
    vi.stubGlobal('IntersectionObserver', undefined);
    startReveal();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => fakeMediaQueryList(query, true));
    startReveal();
    expect(observers).toHaveLength(0);
    expect(document.querySelector('ul')!.dataset.revealState).toBeUndefined();
  });
});
