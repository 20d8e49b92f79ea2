/**
 * The Notifications pages' GraphQL documents (services/gateway/graphql/notifications.graphql.ts): each
 * program's switches, a kind's template per locale, its preview and test send, the tenant's sender,
 * suppression list and recent deliveries, and the operator's own digest.
 */
import { graphql } from '../../gql';
import type {
  NotificationDeliveriesQuery,
  NotificationSettingsQuery,
  NotificationTemplateQuery,
} from '../../gql/graphql';

export type NotificationSetting = NotificationSettingsQuery['notificationSettings'][number];
export type NotificationTemplate = NotificationTemplateQuery['notificationTemplate'];
export type NotificationDelivery = NotificationDeliveriesQuery['notificationDeliveries'][number];
export type ProgramChoice = NotificationSettingsQuery['programs'][number];

export const NOTIFICATION_SETTINGS = graphql(`
  query NotificationSettings($programId: ID) {
    programs {
      id
      name
      isDefault
      archivedAt
    }
    notificationSettings(programId: $programId) {
      kind
      recipient
      enabled
      variables
    }
    mailSender {
      effective
      smtpConfigured
    }
  }
`);

export const SET_NOTIFICATION_ENABLED = graphql(`
  mutation SetNotificationEnabled($programId: ID, $kind: NotificationKind!, $enabled: Boolean!) {
    setNotificationEnabled(programId: $programId, kind: $kind, enabled: $enabled) {
      kind
      enabled
    }
  }
`);

export const NOTIFICATION_TEMPLATE = graphql(`
  query NotificationTemplate($programId: ID, $kind: NotificationKind!, $locale: String!) {
    programs {
      id
      name
      isDefault
      archivedAt
    }
    notificationSettings(programId: $programId) {
      kind
      recipient
      enabled
      variables
    }
    notificationTemplate(programId: $programId, kind: $kind, locale: $locale) {
      kind
      locale
      subject
      body
      customized
      updatedAt
    }
    mailSender {
      smtpConfigured
    }
  }
`);

export const NOTIFICATION_PREVIEW = graphql(`
  query NotificationPreview(
    $programId: ID
    $kind: NotificationKind!
    $locale: String!
    $subject: String!
    $body: String!
  ) {
    notificationPreview(programId: $programId, kind: $kind, locale: $locale, subject: $subject, body: $body) {
      subject
      html
      text
    }
  }
`);

export const UPDATE_TEMPLATE = graphql(`
  mutation UpdateNotificationTemplate(
    $programId: ID
    $kind: NotificationKind!
    $locale: String!
    $subject: String!
    $body: String!
  ) {
    updateNotificationTemplate(
      programId: $programId
      kind: $kind
      locale: $locale
      subject: $subject
      body: $body
    ) {
      subject
      body
      customized
    }
  }
`);

export const RESET_TEMPLATE = graphql(`
  mutation ResetNotificationTemplate($programId: ID, $kind: NotificationKind!, $locale: String!) {
    resetNotificationTemplate(programId: $programId, kind: $kind, locale: $locale) {
      subject
      body
      customized
    }
  }
`);

export const SEND_TEST = graphql(`
  mutation SendTestNotification($programId: ID, $kind: NotificationKind!, $locale: String!, $to: String!) {
    sendTestNotification(programId: $programId, kind: $kind, locale: $locale, to: $to) {
      id
      status
      response
    }
  }
`);

export const MAIL_SETTINGS = graphql(`
  query MailSettings {
    mailSender {
      name
      address
      effective
      allowedDomains
      smtpConfigured
    }
    mailSuppressions(limit: 200) {
      email
      reason
      createdAt
    }
  }
`);

export const SET_MAIL_SENDER = graphql(`
  mutation SetMailSender($name: String, $address: String) {
    setMailSender(name: $name, address: $address) {
      effective
    }
  }
`);

export const ADD_SUPPRESSION = graphql(`
  mutation AddMailSuppression($email: String!) {
    addMailSuppression(email: $email) {
      email
    }
  }
`);

export const REMOVE_SUPPRESSION = graphql(`
  mutation RemoveMailSuppression($email: String!) {
    removeMailSuppression(email: $email)
  }
`);

export const NOTIFICATION_DELIVERIES = graphql(`
  query NotificationDeliveries($status: String, $limit: Int, $offset: Int) {
    notificationDeliveries(status: $status, limit: $limit, offset: $offset) {
      id
      kind
      recipient
      status
      response
      createdAt
      sentAt
    }
  }
`);

export const OPERATOR_DIGEST = graphql(`
  query OperatorDigest {
    operatorDigest
  }
`);

export const SET_OPERATOR_DIGEST = graphql(`
  mutation SetOperatorDigest($enabled: Boolean!) {
    setOperatorDigest(enabled: $enabled)
  }
`);
