/** Offer and product tags: the calls of the server's `tags` module. */
import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { pagedRows, tag } from '../entities';
import { paging } from '../fields';

const staff = ['merchant', 'merchantUser'] as const;

export const tagsEndpoints = defineEndpoints({
  'merchant/tag/list': {
    roles: staff,
    scope: 'platform',
    body: z.object(paging),
    response: pagedRows(tag),
    summary: 'Tags (managed by the operator).',
  },
});
