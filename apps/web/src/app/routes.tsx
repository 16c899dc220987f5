/**
 * Every route of SPEC §2. Each screen is one lazily loaded export of one feature file, so a later
 * issue replaces a "coming soon" screen by editing that file only.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoadingScreen } from '../components/loading-screen';
import type { Access } from '../lib/access';
import { englishLater } from '../lib/i18n';
import { RequireAccess, type RouteHandle } from './require-access';
import { RootLayout } from './root-layout';
import { RootRedirect } from './root-redirect';
import { RouteError } from './route-error';

type Load = () => Promise<ComponentType>;

/**
 * The first screens (build/chunks.ts, FIRST_SCREENS): their strings come with the app, so nothing
 * more delays their hydration; every other screen waits for the other features' English strings.
 */
const FIRST_SCREENS = new Set(['login', 'dashboard']);

const screen = (path: string, load: Load, access?: Access): RouteObject => ({
  path,
  lazy: async () => ({
    Component: FIRST_SCREENS.has(path) ? await load() : (await Promise.all([load(), englishLater()]))[0],
  }),
  handle: (access ? { access } : {}) satisfies RouteHandle,
});

const merchant: Access = { roles: ['merchant'] };
const staff: Access = { roles: ['merchant', 'merchantUser'] };
/** Available deliveries and the delivery status are the courier's alone (SPEC §6). */
const couriers: Access = { roles: ['delivery'] };
const anyRole: Access = {};
const underReview: Access = { allowUnapproved: true };

const publicScreens: RouteObject[] = [
  screen('login', () => import('../features/auth/login-page').then((m) => m.LoginPage)),
  screen('register', () => import('../features/auth/register-page').then((m) => m.RegisterPage)),
  screen('forgetpassword', () => import('../features/auth/forget-password-page').then((m) => m.ForgetPasswordPage)),
  screen('verification', () => import('../features/auth/verification-page').then((m) => m.VerificationPage)),
  screen('languages', () => import('../features/auth/languages-page').then((m) => m.LanguagesPage)),
  screen('home', () => import('../features/static-pages/home-page').then((m) => m.HomePage)),
  screen('about', () => import('../features/static-pages/about-page').then((m) => m.AboutPage)),
  screen('terms', () => import('../features/static-pages/terms-page').then((m) => m.TermsPage)),
  screen('welcome', () => import('../features/static-pages/welcome-page').then((m) => m.WelcomePage)),
  // the public tracking link (issue 26): no sign-in
  screen('t/:token', () => import('../features/tracking/tracking-page').then((m) => m.TrackingPage)),
];

/** Signed-in screens with the header and footer bar. */
const appScreens: RouteObject[] = [
  screen('dashboard', () => import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage), anyRole),
  screen('setting', () => import('../features/settings/settings-page').then((m) => m.SettingsPage), anyRole),
  screen('profile', () => import('../features/profile/profile-page').then((m) => m.ProfilePage), underReview),
  screen(
    'profile/personalinformation',
    () => import('../features/profile/personal-information-page').then((m) => m.PersonalInformationPage),
    underReview,
  ),
  screen(
    'profile/changepassword',
    () => import('../features/profile/change-password-page').then((m) => m.ChangePasswordPage),
    underReview,
  ),
  screen(
    'completeprofile',
    () => import('../features/profile/complete-profile-page').then((m) => m.CompleteProfilePage),
    { roles: ['merchant'], allowUnapproved: true },
  ),
  screen('search', () => import('../features/requests/search-page').then((m) => m.SearchPage), staff),
  screen('redeems', () => import('../features/requests/redeems-page').then((m) => m.RedeemsPage), staff),
  screen(
    'redeem/:id',
    () => import('../features/requests/redeem-details-page').then((m) => m.RedeemDetailsPage),
    staff,
  ),
  screen(
    'request/:id',
    () => import('../features/requests/request-details-page').then((m) => m.RequestDetailsPage),
    staff,
  ),
  screen('offer/:id', () => import('../features/offers/offer-details-page').then((m) => m.OfferDetailsPage), staff),
  screen('add-offer', () => import('../features/offers/add-offer-page').then((m) => m.AddOfferPage), merchant),
  screen(
    ':id/update-offer',
    () => import('../features/offers/update-offer-page').then((m) => m.UpdateOfferPage),
    merchant,
  ),
  screen(
    'product/:id',
    () => import('../features/products/product-details-page').then((m) => m.ProductDetailsPage),
    staff,
  ),
  screen(
    'productrequest/:id',
    () => import('../features/product-requests/product-request-details-page').then((m) => m.ProductRequestDetailsPage),
    staff,
  ),
  screen(
    'deliveryProduct/:id',
    () => import('../features/deliveries/delivery-product-page').then((m) => m.DeliveryProductPage),
    couriers,
  ),
  screen(
    'availableDeliveries',
    () => import('../features/deliveries/available-deliveries-page').then((m) => m.AvailableDeliveriesPage),
    couriers,
  ),
  screen(
    'branch/:id',
    () => import('../features/branches/branch-details-page').then((m) => m.BranchDetailsPage),
    merchant,
  ),
  screen('add-branch', () => import('../features/branches/add-branch-page').then((m) => m.AddBranchPage), merchant),
  screen(
    ':id/update-branch',
    () => import('../features/branches/update-branch-page').then((m) => m.UpdateBranchPage),
    merchant,
  ),
  screen(
    'employee/:id',
    () => import('../features/employees/employee-details-page').then((m) => m.EmployeeDetailsPage),
    merchant,
  ),
  screen(
    'permission-sets',
    () => import('../features/permissions/permission-sets-page').then((m) => m.PermissionSetsPage),
    merchant,
  ),
  screen(
    'add-employee',
    () => import('../features/employees/add-employee-page').then((m) => m.AddEmployeePage),
    merchant,
  ),
  screen(
    'deliveryemployeelist/:id',
    () => import('../features/employees/delivery-employee-page').then((m) => m.DeliveryEmployeePage),
    merchant,
  ),
  screen('createuser', () => import('../features/users/create-user-page').then((m) => m.CreateUserPage), staff),
  screen('invoices/:id', () => import('../features/packages/invoices-page').then((m) => m.InvoicesPage), merchant),
  screen(
    'invoice/:id',
    () => import('../features/packages/invoice-details-page').then((m) => m.InvoiceDetailsPage),
    merchant,
  ),
  screen(
    'package/:id',
    () => import('../features/packages/package-details-page').then((m) => m.PackageDetailsPage),
    merchant,
  ),
  screen(
    'settlement/:id',
    () => import('../features/settlements/settlement-details-page').then((m) => m.SettlementDetailsPage),
    merchant,
  ),
  screen(
    'accountReports',
    () => import('../features/reports/account-reports-page').then((m) => m.AccountReportsPage),
    // staff with the reports permission see their branch's figures (the server refuses the others)
    staff,
  ),
  screen(
    'ticket/:id',
    () => import('../features/tickets/ticket-details-page').then((m) => m.TicketDetailsPage),
    merchant,
  ),
  screen(
    'transactiondetails',
    () => import('../features/transactions/transaction-details-page').then((m) => m.TransactionDetailsPage),
    merchant,
  ),
  screen('activity', () => import('../features/activity/activity-page').then((m) => m.ActivityPage), merchant),
  screen('push-test', () => import('../features/static-pages/push-test-page').then((m) => m.PushTestPage), anyRole),
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: LoadingScreen,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: RootRedirect },
      ...publicScreens,
      // the operator's console (issue 25): one lazy chunk with its own routes, never in the merchant app's first load
      {
        path: 'operator/*',
        lazy: async () => {
          const [console] = await Promise.all([import('../features/operator/console-routes'), englishLater()]);
          return { Component: console.OperatorConsole };
        },
      },
      {
        Component: RequireAccess,
        children: [
          // The waiting screen of a merchant under review: no footer, nothing else to reach.
          screen(
            'profile/activateaccount',
            () => import('../features/auth/activate-account-page').then((m) => m.ActivateAccountPage),
            underReview,
          ),
          // the header, footer bar, menu and live feed: loaded with the first signed-in screen, in
          // parallel with it, and never by the sign-in screens
          { lazy: async () => ({ Component: (await import('./app-layout')).AppLayout }), children: appScreens },
        ],
      },
      screen('*', () => import('../features/static-pages/not-found-page').then((m) => m.NotFoundPage)),
    ],
  },
];
