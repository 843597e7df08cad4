/** Lightbox zoom levels: from 1 (fit) up to the block's max ratio, in steps. */
export const clampZoom = (z: number, max: number) => Math.min(Math.max(1, max), Math.max(1, Math.round(z * 100) / 100));
export const zoomIn = (z: number, step: number, max: number) => clampZoom(z + step, max);
export const zoomOut = (z: number, step: number, max: number) => clampZoom(z - step, max);
export const zoomPercent = (z: number) => `${Math.round(z * 100)}%`;
