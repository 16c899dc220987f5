/**
 * The staff module writes merchant_users (one writer per table: docs/decisions/0022). Another module
 * that changes a staff member's or courier's row — passwords (auth), the demo — calls these with its
 * repositories, or its transaction's when it runs one.
 */
import type { Repos } from '../../repositories/registry';
import type { StaffInsert } from './staff.repository';

type Staff = Pick<Repos, 'staff'>;

/** Adds an active staff member or courier; their id. */
export const insertStaffMember = (tx: Staff, v: StaffInsert): Promise<number> => tx.staff.insert(v);

/** Sets a staff member's password hash. */
export const setStaffPassword = (tx: Staff, id: number, passwordHash: string) => tx.staff.setPassword(id, passwordHash);

/** Replaces a staff member's hash by a stronger one of the same password, unless the password changed meanwhile. */
export const replaceStaffHash = (tx: Staff, id: number, oldHash: string, passwordHash: string) =>
  tx.staff.replaceHash(id, oldHash, passwordHash);
