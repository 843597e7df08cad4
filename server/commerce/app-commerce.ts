/**
 * The checkout of a running server: one per app (the routes share it, and the outbox hook is
 * registered once), built from the app's dependencies and its payment providers.
 */
import type { AppDeps } from '../app-deps.ts';
import { offeredGateways } from '../payments/registry.ts';
import { createCommerce, type Commerce } from './index.ts';
import { commerceDataSource } from './site-data.ts';

const perApp = new WeakMap<AppDeps, Commerce>();

export function commerceFor(deps: AppDeps): Commerce {
  let commerce = perApp.get(deps);
  if (!commerce) {
    commerce = createCommerce({
      db: deps.db,
      clock: deps.clock,
      log: deps.log,
      outbox: deps.outbox,
      data: commerceDataSource(deps.siteDir),
      providers: deps.payments,
      offered: offeredGateways(Object.keys(deps.payments), deps.config.sandboxWithLiveCard),
      shop: { siteName: deps.config.siteName, origin: deps.config.origin },
      paymentLeaseMs: deps.config.paymentLeaseMs,
    });
    perApp.set(deps, commerce);
  }
  return commerce;
}
