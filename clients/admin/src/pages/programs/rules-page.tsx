/**
 * A program's reward rules: the version in force in words, the editor (Owners and Admins) that
 * simulates a draft over a recorded period and publishes it as the next version, and every version
 * published. `/admin/program/rules` is the default
 * program's; `/admin/programs/<id>/rules` another program's (rulesPath).
 */
import { gql } from '../../api';
import { Card, EmptyState, ErrorState, Loading, Page } from '../../components';
import { useQuery } from '../../hooks';
import type { RouteProps } from '../../router';
import { canChange, useSession } from '../../session';
import type { ProgramRuleInput } from '../../gql/graphql';
import { isNotFound } from '../referrals/referral-parts';
import { RuleEditor } from './rule-editor';
import { RuleHistory, RuleList } from './rule-history';
import { PROGRAM_RULES, PUBLISH_RULES, SIMULATE_RULES } from './rule-queries';

/** Where a program's rules are edited: the default program's keep the address under /admin/program. */
export function rulesPath(programId: string): string {
  return programId === 'default'
    ? '/admin/program/rules'
    : `/admin/programs/${encodeURIComponent(programId)}/rules`;
}

export function RulesPage({ params }: RouteProps) {
  const programId = params.id;
  const editable = canChange(useSession().operator.role);
  const { data, error, loading, reload } = useQuery(PROGRAM_RULES, { id: programId ?? null });
  const program = data?.program;
  const back = programId
    ? { href: '/admin/programs', label: 'Programs' }
    : { href: '/admin/program', label: 'Program' };

  async function publish(rules: ProgramRuleInput[]) {
    const answer = await gql(PUBLISH_RULES, { id: programId ?? null, rules });
    reload();
    return answer.updateProgram.ruleVersion ?? null;
  }

  async function simulate(rules: ProgramRuleInput[], from: string, to: string) {
    return (await gql(SIMULATE_RULES, { id: programId ?? null, rules, from, to })).simulateProgram;
  }

  // Another tenant's or an unknown program's id: "not found", like any detail page.
  if (programId && isNotFound(error))
    return (
      <Page title="Program not found" back={back}>
        <EmptyState
          title="There is no program with this id"
          action={
            <a class="button button-secondary" href="/admin/programs">
              Go to the programs
            </a>
          }
        >
          It may be another tenant’s (live and test are separate), or the address is mistyped.
        </EmptyState>
      </Page>
    );
  return (
    <Page
      title="Reward rules"
      back={back}
      description={
        <>
          {program && !program.isDefault && (
            <>
              Program <strong data-testid="rules-program">{program.name}</strong>.{' '}
            </>
          )}
          Who gets what, when, and how much at most. Publishing makes a new version: referrals made from then
          on follow it, earlier ones keep theirs.
        </>
      }
    >
      {error !== undefined && !loading && !isNotFound(error) ? (
        <ErrorState error={error} onRetry={reload} title="The reward rules couldn't be loaded" />
      ) : !program ? (
        <Loading label="Loading the reward rules…" />
      ) : (
        <>
          <Card
            title={
              program.ruleVersion === null
                ? 'Rules in force'
                : `Rules in force: version ${program.ruleVersion}`
            }
            titleId="rules-current"
            testId="rules-current"
          >
            {program.rules.length === 0 ? (
              <p class="cell-note">
                None: every referral gets the program’s fixed rewards (set on the Program page).
              </p>
            ) : (
              <RuleList rules={program.rules} testId="rules-in-force" />
            )}
          </Card>
          {editable ? (
            <Card title="Edit the rules" titleId="rules-edit">
              <RuleEditor
                key={program.id}
                rules={program.rules}
                version={program.ruleVersion ?? null}
                onPublish={publish}
                onSimulate={simulate}
              />
            </Card>
          ) : (
            <p class="notice" data-testid="read-only-notice">
              You have view access: only an Owner or an Admin can publish rules.
            </p>
          )}
          <RuleHistory versions={program.ruleVersions} current={program.ruleVersion ?? null} />
        </>
      )}
    </Page>
  );
}
