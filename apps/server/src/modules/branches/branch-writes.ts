/**
 * The branches module writes the branches table (one writer per table: docs/decisions/0022). The
 * demo (cli/demo), which seeds branches outside the module's service rules, adds them through this.
 */
import type { Insertable } from 'kysely';
import type { BranchesTable } from '../../db/schema';
import type { Repos } from '../../repositories/registry';

/** Adds a branch; its id. */
export const insertBranch = async (
  tx: Pick<Repos, 'branches'>,
  v: Omit<Insertable<BranchesTable>, 'createdAt' | 'updatedAt'>,
): Promise<number> => (await tx.branches.insert(v)).id;
