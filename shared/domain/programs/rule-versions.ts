import type { Db, DbOrTrx } from '../../db/knex';
import { AppError } from '../../errors';
import { createProgramRulesRepo, type RuleVersionRow } from '../../repos/program-rules.repo';
import { parseInput } from '../../validation';
import { recordAudit, type AuditInput } from '../common/audit-log';
import { DEFAULT_PROGRAM_ID } from '../../types/program';
import { ruleSetSchema, type RuleSet } from './rules.schema';

/**
 * The program's published rule sets. Publishing validates (field-named errors), stores the next version
 * and audits it in one transaction; a referral attributed afterwards is rewarded by that version.
 */

export interface RuleVersion {
  version: number;
  rules: RuleSet;
  publishedBy: string;
  publishedAt: Date;
}

function present(row: RuleVersionRow): RuleVersion {
  return {
    version: row.version,
    rules: ruleSetSchema.parse(row.rules),
    publishedBy: row.published_by,
    publishedAt: row.published_at,
  };
}

/** Validates a rule set (errors name `rules.<i>.<field>`) before anything is written. */
export function parseRuleSet(input: unknown, prefix = 'rules'): RuleSet {
  return parseInput(ruleSetSchema, input, prefix);
}

/**
 * Stores the rule set as the program's next version. With `audit`, the publication is audited in the
 * same transaction; a GraphQL mutation passes none (its own audit entry, written in its transaction,
 * holds the rules).
 */
export async function publishRuleVersion(
  db: Db,
  tenantId: string,
  input: unknown,
  who: {
    publishedBy: string;
    audit?: Omit<AuditInput, 'tenantId' | 'action' | 'details'>;
    programId?: string;
  },
): Promise<RuleVersion> {
  const rules = parseRuleSet(input);
  const programId = who.programId ?? DEFAULT_PROGRAM_ID;
  return db.transaction(async (trx) => {
    const row = await createProgramRulesRepo(trx).insertVersion(
      tenantId,
      programId,
      rules,
      who.publishedBy,
      trx,
    );
    if (who.audit) {
      await recordAudit(trx, {
        ...who.audit,
        tenantId,
        action: 'publishProgramRules',
        target:
          programId === DEFAULT_PROGRAM_ID ? `version ${row.version}` : `${programId} version ${row.version}`,
        details: { programId, version: row.version, rules: rules.map((r) => r.id) },
      });
    }
    return present(row);
  });
}

/** The version a new referral takes (null: none published, the program's fixed reward applies). */
export async function currentRuleVersion(
  db: DbOrTrx,
  tenantId: string,
  programId = DEFAULT_PROGRAM_ID,
): Promise<number | null> {
  return (await createProgramRulesRepo(db).latest(tenantId, programId, db))?.version ?? null;
}

/** The rules in force (null while none are published). */
export async function latestRuleVersion(
  db: DbOrTrx,
  tenantId: string,
  programId = DEFAULT_PROGRAM_ID,
): Promise<RuleVersion | null> {
  const row = await createProgramRulesRepo(db).latest(tenantId, programId, db);
  return row ? present(row) : null;
}

/**
 * Published versions never change (rows are only inserted), so a version read once is kept in memory:
 * every payment and event of a referral reads its version, and parsing the rules each time was most of
 * what recording a payment cost (bench/payment-rewards.ts). Bounded; the oldest entry goes first.
 */
const VERSION_CACHE_SIZE = 1000;
const versionCache = new Map<string, RuleVersion>();

export async function loadRuleVersion(
  db: DbOrTrx,
  tenantId: string,
  version: number,
  programId = DEFAULT_PROGRAM_ID,
): Promise<RuleVersion> {
  const key = `${tenantId}:${programId}:${version}`;
  const cached = versionCache.get(key);
  if (cached) return cached;
  const row = await createProgramRulesRepo(db).find(tenantId, programId, version, db);
  if (!row) throw new AppError('NOT_FOUND', `Rule version ${version} not found`);
  const loaded = present(row);
  if (versionCache.size >= VERSION_CACHE_SIZE) versionCache.delete(versionCache.keys().next().value!);
  versionCache.set(key, loaded);
  return loaded;
}

export async function listRuleVersions(
  db: DbOrTrx,
  tenantId: string,
  programId = DEFAULT_PROGRAM_ID,
): Promise<RuleVersion[]> {
  return (await createProgramRulesRepo(db).list(tenantId, programId, db)).map(present);
}
