import { z } from 'zod';
import { EMPLOYEE_RULES } from '../constants';
import { endpoint } from '../endpoint';
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

export const addEmployeeBody = z
  .object({
    branchId: id('chooseBranch'),
    fName: text('required', 50),
    mName: text('required', 50),
    lName: text('required', 50),
    mobileNum: phone('required'),
    password: password('required'),
    rule: oneOf(EMPLOYEE_RULES),
    ownerId: optionalId(),
  })
  .strict();

/** Empty values keep the current ones; the mobile is numeric. */
export const updateEmployeeBody = z
  .object({
    userId: id(),
    fName: optionalText(50),
    mName: optionalText(50),
    lName: optionalText(50),
    mobileNum: optionalPhone(),
    rule: blankOptional(oneOf(EMPLOYEE_RULES, 'invalidValue')),
    branchId: optionalId(),
    isActive: optionalBool(),
  })
  .strict();

export const staffEndpoints = {
  'merchant/addEmployee': endpoint({
    path: 'merchant/addEmployee',
    roles: ['merchant'],
    body: addEmployeeBody,
    response: employee,
    summary: 'Adds a staff member (merchantUser) or courier (delivery) to a branch.',
  }),
  'merchant/user/list': endpoint({
    path: 'merchant/user/list',
    roles: ['merchant'],
    body: z
      .object({ ...paging, rule: blankOptional(oneOf(EMPLOYEE_RULES, 'invalidValue')), branchId: optionalId() })
      .strict(),
    response: pagedRows(employee),
    summary: 'Staff and couriers, filtered by rule and branch.',
  }),
  'merchant/user/details': endpoint({
    path: 'merchant/user/details',
    roles: ['merchant'],
    body: z.object({ merchantUserId: id() }).strict(),
    response: employee.extend({
      merchantUser: employee.shape.merchantUser.extend({ ProductRequests: z.array(z.unknown()) }),
    }),
    summary: "One staff member or courier; couriers' product requests included.",
  }),
  'merchant/employees/update': endpoint({
    path: 'merchant/employees/update',
    roles: ['merchant'],
    body: updateEmployeeBody,
    response: employee,
    summary: 'Updates a staff member; empty values keep the current ones.',
  }),
} as const;
