import { z } from 'zod';
import { AppError } from '../errors';
import type { ExportFilters } from '../repos/exports.repo';
import { idSchema } from '../validation';
import { EXPORT_TYPE_REGISTRY, type ExportJobType } from './export-types';

/** A date (`2026-05-01`, midnight UTC) or a date and time with its offset (`2026-05-01T12:00:00Z`). */
const instantSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  message: 'an ISO 8601 date (2026-05-01) or date and time with offset (2026-05-01T12:00:00Z)',
});

/**
 * An export job's filters (JobInput.filters): the createdAt range [from, to), a status of the type's and a
 * program. Unknown fields are refused, naming them; which status and whether programId applies depend on
 * the type (checkExportFilters).
 */
export const exportFiltersSchema = z
  .strictObject({
    from: instantSchema.nullish(),
    to: instantSchema.nullish(),
    status: idSchema(40).nullish(),
    programId: idSchema(64).nullish(),
  })
  .refine((f) => !f.from || !f.to || new Date(f.from) < new Date(f.to), {
    message: 'must be after from',
    path: ['to'],
  });
export type ExportFiltersInput = z.output<typeof exportFiltersSchema>;

/** The filters as stored on the job (JSON) and handed to the query. */
export interface StoredExportFilters {
  from?: string;
  to?: string;
  status?: string;
  programId?: string;
}

function refuse(path: string, message: string): never {
  throw new AppError('VALIDATION_FAILED', `${path}: ${message}`, { validationErrors: [{ path, message }] });
}

/** The type's checks on the filters (a status it has, a program only where it has one), then their stored form. */
export function checkExportFilters(
  type: ExportJobType,
  filters: ExportFiltersInput | null | undefined,
): StoredExportFilters {
  const spec = EXPORT_TYPE_REGISTRY[type];
  const out: StoredExportFilters = {};
  if (!filters) return out;
  if (filters.from) out.from = new Date(filters.from).toISOString();
  if (filters.to) out.to = new Date(filters.to).toISOString();
  if (filters.status) {
    if (!spec.statuses) refuse('filters.status', `${type} has no status to filter by`);
    if (!spec.statuses.includes(filters.status)) {
      refuse(
        'filters.status',
        `unknown status "${filters.status}" for ${type}; one of ${spec.statuses.join(', ')}`,
      );
    }
    out.status = filters.status;
  }
  if (filters.programId) {
    if (!spec.program) refuse('filters.programId', `${type} has no program to filter by`);
    out.programId = filters.programId;
  }
  return out;
}

/** Stored filters as the query takes them. */
export function queryFilters(stored: StoredExportFilters): ExportFilters {
  return {
    ...(stored.from ? { from: new Date(stored.from) } : {}),
    ...(stored.to ? { to: new Date(stored.to) } : {}),
    ...(stored.status ? { status: stored.status } : {}),
    ...(stored.programId ? { programId: stored.programId } : {}),
  };
}
