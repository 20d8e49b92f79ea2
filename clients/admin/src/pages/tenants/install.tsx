import { useState } from 'preact/hooks';
import { switchTenant } from '../../api';
import { Badge, ErrorState, errorMessage, Loading, Page } from '../../components';
import { usePolling, useQuery } from '../../hooks';
import { canChange, useSession } from '../../session';
import { BROWSER_INTEGRATION, BrowserSection } from './install-browser';
import { InstallChecklist } from './install-checklist';
import { NOTIFICATIONS, NotificationsCard } from '../processors/install-notifications';
import { ProcessorCard, type ProcessorKind } from '../processors/install-processor';
import { SftpSection } from '../sftp/install-sftp';
import { graphql } from '../../gql';

const INSTALL = graphql(`
  query Install {
    paymentProcessor {
      processor
      merchantId
      publicKey
      keyHint
      environment
      webhookUrl
      webhookRegistration
      webhookEvents
      connectedAt
    }
    program {
      discountId
      allowedOrigins
    }
    apiKeys {
      id
    }
    accounts(first: 1) {
      items {
        id
      }
    }
  }
`);

/** Notifications are fetched again this often while the page is open (and the tab visible). */
const POLL_MS = 5000;

/** Which mode the tenant is in, and the way to its twin (test_X ↔ X) without signing in again. */
function ModeNotice() {
  const { tenant, twin } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const live = tenant.mode === 'live';

  async function switchMode() {
    setBusy(true);
    setError(null);
    try {
      await switchTenant();
      // The new session's page, from the start (header, nav and data all belong to the twin).
      window.location.assign('/admin/install');
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <section class={`card mode-notice mode-${tenant.mode}`} aria-label="Mode" data-testid="mode-notice">
      <div class="mode-notice-text">
        <p class="mode-notice-title">
          <Badge tone={live ? 'success' : 'warning'}>{live ? 'Live' : 'Test'}</Badge>
          <span>{live ? 'This is your live program.' : 'This is your test program.'}</span>
        </p>
        <p class="card-intro">
          {live
            ? 'Real customers and money: connect your Braintree production account or Stripe in live mode.'
            : 'For trying things out: connect your Braintree sandbox account or Stripe in test mode. Nothing here reaches real customers.'}
        </p>
        {error && (
          <p class="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      {twin && (
        <button
          type="button"
          class="button button-secondary"
          disabled={busy}
          data-testid="mode-switch"
          onClick={switchMode}
        >
          {busy ? 'Switching…' : `Switch to ${twin.mode} (${twin.alias})`}
        </button>
      )}
    </section>
  );
}

/** Install: the mode, the processor connection and webhook URL, the integration steps, notifications, SFTP. */
export function InstallPage() {
  const session = useSession();
  const editable = canChange(session.operator.role);
  const install = useQuery(INSTALL);
  const notifications = useQuery(NOTIFICATIONS);
  usePolling(notifications.reload, POLL_MS);
  // Browser integration: snippets, first browser call, refused origins.
  const browser = useQuery(BROWSER_INTEGRATION);
  const { data, error, loading, reload } = install;
  // The processor the form and the checklist are for while none is connected.
  const [chosen, setChosen] = useState<ProcessorKind>('BRAINTREE');
  const processor = data?.paymentProcessor?.processor ?? chosen;

  return (
    <Page
      title="Install"
      description="Connect your payment processor and put the referral program on your site."
    >
      <ModeNotice />
      {error !== undefined && !loading ? (
        <ErrorState error={error} onRetry={reload} title="The install settings couldn't be loaded" />
      ) : !data ? (
        <Loading label="Loading the install settings…" />
      ) : (
        <>
          {!editable && (
            <p class="notice" data-testid="read-only-notice">
              You have view access: only an Owner or an Admin can connect or disconnect the processor.
            </p>
          )}
          <ProcessorCard
            connection={data.paymentProcessor}
            mode={session.tenant.mode}
            editable={editable}
            chosen={chosen}
            onChoose={setChosen}
            onChanged={() => {
              reload();
              notifications.reload();
            }}
          />
          <InstallChecklist
            state={{
              activeKeys: data.apiKeys.length,
              allowedOrigins: data.program.allowedOrigins,
              discountId: data.program.discountId,
              hasAccounts: data.accounts.items.length > 0,
              processor,
              connection: data.paymentProcessor,
              notifications: notifications.data?.processorNotifications.filter(
                (n) => n.processor === processor,
              ),
              twinAlias: session.twin?.alias ?? null,
              browserCallAt: browser.data?.browserIntegration.firstBrowserCallAt,
            }}
          />
          <BrowserSection
            query={browser}
            editable={editable}
            onChanged={() => {
              browser.reload();
              reload();
            }}
          />
        </>
      )}
      <NotificationsCard query={notifications} />
      <SftpSection />
    </Page>
  );
}
