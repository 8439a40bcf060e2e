// The islands' protocol (src/site/islands/protocol.ts) without a browser: the click queue runs
// from its source text alone, as the page's inline script does, holds presses on buttons that do
// not work yet and presses them again once they do; and the container <Island> renders is the one
// the prerenderer looks for.
// Runs isolated: the click queue listens on the document for the page's life, as in the browser,
// and would hold the presses of the files after it in a shared window (vitest.config.ts).
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Island, IslandCollector, IslandCollectorContext } from '@/site/islands/Island';
import { clickQueueScript, markIslandHydrated, markPageReady, placeholderHtml, WAKE_EVENT } from '@/site/islands/protocol';

beforeAll(() => {
  // in the global scope, like an inline <script>: a reference to anything of the module would throw
  new Function(clickQueueScript())();
});

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-app-ready');
});

/** A button of the static HTML, and what reaches its own handler. */
function staticButton(html: string) {
  document.body.innerHTML = html;
  const button = document.querySelector('button')!;
  const pressed = vi.fn();
  button.addEventListener('click', pressed);
  return { button, pressed };
}

describe('the click queue', () => {
  it('holds a press inside an island until it has hydrated, and wakes the island', () => {
    const { button, pressed } = staticButton('<div data-island="faq" data-island-id="0" data-hydrate="visible"><button>Въпрос</button></div>');
    const island = document.querySelector<HTMLElement>('[data-island]')!;
    const woken = vi.fn();
    island.addEventListener(WAKE_EVENT, woken);

    button.click();
    expect(pressed).not.toHaveBeenCalled();
    expect(woken).toHaveBeenCalledTimes(1);

    markIslandHydrated(island);
    expect(island).toHaveAttribute('data-hydrated');
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('holds a press outside the islands until the page is ready', () => {
    const { button, pressed } = staticButton('<button aria-haspopup="dialog">Запазете консултация</button>');
    button.click();
    button.click();
    expect(pressed).not.toHaveBeenCalled();

    markPageReady();
    expect(document.documentElement).toHaveAttribute('data-app-ready');
    // held once, pressed once
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('lets through a button React already owns, a submit of a form that posts without script, and any button once the page is ready', () => {
    const owned = staticButton('<div data-island="faq"><button>Въпрос</button></div>');
    Object.assign(owned.button, { __reactProps$abc: {} });
    owned.button.click();
    expect(owned.pressed).toHaveBeenCalledTimes(1);

    const form = staticButton('<form action="/search" onsubmit="return false"><button type="submit">Търси</button></form>');
    form.button.click();
    expect(form.pressed).toHaveBeenCalledTimes(1);

    markPageReady();
    const ready = staticButton('<button>Напред</button>');
    ready.button.click();
    expect(ready.pressed).toHaveBeenCalledTimes(1);
  });
});

describe('the island container', () => {
  it('<Island> renders exactly the HTML the prerenderer looks for', () => {
    const collector = new IslandCollector();
    const html = renderToStaticMarkup(
      <IslandCollectorContext.Provider value={collector}>
        <Island name="greeting" hydrate="load" component={() => <p>Здравей</p>} props={{}} />
      </IslandCollectorContext.Provider>,
    );
    expect(html).toBe(placeholderHtml({ name: 'greeting', id: 0, hydrate: 'load' }));
    expect(html).toBe('<div data-island="greeting" data-island-id="0" data-hydrate="load" style="display:contents"></div>');
  });
});
