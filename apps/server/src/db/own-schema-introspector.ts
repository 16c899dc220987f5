/**
 * PostgreSQL's introspection limited to the connection's own schema (`current_schema()`).
 *
 * Kysely's migrator asks the introspector whether its tables exist, and Kysely's PostgreSQL
 * introspector answers by reading every table of every schema, calling `has_schema_privilege` on
 * each schema's name. A schema dropped by another process during that read fails the whole
 * statement ("schema … does not exist"): seen when test files, each in its own schema, start and
 * finish side by side on one database, and possible wherever other schemas come and go beside ours.
 * It also answered for the wrong schema: without a schema of our own (`public`), a `kysely_migration`
 * table in any other schema counted as ours. Only the migrator uses the introspection; it reads the
 * names and schemas of the tables, which this answers for our schema alone.
 */
import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

export class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(
    // biome-ignore lint/suspicious/noExplicitAny: an introspector reads the catalog, not our tables
    private readonly db: Kysely<any>,
    private readonly inner: DatabaseIntrospector,
  ) {}

  getSchemas(): Promise<SchemaMetadata[]> {
    return this.inner.getSchemas();
  }

  async getTables(options?: DatabaseMetadataOptions): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; type: string }>`
      select table_name as name, table_schema as schema, table_type as type
      from information_schema.tables where table_schema = current_schema()`.execute(this.db);
    return rows
      .filter((r) => options?.withInternalKyselyTables || !r.name.startsWith('kysely_'))
      .map((r) => ({ name: r.name, schema: r.schema, isView: r.type === 'VIEW', columns: [] }));
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** Kysely's PostgreSQL dialect with the introspection above. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  // biome-ignore lint/suspicious/noExplicitAny: as Kysely's own signature
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db, super.createIntrospector(db));
  }
}
