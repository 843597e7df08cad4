/**
 * Request parsing for the checkout routes with the shared zod/mini schemas (engine/commerce):
 * parseJson's 415/400/422 rules and field errors, with a message a form-level error block can
 * show: the not-shipped text ("Sorry, we don't ship to Canada.") when that is the problem, else a general one.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import type { output, ZodMiniType } from 'zod/mini';
import { checkoutRules } from '../../engine/node.ts';
import { ApiError } from '../http/errors.ts';
import { parseJson } from '../http/parse.ts';

const FIELDS_MESSAGE = 'Please correct the highlighted fields.';

export async function parseCheckoutBody<S extends ZodMiniType>(c: Context, schema: S): Promise<output<S>> {
  try {
    // parseJson only calls safeParseAsync, which zod/mini schemas have too.
    return (await parseJson(c, schema as unknown as z.ZodType)) as output<S>;
  } catch (e) {
    if (e instanceof ApiError && e.status === 422 && e.errors) {
      const notShipped = Object.values(e.errors).find(checkoutRules.isNotShippedMessage);
      throw new ApiError(422, notShipped ?? FIELDS_MESSAGE, e.errors);
    }
    throw e;
  }
}
