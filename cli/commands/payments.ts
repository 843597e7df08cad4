/**
 * `joinery payments reconcile`: runs the payment reconciler once against the shop's database
 * (DATABASE_URL, else the SQLite file) with the payment providers this environment configures,
 * and prints what it settled: lost attempts looked up at their provider, payments waiting at
 * the provider asked again (server/commerce/reconcile.ts). The e-mails of a payment it
 * completes are queued; a running server's outbox sends them.
 *
 * Exit 0 when every payment it looked at could be asked about, 1 when a provider could not be
 * asked (they are listed; the next run tries again), 2 when it cannot start.
 */
import { createDefaultDeps, createServer, silentLogger, type DefaultDeps } from '../../server/index.ts';
import { getSiteDir } from '../context.ts';
import { EXIT_CONTENT, EXIT_OK, EXIT_USAGE } from '../exit-codes.ts';

export async function paymentsReconcileCommand(): Promise<number> {
  let deps: DefaultDeps;
  try {
    deps = await createDefaultDeps({ siteDir: getSiteDir() });
  } catch (e) {
    console.error(`joinery payments reconcile: cannot start: ${(e as Error).message}`);
    return EXIT_USAGE;
  }
  // The API's services without serving anything: no build needed, no background work.
  const server = createServer({
    ...deps,
    log: silentLogger,
    config: { ...deps.config, distDir: null, reconcileIntervalMs: 0 },
  });
  try {
    console.log('joinery payments reconcile: asking the payment providers about lost and waiting payments ...');
    const r = await server.reconciler.runOnce();
    for (const s of r.settled)
      console.log(
        `order #${s.orderIncrementId}  payment ${s.paymentId} (${s.gateway})  ${s.before} -> ${s.after}  order ${s.orderStatus}${s.message ? `  ${s.message}` : ''}`,
      );
    for (const f of r.failed)
      console.log(
        `order ${f.orderId}  payment ${f.paymentId} (${f.gateway || 'unknown provider'})  not reconciled: ${f.error}`,
      );
    const busy = r.busy ? `, ${r.busy} held by a running payment (next run)` : '';
    console.log(
      `${r.checked} payment${r.checked === 1 ? '' : 's'} looked at, ${r.settled.length} settled, ${r.failed.length} could not be asked${busy}.`,
    );
    return r.failed.length ? EXIT_CONTENT : EXIT_OK;
  } catch (e) {
    console.error(`joinery payments reconcile: ${(e as Error).message}`);
    return EXIT_USAGE;
  } finally {
    await server.close();
    await deps.close();
  }
}
