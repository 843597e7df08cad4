/** The checkout's own text while the cart (and the form's code) load; every other text is fixed in the engine. */
export const LOADING_TEXT = 'Loading checkout...';
