export * from './api';
export * from './clock';
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
  offerBody,
  offerEndOk,
  offerQuantityOk,
  updateBranchBody,
  updateOfferBody,
  updateProductBody,
} from './endpoints/catalogue';
export { offerRequestBody, redeemBody } from './endpoints/customer';
export * from './endpoints/exports';
export * from './endpoints/money';
export * from './endpoints/orders';
export { type QrCode, qrCode, qrScanBody } from './endpoints/qr';
export { redeemApproveBody, reqListBody } from './endpoints/requests';
export { addEmployeeBody, updateEmployeeBody } from './endpoints/staff';
export * from './endpoints/support';
export * from './entities';
export * from './fields';
export * from './messages';
export * from './phone';
export * from './qr';
