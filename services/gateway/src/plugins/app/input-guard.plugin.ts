import { AppError } from '@app/contracts';
import fp from 'fastify-plugin';

const NUL = String.fromCharCode(0);
// Half of a surrogate pair (a JSON "\ud800" escape): not text that can be encoded.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isUnstorable = (text: string) => text.includes(NUL) || LONE_SURROGATE.test(text);

function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isUnstorable(value);
  // Raw bodies (the Stripe webhook's Buffer) are not stored as text.
  if (depth > 32 || !value || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  for (const [key, item] of Object.entries(value)) {
    if (isUnstorable(key) || hasUnstorableText(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000, and Prisma cannot encode an unpaired surrogate inside a list:
 * either would reach the database only to fail there as a 500. Refuse them up front, before
 * validation, as the client's mistake.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      if (
        hasUnstorableText(request.params) ||
        hasUnstorableText(request.query) ||
        hasUnstorableText(request.body)
      ) {
        throw new AppError('BAD_REQUEST', 'The request contains a NUL character or invalid Unicode');
      }
    });
  },
  { name: 'input-guard', dependencies: ['error-handler'] },
);
