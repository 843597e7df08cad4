/**
 * Slider state: which slide is first in view, and moves that wrap around. Pure position maths
 * is in `slidePositions`/`wrapIndex` so it can be tested without a browser.
 */
import { useCallback, useState } from 'react';

/** How many distinct positions a slider has: with 5 slides and 2 in view, 4 (0..3). */
export const slidePositions = (count: number, perView: number) => Math.max(1, count - Math.max(1, perView) + 1);

/** An index moved into 0..positions-1, wrapping (loop) or clamping. */
export function wrapIndex(i: number, positions: number, loop: boolean): number {
  if (loop) return ((i % positions) + positions) % positions;
  return Math.min(positions - 1, Math.max(0, i));
}

export interface SliderState {
  index: number;
  positions: number;
  go(i: number): void;
  next(): void;
  prev(): void;
  canPrev: boolean;
  canNext: boolean;
}

export function useSlider({
  count,
  perView = 1,
  loop = true,
}: {
  count: number;
  perView?: number;
  loop?: boolean;
}): SliderState {
  const positions = slidePositions(count, perView);
  const [raw, setIndex] = useState(0);
  const index = wrapIndex(raw, positions, false);
  const go = useCallback((i: number) => setIndex(wrapIndex(i, positions, loop)), [positions, loop]);
  return {
    index,
    positions,
    go,
    next: () => go(index + 1),
    prev: () => go(index - 1),
    canPrev: loop ? positions > 1 : index > 0,
    canNext: loop ? positions > 1 : index < positions - 1,
  };
}
