/**
 * The islands' runtime: starts each island of the prerendered page alone, when its start says
 * (engine/render/island.tsx), with the props the page lists for it: a framework-free island by
 * its client (blocks/<type>/client.ts), any other by hydrating its component (hydrate.tsx, loaded
 * with the UI library only then). Nothing else on the page runs code. Marks: `data-jv-live` on an island's wrapper once it is live, and on <html> once every
 * island that starts at load is; `data-jv-dormant` (= `visible` or `interaction`) on a wrapper
 * while its island waits for the viewport or for the shopper.
 */
import { blockLoaders, islandClients } from 'virtual:joinery/blocks';
import { withShop } from '../commerce/shop.ts';
import { ISLAND_ATTR, ISLAND_START_ATTR } from '../render/island-attrs.ts';
import type { IslandRecord } from '../render/island.tsx';
import { ISLANDS_ELEMENT_ID, type IslandsData } from '../render/islands-data.ts';
import type { IslandStart } from '../types.ts';
import { whenIdle } from './idle.ts';
import '../ui/tokens.css';
import './base.css';

const LIVE = 'data-jv-live';
const DORMANT = 'data-jv-dormant';
const data = JSON.parse(document.getElementById(ISLANDS_ELEMENT_ID)!.textContent!) as IslandsData;

/** Resolves when the island nears the viewport, or takes focus or a touch. */
function whenVisible(el: HTMLElement): Promise<void> {
  const target = el.firstElementChild;
  if (!target || typeof IntersectionObserver === 'undefined') return whenIdle();
  return new Promise((resolve) => {
    const done = () => {
      io.disconnect();
      el.removeEventListener('focusin', done);
      el.removeEventListener('pointerdown', done);
      resolve();
    };
    const io = new IntersectionObserver(
      (entries) => (entries.some((e) => e.isIntersecting) ? done() : el.setAttribute(DORMANT, 'visible')),
      { rootMargin: '300px' },
    );
    io.observe(target);
    el.addEventListener('focusin', done);
    el.addEventListener('pointerdown', done);
  });
}

const INTERACTIONS = ['pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart', 'click'] as const;

/**
 * A click on an island before it is live (not one on a link, which works as HTML) is held and
 * made again on the same control once it is: no tap is lost, and no checkbox or <details> changes
 * behind the back of a component that has not seen it.
 */
function holdClicks(el: HTMLElement, live: Promise<void>): void {
  let held: HTMLElement | null = null;
  const hold = (e: Event) => {
    if (el.hasAttribute(LIVE) || !(e.target instanceof Element) || e.target.closest('a[href]')) return;
    let control: Element | null = e.target;
    while (control && !(control instanceof HTMLElement)) control = control.parentElement; // an icon's <svg> part: its button
    if (!control) return;
    e.preventDefault();
    e.stopPropagation();
    held = control as HTMLElement;
  };
  el.addEventListener('click', hold, true);
  const release = () => el.removeEventListener('click', hold, true);
  // Its code failed to load: the HTML works as it can (forms post, links follow).
  void live.then(() => {
    release();
    if (held?.isConnected) held.click();
  }, release);
}

/**
 * Resolves at the shopper's first pointer, focus, key or click on the island (a click the boot
 * script held comes alone), seen before the island's held clicks are.
 */
function whenTouched(el: HTMLElement): Promise<void> {
  el.setAttribute(DORMANT, 'interaction');
  return new Promise((resolve) => {
    const done = () => {
      for (const t of INTERACTIONS) el.removeEventListener(t, done, true);
      resolve();
    };
    for (const t of INTERACTIONS) el.addEventListener(t, done, { passive: true, capture: true });
  });
}

/**
 * Resolves in a task of its own (ahead of other waiting tasks where the browser has
 * scheduler.yield): islands whose code arrives together start one per task, not in one long one.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve));
}

/** Starts the island by its client or by hydrating its component; resolves once it is live. */
async function hydrate(el: HTMLElement, record: IslandRecord): Promise<void> {
  el.removeAttribute(DORMANT);
  const client = islandClients[record.type];
  if (client) {
    const code = await client();
    await nextTask();
    await code.start(el, record.props, data.page);
  } else
    await (await import('./hydrate.tsx')).hydrateIsland(
      el,
      el.getAttribute(ISLAND_ATTR)!,
      record,
      data.page,
      data.chunks,
      blockLoaders,
      nextTask,
    );
  el.setAttribute(LIVE, '');
}

function start(el: HTMLElement): Promise<void> {
  const record = data.islands[el.getAttribute(ISLAND_ATTR)!];
  if (!record) return Promise.resolve();
  const when = el.getAttribute(ISLAND_START_ATTR) as IslandStart;
  const started =
    when === 'load'
      ? Promise.resolve()
      : when === 'interaction'
        ? whenTouched(el)
        : when === 'visible'
          ? whenVisible(el)
          : whenIdle();
  const live = started.then(() => hydrate(el, record));
  holdClicks(el, live);
  return live;
}

/** Starts every island; those that start at load before the page is marked live. */
async function startIslands(): Promise<void> {
  const islands = [...document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`)];
  const atLoad = islands.filter((el) => el.getAttribute(ISLAND_START_ATTR) === 'load');
  for (const el of islands) if (!atLoad.includes(el)) void start(el).catch((e: unknown) => console.error(e));
  await Promise.all(atLoad.map((el) => start(el).catch((e: unknown) => console.error(e))));
  document.documentElement.setAttribute(LIVE, '');
}

// The page serves one shop (its data's): the cart store, the field rules and formatPrice read it.
const shop = data.page.site.commerce;
// Not awaited: this module's end tells the boot script that every island holds its own clicks.
void (shop ? withShop(shop, startIslands) : startIslands());
