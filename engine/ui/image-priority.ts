/**
 * The page's first content image is its likely LCP element: it must not wait for layout as a
 * lazy image does. Each page render gets one "first image" slot; the first <Img> that renders
 * without an explicit priority takes it (server and hydration render in the same tree order),
 * and an image marked priority takes it too, so at most one image is promoted automatically.
 */
import { createContext, useContext, useState } from 'react';

export interface ImagePriority {
  /** True the first time it is called for a page. */
  claim(): boolean;
  /** Whether no image has claimed it yet. */
  free(): boolean;
}

/** A slot; `taken`: one already claimed (an island rendered after the page's first image). */
export function createImagePriority(taken = false): ImagePriority {
  return {
    claim: () => {
      if (taken) return false;
      taken = true;
      return true;
    },
    free: () => !taken,
  };
}

export const ImagePriorityContext = createContext<ImagePriority | null>(null);

/** Whether this image loads eagerly with high priority: `explicit` when given, else whether it is the page's first image. */
export function useImagePriority(explicit?: boolean): boolean {
  const slot = useContext(ImagePriorityContext);
  // Claimed once per mounted image, so re-renders keep the answer.
  const [first] = useState(() => explicit !== false && (slot?.claim() ?? false));
  return explicit ?? first;
}
