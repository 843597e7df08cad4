// @vitest-environment happy-dom
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createLaterParts, Later, LaterPartsContext } from './later.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {label} {n}
    </button>
  );
}

const tree = (
  <div>
    <Later>
      <Counter label="one" />
    </Later>
    <Later>
      <Counter label="two" />
    </Later>
  </div>
);

describe('Later', () => {
  it('is a Suspense boundary around its children on the server', () => {
    expect(renderToString(tree)).toBe(
      '<div><!--$--><button type="button">one<!-- --> <!-- -->0</button><!--/$--><!--$--><button type="button">two<!-- --> <!-- -->0</button><!--/$--></div>',
    );
  });

  it('hydrates each part, and says so once all are', async () => {
    const el = document.createElement('div');
    el.innerHTML = renderToString(tree);
    document.body.append(el);
    const parts = createLaterParts();
    let live = false;
    await act(async () => {
      hydrateRoot(el, <LaterPartsContext.Provider value={parts}>{tree}</LaterPartsContext.Provider>);
    });
    await parts.allHydrated().then(() => {
      live = true;
    });
    expect(live).toBe(true);
    const buttons = el.querySelectorAll('button');
    await act(async () => buttons[1]!.click());
    expect(buttons[1]!.textContent).toBe('two 1');
    expect(buttons[0]!.textContent).toBe('one 0');
    el.remove();
  });

  it('counts a part removed before it hydrated as done', async () => {
    const parts = createLaterParts();
    const part = {};
    parts.add(part);
    let live = false;
    void parts.allHydrated().then(() => {
      live = true;
    });
    await Promise.resolve();
    expect(live).toBe(false);
    parts.done(part);
    await Promise.resolve();
    expect(live).toBe(true);
  });

  it('has no parts to wait for outside an island', async () => {
    await expect(createLaterParts().allHydrated()).resolves.toBeUndefined();
  });
});
