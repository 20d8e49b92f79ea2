import { z } from 'zod';
import { textSchema } from '../../validation';

/**
 * The widget's share texts: the program's templates, or the defaults for the friend's locale,
 * rendered by the server with the program, the friends' offer, the share link and the referrer's first
 * name. The widget inserts the result as text (never HTML).
 */

export const SHARE_VARIABLES = ['program', 'offer', 'link', 'name'] as const;
const KNOWN = new Set<string>(SHARE_VARIABLES);
const LIST = '{program}, {offer}, {link} and {name}';

/** `{...}` placeholders in a template (a lone brace is plain text). */
const PLACEHOLDER = /\{([^{}]*)\}/g;

/** A template of at most `max` characters whose placeholders are all known; blank or null: the default. */
export function shareTemplateSchema(max: number) {
  return textSchema(max, { trim: true })
    .superRefine((text, ctx) => {
      for (const [, name] of text.matchAll(PLACEHOLDER)) {
        if (!KNOWN.has(name!)) {
          ctx.addIssue({
            code: 'custom',
            message: `unknown variable {${name}}: the variables are ${LIST}`,
          });
          return;
        }
      }
    })
    .transform((text) => (text === '' ? null : text))
    .nullable()
    .optional();
}

interface Defaults {
  /** "10% off" for a formatted percent. */
  off: (percent: string) => string;
  /** {name} when the referrer has no first name to show. */
  someone: string;
  message: string;
  messageNoOffer: string;
  subject: string;
  subjectNoOffer: string;
}

/** Written as from the referrer: German says du, as friends do; French keeps vous, as the widget does. */
const DEFAULTS: Record<string, Defaults> = {
  en: {
    off: (p) => `${p} off`,
    someone: 'A friend',
    message: '{name} invited you to {program}: {offer} your first order with my link {link}',
    messageNoOffer: '{name} invited you to {program}. Sign up with my link {link}',
    subject: '{name} sent you {offer} {program}',
    subjectNoOffer: '{name} invited you to {program}',
  },
  fr: {
    off: (p) => `${p} de réduction`,
    someone: 'Un ami',
    message: '{name} vous invite chez {program} : {offer} sur votre première commande avec mon lien {link}',
    messageNoOffer: '{name} vous invite chez {program}. Inscrivez-vous avec mon lien {link}',
    subject: '{name} vous offre {offer} chez {program}',
    subjectNoOffer: '{name} vous invite chez {program}',
  },
  de: {
    off: (p) => `${p} Rabatt`,
    someone: 'Ein Freund',
    message: '{name} lädt dich zu {program} ein: {offer} auf deine erste Bestellung mit meinem Link {link}',
    messageNoOffer: '{name} lädt dich zu {program} ein. Melde dich mit meinem Link an: {link}',
    subject: '{name} schenkt dir {offer} bei {program}',
    subjectNoOffer: '{name} lädt dich zu {program} ein',
  },
};

/** Percent formats per locale tag (a format is costly to make); null for a malformed tag. */
const percentFormats = new Map<string, Intl.NumberFormat | null>();
const MAX_FORMATS = 200;

function percentFormat(tag: string): Intl.NumberFormat | null {
  let format = percentFormats.get(tag);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 });
    } catch {
      format = null; // RangeError: a malformed tag
    }
    if (percentFormats.size >= MAX_FORMATS) percentFormats.clear();
    percentFormats.set(tag, format);
  }
  return format;
}

/** The bundled language of a locale tag (fr-CA: fr), English when not bundled or malformed. */
export function shareLocale(tag: string | undefined): { tag: string; language: string } {
  const normal = (tag ?? 'en').replace(/_/g, '-');
  const language = normal.slice(0, 2).toLowerCase();
  return DEFAULTS[language] && percentFormat(normal)
    ? { tag: normal, language }
    : { tag: 'en', language: 'en' };
}

/** "10% off", "10 % de réduction": the friends' offer in the locale, or '' when friends get nothing. */
export function offerText(tag: string, language: string, percent: number): string {
  if (percent <= 0) return '';
  return DEFAULTS[language]!.off(percentFormat(tag)!.format(percent / 100));
}

function fill(template: string, values: Record<(typeof SHARE_VARIABLES)[number], string>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    KNOWN.has(name) ? values[name as keyof typeof values] : whole,
  );
}

export interface ShareTextsInput {
  programName: string;
  referredDiscountPercent: number;
  shareMessage: string | null;
  shareEmailSubject: string | null;
  /** The referrer's first name as shown to friends (null: the locale's "A friend"). */
  firstName: string | null;
  link: string | null;
  locale?: string;
}

/**
 * The rendered message and subject. A message without {link} gets the link at its end, so every share
 * option carries it; without a link (no share code yet) there is nothing to share and both are null.
 */
export function renderShareTexts(input: ShareTextsInput): { message: string; emailSubject: string } | null {
  if (!input.link) return null;
  const { tag, language } = shareLocale(input.locale);
  const defaults = DEFAULTS[language]!;
  const offer = offerText(tag, language, input.referredDiscountPercent);
  const values = {
    program: input.programName,
    offer,
    link: input.link,
    name: input.firstName ?? defaults.someone,
  };
  const messageTemplate = input.shareMessage ?? (offer ? defaults.message : defaults.messageNoOffer);
  const subjectTemplate = input.shareEmailSubject ?? (offer ? defaults.subject : defaults.subjectNoOffer);
  let message = fill(messageTemplate, values).replace(/\s+/g, ' ').trim();
  if (!messageTemplate.includes('{link}')) message = `${message} ${input.link}`;
  return { message, emailSubject: fill(subjectTemplate, values).replace(/\s+/g, ' ').trim() };
}

/** The locale query parameter of the widget route: a BCP 47-like tag. */
export const localeParamSchema = z
  .string()
  .regex(/^[A-Za-z]{2,3}([_-][A-Za-z0-9]{1,8}){0,4}$/, 'must be a locale tag such as en, fr or de-CH');
