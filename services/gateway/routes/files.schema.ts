import { z } from 'zod';

/** POST /export/upload?filename= (a raw body's name; a multipart part names itself). */
export const uploadQuerySchema = z.object({ filename: z.string().max(255).optional() });

/** GET /export/download?fileRef= (what the upload returned). */
export const downloadQuerySchema = z.object({ fileRef: z.string().min(1).max(512) });
