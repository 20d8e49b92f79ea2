import 'zod-openapi';
import { z } from 'zod';
import type { PublicCodeView } from '../../../../shared/domain/referrals/public-codes';
import { sameShape } from './shape-check';

/** GET /open/codes/{code}: what anyone may learn about a referral code (browser integration). */
export const publicCodeSchema = z
  .object({
    code: z.string().meta({ description: 'The code as it was issued (lookups ignore letter case).' }),
    referrerName: z.string().nullable().meta({
      description:
        "The referrer's first name, else the last name's initial (`M.`), else null. Never an id or an e-mail address.",
      example: 'Maya',
    }),
    offer: z
      .object({
        programName: z.string().meta({ description: "The program's name." }),
        discountPercent: z.int().meta({ description: 'The discount a referred friend gets, in percent.' }),
      })
      .meta({ description: "The friend's offer." }),
  })
  .meta({ id: 'PublicCode' });

sameShape<z.output<typeof publicCodeSchema>, PublicCodeView>(true);
