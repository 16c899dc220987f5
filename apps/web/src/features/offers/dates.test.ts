import { addOfferBody, parseDate } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { toUsDate } from './dates';

describe('offer dates', () => {
  it('sends the update as MM/DD/YYYY, which the contract reads back to the same day', () => {
    expect(toUsDate('2030-03-05')).toBe('03/05/2030');
    expect(parseDate(toUsDate('2030-12-31'))).toBe('2030-12-31');
    expect(toUsDate('')).toBe('');
  });

  it('gives the form the spec messages from the shared schema', () => {
    const res = addOfferBody.safeParse({
      branchsIds: [],
      tagsIds: [],
      description: 'short',
      startDate: '2030-02-01',
      endDate: '2030-01-01',
    });
    expect(res.success).toBe(false);
    const messages = Object.fromEntries((res.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      branchsIds: 'chooseBranch',
      tagsIds: 'tagsRequired',
      description: 'descriptionLength',
      title: 'required',
    });
  });
});
