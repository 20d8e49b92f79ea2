import { segmentBodySchema } from '../../../shared/domain/analytics/segment';

/** POST /integrations/segment: one Segment message or `{ batch: [...] }` (each message checked on its own). */
export const segmentRequestBodySchema = segmentBodySchema;
