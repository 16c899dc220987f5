import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DbHandle, DialectKind } from './dialect';
import { init } from './migrations/0001-init';
import { orders } from './migrations/0002-orders';
import { money } from './migrations/0003-money';
import { support } from './migrations/0004-support';
import { authHardening } from './migrations/0005-auth-hardening';
import { counter } from './migrations/0006-counter';
import { secrets } from './migrations/0008-secrets';
import { push } from './migrations/0009-push';
import { counterQr } from './migrations/0010-counter-qr';
import { perfIndexes } from './migrations/0011-perf-indexes';
import { listCounts } from './migrations/0012-list-counts';
import { offerCounts } from './migrations/0013-offer-counts';
import { offerActivityCounts } from './migrations/0014-offer-activity-counts';
import { sessionIdle } from './migrations/0015-session-idle';
import { customerVerify } from './migrations/0016-customer-verify';
import { operatorTokenExpiry } from './migrations/0017-operator-token-expiry';
import { smsDelivery } from './migrations/0020-sms-delivery';
import { signingKeys } from './migrations/0021-signing-keys';
import { operators } from './migrations/0025-operators';
import { branchNameAr } from './migrations/0026-branch-name-ar';
import { idempotencyRequest } from './migrations/0027-idempotency-request';
import { invoiceArabicNames } from './migrations/0028-invoice-arabic-names';
import { operatorConsole } from './migrations/0029-operator-console';
import { tagActive } from './migrations/0030-tag-active';
import { acceptInTime } from './migrations/0031-accept-in-time';
import { busyAndPin } from './migrations/0032-busy-and-pin';
import { tracking } from './migrations/0033-tracking';
import { permissionSets } from './migrations/0034-permission-sets';
import { refusals } from './migrations/0035-refusals';

/** The one ordered migration set; names sort in order of application. */
const migrationsFor = (kind: DialectKind): Record<string, Migration> => ({
  '0001-init': init(kind),
  '0002-orders': orders(kind),
  '0003-money': money(kind),
  '0004-support': support(kind),
  '0005-auth-hardening': authHardening(kind),
  '0006-counter': counter(kind),
  '0008-secrets': secrets(kind),
  '0011-perf-indexes': perfIndexes(kind),
  '0009-push': push(kind),
  '0010-counter-qr': counterQr(kind),
  '0012-list-counts': listCounts(kind),
  '0013-offer-counts': offerCounts(kind),
  '0014-offer-activity-counts': offerActivityCounts(kind),
  '0015-session-idle': sessionIdle(kind),
  '0016-customer-verify': customerVerify(kind),
  '0017-operator-token-expiry': operatorTokenExpiry(kind),
  '0020-sms-delivery': smsDelivery(kind),
  '0021-signing-keys': signingKeys(kind),
  '0025-operators': operators(kind),
  '0026-branch-name-ar': branchNameAr(kind),
  '0027-idempotency-request': idempotencyRequest(kind),
  '0028-invoice-arabic-names': invoiceArabicNames(kind),
  '0029-operator-console': operatorConsole(kind),
  '0030-tag-active': tagActive(kind),
  '0031-accept-in-time': acceptInTime(kind),
  '0032-busy-and-pin': busyAndPin(kind),
  '0033-tracking': tracking(kind),
  '0034-permission-sets': permissionSets(kind),
  '0035-refusals': refusals(kind),
});

class InCodeProvider implements MigrationProvider {
  constructor(private readonly kind: DialectKind) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrationsFor(this.kind);
  }
}

/** Runs every pending migration; the migration tables live in the handle's own schema. */
export async function migrateToLatest({ db, kind, pgSchema }: DbHandle): Promise<string[]> {
  // Features land in parallel, so a database may have applied a later-numbered migration before an
  // earlier-numbered one ships; each migration only adds its own tables and columns, so order among
  // them does not matter (docs/deploy.md: additive migrations).
  const migrator = new Migrator({
    db,
    provider: new InCodeProvider(kind),
    migrationTableSchema: pgSchema,
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
