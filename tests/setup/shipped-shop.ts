/**
 * vitest setup: the unit tests of pages, blocks and e-mails run as the shipped shop
 * (site-config/site.json's commerce rules), as `joinery build` and the server set them. Tests of
 * another shop build their rules from tests/fixtures/sites/.
 */
import { readFileSync } from 'node:fs';
import { setCurrentShop, shopRulesOf, type ShopRules } from '../../engine/commerce/shop.ts';

export const shippedShop = (): ShopRules => shopRulesOf(JSON.parse(readFileSync(new URL('../../site-config/site.json', import.meta.url), 'utf8')));

setCurrentShop(shippedShop());
