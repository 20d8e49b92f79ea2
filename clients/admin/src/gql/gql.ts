/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment AccountActionResult on AccountActionResult {\n    outcome\n    action {\n      summary\n    }\n    balance {\n      unit\n      available\n    }\n    accountDeleted\n  }\n": typeof types.AccountActionResultFragmentDoc,
    "\n    mutation AdjustCredit(\n      $accountId: ID!\n      $amountCents: Int!\n      $unit: String\n      $reason: String!\n      $key: String\n    ) {\n      r: adjustCredit(\n        accountId: $accountId\n        amountCents: $amountCents\n        unit: $unit\n        reason: $reason\n        idempotencyKey: $key\n      ) {\n        ...AccountActionResult\n      }\n    }\n  ": typeof types.AdjustCreditDocument,
    "\n    mutation RedeemCredit(\n      $accountId: ID!\n      $amountCents: Int!\n      $unit: String\n      $reference: String\n      $reason: String!\n      $key: String\n    ) {\n      r: redeemCredit(\n        accountId: $accountId\n        amountCents: $amountCents\n        unit: $unit\n        reference: $reference\n        reason: $reason\n        idempotencyKey: $key\n      ) {\n        ...AccountActionResult\n      }\n    }\n  ": typeof types.RedeemCreditDocument,
    "\n    mutation UpdateUser(\n      $accountId: ID!\n      $userId: ID!\n      $input: UserEditInput!\n      $reason: String!\n      $key: String\n    ) {\n      r: updateUser(\n        accountId: $accountId\n        userId: $userId\n        input: $input\n        reason: $reason\n        idempotencyKey: $key\n      ) {\n        ...AccountActionResult\n      }\n    }\n  ": typeof types.UpdateUserDocument,
    "\n    mutation ChangeShareCode($accountId: ID!, $userId: ID!, $code: String!, $reason: String!, $key: String) {\n      r: changeShareCode(\n        accountId: $accountId\n        userId: $userId\n        code: $code\n        reason: $reason\n        idempotencyKey: $key\n      ) {\n        ...AccountActionResult\n      }\n    }\n  ": typeof types.ChangeShareCodeDocument,
    "\n    mutation DeleteUser($accountId: ID!, $userId: ID!, $reason: String!, $key: String) {\n      r: deleteUser(accountId: $accountId, userId: $userId, reason: $reason, idempotencyKey: $key) {\n        ...AccountActionResult\n      }\n    }\n  ": typeof types.DeleteUserDocument,
    "\n  query AccountDetail($id: String!) {\n    account(id: $id) {\n      id\n      currency\n      paymentProviderId\n      dateCreated\n      subscription {\n        status\n        billingIntervalType\n        billingIntervalValue\n        value\n      }\n      users {\n        id\n        email\n        firstName\n        lastName\n        shareCode\n        shareLink\n      }\n      referredBy {\n        ...ReferralFields\n      }\n      referrals {\n        ...ReferralFields\n      }\n      rewards {\n        ...RewardFields\n      }\n      recentEvents {\n        id\n        key\n        fields\n        dateTriggered\n        dateReceived\n      }\n    }\n    rewardBalance(accountId: $id) {\n      unit\n      available\n      pending\n    }\n  }\n": typeof types.AccountDetailDocument,
    "\n  query Accounts($search: String, $query: String, $first: Int, $after: String) {\n    accounts(search: $search, query: $query, first: $first, after: $after) {\n      items {\n        id\n        email\n        name\n        userCount\n        referralsMade\n        dateCreated\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": typeof types.AccountsDocument,
    "\n  query Dashboard($range: DateRangeInput!) {\n    dashboard(range: $range) {\n      from\n      to\n      clicks\n      referralsStarted\n      referralsConverted\n      conversionRate\n      rewardsGiven\n      creditOutstanding {\n        unit\n        amount\n      }\n      daily {\n        date\n        clicks\n        started\n        converted\n      }\n      leaderboard {\n        accountId\n        userId\n        name\n        shareCode\n        referralsStarted\n        referralsConverted\n      }\n      numbers {\n        referralsFromClicks\n        referralsDirect\n        clickShare\n        rewardsToReferrers\n        rewardsToReferred\n        revenue {\n          currency\n          customers\n          firstPayment\n          total\n        }\n        rewardCost {\n          side\n          currency\n          rewardsGiven\n          rewardsPending\n          costGiven\n          costPending\n        }\n        returnOnRewards {\n          currency\n          ratio\n        }\n      }\n    }\n  }\n": typeof types.DashboardDocument,
    "\n  fragment ImportJob on Job {\n    id\n    type\n    requester\n    name\n    status\n    resultFileRef\n    dateCreated\n    dateStarted\n    dateCompleted\n    error\n    stats {\n      recordsProcessed\n      recordsFailed\n      recordsTotal\n    }\n  }\n": typeof types.ImportJobFragmentDoc,
    "\n  query ImportJob($id: ID!) {\n    job(id: $id) {\n      ...ImportJob\n    }\n  }\n": typeof types.ImportJobDocument,
    "\n  query ImportJobs($limit: Int, $offset: Int) {\n    jobs(limit: $limit, offset: $offset) {\n      totalCount\n      jobs {\n        ...ImportJob\n      }\n    }\n  }\n": typeof types.ImportJobsDocument,
    "\n  query ActiveImportJobs {\n    running: jobs(status: IN_PROGRESS, limit: 1) {\n      jobs {\n        ...ImportJob\n      }\n    }\n    pending: jobs(status: PENDING, limit: 1) {\n      jobs {\n        ...ImportJob\n      }\n    }\n  }\n": typeof types.ActiveImportJobsDocument,
    "\n  query ValidateImport($jobInput: JobInput!) {\n    validateJobCreation(jobInput: $jobInput) {\n      errors\n    }\n  }\n": typeof types.ValidateImportDocument,
    "\n  mutation CreateImportJob($jobInput: JobInput!) {\n    createJob(jobInput: $jobInput) {\n      ...ImportJob\n    }\n  }\n": typeof types.CreateImportJobDocument,
    "\n  mutation AbortImportJob($id: ID!) {\n    abortJob(id: $id) {\n      ...ImportJob\n    }\n  }\n": typeof types.AbortImportJobDocument,
    "\n  query McpPendingActions {\n    mcpPendingActions(status: PENDING) {\n      id\n      summary\n      requestedBy\n      dateCreated\n    }\n  }\n": typeof types.McpPendingActionsDocument,
    "\n  mutation ApproveMcpAction($id: ID!) {\n    approveMcpAction(id: $id) {\n      id\n      status\n      result\n    }\n  }\n": typeof types.ApproveMcpActionDocument,
    "\n  mutation RejectMcpAction($id: ID!, $reason: String!) {\n    rejectMcpAction(id: $id, reason: $reason) {\n      id\n      status\n    }\n  }\n": typeof types.RejectMcpActionDocument,
    "\n  query NotificationSettings($programId: ID) {\n    programs {\n      id\n      name\n      isDefault\n      archivedAt\n    }\n    notificationSettings(programId: $programId) {\n      kind\n      recipient\n      enabled\n      variables\n    }\n    mailSender {\n      effective\n      smtpConfigured\n    }\n  }\n": typeof types.NotificationSettingsDocument,
    "\n  mutation SetNotificationEnabled($programId: ID, $kind: NotificationKind!, $enabled: Boolean!) {\n    setNotificationEnabled(programId: $programId, kind: $kind, enabled: $enabled) {\n      kind\n      enabled\n    }\n  }\n": typeof types.SetNotificationEnabledDocument,
    "\n  query NotificationTemplate($programId: ID, $kind: NotificationKind!, $locale: String!) {\n    programs {\n      id\n      name\n      isDefault\n      archivedAt\n    }\n    notificationSettings(programId: $programId) {\n      kind\n      recipient\n      enabled\n      variables\n    }\n    notificationTemplate(programId: $programId, kind: $kind, locale: $locale) {\n      kind\n      locale\n      subject\n      body\n      customized\n      updatedAt\n    }\n    mailSender {\n      smtpConfigured\n    }\n  }\n": typeof types.NotificationTemplateDocument,
    "\n  query NotificationPreview(\n    $programId: ID\n    $kind: NotificationKind!\n    $locale: String!\n    $subject: String!\n    $body: String!\n  ) {\n    notificationPreview(programId: $programId, kind: $kind, locale: $locale, subject: $subject, body: $body) {\n      subject\n      html\n      text\n    }\n  }\n": typeof types.NotificationPreviewDocument,
    "\n  mutation UpdateNotificationTemplate(\n    $programId: ID\n    $kind: NotificationKind!\n    $locale: String!\n    $subject: String!\n    $body: String!\n  ) {\n    updateNotificationTemplate(\n      programId: $programId\n      kind: $kind\n      locale: $locale\n      subject: $subject\n      body: $body\n    ) {\n      subject\n      body\n      customized\n    }\n  }\n": typeof types.UpdateNotificationTemplateDocument,
    "\n  mutation ResetNotificationTemplate($programId: ID, $kind: NotificationKind!, $locale: String!) {\n    resetNotificationTemplate(programId: $programId, kind: $kind, locale: $locale) {\n      subject\n      body\n      customized\n    }\n  }\n": typeof types.ResetNotificationTemplateDocument,
    "\n  mutation SendTestNotification($programId: ID, $kind: NotificationKind!, $locale: String!, $to: String!) {\n    sendTestNotification(programId: $programId, kind: $kind, locale: $locale, to: $to) {\n      id\n      status\n      response\n    }\n  }\n": typeof types.SendTestNotificationDocument,
    "\n  query MailSettings {\n    mailSender {\n      name\n      address\n      effective\n      allowedDomains\n      smtpConfigured\n    }\n    mailSuppressions(limit: 200) {\n      email\n      reason\n      createdAt\n    }\n  }\n": typeof types.MailSettingsDocument,
    "\n  mutation SetMailSender($name: String, $address: String) {\n    setMailSender(name: $name, address: $address) {\n      effective\n    }\n  }\n": typeof types.SetMailSenderDocument,
    "\n  mutation AddMailSuppression($email: String!) {\n    addMailSuppression(email: $email) {\n      email\n    }\n  }\n": typeof types.AddMailSuppressionDocument,
    "\n  mutation RemoveMailSuppression($email: String!) {\n    removeMailSuppression(email: $email)\n  }\n": typeof types.RemoveMailSuppressionDocument,
    "\n  query NotificationDeliveries($status: String, $limit: Int, $offset: Int) {\n    notificationDeliveries(status: $status, limit: $limit, offset: $offset) {\n      id\n      kind\n      recipient\n      status\n      response\n      createdAt\n      sentAt\n    }\n  }\n": typeof types.NotificationDeliveriesDocument,
    "\n  query OperatorDigest {\n    operatorDigest\n  }\n": typeof types.OperatorDigestDocument,
    "\n  mutation SetOperatorDigest($enabled: Boolean!) {\n    setOperatorDigest(enabled: $enabled)\n  }\n": typeof types.SetOperatorDigestDocument,
    "\n  query AuditLog($first: Int, $after: ID, $actor: String, $action: String, $from: String, $to: String) {\n    auditLog(first: $first, after: $after, actor: $actor, action: $action, from: $from, to: $to) {\n      entries {\n        id\n        at\n        operatorEmail\n        actorKind\n        actorLabel\n        clientAddress\n        userAgent\n        action\n        target\n        details\n        sentence\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": typeof types.AuditLogDocument,
    "\n  mutation InviteOperator($email: String!, $role: OperatorRole!) {\n    inviteOperator(email: $email, role: $role) {\n      email\n      role\n      link\n      expiresAt\n    }\n  }\n": typeof types.InviteOperatorDocument,
    "\n  query Operators {\n    operators {\n      email\n      role\n      dateCreated\n      pending\n    }\n  }\n": typeof types.OperatorsDocument,
    "\n  mutation ReissueInvitation($email: String!) {\n    reissueInvitation(email: $email) {\n      email\n      role\n      link\n      expiresAt\n    }\n  }\n": typeof types.ReissueInvitationDocument,
    "\n  mutation ResetOperatorAccess($email: String!) {\n    resetOperatorAccess(email: $email) {\n      email\n      role\n      link\n      expiresAt\n    }\n  }\n": typeof types.ResetOperatorAccessDocument,
    "\n  mutation ChangeOperatorRole($email: String!, $role: OperatorRole!) {\n    changeOperatorRole(email: $email, role: $role) {\n      email\n      role\n    }\n  }\n": typeof types.ChangeOperatorRoleDocument,
    "\n  mutation RemoveOperator($email: String!) {\n    removeOperator(email: $email) {\n      email\n    }\n  }\n": typeof types.RemoveOperatorDocument,
    "\n  fragment DuePayeeFields on DuePayee {\n    accountId\n    currency\n    programAvailableCents\n    availableCents\n    payableCents\n    blocker\n    payee {\n      accountId\n      method {\n        type\n        masked\n      }\n      taxFormReceived\n      taxCountry\n      held\n      heldReason\n    }\n    reasons {\n      rewardId\n      amountCents\n      currency\n      ruleId\n      explanation\n      dateGiven\n    }\n  }\n": typeof types.DuePayeeFieldsFragmentDoc,
    "\n  fragment PayoutRunFields on PayoutRun {\n    id\n    programId\n    status\n    trigger\n    requestedBy\n    approvedBy\n    payees\n    createdAt\n    approvedAt\n    finishedAt\n    workflowId\n    workflowUrl\n  }\n": typeof types.PayoutRunFieldsFragmentDoc,
    "\n  fragment PayoutFields on Payout {\n    id\n    accountId\n    method\n    amountCents\n    currency\n    status\n    providerRef\n    providerMessage\n    createdAt\n    sentAt\n    settledAt\n  }\n": typeof types.PayoutFieldsFragmentDoc,
    "\n  query PayoutsDue($programId: ID, $after: ID, $first: Int) {\n    programs {\n      id\n      name\n      isDefault\n      archivedAt\n    }\n    payoutsDue(programId: $programId, after: $after, first: $first) {\n      payees {\n        ...DuePayeeFields\n      }\n      next\n    }\n    payoutPolicy(programId: $programId) {\n      programId\n      minimumCents\n      requireApproval\n    }\n  }\n": typeof types.PayoutsDueDocument,
    "\n  query PayoutRuns($first: Int) {\n    programs {\n      id\n      name\n      isDefault\n      archivedAt\n    }\n    payoutRuns(first: $first) {\n      ...PayoutRunFields\n    }\n  }\n": typeof types.PayoutRunsDocument,
    "\n  query PayoutRun($id: ID!) {\n    payoutRun(id: $id) {\n      ...PayoutRunFields\n      payouts {\n        ...PayoutFields\n      }\n    }\n  }\n": typeof types.PayoutRunDocument,
    "\n  query PayoutRunCsv($id: ID!) {\n    payoutRunCsv(id: $id)\n  }\n": typeof types.PayoutRunCsvDocument,
    "\n  query PayoutSettings($programId: ID) {\n    programs {\n      id\n      name\n      isDefault\n      archivedAt\n    }\n    payoutPolicy(programId: $programId) {\n      programId\n      minimumCents\n      schedule\n      requireApproval\n    }\n    payoutTaxThreshold\n    payoutConnections {\n      provider\n      keyHint\n      webhookVerified\n      connectedAt\n    }\n  }\n": typeof types.PayoutSettingsDocument,
    "\n  mutation RequestPayoutRun($input: PayoutRunInput) {\n    requestPayoutRun(input: $input) {\n      ...PayoutRunFields\n    }\n  }\n": typeof types.RequestPayoutRunDocument,
    "\n  mutation ApprovePayoutRun($id: ID!) {\n    approvePayoutRun(id: $id) {\n      ...PayoutRunFields\n    }\n  }\n": typeof types.ApprovePayoutRunDocument,
    "\n  mutation CancelPayoutRun($id: ID!) {\n    cancelPayoutRun(id: $id) {\n      ...PayoutRunFields\n    }\n  }\n": typeof types.CancelPayoutRunDocument,
    "\n  mutation CancelPayout($id: ID!) {\n    cancelPayout(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.CancelPayoutDocument,
    "\n  mutation HoldPayee($accountId: ID!, $held: Boolean!, $reason: String) {\n    holdPayee(accountId: $accountId, held: $held, reason: $reason) {\n      accountId\n      held\n      heldReason\n    }\n  }\n": typeof types.HoldPayeeDocument,
    "\n  mutation SetPayeeTaxStatus($accountId: ID!, $status: PayeeTaxStatusInput!) {\n    setPayeeTaxStatus(accountId: $accountId, status: $status) {\n      accountId\n      taxFormReceived\n      taxCountry\n    }\n  }\n": typeof types.SetPayeeTaxStatusDocument,
    "\n  mutation SetPayoutPolicy($input: PayoutPolicyInput!) {\n    setPayoutPolicy(input: $input) {\n      programId\n      minimumCents\n      schedule\n      requireApproval\n    }\n  }\n": typeof types.SetPayoutPolicyDocument,
    "\n  mutation SetPayoutTaxThreshold($thresholdCents: Int) {\n    setPayoutTaxThreshold(thresholdCents: $thresholdCents)\n  }\n": typeof types.SetPayoutTaxThresholdDocument,
    "\n  mutation ConnectPayoutProvider($input: PayoutConnectionInput!) {\n    connectPayoutProvider(input: $input) {\n      provider\n      keyHint\n      webhookVerified\n      connectedAt\n    }\n  }\n": typeof types.ConnectPayoutProviderDocument,
    "\n  query Notifications {\n    processorNotifications(first: 20) {\n      id\n      kind\n      processor\n      subjectId\n      customerId\n      status\n      receivedAt\n      processedAt\n      outcome\n    }\n  }\n": typeof types.NotificationsDocument,
    "\n  mutation Disconnect {\n    disconnectPaymentProcessor\n  }\n": typeof types.DisconnectDocument,
    "\n  mutation Connect($input: ConnectPaymentProcessorInput!) {\n    connectPaymentProcessor(input: $input) {\n      environment\n      webhookRegistration\n    }\n  }\n": typeof types.ConnectDocument,
    "\n  query ProgramList {\n    programs {\n      id\n      isDefault\n      archivedAt\n      name\n      referredDiscountPercent\n      referrerReward {\n        type\n        discountPercent\n        amountCents\n        unit\n      }\n      ruleVersion\n    }\n  }\n": typeof types.ProgramListDocument,
    "\n  mutation CreateProgram($input: ProgramInput!) {\n    createProgram(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreateProgramDocument,
    "\n  mutation ArchiveProgram($id: ID!) {\n    archiveProgram(id: $id) {\n      id\n      archivedAt\n    }\n  }\n": typeof types.ArchiveProgramDocument,
    "\n  fragment RuleFields on ProgramRule {\n    id\n    name\n    trigger {\n      type\n      forMonths\n      eventKey\n      field\n      atLeast\n      conversions\n    }\n    recipient\n    reward {\n      type\n      discountPercent\n      amountCents\n      unit\n      currency\n      percentOfPayment\n    }\n    tiers {\n      fromConversions\n      toConversions\n      reward {\n        type\n        discountPercent\n        amountCents\n        unit\n        currency\n        percentOfPayment\n      }\n    }\n    limits {\n      period\n      maxCount\n      maxAmountCents\n    }\n    eligibility {\n      minSubscriptionValueCents\n      newCustomersOnly\n    }\n  }\n": typeof types.RuleFieldsFragmentDoc,
    "\n  query ProgramRules($id: ID) {\n    program(id: $id) {\n      id\n      name\n      isDefault\n      ruleVersion\n      rules {\n        ...RuleFields\n      }\n      ruleVersions {\n        version\n        publishedBy\n        publishedAt\n        rules {\n          ...RuleFields\n        }\n      }\n    }\n  }\n": typeof types.ProgramRulesDocument,
    "\n  mutation PublishRules($id: ID, $rules: [ProgramRuleInput!]!) {\n    updateProgram(id: $id, input: { rules: $rules }) {\n      ruleVersion\n    }\n  }\n": typeof types.PublishRulesDocument,
    "\n  fragment SimulationTotalFields on SimulationTotal {\n    month\n    unit\n    rewards\n    amount\n  }\n": typeof types.SimulationTotalFieldsFragmentDoc,
    "\n  query SimulateRules($id: ID, $rules: [ProgramRuleInput!]!, $from: String!, $to: String!) {\n    simulateProgram(id: $id, rules: $rules, from: $from, to: $to) {\n      from\n      to\n      conversions\n      payments\n      events\n      rules {\n        ruleId\n        ruleName\n        totals {\n          ...SimulationTotalFields\n        }\n        given {\n          ...SimulationTotalFields\n        }\n      }\n      wouldGive {\n        ...SimulationTotalFields\n      }\n      given {\n        ...SimulationTotalFields\n      }\n    }\n  }\n": typeof types.SimulateRulesDocument,
    "\n  mutation Bulk($input: BulkReferralActionInput!) {\n    bulkReferralAction(input: $input) {\n      id\n      outcome\n      message\n      problem\n    }\n  }\n": typeof types.BulkDocument,
    "\n  fragment ReferralActionFields on ReferralDetail {\n    actions {\n      id\n      action\n      reason\n      actor\n      at\n      rewardId\n      reference\n      summary\n    }\n    grantedRewards {\n      ...RewardFields\n    }\n  }\n": typeof types.ReferralActionFieldsFragmentDoc,
    "\n  fragment ReferralActionResult on ReferralActionResult {\n    outcome\n    referral {\n      id\n      status\n    }\n  }\n": typeof types.ReferralActionResultFragmentDoc,
    "\n    mutation CancelReferral($id: ID!, $reason: String!, $key: String) {\n      r: cancelReferral(id: $id, reason: $reason, idempotencyKey: $key) {\n        ...ReferralActionResult\n      }\n    }\n  ": typeof types.CancelReferralDocument,
    "\n    mutation ReattributeReferral($id: ID!, $to: ReferrerTargetInput!, $reason: String!, $key: String) {\n      r: reattributeReferral(id: $id, to: $to, reason: $reason, idempotencyKey: $key) {\n        ...ReferralActionResult\n      }\n    }\n  ": typeof types.ReattributeReferralDocument,
    "\n    mutation GrantReward(\n      $id: ID!\n      $side: ReferralSide!\n      $reward: ManualRewardInput!\n      $reason: String!\n      $key: String\n    ) {\n      r: grantReward(id: $id, side: $side, reward: $reward, reason: $reason, idempotencyKey: $key) {\n        ...ReferralActionResult\n      }\n    }\n  ": typeof types.GrantRewardDocument,
    "\n    mutation VoidReward($id: ID!, $reason: String!, $key: String) {\n      r: voidReward(id: $id, reason: $reason, idempotencyKey: $key) {\n        ...ReferralActionResult\n      }\n    }\n  ": typeof types.VoidRewardDocument,
    "\n    mutation MarkRewardFulfilled($id: ID!, $reference: String!, $reason: String!, $key: String) {\n      r: markRewardFulfilled(id: $id, reference: $reference, reason: $reason, idempotencyKey: $key) {\n        ...ReferralActionResult\n      }\n    }\n  ": typeof types.MarkRewardFulfilledDocument,
    "\n    mutation AddReferralNote($id: ID!, $reason: String!, $key: String) {\n      r: addReferralNote(id: $id, reason: $reason, idempotencyKey: $key) {\n        ...ReferralActionResult\n      }\n    }\n  ": typeof types.AddReferralNoteDocument,
    "\n  query Referral($id: ID!) {\n    referral(id: $id) {\n      referral {\n        ...ReferralFields\n      }\n      timeline {\n        at\n        kind\n        description\n      }\n      workflowId\n      workflowUrl\n      ...ReferralActionFields\n    }\n  }\n": typeof types.ReferralDocument,
    "\n  fragment RewardFields on Reward {\n    id\n    type\n    discountPercent\n    amountCents\n    redeemedCents\n    unit\n    rewardSource\n    referralId\n    status\n    dateGiven\n    dateCancelled\n    dateRedeemed\n    holdUntil\n    expiresAt\n    dateExpired\n  }\n  fragment ReferralFields on Referral {\n    id\n    status\n    referralCodeUsed\n    attributionSource\n    referrerAccountId\n    referrerUserId\n    referredAccountId\n    referrerReward {\n      ...RewardFields\n    }\n    referredReward {\n      ...RewardFields\n    }\n    dateReferralStarted\n    dateReferralPaid\n    dateReferralEnded\n    fraudSignals {\n      signal\n      evidence\n    }\n    review {\n      status\n      reason\n      reviewedBy\n      dateReviewed\n    }\n    referrer {\n      accountId\n      userId\n      name\n      email\n    }\n    friend {\n      accountId\n      userId\n      name\n      email\n    }\n  }\n": typeof types.RewardFieldsFragmentDoc,
    "\n  query Referrals($filter: ReferralFilter, $first: Int, $after: String) {\n    referrals(filter: $filter, first: $first, after: $after) {\n      items {\n        ...ReferralFields\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": typeof types.ReferralsDocument,
    "\n  query ReviewQueue($first: Int, $after: String, $query: String) {\n    referralsForReview(first: $first, after: $after, query: $query) {\n      items {\n        ...ReferralFields\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": typeof types.ReviewQueueDocument,
    "\n  mutation ReviewReferrals($ids: [ID!]!, $decision: ReviewDecision!, $reason: String!) {\n    reviewReferrals(ids: $ids, decision: $decision, reason: $reason) {\n      id\n      outcome\n    }\n  }\n": typeof types.ReviewReferralsDocument,
    "\n  query ExplainRewards($referralId: ID!) {\n    explainRewards(referralId: $referralId) {\n      ruleId\n      ruleName\n      recipient\n      outcome\n      rewardId\n      rewardStatus\n      text\n    }\n  }\n": typeof types.ExplainRewardsDocument,
    "\n  mutation AddSftpKey($publicKey: String!) {\n    addSftpKey(publicKey: $publicKey) {\n      fingerprint\n    }\n  }\n": typeof types.AddSftpKeyDocument,
    "\n  mutation RevokeSftpKey($fingerprint: String!) {\n    revokeSftpKey(fingerprint: $fingerprint) {\n      fingerprint\n    }\n  }\n": typeof types.RevokeSftpKeyDocument,
    "\n  query Sftp {\n    sftp {\n      enabled\n      host\n      port\n      username\n    }\n    sftpKeys {\n      fingerprint\n      keyType\n      comment\n      dateCreated\n      dateLastUsed\n    }\n  }\n": typeof types.SftpDocument,
    "\n    mutation EnableSftp {\n      enableSftp {\n        enabled\n      }\n    }\n  ": typeof types.EnableSftpDocument,
    "\n    mutation DisableSftp {\n      disableSftp {\n        enabled\n      }\n    }\n  ": typeof types.DisableSftpDocument,
    "\n  mutation GenerateSftpKey($comment: String) {\n    generateSftpKey(comment: $comment) {\n      privateKey\n      publicKey\n      fingerprint\n      username\n      host\n      port\n    }\n  }\n": typeof types.GenerateSftpKeyDocument,
    "\n  query ApiKeys {\n    apiKeys {\n      id\n      prefix\n      purpose\n      allowChanges\n      dateCreated\n    }\n  }\n": typeof types.ApiKeysDocument,
    "\n  mutation CreateApiKey($purpose: ApiKeyPurpose, $allowChanges: Boolean) {\n    createApiKey(purpose: $purpose, allowChanges: $allowChanges) {\n      id\n      prefix\n      purpose\n      allowChanges\n      dateCreated\n      key\n    }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n    }\n  }\n": typeof types.RevokeApiKeyDocument,
    "\n  query BrowserIntegration {\n    browserIntegration {\n      scriptUrl\n      scriptTag\n      widgetSnippet\n      jwtSnippet\n      firstBrowserCallAt\n      refusedOrigins {\n        origin\n        firstSeenAt\n        lastSeenAt\n        requests\n      }\n    }\n  }\n": typeof types.BrowserIntegrationDocument,
    "\n  mutation AllowBrowserOrigin($origin: String!) {\n    allowBrowserOrigin(origin: $origin) {\n      allowedOrigins\n    }\n  }\n": typeof types.AllowBrowserOriginDocument,
    "\n  query Install {\n    paymentProcessor {\n      processor\n      merchantId\n      publicKey\n      keyHint\n      environment\n      webhookUrl\n      webhookRegistration\n      webhookEvents\n      connectedAt\n    }\n    program {\n      discountId\n      allowedOrigins\n    }\n    apiKeys {\n      id\n    }\n    accounts(first: 1) {\n      items {\n        id\n      }\n    }\n  }\n": typeof types.InstallDocument,
    "\n  fragment ProgramFields on Program {\n    id\n    isDefault\n    archivedAt\n    name\n    referredDiscountPercent\n    referrerReward {\n      type\n      discountPercent\n      amountCents\n      unit\n    }\n    maxReferrerDiscountPercent\n    discountId\n    landingUrl\n    conversionEventKey\n    requireUserJwtExp\n    allowedOrigins\n    referralCookieDays\n    referralCookieLastClickWins\n    leaderboardEnabled\n    websiteUrl\n    widgetHeadline\n    widgetSubheadline\n    maxAttributionsPerReferrerPerHour\n    fraudPolicy {\n      signal\n      action\n    }\n    rewardHoldDays\n    creditExpiryDays\n    # Share page\n    signupUrl\n    shareLinkUrl\n    shareParam\n    customHost\n    brandColor\n    landingHeadline\n    landingText\n    landingButtonText\n    logoUrl\n    shareMessage\n    shareEmailSubject\n  }\n": typeof types.ProgramFieldsFragmentDoc,
    "\n  mutation UploadProgramLogo($imageBase64: String!) {\n    uploadProgramLogo(imageBase64: $imageBase64) {\n      logoUrl\n    }\n  }\n": typeof types.UploadProgramLogoDocument,
    "\n  mutation RemoveProgramLogo {\n    removeProgramLogo {\n      logoUrl\n    }\n  }\n": typeof types.RemoveProgramLogoDocument,
    "\n  query ShareSampleAccount {\n    accounts(first: 1) {\n      items {\n        id\n      }\n    }\n  }\n": typeof types.ShareSampleAccountDocument,
    "\n  query ShareSampleCode($id: String!) {\n    account(id: $id) {\n      users {\n        shareCode\n      }\n    }\n  }\n": typeof types.ShareSampleCodeDocument,
    "\n  query Program($id: ID) {\n    program(id: $id) {\n      ...ProgramFields\n    }\n  }\n": typeof types.ProgramDocument,
    "\n  mutation UpdateProgram($id: ID, $input: ProgramInput!) {\n    updateProgram(id: $id, input: $input) {\n      ...ProgramFields\n    }\n  }\n": typeof types.UpdateProgramDocument,
    "\n  fragment EndpointFields on WebhookEndpoint {\n    id\n    url\n    description\n    eventTypes\n    enabled\n    dateDisabled\n    disabledReason\n    previousSecretExpiresAt\n    dateCreated\n  }\n": typeof types.EndpointFieldsFragmentDoc,
    "\n  query Webhooks {\n    webhookEndpoints {\n      ...EndpointFields\n    }\n    webhookEventTypes {\n      name\n      description\n    }\n  }\n": typeof types.WebhooksDocument,
    "\n  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        ...EndpointFields\n      }\n    }\n  }\n": typeof types.CreateWebhookEndpointDocument,
    "\n  mutation UpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      ...EndpointFields\n    }\n  }\n": typeof types.UpdateWebhookEndpointDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      id\n    }\n  }\n": typeof types.DeleteWebhookEndpointDocument,
    "\n  mutation RotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) {\n      secret\n      previousSecretExpiresAt\n      endpoint {\n        ...EndpointFields\n      }\n    }\n  }\n": typeof types.RotateWebhookSecretDocument,
    "\n  query WebhookDeliveries($endpointId: ID!, $first: Int, $after: String) {\n    webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) {\n      items {\n        id\n        eventId\n        eventType\n        attempt\n        dateStarted\n        statusCode\n        latencyMs\n        responseExcerpt\n        error\n        outcome\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  mutation SendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      eventId\n    }\n  }\n": typeof types.SendTestWebhookDocument,
    "\n  mutation ReplayWebhookEvent($eventId: ID!, $endpointId: ID) {\n    replayWebhookEvent(eventId: $eventId, endpointId: $endpointId) {\n      eventId\n      endpointIds\n    }\n  }\n": typeof types.ReplayWebhookEventDocument,
    "\n  mutation ReplayFailedWebhookEvents($endpointId: ID!, $since: EpochMillis!) {\n    replayFailedWebhookEvents(endpointId: $endpointId, since: $since) {\n      eventIds\n    }\n  }\n": typeof types.ReplayFailedWebhookEventsDocument,
};
const documents: Documents = {
    "\n  fragment AccountActionResult on AccountActionResult {\n    outcome\n    action {\n      summary\n    }\n    balance {\n      unit\n      available\n    }\n    accountDeleted\n  }\n": types.AccountActionResultFragmentDoc,
    "\n    mutation AdjustCredit(\n      $accountId: ID!\n      $amountCents: Int!\n      $unit: String\n      $reason: String!\n      $key: String\n    ) {\n      r: adjustCredit(\n        accountId: $accountId\n        amountCents: $amountCents\n        unit: $unit\n        reason: $reason\n        idempotencyKey: $key\n      ) {\n        ...AccountActionResult\n      }\n    }\n  ": types.AdjustCreditDocument,
    "\n    mutation RedeemCredit(\n      $accountId: ID!\n      $amountCents: Int!\n      $unit: String\n      $reference: String\n      $reason: String!\n      $key: String\n    ) {\n      r: redeemCredit(\n        accountId: $accountId\n        amountCents: $amountCents\n        unit: $unit\n        reference: $reference\n        reason: $reason\n        idempotencyKey: $key\n      ) {\n        ...AccountActionResult\n      }\n    }\n  ": types.RedeemCreditDocument,
    "\n    mutation UpdateUser(\n      $accountId: ID!\n      $userId: ID!\n      $input: UserEditInput!\n      $reason: String!\n      $key: String\n    ) {\n      r: updateUser(\n        accountId: $accountId\n        userId: $userId\n        input: $input\n        reason: $reason\n        idempotencyKey: $key\n      ) {\n        ...AccountActionResult\n      }\n    }\n  ": types.UpdateUserDocument,
    "\n    mutation ChangeShareCode($accountId: ID!, $userId: ID!, $code: String!, $reason: String!, $key: String) {\n      r: changeShareCode(\n        accountId: $accountId\n        userId: $userId\n        code: $code\n        reason: $reason\n        idempotencyKey: $key\n      ) {\n        ...AccountActionResult\n      }\n    }\n  ": types.ChangeShareCodeDocument,
    "\n    mutation DeleteUser($accountId: ID!, $userId: ID!, $reason: String!, $key: String) {\n      r: deleteUser(accountId: $accountId, userId: $userId, reason: $reason, idempotencyKey: $key) {\n        ...AccountActionResult\n      }\n    }\n  ": types.DeleteUserDocument,
    "\n  query AccountDetail($id: String!) {\n    account(id: $id) {\n      id\n      currency\n      paymentProviderId\n      dateCreated\n      subscription {\n        status\n        billingIntervalType\n        billingIntervalValue\n        value\n      }\n      users {\n        id\n        email\n        firstName\n        lastName\n        shareCode\n        shareLink\n      }\n      referredBy {\n        ...ReferralFields\n      }\n      referrals {\n        ...ReferralFields\n      }\n      rewards {\n        ...RewardFields\n      }\n      recentEvents {\n        id\n        key\n        fields\n        dateTriggered\n        dateReceived\n      }\n    }\n    rewardBalance(accountId: $id) {\n      unit\n      available\n      pending\n    }\n  }\n": types.AccountDetailDocument,
    "\n  query Accounts($search: String, $query: String, $first: Int, $after: String) {\n    accounts(search: $search, query: $query, first: $first, after: $after) {\n      items {\n        id\n        email\n        name\n        userCount\n        referralsMade\n        dateCreated\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": types.AccountsDocument,
    "\n  query Dashboard($range: DateRangeInput!) {\n    dashboard(range: $range) {\n      from\n      to\n      clicks\n      referralsStarted\n      referralsConverted\n      conversionRate\n      rewardsGiven\n      creditOutstanding {\n        unit\n        amount\n      }\n      daily {\n        date\n        clicks\n        started\n        converted\n      }\n      leaderboard {\n        accountId\n        userId\n        name\n        shareCode\n        referralsStarted\n        referralsConverted\n      }\n      numbers {\n        referralsFromClicks\n        referralsDirect\n        clickShare\n        rewardsToReferrers\n        rewardsToReferred\n        revenue {\n          currency\n          customers\n          firstPayment\n          total\n        }\n        rewardCost {\n          side\n          currency\n          rewardsGiven\n          rewardsPending\n          costGiven\n          costPending\n        }\n        returnOnRewards {\n          currency\n          ratio\n        }\n      }\n    }\n  }\n": types.DashboardDocument,
    "\n  fragment ImportJob on Job {\n    id\n    type\n    requester\n    name\n    status\n    resultFileRef\n    dateCreated\n    dateStarted\n    dateCompleted\n    error\n    stats {\n      recordsProcessed\n      recordsFailed\n      recordsTotal\n    }\n  }\n": types.ImportJobFragmentDoc,
    "\n  query ImportJob($id: ID!) {\n    job(id: $id) {\n      ...ImportJob\n    }\n  }\n": types.ImportJobDocument,
    "\n  query ImportJobs($limit: Int, $offset: Int) {\n    jobs(limit: $limit, offset: $offset) {\n      totalCount\n      jobs {\n        ...ImportJob\n      }\n    }\n  }\n": types.ImportJobsDocument,
    "\n  query ActiveImportJobs {\n    running: jobs(status: IN_PROGRESS, limit: 1) {\n      jobs {\n        ...ImportJob\n      }\n    }\n    pending: jobs(status: PENDING, limit: 1) {\n      jobs {\n        ...ImportJob\n      }\n    }\n  }\n": types.ActiveImportJobsDocument,
    "\n  query ValidateImport($jobInput: JobInput!) {\n    validateJobCreation(jobInput: $jobInput) {\n      errors\n    }\n  }\n": types.ValidateImportDocument,
    "\n  mutation CreateImportJob($jobInput: JobInput!) {\n    createJob(jobInput: $jobInput) {\n      ...ImportJob\n    }\n  }\n": types.CreateImportJobDocument,
    "\n  mutation AbortImportJob($id: ID!) {\n    abortJob(id: $id) {\n      ...ImportJob\n    }\n  }\n": types.AbortImportJobDocument,
    "\n  query McpPendingActions {\n    mcpPendingActions(status: PENDING) {\n      id\n      summary\n      requestedBy\n      dateCreated\n    }\n  }\n": types.McpPendingActionsDocument,
    "\n  mutation ApproveMcpAction($id: ID!) {\n    approveMcpAction(id: $id) {\n      id\n      status\n      result\n    }\n  }\n": types.ApproveMcpActionDocument,
    "\n  mutation RejectMcpAction($id: ID!, $reason: String!) {\n    rejectMcpAction(id: $id, reason: $reason) {\n      id\n      status\n    }\n  }\n": types.RejectMcpActionDocument,
    "\n  query NotificationSettings($programId: ID) {\n    programs {\n      id\n      name\n      isDefault\n      archivedAt\n    }\n    notificationSettings(programId: $programId) {\n      kind\n      recipient\n      enabled\n      variables\n    }\n    mailSender {\n      effective\n      smtpConfigured\n    }\n  }\n": types.NotificationSettingsDocument,
    "\n  mutation SetNotificationEnabled($programId: ID, $kind: NotificationKind!, $enabled: Boolean!) {\n    setNotificationEnabled(programId: $programId, kind: $kind, enabled: $enabled) {\n      kind\n      enabled\n    }\n  }\n": types.SetNotificationEnabledDocument,
    "\n  query NotificationTemplate($programId: ID, $kind: NotificationKind!, $locale: String!) {\n    programs {\n      id\n      name\n      isDefault\n      archivedAt\n    }\n    notificationSettings(programId: $programId) {\n      kind\n      recipient\n      enabled\n      variables\n    }\n    notificationTemplate(programId: $programId, kind: $kind, locale: $locale) {\n      kind\n      locale\n      subject\n      body\n      customized\n      updatedAt\n    }\n    mailSender {\n      smtpConfigured\n    }\n  }\n": types.NotificationTemplateDocument,
    "\n  query NotificationPreview(\n    $programId: ID\n    $kind: NotificationKind!\n    $locale: String!\n    $subject: String!\n    $body: String!\n  ) {\n    notificationPreview(programId: $programId, kind: $kind, locale: $locale, subject: $subject, body: $body) {\n      subject\n      html\n      text\n    }\n  }\n": types.NotificationPreviewDocument,
    "\n  mutation UpdateNotificationTemplate(\n    $programId: ID\n    $kind: NotificationKind!\n    $locale: String!\n    $subject: String!\n    $body: String!\n  ) {\n    updateNotificationTemplate(\n      programId: $programId\n      kind: $kind\n      locale: $locale\n      subject: $subject\n      body: $body\n    ) {\n      subject\n      body\n      customized\n    }\n  }\n": types.UpdateNotificationTemplateDocument,
    "\n  mutation ResetNotificationTemplate($programId: ID, $kind: NotificationKind!, $locale: String!) {\n    resetNotificationTemplate(programId: $programId, kind: $kind, locale: $locale) {\n      subject\n      body\n      customized\n    }\n  }\n": types.ResetNotificationTemplateDocument,
    "\n  mutation SendTestNotification($programId: ID, $kind: NotificationKind!, $locale: String!, $to: String!) {\n    sendTestNotification(programId: $programId, kind: $kind, locale: $locale, to: $to) {\n      id\n      status\n      response\n    }\n  }\n": types.SendTestNotificationDocument,
    "\n  query MailSettings {\n    mailSender {\n      name\n      address\n      effective\n      allowedDomains\n      smtpConfigured\n    }\n    mailSuppressions(limit: 200) {\n      email\n      reason\n      createdAt\n    }\n  }\n": types.MailSettingsDocument,
    "\n  mutation SetMailSender($name: String, $address: String) {\n    setMailSender(name: $name, address: $address) {\n      effective\n    }\n  }\n": types.SetMailSenderDocument,
    "\n  mutation AddMailSuppression($email: String!) {\n    addMailSuppression(email: $email) {\n      email\n    }\n  }\n": types.AddMailSuppressionDocument,
    "\n  mutation RemoveMailSuppression($email: String!) {\n    removeMailSuppression(email: $email)\n  }\n": types.RemoveMailSuppressionDocument,
    "\n  query NotificationDeliveries($status: String, $limit: Int, $offset: Int) {\n    notificationDeliveries(status: $status, limit: $limit, offset: $offset) {\n      id\n      kind\n      recipient\n      status\n      response\n      createdAt\n      sentAt\n    }\n  }\n": types.NotificationDeliveriesDocument,
    "\n  query OperatorDigest {\n    operatorDigest\n  }\n": types.OperatorDigestDocument,
    "\n  mutation SetOperatorDigest($enabled: Boolean!) {\n    setOperatorDigest(enabled: $enabled)\n  }\n": types.SetOperatorDigestDocument,
    "\n  query AuditLog($first: Int, $after: ID, $actor: String, $action: String, $from: String, $to: String) {\n    auditLog(first: $first, after: $after, actor: $actor, action: $action, from: $from, to: $to) {\n      entries {\n        id\n        at\n        operatorEmail\n        actorKind\n        actorLabel\n        clientAddress\n        userAgent\n        action\n        target\n        details\n        sentence\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": types.AuditLogDocument,
    "\n  mutation InviteOperator($email: String!, $role: OperatorRole!) {\n    inviteOperator(email: $email, role: $role) {\n      email\n      role\n      link\n      expiresAt\n    }\n  }\n": types.InviteOperatorDocument,
    "\n  query Operators {\n    operators {\n      email\n      role\n      dateCreated\n      pending\n    }\n  }\n": types.OperatorsDocument,
    "\n  mutation ReissueInvitation($email: String!) {\n    reissueInvitation(email: $email) {\n      email\n      role\n      link\n      expiresAt\n    }\n  }\n": types.ReissueInvitationDocument,
    "\n  mutation ResetOperatorAccess($email: String!) {\n    resetOperatorAccess(email: $email) {\n      email\n      role\n      link\n      expiresAt\n    }\n  }\n": types.ResetOperatorAccessDocument,
    "\n  mutation ChangeOperatorRole($email: String!, $role: OperatorRole!) {\n    changeOperatorRole(email: $email, role: $role) {\n      email\n      role\n    }\n  }\n": types.ChangeOperatorRoleDocument,
    "\n  mutation RemoveOperator($email: String!) {\n    removeOperator(email: $email) {\n      email\n    }\n  }\n": types.RemoveOperatorDocument,
    "\n  fragment DuePayeeFields on DuePayee {\n    accountId\n    currency\n    programAvailableCents\n    availableCents\n    payableCents\n    blocker\n    payee {\n      accountId\n      method {\n        type\n        masked\n      }\n      taxFormReceived\n      taxCountry\n      held\n      heldReason\n    }\n    reasons {\n      rewardId\n      amountCents\n      currency\n      ruleId\n      explanation\n      dateGiven\n    }\n  }\n": types.DuePayeeFieldsFragmentDoc,
    "\n  fragment PayoutRunFields on PayoutRun {\n    id\n    programId\n    status\n    trigger\n    requestedBy\n    approvedBy\n    payees\n    createdAt\n    approvedAt\n    finishedAt\n    workflowId\n    workflowUrl\n  }\n": types.PayoutRunFieldsFragmentDoc,
    "\n  fragment PayoutFields on Payout {\n    id\n    accountId\n    method\n    amountCents\n    currency\n    status\n    providerRef\n    providerMessage\n    createdAt\n    sentAt\n    settledAt\n  }\n": types.PayoutFieldsFragmentDoc,
    "\n  query PayoutsDue($programId: ID, $after: ID, $first: Int) {\n    programs {\n      id\n      name\n      isDefault\n      archivedAt\n    }\n    payoutsDue(programId: $programId, after: $after, first: $first) {\n      payees {\n        ...DuePayeeFields\n      }\n      next\n    }\n    payoutPolicy(programId: $programId) {\n      programId\n      minimumCents\n      requireApproval\n    }\n  }\n": types.PayoutsDueDocument,
    "\n  query PayoutRuns($first: Int) {\n    programs {\n      id\n      name\n      isDefault\n      archivedAt\n    }\n    payoutRuns(first: $first) {\n      ...PayoutRunFields\n    }\n  }\n": types.PayoutRunsDocument,
    "\n  query PayoutRun($id: ID!) {\n    payoutRun(id: $id) {\n      ...PayoutRunFields\n      payouts {\n        ...PayoutFields\n      }\n    }\n  }\n": types.PayoutRunDocument,
    "\n  query PayoutRunCsv($id: ID!) {\n    payoutRunCsv(id: $id)\n  }\n": types.PayoutRunCsvDocument,
    "\n  query PayoutSettings($programId: ID) {\n    programs {\n      id\n      name\n      isDefault\n      archivedAt\n    }\n    payoutPolicy(programId: $programId) {\n      programId\n      minimumCents\n      schedule\n      requireApproval\n    }\n    payoutTaxThreshold\n    payoutConnections {\n      provider\n      keyHint\n      webhookVerified\n      connectedAt\n    }\n  }\n": types.PayoutSettingsDocument,
    "\n  mutation RequestPayoutRun($input: PayoutRunInput) {\n    requestPayoutRun(input: $input) {\n      ...PayoutRunFields\n    }\n  }\n": types.RequestPayoutRunDocument,
    "\n  mutation ApprovePayoutRun($id: ID!) {\n    approvePayoutRun(id: $id) {\n      ...PayoutRunFields\n    }\n  }\n": types.ApprovePayoutRunDocument,
    "\n  mutation CancelPayoutRun($id: ID!) {\n    cancelPayoutRun(id: $id) {\n      ...PayoutRunFields\n    }\n  }\n": types.CancelPayoutRunDocument,
    "\n  mutation CancelPayout($id: ID!) {\n    cancelPayout(id: $id) {\n      id\n      status\n    }\n  }\n": types.CancelPayoutDocument,
    "\n  mutation HoldPayee($accountId: ID!, $held: Boolean!, $reason: String) {\n    holdPayee(accountId: $accountId, held: $held, reason: $reason) {\n      accountId\n      held\n      heldReason\n    }\n  }\n": types.HoldPayeeDocument,
    "\n  mutation SetPayeeTaxStatus($accountId: ID!, $status: PayeeTaxStatusInput!) {\n    setPayeeTaxStatus(accountId: $accountId, status: $status) {\n      accountId\n      taxFormReceived\n      taxCountry\n    }\n  }\n": types.SetPayeeTaxStatusDocument,
    "\n  mutation SetPayoutPolicy($input: PayoutPolicyInput!) {\n    setPayoutPolicy(input: $input) {\n      programId\n      minimumCents\n      schedule\n      requireApproval\n    }\n  }\n": types.SetPayoutPolicyDocument,
    "\n  mutation SetPayoutTaxThreshold($thresholdCents: Int) {\n    setPayoutTaxThreshold(thresholdCents: $thresholdCents)\n  }\n": types.SetPayoutTaxThresholdDocument,
    "\n  mutation ConnectPayoutProvider($input: PayoutConnectionInput!) {\n    connectPayoutProvider(input: $input) {\n      provider\n      keyHint\n      webhookVerified\n      connectedAt\n    }\n  }\n": types.ConnectPayoutProviderDocument,
    "\n  query Notifications {\n    processorNotifications(first: 20) {\n      id\n      kind\n      processor\n      subjectId\n      customerId\n      status\n      receivedAt\n      processedAt\n      outcome\n    }\n  }\n": types.NotificationsDocument,
    "\n  mutation Disconnect {\n    disconnectPaymentProcessor\n  }\n": types.DisconnectDocument,
    "\n  mutation Connect($input: ConnectPaymentProcessorInput!) {\n    connectPaymentProcessor(input: $input) {\n      environment\n      webhookRegistration\n    }\n  }\n": types.ConnectDocument,
    "\n  query ProgramList {\n    programs {\n      id\n      isDefault\n      archivedAt\n      name\n      referredDiscountPercent\n      referrerReward {\n        type\n        discountPercent\n        amountCents\n        unit\n      }\n      ruleVersion\n    }\n  }\n": types.ProgramListDocument,
    "\n  mutation CreateProgram($input: ProgramInput!) {\n    createProgram(input: $input) {\n      id\n      name\n    }\n  }\n": types.CreateProgramDocument,
    "\n  mutation ArchiveProgram($id: ID!) {\n    archiveProgram(id: $id) {\n      id\n      archivedAt\n    }\n  }\n": types.ArchiveProgramDocument,
    "\n  fragment RuleFields on ProgramRule {\n    id\n    name\n    trigger {\n      type\n      forMonths\n      eventKey\n      field\n      atLeast\n      conversions\n    }\n    recipient\n    reward {\n      type\n      discountPercent\n      amountCents\n      unit\n      currency\n      percentOfPayment\n    }\n    tiers {\n      fromConversions\n      toConversions\n      reward {\n        type\n        discountPercent\n        amountCents\n        unit\n        currency\n        percentOfPayment\n      }\n    }\n    limits {\n      period\n      maxCount\n      maxAmountCents\n    }\n    eligibility {\n      minSubscriptionValueCents\n      newCustomersOnly\n    }\n  }\n": types.RuleFieldsFragmentDoc,
    "\n  query ProgramRules($id: ID) {\n    program(id: $id) {\n      id\n      name\n      isDefault\n      ruleVersion\n      rules {\n        ...RuleFields\n      }\n      ruleVersions {\n        version\n        publishedBy\n        publishedAt\n        rules {\n          ...RuleFields\n        }\n      }\n    }\n  }\n": types.ProgramRulesDocument,
    "\n  mutation PublishRules($id: ID, $rules: [ProgramRuleInput!]!) {\n    updateProgram(id: $id, input: { rules: $rules }) {\n      ruleVersion\n    }\n  }\n": types.PublishRulesDocument,
    "\n  fragment SimulationTotalFields on SimulationTotal {\n    month\n    unit\n    rewards\n    amount\n  }\n": types.SimulationTotalFieldsFragmentDoc,
    "\n  query SimulateRules($id: ID, $rules: [ProgramRuleInput!]!, $from: String!, $to: String!) {\n    simulateProgram(id: $id, rules: $rules, from: $from, to: $to) {\n      from\n      to\n      conversions\n      payments\n      events\n      rules {\n        ruleId\n        ruleName\n        totals {\n          ...SimulationTotalFields\n        }\n        given {\n          ...SimulationTotalFields\n        }\n      }\n      wouldGive {\n        ...SimulationTotalFields\n      }\n      given {\n        ...SimulationTotalFields\n      }\n    }\n  }\n": types.SimulateRulesDocument,
    "\n  mutation Bulk($input: BulkReferralActionInput!) {\n    bulkReferralAction(input: $input) {\n      id\n      outcome\n      message\n      problem\n    }\n  }\n": types.BulkDocument,
    "\n  fragment ReferralActionFields on ReferralDetail {\n    actions {\n      id\n      action\n      reason\n      actor\n      at\n      rewardId\n      reference\n      summary\n    }\n    grantedRewards {\n      ...RewardFields\n    }\n  }\n": types.ReferralActionFieldsFragmentDoc,
    "\n  fragment ReferralActionResult on ReferralActionResult {\n    outcome\n    referral {\n      id\n      status\n    }\n  }\n": types.ReferralActionResultFragmentDoc,
    "\n    mutation CancelReferral($id: ID!, $reason: String!, $key: String) {\n      r: cancelReferral(id: $id, reason: $reason, idempotencyKey: $key) {\n        ...ReferralActionResult\n      }\n    }\n  ": types.CancelReferralDocument,
    "\n    mutation ReattributeReferral($id: ID!, $to: ReferrerTargetInput!, $reason: String!, $key: String) {\n      r: reattributeReferral(id: $id, to: $to, reason: $reason, idempotencyKey: $key) {\n        ...ReferralActionResult\n      }\n    }\n  ": types.ReattributeReferralDocument,
    "\n    mutation GrantReward(\n      $id: ID!\n      $side: ReferralSide!\n      $reward: ManualRewardInput!\n      $reason: String!\n      $key: String\n    ) {\n      r: grantReward(id: $id, side: $side, reward: $reward, reason: $reason, idempotencyKey: $key) {\n        ...ReferralActionResult\n      }\n    }\n  ": types.GrantRewardDocument,
    "\n    mutation VoidReward($id: ID!, $reason: String!, $key: String) {\n      r: voidReward(id: $id, reason: $reason, idempotencyKey: $key) {\n        ...ReferralActionResult\n      }\n    }\n  ": types.VoidRewardDocument,
    "\n    mutation MarkRewardFulfilled($id: ID!, $reference: String!, $reason: String!, $key: String) {\n      r: markRewardFulfilled(id: $id, reference: $reference, reason: $reason, idempotencyKey: $key) {\n        ...ReferralActionResult\n      }\n    }\n  ": types.MarkRewardFulfilledDocument,
    "\n    mutation AddReferralNote($id: ID!, $reason: String!, $key: String) {\n      r: addReferralNote(id: $id, reason: $reason, idempotencyKey: $key) {\n        ...ReferralActionResult\n      }\n    }\n  ": types.AddReferralNoteDocument,
    "\n  query Referral($id: ID!) {\n    referral(id: $id) {\n      referral {\n        ...ReferralFields\n      }\n      timeline {\n        at\n        kind\n        description\n      }\n      workflowId\n      workflowUrl\n      ...ReferralActionFields\n    }\n  }\n": types.ReferralDocument,
    "\n  fragment RewardFields on Reward {\n    id\n    type\n    discountPercent\n    amountCents\n    redeemedCents\n    unit\n    rewardSource\n    referralId\n    status\n    dateGiven\n    dateCancelled\n    dateRedeemed\n    holdUntil\n    expiresAt\n    dateExpired\n  }\n  fragment ReferralFields on Referral {\n    id\n    status\n    referralCodeUsed\n    attributionSource\n    referrerAccountId\n    referrerUserId\n    referredAccountId\n    referrerReward {\n      ...RewardFields\n    }\n    referredReward {\n      ...RewardFields\n    }\n    dateReferralStarted\n    dateReferralPaid\n    dateReferralEnded\n    fraudSignals {\n      signal\n      evidence\n    }\n    review {\n      status\n      reason\n      reviewedBy\n      dateReviewed\n    }\n    referrer {\n      accountId\n      userId\n      name\n      email\n    }\n    friend {\n      accountId\n      userId\n      name\n      email\n    }\n  }\n": types.RewardFieldsFragmentDoc,
    "\n  query Referrals($filter: ReferralFilter, $first: Int, $after: String) {\n    referrals(filter: $filter, first: $first, after: $after) {\n      items {\n        ...ReferralFields\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": types.ReferralsDocument,
    "\n  query ReviewQueue($first: Int, $after: String, $query: String) {\n    referralsForReview(first: $first, after: $after, query: $query) {\n      items {\n        ...ReferralFields\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": types.ReviewQueueDocument,
    "\n  mutation ReviewReferrals($ids: [ID!]!, $decision: ReviewDecision!, $reason: String!) {\n    reviewReferrals(ids: $ids, decision: $decision, reason: $reason) {\n      id\n      outcome\n    }\n  }\n": types.ReviewReferralsDocument,
    "\n  query ExplainRewards($referralId: ID!) {\n    explainRewards(referralId: $referralId) {\n      ruleId\n      ruleName\n      recipient\n      outcome\n      rewardId\n      rewardStatus\n      text\n    }\n  }\n": types.ExplainRewardsDocument,
    "\n  mutation AddSftpKey($publicKey: String!) {\n    addSftpKey(publicKey: $publicKey) {\n      fingerprint\n    }\n  }\n": types.AddSftpKeyDocument,
    "\n  mutation RevokeSftpKey($fingerprint: String!) {\n    revokeSftpKey(fingerprint: $fingerprint) {\n      fingerprint\n    }\n  }\n": types.RevokeSftpKeyDocument,
    "\n  query Sftp {\n    sftp {\n      enabled\n      host\n      port\n      username\n    }\n    sftpKeys {\n      fingerprint\n      keyType\n      comment\n      dateCreated\n      dateLastUsed\n    }\n  }\n": types.SftpDocument,
    "\n    mutation EnableSftp {\n      enableSftp {\n        enabled\n      }\n    }\n  ": types.EnableSftpDocument,
    "\n    mutation DisableSftp {\n      disableSftp {\n        enabled\n      }\n    }\n  ": types.DisableSftpDocument,
    "\n  mutation GenerateSftpKey($comment: String) {\n    generateSftpKey(comment: $comment) {\n      privateKey\n      publicKey\n      fingerprint\n      username\n      host\n      port\n    }\n  }\n": types.GenerateSftpKeyDocument,
    "\n  query ApiKeys {\n    apiKeys {\n      id\n      prefix\n      purpose\n      allowChanges\n      dateCreated\n    }\n  }\n": types.ApiKeysDocument,
    "\n  mutation CreateApiKey($purpose: ApiKeyPurpose, $allowChanges: Boolean) {\n    createApiKey(purpose: $purpose, allowChanges: $allowChanges) {\n      id\n      prefix\n      purpose\n      allowChanges\n      dateCreated\n      key\n    }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n    }\n  }\n": types.RevokeApiKeyDocument,
    "\n  query BrowserIntegration {\n    browserIntegration {\n      scriptUrl\n      scriptTag\n      widgetSnippet\n      jwtSnippet\n      firstBrowserCallAt\n      refusedOrigins {\n        origin\n        firstSeenAt\n        lastSeenAt\n        requests\n      }\n    }\n  }\n": types.BrowserIntegrationDocument,
    "\n  mutation AllowBrowserOrigin($origin: String!) {\n    allowBrowserOrigin(origin: $origin) {\n      allowedOrigins\n    }\n  }\n": types.AllowBrowserOriginDocument,
    "\n  query Install {\n    paymentProcessor {\n      processor\n      merchantId\n      publicKey\n      keyHint\n      environment\n      webhookUrl\n      webhookRegistration\n      webhookEvents\n      connectedAt\n    }\n    program {\n      discountId\n      allowedOrigins\n    }\n    apiKeys {\n      id\n    }\n    accounts(first: 1) {\n      items {\n        id\n      }\n    }\n  }\n": types.InstallDocument,
    "\n  fragment ProgramFields on Program {\n    id\n    isDefault\n    archivedAt\n    name\n    referredDiscountPercent\n    referrerReward {\n      type\n      discountPercent\n      amountCents\n      unit\n    }\n    maxReferrerDiscountPercent\n    discountId\n    landingUrl\n    conversionEventKey\n    requireUserJwtExp\n    allowedOrigins\n    referralCookieDays\n    referralCookieLastClickWins\n    leaderboardEnabled\n    websiteUrl\n    widgetHeadline\n    widgetSubheadline\n    maxAttributionsPerReferrerPerHour\n    fraudPolicy {\n      signal\n      action\n    }\n    rewardHoldDays\n    creditExpiryDays\n    # Share page\n    signupUrl\n    shareLinkUrl\n    shareParam\n    customHost\n    brandColor\n    landingHeadline\n    landingText\n    landingButtonText\n    logoUrl\n    shareMessage\n    shareEmailSubject\n  }\n": types.ProgramFieldsFragmentDoc,
    "\n  mutation UploadProgramLogo($imageBase64: String!) {\n    uploadProgramLogo(imageBase64: $imageBase64) {\n      logoUrl\n    }\n  }\n": types.UploadProgramLogoDocument,
    "\n  mutation RemoveProgramLogo {\n    removeProgramLogo {\n      logoUrl\n    }\n  }\n": types.RemoveProgramLogoDocument,
    "\n  query ShareSampleAccount {\n    accounts(first: 1) {\n      items {\n        id\n      }\n    }\n  }\n": types.ShareSampleAccountDocument,
    "\n  query ShareSampleCode($id: String!) {\n    account(id: $id) {\n      users {\n        shareCode\n      }\n    }\n  }\n": types.ShareSampleCodeDocument,
    "\n  query Program($id: ID) {\n    program(id: $id) {\n      ...ProgramFields\n    }\n  }\n": types.ProgramDocument,
    "\n  mutation UpdateProgram($id: ID, $input: ProgramInput!) {\n    updateProgram(id: $id, input: $input) {\n      ...ProgramFields\n    }\n  }\n": types.UpdateProgramDocument,
    "\n  fragment EndpointFields on WebhookEndpoint {\n    id\n    url\n    description\n    eventTypes\n    enabled\n    dateDisabled\n    disabledReason\n    previousSecretExpiresAt\n    dateCreated\n  }\n": types.EndpointFieldsFragmentDoc,
    "\n  query Webhooks {\n    webhookEndpoints {\n      ...EndpointFields\n    }\n    webhookEventTypes {\n      name\n      description\n    }\n  }\n": types.WebhooksDocument,
    "\n  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        ...EndpointFields\n      }\n    }\n  }\n": types.CreateWebhookEndpointDocument,
    "\n  mutation UpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      ...EndpointFields\n    }\n  }\n": types.UpdateWebhookEndpointDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      id\n    }\n  }\n": types.DeleteWebhookEndpointDocument,
    "\n  mutation RotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) {\n      secret\n      previousSecretExpiresAt\n      endpoint {\n        ...EndpointFields\n      }\n    }\n  }\n": types.RotateWebhookSecretDocument,
    "\n  query WebhookDeliveries($endpointId: ID!, $first: Int, $after: String) {\n    webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) {\n      items {\n        id\n        eventId\n        eventType\n        attempt\n        dateStarted\n        statusCode\n        latencyMs\n        responseExcerpt\n        error\n        outcome\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  mutation SendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      eventId\n    }\n  }\n": types.SendTestWebhookDocument,
    "\n  mutation ReplayWebhookEvent($eventId: ID!, $endpointId: ID) {\n    replayWebhookEvent(eventId: $eventId, endpointId: $endpointId) {\n      eventId\n      endpointIds\n    }\n  }\n": types.ReplayWebhookEventDocument,
    "\n  mutation ReplayFailedWebhookEvents($endpointId: ID!, $since: EpochMillis!) {\n    replayFailedWebhookEvents(endpointId: $endpointId, since: $since) {\n      eventIds\n    }\n  }\n": types.ReplayFailedWebhookEventsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AccountActionResult on AccountActionResult {\n    outcome\n    action {\n      summary\n    }\n    balance {\n      unit\n      available\n    }\n    accountDeleted\n  }\n"): typeof import('./graphql').AccountActionResultFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation AdjustCredit(\n      $accountId: ID!\n      $amountCents: Int!\n      $unit: String\n      $reason: String!\n      $key: String\n    ) {\n      r: adjustCredit(\n        accountId: $accountId\n        amountCents: $amountCents\n        unit: $unit\n        reason: $reason\n        idempotencyKey: $key\n      ) {\n        ...AccountActionResult\n      }\n    }\n  "): typeof import('./graphql').AdjustCreditDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RedeemCredit(\n      $accountId: ID!\n      $amountCents: Int!\n      $unit: String\n      $reference: String\n      $reason: String!\n      $key: String\n    ) {\n      r: redeemCredit(\n        accountId: $accountId\n        amountCents: $amountCents\n        unit: $unit\n        reference: $reference\n        reason: $reason\n        idempotencyKey: $key\n      ) {\n        ...AccountActionResult\n      }\n    }\n  "): typeof import('./graphql').RedeemCreditDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation UpdateUser(\n      $accountId: ID!\n      $userId: ID!\n      $input: UserEditInput!\n      $reason: String!\n      $key: String\n    ) {\n      r: updateUser(\n        accountId: $accountId\n        userId: $userId\n        input: $input\n        reason: $reason\n        idempotencyKey: $key\n      ) {\n        ...AccountActionResult\n      }\n    }\n  "): typeof import('./graphql').UpdateUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ChangeShareCode($accountId: ID!, $userId: ID!, $code: String!, $reason: String!, $key: String) {\n      r: changeShareCode(\n        accountId: $accountId\n        userId: $userId\n        code: $code\n        reason: $reason\n        idempotencyKey: $key\n      ) {\n        ...AccountActionResult\n      }\n    }\n  "): typeof import('./graphql').ChangeShareCodeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation DeleteUser($accountId: ID!, $userId: ID!, $reason: String!, $key: String) {\n      r: deleteUser(accountId: $accountId, userId: $userId, reason: $reason, idempotencyKey: $key) {\n        ...AccountActionResult\n      }\n    }\n  "): typeof import('./graphql').DeleteUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountDetail($id: String!) {\n    account(id: $id) {\n      id\n      currency\n      paymentProviderId\n      dateCreated\n      subscription {\n        status\n        billingIntervalType\n        billingIntervalValue\n        value\n      }\n      users {\n        id\n        email\n        firstName\n        lastName\n        shareCode\n        shareLink\n      }\n      referredBy {\n        ...ReferralFields\n      }\n      referrals {\n        ...ReferralFields\n      }\n      rewards {\n        ...RewardFields\n      }\n      recentEvents {\n        id\n        key\n        fields\n        dateTriggered\n        dateReceived\n      }\n    }\n    rewardBalance(accountId: $id) {\n      unit\n      available\n      pending\n    }\n  }\n"): typeof import('./graphql').AccountDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Accounts($search: String, $query: String, $first: Int, $after: String) {\n    accounts(search: $search, query: $query, first: $first, after: $after) {\n      items {\n        id\n        email\n        name\n        userCount\n        referralsMade\n        dateCreated\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n"): typeof import('./graphql').AccountsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Dashboard($range: DateRangeInput!) {\n    dashboard(range: $range) {\n      from\n      to\n      clicks\n      referralsStarted\n      referralsConverted\n      conversionRate\n      rewardsGiven\n      creditOutstanding {\n        unit\n        amount\n      }\n      daily {\n        date\n        clicks\n        started\n        converted\n      }\n      leaderboard {\n        accountId\n        userId\n        name\n        shareCode\n        referralsStarted\n        referralsConverted\n      }\n      numbers {\n        referralsFromClicks\n        referralsDirect\n        clickShare\n        rewardsToReferrers\n        rewardsToReferred\n        revenue {\n          currency\n          customers\n          firstPayment\n          total\n        }\n        rewardCost {\n          side\n          currency\n          rewardsGiven\n          rewardsPending\n          costGiven\n          costPending\n        }\n        returnOnRewards {\n          currency\n          ratio\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').DashboardDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ImportJob on Job {\n    id\n    type\n    requester\n    name\n    status\n    resultFileRef\n    dateCreated\n    dateStarted\n    dateCompleted\n    error\n    stats {\n      recordsProcessed\n      recordsFailed\n      recordsTotal\n    }\n  }\n"): typeof import('./graphql').ImportJobFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImportJob($id: ID!) {\n    job(id: $id) {\n      ...ImportJob\n    }\n  }\n"): typeof import('./graphql').ImportJobDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImportJobs($limit: Int, $offset: Int) {\n    jobs(limit: $limit, offset: $offset) {\n      totalCount\n      jobs {\n        ...ImportJob\n      }\n    }\n  }\n"): typeof import('./graphql').ImportJobsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ActiveImportJobs {\n    running: jobs(status: IN_PROGRESS, limit: 1) {\n      jobs {\n        ...ImportJob\n      }\n    }\n    pending: jobs(status: PENDING, limit: 1) {\n      jobs {\n        ...ImportJob\n      }\n    }\n  }\n"): typeof import('./graphql').ActiveImportJobsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ValidateImport($jobInput: JobInput!) {\n    validateJobCreation(jobInput: $jobInput) {\n      errors\n    }\n  }\n"): typeof import('./graphql').ValidateImportDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateImportJob($jobInput: JobInput!) {\n    createJob(jobInput: $jobInput) {\n      ...ImportJob\n    }\n  }\n"): typeof import('./graphql').CreateImportJobDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AbortImportJob($id: ID!) {\n    abortJob(id: $id) {\n      ...ImportJob\n    }\n  }\n"): typeof import('./graphql').AbortImportJobDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query McpPendingActions {\n    mcpPendingActions(status: PENDING) {\n      id\n      summary\n      requestedBy\n      dateCreated\n    }\n  }\n"): typeof import('./graphql').McpPendingActionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveMcpAction($id: ID!) {\n    approveMcpAction(id: $id) {\n      id\n      status\n      result\n    }\n  }\n"): typeof import('./graphql').ApproveMcpActionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RejectMcpAction($id: ID!, $reason: String!) {\n    rejectMcpAction(id: $id, reason: $reason) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').RejectMcpActionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationSettings($programId: ID) {\n    programs {\n      id\n      name\n      isDefault\n      archivedAt\n    }\n    notificationSettings(programId: $programId) {\n      kind\n      recipient\n      enabled\n      variables\n    }\n    mailSender {\n      effective\n      smtpConfigured\n    }\n  }\n"): typeof import('./graphql').NotificationSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetNotificationEnabled($programId: ID, $kind: NotificationKind!, $enabled: Boolean!) {\n    setNotificationEnabled(programId: $programId, kind: $kind, enabled: $enabled) {\n      kind\n      enabled\n    }\n  }\n"): typeof import('./graphql').SetNotificationEnabledDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationTemplate($programId: ID, $kind: NotificationKind!, $locale: String!) {\n    programs {\n      id\n      name\n      isDefault\n      archivedAt\n    }\n    notificationSettings(programId: $programId) {\n      kind\n      recipient\n      enabled\n      variables\n    }\n    notificationTemplate(programId: $programId, kind: $kind, locale: $locale) {\n      kind\n      locale\n      subject\n      body\n      customized\n      updatedAt\n    }\n    mailSender {\n      smtpConfigured\n    }\n  }\n"): typeof import('./graphql').NotificationTemplateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationPreview(\n    $programId: ID\n    $kind: NotificationKind!\n    $locale: String!\n    $subject: String!\n    $body: String!\n  ) {\n    notificationPreview(programId: $programId, kind: $kind, locale: $locale, subject: $subject, body: $body) {\n      subject\n      html\n      text\n    }\n  }\n"): typeof import('./graphql').NotificationPreviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateNotificationTemplate(\n    $programId: ID\n    $kind: NotificationKind!\n    $locale: String!\n    $subject: String!\n    $body: String!\n  ) {\n    updateNotificationTemplate(\n      programId: $programId\n      kind: $kind\n      locale: $locale\n      subject: $subject\n      body: $body\n    ) {\n      subject\n      body\n      customized\n    }\n  }\n"): typeof import('./graphql').UpdateNotificationTemplateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetNotificationTemplate($programId: ID, $kind: NotificationKind!, $locale: String!) {\n    resetNotificationTemplate(programId: $programId, kind: $kind, locale: $locale) {\n      subject\n      body\n      customized\n    }\n  }\n"): typeof import('./graphql').ResetNotificationTemplateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendTestNotification($programId: ID, $kind: NotificationKind!, $locale: String!, $to: String!) {\n    sendTestNotification(programId: $programId, kind: $kind, locale: $locale, to: $to) {\n      id\n      status\n      response\n    }\n  }\n"): typeof import('./graphql').SendTestNotificationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MailSettings {\n    mailSender {\n      name\n      address\n      effective\n      allowedDomains\n      smtpConfigured\n    }\n    mailSuppressions(limit: 200) {\n      email\n      reason\n      createdAt\n    }\n  }\n"): typeof import('./graphql').MailSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetMailSender($name: String, $address: String) {\n    setMailSender(name: $name, address: $address) {\n      effective\n    }\n  }\n"): typeof import('./graphql').SetMailSenderDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddMailSuppression($email: String!) {\n    addMailSuppression(email: $email) {\n      email\n    }\n  }\n"): typeof import('./graphql').AddMailSuppressionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveMailSuppression($email: String!) {\n    removeMailSuppression(email: $email)\n  }\n"): typeof import('./graphql').RemoveMailSuppressionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationDeliveries($status: String, $limit: Int, $offset: Int) {\n    notificationDeliveries(status: $status, limit: $limit, offset: $offset) {\n      id\n      kind\n      recipient\n      status\n      response\n      createdAt\n      sentAt\n    }\n  }\n"): typeof import('./graphql').NotificationDeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OperatorDigest {\n    operatorDigest\n  }\n"): typeof import('./graphql').OperatorDigestDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetOperatorDigest($enabled: Boolean!) {\n    setOperatorDigest(enabled: $enabled)\n  }\n"): typeof import('./graphql').SetOperatorDigestDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditLog($first: Int, $after: ID, $actor: String, $action: String, $from: String, $to: String) {\n    auditLog(first: $first, after: $after, actor: $actor, action: $action, from: $from, to: $to) {\n      entries {\n        id\n        at\n        operatorEmail\n        actorKind\n        actorLabel\n        clientAddress\n        userAgent\n        action\n        target\n        details\n        sentence\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n"): typeof import('./graphql').AuditLogDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InviteOperator($email: String!, $role: OperatorRole!) {\n    inviteOperator(email: $email, role: $role) {\n      email\n      role\n      link\n      expiresAt\n    }\n  }\n"): typeof import('./graphql').InviteOperatorDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Operators {\n    operators {\n      email\n      role\n      dateCreated\n      pending\n    }\n  }\n"): typeof import('./graphql').OperatorsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReissueInvitation($email: String!) {\n    reissueInvitation(email: $email) {\n      email\n      role\n      link\n      expiresAt\n    }\n  }\n"): typeof import('./graphql').ReissueInvitationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetOperatorAccess($email: String!) {\n    resetOperatorAccess(email: $email) {\n      email\n      role\n      link\n      expiresAt\n    }\n  }\n"): typeof import('./graphql').ResetOperatorAccessDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangeOperatorRole($email: String!, $role: OperatorRole!) {\n    changeOperatorRole(email: $email, role: $role) {\n      email\n      role\n    }\n  }\n"): typeof import('./graphql').ChangeOperatorRoleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveOperator($email: String!) {\n    removeOperator(email: $email) {\n      email\n    }\n  }\n"): typeof import('./graphql').RemoveOperatorDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DuePayeeFields on DuePayee {\n    accountId\n    currency\n    programAvailableCents\n    availableCents\n    payableCents\n    blocker\n    payee {\n      accountId\n      method {\n        type\n        masked\n      }\n      taxFormReceived\n      taxCountry\n      held\n      heldReason\n    }\n    reasons {\n      rewardId\n      amountCents\n      currency\n      ruleId\n      explanation\n      dateGiven\n    }\n  }\n"): typeof import('./graphql').DuePayeeFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PayoutRunFields on PayoutRun {\n    id\n    programId\n    status\n    trigger\n    requestedBy\n    approvedBy\n    payees\n    createdAt\n    approvedAt\n    finishedAt\n    workflowId\n    workflowUrl\n  }\n"): typeof import('./graphql').PayoutRunFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PayoutFields on Payout {\n    id\n    accountId\n    method\n    amountCents\n    currency\n    status\n    providerRef\n    providerMessage\n    createdAt\n    sentAt\n    settledAt\n  }\n"): typeof import('./graphql').PayoutFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PayoutsDue($programId: ID, $after: ID, $first: Int) {\n    programs {\n      id\n      name\n      isDefault\n      archivedAt\n    }\n    payoutsDue(programId: $programId, after: $after, first: $first) {\n      payees {\n        ...DuePayeeFields\n      }\n      next\n    }\n    payoutPolicy(programId: $programId) {\n      programId\n      minimumCents\n      requireApproval\n    }\n  }\n"): typeof import('./graphql').PayoutsDueDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PayoutRuns($first: Int) {\n    programs {\n      id\n      name\n      isDefault\n      archivedAt\n    }\n    payoutRuns(first: $first) {\n      ...PayoutRunFields\n    }\n  }\n"): typeof import('./graphql').PayoutRunsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PayoutRun($id: ID!) {\n    payoutRun(id: $id) {\n      ...PayoutRunFields\n      payouts {\n        ...PayoutFields\n      }\n    }\n  }\n"): typeof import('./graphql').PayoutRunDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PayoutRunCsv($id: ID!) {\n    payoutRunCsv(id: $id)\n  }\n"): typeof import('./graphql').PayoutRunCsvDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PayoutSettings($programId: ID) {\n    programs {\n      id\n      name\n      isDefault\n      archivedAt\n    }\n    payoutPolicy(programId: $programId) {\n      programId\n      minimumCents\n      schedule\n      requireApproval\n    }\n    payoutTaxThreshold\n    payoutConnections {\n      provider\n      keyHint\n      webhookVerified\n      connectedAt\n    }\n  }\n"): typeof import('./graphql').PayoutSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestPayoutRun($input: PayoutRunInput) {\n    requestPayoutRun(input: $input) {\n      ...PayoutRunFields\n    }\n  }\n"): typeof import('./graphql').RequestPayoutRunDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApprovePayoutRun($id: ID!) {\n    approvePayoutRun(id: $id) {\n      ...PayoutRunFields\n    }\n  }\n"): typeof import('./graphql').ApprovePayoutRunDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelPayoutRun($id: ID!) {\n    cancelPayoutRun(id: $id) {\n      ...PayoutRunFields\n    }\n  }\n"): typeof import('./graphql').CancelPayoutRunDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelPayout($id: ID!) {\n    cancelPayout(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').CancelPayoutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation HoldPayee($accountId: ID!, $held: Boolean!, $reason: String) {\n    holdPayee(accountId: $accountId, held: $held, reason: $reason) {\n      accountId\n      held\n      heldReason\n    }\n  }\n"): typeof import('./graphql').HoldPayeeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetPayeeTaxStatus($accountId: ID!, $status: PayeeTaxStatusInput!) {\n    setPayeeTaxStatus(accountId: $accountId, status: $status) {\n      accountId\n      taxFormReceived\n      taxCountry\n    }\n  }\n"): typeof import('./graphql').SetPayeeTaxStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetPayoutPolicy($input: PayoutPolicyInput!) {\n    setPayoutPolicy(input: $input) {\n      programId\n      minimumCents\n      schedule\n      requireApproval\n    }\n  }\n"): typeof import('./graphql').SetPayoutPolicyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetPayoutTaxThreshold($thresholdCents: Int) {\n    setPayoutTaxThreshold(thresholdCents: $thresholdCents)\n  }\n"): typeof import('./graphql').SetPayoutTaxThresholdDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConnectPayoutProvider($input: PayoutConnectionInput!) {\n    connectPayoutProvider(input: $input) {\n      provider\n      keyHint\n      webhookVerified\n      connectedAt\n    }\n  }\n"): typeof import('./graphql').ConnectPayoutProviderDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Notifications {\n    processorNotifications(first: 20) {\n      id\n      kind\n      processor\n      subjectId\n      customerId\n      status\n      receivedAt\n      processedAt\n      outcome\n    }\n  }\n"): typeof import('./graphql').NotificationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Disconnect {\n    disconnectPaymentProcessor\n  }\n"): typeof import('./graphql').DisconnectDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Connect($input: ConnectPaymentProcessorInput!) {\n    connectPaymentProcessor(input: $input) {\n      environment\n      webhookRegistration\n    }\n  }\n"): typeof import('./graphql').ConnectDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProgramList {\n    programs {\n      id\n      isDefault\n      archivedAt\n      name\n      referredDiscountPercent\n      referrerReward {\n        type\n        discountPercent\n        amountCents\n        unit\n      }\n      ruleVersion\n    }\n  }\n"): typeof import('./graphql').ProgramListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProgram($input: ProgramInput!) {\n    createProgram(input: $input) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').CreateProgramDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ArchiveProgram($id: ID!) {\n    archiveProgram(id: $id) {\n      id\n      archivedAt\n    }\n  }\n"): typeof import('./graphql').ArchiveProgramDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RuleFields on ProgramRule {\n    id\n    name\n    trigger {\n      type\n      forMonths\n      eventKey\n      field\n      atLeast\n      conversions\n    }\n    recipient\n    reward {\n      type\n      discountPercent\n      amountCents\n      unit\n      currency\n      percentOfPayment\n    }\n    tiers {\n      fromConversions\n      toConversions\n      reward {\n        type\n        discountPercent\n        amountCents\n        unit\n        currency\n        percentOfPayment\n      }\n    }\n    limits {\n      period\n      maxCount\n      maxAmountCents\n    }\n    eligibility {\n      minSubscriptionValueCents\n      newCustomersOnly\n    }\n  }\n"): typeof import('./graphql').RuleFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProgramRules($id: ID) {\n    program(id: $id) {\n      id\n      name\n      isDefault\n      ruleVersion\n      rules {\n        ...RuleFields\n      }\n      ruleVersions {\n        version\n        publishedBy\n        publishedAt\n        rules {\n          ...RuleFields\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').ProgramRulesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PublishRules($id: ID, $rules: [ProgramRuleInput!]!) {\n    updateProgram(id: $id, input: { rules: $rules }) {\n      ruleVersion\n    }\n  }\n"): typeof import('./graphql').PublishRulesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SimulationTotalFields on SimulationTotal {\n    month\n    unit\n    rewards\n    amount\n  }\n"): typeof import('./graphql').SimulationTotalFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SimulateRules($id: ID, $rules: [ProgramRuleInput!]!, $from: String!, $to: String!) {\n    simulateProgram(id: $id, rules: $rules, from: $from, to: $to) {\n      from\n      to\n      conversions\n      payments\n      events\n      rules {\n        ruleId\n        ruleName\n        totals {\n          ...SimulationTotalFields\n        }\n        given {\n          ...SimulationTotalFields\n        }\n      }\n      wouldGive {\n        ...SimulationTotalFields\n      }\n      given {\n        ...SimulationTotalFields\n      }\n    }\n  }\n"): typeof import('./graphql').SimulateRulesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Bulk($input: BulkReferralActionInput!) {\n    bulkReferralAction(input: $input) {\n      id\n      outcome\n      message\n      problem\n    }\n  }\n"): typeof import('./graphql').BulkDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ReferralActionFields on ReferralDetail {\n    actions {\n      id\n      action\n      reason\n      actor\n      at\n      rewardId\n      reference\n      summary\n    }\n    grantedRewards {\n      ...RewardFields\n    }\n  }\n"): typeof import('./graphql').ReferralActionFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ReferralActionResult on ReferralActionResult {\n    outcome\n    referral {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').ReferralActionResultFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation CancelReferral($id: ID!, $reason: String!, $key: String) {\n      r: cancelReferral(id: $id, reason: $reason, idempotencyKey: $key) {\n        ...ReferralActionResult\n      }\n    }\n  "): typeof import('./graphql').CancelReferralDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ReattributeReferral($id: ID!, $to: ReferrerTargetInput!, $reason: String!, $key: String) {\n      r: reattributeReferral(id: $id, to: $to, reason: $reason, idempotencyKey: $key) {\n        ...ReferralActionResult\n      }\n    }\n  "): typeof import('./graphql').ReattributeReferralDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation GrantReward(\n      $id: ID!\n      $side: ReferralSide!\n      $reward: ManualRewardInput!\n      $reason: String!\n      $key: String\n    ) {\n      r: grantReward(id: $id, side: $side, reward: $reward, reason: $reason, idempotencyKey: $key) {\n        ...ReferralActionResult\n      }\n    }\n  "): typeof import('./graphql').GrantRewardDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation VoidReward($id: ID!, $reason: String!, $key: String) {\n      r: voidReward(id: $id, reason: $reason, idempotencyKey: $key) {\n        ...ReferralActionResult\n      }\n    }\n  "): typeof import('./graphql').VoidRewardDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation MarkRewardFulfilled($id: ID!, $reference: String!, $reason: String!, $key: String) {\n      r: markRewardFulfilled(id: $id, reference: $reference, reason: $reason, idempotencyKey: $key) {\n        ...ReferralActionResult\n      }\n    }\n  "): typeof import('./graphql').MarkRewardFulfilledDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation AddReferralNote($id: ID!, $reason: String!, $key: String) {\n      r: addReferralNote(id: $id, reason: $reason, idempotencyKey: $key) {\n        ...ReferralActionResult\n      }\n    }\n  "): typeof import('./graphql').AddReferralNoteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Referral($id: ID!) {\n    referral(id: $id) {\n      referral {\n        ...ReferralFields\n      }\n      timeline {\n        at\n        kind\n        description\n      }\n      workflowId\n      workflowUrl\n      ...ReferralActionFields\n    }\n  }\n"): typeof import('./graphql').ReferralDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RewardFields on Reward {\n    id\n    type\n    discountPercent\n    amountCents\n    redeemedCents\n    unit\n    rewardSource\n    referralId\n    status\n    dateGiven\n    dateCancelled\n    dateRedeemed\n    holdUntil\n    expiresAt\n    dateExpired\n  }\n  fragment ReferralFields on Referral {\n    id\n    status\n    referralCodeUsed\n    attributionSource\n    referrerAccountId\n    referrerUserId\n    referredAccountId\n    referrerReward {\n      ...RewardFields\n    }\n    referredReward {\n      ...RewardFields\n    }\n    dateReferralStarted\n    dateReferralPaid\n    dateReferralEnded\n    fraudSignals {\n      signal\n      evidence\n    }\n    review {\n      status\n      reason\n      reviewedBy\n      dateReviewed\n    }\n    referrer {\n      accountId\n      userId\n      name\n      email\n    }\n    friend {\n      accountId\n      userId\n      name\n      email\n    }\n  }\n"): typeof import('./graphql').RewardFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Referrals($filter: ReferralFilter, $first: Int, $after: String) {\n    referrals(filter: $filter, first: $first, after: $after) {\n      items {\n        ...ReferralFields\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n"): typeof import('./graphql').ReferralsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReviewQueue($first: Int, $after: String, $query: String) {\n    referralsForReview(first: $first, after: $after, query: $query) {\n      items {\n        ...ReferralFields\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n"): typeof import('./graphql').ReviewQueueDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReviewReferrals($ids: [ID!]!, $decision: ReviewDecision!, $reason: String!) {\n    reviewReferrals(ids: $ids, decision: $decision, reason: $reason) {\n      id\n      outcome\n    }\n  }\n"): typeof import('./graphql').ReviewReferralsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExplainRewards($referralId: ID!) {\n    explainRewards(referralId: $referralId) {\n      ruleId\n      ruleName\n      recipient\n      outcome\n      rewardId\n      rewardStatus\n      text\n    }\n  }\n"): typeof import('./graphql').ExplainRewardsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddSftpKey($publicKey: String!) {\n    addSftpKey(publicKey: $publicKey) {\n      fingerprint\n    }\n  }\n"): typeof import('./graphql').AddSftpKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeSftpKey($fingerprint: String!) {\n    revokeSftpKey(fingerprint: $fingerprint) {\n      fingerprint\n    }\n  }\n"): typeof import('./graphql').RevokeSftpKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Sftp {\n    sftp {\n      enabled\n      host\n      port\n      username\n    }\n    sftpKeys {\n      fingerprint\n      keyType\n      comment\n      dateCreated\n      dateLastUsed\n    }\n  }\n"): typeof import('./graphql').SftpDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation EnableSftp {\n      enableSftp {\n        enabled\n      }\n    }\n  "): typeof import('./graphql').EnableSftpDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation DisableSftp {\n      disableSftp {\n        enabled\n      }\n    }\n  "): typeof import('./graphql').DisableSftpDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GenerateSftpKey($comment: String) {\n    generateSftpKey(comment: $comment) {\n      privateKey\n      publicKey\n      fingerprint\n      username\n      host\n      port\n    }\n  }\n"): typeof import('./graphql').GenerateSftpKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeys {\n    apiKeys {\n      id\n      prefix\n      purpose\n      allowChanges\n      dateCreated\n    }\n  }\n"): typeof import('./graphql').ApiKeysDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($purpose: ApiKeyPurpose, $allowChanges: Boolean) {\n    createApiKey(purpose: $purpose, allowChanges: $allowChanges) {\n      id\n      prefix\n      purpose\n      allowChanges\n      dateCreated\n      key\n    }\n  }\n"): typeof import('./graphql').CreateApiKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n    }\n  }\n"): typeof import('./graphql').RevokeApiKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BrowserIntegration {\n    browserIntegration {\n      scriptUrl\n      scriptTag\n      widgetSnippet\n      jwtSnippet\n      firstBrowserCallAt\n      refusedOrigins {\n        origin\n        firstSeenAt\n        lastSeenAt\n        requests\n      }\n    }\n  }\n"): typeof import('./graphql').BrowserIntegrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AllowBrowserOrigin($origin: String!) {\n    allowBrowserOrigin(origin: $origin) {\n      allowedOrigins\n    }\n  }\n"): typeof import('./graphql').AllowBrowserOriginDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Install {\n    paymentProcessor {\n      processor\n      merchantId\n      publicKey\n      keyHint\n      environment\n      webhookUrl\n      webhookRegistration\n      webhookEvents\n      connectedAt\n    }\n    program {\n      discountId\n      allowedOrigins\n    }\n    apiKeys {\n      id\n    }\n    accounts(first: 1) {\n      items {\n        id\n      }\n    }\n  }\n"): typeof import('./graphql').InstallDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProgramFields on Program {\n    id\n    isDefault\n    archivedAt\n    name\n    referredDiscountPercent\n    referrerReward {\n      type\n      discountPercent\n      amountCents\n      unit\n    }\n    maxReferrerDiscountPercent\n    discountId\n    landingUrl\n    conversionEventKey\n    requireUserJwtExp\n    allowedOrigins\n    referralCookieDays\n    referralCookieLastClickWins\n    leaderboardEnabled\n    websiteUrl\n    widgetHeadline\n    widgetSubheadline\n    maxAttributionsPerReferrerPerHour\n    fraudPolicy {\n      signal\n      action\n    }\n    rewardHoldDays\n    creditExpiryDays\n    # Share page\n    signupUrl\n    shareLinkUrl\n    shareParam\n    customHost\n    brandColor\n    landingHeadline\n    landingText\n    landingButtonText\n    logoUrl\n    shareMessage\n    shareEmailSubject\n  }\n"): typeof import('./graphql').ProgramFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UploadProgramLogo($imageBase64: String!) {\n    uploadProgramLogo(imageBase64: $imageBase64) {\n      logoUrl\n    }\n  }\n"): typeof import('./graphql').UploadProgramLogoDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveProgramLogo {\n    removeProgramLogo {\n      logoUrl\n    }\n  }\n"): typeof import('./graphql').RemoveProgramLogoDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShareSampleAccount {\n    accounts(first: 1) {\n      items {\n        id\n      }\n    }\n  }\n"): typeof import('./graphql').ShareSampleAccountDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShareSampleCode($id: String!) {\n    account(id: $id) {\n      users {\n        shareCode\n      }\n    }\n  }\n"): typeof import('./graphql').ShareSampleCodeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Program($id: ID) {\n    program(id: $id) {\n      ...ProgramFields\n    }\n  }\n"): typeof import('./graphql').ProgramDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProgram($id: ID, $input: ProgramInput!) {\n    updateProgram(id: $id, input: $input) {\n      ...ProgramFields\n    }\n  }\n"): typeof import('./graphql').UpdateProgramDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment EndpointFields on WebhookEndpoint {\n    id\n    url\n    description\n    eventTypes\n    enabled\n    dateDisabled\n    disabledReason\n    previousSecretExpiresAt\n    dateCreated\n  }\n"): typeof import('./graphql').EndpointFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Webhooks {\n    webhookEndpoints {\n      ...EndpointFields\n    }\n    webhookEventTypes {\n      name\n      description\n    }\n  }\n"): typeof import('./graphql').WebhooksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        ...EndpointFields\n      }\n    }\n  }\n"): typeof import('./graphql').CreateWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      ...EndpointFields\n    }\n  }\n"): typeof import('./graphql').UpdateWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      id\n    }\n  }\n"): typeof import('./graphql').DeleteWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) {\n      secret\n      previousSecretExpiresAt\n      endpoint {\n        ...EndpointFields\n      }\n    }\n  }\n"): typeof import('./graphql').RotateWebhookSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDeliveries($endpointId: ID!, $first: Int, $after: String) {\n    webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) {\n      items {\n        id\n        eventId\n        eventType\n        attempt\n        dateStarted\n        statusCode\n        latencyMs\n        responseExcerpt\n        error\n        outcome\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n"): typeof import('./graphql').WebhookDeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      eventId\n    }\n  }\n"): typeof import('./graphql').SendTestWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReplayWebhookEvent($eventId: ID!, $endpointId: ID) {\n    replayWebhookEvent(eventId: $eventId, endpointId: $endpointId) {\n      eventId\n      endpointIds\n    }\n  }\n"): typeof import('./graphql').ReplayWebhookEventDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReplayFailedWebhookEvents($endpointId: ID!, $since: EpochMillis!) {\n    replayFailedWebhookEvents(endpointId: $endpointId, since: $since) {\n      eventIds\n    }\n  }\n"): typeof import('./graphql').ReplayFailedWebhookEventsDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
