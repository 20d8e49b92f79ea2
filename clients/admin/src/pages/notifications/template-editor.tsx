/**
 * Notifications → one kind's template (/admin/notifications/<kind>?locale=&program=): a tab per locale
 * (en, fr, de; arrow keys move between them) holding the template form. VIEWERs read it.
 */
import { programName } from '../../components/program-picker';
import type { RouteProps } from '../../router';
import { ErrorState, Loading, Page, ReadOnly } from '../../components';
import { useQuery } from '../../hooks';
import { navigate, useRoute, withQuery } from '../../router';
import { canChange, useSession } from '../../session';
import type { NotificationKind } from '../../gql/graphql';
import { NotFoundPage } from '../common/not-found';
import { NOTIFICATION_TEMPLATE } from './notification-queries';
import {
  KIND_WORDS,
  kindFromSlug,
  kindSlug,
  LOCALES,
  NOTIFICATIONS_PATH,
  SmtpWarning,
  type Locale,
} from './notification-words';
import { TemplateForm } from './template-form';

function localeFrom(text: string | null): Locale {
  return LOCALES.some(([l]) => l === text) ? (text as Locale) : 'en';
}

/** The locale tabs (a tablist: Left/Right/Home/End move and choose, as the ARIA pattern has it). */
function LocaleTabs({
  kind,
  program,
  locale,
}: {
  kind: NotificationKind;
  program: string | null;
  locale: Locale;
}) {
  const go = (l: Locale) => {
    navigate(
      withQuery(`${NOTIFICATIONS_PATH}/${kindSlug(kind)}`, { program, locale: l === 'en' ? null : l }),
      {
        replace: true,
      },
    );
    document.getElementById(`locale-tab-${l}`)?.focus();
  };
  function onKeyDown(event: KeyboardEvent) {
    const index = LOCALES.findIndex(([l]) => l === locale);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % LOCALES.length,
      ArrowLeft: (index + LOCALES.length - 1) % LOCALES.length,
      Home: 0,
      End: LOCALES.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    go(LOCALES[next]![0]);
  }
  return (
    <div class="locale-tabs" role="tablist" aria-label="Language" onKeyDown={onKeyDown}>
      {LOCALES.map(([l, name]) => (
        <button
          key={l}
          type="button"
          role="tab"
          id={`locale-tab-${l}`}
          class="locale-tab"
          aria-selected={l === locale}
          aria-controls="locale-panel"
          tabIndex={l === locale ? 0 : -1}
          data-testid={`locale-tab-${l}`}
          onClick={() => go(l)}
        >
          {name}
        </button>
      ))}
    </div>
  );
}

export function TemplateEditorPage({ params }: RouteProps) {
  const kind = kindFromSlug(params.kind ?? '');
  if (!kind) return <NotFoundPage />;
  return <TemplateEditor kind={kind} />;
}

function TemplateEditor({ kind }: { kind: NotificationKind }) {
  const { operator } = useSession();
  const mayChange = canChange(operator.role);
  const { query } = useRoute();
  const program = query.get('program');
  const locale = localeFrom(query.get('locale'));
  const { data, error, loading, reload } = useQuery(NOTIFICATION_TEMPLATE, {
    programId: program,
    kind,
    locale,
  });
  const words = KIND_WORDS[kind];
  const setting = data?.notificationSettings.find((s) => s.kind === kind);
  const current = data && data.notificationTemplate.locale === locale ? data : undefined;
  return (
    <Page title={`E-mail: ${words.name}`} description={words.when}>
      <p class="back-link">
        <a href={withQuery(NOTIFICATIONS_PATH, { program })}>← All e-mails</a>
        {data && data.programs.length > 1 && (
          <span class="muted-text"> · {programName(data.programs, program)}</span>
        )}
        {setting && (
          <span class="muted-text" data-testid="kind-state">
            {' '}
            · {setting.enabled ? 'On: this e-mail is sent' : 'Off: this e-mail is not sent'}
          </span>
        )}
      </p>
      {data && <SmtpWarning configured={data.mailSender.smtpConfigured} />}
      <LocaleTabs kind={kind} program={program} locale={locale} />
      <div class="locale-panel" role="tabpanel" id="locale-panel" aria-labelledby={`locale-tab-${locale}`}>
        {error !== undefined && !loading ? (
          <ErrorState error={error} onRetry={reload} title="The template couldn't be loaded" />
        ) : !current ? (
          <Loading label="Loading the template…" />
        ) : (
          <ReadOnly when={!mayChange}>
            <TemplateForm
              key={`${kind} ${locale} ${program ?? ''}`}
              programId={program}
              kind={kind}
              locale={locale}
              template={current.notificationTemplate}
              variables={setting?.variables ?? []}
              smtpConfigured={current.mailSender.smtpConfigured}
            />
          </ReadOnly>
        )}
      </div>
    </Page>
  );
}
