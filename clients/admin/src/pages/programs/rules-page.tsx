/**
 * The Program's reward rules: the version in force in words, the editor (Owners and Admins) that
 * publishes the next version, and every version published. Today it edits the default program.
 */
import { gql } from '../../api';
import { Card, ErrorState, Loading, Page } from '../../components';
import { useQuery } from '../../hooks';
import { canChange, useSession } from '../../session';
import type { ProgramRuleInput } from '../../gql/graphql';
import { RuleEditor } from './rule-editor';
import { RuleHistory, RuleList } from './rule-history';
import { PROGRAM_RULES, PUBLISH_RULES } from './rule-queries';

const BACK = { href: '/admin/program', label: 'Program' };

export function RulesPage() {
  const editable = canChange(useSession().operator.role);
  const { data, error, loading, reload } = useQuery(PROGRAM_RULES);
  const program = data?.program;

  async function publish(rules: ProgramRuleInput[]) {
    const answer = await gql(PUBLISH_RULES, { rules });
    reload();
    return answer.updateProgram.ruleVersion ?? null;
  }

  return (
    <Page
      title="Reward rules"
      back={BACK}
      description="Who gets what, when, and how much at most. Publishing makes a new version: referrals made from then on follow it, earlier ones keep theirs."
    >
      {error !== undefined && !loading ? (
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
              <RuleEditor rules={program.rules} version={program.ruleVersion ?? null} onPublish={publish} />
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
