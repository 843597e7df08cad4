/** The mini-cart's label: the text with `{cart-count}` replaced by the number of sample lines. */
export const cartLabel = (text: string, count: number) => text.replaceAll('{cart-count}', String(count));

/** Marks the label's element, which the island's client (client.ts) keeps up to date. */
export const COUNT_ATTR = 'data-cart-count';
