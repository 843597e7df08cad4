/** Resolves at the browser's next idle moment (a task of its own: what waited runs there alone). */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => setTimeout(resolve), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
}
