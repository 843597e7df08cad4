// The resolve hook of module-log.js (it runs on Node's loader thread).
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (process.env.JOINERY_MODULE_LOG) appendFileSync(process.env.JOINERY_MODULE_LOG, `${resolved.url}\n`);
  return resolved;
}
