/**
 * Deployment settings read at build time (Vite `VITE_*` variables), with neutral defaults.
 * Set VITE_SUPPORT_EMAIL and VITE_SUPPORT_PHONE to the real support contact before release.
 */
export const config = {
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL || 'support@example.com',
  supportPhone: import.meta.env.VITE_SUPPORT_PHONE || '',
};
