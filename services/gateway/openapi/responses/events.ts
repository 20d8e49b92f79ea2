import 'zod-openapi';
import { z } from 'zod';
import type { SegmentOutcome } from '../../../../shared/domain/analytics/segment';
import type { LoggedUserEvents } from '../../../../shared/domain/events/user-events';
import { apiErrorFields, validationIssueSchema } from '../errors';
import { epochMillis } from './common';
import { sameShape } from './shape-check';

/** POST /open/account/{accountId}/user/{userId}/events (shared/domain/events/user-events.ts). */
export const loggedUserEventsSchema = z
  .object({
    userId: z.string(),
    accountId: z.string(),
    events: z.array(
      z.object({
        id: z.string().meta({ description: 'A UUIDv7 we assign.' }),
        key: z.string(),
        fields: z.record(z.string(), z.unknown()),
        dateTriggered: epochMillis,
        dateReceived: epochMillis,
      }),
    ),
  })
  .meta({ id: 'LoggedUserEvents', description: 'The events as stored, all committed.' });

sameShape<z.output<typeof loggedUserEventsSchema>, LoggedUserEvents>(true);

const messageResult = {
  index: z.int().min(0).meta({ description: "The message's position in the request." }),
  type: z.string().meta({ description: 'The message type.' }),
};

const accepted = z.object({
  ...messageResult,
  status: z.literal('accepted'),
  eventIds: z.array(z.string()).optional().meta({ description: "A track's stored event ids." }),
});
const duplicate = z.object({
  ...messageResult,
  status: z.literal('duplicate'),
  eventIds: z.array(z.string()),
});
const ignored = z.object({ ...messageResult, status: z.literal('ignored') });
const rejected = z.object({
  ...messageResult,
  status: z.literal('rejected'),
  apiErrorCode: z.string(),
  message: z.string(),
  validationErrors: z.array(validationIssueSchema).optional(),
});

type WithoutPosition<T> = T extends unknown ? Omit<T, 'index' | 'type'> : never;
sameShape<
  WithoutPosition<z.output<typeof accepted | typeof duplicate | typeof ignored | typeof rejected>>,
  SegmentOutcome
>(true);

/** One Segment message's outcome, in the order of the request. */
export const segmentMessageResultSchema = z
  .discriminatedUnion('status', [accepted, duplicate, ignored, rejected])
  .meta({
    id: 'SegmentMessageResult',
    description:
      'accepted (stored; a track has its eventIds), duplicate (a track whose messageId was used in the last 24 hours: the ids stored then), ignored (a type other than track and identify), rejected (its own content was refused, with the error it would get on its own route).',
  });

/** POST /integrations/segment's answer: one result per message. */
export const segmentResultsSchema = z
  .object({ results: z.array(segmentMessageResultSchema) })
  .meta({ id: 'SegmentResults' });

/** A batch stopped by an infrastructure failure (services/gateway/routes/integrations.routes.ts batchFailed). */
export const segmentBatchFailedErrorSchema = z
  .object({
    ...apiErrorFields,
    results: z
      .array(segmentMessageResultSchema)
      .meta({ description: 'The messages before the failure, applied.' }),
    failedIndex: z.int().min(0).meta({ description: 'The message that could not be applied.' }),
    notApplied: z.int().min(1).meta({ description: 'Messages from failedIndex on, none applied.' }),
  })
  .meta({
    id: 'SegmentBatchFailedError',
    description:
      'The batch stopped at failedIndex; retrying the whole batch is safe (tracks dedupe by messageId).',
  });
