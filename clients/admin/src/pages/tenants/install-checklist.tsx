/**
 * The spec's integration steps as a checklist. A step the service can see (a key, the program's
 * origins, identified users, the processor connection, notifications at the webhook) is ticked from the
 * tenant's real state; a step done at the processor or in the merchant's code says so instead.
 */
import type { ComponentChildren } from 'preact';
import { Badge, Card } from '../../components';
import { formatDateTime, formatNumber } from '../../format';

export interface ChecklistState {
  activeKeys: number;
  allowedOrigins: string[];
  discountId: string;
  hasAccounts: boolean;
  connected: boolean;
  /** Undefined while the notifications load. */
  notificationsReceived: number | undefined;
  twinAlias: string | null;
  // Browser integration.
  /** The first browser call's time; null: none yet; undefined while it loads. */
  browserCallAt: number | null | undefined;
}

type StepState = 'done' | 'not-yet' | 'yours';

interface Step {
  id: string;
  title: ComponentChildren;
  detail: ComponentChildren;
  state: StepState;
  /** Where the state comes from, when the service can see it. */
  evidence?: ComponentChildren;
}

const STATE_LABEL: Record<StepState, string> = {
  done: 'Done',
  'not-yet': 'Not yet',
  yours: 'Check yourself',
};

function steps(s: ChecklistState): Step[] {
  const known = (ok: boolean): StepState => (ok ? 'done' : 'not-yet');
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
    {
      id: 'custom-field',
      title: (
        <>
          At the processor, create the custom field <code>service_coupon</code>
        </>
      ),
      detail: 'With the store-and-pass-back option on.',
      state: 'yours',
    },
    {
      id: 'discount',
      title: (
        <>
          At the processor, create the discount <code>{s.discountId}</code>
        </>
      ),
      detail: 'A placeholder amount, lasting the whole subscription. The ID is the program’s discount ID.',
      state: 'yours',
    },
    {
      id: 'connect',
      title: 'Connect the processor here',
      detail: 'Merchant ID, public key and private key, in the form above.',
      state: known(s.connected),
      evidence: s.connected ? 'Connected' : 'Not connected',
    },
    {
      id: 'webhook',
      title: 'Register the webhook URL at the processor',
      detail: 'For all subscription notifications. Ticked once a notification has arrived.',
      state: known((s.notificationsReceived ?? 0) > 0),
      evidence:
        s.notificationsReceived === undefined
          ? 'Checking…'
          : s.notificationsReceived > 0
            ? 'Notifications are arriving'
            : 'No notification received yet',
    },
    {
      id: 'payment-form',
      title: (
        <>
          Put a <code>referral_code</code> input in your payment form
        </>
      ),
      detail: (
        <>
          Hidden or visible, filled by <code>autofill('name=referral_code')</code>. With transparent redirect
          forms, name it <code>customer[custom_fields][service_coupon]</code>.
        </>
      ),
      state: 'yours',
    },
    {
      id: 'subscription',
      title: 'Create subscriptions with the referral discount',
      detail: (
        <>
          Look the code up (<code>GET /code/&#123;referral_code&#125;</code>) and add a discount inheriting
          from <code>{s.discountId}</code>, its amount from <code>discountPercentage</code>.
        </>
      ),
      state: 'yours',
    },
    {
      id: 'discount-call',
      title: (
        <>
          Call <code>POST /discount</code> once the customer exists
        </>
      ),
      detail: 'So referral credit applies to the new customer right away.',
      state: 'yours',
    },
    {
      id: 'both-modes',
      title: 'Repeat for test and live',
      detail: s.twinAlias ? (
        <>
          Your other program is <code>{s.twinAlias}</code>: switch to it to connect its processor account.
        </>
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
