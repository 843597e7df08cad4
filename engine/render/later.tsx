/**
 * Hydration in parts: a part of an island wrapped in `Later` keeps its server HTML while the
 * island hydrates, and is hydrated afterwards in a task of its own (engine/client/hydrate.tsx),
 * so a large island (the estimator's sections) is not one long task on a phone. The island is
 * live, and its held clicks replayed, once every part is. The part must render one element. It
 * hydrates as it rendered at first (the server's HTML), then renders again with its latest props
 * if the island changed meanwhile. On the server, and in a render after the island's hydration,
 * `Later` is its children.
 */
import { Suspense, useLayoutEffect, useState, type ReactElement } from 'react';

export interface LaterPart {
  done: boolean;
  promise: Promise<void>;
  release(): void;
  /** The part as the island's hydration rendered it. */
  first: ReactElement;
}

// Hydration is synchronous, one island at a time: the parts it defers are collected here.
let collector: LaterPart[] | null = null;

/** Runs `hydrate` (an island's hydration) and returns the parts it left for later, in page order. */
export function collectLater(hydrate: () => void): LaterPart[] {
  const parts: LaterPart[] = [];
  collector = parts;
  try {
    hydrate();
  } finally {
    collector = null;
  }
  return parts;
}

function newPart(first: ReactElement): LaterPart {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  const part: LaterPart = {
    done: false,
    promise,
    release: () => {
      part.done = true;
      resolve();
    },
    first,
  };
  return part;
}

/** Suspends (keeping its server HTML) until its part is released; hydrates it as first rendered. */
function Gate({ part, children }: { part: LaterPart; children: ReactElement }) {
  if (!part.done) throw part.promise;
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => setHydrated(true), []);
  return hydrated ? children : part.first;
}

export function Later({ children }: { children: ReactElement }) {
  const [part] = useState(() => {
    if (!collector) return null;
    const p = newPart(children);
    collector.push(p);
    return p;
  });
  if (!part) return children;
  return (
    <Suspense fallback={null}>
      <Gate part={part}>{children}</Gate>
    </Suspense>
  );
}
