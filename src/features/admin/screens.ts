/**
 * The registry of every admin path (spec section 2, "Admin area"): the console's routes, its
 * navigation and its placeholders all come from this one table, so a screen is added by editing
 * its entry here and nothing else.
 *
 * - `path` is relative to `/admin` (`users/clients`); `aliases` show the same screen under other
 *   paths (coupons = promos/codes). Detail routes (`users/clients/:uid`) are entries too, with
 *   `nav: false`.
 * - `status`: `ready` renders `load()`'s component (its own lazy chunk); `soon` says the screen
 *   arrives soon; `in_development` is the spec's own "in development" placeholder.
 * - `label` is a translation key (the nav entry and the placeholder's title).
 *
 * To build a screen, replace its line: `status: 'ready'` and
 * `load: () => import('./users/clients-page').then((m) => m.ClientsPage)`.
 */
import type { ComponentType } from 'react';
import type { ParseKeys } from 'i18next';

export type AdminGroup =
  | 'dashboard'
  | 'users'
  | 'approvals'
  | 'kyc'
  | 'reviews'
  | 'finance'
  | 'calls'
  | 'comms'
  | 'marketing'
  | 'contact'
  | 'affiliates'
  | 'b2b'
  | 'pricing'
  | 'coupons'
  | 'countries'
  | 'documents'
  | 'backups'
  | 'settings'
  | 'reports';

/** The navigation's groups, in the spec's order. */
export const ADMIN_GROUPS: readonly AdminGroup[] = [
  'dashboard',
  'users',
  'approvals',
  'kyc',
  'reviews',
  'finance',
  'calls',
  'comms',
  'marketing',
  'contact',
  'affiliates',
  'b2b',
  'pricing',
  'coupons',
  'countries',
  'documents',
  'backups',
  'settings',
  'reports',
];

export type AdminScreenStatus = 'ready' | 'soon' | 'in_development';

export type AdminScreen = {
  /** Unique, stable name of the entry (also the test id of its nav link). */
  id: string;
  /** Relative to `/admin`, React Router syntax (`users/clients/:uid`). */
  path: string;
  aliases?: readonly string[];
  group: AdminGroup;
  label: ParseKeys;
  status: AdminScreenStatus;
  /** The screen's component, loaded as its own chunk (for `ready` entries). */
  load?: () => Promise<ComponentType>;
  /** False for detail routes and anything else the navigation does not list. */
  nav?: false;
  /**
   * Matched in this exact case only: a fixed path beside a `:param` whose values may spell it in
   * capitals (`affiliates/new` beside `affiliates/:id`, where an affiliate's id is its code: `NEW`).
   */
  caseSensitive?: true;
};

// One entry per line, so that each screen's engineer edits only their own lines (hence prettier-ignore).
// prettier-ignore
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { id: 'dashboard', path: 'dashboard', group: 'dashboard', label: 'admin.nav.screen.dashboard', status: 'ready', load: () => import('./dashboard/dashboard-page').then((m) => m.DashboardPage) },

  { id: 'usersClients', path: 'users/clients', group: 'users', label: 'admin.nav.screen.usersClients', status: 'ready', load: () => import('./users/users-pages').then((m) => m.ClientsPage) },
  { id: 'usersClient', path: 'users/clients/:uid', group: 'users', label: 'admin.nav.screen.usersClients', status: 'ready', nav: false, load: () => import('./users/user-detail-page').then((m) => m.ClientDetailPage) },
  { id: 'usersLawyers', path: 'users/providers/lawyers', group: 'users', label: 'admin.nav.screen.usersLawyers', status: 'ready', load: () => import('./users/users-pages').then((m) => m.LawyersPage) },
  { id: 'usersLawyer', path: 'users/providers/lawyers/:uid', group: 'users', label: 'admin.nav.screen.usersLawyers', status: 'ready', nav: false, load: () => import('./users/user-detail-page').then((m) => m.LawyerDetailPage) },
  { id: 'usersExpats', path: 'users/providers/expats', group: 'users', label: 'admin.nav.screen.usersExpats', status: 'ready', load: () => import('./users/users-pages').then((m) => m.ExpatsPage) },
  { id: 'usersExpat', path: 'users/providers/expats/:uid', group: 'users', label: 'admin.nav.screen.usersExpats', status: 'ready', nav: false, load: () => import('./users/user-detail-page').then((m) => m.ExpatDetailPage) },
  { id: 'testProfiles', path: 'aaaprofiles', group: 'users', label: 'admin.nav.screen.testProfiles', status: 'ready', load: () => import('./users/test-profiles-page').then((m) => m.TestProfilesPage) },

  { id: 'approvalsLawyers', path: 'approvals/lawyers', group: 'approvals', label: 'admin.nav.screen.approvalsLawyers', status: 'ready', load: () => import('./approvals/approval-pages').then((m) => m.LawyerApprovalsPage) },
  { id: 'approvalsExpats', path: 'approvals/expats', group: 'approvals', label: 'admin.nav.screen.approvalsExpats', status: 'ready', load: () => import('./approvals/approval-pages').then((m) => m.ExpatApprovalsPage) },
  { id: 'approvalsLawyerDetail', path: 'approvals/lawyers/:uid', group: 'approvals', label: 'admin.nav.screen.approvalsLawyers', status: 'ready', nav: false, load: () => import('./approvals/approval-detail-page').then((m) => m.ApprovalDetailPage) },
  { id: 'approvalsExpatDetail', path: 'approvals/expats/:uid', group: 'approvals', label: 'admin.nav.screen.approvalsExpats', status: 'ready', nav: false, load: () => import('./approvals/approval-detail-page').then((m) => m.ApprovalDetailPage) },

  { id: 'kycProviders', path: 'kyc/providers', group: 'kyc', label: 'admin.nav.screen.kycProviders', status: 'ready', load: () => import('./kyc/kyc-page').then((m) => m.KycPage) },
  { id: 'kycProviderDetail', path: 'kyc/providers/:uid', group: 'kyc', label: 'admin.nav.screen.kycProviders', status: 'ready', nav: false, load: () => import('./kyc/kyc-detail-page').then((m) => m.KycDetailPage) },

  { id: 'reviews', path: 'reviews', group: 'reviews', label: 'admin.nav.screen.reviews', status: 'ready', load: () => import('./reviews/reviews-page').then((m) => m.ReviewsPage) },

  { id: 'financePayments', path: 'finance/payments', group: 'finance', label: 'admin.nav.screen.financePayments', status: 'ready', load: () => import('./finance/payments-page').then((m) => m.PaymentsPage) },
  { id: 'financePaymentDetail', path: 'finance/payments/:orderId', group: 'finance', label: 'admin.nav.screen.financePayments', status: 'ready', nav: false, load: () => import('./finance/payment-detail-page').then((m) => m.PaymentDetailPage) },
  { id: 'financeInvoices', path: 'finance/invoices', group: 'finance', label: 'admin.nav.screen.financeInvoices', status: 'ready', load: () => import('./finance/invoices-page').then((m) => m.InvoicesPage) },
  { id: 'financeInvoiceDetail', path: 'finance/invoices/:number', group: 'finance', label: 'admin.nav.screen.financeInvoices', status: 'ready', nav: false, load: () => import('./finance/invoice-detail-page').then((m) => m.InvoiceDetailPage) },
  { id: 'financeTaxes', path: 'finance/taxes', group: 'finance', label: 'admin.nav.screen.financeTaxes', status: 'ready', load: () => import('./finance/taxes-page').then((m) => m.TaxesPage) },
  { id: 'financeTaxesByCountry', path: 'finance/taxes/by-country', group: 'finance', label: 'admin.nav.screen.financeTaxesByCountry', status: 'ready', load: () => import('./finance/taxes-by-country-page').then((m) => m.TaxesByCountryPage) },
  { id: 'financeReconciliation', path: 'finance/reconciliation', group: 'finance', label: 'admin.nav.screen.financeReconciliation', status: 'ready', load: () => import('./finance/reconciliation-page').then((m) => m.ReconciliationPage) },
  { id: 'financeDisputes', path: 'finance/disputes', group: 'finance', label: 'admin.nav.screen.financeDisputes', status: 'ready', load: () => import('./finance/disputes-page').then((m) => m.DisputesPage) },
  { id: 'financeRefunds', path: 'finance/refunds', group: 'finance', label: 'admin.nav.screen.financeRefunds', status: 'ready', load: () => import('./finance/refunds-page').then((m) => m.RefundsPage) },
  { id: 'financePayouts', path: 'finance/payouts', group: 'finance', label: 'admin.nav.screen.financePayouts', status: 'ready', load: () => import('./finance/payouts-page').then((m) => m.PayoutsPage) },
  { id: 'financeExports', path: 'finance/exports', group: 'finance', label: 'admin.nav.screen.financeExports', status: 'ready', load: () => import('./finance/exports-page').then((m) => m.ExportsPage) },
  { id: 'financeLedger', path: 'finance/ledger', group: 'finance', label: 'admin.nav.screen.financeLedger', status: 'ready', load: () => import('./finance/ledger-page').then((m) => m.LedgerPage) },

  { id: 'calls', path: 'calls', group: 'calls', label: 'admin.nav.screen.calls', status: 'ready', load: () => import('./calls/calls-page').then((m) => m.CallsPage) },
  { id: 'callsSessions', path: 'calls/sessions', group: 'calls', label: 'admin.nav.screen.callsSessions', status: 'ready', load: () => import('./calls/sessions-page').then((m) => m.SessionsPage) },
  { id: 'callDetail', path: 'calls/:orderId', group: 'calls', label: 'admin.nav.screen.calls', status: 'ready', nav: false, load: () => import('./calls/call-detail-page').then((m) => m.CallDetailPage) },

  { id: 'commsCampaigns', path: 'comms/campaigns', group: 'comms', label: 'admin.nav.screen.commsCampaigns', status: 'ready', load: () => import('./comms/campaigns-page').then((m) => m.CampaignsPage) },
  { id: 'commsCampaignNew', path: 'comms/campaigns/new', group: 'comms', label: 'admin.nav.screen.commsCampaigns', status: 'ready', nav: false, load: () => import('./comms/campaign-composer-page').then((m) => m.CampaignComposerPage) },
  { id: 'commsCampaign', path: 'comms/campaigns/:id', group: 'comms', label: 'admin.nav.screen.commsCampaigns', status: 'ready', nav: false, load: () => import('./comms/campaign-page').then((m) => m.CampaignPage) },
  { id: 'commsAutomations', path: 'comms/automations', group: 'comms', label: 'admin.nav.screen.commsAutomations', status: 'ready', load: () => import('./comms/automations-page').then((m) => m.AutomationsPage) },
  { id: 'commsAutomationNew', path: 'comms/automations/new', group: 'comms', label: 'admin.nav.screen.commsAutomations', status: 'ready', nav: false, load: () => import('./comms/automation-editor-page').then((m) => m.AutomationEditorPage) },
  { id: 'commsAutomation', path: 'comms/automations/:id', group: 'comms', label: 'admin.nav.screen.commsAutomations', status: 'ready', nav: false, load: () => import('./comms/automation-editor-page').then((m) => m.AutomationEditorPage) },
  { id: 'commsSegments', path: 'comms/segments', group: 'comms', label: 'admin.nav.screen.commsSegments', status: 'ready', load: () => import('./comms/segments-page').then((m) => m.SegmentsPage) },
  { id: 'commsSegmentNew', path: 'comms/segments/new', group: 'comms', label: 'admin.nav.screen.commsSegments', status: 'ready', nav: false, load: () => import('./comms/segment-editor-page').then((m) => m.SegmentEditorPage) },
  { id: 'commsSegment', path: 'comms/segments/:id', group: 'comms', label: 'admin.nav.screen.commsSegments', status: 'ready', nav: false, load: () => import('./comms/segment-editor-page').then((m) => m.SegmentEditorPage) },
  { id: 'commsTemplates', path: 'comms/templates', group: 'comms', label: 'admin.nav.screen.commsTemplates', status: 'ready', load: () => import('./comms/templates-page').then((m) => m.TemplatesPage) },
  { id: 'commsTemplate', path: 'comms/templates/:kind/:language', group: 'comms', label: 'admin.nav.screen.commsTemplates', status: 'ready', nav: false, load: () => import('./comms/template-editor-page').then((m) => m.TemplateEditorPage) },
  { id: 'commsDeliverability', path: 'comms/deliverability', group: 'comms', label: 'admin.nav.screen.commsDeliverability', status: 'ready', load: () => import('./comms/deliverability-page').then((m) => m.DeliverabilityPage) },
  { id: 'commsSuppression', path: 'comms/suppression', group: 'comms', label: 'admin.nav.screen.commsSuppression', status: 'ready', load: () => import('./comms/suppression-page').then((m) => m.SuppressionPage) },
  // An A/B test is a campaign with a second text (comms-ab.ts): composed, followed and decided on the campaign's pages.
  { id: 'commsAb', path: 'comms/ab', group: 'comms', label: 'admin.nav.screen.commsAb', status: 'ready', load: () => import('./comms/campaigns-page').then((m) => m.CampaignsPage) },
  { id: 'commsMessages', path: 'comms/messages', group: 'comms', label: 'admin.nav.screen.commsMessages', status: 'ready', load: () => import('./comms/conversations-page').then((m) => m.ConversationsPage) },
  { id: 'commsConversation', path: 'comms/messages/:orderId', group: 'comms', label: 'admin.nav.screen.commsMessages', status: 'ready', nav: false, load: () => import('./comms/conversation-page').then((m) => m.ConversationPage) },
  { id: 'commsNotifications', path: 'comms/notifications', group: 'comms', label: 'admin.nav.screen.commsNotifications', status: 'ready', load: () => import('./comms/notifications-page').then((m) => m.NotificationsPage) },
  { id: 'commsNotificationNew', path: 'comms/notifications/new', group: 'comms', label: 'admin.nav.screen.commsNotifications', status: 'ready', nav: false, load: () => import('./comms/notification-composer-page').then((m) => m.NotificationComposerPage) },
  { id: 'commsNotification', path: 'comms/notifications/:id', group: 'comms', label: 'admin.nav.screen.commsNotifications', status: 'ready', nav: false, load: () => import('./comms/broadcast-page').then((m) => m.BroadcastPage) },

  // The spec's four marketing pages are the communications screens, reached from the marketing menu.
  { id: 'marketingTemplates', path: 'marketing/email-templates', group: 'marketing', label: 'admin.nav.screen.marketingTemplates', status: 'ready', load: () => import('./comms/templates-page').then((m) => m.TemplatesPage) },
  { id: 'marketingNotifications', path: 'marketing/notifications', group: 'marketing', label: 'admin.nav.screen.marketingNotifications', status: 'ready', load: () => import('./comms/notifications-page').then((m) => m.NotificationsPage) },
  { id: 'marketingDeliverability', path: 'marketing/deliverability', group: 'marketing', label: 'admin.nav.screen.marketingDeliverability', status: 'ready', load: () => import('./comms/deliverability-page').then((m) => m.DeliverabilityPage) },
  { id: 'marketingMessages', path: 'marketing/realtime-messages', group: 'marketing', label: 'admin.nav.screen.marketingMessages', status: 'ready', load: () => import('./comms/conversations-page').then((m) => m.ConversationsPage) },

  { id: 'contactMessages', path: 'contact-messages', group: 'contact', label: 'admin.nav.screen.contactMessages', status: 'ready', load: () => import('./contact-messages/contact-messages-page').then((m) => m.ContactMessagesPage) },
  { id: 'contactMessage', path: 'contact-messages/:id', group: 'contact', label: 'admin.nav.screen.contactMessages', status: 'ready', nav: false, load: () => import('./contact-messages/contact-message-page').then((m) => m.ContactMessagePage) },

  { id: 'affiliates', path: 'affiliates', group: 'affiliates', label: 'admin.nav.screen.affiliates', status: 'ready', load: () => import('./affiliates/affiliates-page').then((m) => m.AffiliatesPage) },
  { id: 'affiliateNew', path: 'affiliates/new', group: 'affiliates', label: 'admin.nav.screen.affiliates', status: 'ready', nav: false, caseSensitive: true, load: () => import('./affiliates/affiliate-page').then((m) => m.AffiliatePage) },
  { id: 'affiliate', path: 'affiliates/:id', group: 'affiliates', label: 'admin.nav.screen.affiliates', status: 'ready', nav: false, load: () => import('./affiliates/affiliate-page').then((m) => m.AffiliatePage) },
  { id: 'affiliatesCommissions', path: 'affiliates/commissions', group: 'affiliates', label: 'admin.nav.screen.affiliatesCommissions', status: 'ready', caseSensitive: true, load: () => import('./affiliates/commissions-page').then((m) => m.AffiliateCommissionsPage) },
  { id: 'affiliatesPayouts', path: 'affiliates/payouts', group: 'affiliates', label: 'admin.nav.screen.affiliatesPayouts', status: 'ready', caseSensitive: true, load: () => import('./affiliates/affiliate-payouts-page').then((m) => m.AffiliatePayoutsPage) },
  { id: 'ambassadors', path: 'ambassadors', group: 'affiliates', label: 'admin.nav.screen.ambassadors', status: 'in_development' },

  { id: 'b2bAccounts', path: 'b2b/accounts', group: 'b2b', label: 'admin.nav.screen.b2bAccounts', status: 'ready', load: () => import('./b2b/accounts-page').then((m) => m.B2bAccountsPage) },
  { id: 'b2bAccountNew', path: 'b2b/accounts/new', group: 'b2b', label: 'admin.nav.screen.b2bAccounts', status: 'ready', nav: false, load: () => import('./b2b/account-page').then((m) => m.B2bAccountPage) },
  { id: 'b2bAccount', path: 'b2b/accounts/:id', group: 'b2b', label: 'admin.nav.screen.b2bAccounts', status: 'ready', nav: false, load: () => import('./b2b/account-page').then((m) => m.B2bAccountPage) },
  { id: 'b2bMembers', path: 'b2b/members', group: 'b2b', label: 'admin.nav.screen.b2bMembers', status: 'ready', load: () => import('./b2b/members-page').then((m) => m.B2bMembersPage) },
  { id: 'b2bPricing', path: 'b2b/pricing', group: 'b2b', label: 'admin.nav.screen.b2bPricing', status: 'ready', load: () => import('./b2b/pricing-page').then((m) => m.B2bPricingPage) },
  { id: 'b2bBilling', path: 'b2b/billing', group: 'b2b', label: 'admin.nav.screen.b2bBilling', status: 'ready', load: () => import('./b2b/billing-page').then((m) => m.B2bBillingPage) },
  { id: 'b2bInvoices', path: 'b2b/invoices', group: 'b2b', label: 'admin.nav.screen.b2bInvoices', status: 'ready', load: () => import('./b2b/invoices-page').then((m) => m.B2bInvoicesPage) },
  { id: 'b2bReports', path: 'b2b/reports', group: 'b2b', label: 'admin.nav.screen.b2bReports', status: 'ready', load: () => import('./b2b/reports-page').then((m) => m.B2bReportsPage) },

  { id: 'pricing', path: 'pricing', group: 'pricing', label: 'admin.nav.screen.pricing', status: 'ready', load: () => import('./pricing/pricing-page').then((m) => m.PricingAdminPage) },

  { id: 'coupons', path: 'coupons', aliases: ['promos/codes'], group: 'coupons', label: 'admin.nav.screen.coupons', status: 'ready', load: () => import('./coupons/coupons-page').then((m) => m.CouponsPage) },
  { id: 'couponNew', path: 'coupons/new', aliases: ['promos/codes/new'], group: 'coupons', label: 'admin.nav.screen.coupons', status: 'ready', nav: false, load: () => import('./coupons/coupon-editor-page').then((m) => m.CouponEditorPage) },
  { id: 'couponDetail', path: 'coupons/:code', aliases: ['promos/codes/:code'], group: 'coupons', label: 'admin.nav.screen.coupons', status: 'ready', nav: false, load: () => import('./coupons/coupon-editor-page').then((m) => m.CouponEditorPage) },

  { id: 'countries', path: 'countries', group: 'countries', label: 'admin.nav.screen.countries', status: 'ready', load: () => import('./countries/countries-page').then((m) => m.CountriesPage) },

  { id: 'documents', path: 'documents', group: 'documents', label: 'admin.nav.screen.documents', status: 'ready', load: () => import('./documents/documents-page').then((m) => m.DocumentsPage) },
  { id: 'documentDetail', path: 'documents/:slug', group: 'documents', label: 'admin.nav.screen.documents', status: 'ready', nav: false, load: () => import('./documents/document-page').then((m) => m.DocumentPage) },

  { id: 'backups', path: 'backups', group: 'backups', label: 'admin.nav.screen.backups', status: 'ready', load: () => import('./backups/backups-page').then((m) => m.BackupsPage) },

  { id: 'settings', path: 'settings', group: 'settings', label: 'admin.nav.screen.settings', status: 'ready', load: () => import('./settings/settings-page').then((m) => m.SettingsPage) },

  { id: 'reportsFinancial', path: 'reports/financial', group: 'reports', label: 'admin.nav.screen.reportsFinancial', status: 'in_development' },
  { id: 'reportsUsers', path: 'reports/users', group: 'reports', label: 'admin.nav.screen.reportsUsers', status: 'in_development' },
  { id: 'reportsPerformance', path: 'reports/performance', group: 'reports', label: 'admin.nav.screen.reportsPerformance', status: 'in_development' },
  { id: 'reportsExports', path: 'reports/exports', group: 'reports', label: 'admin.nav.screen.reportsExports', status: 'in_development' },
];

/**
 * The spec's redirect table ("Admin redirects"), from → to, both relative to `/admin`. "Their first
 * sub-page" is the first entry of the group in ADMIN_SCREENS. The last four (kyc, b2b, reports,
 * marketing) are not in the spec's table: a section's bare path leads to its first page rather
 * than to 'Page admin introuvable'.
 */
export const ADMIN_REDIRECTS: Readonly<Record<string, string>> = {
  'users/list': 'users/clients',
  'users/all': 'users/clients',
  users: 'users/clients',
  'users/providers': 'users/providers/lawyers',
  providers: 'users/providers/lawyers',
  approvals: 'approvals/lawyers',
  payments: 'finance/payments',
  invoices: 'finance/invoices',
  notifications: 'comms/notifications',
  messages: 'comms/messages',
  finance: 'finance/payments',
  comms: 'comms/campaigns',
  promos: 'promos/codes',
  'dashboard/global': 'dashboard',
  'dashboard/alerts': 'reports/performance',
  'dashboard/reports': 'reports/financial',
  kyc: 'kyc/providers',
  b2b: 'b2b/accounts',
  reports: 'reports/financial',
  marketing: 'marketing/email-templates',
};

/** The browser path of an admin path: `adminPath('users/clients')` → `/admin/users/clients`. */
export function adminPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
  return `/admin/${filled}`;
}

/** The entry of a screen by id (a typo is a failure at once, not a dead link). */
export function adminScreen(id: string): AdminScreen {
  const screen = ADMIN_SCREENS.find((entry) => entry.id === id);
  if (!screen) throw new Error(`No admin screen ${id}`);
  return screen;
}
