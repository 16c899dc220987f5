import { z } from 'zod';
import { EMPLOYEE_RULES } from '../constants';
import { defineEndpoints } from '../endpoint';
import { employee, pagedRows } from '../entities';
import {
  blankOptional,
  id,
  oneOf,
  optionalBool,
  optionalId,
  optionalPhone,
  optionalText,
  paging,
  password,
  phone,
  text,
} from '../fields';
import { productRequest } from './product-requests';

export const addEmployeeBody = z.object({
  branchId: id('chooseBranch'),
  fName: text('required', 50),
  mName: text('required', 50),
  lName: text('required', 50),
  mobileNum: phone('required'),
  password: password('required'),
  rule: oneOf(EMPLOYEE_RULES),
  ownerId: optionalId(),
});

/** Empty values keep the current ones; the mobile is numeric. */
export const updateEmployeeBody = z.object({
  userId: id(),
  fName: optionalText(50),
  mName: optionalText(50),
  lName: optionalText(50),
  mobileNum: optionalPhone(),
  rule: blankOptional(oneOf(EMPLOYEE_RULES, 'invalidValue')),
  branchId: optionalId(),
  isActive: optionalBool(),
  /** The staff member's permission set (blank keeps it; `default` or null gives back the default set). */
  permissionSetId: z.preprocess((v) => (v === 'default' || v === 'null' ? null : v), optionalId().nullable()),
});

export const staffEndpoints = defineEndpoints({
  'merchant/addEmployee': {
    roles: ['merchant'],
    scope: 'merchant',
    body: addEmployeeBody,
    response: employee,
    summary: 'Adds a staff member (merchantUser) or courier (delivery) to a branch.',
  },
  'merchant/user/list': {
    roles: ['merchant'],
    scope: 'merchant',
    body: z.object({ ...paging, rule: blankOptional(oneOf(EMPLOYEE_RULES, 'invalidValue')), branchId: optionalId() }),
    response: pagedRows(employee),
    summary: 'Staff and couriers, filtered by rule and branch.',
  },
  'merchantUser/courier/list': {
    roles: ['merchantUser'],
    scope: 'branch',
    body: z.object({ ...paging }),
    response: pagedRows(employee),
    summary:
      "Staff: the active couriers of their own branch, to assign a delivery to (needs the set's assignCouriers, issue 27).",
  },
  'merchant/user/details': {
    roles: ['merchant'],
    scope: 'merchant',
    body: z.object({ merchantUserId: id() }),
    response: employee.extend({
      merchantUser: employee.shape.merchantUser.extend({ ProductRequests: z.array(productRequest) }),
    }),
    summary: "One staff member or courier; couriers' product requests included.",
  },
  'merchant/employees/update': {
    roles: ['merchant'],
    scope: 'merchant',
    body: updateEmployeeBody,
    response: employee,
    summary: 'Updates a staff member; empty values keep the current ones.',
  },
});
