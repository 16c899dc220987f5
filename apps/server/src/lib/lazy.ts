/**
 * A module or an object made on first use, once. Packages that only some deployments or some
 * requests need (image processing, Web Push, S3, Stripe, the common-password list) are loaded this
 * way, so an idle server does not hold them in memory (bench/README.md, "Memory").
 */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make().catch((err) => {
      made = undefined; // a failed load is tried again next time
      throw err;
    });
    return made;
  };
}
