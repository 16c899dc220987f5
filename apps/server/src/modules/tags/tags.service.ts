import type { InTransaction, ServiceDeps } from '../../core/deps';
import { conflictOn, notFound } from '../../core/errors';
import { isUniqueViolation } from '../../db/dialect';
import { pageOf } from '../../lib/paging';

type Tx = InTransaction<'tags'>;

/** A tag as the operator reads it. */
const tagOut = (t: { id: number; name: string; isActive: number; createdAt: string }) => ({
  id: t.id,
  name: t.name,
  isActive: t.isActive === 1,
  createdAt: t.createdAt,
});

/**
 * Tags, the platform's (the one writer of `tags`): merchants read the ones in use; the operator adds,
 * renames and takes them out of use. `inTx` is the caller's transaction to write in (the operator
 * console's, with its log row), the service's own by default. A taken name answers 409 on `name`.
 */
export function tagsService({ store }: ServiceDeps<'tags'>) {
  const repo = store.tags;
  const own: Tx = (write) => store.transaction(write);
  async function named<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflictOn('name', 'tagNameTaken');
      throw err;
    }
  }
  async function one(id: number) {
    const t = await repo.byId(id);
    if (!t) throw notFound('tagNotFound');
    return tagOut(t);
  }
  return {
    /** Every tag, in use or not (the operator's list). */
    all: async () => (await repo.all()).map(tagOut),

    async operatorAdd(name: string, inTx: Tx = own) {
      const { id } = await named(() => inTx((tx) => tx.tags.insert(name.trim())));
      return one(id);
    },

    async rename(id: number, name: string, inTx: Tx = own) {
      await one(id);
      await named(() => inTx((tx) => tx.tags.rename(id, name.trim())));
      return one(id);
    },

    /** Takes a tag out of use (idempotent); `inTx` is told whether this call did. */
    async deactivate(id: number, inTx: Tx = own) {
      await one(id);
      await inTx((tx) => tx.tags.deactivate(id));
      return one(id);
    },

    list: (page: { pageNum?: number; limit?: number }) => repo.list(pageOf(page)),

    /** Every id must be a known tag, else 404 `tagNotFound`. */
    async requireAll(ids: number[]): Promise<void> {
      const found = await repo.byIds(ids);
      if (found.length !== ids.length) throw notFound('tagNotFound');
    },

    /** The tag of this exact name, if there is one (the operator's `tag add`). */
    byName: (name: string) => repo.byName(name),

    /** A new tag (the operator's `tag add`; the name is unique). */
    add: (name: string) => repo.insert(name),
  };
}

export type TagsService = ReturnType<typeof tagsService>;
