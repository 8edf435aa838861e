import { z } from 'zod';

/** Positive integer id in a JSON body. */
export const ZId = z.number().int().positive();

/** Positive integer id in a query string (`?asset_id=3`). */
export const ZQueryId = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'must be a positive whole number')
  .transform(Number);

/** 1-based page number in a query string; absent means the first page. */
export const ZQueryPage = z
  .string()
  .regex(/^[1-9][0-9]{0,6}$/, 'must be a page number from 1')
  .transform(Number)
  .optional();

/** Every `*_date` field: integer epoch seconds, UTC. */
export const ZEpochSeconds = z.number().int().nonnegative();

/** 0/1 flags, as the specification gives them. */
export const ZFlag = z.union([z.literal(0), z.literal(1)]);

/** Trimmed, lower-cased email address. */
export const ZEmail = z.string().trim().toLowerCase().pipe(z.email('must be a valid email address').max(254));

export const PAGE_SIZE = 20;

export function pagedSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({
    [key]: z.array(item),
    page: z.number().int().positive(),
    page_size: z.number().int().positive(),
    total: z.number().int().nonnegative(),
  } as { [P in K]: z.ZodArray<T> } & {
    page: z.ZodNumber;
    page_size: z.ZodNumber;
    total: z.ZodNumber;
  });
}
