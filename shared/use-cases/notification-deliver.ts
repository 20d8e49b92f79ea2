import type { DbOrTrx } from '../db/knex';
import { shareLink } from '../domain/accounts/user-view';
import { tenantSender } from '../domain/notifications/mail-sender';
import { formatDate, formatMoney, formatOffer, formatReward } from '../domain/notifications/mail-values';
import {
  NOTIFICATION_KINDS,
  templateLocale,
  type NotificationKind,
  type NotificationLocale,
} from '../domain/notifications/notification-kinds';
import { getNotificationTemplate, notificationEnabled } from '../domain/notifications/notification-settings';
import { renderTemplate } from '../domain/notifications/template-render';
import { getProgramView, type ProgramView } from '../domain/programs/programs';
import { createNotificationDeliveriesRepo } from '../repos/notification-deliveries.repo';
import { createNotificationSourcesRepo, type MailPersonRow } from '../repos/notification-sources.repo';
import type { MailDeliveryInput, MailDeliveryResult } from '../types/notifications';
import { deliverDigest } from './notification-digest';
import {
  openDelivery,
  sendRecorded,
  unsubscribeHeaders,
  unsubscribeUrl,
  type MailDeps,
} from './notification-mail';

/** Who a message goes to and what it says, looked up when it is delivered. */
interface Resolved {
  programId: string | null | undefined;
  /** The recipient's user (undefined: none with an address), and the ids do-not-track is checked by. */
  person: MailPersonRow | undefined;
  ids: { accountId: string; userId: string } | null | undefined;
  values: (locale: NotificationLocale, program: ProgramView) => Record<string, string>;
}

async function resolve(db: DbOrTrx, input: MailDeliveryInput, publicUrl: string): Promise<Resolved | null> {
  const repo = createNotificationSourcesRepo(db);
  const t = input.tenantId;
  const link = (person: MailPersonRow | undefined, program: ProgramView) =>
    shareLink(publicUrl, input.tenantAlias, person?.share_code ?? null, program) ?? '';
  const name = (person: MailPersonRow | undefined) => person?.first_name ?? '';
  if (input.referralId) {
    const referral = await repo.referral(t, input.referralId);
    if (!referral) return null;
    const referrer = await repo.user(t, referral.referrer_account_id, referral.referrer_user_id);
    const friend = await repo.firstUser(t, referral.referred_account_id);
    const toFriend = input.kind === 'FRIEND_WELCOME';
    return {
      programId: referral.program_id,
      person: toFriend ? friend : referrer,
      ids: toFriend
        ? friend && { accountId: friend.account_id, userId: friend.id }
        : { accountId: referral.referrer_account_id, userId: referral.referrer_user_id },
      values: (locale, program) => ({
        'referrer.firstName': name(referrer),
        'friend.firstName': name(friend),
        shareLink: link(referrer, program),
        offer: formatOffer(locale, program.referredDiscountPercent),
      }),
    };
  }
  if (input.rewardId) {
    const reward = await repo.reward(t, input.rewardId);
    if (!reward) return null;
    const person = reward.user_id
      ? await repo.user(t, reward.account_id, reward.user_id)
      : await repo.firstUser(t, reward.account_id);
    const friend = reward.referred_account_id
      ? await repo.firstUser(t, reward.referred_account_id)
      : undefined;
    const remaining =
      reward.amount_cents === null
        ? null
        : String(Number(reward.amount_cents) - Number(reward.redeemed_cents));
    return {
      programId: reward.program_id,
      person,
      ids: reward.user_id
        ? { accountId: reward.account_id, userId: reward.user_id }
        : person && { accountId: person.account_id, userId: person.id },
      values: (locale, program) => ({
        'referrer.firstName': name(person),
        'friend.firstName': name(friend),
        'reward.amount': formatReward(
          locale,
          input.kind === 'CREDIT_EXPIRING' ? { ...reward, amount_cents: remaining } : reward,
        ),
        availableAt: formatDate(locale, reward.hold_until ?? reward.date_given),
        expiresAt: reward.expires_at ? formatDate(locale, reward.expires_at) : '',
        shareLink: link(person, program),
      }),
    };
  }
  if (input.accountId) {
    const person = await repo.firstUser(t, input.accountId);
    return {
      programId: input.programId,
      person,
      ids: person && { accountId: person.account_id, userId: person.id },
      values: (locale) => ({
        'referrer.firstName': name(person),
        'payout.amount': formatMoney(locale, input.amountCents ?? 0, input.currency ?? null),
      }),
    };
  }
  return null;
}

async function programOf(
  db: DbOrTrx,
  tenantId: string,
  programId: string | null | undefined,
): Promise<ProgramView> {
  try {
    return await getProgramView(db, tenantId, programId ?? undefined);
  } catch {
    return getProgramView(db, tenantId);
  }
}

/**
 * Delivers one planned message, once: looks up its recipient and values, records its delivery row
 * (unique by key: a replay finds it), then DISABLED (the program turned the kind off), SUPPRESSED
 * (do-not-track user, or the address is on the tenant's suppression list), NOT_SENT (no address, no
 * SMTP_URL, no SECRET_KEY for the unsubscribe link) or sends it (SENT, REFUSED; transient trouble is
 * thrown for Temporal to retry).
 */
export async function deliverNotification(
  deps: MailDeps,
  input: MailDeliveryInput,
): Promise<MailDeliveryResult> {
  if (input.kind === 'OPERATOR_DIGEST') return deliverDigest(deps, input);
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(input.kind)) return { status: 'SKIPPED' };
  const kind = input.kind as NotificationKind;
  const existing = await createNotificationDeliveriesRepo(deps.db).findByKey(input.tenantId, input.key);
  if (existing && existing.status !== 'PENDING') return { status: existing.status };
  const resolved = await resolve(deps.db, input, deps.config.publicUrl);
  if (!resolved) return { status: 'SKIPPED' };
  const program = await programOf(deps.db, input.tenantId, resolved.programId);
  const from = await tenantSender(deps.db, input.tenantId, deps.config);
  const to = resolved.person?.email ?? '';
  const row =
    existing ??
    (await openDelivery(deps, {
      tenantId: input.tenantId,
      key: input.key,
      kind,
      programId: program.id,
      recipient: to || '(no address)',
      senderAddress: from.address,
    }));
  const repo = createNotificationDeliveriesRepo(deps.db);
  const finish = async (status: 'DISABLED' | 'SUPPRESSED' | 'NOT_SENT', response: string) => {
    await repo.finish(input.tenantId, row.id, { status, response });
    return { status };
  };
  if (!(await notificationEnabled(deps.db, input.tenantId, program.id, kind))) {
    return finish('DISABLED', 'the program has this notification turned off');
  }
  const ids = resolved.ids;
  if (
    ids &&
    (await createNotificationSourcesRepo(deps.db).doNotTrack(input.tenantId, ids.accountId, ids.userId))
  ) {
    return finish('SUPPRESSED', 'the user was deleted with do-not-track');
  }
  if (!to) return finish('NOT_SENT', 'the recipient has no e-mail address');
  const url = unsubscribeUrl(deps, input.tenantId, to);
  if (!url) return finish('NOT_SENT', 'SECRET_KEY is not set: no unsubscribe link can be signed');
  const locale = templateLocale(resolved.person?.locale);
  const template = await getNotificationTemplate(deps.db, input.tenantId, program.id, kind, locale);
  const rendered = renderTemplate(
    template,
    { ...resolved.values(locale, program), 'program.name': program.name, unsubscribeUrl: url },
    { title: program.name, accent: program.brandColor, lang: locale },
  );
  const done = await sendRecorded(deps, row, { from, to, ...rendered, headers: unsubscribeHeaders(url) });
  return { status: done.status };
}
