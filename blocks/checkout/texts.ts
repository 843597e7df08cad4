/** The checkout's own text while the cart (and the form's code) load; everything else is the spec's, in the engine. */
export const LOADING_TEXT = 'Loading checkout...';
