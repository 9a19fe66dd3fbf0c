/**
 * Transitional re-export: the retry rule and `retry-after` parsing live in `@toolcraft/core`'s one
 * retry module. Delete this file once `src/index.ts` no longer re-exports these names.
 */
export { retryAfterMs, type HeadersLike } from '@toolcraft/core';
