/**
 * Every page of the portal: its path pattern, title, place in the nav and who may open it. Adding a
 * page is one file in a pages/ feature folder and one line here (ARCHITECTURE.md, "Adding a portal page").
 */
import type { ComponentType } from 'preact';
import type { Role } from './api';
import { DashboardPage } from './pages/analytics/dashboard';
import { AccountDetailPage } from './pages/accounts/account-detail';
import { AccountsPage } from './pages/accounts/accounts';
import { ReferralDetailPage } from './pages/referrals/referral-detail';
import { ReferralsPage } from './pages/referrals/referrals';
import { ReviewPage } from './pages/referrals/review';
import { ApiKeysPage } from './pages/tenants/api-keys';
import { AgentActionsPage } from './pages/mcp/agent-actions';
import { AuditLogPage } from './pages/operators/audit-log';
import { TeamPage } from './pages/operators/team';
import { TwoFactorPage } from './pages/operators/two-factor';
import { AccountPage } from './pages/operators/account';
import { WebhooksPage } from './pages/webhooks/webhooks';
import { ImportPage } from './pages/imports/import';
import { InstallPage } from './pages/tenants/install';
import { ProgramPage } from './pages/tenants/program';
import { RulesPage } from './pages/programs/rules-page';
import { ProgramsPage } from './pages/programs/programs';
import { PayoutsDuePage } from './pages/payouts/payouts-due';
import { PayoutRunsPage } from './pages/payouts/payout-runs';
import { PayoutRunPage } from './pages/payouts/payout-run-page';
import { PayoutSettingsPage } from './pages/payouts/payout-settings';
import { NotificationsPage } from './pages/notifications/notifications';
import { TemplateEditorPage } from './pages/notifications/template-editor';
import { MailSettingsPage } from './pages/notifications/mail-settings';
import { DeliveriesPage } from './pages/notifications/deliveries';
import type { RouteProps } from './router';

export type NavGroup = 'Analytics' | 'Reports' | 'Settings';

export interface RouteDef {
  /** A path pattern under /admin/, with :named segments. */
  path: string;
  /** Used by the nav and by placeholder pages; each page sets its own <h1> and document title. */
  title: string;
  /** The nav label; pages without one (details) are not in the nav. */
  nav?: string;
  group?: NavGroup;
  component: ComponentType<RouteProps>;
  /** Roles that may open the page (and see it in the nav); every role when absent. */
  roles?: Role[];
}

const ALL_BUT_VIEWER: Role[] = ['OWNER', 'ADMIN'];

export const ROUTES: RouteDef[] = [
  { path: '/admin/', title: 'Dashboard', nav: 'Dashboard', group: 'Analytics', component: DashboardPage },
  {
    path: '/admin/referrals',
    title: 'Referrals',
    nav: 'Referrals',
    group: 'Analytics',
    component: ReferralsPage,
  },
  { path: '/admin/referrals/:id', title: 'Referral', component: ReferralDetailPage },
  { path: '/admin/review', title: 'Review', nav: 'Review', group: 'Analytics', component: ReviewPage },
  {
    path: '/admin/accounts',
    title: 'Accounts',
    nav: 'Accounts',
    group: 'Analytics',
    component: AccountsPage,
  },
  { path: '/admin/accounts/:id', title: 'Account', component: AccountDetailPage },
  // Payouts: what is due (the nav's entry), the runs, one run, the settings; the nav keeps Payouts marked.
  {
    path: '/admin/payouts',
    title: 'Payouts',
    nav: 'Payouts',
    group: 'Analytics',
    component: PayoutsDuePage,
  },
  { path: '/admin/payouts/runs', title: 'Payout runs', component: PayoutRunsPage },
  { path: '/admin/payouts/runs/:id', title: 'Payout run', component: PayoutRunPage },
  { path: '/admin/payouts/settings', title: 'Payout settings', component: PayoutSettingsPage },
  { path: '/admin/import', title: 'Import', nav: 'Import', group: 'Reports', component: ImportPage },
  {
    path: '/admin/programs',
    title: 'Programs',
    nav: 'Programs',
    group: 'Settings',
    component: ProgramsPage,
  },
  { path: '/admin/program', title: 'Program', nav: 'Program', group: 'Settings', component: ProgramPage },
  // A sub-page of Program (its "Reward rules" button); the nav keeps Program marked.
  { path: '/admin/program/rules', title: 'Reward rules', component: RulesPage },
  { path: '/admin/programs/:id/rules', title: 'Reward rules', component: RulesPage },
  { path: '/admin/programs/:id', title: 'Program', component: ProgramPage },
  { path: '/admin/install', title: 'Install', nav: 'Install', group: 'Settings', component: InstallPage },
  {
    path: '/admin/api-keys',
    title: 'API keys',
    nav: 'API keys',
    group: 'Settings',
    component: ApiKeysPage,
  },
  {
    path: '/admin/webhooks',
    title: 'Webhooks',
    nav: 'Webhooks',
    group: 'Settings',
    component: WebhooksPage,
  },
  // Notifications: the e-mails (the nav's entry), one template, the sender and suppressions, deliveries.
  {
    path: '/admin/notifications',
    title: 'Notifications',
    nav: 'Notifications',
    group: 'Settings',
    component: NotificationsPage,
  },
  { path: '/admin/notifications/settings', title: 'E-mail settings', component: MailSettingsPage },
  { path: '/admin/notifications/deliveries', title: 'E-mail deliveries', component: DeliveriesPage },
  { path: '/admin/notifications/:kind', title: 'E-mail template', component: TemplateEditorPage },
  {
    path: '/admin/team',
    title: 'Team',
    nav: 'Team',
    group: 'Settings',
    component: TeamPage,
    roles: ['OWNER'],
  },
  {
    path: '/admin/audit-log',
    title: 'Audit log',
    nav: 'Audit log',
    group: 'Settings',
    component: AuditLogPage,
    roles: ALL_BUT_VIEWER,
  },
  // MCP agents' pending changes (docs/mcp.md): only OWNERs and ADMINs decide them.
  {
    path: '/admin/agent-actions',
    title: 'Agent actions',
    nav: 'Agent actions',
    group: 'Settings',
    component: AgentActionsPage,
    roles: ALL_BUT_VIEWER,
  },
  {
    path: '/admin/two-factor',
    title: 'Two-factor sign-in',
    nav: 'Two-factor',
    group: 'Settings',
    component: TwoFactorPage,
  },
  {
    path: '/admin/account',
    title: 'Your account',
    nav: 'Your account',
    group: 'Settings',
    component: AccountPage,
  },
];

export const NAV_GROUPS: NavGroup[] = ['Analytics', 'Reports', 'Settings'];

/** Whether a role may open a route. */
export function allowed(route: RouteDef, role: Role): boolean {
  return !route.roles || route.roles.includes(role);
}
