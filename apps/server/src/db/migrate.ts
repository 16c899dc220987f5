import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DialectKind } from './dialect';
import { init } from './migrations/0001-init';
import type { Database } from './schema';

/** The one ordered migration set; names sort in order of application. */
const migrationsFor = (kind: DialectKind): Record<string, Migration> => ({
  '0001-init': init(kind),
});

class InCodeProvider implements MigrationProvider {
  constructor(private readonly kind: DialectKind) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrationsFor(this.kind);
  }
}

export async function migrateToLatest(db: Kysely<Database>, kind: DialectKind): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new InCodeProvider(kind) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
