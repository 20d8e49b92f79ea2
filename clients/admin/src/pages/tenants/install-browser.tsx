/**
 * The Install page's browser section: the exact script tag, widget snippet and server-side
 * JWT snippet for this tenant, ready to copy; and the origins whose browser calls were refused because
 * the program does not allow them, each with "Add to allowed origins" (Owner and Admin; a Viewer reads).
 */
import { useState } from 'preact/hooks';
import { gql } from '../../api';
import { Card, CopyButton, EmptyState, ErrorState, errorMessage, Loading } from '../../components';
import { formatDateTime, formatNumber } from '../../format';
import type { QueryState } from '../../hooks';
import { graphql } from '../../gql';
import type { BrowserIntegrationQuery } from '../../gql/graphql';

export const BROWSER_INTEGRATION = graphql(`
  query BrowserIntegration {
    browserIntegration {
      scriptUrl
      scriptTag
      widgetSnippet
      jwtSnippet
      firstBrowserCallAt
      refusedOrigins {
        origin
        firstSeenAt
        lastSeenAt
        requests
      }
    }
  }
`);

const ALLOW_ORIGIN = graphql(`
  mutation AllowBrowserOrigin($origin: String!) {
    allowBrowserOrigin(origin: $origin) {
      allowedOrigins
    }
  }
`);

export type RefusedOrigin = BrowserIntegration['refusedOrigins'][number];

export type BrowserIntegration = BrowserIntegrationQuery['browserIntegration'];

function Snippet(props: { id: string; title: string; hint: string; text: string; copyLabel: string }) {
  return (
    <div class="snippet" data-testid={`snippet-${props.id}`}>
      <div class="snippet-head">
        <h3 class="snippet-title" id={`snippet-${props.id}-title`}>
          {props.title}
        </h3>
        <CopyButton text={props.text} label={props.copyLabel} testId={`copy-${props.id}`} />
      </div>
      <p class="snippet-hint">{props.hint}</p>
      <pre class="snippet-code" tabIndex={0} aria-labelledby={`snippet-${props.id}-title`}>
        <code>{props.text}</code>
      </pre>
    </div>
  );
}

function RefusedOrigins(props: { rows: RefusedOrigin[]; editable: boolean; onChanged: () => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  async function allow(origin: string) {
    setBusy(origin);
    setError(null);
    try {
      await gql(ALLOW_ORIGIN, { origin });
      setAdded(origin);
      props.onChanged();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div class="refused-origins" data-testid="refused-origins">
      <h3 class="snippet-title">Refused origins</h3>
      <p class="snippet-hint">
        Pages on these origins called the service from the browser in the last 30 days and were refused,
        because the program's allowed origins do not list them.
      </p>
      {added && (
        <p class="notice" role="status" data-testid="origin-added">
          {added} is now allowed. Its pages can call the service within seconds.
        </p>
      )}
      {error && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
      {props.rows.length === 0 ? (
        <EmptyState title="No refused origins">
          Every browser call came from an allowed origin (or none has arrived yet).
        </EmptyState>
      ) : (
        <ul class="refused-list">
          {props.rows.map((row) => (
            <li key={row.origin} class="refused-item" data-testid="refused-origin">
              <div class="refused-text">
                <code class="refused-origin">{row.origin}</code>
                <span class="refused-meta">
                  {formatNumber(row.requests)} refused {row.requests === 1 ? 'request' : 'requests'}, last{' '}
                  {formatDateTime(row.lastSeenAt)}
                </span>
              </div>
              {props.editable && (
                <button
                  type="button"
                  class="button button-secondary button-small"
                  disabled={busy !== null}
                  aria-label={`Add to allowed origins: ${row.origin}`}
                  onClick={() => void allow(row.origin)}
                >
                  {busy === row.origin ? 'Adding…' : 'Add to allowed origins'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The browser library card: snippets to copy and the refused origins. */
export function BrowserSection(props: {
  query: QueryState<{ browserIntegration: BrowserIntegration }>;
  editable: boolean;
  onChanged: () => void;
}) {
  const { data, error, loading, reload } = props.query;
  return (
    <Card title="Browser library" titleId="browser-title" testId="browser-section">
      <p class="card-intro">
        Put the library on your site's pages, show the referrer widget, and mint each signed-in user's token
        on your server. The API key stays on your server: the snippet reads it from an environment variable.
      </p>
      {error !== undefined && !loading && !data ? (
        <ErrorState error={error} onRetry={reload} title="The browser settings couldn't be loaded" />
      ) : !data ? (
        <Loading label="Loading the snippets…" />
      ) : (
        <>
          <Snippet
            id="script"
            copyLabel="Copy tag"
            title="Script tag"
            hint="In the <head> of every page of your site (it reads share links' codes on any page)."
            text={data.browserIntegration.scriptTag}
          />
          <Snippet
            id="widget"
            copyLabel="Copy snippet"
            title="Referrer widget"
            hint="Where signed-in users should see their link and rewards; USER_JWT is the token below."
            text={data.browserIntegration.widgetSnippet}
          />
          <Snippet
            id="jwt"
            copyLabel="Copy code"
            title="User token, on your server (Node)"
            hint="Sign each signed-in user's token with your API key and hand it to their pages."
            text={data.browserIntegration.jwtSnippet}
          />
          <RefusedOrigins
            rows={data.browserIntegration.refusedOrigins}
            editable={props.editable}
            onChanged={props.onChanged}
          />
        </>
      )}
    </Card>
  );
}
