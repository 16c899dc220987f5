/**
 * The console sign-in's rules: the phone rule of the app's sign-in (lib/phone, composed into
 * admin/login's `username`), and admin/login's own password and `otp` (6 digits) rules from the contract.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { operatorConsoleEndpoints } from '@loyalty/contract/endpoints/operator-console';
import { z } from 'zod';
import { phoneFields, withPhoneRule } from '../../lib/phone';

const { password, otp } = operatorConsoleEndpoints['admin/login'].body.shape;

export const operatorLoginSchema = withPhoneRule(z.object({ ...phoneFields, password, otp }));
export type OperatorLoginForm = z.input<typeof operatorLoginSchema>;
export const operatorLoginResolver = zodResolver(operatorLoginSchema);
