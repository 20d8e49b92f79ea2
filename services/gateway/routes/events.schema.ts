import { userEventInputSchema } from '../../../shared/domain/events/user-events.schema';
import { userPathSchema } from './users.schema';

/** POST /open/account/{accountId}/user/{userId}/events: the user's path. */
export const eventsPathSchema = userPathSchema;

/** The spec's UserEventInput; its accountId and userId must equal the path's (checked in the route). */
export const eventsBodySchema = userEventInputSchema;
