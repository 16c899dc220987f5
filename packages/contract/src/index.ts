export * from './api';
export * from './constants';
export * from './endpoint';
export {
  changePasswordBody,
  forgetPasswordBody,
  loginBody,
  signupBody,
  updateProfileBody,
  userSignupBody,
} from './endpoints/auth';
export {
  addBranchBody,
  addOfferBody,
  createProductBody,
  updateBranchBody,
  updateOfferBody,
  updateProductBody,
} from './endpoints/catalogue';
export { offerRequestBody, redeemBody } from './endpoints/customer';
export { addCardBody, cardNumberPattern } from './endpoints/operations';
export { redeemApproveBody, reqListBody } from './endpoints/requests';
export { addEmployeeBody, updateEmployeeBody } from './endpoints/staff';
export * from './entities';
export * from './fields';
export * from './messages';
