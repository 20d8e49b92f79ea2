import type { DigestCounts } from '../../repos/notification-sources.repo';
import { renderTemplate, type RenderedMail } from './template-render';

/**
 * The deployment's own mail to operators (from MAIL_FROM): their one-time invitation and password-reset
 * links, and the opt-in daily digest. English; no unsubscribe link (the digest is switched off in the
 * portal, and a link is mail the operator asked for).
 */

export type OperatorLinkPurpose = 'invite' | 'reset';

const LINK_TEXT: Record<OperatorLinkPurpose, { subject: string; body: string }> = {
  invite: {
    subject: 'You are invited to {{tenant}}’s referral program',
    body: 'Hello,\n\nYou were invited to manage the referral program of {{tenant}}. Choose your password here (the link works once, until {{expiresAt}}):\n\n{{link}}\n\nIf you did not expect this, ignore this e-mail.',
  },
  reset: {
    subject: 'Set a new password for {{tenant}}',
    body: 'Hello,\n\nYour access to the referral program of {{tenant}} was reset. Choose a new password here (the link works once, until {{expiresAt}}):\n\n{{link}}\n\nIf you did not expect this, tell your team’s owner.',
  },
};

export function operatorLinkMail(
  purpose: OperatorLinkPurpose,
  values: { tenant: string; link: string; expiresAt: Date },
): RenderedMail {
  return renderTemplate(
    LINK_TEXT[purpose],
    {
      tenant: values.tenant,
      link: values.link,
      expiresAt: `${values.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    },
    { title: values.tenant, lang: 'en' },
  );
}

/** Whether a day had anything to tell. */
export function digestHasNews(counts: DigestCounts): boolean {
  return counts.awaitingReview + counts.failedWebhooks + counts.failedPayouts > 0;
}

export function operatorDigestMail(values: {
  tenant: string;
  day: string;
  counts: DigestCounts;
  portalUrl: string;
}): RenderedMail {
  const { counts } = values;
  return renderTemplate(
    {
      subject: '{{tenant}}: your referral digest for {{day}}',
      body: [
        'Hello,',
        'In the last day:',
        `- New referrals awaiting review: {{awaitingReview}}\n- Failed webhook deliveries: {{failedWebhooks}}\n- Failed payouts: {{failedPayouts}}`,
        'Open the portal: {{portal}}',
        'You receive this digest because you turned it on in the portal; turn it off there.',
      ].join('\n\n'),
    },
    {
      tenant: values.tenant,
      day: values.day,
      awaitingReview: String(counts.awaitingReview),
      failedWebhooks: String(counts.failedWebhooks),
      failedPayouts: String(counts.failedPayouts),
      portal: values.portalUrl,
    },
    { title: values.tenant, lang: 'en' },
  );
}
