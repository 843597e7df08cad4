import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { collectLater, Later } from './later.tsx';

describe('Later', () => {
  it('is its children on the server: the same HTML, no boundary markers', () => {
    expect(
      renderToString(
        <ul>
          <Later>
            <li className="a">One</li>
          </Later>
        </ul>,
      ),
    ).toBe('<ul><li class="a">One</li></ul>');
  });

  it('leaves a part for later only while an island hydrates, one per Later in page order', () => {
    const tree = (
      <div>
        <Later>
          <p>1</p>
        </Later>
        <Later>
          <p>2</p>
        </Later>
      </div>
    );
    const parts = collectLater(() => renderToString(tree));
    expect(parts.map((p) => p.done)).toEqual([false, false]);
    parts[0]!.release();
    expect(parts.map((p) => p.done)).toEqual([true, false]);
    expect(collectLater(() => undefined)).toEqual([]);
    expect(renderToString(tree)).toBe('<div><p>1</p><p>2</p></div>');
  });
});
