/**
 * The Program page's "Share page" section: where the hosted page's continue link goes, share
 * links on the merchant's own domain or on a custom host, the brand colour, the landing texts with their
 * variables, the logo (uploaded at once, apart from Save) and a link that opens the hosted landing page of
 * a sample share code. The rules (URL shapes, the parameter name, unknown variables) are the server's.
 */
import { Card, Field, errorMessage } from '../../components';
import { useQuery } from '../../hooks';
import { useSession } from '../../session';
import type { FieldErrors, ProgramValues } from './program-form';
import { LogoField } from './program-logo';
import { graphql } from '../../gql';

/** The share page's fields' labels (FIELD_LABELS in ./program-sections spreads them). */
export const SHARE_FIELD_LABELS: Record<string, string> = {
  signupUrl: 'Signup page URL',
  shareLinkUrl: 'Share links on your site',
  shareParam: 'Share link parameter',
  customHost: 'Custom host for the hosted pages',
  brandColor: 'Brand colour',
  landingHeadline: 'Landing page headline',
  landingText: 'Landing page text',
  landingButtonText: 'Landing page button',
};

const COLOUR = /^#[0-9a-fA-F]{6}$/;
const VARIABLES =
  'Variables: {name} (the referrer’s first name), {offer} (the friend’s discount), {program}.';

const SAMPLE_ACCOUNT = graphql(`
  query ShareSampleAccount {
    accounts(first: 1) {
      items {
        id
      }
    }
  }
`);
const SAMPLE_CODE = graphql(`
  query ShareSampleCode($id: String!) {
    account(id: $id) {
      users {
        shareCode
      }
    }
  }
`);

/** A link to the hosted landing page of a sample code: the newest account's first user with a code. */
function PreviewLink({ landingUrl }: { landingUrl: string }) {
  const { tenant } = useSession();
  const accounts = useQuery(SAMPLE_ACCOUNT);
  const id = accounts.data?.accounts.items[0]?.id;
  const account = useQuery(SAMPLE_CODE, { id: id ?? '' }, { skip: !id });
  const code = account.data?.account?.users.find((u) => u.shareCode)?.shareCode;
  const failed = accounts.error ?? account.error;
  let body;
  if (failed !== undefined && !code) {
    body = <>The sample share code couldn’t be loaded: {errorMessage(failed)}</>;
  } else if (accounts.loading || account.loading) {
    body = <>Looking for a share code to preview…</>;
  } else if (!code) {
    body = (
      <>
        No user has a share code yet, so there is no page to preview: identify a user through the API or the
        browser library, then come back.
      </>
    );
  } else {
    body = (
      <>
        <a
          href={`/r/${encodeURIComponent(tenant.alias)}/${encodeURIComponent(code)}`}
          target="_blank"
          rel="noopener"
          data-testid="share-preview-link"
        >
          Open the hosted page of {code}
        </a>{' '}
        (a new tab; it shows the saved settings).
        {landingUrl && ' Your Landing page URL is set, so share links go there instead of the hosted page.'}
      </>
    );
  }
  return (
    <p class="share-preview" data-testid="share-preview">
      {body}
    </p>
  );
}

export interface ShareSectionProps {
  values: ProgramValues;
  errors: FieldErrors;
  update: <K extends keyof ProgramValues>(key: K, value: ProgramValues[K], field?: string) => void;
  /** The saved logo's URL and landing URL (the logo is saved apart from the form). */
  logoUrl: string | null;
  savedLandingUrl: string;
  /** The settings every program shares (links, host, brand, logo); false on another program's page. */
  shared?: boolean;
}

export function ShareSection({
  values,
  errors,
  update,
  logoUrl,
  savedLandingUrl,
  shared = true,
}: ShareSectionProps) {
  type Key = keyof typeof SHARE_FIELD_LABELS & keyof ProgramValues;
  const text = (key: Key, extra: Record<string, unknown> = {}) => ({
    name: key,
    label: SHARE_FIELD_LABELS[key],
    value: values[key] as string,
    error: errors[key],
    onInput: (e: Event) => update(key, (e.currentTarget as HTMLInputElement).value as never),
    ...extra,
  });
  const mono = { class: 'input mono', spellcheck: false, autocomplete: 'off' };
  return (
    <Card title="Share page" titleId="program-share">
      <p class="cell-note share-intro">
        The page a friend sees when they follow a share link, and where share links point.
      </p>
      {shared && (
        <>
          <div class="form-grid">
            <Field
              {...text('signupUrl', { type: 'url', placeholder: 'https://shop.example/signup' })}
              hint="Where the hosted page’s button goes, with the code in rsCode. Leave empty for the Website."
            />
            <Field
              {...text('shareLinkUrl', { type: 'url', placeholder: 'https://shop.example/' })}
              hint="Users’ share links become this URL with the parameter below, e.g. https://shop.example/?ref=CODE. Leave empty for our /r/ links."
            />
            <Field
              {...text('shareParam', mono)}
              hint="The query parameter of share links on your site (a letter, then letters, digits, _ or -); rsCode always works too."
            />
            <Field
              {...text('customHost', { ...mono, placeholder: 'refer.shop.example' })}
              hint="A host name you point (CNAME) at this service: it then serves /CODE as the share link. Leave empty for none."
            />
          </div>
          <div class="form-grid share-colour">
            <Field
              {...text('brandColor', { ...mono, placeholder: '#0a7c55' })}
              hint="The hosted pages’ accent colour as #rrggbb; text on it is black or white, whichever reads better. Leave empty for ours."
            />
            <Field
              name="brandColorPicker"
              label="Pick the brand colour"
              type="color"
              class="input input-colour"
              value={
                COLOUR.test(values.brandColor.trim()) ? values.brandColor.trim().toLowerCase() : '#000000'
              }
              onInput={(e: Event) =>
                update('brandColor', (e.currentTarget as HTMLInputElement).value, 'brandColor')
              }
              hint="Sets the brand colour above."
              display={false}
            />
          </div>
        </>
      )}
      <Field
        {...text('landingHeadline')}
        hint={`Leave empty for ours in the friend’s language. ${VARIABLES}`}
      />
      <Field
        name="landingText"
        label={SHARE_FIELD_LABELS.landingText}
        error={errors.landingText}
        hint={`The paragraph under the headline. ${VARIABLES}`}
        display={values.landingText}
      >
        {(control) => (
          <textarea
            class="input"
            rows={3}
            {...control}
            value={values.landingText}
            onInput={(e) => update('landingText', e.currentTarget.value)}
          />
        )}
      </Field>
      <div class="form-grid">
        <Field {...text('landingButtonText')} hint={`The continue button. ${VARIABLES}`} />
      </div>
      {shared && <LogoField initialUrl={logoUrl} />}
      {shared && <PreviewLink landingUrl={savedLandingUrl} />}
    </Card>
  );
}
