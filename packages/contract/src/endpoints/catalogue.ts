import { z } from 'zod';
import { endpoint } from '../endpoint';
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

export const addBranchBody = z
  .object({
    branchName: text('required', 100),
    phone: numericText(),
    address: text('required', 300),
    addressAr: text('required', 300),
    lat: blankOptional(latitude()),
    long: blankOptional(longitude()),
  })
  .strict();

/** Empty fields keep the current values. */
export const updateBranchBody = z
  .object({
    branchId: id(),
    branchName: optionalText(100),
    phone: optionalNumericText(),
    address: optionalText(300),
    addressAr: optionalText(300),
    lat: blankOptional(latitude()),
    long: blankOptional(longitude()),
    isActive: optionalBool(),
  })
  .strict();

const endNotBeforeStart = (v: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) => {
  if (v.startDate && v.endDate && v.endDate < v.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endBeforeStart' });
};

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

export const addOfferBody = z.object(offerFields).strict().superRefine(endNotBeforeStart);

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
  .strict()
  .superRefine(endNotBeforeStart);

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

export const createProductBody = z.object(productFields).strict();

/** price parsed as an integer; blank fields keep the current values (SPEC §5). */
export const updateProductBody = z
  .object({
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
  })
  .strict();

const offerListBody = z.object({ ...paging, branchId: optionalId() }).strict();
const productListBody = z.object({ ...paging, merchantId: optionalId(), inStock: optionalBool() }).strict();

export const catalogueEndpoints = {
  'merchant/branch/list': endpoint({
    path: 'merchant/branch/list',
    roles: ['merchant'],
    body: z.object(paging).strict(),
    response: pagedRows(branch),
    summary: "The merchant's branches, oldest first.",
  }),
  'merchant/branch/details': endpoint({
    path: 'merchant/branch/details',
    roles: ['merchant'],
    body: z.object({ branchId: id() }).strict(),
    response: branch,
    summary: 'One branch of the merchant.',
  }),
  'merchant/addBranch': endpoint({
    path: 'merchant/addBranch',
    roles: ['merchant'],
    body: addBranchBody,
    response: branch,
    summary: 'Adds a branch.',
  }),
  'merchant/updateBranch': endpoint({
    path: 'merchant/updateBranch',
    roles: ['merchant'],
    body: updateBranchBody,
    response: branch,
    summary: 'Updates a branch; empty fields keep their values.',
  }),
  'merchant/tag/list': endpoint({
    path: 'merchant/tag/list',
    roles: staff,
    body: z.object(paging).strict(),
    response: pagedRows(tag),
    summary: 'Tags (managed by the operator).',
  }),
  'merchant/offer/list': endpoint({
    path: 'merchant/offer/list',
    roles: ['merchant'],
    body: offerListBody,
    response: pagedRows(offer),
    summary: "The merchant's offers, newest first, optionally of one branch.",
  }),
  'merchantUser/offer/list': endpoint({
    path: 'merchantUser/offer/list',
    roles: ['merchantUser'],
    body: offerListBody,
    response: pagedRows(offer),
    summary: "Offers of the staff member's branch.",
  }),
  'merchant/offer/details': endpoint({
    path: 'merchant/offer/details',
    roles: ['merchant'],
    body: z.object({ offerId: id() }).strict(),
    response: offerDetails,
    summary: 'One offer with its requests.',
  }),
  'merchantUser/offer/details': endpoint({
    path: 'merchantUser/offer/details',
    roles: ['merchantUser'],
    body: z.object({ offerId: id() }).strict(),
    response: offerDetails,
    summary: "One offer of the staff member's branch.",
  }),
  'admin/offer/users/list': endpoint({
    path: 'admin/offer/users/list',
    roles: ['merchant'],
    body: z.object({ offerId: id(), ...paging }).strict(),
    response: pagedRows(offerUser),
    summary: "The customers who requested one of the merchant's own offers.",
  }),
  'merchant/offer/add': endpoint({
    path: 'merchant/offer/add',
    roles: ['merchant'],
    body: addOfferBody,
    response: offer,
    summary: 'Adds an offer; branchsIds and tagsIds as JSON strings.',
  }),
  'merchant/offer/update': endpoint({
    path: 'merchant/offer/update',
    roles: ['merchant'],
    body: updateOfferBody,
    response: offer,
    summary: 'Updates an offer; blank fields keep their values.',
  }),
  'merchant/offer/upload/images': endpoint({
    path: 'merchant/offer/upload/images',
    roles: ['merchant'],
    files: { fields: ['image1', 'image2', 'image3', 'image4', 'image5'], max: 5 },
    body: z.object({ offerId: id() }).strict(),
    response: offer,
    summary: 'Adds up to 5 images to an offer (5 in all).',
  }),
  'merchant/product/list': endpoint({
    path: 'merchant/product/list',
    roles: ['merchant'],
    body: productListBody,
    response: pagedRows(product),
    summary: "The merchant's products, newest first.",
  }),
  'merchantUser/product/list': endpoint({
    path: 'merchantUser/product/list',
    roles: ['merchantUser'],
    body: productListBody,
    response: pagedRows(product),
    summary: "The products of the staff member's merchant.",
  }),
  'merchant/product/create': endpoint({
    path: 'merchant/product/create',
    roles: ['merchant'],
    body: createProductBody,
    response: product,
    summary: 'Creates a product.',
  }),
  'merchant/product/details': endpoint({
    path: 'merchant/product/details',
    roles: ['merchant'],
    body: z.object({ id: id() }).strict(),
    response: product,
    summary: 'One product.',
  }),
  'merchantUser/product/details': endpoint({
    path: 'merchantUser/product/details',
    roles: ['merchantUser'],
    body: z.object({ id: id() }).strict(),
    response: product,
    summary: 'One product of the staff member merchant.',
  }),
  'merchant/product/update': endpoint({
    path: 'merchant/product/update',
    roles: ['merchant'],
    body: updateProductBody,
    response: product,
    summary: 'Updates a product; price as an integer, blank fields keep their values.',
  }),
  'merchant/product/upload/image': endpoint({
    path: 'merchant/product/upload/image',
    roles: ['merchant'],
    files: { fields: ['image'], max: 1 },
    body: z.object({ productId: id() }).strict(),
    response: product,
    summary: 'Sets the single product image.',
  }),
} as const;
