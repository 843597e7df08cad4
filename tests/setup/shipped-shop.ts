/**
 * vitest setup: the unit tests of pages, blocks and e-mails run as the shipped shop
 * (site-config/site.json's commerce rules) unless they enter another with withShop(); servers
 * and renders enter their own. Tests of another shop build their rules from tests/fixtures/sites/.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asyncShopScope } from '../../engine/commerce/shop-scope-node.ts';
import { installShopScope, shopRulesOf, type ShopRules } from '../../engine/commerce/shop.ts';

export const shippedShop = (): ShopRules =>
  shopRulesOf(
    JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../site-config/site.json'), 'utf8')),
  );

// (A path, not new URL(): in tests under happy-dom, URL is the DOM's, which resolves against http://localhost.)
// Code outside any withShop() (a unit test's render, e-mail or cart) serves the shipped shop.
installShopScope(asyncShopScope(shippedShop()));
