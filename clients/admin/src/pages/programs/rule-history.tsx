/** Every published version of a program's rules, newest first: who published it, when, and its rules in words. */
import { Badge, Card, CopyButton, EmptyState } from '../../components';
import { formatDateTime } from '../../format';
import type { Rule } from './rule-draft';
import { ruleSentence } from './rule-words';

export interface RuleVersionView {
  version: number;
  publishedBy: string;
  publishedAt: number;
  rules: Rule[];
}

/** The rules in words, in their order (the order explanations list them). */
export function RuleList({ rules, testId }: { rules: Rule[]; testId?: string }) {
  return (
    <ol class="rule-words" data-testid={testId}>
      {rules.map((rule) => (
        <li key={rule.id}>
          <span class="rule-words-name">{rule.name}</span> <span class="cell-note mono">({rule.id})</span>
          <p class="rule-words-text">{ruleSentence(rule)}</p>
        </li>
      ))}
    </ol>
  );
}

export function RuleHistory({ versions, current }: { versions: RuleVersionView[]; current: number | null }) {
  return (
    <Card title="Version history" titleId="rule-history" testId="rule-history">
      {versions.length === 0 ? (
        <EmptyState title="No version published yet">
          <p>Each time rules are published they become a new version, listed here with who published it.</p>
        </EmptyState>
      ) : (
        <ol class="rule-versions">
          {versions.map((v) => (
            <li key={v.version} class="rule-version" data-testid="rule-version">
              <div class="rule-version-head">
                <h3 class="rule-version-title">
                  Version {v.version} {v.version === current && <Badge tone="success">In force</Badge>}
                </h3>
                <p class="cell-note">
                  Published by <span class="break">{v.publishedBy}</span> on {formatDateTime(v.publishedAt)}
                </p>
                <CopyButton
                  text={JSON.stringify(v.rules, null, 2)}
                  label={`Copy version ${v.version} as JSON`}
                />
              </div>
              <RuleList rules={v.rules} />
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
