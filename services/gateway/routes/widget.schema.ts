import { z } from 'zod';
import { localeParamSchema } from '../../../shared/domain/referrals/share-texts';
import { friendsCursorSchema, WIDGET_PAGE_SIZE_MAX } from '../../../shared/domain/referrals/widget-view';
import { userPathSchema } from './users.schema';
import { programIdSchema } from '../../../shared/domain/programs/program-state';

/** GET /open/account/{accountId}/user/{userId}/widget: the user's path. */
export const widgetPathSchema = userPathSchema;

/** ?cursor=&limit=&locale=: the page of friends after a cursor, and the share texts' locale. */
export const widgetQuerySchema = z.object({
  cursor: friendsCursorSchema
    .optional()
    .meta({ description: "The referralsPage.nextCursor of the previous page's answer (opaque)." }),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, `must be a whole number from 1 to ${WIDGET_PAGE_SIZE_MAX}`)
    .transform(Number)
    .pipe(z.int().min(1).max(WIDGET_PAGE_SIZE_MAX))
    .optional()
    .meta({ description: `Friends per page, 1 to ${WIDGET_PAGE_SIZE_MAX} (default 10).` }),
  programId: programIdSchema.optional().meta({
    description:
      "The program to show (default: the default program): its offer and texts, the user's code in it and its referrals.",
  }),
  locale: localeParamSchema
    .optional()
    .meta({ description: "The share texts' language when the program has none (en, fr, de; else en)." }),
});
