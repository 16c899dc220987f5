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
