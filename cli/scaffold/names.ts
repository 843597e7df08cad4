/** Names for scaffolds: kebab-case in, a readable title and a PascalCase identifier out. */
import { UsageError } from '../exit-codes.ts';

export const KEBAB_CASE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export function assertKebabCase(kind: string, name: string) {
  if (!KEBAB_CASE.test(name))
    throw new UsageError(
      `${kind} name "${name}" must be kebab-case: lowercase letters and digits separated by single hyphens, starting with a letter (e.g. "spring-sale")`,
    );
}

/** "kitchen-finance-options" -> "Kitchen Finance Options". */
export const titleOf = (name: string) =>
  name
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** "price-list" -> "PriceList". */
export const pascalOf = (name: string) => titleOf(name).replace(/ /g, '');

/** "price-list" -> "priceList" (CSS module class names are read in camelCase). */
export const camelOf = (name: string) => pascalOf(name).charAt(0).toLowerCase() + pascalOf(name).slice(1);
