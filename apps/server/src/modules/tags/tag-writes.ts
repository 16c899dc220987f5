/**
 * The tags module writes the tags table (one writer per table: docs/decisions/0022). The demo
 * (cli/demo), which seeds tags without an operator, adds them through this.
 */
import type { Repos } from '../../repositories/registry';

/** Adds a tag; its id. */
export const insertTag = async (tx: Pick<Repos, 'tags'>, name: string): Promise<number> =>
  (await tx.tags.insert(name)).id;
