/** Offers, their images and the customers who asked for them: the calls of the server's `offers` module. */
import { z } from 'zod';
import { clock } from '../clock';
import { defineEndpoints } from '../endpoint';
import { offer, offerDetails, offerUser, pagedRows } from '../entities';
import {
  blankOptional,
  count,
  date,
  description,
  id,
  idList,
  optionalBool,
  optionalCount,
  optionalDate,
  optionalDescription,
  optionalId,
  optionalText,
  paging,
  price,
  text,
} from '../fields';

/** The end date is the last day: not before the start. */
const validPeriod = (v: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) => {
  if (v.startDate && v.endDate && v.endDate < v.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endBeforeStart' });
};

/**
 * What a NEW offer must also be: at least one available, and not already ended (the end date in
 * the business time zone). An existing offer may keep a quantity of 0 or an end date that passed.
 */
export const offerQuantityOk = (n: number, original?: { availableNumberOfOffers: number }) =>
  n >= 1 || n === original?.availableNumberOfOffers;

export const offerEndOk = (endDate: string, original?: { endDate: string }) =>
  endDate >= clock.today() || endDate === original?.endDate;

export const offerFields = {
  title: text('required', 150),
  titleAr: text('required', 150),
  description: description('descriptionLength'),
  descriptionAr: description('descriptionArLength'),
  points: count(),
  availableNumberOfOffers: count(),
  price: price(),
  startDate: date(),
  endDate: date(),
  branchsIds: idList('chooseBranch'),
  tagsIds: idList('tagsRequired'),
};

/** The offer form's fields and rules, shared by add and update screens. */
export const offerBody = z.object(offerFields).superRefine(validPeriod);

export const addOfferBody = offerBody.superRefine((v, ctx) => {
  if (!offerQuantityOk(v.availableNumberOfOffers))
    ctx.addIssue({ code: 'custom', path: ['availableNumberOfOffers'], message: 'atLeastOne' });
  if (!offerEndOk(v.endDate)) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endDateInPast' });
});

export const updateOfferBody = z
  .object({
    offerId: id(),
    title: optionalText(150),
    titleAr: optionalText(150),
    description: optionalDescription('descriptionLength'),
    descriptionAr: optionalDescription('descriptionArLength'),
    points: optionalCount(),
    availableNumberOfOffers: optionalCount(),
    price: blankOptional(price()),
    startDate: optionalDate(),
    endDate: optionalDate(),
    branchsIds: blankOptional(idList('chooseBranch')),
    tagsIds: blankOptional(idList('tagsRequired')),
    isActive: optionalBool(),
  })

  .superRefine(validPeriod);

const offerListBody = z.object({ ...paging, branchId: optionalId() });

export const offersEndpoints = defineEndpoints({
  'merchant/offer/list': {
    roles: ['merchant'],
    scope: 'branch',
    body: offerListBody,
    response: pagedRows(offer),
    summary: "The merchant's offers, newest first, optionally of one branch.",
  },
  'merchantUser/offer/list': {
    roles: ['merchantUser'],
    scope: 'branch',
    body: offerListBody,
    response: pagedRows(offer),
    summary: "Offers of the staff member's branch.",
  },
  'merchant/offer/details': {
    roles: ['merchant'],
    scope: 'branch',
    body: z.object({ offerId: id() }),
    response: offerDetails,
    summary: 'One offer with its requests.',
  },
  'merchantUser/offer/details': {
    roles: ['merchantUser'],
    scope: 'branch',
    body: z.object({ offerId: id() }),
    response: offerDetails,
    summary: "One offer of the staff member's branch.",
  },
  'admin/offer/users/list': {
    roles: ['merchant'],
    scope: 'merchant',
    body: z.object({ offerId: id(), ...paging }),
    response: pagedRows(offerUser),
    summary: "The customers who requested one of the merchant's own offers.",
  },
  'merchant/offer/add': {
    roles: ['merchant'],
    scope: 'merchant',
    body: addOfferBody,
    response: offer,
    summary: 'Adds an offer; branchsIds and tagsIds as JSON strings.',
  },
  'merchant/offer/update': {
    roles: ['merchant'],
    scope: 'merchant',
    body: updateOfferBody,
    response: offer,
    summary: 'Updates an offer; blank fields keep their values.',
  },
  'merchant/offer/upload/images': {
    roles: ['merchant'],
    scope: 'merchant',
    files: { fields: ['image1', 'image2', 'image3', 'image4', 'image5'], max: 5 },
    body: z.object({ offerId: id() }),
    response: offer,
    summary: 'Adds up to 5 images to an offer (5 in all).',
  },
});
