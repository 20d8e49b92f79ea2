import type { z } from 'zod';
import { AppError, type ValidationIssue } from './errors';

export function toValidationIssues(error: z.ZodError, prefix?: string): ValidationIssue[] {
  return error.issues.map((issue) => {
    const parts = [...(prefix ? [prefix] : []), ...issue.path.map(String)];
    return { path: parts.join('.') || '(root)', message: issue.message };
  });
}

/** Parses input at an edge (HTTP, GraphQL, CSV row, config); failure is 400 VALIDATION_FAILED naming each field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const validationErrors = toValidationIssues(result.error, prefix);
  const fields = validationErrors.map((v) => v.path).join(', ');
  throw new AppError('VALIDATION_FAILED', `Invalid input: ${fields}`, { validationErrors });
}
