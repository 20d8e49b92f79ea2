import { programPatchSchema } from '../../../shared/domain/tenants/program';

/** PATCH /program: the settings to change, each optional. */
export const programPatchBodySchema = programPatchSchema;
