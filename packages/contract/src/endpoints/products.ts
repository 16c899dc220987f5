/** Products and their image: the calls of the server's `products` module. */
import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { pagedRows, product } from '../entities';
import {
  blankOptional,
  count,
  description,
  id,
  integerPrice,
  optionalBool,
  optionalCount,
  optionalDescription,
  optionalId,
  optionalIdList,
  optionalText,
  paging,
  price,
  text,
} from '../fields';

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

const productListBody = z.object({ ...paging, merchantId: optionalId(), inStock: optionalBool() });

export const productsEndpoints = defineEndpoints({
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
  'merchantUser/product/update': {
    roles: ['merchantUser'],
    scope: 'merchant',
    body: updateProductBody,
    response: product,
    summary:
      'Staff with the editProducts permission update a product of their merchant and its stock (as merchant/product/update).',
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
