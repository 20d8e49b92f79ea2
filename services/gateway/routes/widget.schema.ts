import { userPathSchema } from './users.schema';

/** GET /open/account/{accountId}/user/{userId}/widget: the user's path. */
export const widgetPathSchema = userPathSchema;
