import type { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * Parses `value` with a contract schema; a failure is a 400 whose `fields` name every bad field
 * (`items.0.amount` for nested ones, `body` when the whole value is wrong).
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: 'query' | 'body',
): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] = 'is not a known field';
      continue;
    }
    const name = issue.path.length > 0 ? issue.path.join('.') : where;
    fields[name] ??= describeIssue(issue);
  }
  const names = Object.keys(fields);
  const message =
    names.length === 1 && names[0] !== where
      ? `The field ${names[0]} ${fields[names[0]!]}.`
      : `The request ${where} is not valid: check ${names.join(', ')}.`;
  throw new AppError('BAD_REQUEST', message, fields);
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    return issue.input === undefined ? 'is required' : `must be ${article(issue.expected)}`;
  }
  return issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}
