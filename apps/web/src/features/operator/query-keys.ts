/** The console's cached calls, all under `['operator', …]`: a sign-out or a 401 drops them at once. */
export const OP = ['operator'] as const;

export const opKeys = {
  home: [...OP, 'home'] as const,
  merchants: [...OP, 'merchants'] as const,
  tickets: [...OP, 'tickets'] as const,
  settlements: [...OP, 'settlements'] as const,
  customers: [...OP, 'customers'] as const,
  packages: [...OP, 'packages'] as const,
  tags: [...OP, 'tags'] as const,
  invoices: [...OP, 'invoices'] as const,
  operators: [...OP, 'operators'] as const,
  log: [...OP, 'log'] as const,
};
