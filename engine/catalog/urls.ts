/** URLs of catalogue pages. */
import type { Style } from './types.ts';

export const styleUrl = (s: Pick<Style, 'category' | 'subcategory' | 'slug'>) => `/products/${s.category}/${s.subcategory}/${s.slug}`;
export const subcategoryUrl = (category: string, subcategory: string) => `/products/${category}/${subcategory}`;
export const categoryUrl = (category: string) => `/products/${category}`;
