/**
 * The operator console's tags (issue 25): the platform's tags merchants put on offers and products;
 * the operator lists, adds, renames and takes them out of use (a tag out of use is no longer offered
 * to merchants; what carries it keeps it). Part of `operatorEndpoints` (operator.ts).
 */
import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { int, roles, rowId, str } from './operator-fields';

const op = ['admin'] as const;

export const tagRow = z.object({ id: int, name: z.string(), isActive: z.boolean(), createdAt: z.string() });

export const operatorTagEndpoints = defineEndpoints({
  'admin/tag/list': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.finance,
    body: z.object({}),
    response: z.object({ rows: z.array(tagRow) }),
    summary: 'Every tag, in use or not, by name.',
  },
  'admin/tag/add': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.finance,
    body: z.object({ name: str(50) }),
    response: tagRow,
    summary: 'Adds a tag (a taken name answers 409 on name).',
  },
  'admin/tag/edit': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.finance,
    body: z.object({ id: rowId(), name: str(50) }),
    response: tagRow,
    summary: 'Renames a tag (a taken name answers 409 on name).',
  },
  'admin/tag/deactivate': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.finance,
    body: z.object({ id: rowId() }),
    response: tagRow,
    summary: 'Takes a tag out of use: merchants are no longer offered it (idempotent).',
  },
});
