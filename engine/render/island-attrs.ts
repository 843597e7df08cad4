/** The attributes of an island's wrapper (no imports: the runtime's entry reads them without React). */
export const ISLAND_ATTR = 'data-jv-island';
export const ISLAND_START_ATTR = 'data-jv-start';
