import { type ApiParsedBody, LIMITS, type Offer, offerEndOk, offerQuantityOk } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { invalidField, notFound } from '../../core/errors';
import type { UploadedFile } from '../../core/handler';
import { flag, isUniqueViolation } from '../../db/dialect';
import type { OfferRow } from '../../db/schema';
import { dollarsToCents } from '../../lib/money';
import { mapDefined } from '../../lib/optional';
import { pageOf } from '../../lib/paging';
import { imageError, imageStore, pickFiles } from '../../platform/images/image.service';
import { toOfferRequest } from '../offer-requests/offer-request.mapper';
import type { TagsService } from '../tags/tags.service';
import { toOffer } from './offers.mapper';
import type { OfferScope } from './offers.repository';

export const OFFER_IMAGE_FIELDS = ['image1', 'image2', 'image3', 'image4', 'image5'] as const;

/**
 * Offers of a merchant. The merchant sees all its offers; staff only those their branch carries.
 * Another merchant's offer or branch answers 404.
 */
export function offersService({ store, storage }: ServiceDeps<'branches' | 'offers', 'storage'>, tags: TagsService) {
  const { offers: repo, branches } = store;
  const images = imageStore(storage);

  /** The caller's view, narrowed to `branchId` when asked; null when a staff member has no branch. */
  async function scopeOf(caller: MerchantCaller, branchId?: number): Promise<OfferScope | null> {
    const { merchantId } = caller;
    if (caller.isOwner) {
      if (branchId !== undefined && !(await branches.byId(merchantId, branchId))) throw notFound('branchNotFound');
      return { merchantId, branchId };
    }
    if (branchId !== undefined && branchId !== caller.branchId) throw notFound('branchNotFound');
    return caller.branchId == null ? null : { merchantId, branchId: caller.branchId };
  }

  async function present(rows: OfferRow[]): Promise<Offer[]> {
    const rel = await repo.relations(rows.map((r) => r.id));
    return rows.map((r) => toOffer(r, rel));
  }

  async function find(scope: OfferScope | null, offerId: number): Promise<Offer> {
    const row = scope ? await repo.byId(scope, offerId) : undefined;
    if (!row) throw notFound('offerNotFound');
    return (await present([row]))[0];
  }

  const own = (caller: MerchantCaller, offerId: number) => find({ merchantId: caller.merchantId }, offerId);

  async function checkLinks(caller: MerchantCaller, branchIds?: number[], tagIds?: number[]) {
    if (branchIds) {
      const owned = await branches.ownedIds(caller.merchantId, branchIds);
      if (owned.length !== branchIds.length) throw notFound('branchNotFound');
    }
    if (tagIds) await tags.requireAll(tagIds);
  }

  /**
   * Puts the stored images into the free positions 1..max in one transaction; false (nothing
   * written) when they do not fit. The unique (offer, position) pair keeps two uploads at the same
   * moment from exceeding `max`: the loser looks again.
   */
  async function placeImages(offerId: number, paths: string[], max: number): Promise<boolean> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await store.transaction(async (tx) => {
          const used = new Set(await tx.offers.imagePositions(offerId));
          const free: number[] = [];
          for (let p = 1; p <= max; p += 1) if (!used.has(p)) free.push(p);
          if (paths.length > free.length) return false;
          await tx.offers.insertImages(
            offerId,
            paths.map((path, i) => ({ path, position: free[i] })),
          );
          return true;
        });
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= 5) throw err;
      }
    }
  }

  return {
    async list(caller: MerchantCaller, body: ApiParsedBody<'merchant/offer/list'>) {
      const scope = await scopeOf(caller, body.branchId);
      if (!scope) return { rows: [], count: 0 };
      const { rows, count } = await repo.list(scope, pageOf(body));
      return { rows: await present(rows), count };
    },

    /** The offer with its requests (staff: their branch's requests) and counts. */
    async details(caller: MerchantCaller, offerId: number) {
      const scope = await scopeOf(caller);
      const offer = await find(scope, offerId);
      const rows = await repo.requests(offerId, caller.isOwner ? undefined : (scope?.branchId as number));
      const offerPart = {
        title: offer.title,
        titleAr: offer.titleAr,
        description: offer.description,
        descriptionAr: offer.descriptionAr,
        endDate: offer.endDate,
        offerCreatedAt: offer.createdAt,
      };
      // the one offerRequest shape of the requests module; price and points are those of the request
      const Requests = rows.map((r) => toOfferRequest({ ...r, ...offerPart }, offer.images ?? undefined));
      return {
        ...offer,
        Requests,
        requestsCount: Requests.length,
        usersCount: new Set(rows.map((r) => r.userId)).size,
      };
    },

    async users(caller: MerchantCaller, body: ApiParsedBody<'admin/offer/users/list'>) {
      await own(caller, body.offerId);
      return repo.users(body.offerId, pageOf(body));
    },

    async add(caller: MerchantCaller, v: ApiParsedBody<'merchant/offer/add'>) {
      await checkLinks(caller, v.branchsIds, v.tagsIds);
      const id = await store.transaction(async (tx) => {
        const offerId = await tx.offers.insert({
          merchantId: caller.merchantId,
          title: v.title,
          titleAr: v.titleAr,
          description: v.description,
          descriptionAr: v.descriptionAr,
          priceCents: dollarsToCents(v.price),
          points: v.points,
          availableNumberOfOffers: v.availableNumberOfOffers,
          startDate: v.startDate,
          endDate: v.endDate,
          rate: 0,
          isActive: 1,
        });
        await tx.offers.setLinks(offerId, v.branchsIds, v.tagsIds);
        return offerId;
      });
      return own(caller, id);
    },

    /** Blank fields keep their values; the end date may not fall before the start date. */
    async update(caller: MerchantCaller, v: ApiParsedBody<'merchant/offer/update'>) {
      const current = await own(caller, v.offerId);
      const startDate = v.startDate ?? current.startDate;
      const endDate = v.endDate ?? current.endDate;
      if (endDate < startDate) throw invalidField('endDate', 'endBeforeStart');
      // a new quantity of 0 or an end date already past is refused; an offer may keep the ones it has
      if (v.availableNumberOfOffers !== undefined && !offerQuantityOk(v.availableNumberOfOffers, current))
        throw invalidField('availableNumberOfOffers', 'atLeastOne');
      if (v.endDate !== undefined && !offerEndOk(v.endDate, current)) throw invalidField('endDate', 'endDateInPast');
      await checkLinks(caller, v.branchsIds, v.tagsIds);
      const { offerId, branchsIds, tagsIds, price, isActive, ...fields } = v;
      const patch = {
        ...fields,
        startDate,
        endDate,
        priceCents: mapDefined(price, dollarsToCents),
        isActive: mapDefined(isActive, flag),
      };
      await store.transaction(async (tx) => {
        await tx.offers.update(caller.merchantId, offerId, patch);
        await tx.offers.setLinks(offerId, branchsIds, tagsIds);
      });
      return own(caller, v.offerId);
    },

    /** Adds image1..image5; at most 5 images in all, else 422 `maxImages` and nothing is written. */
    async uploadImages(caller: MerchantCaller, offerId: number, files: UploadedFile[]) {
      const max = LIMITS.offerImagesMax;
      const offer = await own(caller, offerId);
      const picked = pickFiles(files, OFFER_IMAGE_FIELDS, max, 'maxImages');
      if ((offer.images?.length ?? 0) + picked.length > max) throw imageError('maxImages', picked[0].field);
      const paths = await images.saveAll(picked);
      let placed = false;
      try {
        placed = await placeImages(offerId, paths, max);
      } finally {
        if (!placed) await images.removeAll(paths);
      }
      if (!placed) throw imageError('maxImages', picked[0].field);
      return own(caller, offerId);
    },
  };
}

export type OffersService = ReturnType<typeof offersService>;
