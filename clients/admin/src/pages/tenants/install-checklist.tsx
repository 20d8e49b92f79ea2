/**
 * The spec's integration steps as a checklist, for the connected (or chosen) processor. A step the
 * service can see (a key, the program's origins, identified users, the processor connection and its
 * webhook, events that arrived and were applied) is ticked from the tenant's real state; a step done at
 * the processor or in the merchant's code says so instead (processors/checklist-steps.tsx).
 */
import { Badge, Card } from '../../components';
import { formatDateTime, formatNumber } from '../../format';
import { braintreeSteps, known, stripeSteps, type Step, type StepState } from '../processors/checklist-steps';
import type { ProcessorNotification } from '../processors/install-notifications';
import type { ProcessorConnection, ProcessorKind } from '../processors/install-processor';

export interface ChecklistState {
  activeKeys: number;
  allowedOrigins: string[];
  discountId: string;
  hasAccounts: boolean;
  /** The connected processor, or the one chosen in the form while none is. */
  processor: ProcessorKind;
  connection: ProcessorConnection | null;
  /** This processor's newest notifications; undefined while they load. */
  notifications: ProcessorNotification[] | undefined;
  twinAlias: string | null;
  // Browser integration.
  /** The first browser call's time; null: none yet; undefined while it loads. */
  browserCallAt: number | null | undefined;
}

const STATE_LABEL: Record<StepState, string> = {
  done: 'Done',
  'not-yet': 'Not yet',
  yours: 'Check yourself',
};

function steps(s: ChecklistState): Step[] {
  const processor = { connection: s.connection, notifications: s.notifications, discountId: s.discountId };
  return [
    {
      id: 'api-key',
      title: 'Get an API key for your server',
      detail: (
        <>
          Server calls authenticate with it as HTTP Basic credentials. Manage keys on{' '}
          <a href="/admin/api-keys">API keys</a>.
        </>
      ),
      state: known(s.activeKeys > 0),
      evidence: `${formatNumber(s.activeKeys)} active ${s.activeKeys === 1 ? 'key' : 'keys'}`,
    },
    {
      id: 'program',
      title: 'Set up the program and allow your site’s origins',
      detail: (
        <>
          Rewards, discount and the origins whose pages call the service from the browser, on{' '}
          <a href="/admin/program">Program</a>.
        </>
      ),
      state: known(s.allowedOrigins.length > 0),
      evidence:
        s.allowedOrigins.length > 0 ? `Allowed: ${s.allowedOrigins.join(', ')}` : 'No allowed origins yet',
    },
    {
      id: 'browser',
      title: 'Add the browser library to your pages',
      detail: (
        <>
          The script tag in <a href="#browser-title">Browser library</a> below. Ticked once a call from a page
          has arrived.
        </>
      ),
      state: known(typeof s.browserCallAt === 'number'),
      evidence:
        s.browserCallAt === undefined
          ? 'Checking…'
          : s.browserCallAt === null
            ? 'No browser call yet'
            : `First browser call ${formatDateTime(s.browserCallAt)}`,
    },
    {
      id: 'library',
      title: 'Identify your users',
      detail: (
        <>
          Call <code>init</code> with the user’s identification on your pages (or PUT{' '}
          <code>/open/account/…/user/…</code> from your server).
        </>
      ),
      state: known(s.hasAccounts),
      evidence: s.hasAccounts ? 'Users have been identified' : 'No user identified yet',
    },
    ...(s.processor === 'STRIPE' ? stripeSteps(processor) : braintreeSteps(processor)),
    {
      id: 'both-modes',
      title: 'Repeat for test and live',
      detail: s.twinAlias ? (
        <>
          Your other program is <code>{s.twinAlias}</code>: switch to it to connect its processor account.
        </>
      ) : s.processor === 'STRIPE' ? (
        'The test program (test_ before the alias) takes Stripe test keys; the live one live keys.'
      ) : (
        'The test program (test_ before the alias) uses the processor’s sandbox; the live one its production account.'
      ),
      state: 'yours',
    },
  ];
}

const ICON: Record<StepState, string> = { done: '✓', 'not-yet': '', yours: '' };

export function InstallChecklist({ state }: { state: ChecklistState }) {
  const list = steps(state);
  const checked = list.filter((step) => step.state !== 'yours');
  const done = checked.filter((step) => step.state === 'done').length;
  return (
    <Card title="Integration steps" titleId="checklist-title">
      <p class="card-intro" data-testid="checklist-summary">
        {done} of {checked.length} steps the service can check are done. The others happen at your payment
        processor or in your code.
      </p>
      <ol class="checklist" data-testid="install-checklist">
        {list.map((step) => (
          <li
            key={step.id}
            class={`checklist-item checklist-${step.state}`}
            data-step={step.id}
            data-state={step.state}
          >
            <span class="checklist-mark" aria-hidden="true">
              {ICON[step.state]}
            </span>
            <div class="checklist-body">
              <div class="checklist-head">
                <span class="checklist-title">{step.title}</span>
                <Badge
                  tone={step.state === 'done' ? 'success' : step.state === 'not-yet' ? 'warning' : 'neutral'}
                >
                  {STATE_LABEL[step.state]}
                </Badge>
              </div>
              <p class="checklist-detail">{step.detail}</p>
              {step.evidence && <p class="checklist-evidence">{step.evidence}</p>}
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
