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

/** Kinds of rule the referral lifecycle does not apply yet: refused at publishing rather than ignored. */
function unsupported(rules: RuleSet): { path: string; message: string }[] {
  return rules.flatMap((rule, i) => {
    const problems: { path: string; message: string }[] = [];
    if (rule.trigger.type === 'PAYMENT' || rule.trigger.type === 'EVENT') {
      problems.push({
        path: `rules.${i}.trigger.type`,
        message: `${rule.trigger.type} rules are not applied yet`,
      });
    }
    const rewards = rule.reward ? [rule.reward] : (rule.tiers ?? []).map((t) => t.reward);
    rewards.forEach((reward) => {
      if (reward.type === 'FIXED_DISCOUNT' || reward.type === 'CASH') {
        problems.push({
          path: `rules.${i}.reward.type`,
          message: `${reward.type} rewards are not given yet`,
        });
      }
    });
    return problems;
  });
}

/**
 * Validates a rule set (errors name `rules.<i>.<field>`) and refuses kinds the lifecycle does not apply
 * yet, before anything is written.
 */
export function parseRuleSet(input: unknown, prefix = 'rules'): RuleSet {
  const rules = parseInput(ruleSetSchema, input, prefix);
  const problems = unsupported(rules).map((p) => ({ ...p, path: p.path.replace(/^rules/, prefix) }));
  if (problems.length > 0) {
    throw new AppError('VALIDATION_FAILED', 'These rules cannot be applied yet', {
      validationErrors: problems,
    });
  }
  return rules;
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

export async function loadRuleVersion(
  db: DbOrTrx,
  tenantId: string,
  version: number,
  programId = DEFAULT_PROGRAM_ID,
): Promise<RuleVersion> {
  const row = await createProgramRulesRepo(db).find(tenantId, programId, version, db);
  if (!row) throw new AppError('NOT_FOUND', `Rule version ${version} not found`);
  return present(row);
}

export async function listRuleVersions(
  db: DbOrTrx,
  tenantId: string,
  programId = DEFAULT_PROGRAM_ID,
): Promise<RuleVersion[]> {
  return (await createProgramRulesRepo(db).list(tenantId, programId, db)).map(present);
}
