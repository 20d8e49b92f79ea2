/** The e-mail notifications part of the GraphQL schema (notifications.graphql.ts resolves it). */
export const notificationsTypeDefs = /* GraphQL */ `
  "A notification e-mail a program sends (docs/notifications.md)."
  enum NotificationKind {
    "To the referrer: a friend signed up with their code."
    FRIEND_SIGNED_UP
    "To the referrer: a reward was earned."
    REWARD_EARNED
    "To the referrer: a held reward became available."
    REWARD_AVAILABLE
    "To the friend: a welcome with the offer."
    FRIEND_WELCOME
    "To the referrer: credit expires in 7 days."
    CREDIT_EXPIRING
    "To the referrer: a payout was sent."
    PAYOUT_SENT
  }
  "A program's switch for one kind."
  type NotificationSetting {
    kind: NotificationKind!
    "REFERRER or FRIEND."
    recipient: String!
    enabled: Boolean!
    "The variables its template may use, without braces (referrer.firstName, …)."
    variables: [String!]!
  }
  "The subject and body in force for a program, kind and locale (en, fr, de)."
  type NotificationTemplate {
    kind: NotificationKind!
    locale: String!
    subject: String!
    "Plain text, paragraphs parted by a blank line, {{variables}}."
    body: String!
    "False: the built-in text."
    customized: Boolean!
    updatedAt: EpochMillis
  }
  "A message as it would be sent, with example values."
  type NotificationPreview {
    subject: String!
    html: String!
    text: String!
  }
  "The tenant's sender; null name and address: MAIL_FROM's."
  type MailSender {
    name: String
    address: String
    "What recipients see, Name <address>."
    effective: String!
    "Domains the address may be in (MAIL_SENDER_DOMAINS)."
    allowedDomains: [String!]!
    "False: SMTP_URL is unset and nothing is sent (deliveries are NOT_SENT)."
    smtpConfigured: Boolean!
  }
  "An address the tenant never mails again."
  type MailSuppression {
    email: String!
    "UNSUBSCRIBED, REFUSED or MANUAL."
    reason: String!
    createdAt: EpochMillis!
  }
  "One message to one recipient, and what became of it."
  type NotificationDelivery {
    id: ID!
    "A NotificationKind, or OPERATOR_INVITATION, OPERATOR_PASSWORD_RESET, OPERATOR_DIGEST (mail to operators)."
    kind: String!
    recipient: String!
    "PENDING (being sent or retried), SENT, REFUSED (a 5xx), SUPPRESSED (suppression list or do-not-track), NOT_SENT (no address, no SMTP_URL), DISABLED (the program turned the kind off)."
    status: String!
    "The SMTP server's answer, or why it was not sent."
    response: String
    createdAt: EpochMillis!
    sentAt: EpochMillis
  }
  extend type Query {
    "Each kind's switch in the program (default program without an id)."
    notificationSettings(programId: ID): [NotificationSetting!]!
    notificationTemplate(programId: ID, kind: NotificationKind!, locale: String!): NotificationTemplate!
    "Renders a subject and body with example values; unknown variables are refused, named."
    notificationPreview(
      programId: ID
      kind: NotificationKind!
      locale: String!
      subject: String!
      body: String!
    ): NotificationPreview!
    mailSender: MailSender!
    "Whether the signed-in operator receives the daily digest (setOperatorDigest)."
    operatorDigest: Boolean!
    mailSuppressions(limit: Int, offset: Int): [MailSuppression!]!
    "Newest first; status filters (PENDING, SENT, REFUSED, SUPPRESSED, NOT_SENT, DISABLED)."
    notificationDeliveries(limit: Int, offset: Int, status: String): [NotificationDelivery!]!
  }
  extend type Mutation {
    setNotificationEnabled(programId: ID, kind: NotificationKind!, enabled: Boolean!): NotificationSetting!
    "Saves the program's own subject and body for a kind and locale; unknown variables are refused, named."
    updateNotificationTemplate(
      programId: ID
      kind: NotificationKind!
      locale: String!
      subject: String!
      body: String!
    ): NotificationTemplate!
    "Back to the built-in text."
    resetNotificationTemplate(programId: ID, kind: NotificationKind!, locale: String!): NotificationTemplate!
    "Sends the template in force with example values to an address, now."
    sendTestNotification(
      programId: ID
      kind: NotificationKind!
      locale: String!
      to: String!
    ): NotificationDelivery!
    "The tenant's sender name and address (null: MAIL_FROM's); the address must be in an allowed domain."
    setMailSender(name: String, address: String): MailSender!
    addMailSuppression(email: String!): MailSuppression!
    removeMailSuppression(email: String!): Boolean!
    "The signed-in operator's daily digest (new referrals awaiting review, failed webhooks and payouts)."
    setOperatorDigest(enabled: Boolean!): Boolean!
  }
`;
