import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { parseInput, textSchema, withTextRule } from '../../../shared/validation';
import { getMailSender, setMailSender } from '../../../shared/domain/notifications/mail-sender';
import {
  addMailSuppression,
  listMailSuppressions,
  listNotificationDeliveries,
  operatorDigest,
  removeMailSuppression,
  setOperatorDigest,
} from '../../../shared/domain/notifications/mail-suppressions';
import {
  notificationKindSchema,
  notificationLocaleSchema,
} from '../../../shared/domain/notifications/notification-kinds';
import {
  listNotificationSettings,
  previewNotification,
  readNotificationTemplate,
  resetNotificationTemplate,
  setNotificationEnabled,
  updateNotificationTemplate,
} from '../../../shared/domain/notifications/notification-settings';
import { MAX_BODY_LENGTH, MAX_SUBJECT_LENGTH } from '../../../shared/domain/notifications/template-render';
import { programIdSchema } from '../../../shared/domain/programs/program-state';
import { sendTestNotification } from '../../../shared/use-cases/notification-test-send';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';
import { notificationsTypeDefs } from './notifications.typedefs';

const email = z.email('must be an e-mail address').max(320);
const programArg = { programId: programIdSchema.nullish() };
const templateKey = { ...programArg, kind: notificationKindSchema, locale: notificationLocaleSchema };
const templateText = {
  subject: textSchema(MAX_SUBJECT_LENGTH, { min: 1, trim: true }),
  body: textSchema(MAX_BODY_LENGTH, { min: 1 }),
};
const pageArgs = z.strictObject({
  limit: z.int().min(1).max(200).nullish(),
  offset: z.int().min(0).max(100_000).nullish(),
});
const deliveriesArgs = pageArgs.extend({
  status: z.enum(['PENDING', 'SENT', 'REFUSED', 'SUPPRESSED', 'NOT_SENT', 'DISABLED']).nullish(),
});
const senderArgs = z.strictObject({
  name: withTextRule(
    z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[^\r\n"<>]*$/, 'must not contain line breaks, quotes or <>'),
  ).nullish(),
  address: email.nullish(),
});

const undef = <T>(v: T | null | undefined): T | undefined => v ?? undefined;

/** The tenant's key or its operators; a user token never reaches these settings. */
function requireTenantPrincipal(ctx: GraphQLContext): void {
  if (ctx.principal.kind === 'user')
    throw new AppError('FORBIDDEN', 'Notification settings need the API key or an operator');
}

const mailDeps = (ctx: GraphQLContext) => ({ ...ctx.deps.mail, db: ctx.deps.db });

/** E-mail notifications (docs/notifications.md): switches, templates, sender, suppressions, deliveries. */
export const notificationsModule: GraphQLModule = {
  typeDefs: notificationsTypeDefs,
  resolvers: {
    Query: {
      notificationSettings: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requireTenantPrincipal(ctx);
        const a = parseInput(z.strictObject(programArg), args);
        return listNotificationSettings(ctx.deps.db, ctx.tenant.id, undef(a.programId));
      },
      notificationTemplate: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requireTenantPrincipal(ctx);
        const a = parseInput(z.strictObject(templateKey), args);
        return readNotificationTemplate(ctx.deps.db, ctx.tenant.id, undef(a.programId), a.kind, a.locale);
      },
      notificationPreview: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requireTenantPrincipal(ctx);
        const a = parseInput(z.strictObject({ ...templateKey, ...templateText }), args);
        return previewNotification(ctx.deps.db, ctx.tenant.id, { ...a, programId: undef(a.programId) });
      },
      mailSender: (_: unknown, __: unknown, ctx: GraphQLContext) => {
        requireTenantPrincipal(ctx);
        return getMailSender(ctx.deps.db, ctx.tenant.id, ctx.deps.config);
      },
      operatorDigest: (_: unknown, __: unknown, ctx: GraphQLContext) => {
        const { principal } = ctx;
        if (principal.kind !== 'operator')
          throw new AppError('FORBIDDEN', 'The digest is an operator’s own setting');
        return operatorDigest(ctx.deps.db, ctx.tenant.id, principal.operatorId);
      },
      mailSuppressions: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requireTenantPrincipal(ctx);
        const a = parseInput(pageArgs, args);
        return listMailSuppressions(ctx.deps.db, ctx.tenant.id, {
          limit: a.limit ?? 50,
          offset: a.offset ?? 0,
        });
      },
      notificationDeliveries: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requireTenantPrincipal(ctx);
        const a = parseInput(deliveriesArgs, args);
        return listNotificationDeliveries(ctx.deps.db, ctx.tenant.id, {
          limit: a.limit ?? 50,
          offset: a.offset ?? 0,
          status: undef(a.status),
        });
      },
    },
    Mutation: {
      setNotificationEnabled: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requireTenantPrincipal(ctx);
        const a = parseInput(
          z.strictObject({ ...programArg, kind: notificationKindSchema, enabled: z.boolean() }),
          args,
        );
        return setNotificationEnabled(ctx.deps.db, ctx.tenant.id, undef(a.programId), a.kind, a.enabled);
      },
      updateNotificationTemplate: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requireTenantPrincipal(ctx);
        const a = parseInput(z.strictObject({ ...templateKey, ...templateText }), args);
        return updateNotificationTemplate(ctx.deps.db, ctx.tenant.id, {
          ...a,
          programId: undef(a.programId),
        });
      },
      resetNotificationTemplate: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requireTenantPrincipal(ctx);
        const a = parseInput(z.strictObject(templateKey), args);
        return resetNotificationTemplate(ctx.deps.db, ctx.tenant.id, undef(a.programId), a.kind, a.locale);
      },
      sendTestNotification: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requireTenantPrincipal(ctx);
        const a = parseInput(z.strictObject({ ...templateKey, to: email }), args);
        return sendTestNotification(mailDeps(ctx), ctx.tenant.id, { ...a, programId: undef(a.programId) });
      },
      setMailSender: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requireTenantPrincipal(ctx);
        const a = parseInput(senderArgs, args);
        return setMailSender(ctx.deps.db, ctx.tenant.id, ctx.deps.config, {
          name: a.name ?? null,
          address: a.address ?? null,
        });
      },
      addMailSuppression: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requireTenantPrincipal(ctx);
        return addMailSuppression(
          ctx.deps.db,
          ctx.tenant.id,
          parseInput(z.strictObject({ email }), args).email,
        );
      },
      removeMailSuppression: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requireTenantPrincipal(ctx);
        return removeMailSuppression(
          ctx.deps.db,
          ctx.tenant.id,
          parseInput(z.strictObject({ email }), args).email,
        );
      },
      setOperatorDigest: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const { principal } = ctx;
        if (principal.kind !== 'operator')
          throw new AppError('FORBIDDEN', 'The digest is an operator’s own setting');
        const { enabled } = parseInput(z.strictObject({ enabled: z.boolean() }), args);
        return setOperatorDigest(ctx.deps.db, ctx.tenant.id, principal.operatorId, enabled);
      },
    },
  },
};
