/**
 * The id of the page's `<main>` region (page-view.tsx): the skip link's target, and the element
 * the document's first paint waits for (document.ts).
 */
export const MAIN_ID = 'main';
