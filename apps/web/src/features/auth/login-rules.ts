/**
 * The sign-in form's rules, loaded after the screen's first paint (lib/lazy-resolver): zod and
 * libphonenumber-js's numbering plans are not needed to draw the form. loginBody's own password
 * rule (contract fields): importing loginBody would also build every sign-in endpoint's response
 * schemas.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { loginPassword } from '@loyalty/contract/fields';
import { z } from 'zod';
import { phoneFields, withPhoneRule } from '../../lib/phone';

const schema = withPhoneRule(z.object({ ...phoneFields, password: loginPassword() }));

export const loginResolver = zodResolver(schema);

export { composePhone } from '../../lib/phone';
