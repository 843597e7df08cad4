// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ISLAND_ATTR } from '../render/island-attrs.ts';
import { holdEarlyClicks, ISLAND_SELECTOR } from './early-clicks.ts';

describe('clicks before the islands’ runtime has come', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('names the islands’ wrapper as the renderer writes it', () => {
    document.body.innerHTML = `<div ${ISLAND_ATTR}="a"><button>Load more</button></div>`;
    expect(document.querySelector(ISLAND_SELECTOR)).not.toBeNull();
  });

  it('holds a click on an island, not one elsewhere nor on a link, and makes the last one again once told', () => {
    document.body.innerHTML = `
      <div ${ISLAND_ATTR}="list"><input type="checkbox" id="first"><button id="more"><svg><path id="icon"></path></svg></button><a href="#x" id="link">x</a></div>
      <input type="checkbox" id="static">`;
    const seen: string[] = [];
    document.body.addEventListener('click', (e) => seen.push((e.target as Element).id));
    const clicks = holdEarlyClicks();
    const box = document.getElementById('first') as HTMLInputElement;
    box.click();
    expect(box.checked).toBe(false); // not changed behind the back of a component that has not seen it
    document.getElementById('icon')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    document.getElementById('link')!.click();
    (document.getElementById('static') as HTMLInputElement).click();
    expect(seen).toEqual(['link', 'static']);
    expect((document.getElementById('static') as HTMLInputElement).checked).toBe(true);

    clicks.replay();
    // The island's last click, on the button the icon is part of; nothing held any more.
    expect(seen).toEqual(['link', 'static', 'more']);
    box.click();
    expect(box.checked).toBe(true);
  });
});
