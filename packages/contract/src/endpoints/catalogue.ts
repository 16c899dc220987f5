import { z } from 'zod';
import { clock } from '../clock';
import { defineEndpoints } from '../endpoint';
import { branch, offer, offerDetails, offerUser, pagedRows, product, tag } from '../entities';
import {
  blankOptional,
  count,
  date,
  description,
  id,
  idList,
  integerPrice,
  latitude,
  longitude,
  numericText,
  optionalBool,
  optionalCount,
  optionalDate,
  optionalDescription,
  optionalId,
  optionalIdList,
  optionalNumericText,
  optionalText,
  paging,
  price,
  text,
} from '../fields';

const staff = ['merchant', 'merchantUser'] as const;

export const addBranchBody = z.object({
  branchName: text('required', 100),
  phone: numericText(),
  address: text('required', 300),
  addressAr: text('required', 300),
  lat: blankOptional(latitude()),
  long: blankOptional(longitude()),
});

/** Empty fields keep the current values. */
export const updateBranchBody = z.object({
  branchId: id(),
  branchName: optionalText(100),
  phone: optionalNumericText(),
  address: optionalText(300),
  addressAr: optionalText(300),
  lat: blankOptional(latitude()),
  long: blankOptional(longitude()),
  isActive: optionalBool(),
});

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

export const productFields = {
  name: text('required', 150),
  nameAr: text('required', 150),
  price: price(),
  stockAmount: count(),
  points: optionalCount(),
  description: description('descriptionLength'),
  descriptionAr: description('descriptionArLength'),
  tagsIds: optionalIdList(),
  deliveryAvailability: optionalBool(),
  merchantId: optionalId(),
};

export const createProductBody = z.object(productFields);

/** price parsed as an integer; blank fields keep the current values (SPEC §5). */
export const updateProductBody = z.object({
  productId: id(),
  name: optionalText(150),
  nameAr: optionalText(150),
  price: blankOptional(integerPrice()),
  stockAmount: optionalCount(),
  points: optionalCount(),
  description: optionalDescription('descriptionLength'),
  descriptionAr: optionalDescription('descriptionArLength'),
  tagsIds: optionalIdList(),
  deliveryAvailability: optionalBool(),
});

const offerListBody = z.object({ ...paging, branchId: optionalId() });
const productListBody = z.object({ ...paging, merchantId: optionalId(), inStock: optionalBool() });

export const catalogueEndpoints = defineEndpoints({
  'merchant/branch/list': {
    roles: ['merchant'],
    scope: 'merchant',
    body: z.object(paging),
    response: pagedRows(branch),
    summary: "The merchant's branches, oldest first.",
  },
  'merchant/branch/details': {
    roles: ['merchant'],
    scope: 'merchant',
    body: z.object({ branchId: id() }),
    response: branch,
    summary: 'One branch of the merchant.',
  },
  'merchant/addBranch': {
    roles: ['merchant'],
    scope: 'merchant',
    body: addBranchBody,
    response: branch,
    summary: 'Adds a branch.',
  },
  'merchant/updateBranch': {
    roles: ['merchant'],
    scope: 'merchant',
    body: updateBranchBody,
    response: branch,
    summary: 'Updates a branch; empty fields keep their values.',
  },
  'merchant/tag/list': {
    roles: staff,
    scope: 'platform',
    body: z.object(paging),
    response: pagedRows(tag),
    summary: 'Tags (managed by the operator).',
  },
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
  'merchant/product/list': {
    roles: ['merchant'],
    scope: 'merchant',
    body: productListBody,
    response: pagedRows(product),
    summary: "The merchant's products, newest first.",
  },
  'merchantUser/product/list': {
    roles: ['merchantUser'],
    scope: 'merchant',
    body: productListBody,
    response: pagedRows(product),
    summary: "The products of the staff member's merchant.",
  },
  'merchant/product/create': {
    roles: ['merchant'],
    scope: 'merchant',
    body: createProductBody,
    response: product,
    summary: 'Creates a product.',
  },
  'merchant/product/details': {
    roles: ['merchant'],
    scope: 'merchant',
    body: z.object({ id: id() }),
    response: product,
    summary: 'One product.',
  },
  'merchantUser/product/details': {
    roles: ['merchantUser'],
    scope: 'merchant',
    body: z.object({ id: id() }),
    response: product,
    summary: 'One product of the staff member merchant.',
  },
  'merchant/product/update': {
    roles: ['merchant'],
    scope: 'merchant',
    body: updateProductBody,
    response: product,
    summary: 'Updates a product; price as an integer, blank fields keep their values.',
  },
  'merchant/product/upload/image': {
    roles: ['merchant'],
    scope: 'merchant',
    files: { fields: ['image'], max: 1 },
    body: z.object({ productId: id() }),
    response: product,
    summary: 'Sets the single product image.',
  },
});
