export * from './api';
export * from './clock';
export * from './constants';
export * from './endpoint';
export {
  type AuditEntry,
  activityListBody,
  auditEntry,
  type FeedEvent,
  feedEvent,
} from './endpoints/activity';
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
export * from './endpoints/operator';
export * from './endpoints/orders';
export { pushSubscribeBody } from './endpoints/push';
export { type QrCode, qrCode, qrScanBody } from './endpoints/qr';
export { rejectBody } from './endpoints/reject';
export { redeemApproveBody, redeemListBody, reqListBody } from './endpoints/requests';
export { addEmployeeBody, updateEmployeeBody } from './endpoints/staff';
export * from './endpoints/support';
export * from './entities';
export * from './fields';
export * from './messages';
export * from './phone';
export * from './push';
export * from './qr';
