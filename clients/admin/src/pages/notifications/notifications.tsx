/**
 * Notifications → E-mails: each kind of e-mail the program sends, who receives it, its switch (on or
 * off, saved at once) and a link to its template. VIEWERs see the switches as text.
 */
import { programName, ProgramPicker } from '../../components/program-picker';
import { useRef, useState } from 'preact/hooks';
import { gql } from '../../api';
import {
  Card,
  ChangeOutcome,
  DataTable,
  ErrorState,
  errorMessage,
  Loading,
  Page,
  ReadOnly,
  useReadOnly,
  type Column,
} from '../../components';
import { useQuery } from '../../hooks';
import { useRoute, withQuery } from '../../router';
import { canChange, useSession } from '../../session';
import {
  NOTIFICATION_SETTINGS,
  SET_NOTIFICATION_ENABLED,
  type NotificationSetting,
} from './notification-queries';
import {
  KIND_WORDS,
  kindSlug,
  NotificationTabs,
  NOTIFICATIONS_PATH,
  SmtpWarning,
} from './notification-words';

const RECIPIENT: Record<string, string> = { REFERRER: 'Referrer', FRIEND: 'Friend' };

function KindSwitch({
  setting,
  busy,
  onToggle,
}: {
  setting: NotificationSetting;
  busy: boolean;
  onToggle: (enabled: boolean) => void;
}) {
  const name = KIND_WORDS[setting.kind].name;
  if (useReadOnly())
    return <span data-testid={`switch-${setting.kind}`}>{setting.enabled ? 'On' : 'Off'}</span>;
  return (
    <label class="switch">
      <input
        type="checkbox"
        role="switch"
        class="switch-input"
        checked={setting.enabled}
        disabled={busy}
        aria-label={`Send “${name}”`}
        data-testid={`switch-${setting.kind}`}
        onChange={(e) => onToggle(e.currentTarget.checked)}
      />
      <span class="switch-text" aria-hidden="true">
        {setting.enabled ? 'On' : 'Off'}
      </span>
    </label>
  );
}

export function NotificationsPage() {
  const { operator } = useSession();
  const mayChange = canChange(operator.role);
  const { query } = useRoute();
  const program = query.get('program');
  const { data, error, loading, reload } = useQuery(NOTIFICATION_SETTINGS, { programId: program });
  // The answer on hand when the program changed is the other program's: hidden until this one's arrives.
  const previous = useRef({ program, data });
  if (previous.current.program !== program) previous.current = { program, data };
  const stale = data !== undefined && data === previous.current.data;
  const [busy, setBusy] = useState<string | null>(null);
  // The switch moves at once; it moves back if the change is refused.
  const [shown, setShown] = useState<Record<string, boolean>>({});
  const [changeError, setChangeError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function toggle(setting: NotificationSetting, enabled: boolean) {
    setBusy(setting.kind);
    setShown((m) => ({ ...m, [`${program}:${setting.kind}`]: enabled }));
    setChangeError(null);
    setNotice(null);
    try {
      await gql(SET_NOTIFICATION_ENABLED, { programId: program, kind: setting.kind, enabled });
      setNotice(`“${KIND_WORDS[setting.kind].name}” is ${enabled ? 'on' : 'off'}.`);
      reload();
    } catch (err) {
      setShown((m) => ({ ...m, [`${program}:${setting.kind}`]: setting.enabled }));
      setChangeError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  const columns: Column<NotificationSetting>[] = [
    {
      key: 'kind',
      header: 'E-mail',
      rowHeader: true,
      render: (s) => (
        <>
          <span class="kind-name">{KIND_WORDS[s.kind].name}</span>
          <span class="kind-when">{KIND_WORDS[s.kind].when}</span>
        </>
      ),
    },
    { key: 'recipient', header: 'To', render: (s) => RECIPIENT[s.recipient] ?? s.recipient },
    {
      key: 'enabled',
      header: 'Sent',
      render: (s) => (
        <KindSwitch
          setting={{ ...s, enabled: shown[`${program}:${s.kind}`] ?? s.enabled }}
          busy={busy === s.kind}
          onToggle={(on) => void toggle(s, on)}
        />
      ),
    },
    {
      key: 'edit',
      header: 'Template',
      render: (s) => (
        <a
          href={withQuery(`${NOTIFICATIONS_PATH}/${kindSlug(s.kind)}`, { program })}
          data-testid={`edit-${s.kind}`}
          aria-label={`${mayChange ? 'Edit' : 'View'} template: ${KIND_WORDS[s.kind].name}`}
        >
          {mayChange ? 'Edit template' : 'View template'}
        </a>
      ),
    },
  ];

  return (
    <Page
      title="Notifications"
      description={
        mayChange
          ? 'The e-mails each program sends to referrers and friends: turn each on or off and edit its text.'
          : 'The e-mails each program sends to referrers and friends. Owners and admins change them.'
      }
    >
      <NotificationTabs current="kinds" />
      {error !== undefined && !loading ? (
        <ErrorState error={error} onRetry={reload} title="The notifications couldn't be loaded" />
      ) : !data ? (
        <Loading label="Loading the notifications…" />
      ) : (
        <ReadOnly when={!mayChange}>
          <SmtpWarning configured={data.mailSender.smtpConfigured} />
          <Card
            title={data.programs.length > 1 ? `E-mails of ${programName(data.programs, program)}` : 'E-mails'}
            titleId="notification-kinds-title"
            testId="notification-kinds"
          >
            <ProgramPicker
              name="notification"
              programs={data.programs}
              value={program}
              path={NOTIFICATIONS_PATH}
            />
            <p class="table-note">
              Sent from <span class="mono">{data.mailSender.effective}</span>.
            </p>
            <ChangeOutcome error={changeError} notice={notice} testId="kinds" />
            {stale ? (
              <Loading label="Loading the program’s e-mails…" />
            ) : (
              <DataTable
                caption="E-mails and their switches"
                hideCaption
                columns={columns}
                rows={data.notificationSettings}
                rowKey={(s) => s.kind}
                rowTestId="kind-row"
                stackOnPhone
              />
            )}
          </Card>
        </ReadOnly>
      )}
    </Page>
  );
}
