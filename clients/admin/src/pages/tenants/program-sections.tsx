/** The Program page's controls, in sections: every ProgramInput setting with its label and help text. */
import { Card, CheckboxField, Field } from '../../components';
import { formatMoney } from '../../format';
import { FraudSection } from './program-fraud';
import { SHARE_FIELD_LABELS } from './program-share';
import { REWARD_FIELDS, type FieldErrors, type ProgramValues, type RewardType } from './program-form';

/** Each field's label (also used by the error summary's links). */
export const FIELD_LABELS: Record<string, string> = {
  name: 'Program name',
  websiteUrl: 'Website',
  landingUrl: 'Landing page URL',
  referredDiscountPercent: 'Discount for the referred friend (%)',
  [REWARD_FIELDS.type]: 'Referrer reward',
  [REWARD_FIELDS.discountPercent]: 'Referrer discount (%)',
  [REWARD_FIELDS.amountCents]: 'Credit amount (minor units)',
  [REWARD_FIELDS.unit]: 'Credit unit',
  maxReferrerDiscountPercent: 'Maximum referrer discount (%)',
  discountId: 'Processor discount ID',
  conversionEventKey: 'Conversion event key',
  allowedOrigins: 'Allowed origins',
  referralCookieDays: 'Tracking cookie lifetime (days)',
  referralCookieLastClickWins: 'The latest share link wins',
  requireUserJwtExp: 'Require an expiry in user JWTs',
  leaderboardEnabled: 'Show a leaderboard in the widget',
  widgetHeadline: 'Widget headline',
  widgetSubheadline: 'Widget subheadline',
  maxAttributionsPerReferrerPerHour: 'Attributions per referrer per hour',
  fraudPolicy: 'What each signal does',
  rewardHoldDays: 'Hold the referrer’s reward (days)',
  creditExpiryDays: 'Credit expires after (days)',
  // Share page.
  ...SHARE_FIELD_LABELS,
  // Share texts.
  shareMessage: 'Share message',
  shareEmailSubject: 'Share e-mail subject',
};

export interface ProgramSectionsProps {
  values: ProgramValues;
  errors: FieldErrors;
  update: <K extends keyof ProgramValues>(key: K, value: ProgramValues[K], field?: string) => void;
  /** The settings every program shares (the default program's page); false on another program's page. */
  shared?: boolean;
}

const WHOLE = /^\d+$/;

const REWARD_TYPE_LABELS: Record<RewardType, string> = {
  PCT_DISCOUNT: 'A percent discount',
  CREDIT: 'Credit',
  // Given by program rules only; the program's fixed reward is one of the two above.
  FIXED_DISCOUNT: 'An amount off',
  CASH: 'Cash',
};

/** Lines as a list of text (origins), for a read-only view. */
function linesView(text: string) {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0) return '';
  return (
    <ul class="plain-list mono">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function creditPreview(amount: string, unit: string): string | null {
  if (!WHOLE.test(amount.trim()) || !/^[A-Z][A-Z0-9_]{0,31}$/.test(unit.trim())) return null;
  return formatMoney(Number(amount.trim()), unit.trim());
}

export function ProgramSections({ values, errors, update, shared = true }: ProgramSectionsProps) {
  /**
   * An <input> Field bound to a text value of the form; `field` is its name in ProgramInput when that
   * differs from the form's (the reward's parts), for its label and the server's errors.
   */
  const text = (
    key: keyof ProgramValues & string,
    extra: Record<string, unknown> = {},
    field: string = key,
  ) => ({
    name: field,
    label: FIELD_LABELS[field],
    value: values[key] as string,
    error: errors[field],
    onInput: (e: Event) => update(key, (e.currentTarget as HTMLInputElement).value as never, field),
    ...extra,
  });
  const number = { type: 'number', step: 1, inputMode: 'numeric', class: 'input input-number' } as const;
  const preview = creditPreview(values.rewardAmountCents, values.rewardUnit);

  return (
    <>
      <Card title="Program" titleId="program-general">
        <div class="form-grid">
          <Field {...text('name')} hint="Shown to friends on the hosted landing page." autocomplete="off" />
          {shared && (
            <Field
              {...text('websiteUrl', { type: 'url', placeholder: 'https://shop.example' })}
              hint="Your site, linked from the hosted landing page. Leave empty for none."
            />
          )}
        </div>
        <Field
          {...text('landingUrl', { type: 'url', placeholder: 'https://shop.example/signup' })}
          hint="Where share links send friends, with the code in the rsCode parameter. Leave empty to use the hosted landing page."
        />
      </Card>

      <Card title="Rewards" titleId="program-rewards">
        <div class="form-grid">
          <Field
            {...text('referredDiscountPercent', number)}
            hint="Percent off for a friend who signs up with a share link or code (0 to 100)."
          />
          <Field
            name={REWARD_FIELDS.type}
            label={FIELD_LABELS[REWARD_FIELDS.type]}
            error={errors[REWARD_FIELDS.type]}
            hint="What a referrer earns when a referral converts."
            display={REWARD_TYPE_LABELS[values.rewardType]}
          >
            {(control) => (
              <select
                class="input"
                {...control}
                value={values.rewardType}
                onChange={(e) =>
                  update('rewardType', e.currentTarget.value as RewardType, REWARD_FIELDS.type)
                }
              >
                <option value="PCT_DISCOUNT">{REWARD_TYPE_LABELS.PCT_DISCOUNT}</option>
                <option value="CREDIT">{REWARD_TYPE_LABELS.CREDIT}</option>
              </select>
            )}
          </Field>
        </div>
        {values.rewardType === 'PCT_DISCOUNT' ? (
          <div class="form-grid">
            <Field
              {...text('rewardDiscountPercent', number, REWARD_FIELDS.discountPercent)}
              hint="Percent off the referrer's subscription per converted referral (1 to 100)."
            />
          </div>
        ) : (
          <div class="form-grid">
            <Field
              {...text('rewardAmountCents', number, REWARD_FIELDS.amountCents)}
              hint={
                <>
                  Credit per converted referral in the unit's smallest part: 500 USD is $5.00.
                  {preview && (
                    <>
                      {' '}
                      Now: <strong data-testid="credit-preview">{preview}</strong>
                    </>
                  )}
                </>
              }
            />
            <Field
              {...text(
                'rewardUnit',
                { placeholder: 'USD', autocapitalize: 'characters' },
                REWARD_FIELDS.unit,
              )}
              hint="A currency code such as USD, or your own unit such as POINTS (upper case)."
            />
          </div>
        )}
        {shared && (
          <div class="form-grid">
            <Field
              {...text('maxReferrerDiscountPercent', number)}
              hint="A referrer's percent discounts from several referrals add up to at most this (0 to 100)."
            />
            <Field
              {...text('discountId', { class: 'input mono', spellcheck: false, autocomplete: 'off' })}
              hint="The ID of the discount you created at the payment processor (step 2 on Install)."
            />
          </div>
        )}
        <div class="form-grid">
          <Field
            {...text('rewardHoldDays', { ...number, min: 0 })}
            hint="The referrer’s reward stays pending this many days after the friend pays; cancelled if the friend cancels meanwhile. 0: no hold."
          />
          <Field
            {...text('creditExpiryDays', { ...number, min: 1 })}
            hint="Unused credit expires this many days after it becomes available; what was redeemed stays. Leave empty: never."
          />
        </div>
      </Card>

      {shared && (
        <Card title="Conversion" titleId="program-conversion">
          <Field
            {...text('conversionEventKey', { class: 'input mono', spellcheck: false, autocomplete: 'off' })}
            hint="A user event with this key converts the referred account's referral, e.g. purchase. Leave empty if only the payment processor converts referrals."
          />
        </Card>
      )}

      <Card title="Browser library" titleId="program-browser">
        {shared && (
          <Field
            name="allowedOrigins"
            label={FIELD_LABELS.allowedOrigins}
            error={errors.allowedOrigins}
            hint="The sites whose pages call the service from the browser, one origin per line: https:// and the host, no path (e.g. https://shop.example). At most 50."
            display={linesView(values.allowedOrigins)}
          >
            {(control) => (
              <textarea
                class="input mono"
                rows={4}
                spellcheck={false}
                {...control}
                value={values.allowedOrigins}
                onInput={(e) => update('allowedOrigins', e.currentTarget.value)}
              />
            )}
          </Field>
        )}
        <div class="form-grid">
          <Field
            {...text('referralCookieDays', number)}
            hint="How long the browser remembers a share link's code (1 to 730 days)."
          />
        </div>
        <CheckboxField
          name="referralCookieLastClickWins"
          label={FIELD_LABELS.referralCookieLastClickWins}
          checked={values.referralCookieLastClickWins}
          error={errors.referralCookieLastClickWins}
          hint="A later share link's code replaces the remembered one. Off: the first link a friend followed keeps the credit."
          onChange={(checked) => update('referralCookieLastClickWins', checked)}
        />
        {shared && (
          <CheckboxField
            name="requireUserJwtExp"
            label={FIELD_LABELS.requireUserJwtExp}
            checked={values.requireUserJwtExp}
            error={errors.requireUserJwtExp}
            hint="Refuse user JWTs that carry no exp claim. Turn it on once every client you run sets one."
            onChange={(checked) => update('requireUserJwtExp', checked)}
          />
        )}
      </Card>

      <FraudSection values={values} errors={errors} update={update} />

      <Card title="Widget" titleId="program-widget">
        <div class="form-grid">
          <Field
            {...text('widgetHeadline')}
            hint="The referral widget's title. Leave empty for the library's own text in the user's language."
          />
          <Field
            {...text('widgetSubheadline')}
            hint="The line under the title. Leave empty for the library's own text."
          />
        </div>
        {/* Share texts. */}
        <Field
          name="shareMessage"
          label={FIELD_LABELS.shareMessage}
          error={errors.shareMessage}
          hint="What a referrer shares, up to 500 characters, with {program}, {offer}, {link} and {name} (the referrer's first name); the link is added at the end if {link} is missing. Leave empty for the default in the friend's language, e.g. “Maya invited you to Acme: 10% off your first order with my link …”."
          display={values.shareMessage}
        >
          {(control) => (
            <textarea
              class="input"
              rows={3}
              {...control}
              value={values.shareMessage}
              onInput={(e) => update('shareMessage', e.currentTarget.value)}
            />
          )}
        </Field>
        <Field
          {...text('shareEmailSubject')}
          hint="The e-mail's subject, up to 200 characters, with the same variables. Leave empty for the default, e.g. “Maya sent you 10% off Acme”."
        />
        <CheckboxField
          name="leaderboardEnabled"
          label={FIELD_LABELS.leaderboardEnabled}
          checked={values.leaderboardEnabled}
          error={errors.leaderboardEnabled}
          hint="The widget lists the program's top 10 referrers this month and overall, by first name or initial only."
          onChange={(checked) => update('leaderboardEnabled', checked)}
        />
      </Card>
    </>
  );
}
