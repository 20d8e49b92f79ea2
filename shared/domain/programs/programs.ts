import crypto from 'node:crypto';
import type { Db, DbOrTrx } from '../../db/knex';
import { AppError } from '../../errors';
import { createProgramsRepo, type ProgramRow } from '../../repos/programs.repo';
import { createTenantsRepo, type TenantRow } from '../../repos/tenants.repo';
import {
  DEFAULT_PROGRAM_ID,
  PER_PROGRAM_SETTINGS,
  ownProgramSettings,
  perProgramPart,
  programSettings,
  settingsOfProgram,
  type PerProgramSetting,
} from '../../types/program';
import { programIdSchema } from './program-state';
import { presentProgram, updateProgram, type Program, type ProgramPatch } from '../tenants/program';

/**
 * A tenant's programs. The default program is the tenant row (its settings, as before programs); each
 * further program (`programs` table) has its own name and per-program settings (PER_PROGRAM_SETTINGS:
 * offer, texts, landing URL, cookie, fraud policy, hold and expiry), starts as a copy of the default
 * program's, and shares the tenant's others. Archiving a program stops new referrals in it; referrals
 * it already has run to their end.
 */

export { DEFAULT_PROGRAM_ID };

export { programIdSchema };

/** A program as GraphQL and the portal show it: the settings in force, with its id and state. */
export type ProgramView = Program & { id: string; isDefault: boolean; archivedAt: number | null };

function presentDefault(tenant: TenantRow): ProgramView {
  return { ...presentProgram(tenant), id: DEFAULT_PROGRAM_ID, isDefault: true, archivedAt: null };
}

function presentOther(tenant: TenantRow, row: ProgramRow): ProgramView {
  const settings = settingsOfProgram(programSettings(tenant), ownProgramSettings(row.settings));
  // The tenant row with the program's own settings in its columns: presented as the default one is.
  const own = presentProgram({ ...tenant, ...settingColumns(settings) });
  return {
    ...own,
    name: row.name,
    dateCreated: row.created_at.getTime(),
    id: row.id,
    isDefault: false,
    archivedAt: row.archived_at?.getTime() ?? null,
  };
}

/** The tenant columns of the per-program settings, so presentProgram shows a program's own values. */
function settingColumns(s: ReturnType<typeof programSettings>) {
  return {
    referred_discount_percent: s.referredDiscountPercent,
    referrer_reward: s.referrerReward,
    landing_url: s.landingUrl,
    referral_cookie_days: s.referralCookieDays,
    referral_cookie_last_click_wins: s.referralCookieLastClickWins,
    widget_headline: s.widgetHeadline,
    widget_subheadline: s.widgetSubheadline,
    max_attributions_per_referrer_per_hour: s.maxAttributionsPerReferrerPerHour,
    fraud_policy: s.fraudPolicy,
    reward_hold_days: s.rewardHoldDays,
    credit_expiry_days: s.creditExpiryDays,
    landing_headline: s.landingHeadline,
    landing_text: s.landingText,
    landing_button_text: s.landingButtonText,
    share_message: s.shareMessage,
    share_email_subject: s.shareEmailSubject,
    leaderboard_enabled: s.leaderboardEnabled,
  } satisfies Record<string, unknown>;
}

async function tenantRow(db: DbOrTrx, tenantId: string): Promise<TenantRow> {
  const row = await createTenantsRepo(db).findById(tenantId);
  if (!row) throw new AppError('NOT_FOUND', 'Program not found');
  return row;
}

function notFound(id: string): AppError {
  return new AppError('NOT_FOUND', `Program ${id} not found`);
}

/** The default program first, then the others by creation (archived ones included, marked). */
export async function listPrograms(db: Db, tenantId: string): Promise<ProgramView[]> {
  const tenant = await tenantRow(db, tenantId);
  const rows = await createProgramsRepo(db).list(tenantId);
  return [presentDefault(tenant), ...rows.map((row) => presentOther(tenant, row))];
}

/** A program by id (the default one without); NOT_FOUND for another tenant's or an unknown id. */
export async function getProgramView(db: DbOrTrx, tenantId: string, id?: string): Promise<ProgramView> {
  const tenant = await tenantRow(db, tenantId);
  if (id === undefined || id === DEFAULT_PROGRAM_ID) return presentDefault(tenant);
  const row = await createProgramsRepo(db).find(tenantId, id);
  if (!row) throw notFound(id);
  return presentOther(tenant, row);
}

/** Settings only the default program holds, for every program: refused on another with the field named. */
function refuseSharedSettings(patch: ProgramPatch, prefix: string): void {
  const shared = Object.keys(patch).filter(
    (key) => key !== 'name' && !(PER_PROGRAM_SETTINGS as readonly string[]).includes(key),
  );
  if (shared.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Invalid input: ${shared.map((k) => `${prefix}.${k}`).join(', ')}`,
      {
        validationErrors: shared.map((key) => ({
          path: `${prefix}.${key}`,
          message: 'is shared by every program: set it on the default program',
        })),
      },
    );
  }
}

function ownPart(patch: ProgramPatch): Partial<Record<PerProgramSetting, unknown>> {
  return Object.fromEntries(
    PER_PROGRAM_SETTINGS.filter((key) => patch[key] !== undefined).map((key) => [key, patch[key]]),
  );
}

/**
 * A new program named `patch.name`, starting from the default program's per-program settings with the
 * patch's in place. Answers it with its new id.
 */
export async function createProgram(
  db: DbOrTrx,
  tenantId: string,
  patch: ProgramPatch,
): Promise<ProgramView> {
  if (patch.name === undefined) {
    throw new AppError('VALIDATION_FAILED', 'Invalid input: input.name', {
      validationErrors: [{ path: 'input.name', message: 'a new program needs a name' }],
    });
  }
  refuseSharedSettings(patch, 'input');
  const tenant = await tenantRow(db, tenantId);
  const settings = { ...perProgramPart(programSettings(tenant)), ...ownPart(patch) };
  const id = `prg_${crypto.randomBytes(8).toString('hex')}`;
  const row = await createProgramsRepo(db).insert({ tenantId, id, name: patch.name, settings }, db);
  return presentOther(tenant, row);
}

/** Changes a program's settings (the default program's as before); another program's under its row lock. */
export async function updateProgramById(
  db: Db,
  tenantId: string,
  id: string | undefined,
  patch: ProgramPatch,
): Promise<ProgramView> {
  if (id === undefined || id === DEFAULT_PROGRAM_ID) {
    await updateProgram(db, tenantId, patch);
    return getProgramView(db, tenantId);
  }
  refuseSharedSettings(patch, 'input');
  return db.transaction(async (trx) => {
    const programs = createProgramsRepo(trx);
    const row = await programs.lock(tenantId, id, trx);
    if (!row) throw notFound(id);
    const settings = { ...ownProgramSettings(row.settings), ...ownPart(patch) };
    const updated = await programs.update(tenantId, id, { name: patch.name, settings }, trx);
    return presentOther(await tenantRow(trx, tenantId), updated!);
  });
}

/** Archives a program (again: no change); the default program cannot be archived. */
export async function archiveProgram(db: Db, tenantId: string, id: string): Promise<ProgramView> {
  if (id === DEFAULT_PROGRAM_ID) {
    throw new AppError('VALIDATION_FAILED', 'Invalid input: id', {
      validationErrors: [{ path: 'id', message: 'the default program cannot be archived' }],
    });
  }
  return db.transaction(async (trx) => {
    const programs = createProgramsRepo(trx);
    const row = await programs.lock(tenantId, id, trx);
    if (!row) throw notFound(id);
    const archived = row.archived_at
      ? row
      : await programs.update(tenantId, id, { archivedAt: new Date() }, trx);
    return presentOther(await tenantRow(trx, tenantId), archived!);
  });
}
