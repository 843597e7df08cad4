/**
 * Hydration in parts: a part of an island wrapped in `Later` is a Suspense boundary, which React
 * hydrates after the island's own commit, in a lower-priority render that yields to the browser,
 * so a large island (the estimator's sections) is not one long task on a phone. Until then it
 * keeps its server HTML; an update reaching it first hydrates it before applying. The island is
 * live, and its held clicks replayed, once every part is (LaterParts, in engine/render/island-root.tsx).
 */
import { createContext, Suspense, useContext, useEffect, useRef, type ReactNode } from 'react';

/** The parts of one island still to hydrate. */
export interface LaterParts {
  add(part: object): void;
  /** The part has hydrated, or is gone before it did (a listing's card of the page left). */
  done(part: object): void;
  /** Resolves once no added part is left to hydrate. */
  allHydrated(): Promise<void>;
}

export function createLaterParts(): LaterParts {
  const pending = new Set<object>();
  const done = new WeakSet<object>();
  let settle: (() => void) | null = null;
  const check = () => {
    if (pending.size || !settle) return;
    settle();
    settle = null;
  };
  return {
    add: (part) => {
      if (!done.has(part)) pending.add(part);
    },
    done: (part) => {
      done.add(part);
      pending.delete(part);
      check();
    },
    allHydrated: () =>
      new Promise((resolve) => {
        settle = resolve;
        check();
      }),
  };
}

export const LaterPartsContext = createContext<LaterParts | null>(null);

/** Renders nothing; tells the island its part has hydrated (its effects run in the part's commit). */
function Hydrated({ parts, part }: { parts: LaterParts | null; part: object }) {
  useEffect(() => parts?.done(part), [parts, part]);
  return null;
}

export function Later({ children }: { children: ReactNode }) {
  const parts = useContext(LaterPartsContext);
  const part = useRef({}).current;
  useEffect(() => {
    parts?.add(part);
    return () => parts?.done(part);
  }, [parts, part]);
  return (
    <Suspense fallback={null}>
      {children}
      <Hydrated parts={parts} part={part} />
    </Suspense>
  );
}
